"""Bad input on every runtime: a selection of tests/test_bad_input.py's table.

Each bad input gets its documented exception (DataError, NotFittedError,
InferenceError: ValueErrors; SingularMatrixError, DivergenceError:
ArithmeticErrors) with a message naming the problem; odd but valid input
(conflicting rows, separable data, max_iter=0) fits with finite numbers.
Messages are matched by substrings that print the same on every runtime.
"""

from helpers import EPS, HUGE, finite, fit, only, raises, warnings_from

from minilogit import (GLM, ConvergenceWarning, DataError, DivergenceError, InferenceError,
                       LeastSquaresClassifier, LogisticRegression, Matrix,
                       MultiLabelClassifier, NotFittedError, OneVsRest, SeparationWarning,
                       SingularMatrixError, SoftmaxRegression, lasso_path)
from minilogit import metrics

NAN, INF = float("nan"), float("inf")
X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]]
Y = [0, 0, 1, 0, 1, 1]
Y3 = [0, 1, 2, 0, 1, 2]


def _models():
    """One of each estimator, fitted by fit(X, y) (multi-label on one label column)."""
    return [LogisticRegression(), LogisticRegression(solver="gd", max_iter=300),
            LogisticRegression(solver="sgd", max_iter=10),
            LogisticRegression(solver="cd", penalty="l1", lam=0.1),
            SoftmaxRegression(), OneVsRest(LogisticRegression()), GLM(),
            LeastSquaresClassifier()]


def _message(exc_type, fn, *args, **kwargs):
    e = raises(exc_type, fn, *args, **kwargs)
    assert isinstance(e, ValueError) or isinstance(e, ArithmeticError), type(e)
    return str(e)


def _all_finite(values):
    if isinstance(values, (list, tuple)):
        for v in values:
            if not _all_finite(v):
                return False
        return True
    return not isinstance(values, float) or finite(values)


def test_bad_cells_in_X_for_every_estimator():
    bad = [([[0.0], [1.0], [NAN]] + X[3:], "X[2][0] is nan"),
           ([[-INF]] + X[1:], "X[0][0] is -inf"),
           ([[0.0], ["1.0"]] + X[2:], "X[1][0] is '1.0'"),
           ([[True]] + X[1:], "X[0][0] is True"),
           ([[None]] + X[1:], "X[0][0] is None"),
           ([[0.0, 1.0], [1.0]] + X[2:], "X row 1 has 1 columns, row 0 has 2"),
           ([], "X is empty"),
           ([[]] * 6, "X has rows but no columns")]
    for model in _models():
        for rows, words in bad:
            y = Y if rows else []
            msg = _message(DataError, model.fit, rows, y)
            assert words in msg, (type(model).__name__, msg)


def test_magnitudes_near_1e308_are_refused_at_the_door():
    for model in _models():
        msg = _message(DataError, model.fit, [[HUGE], [-HUGE]] + X[2:], Y)
        assert "column 0 of X has entries as large as" in msg, msg
        assert "overflow a float" in msg, msg


def test_predicting_with_the_wrong_columns_or_before_fit():
    for model in _models():
        method = model.predict_proba if hasattr(model, "predict_proba") else model.predict
        msg = _message(NotFittedError, method, X)
        assert "not fitted yet" in msg, msg
        fit(model, X, Y3 if isinstance(model, SoftmaxRegression) else Y)
        msg = _message(DataError, method, [[1.0, 2.0]])
        assert msg == "X has 2 columns, the model was fitted with 1", msg


def test_one_class_and_too_many_classes():
    assert "y has only one class (1)" in _message(DataError, LogisticRegression().fit, X, [1] * 6)
    assert "y has only one class (1)" in _message(DataError, SoftmaxRegression().fit, X, [1] * 6)
    assert "y has only one value (1)" in _message(DataError, GLM().fit, X, [1] * 6)
    msg = _message(DataError, LogisticRegression().fit, X, Y3)
    assert "y has 3 classes (0, 1, 2): a binary model needs exactly two" in msg, msg
    msg = _message(DataError, GLM().fit, X, Y3)
    assert "y[2] is 2: the binomial family needs 0/1 labels" in msg, msg
    msg = _message(DataError, MultiLabelClassifier().fit, X, [[v] for v in Y3])
    assert "Y[2][0] is 2: entries must be 0, 1 or None" in msg, msg


