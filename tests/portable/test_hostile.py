"""Hostile input: each case asserts the exact error class and the place or the
quantity its message names. Missing values (None, NaN) in X and y; weights,
offsets and exposures whose scale leaves no fit; the library's own exceptions
where a builtin one used to escape. (numpy and pandas cases: tests/interop.)
"""

import math

from helpers import SINGLE, Skip, raises, warnings_from

import minilogit.core.compat as compat
from minilogit import GLM, DataError, LogisticRegression, SoftmaxRegression
from minilogit.tables import printable

X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]]
Y = [0, 0, 1, 0, 1, 1]


def _message(cls, fn, *args, **kwargs):
    return str(raises(cls, fn, *args, **kwargs))


def test_missing_labels_are_named_with_their_row():
    for model in (LogisticRegression(), SoftmaxRegression()):
        msg = _message(DataError, model.fit, X, [0, 0, None, 0, 1, 2][:6])
        assert msg == ("y[2] is None (missing): every row needs a label; drop the rows "
                       "without one"), msg
    msg = _message(DataError, LogisticRegression().fit, X, ["a", "b", "a", None, "b", "a"])
    assert msg.startswith("y[3] is None (missing)"), msg


def test_missing_entries_of_X_are_named_with_row_and_column():
    rows = [[0.0, 1.0], [1.0, 0.0], [2.0, None], [3.0, 1.0]]
    msg = _message(DataError, LogisticRegression().fit, rows, [0, 1, 0, 1])
    assert msg == "X[2][1] is None (missing): every entry must be a finite number", msg
    rows[2][1] = float("nan")
    msg = _message(DataError, LogisticRegression().fit, rows, [0, 1, 0, 1])
    assert msg.startswith("X[2][1] is nan: "), msg


def test_weights_below_the_smallest_normal_float_are_refused():
    tiny = compat.TINY / 4.0              # a subnormal, or 0.0 where there are none
    msg = _message(DataError, LogisticRegression().fit, X, Y, [tiny] * 6)
    if tiny > 0.0:
        assert msg.startswith("sample_weight: the largest weight is %r, below the smallest "
                              "normal float %r" % (tiny, compat.TINY)), msg
    else:
        assert msg.startswith("sample_weight sums to zero"), msg
    # at the smallest normal float the fit is the unweighted one
    a = LogisticRegression().fit(X, Y, [compat.TINY] * 6).coef_[0]
    assert abs(a - LogisticRegression().fit(X, Y).coef_[0]) < 1e-6 * abs(a)


def test_offsets_beyond_the_log_range_are_refused():
    big = -compat.LOG_MAX * 2.0
    msg = _message(DataError, GLM().fit, X, Y, offset=[0.0, 0.0, 0.0, big, 0.0, 0.0])
    assert msg.startswith("row 3's offset is %r, beyond the float's log range" % big), msg
    # an identity link takes any offset: it is on the scale of y
    m = GLM(family="gaussian").fit(X, [1.0, 2.0, 3.0, 5.0, 5.0, 7.0],
                                   offset=[compat.LOG_MAX * 2.0] * 6)
    assert m.coef_[0] > 0


def test_standardize_huge_columns():
    from minilogit.datasets import standardize
    big = 1e200 if not SINGLE else 1e30
    Z, means, scales = standardize([[big], [3 * big]])
    assert abs(Z[0][0] + 1.0) < 1e-6 and abs(Z[1][0] - 1.0) < 1e-6, Z
    huge = 2.0 ** (127 if SINGLE else 1023)             # the largest power of two
    Z, means, scales = standardize([[-huge], [huge]])    # its square overflows; it does not
    assert abs(Z[0][0] + 1.0) < 1e-6 and abs(scales[0] / huge - 1.0) < 1e-6, (Z, scales)
    Z, means, scales = standardize([[huge], [huge]])     # its sum overflows; the mean does not
    assert Z == [[0.0], [0.0]] and means == [huge] and scales == [1.0], (Z, means, scales)
    tiny = 2.0 ** (-140 if SINGLE else -1070)            # subnormal: its square underflows
    Z, means, scales = standardize([[0.0], [tiny], [2 * tiny], [3 * tiny]])
    assert abs(sum(z for z, in Z)) < 1e-6 and abs(sum(z * z for z, in Z) / 4 - 1.0) < 1e-6, Z


