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
             ({"penalty": "l1"}, "use solver='proximal' or solver='cd'")]
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
                 ([0] * 6, "sample_weight sums to 0"),
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


def test_continuous_y_is_too_many_classes():
    rows = [[i / 4.0] for i in range(24)]
    msg = _message(DataError, SoftmaxRegression().fit, rows, [i * 0.5 for i in range(24)])
    assert "y has 24 classes for 24 rows" in msg and "y looks continuous" in msg, msg


def test_huge_sgd_weights_keep_an_epoch_short():
    from minilogit.core.logistic import weighted_examples
    assert len(weighted_examples([1e5] * 6)) == 60
    a = warnings_from(LogisticRegression(solver="sgd", max_iter=5).fit, X, Y, [1e5] * 6)[0]
    b = warnings_from(LogisticRegression(solver="sgd", max_iter=5).fit, X, Y, [10] * 6)[0]
    assert a.coef_ == b.coef_