def test_labels_of_mixed_types_or_nan():
    msg = _message(DataError, LogisticRegression().fit, X, [0, "a", 0, 1, 1, 0])
    assert "cannot be hashed and sorted" in msg, msg
    msg = _message(DataError, LogisticRegression().fit, X, [0, 1, NAN, 0, 1, 1])
    assert "y[2] is nan" in msg, msg


def test_constant_and_duplicated_columns_name_the_column():
    msg = _message(DataError, LogisticRegression().fit, [[1.0]] * 6, [0, 1, 1, 1, 1, 0])
    assert "column 0 of X is a linear combination" in msg, msg
    msg = _message(DataError, LogisticRegression(solver="irls").fit, [[r[0], r[0]] for r in X], Y)
    assert "column 1 of X is a linear combination" in msg, msg
    msg = _message(DataError, LeastSquaresClassifier().fit, [[r[0], r[0]] for r in X], Y)
    assert "column 1 of X is a linear combination" in msg, msg
    # gradient descent never solves X'WX: a constant column is just a slower fit
    m, _ = fit(LogisticRegression(solver="gd", max_iter=200), [[1.0]] * 6, [0, 1, 1, 1, 1, 0])
    assert _all_finite([m.intercept_, m.coef_])


def test_conflicting_duplicate_rows_just_work():
    Xc, yc = [[1.0], [1.0], [2.0], [2.0], [3.0], [3.0]], [0, 1, 0, 1, 1, 0]
    for model in _models():
        y = [0, 1, 2, 0, 1, 2] if isinstance(model, SoftmaxRegression) else yc
        m, ws = fit(model, Xc, y)
        assert only(ws, SeparationWarning) == [], ws
        out = m.predict_proba(Xc) if hasattr(m, "predict_proba") else m.predict(Xc)
        assert _all_finite(out), out


def test_separable_data_warns_and_stays_finite():
    sep = [0, 0, 0, 1, 1, 1]
    for model in (LogisticRegression(), LogisticRegression(solver="irls"),
                  LogisticRegression(solver="gd", max_iter=300), GLM(),
                  SoftmaxRegression(penalty=None, reference_class=0)):
        m, ws = fit(model, X, sep)
        assert len(only(ws, SeparationWarning)) == 1, (type(model).__name__, ws)
        assert _all_finite([m.intercept_, m.coef_, m.predict(X)])


def test_max_iter_zero_returns_the_start_with_a_warning():
    for model in (LogisticRegression(max_iter=0), LogisticRegression(solver="gd", max_iter=0),
                  SoftmaxRegression(max_iter=0), GLM(max_iter=0),
                  MultiLabelClassifier(max_iter=0)):
        y = [[v] for v in Y] if isinstance(model, MultiLabelClassifier) else Y
        m, ws = fit(model, X, y)
        assert len(only(ws, ConvergenceWarning)) == 1, ws
        assert m.n_iter_ == 0 and not m.converged_
        assert _all_finite([m.intercept_, m.coef_])


def test_bad_solver_parameters():
    cases = [({"solver": "lbfgs"}, "unknown solver 'lbfgs'"),
             ({"solver": ["newton"]}, "unknown solver ['newton']"),
             ({"max_iter": -1}, "max_iter must be a non-negative integer"),
             ({"solver": "gd", "learning_rate": 0}, "learning_rate must be a positive finite"),
             ({"solver": "gd", "learning_rate": -0.5}, "learning_rate must be a positive finite"),
             ({"solver": "gd", "learning_rate": INF}, "learning_rate must be a positive finite"),
             ({"solver": "sgd", "random_state": "seed"}, "random_state must be an integer seed"),
             ({"lam": -1}, "lam must be a finite number >= 0"),
             ({"penalty": "l2", "lam": INF}, "lam must be a finite number >= 0"),
             ({"solver": "cd", "penalty": "elasticnet", "l1_ratio": 1.5}, "l1_ratio must be"),
             ({"solver": "cd", "penalty": "elasticnet", "l1_ratio": -0.1}, "l1_ratio must be"),
             ({"penalty": "l1"}, "use solver='cd' or solver='proximal'")]
    for params, words in cases:
        msg = _message(DataError, LogisticRegression(**params).fit, X, Y)
        assert words in msg, (params, msg)
    msg = _message(DataError, SoftmaxRegression(lam=-1).fit, X, Y3)
    assert "lam must be a finite number >= 0" in msg, msg
    msg = _message(DataError, MultiLabelClassifier(solver="irls").fit, X, [[v] for v in Y])
    assert "unknown solver 'irls'" in msg, msg
    msg = _message(DataError, lasso_path, X, Y, l1_ratio=2)
    assert "l1_ratio must be a number in (0.0, 1.0]" in msg, msg
    msg = _message(DataError, lasso_path, X, Y, lams=[-1.0])
    assert "every lam must be a number" in msg, msg