def test_bad_seed_and_rate_are_data_errors():
    from minilogit.core.logistic import LogisticLoss
    from minilogit.core.matrix import Matrix
    from minilogit.core.solvers import sgd
    loss = LogisticLoss(Matrix([[1.0, 0.0], [1.0, 1.0]]), [0, 1])
    msg = _message(DataError, sgd, loss, [0.0, 0.0], learning_rate=0)
    assert msg == "learning_rate must be positive, got 0", msg
    msg = _message(DataError, LogisticRegression(solver="sgd", random_state=1.5).fit, X, Y)
    assert msg.startswith("random_state must be an integer seed"), msg


def test_documented_imports_work():
    try:
        import json            # noqa: F401  (jsonio needs it; MicroPython has it)
    except ImportError:
        raise Skip("no json module")
    from minilogit.export import from_json, to_json
    m = LogisticRegression().fit(X, Y)
    assert from_json(to_json(m), LogisticRegression).coef_ == m.coef_


ESC = "red\x1b[2J\x1b[31m\n\x00"              # clears a terminal, recolours it, splits lines


def _control_free(text):
    return not [c for c in text if c < " " and c != "\n" or "\x7f" <= c <= "\x9f"]


def test_text_from_data_is_escaped_in_summary_svg_and_source():
    m = LogisticRegression().fit(X, ["a" + ESC, "a" + ESC, "b", "a" + ESC, "b", "b"])
    text = m.summary(feature_names=["x" + ESC])
    assert _control_free(text), text
    assert "x" + printable(ESC) in text and "b vs a" + printable(ESC) in text, text
    from minilogit.summary import reference_levels      # a text column's name and level
    sentence = reference_levels({"g" + ESC: ["a" + ESC, "b"]})
    assert _control_free(sentence) and "g" + printable(ESC) + " against" in sentence, sentence
    from minilogit.plot import decision_boundary_plot
    X2 = [[r[0], float(i * 3 % 5)] for i, r in enumerate(X)]
    m2 = LogisticRegression(penalty="l2").fit(X2, m.predict(X))    # separated: a ridge's fit
    svg = decision_boundary_plot(m2, X2, m.predict(X), class_names={"b": "b" + ESC + "<&>"})
    svg = svg if isinstance(svg, str) else str(svg)
    assert _control_free(svg.replace("\n", "")) and "&lt;&amp;&gt;" in svg
    try:
        from minilogit.export import to_source
        module = {}
        exec(to_source(m), module)              # a label is a literal: exact, and inert
    except ImportError:
        raise Skip("no export on this runtime")
    assert module["CLASSES"] == m.classes_


def test_a_loss_that_overflows_to_nan_is_not_said_to_rise():
    from minilogit import DivergenceError
    from minilogit.core.compat import LOG_MAX
    import math
    huge = math.exp(LOG_MAX) / 16           # scores of +-inf: inf - inf in the loss
    X3, y3 = [[-200.0], [-100.0], [0.0], [100.0], [200.0], [300.0]], [0, 1, 2, 0, 1, 2]
    e, ws = warnings_from(raises, DivergenceError,
                          SoftmaxRegression(solver="gd", learning_rate=huge).fit, X3, y3)
    msg = str(e)
    assert len(ws) == 1 and "root mean squares range" in str(ws[0]), ws   # said first
    assert "the loss went from " in msg and " to nan (its terms overflowed a float)" in msg, msg
    assert "rose" not in msg, msg


# ---- Issue 41 (hostile input, fourth round): progress, streams, numbers at the edges.

ROWS = [[float(i)] for i in range(20)]
LABELS = [i % 2 for i in range(20)]


class _BrokenPipe:
    def write(self, text):
        raise OSError(32, "Broken pipe")


def test_progress_never_kills_a_fit():
    """verbose=2 with no stderr (pythonw, a service) or one whose writes fail."""
    import minilogit.progress as progress
    for out in (_BrokenPipe(), object()):
        ticker = progress.Ticker("step", 2, out)
        ticker.tick(1, lambda: "fine")              # the stream failed: reports end
        assert ticker.verbose == 0
    real = progress.sys

    class NoStderr:
        stderr = None
    try:
        for stand_in in (NoStderr(), NoStderr()):
            progress.sys = stand_in
            m = LogisticRegression(verbose=2).fit(ROWS, LABELS)
            assert m.converged_
            NoStderr.stderr = _BrokenPipe()
    finally:
        progress.sys = real


def test_fit_stream_refuses_what_is_not_a_pair_or_two_labels():
    m = LogisticRegression()
    msg = str(raises(DataError, m.fit_stream, lambda: iter([([0.0], 0, 5)]), [0, 1]))
    assert "row 0 of the stream is not an (x, label) pair: it is a tuple of 3 items" in msg, msg
    msg = str(raises(DataError, m.fit_stream, lambda: iter([5]), [0, 1]))
    assert "it is of type int" in msg, msg
    msg = str(raises(DataError, m.fit_stream, lambda: iter([([0.0], 0)]), None))
    assert "classes must be the two labels of the stream" in msg, msg


