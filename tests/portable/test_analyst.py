"""What an analyst reaches on every runtime: a text column coded against its
reference level, coefficients read back on the raw scale after standardizing,
a model read back from JSON that summarises as the fitted one, the progress
report of a long fit, the cost of a long fit said before it starts, and the
command line's softmax fit of a target with three classes.
"""

import io

from helpers import (SCRATCH_CSV, TOY_X, TOY_Y, Skip, assert_close, fit, remove_file,
                     run_main, write_file, FIT)
from minilogit import ConvergenceWarning, LogisticRegression, SoftmaxRegression


def test_a_text_column_is_coded_against_its_first_level():
    from minilogit.datasets import load_csv
    write_file(SCRATCH_CSV, "x,g,y\n1.0,b,0\n2.0,a,1\n3.0,c,0\n4.0,b,1\n")
    try:
        d = load_csv(SCRATCH_CSV, target="y")
    finally:
        remove_file(SCRATCH_CSV)
    assert d.feature_names == ["x", "g[b]", "g[c]"], d.feature_names
    assert d.data == [[1.0, 1.0, 0.0], [2.0, 0.0, 0.0], [3.0, 0.0, 1.0], [4.0, 1.0, 0.0]]
    assert d.categories == {"g": ["a", "b", "c"]} and d.target == [0, 1, 0, 1]


def test_unstandardize_gives_the_raw_fit():
    from minilogit.datasets import standardize, unstandardize
    X = [[10.0 * x[0] + 3.0] for x in TOY_X]            # a column far from unit scale
    Z, means, scales = standardize(X)
    raw, _ = fit(LogisticRegression(), X, TOY_Y)
    back = unstandardize(fit(LogisticRegression(), Z, TOY_Y)[0], means, scales)
    assert_close(back.intercept_, raw.intercept_, rel=FIT, what="intercept_")
    assert_close(back.coef_[0], raw.coef_[0], rel=FIT, what="coef_")
    assert_close(back.bse_[1], raw.bse_[1], rel=max(1e-9, FIT), what="bse_")


def test_a_model_read_back_from_json_summarises_as_the_fitted_one():
    m, _ = fit(LogisticRegression(), TOY_X, TOY_Y)
    again = LogisticRegression.from_json(m.to_json())
    assert again.summary() == m.summary()
    assert again.explain() == m.explain()


def test_progress_reports_each_iteration_with_verbose_2():
    from minilogit.progress import Ticker
    out, times = io.StringIO(), iter([0.0, 0.5, 1.0])
    ticker = Ticker("gd iteration", 2, out, clock=lambda: next(times))
    ticker.tick(1, lambda: "loss 3")
    ticker.tick(2, lambda: "loss 2")
    lines = out.getvalue().split("\n")
    assert lines[:2] == ["minilogit: gd iteration 1: loss 3 (0.5 s)",
                         "minilogit: gd iteration 2: loss 2 (1.0 s)"], lines


def test_the_cost_of_a_long_fit_is_said_before_it_starts():
    # ten million gd iterations of 12 x 2 may cost 7e8 multiply-adds, beyond WORK:
    # said (test_long_work checks it comes first); the toy data then converges
    m, ws = fit(LogisticRegression(solver="gd", max_iter=10 ** 7), TOY_X, TOY_Y)
    said = [str(w) for w in ws if isinstance(w, ConvergenceWarning)]
    want = "gd may take long: up to max_iter = 10000000"
    assert len(said) == 1 and said[0].startswith(want), said
    assert m.converged_


def test_the_command_line_fits_three_classes_by_softmax():
    rows = ["x,species"] + ["%r,%s" % (x[0], "abc"[k % 3]) for k, x in enumerate(TOY_X)]
    status, out, err = run_main(["fit", SCRATCH_CSV, "--target", "species"], SCRATCH_CSV,
                                "\n".join(rows) + "\n")
    assert status == 0, (status, err)
    m = SoftmaxRegression().fit(TOY_X, ["abc"[k % 3] for k in range(len(TOY_X))])
    for c in m.coef_[1:]:
        assert ("%.4f" % c[0]) in out, (c, out)