def test_unknown_family_or_link():
    assert "unknown family 'gamma'" in _message(DataError, GLM(family="gamma").fit, X, Y)
    assert "unknown link 'sqrt'" in _message(DataError, GLM(link="sqrt").fit, X, Y)
    msg = _message(DataError, GLM(family="poisson", link="logit").fit, X, Y)
    assert "the poisson family does not take the logit link" in msg, msg
    msg = _message(DataError, GLM(family="gaussian").fit, X, [1.0] * 6)
    assert "y is constant" in msg, msg


def test_sample_weights():
    for model in (LogisticRegression(), GLM()):
        cases = [([1.0, 2.0], "sample_weight has 2 entries but X has 6 rows"),
                 ([1, 1, -1, 1, 1, 1], "sample_weight[2] is -1"),
                 ([1, 1, 1, NAN, 1, 1], "sample_weight[3] is nan"),
                 ([0] * 6, "sample_weight sums to zero"),
                 ([HUGE] * 6, "sample_weight sums to inf")]
        for w, words in cases:
            msg = _message(DataError, model.fit, X, Y, w)
            assert words in msg, (w, msg)
    # huge but finite weights: the same fit as weight 1 (no copies are made)
    m = LogisticRegression().fit(X, Y, [1e12] * 6)
    assert abs(m.coef_[0] - LogisticRegression().fit(X, Y).coef_[0]) < max(1e-9, 8 * EPS)


def test_predictions_that_would_overflow_to_nan():
    rows = [[a / 100.0, b / 100.0] for a, b in
            [[0.0, 1.0], [1.0, 0.5], [2.0, 2.0], [3.0, 1.0], [4.0, 3.0], [5.0, 1.5]]]
    m, _ = fit(LogisticRegression(), rows, Y)       # separated: large, finite coefficients
    signs = [1.0 if c > 0 else -1.0 for c in m.coef_]
    msg = _message(DataError, m.predict_proba, [[HUGE * signs[0], -HUGE * signs[1]]])
    assert "X row 0: the linear predictor b0 + x'coef is nan" in msg, msg
    assert _all_finite(m.predict_proba([[HUGE * signs[0], 0.0]]))      # inf is fine: p = 1
    g = GLM(family="poisson").fit(X, [0, 1, 2, 3, 4, 4])
    assert "the predicted mean" in _message(DataError, g.predict, [[1e4]])


def test_divergence_is_an_arithmetic_error():
    e = raises(DivergenceError, LogisticRegression(solver="gd", learning_rate=1e6).fit, X, Y)
    assert isinstance(e, ArithmeticError) and "diverged" in str(e), str(e)


def test_thresholds_and_estimator_objects():
    m = LogisticRegression().fit(X, Y)
    for t in (1.5, NAN, "0.5"):
        assert "threshold must be in [0, 1]" in _message(DataError, m.predict, X, t)
    assert "needs a binary estimator" in _message(DataError, OneVsRest(None).fit, X, Y3)
    ovr = OneVsRest(LeastSquaresClassifier()).fit(X, Y3)
    assert "has none" in _message(DataError, ovr.predict_proba, X)


def test_inference_before_fit_or_where_invalid():
    for attr in ("bse_", "aic_", "prsquared_"):
        e = raises(NotFittedError, getattr, LogisticRegression(), attr)
        assert "not fitted yet" in str(e), str(e)
    m = LogisticRegression().fit(X, Y)
    assert "feature_names must be a list" in _message(DataError, m.summary, 0.05, 5)
    exact = GLM(family="gaussian").fit(X, [0.0, 1.0, 2.0, 3.0, 4.0, 5.0])
    e = raises(InferenceError, getattr, exact, "bse_")
    assert "the fit is exact" in str(e), str(e)