def test_edges_tol_inf_and_an_overflowing_penalty():
    for model in (LogisticRegression(tol=float("inf")), GLM(tol=float("inf"))):
        msg = str(raises(DataError, model.fit, ROWS, LABELS))
        assert "tol must be a finite number >= 0, got inf" in msg, msg
    from minilogit import DivergenceError
    model = LogisticRegression(penalty="l2", solver="gd", learning_rate=1e30 if SINGLE else 1e300)
    msg = str(raises(DivergenceError, warnings_from, model.fit, ROWS, LABELS))
    assert "diverged" in msg, msg


def test_fit_plot_of_a_one_step_fit_and_clone_of_a_dict_parameter():
    from minilogit import LeastSquaresClassifier
    from minilogit.datasets import Dataset
    from minilogit.models._base import clone
    from minilogit.plot import fit_plot
    fitted = LeastSquaresClassifier().fit(ROWS, LABELS)
    data = Dataset(ROWS, LABELS, ["x"], "y")
    msg = str(raises(DataError, fit_plot, fitted, data))
    assert "has none" in msg, msg
    weights = {0: 2.0}
    a = LogisticRegression(class_weight=weights)
    b = clone(a)
    b.class_weight[1] = 3.0
    assert a.class_weight == {0: 2.0} and b.class_weight == {0: 2.0, 1: 3.0}


# ---- Issue 41, the rest: documents, a fit's state, numbers at the edges.

def _frame_fit():
    """A model as a fit on a data frame with a text column g (levels a, b, c)
    leaves it: coded columns x, g[b], g[c], their names and g's levels."""
    rows = [[float(i), float(i % 3 == 1), float(i % 3 == 2)] for i in range(12)]
    m = LogisticRegression().fit(rows, [1, 0, 0, 1, 0, 1, 0, 1, 1, 0, 1, 0])
    m.feature_names_in_, m.categories_ = ["x", "g[b]", "g[c]"], {"g": ["a", "b", "c"]}
    return m, rows


def test_from_json_validates_the_levels_of_text_columns():
    import json
    m, rows = _frame_fit()
    doc = json.loads(m.to_json())
    assert doc["fit"]["categories_"] == {"g": ["a", "b", "c"]}
    assert LogisticRegression.from_json(json.dumps(doc)).categories_ == m.categories_
    for bad, words in [(["a", "b"], "must be an object {text column: its levels}"),
                       ({"g": [0, 1, 2]}, "['g'] must be a list of at least 2 levels, each a string"),
                       ({"g": ["a"]}, "['g'] must be a list of at least 2 levels"),
                       ({"g": ["a", "a", "b"]}, "['g'] must be sorted and distinct"),
                       ({"h": ["a", "b"]}, "['h'] has the level 'b', but the fit has no column"),
                       ({"g": ["l%04d" % i for i in range(1000)]}, "has the level 'l0001', but")]:
        doc["fit"]["categories_"] = bad
        msg = _message(DataError, LogisticRegression.from_json, json.dumps(doc))
        assert msg.startswith("from_json: fit.categories_") and words in msg, (bad, msg)


def test_to_source_codes_a_row_that_holds_text():
    m, rows = _frame_fit()
    text = m.to_source()
    assert "COLUMNS = ['x', 'g']" in text and "CATEGORIES = {'g': ['a', 'b', 'c']}" in text
    module = {}
    exec(text, module)
    raw = [[r[0], "abc"[int(r[1] + 2 * r[2])]] for r in rows]
    assert module["predict_proba"](raw) == m.predict_proba(rows)
    assert module["predict_proba"](rows) == m.predict_proba(rows)      # coded rows too
    try:
        module["predict_proba"]([[0.5, "q"]])
    except ValueError as e:
        assert "column 'g' holds 'q', a level the model did not see" in str(e), e
    else:
        raise AssertionError("an unseen level was coded")


def test_what_the_library_writes_holds_no_character_xml_forbids():
    assert printable("a\ufffeb\uffffc") == "a\\ufffeb\\uffffc"
    assert printable("caf\u00e9 \u2212") == "caf\u00e9 \u2212"      # printable text stays


def test_set_params_after_a_fit_changes_nothing_the_fit_reports():
    for make, y in ((LogisticRegression, Y), (SoftmaxRegression, [0, 1, 2, 0, 1, 2]),
                    (GLM, Y)):
        want = make().fit(X, y).summary()
        m = make().fit(X, y)
        m.set_params(fit_intercept=False)
        assert m.summary() == want, make