def test_metrics():
    msg = _message(DataError, metrics.accuracy_score, [0, 1], [0])
    assert "y_true has 2 entries but y_pred has 1" in msg, msg
    msg = _message(DataError, metrics.roc_auc_score, [0, 1], [0.2, NAN])
    assert "y_score[1] is nan" in msg, msg
    msg = _message(DataError, metrics.roc_auc_score, [1, 1], [0.2, 0.3])
    assert "y_true has only one class (1)" in msg, msg
    msg = _message(DataError, metrics.log_loss, [0, 1], [[0.2, 0.7], [0.3, 0.7]])
    assert "y_pred[0] sums to" in msg, msg
    msg = _message(DataError, metrics.majority_baseline, [[1], [2]])
    assert "cannot be hashed" in msg, msg
    msg = _message(DataError, metrics.r2_score, [HUGE, -HUGE], [0.0, 1.0])
    assert "overflows a float" in msg, msg
    msg = _message(DataError, metrics.r2_score, [5e-324, 0.0], [0.0, 0.0])
    assert "TSS" in msg, msg


def test_matrix():
    assert "row 1 has 1 entries, row 0 has 2" in _message(DataError, Matrix, [[1, 2], [3]])
    assert "a Matrix needs a sequence of rows" in _message(DataError, Matrix, None)
    e = raises(SingularMatrixError, Matrix([[1.0, 2.0], [2.0, 4.0]]).inverse)
    assert e.column == 1 and "column 1 has no usable pivot" in str(e), str(e)
    msg = _message(DataError, Matrix([[1.0, 2.0, 3.0], [2.0, 4.0, 5.0]]).solve, [1.0, 2.0])
    assert "solve needs a square matrix, got 2x3" in msg, msg
    msg = _message(DataError, Matrix([[1.0, 0.0], [0.0, 1.0]]).solve, [1.0])
    assert "right-hand side has length 1" in msg, msg
    msg = _message(DataError, Matrix([[NAN, 0.0], [0.0, 1.0]]).inverse)
    assert "entry [0][0] of the matrix is nan" in msg, msg
    msg = _message(DataError, Matrix([[HUGE, HUGE], [HUGE, -HUGE]]).inverse)
    assert "overflowed a float" in msg, msg


# -- issue 12, items 5 and 7: safe export and import, all-or-nothing fits ------

def test_from_json_refuses_hostile_documents():
    import json
    model = LogisticRegression().fit(X, Y)
    good = json.loads(model.to_json())
    assert LogisticRegression.from_json(json.dumps(good)).predict(X) == model.predict(X)

    def refused(fitted_key, value, words):
        doc = json.loads(json.dumps(good))
        doc["fitted"][fitted_key] = value
        msg = _message(DataError, LogisticRegression.from_json, json.dumps(doc))
        assert words in msg, msg

    refused("coef_", [0.5, 0.5], "fitted.coef_ must be a list of 1 numbers")
    refused("coef_", ["1"], "fitted.coef_[0] must be a finite number")
    refused("classes_", [1, 0], "must be sorted and distinct")
    refused("classes_", [0, 1, 2], "a list of 2 labels")
    refused("n_features_in_", True, "n_features_in_ must be an integer")
    refused("converged_", 1, "converged_ must be true or false")
    refused("_loss", 1, "fitted._loss is not a fitted attribute")
    text = model.to_json().replace(repr(model.intercept_), "1e999")   # inf when read
    assert "1e999" in text
    assert "intercept_ must be a finite number" in _message(
        DataError, LogisticRegression.from_json, text)
    assert "from_json" in _message(DataError, LogisticRegression.from_json, "[" * 5000)
    for name, bad in [("max_iter", -1), ("solver", "lbfgs"), ("lam", "1")]:
        doc = json.loads(json.dumps(good))
        doc["params"][name] = bad
        msg = _message(DataError, LogisticRegression.from_json, json.dumps(doc))
        assert msg.startswith("from_json: params: ") and name in msg, msg


def test_to_source_labels_are_plain_literals():
    from minilogit.export import to_source
    model = LogisticRegression().fit(X, ["no" if v == 0 else "yes" for v in Y])
    namespace = {}
    exec(to_source(model), namespace)
    assert namespace["CLASSES"] == ["no", "yes"]
    assert namespace["predict_proba"](X) == model.predict_proba(X)
    model.classes_ = ["no", NAN]
    assert "classes_[1] is nan" in _message(DataError, to_source, model)
    model.classes_ = ["no", [1]]
    assert "classes_[1] is a list" in _message(DataError, to_source, model)


class _FailsOnTheLastClass(LogisticRegression):
    """A binary estimator whose fit fails for the class whose rows come last."""

    def fit(self, X, y, sample_weight=None):
        if y[-1] == 1:
            raise DataError("this fit fails")
        return LogisticRegression.fit(self, X, y, sample_weight)


def _unfitted(model):
    raises(NotFittedError, model.predict, X)
    left = [n for n in model.__dict__ if n.endswith("_") and n != "failure_"]
    assert left == [], left


def test_failed_fits_leave_the_model_unfitted():
    collinear = [[r[0], 2.0 * r[0]] for r in X]      # column 1 = 2 * column 0
    for model, y in [(LogisticRegression(), Y), (SoftmaxRegression(penalty=None,
                     reference_class=0), Y3), (GLM(), Y), (LeastSquaresClassifier(), Y3),
                     (OneVsRest(LogisticRegression()), Y3)]:
        fit(model, X, y)
        assert "column 1 of X" in _message(DataError, model.fit, collinear, y)
        _unfitted(model)
    model = OneVsRest(LogisticRegression())
    fit(model, X, Y3)
    model.estimator = _FailsOnTheLastClass()
    msg = _message(DataError, model.fit, [[0.0], [1.0], [2.0], [3.0], [10.0], [11.0]],
                   [0, 1, 0, 1, 2, 2])
    assert "this fit fails" in msg, msg
    _unfitted(model)


# -- issue 12, item 6: files as they come (CSV reading and the command line) ------
#
# Each file is written next to this module (SCRATCH_CSV) and removed afterwards.
# Without the csv module (MicroPython) quoted cells are refused and no field
# limit applies, so those cases check what that reader does instead.

from helpers import SCRATCH_CSV, remove_file, run_main

from minilogit import datasets
from minilogit.datasets import load_csv, stream_csv

CSV = SCRATCH_CSV


def _read_bytes(data, fn, *args):
    """fn(CSV, *args) with CSV holding the bytes data."""
    f = open(CSV, "wb")
    f.write(data)
    f.close()
    try:
        return fn(CSV, *args)
    finally:
        remove_file(CSV)


def _rows(path, target=None):
    return list(stream_csv(path, target))


def _file_message(data, words, target=None):
    """load_csv and stream_csv raise a DataError whose message has every one of words."""
    for fn in (load_csv, _rows):
        msg = _message(DataError, _read_bytes, data, fn, target)
        for w in words:
            assert w in msg, (data[:40], w, msg)


def test_files_with_a_byte_order_mark():
    d = _read_bytes(b"\xef\xbb\xbfa,b,y\r\n1,2,0\r\n3,4,1\r\n", load_csv)
    assert d.feature_names == ["a", "b"] and d.target == [0, 1], d.feature_names
    quoted = b'\xef\xbb\xbf"a",b,y\n1,2,0\n3,4,1\n'       # the mark before a quote
    if datasets._csv is None:
        _file_message(quoted, ["quoted CSV fields need the csv module"])
    else:
        d = _read_bytes(quoted, load_csv, "a")
        assert d.feature_names == ["b", "y"] and d.target == [1, 3], d.feature_names


def test_files_that_are_not_utf8_name_the_line():
    latin1 = b"a,b,y\n\n1,2,0\n3,4,caf\xe9\n"
    _file_message(latin1, [CSV + " line 4 is not UTF-8 text", "save the file as UTF-8"])
    _file_message(b"\xff\xfea\x00,\x00y\x00\n\x00", [CSV + " line 1 is not UTF-8 text"])
    _file_message(b"\x00\x9f\x92\x96\xfe" * 50, [CSV + " line 1 is not UTF-8 text"])