def test_a_failed_refit_leaves_its_failure_and_no_fit():
    m = LogisticRegression().fit(X, Y)
    raises(DataError, m.fit, [[1.0, 2.0]] * 6, Y)       # collinear: the Hessian is singular
    assert not hasattr(m, "coef_") and m.failure_.startswith("Failed, collinearity"), m.failure_
    m.fit(X, Y)
    assert m.converged_ and not hasattr(m, "failure_")


def test_a_huge_penalty_or_huge_weights_do_not_change_what_gd_finds():
    big = 1e30 if SINGLE else 1e300
    rows = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]]
    newton = LogisticRegression(penalty="l2", lam=big).fit(rows, Y).coef_[0]
    gd = LogisticRegression(penalty="l2", lam=big, solver="gd").fit(rows, Y)
    assert gd.converged_ and abs(gd.coef_[0] / newton - 1.0) < 1e-5, (gd.coef_, newton)
    plain = LogisticRegression(solver="gd").fit(rows, Y).coef_[0]
    gd, ws = warnings_from(LogisticRegression(solver="gd").fit, rows, Y, sample_weight=[big] * 6)
    assert not ws, [str(w) for w in ws]     # no cost warning counting the weights as rows
    assert gd.converged_ and abs(gd.coef_[0] / plain - 1.0) < 1e-5, (gd.coef_, plain)
    from minilogit import DivergenceError
    msg = _message(DivergenceError, LogisticRegression(penalty="l2", lam=big, solver="sgd").fit,
                   rows, Y)
    assert "or a smaller lam (the l2 penalty's share of each step grows with lam)" in msg, msg


def test_counts_near_the_floats_last_integer_converge_under_newton():
    big = 2.0 ** (24 if SINGLE else 53)
    for solver in ("newton", "irls"):
        m = GLM(family="poisson", solver=solver).fit(X, [big] * 6)
        assert m.converged_ and abs(m.intercept_ - math.log(big)) < (1e-4 if SINGLE else 1e-12), \
            (solver, m.intercept_)


def test_a_gaussian_fit_of_tiny_residuals_says_they_underflow():
    tiny = 1e-30 if SINGLE else 1e-300
    m = GLM(family="gaussian").fit(X, [tiny * (i % 3) for i in range(6)])
    assert m.converged_ and math.isfinite(m.llf_) and math.isfinite(m.llnull_)
    assert "their squares, and so the gaussian scale and the covariance, underflow" in \
        m.inference_blocked_, m.inference_blocked_
    assert "underflow a float; rescale y" in m.summary().replace("\n", " ")


def test_lasso_path_with_a_tiny_l1_ratio_names_the_overflow():
    from minilogit import lasso_path
    tiny = 2.0 ** (-149 if SINGLE else -1074)
    msg = _message(DataError, lasso_path, X, Y, l1_ratio=tiny)
    assert "l1_ratio = %r is too small: lam_max" % tiny in msg, msg


def test_a_long_run_does_not_break_up_the_heap():
    """cd to tol = 0 on 5 rows, 3000 iterations: on MicroPython its record of losses and
    gradients (compat.floats) holds no float objects, which spread over the heap left
    no room for a list of 3000 slots (f64: 64 MB of heap needed; 2 MB now; the suite
    runs in 32 MB)."""
    rows, labels = [[0.0, 1.0], [1.0, 0.0], [2.0, 2.0], [3.0, 1.0], [4.0, 3.0]], [0, 1, 0, 1, 1]
    steps = 1000 if SINGLE else 3000          # (single precision's build is slower)
    m, ws = warnings_from(LogisticRegression(penalty="l1", solver="cd", tol=0,
                                             max_iter=steps).fit, rows, labels)
    assert m.n_iter_ == steps and len(m.history_) == steps + 1 and len(ws) == 1, ws
    assert isinstance(m.history_, list) and isinstance(m.result_.criteria, list)


def test_running_out_of_memory_in_a_fit_is_a_data_error():
    from minilogit.core.solvers import Solver

    def runs_out(objective, beta0, max_iter, tol):
        raise MemoryError

    class Tight(LogisticRegression):
        solvers = dict(LogisticRegression.solvers, tight=Solver(runs_out, 10, 1e-8, hessian=True))
    msg = _message(DataError, Tight(solver="tight").fit, X, Y)
    assert msg == ("out of memory: tight on 6 rows and 2 parameters (a 2 x 2 Hessian a step; "
                   "gd holds none) needs more than is free; use fewer columns or rows"), msg