def test_headers_without_a_name_for_every_column():
    _file_message(b",b,y\n1,2,0\n", [CSV + " line 1: column 1 of the header has no name"])
    _file_message(b"a,y,\n1,0,\n", [CSV + " line 1: column 3 of the header has no name"])
    _file_message(b"\n\na,b,a,y\n1,2,3,0\n", [CSV + " line 3: two columns of the header "
                                              "are named 'a'"])
    d = _read_bytes(b" a , y \n1,0\n2, 1\n", load_csv, "y")        # names and labels stripped
    assert d.feature_names == ["a"] and d.target == [0, 1], (d.feature_names, d.target)


def test_rows_with_an_empty_label_or_a_huge_cell():
    _file_message(b"a,y\n1,0\n\n2,\n", [CSV + " line 4: the label (column 'y') is empty"])
    # 200 000 digits: over the csv module's field limit, or (no csv module) inf
    huge = b"a,y\n1,0\n\n" + b"9" * 200000 + b",1\n"
    if datasets._csv is None:
        _file_message(huge, [CSV + " line 4, column 'a' is inf"])
    else:
        _file_message(huge, [CSV + " line 4: a cell is longer than the csv module's field limit"])


def test_a_file_split_at_semicolons_is_named():
    _file_message(b"a;b;y\n1;2;0\n", ["has no column 'y'", "splits lines at commas, this "
                                       "file at ';'?"], "y")


def _main(argv, data=None):
    """main(argv) with CSV holding the bytes data; return (status, out, err)."""
    return run_main(argv, CSV, data)


def test_command_line_files_are_one_line_and_status_1():
    for data, words in [(b"a,y\n1,0\n2,\xe9\n", "line 3 is not UTF-8 text"),
                        (b"", "has no data rows"),
                        (b"a,y\n", "has no data rows"),
                        (b",y\n1,0\n", "column 1 of the header has no name"),
                        (b"a,y\n1,0\n1,0\n", "only one class")]:
        for command in ("fit", "trace"):
            status, out, err = _main([command, CSV, "--target", "y"], data)
            assert status == 1 and out == "", (data, status, out)
            assert err.startswith("minilogit: ") and words in err, (data, err)
            assert err.count("\n") == 1, err
    status, out, err = _main(["fit", "tests", "--target", "y"])      # a directory
    assert status == 1 and err.startswith("minilogit: cannot read tests: "), (status, err)
    assert err.count("\n") == 1, err


def test_command_line_empty_option_values_are_usage_errors():
    data = b"a,y\n1,0\n2,1\n3,0\n4,1\n"
    for option, words in [("--solver=", "unknown solver ''"), ("--family=", "unknown family ''"),
                          ("--link=", "unknown link ''"), ("--max-iter=", "needs a whole number")]:
        status, out, err = _main(["fit", CSV, "--target", "y", option], data)
        assert status == 2 and out == "" and words in err, (option, status, err)


# -- issue 12, items 1-2: honest convergence and divergence ------------------------
# Features in odd units change nothing that a fit reports: Newton finds the same
# probabilities; gradient descent and SGD say first that the units slow them;
# a first-order solver finds them too or says it did not converge.
# Divergence raises DivergenceError; separation is diagnosed by every solver.

TOY_X = [[(i - 5.5) / 3.5] for i in range(12)]
TOY_Y = [0, 0, 0, 1, 0, 0, 1, 0, 1, 1, 1, 1]


def _in_units(c):
    return [[v * c for v in row] for row in TOY_X]


def test_convergence_in_any_units():
    ref = LogisticRegression().fit(TOY_X, TOY_Y)
    p_ref = [p[1] for p in ref.predict_proba(TOY_X)]
    for c in (1e-3, 1e-9, 1e6):
        m, ws = fit(LogisticRegression(), _in_units(c), TOY_Y)
        assert m.converged_ and ws == [], (c, ws)
        p = [q[1] for q in m.predict_proba(_in_units(c))]
        assert max(abs(a - b) for a, b in zip(p, p_ref)) <= max(1e-6, 64 * EPS), c
        for solver in ("gd", "sgd", "proximal"):
            try:
                m, ws = fit(LogisticRegression(solver=solver, max_iter=200), _in_units(c), TOY_Y)
            except DivergenceError as e:
                assert solver == "sgd" and "diverged" in str(e), (solver, c, str(e))
                continue
            said = [str(w) for w in only(ws, ConvergenceWarning)]
            if solver != "proximal":    # gd, sgd: the column's scale is far from the
                before = said.pop(0)    # intercept's 1, said before the run
                assert "takes steps on columns" in before and "standardize" in before, before
            if m.converged_:
                p = [q[1] for q in m.predict_proba(_in_units(c))]
                assert max(abs(a - b) for a, b in zip(p, p_ref)) <= 0.02, (solver, c)
                assert said == [], (solver, c, said)
            else:
                assert len(said) == 1 and "did not converge" in said[0], (solver, c, said)


def test_divergence_is_called_divergence():
    e, ws = warnings_from(raises, DivergenceError,
                          LogisticRegression(solver="sgd", learning_rate=1e4).fit,
                          _in_units(1e3), TOY_Y)
    msg = str(e)
    assert "diverged in epoch" in msg and "learning_rate" in msg, msg
    assert len(ws) == 1 and "root mean squares range" in str(ws[0]), ws   # said first
    rows = list(zip(TOY_X, TOY_Y))
    model = LogisticRegression(learning_rate=1e6)
    msg = _message(DivergenceError, model.fit_stream, lambda: iter(rows), [0, 1], 3)
    assert "diverged in epoch 1" in msg, msg
    assert not hasattr(model, "coef_")


def test_every_solver_diagnoses_separation_without_false_advice():
    X2, y2 = [[-1.5], [-1.0], [-0.5], [0.5], [1.0], [1.5]], [0, 0, 0, 1, 1, 1]
    for solver in ("newton", "gd", "sgd", "proximal"):
        m, ws = fit(LogisticRegression(solver=solver), X2, y2)
        assert len(only(ws, SeparationWarning)) == 1 and not m.converged_, (solver, ws)
        assert "standardize" not in " ".join(str(w) for w in ws), solver


# ---- Issue 12, items 3 and 4: inference only where valid; bounded work.

def test_unconverged_fit_withholds_inference_and_says_why():
    m = fit(LogisticRegression(solver="gd", max_iter=1), X, Y)[0]
    assert not m.converged_
    for name in ("bse_", "pvalues_", "aic_", "bic_", "prsquared_", "llr_pvalue_"):
        msg = _message(InferenceError, getattr, m, name)
        assert "the fit did not converge: gd stopped after 1" in msg, msg
    text = m.summary()
    assert "std err" not in text and "AIC:" not in text and "did not converge" in text, text


def test_more_parameters_than_rows_is_refused_at_once():
    rows = [[float(i + j) for j in range(40)] for i in range(8)]
    msg = _message(DataError, LogisticRegression().fit, rows, [0, 1] * 4)
    assert "X has 8 rows for 41 parameters" in msg, msg


def test_a_hessian_too_large_to_solve_is_refused_at_once():
    rows = [[float(i * j % 5) for j in range(340)] for i in range(4)]
    # the ridge's K free vectors: 3 x 341 parameters (a reference class would leave 682)
    msg = _message(DataError, SoftmaxRegression(penalty="l2", lam=0.5).fit, rows, [0, 1, 2, 0])
    assert "newton takes at most 1000 parameters, not 1023" in msg, msg


def test_continuous_y_is_too_many_classes():
    rows = [[i / 4.0] for i in range(24)]
    msg = _message(DataError, SoftmaxRegression().fit, rows, [i * 0.5 for i in range(24)])
    assert "y has 24 classes for 24 rows" in msg and "y looks continuous" in msg, msg


def test_huge_sgd_weights_keep_an_epoch_short():
    from minilogit.core.logistic import weighted_examples
    assert len(weighted_examples([1e5] * 6)[0]) == 60
    a = warnings_from(LogisticRegression(solver="sgd", max_iter=5).fit, X, Y, [1e5] * 6)[0]
    b = warnings_from(LogisticRegression(solver="sgd", max_iter=5).fit, X, Y, [10] * 6)[0]
    assert a.coef_ == b.coef_
