"""scikit-learn's estimator protocol and array input, without numpy or scikit-learn.

``get_params``, ``set_params``, ``score`` and the repr work everywhere;
``minilogit.interop`` reads arrays through ``Table``, its stand-in for a
numpy array (what numpy and pandas do with it is tests/interop's, run by
``make interop``).
"""

import sys

from helpers import EPS, FIT, raises, warnings_from
from minilogit import (GLM, DataError, LeastSquaresClassifier, LogisticRegression,
                       NotFittedError, OneVsRest, SoftmaxRegression)
from minilogit.core.checks import check_number
from minilogit.interop import DataConversionWarning, Table, read_X, read_y, set_params
from minilogit.models._base import clone

X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]]
Y = [0, 0, 1, 0, 1, 1]
MICROPYTHON = sys.implementation.name == "micropython"


class Scalar:
    """A stand-in for a numpy scalar: ndim 0, and item() gives its Python number."""

    ndim = 0

    def __init__(self, value):
        self.value = value

    def item(self):
        return self.value


def test_repr_shows_the_parameters_that_differ_from_the_defaults():
    assert repr(LogisticRegression()) == "LogisticRegression()"
    assert repr(LogisticRegression(solver="irls")) == "LogisticRegression(solver='irls')"
    assert repr(GLM(family="gaussian", max_iter=5)) == "GLM(family='gaussian', max_iter=5)"
    assert repr(OneVsRest(LogisticRegression(lam=2.0))) == \
        "OneVsRest(estimator=LogisticRegression(lam=2.0))"
    from minilogit.core import LogisticRegression as Core, SoftmaxRegression as CoreSoftmax
    assert repr(Core(solver="gd", lam=0.5)) == "LogisticRegression(solver='gd', lam=0.5)"
    assert repr(CoreSoftmax()) == "SoftmaxRegression()"     # the class a student reads


def test_a_parameter_the_constructor_does_not_take_is_named_with_the_ones_it_does():
    e = raises(TypeError, lambda: LogisticRegression(C=1.0))
    assert str(e).startswith("LogisticRegression takes no parameter 'C' (scikit-learn's "
                             "LogisticRegression(C=...) is penalty='l2', lam=1/(2C) here"), e
    e = raises(TypeError, lambda: SoftmaxRegression(max_iters=5))
    assert str(e).startswith("SoftmaxRegression takes no parameter 'max_iters'; its "
                             "parameters are solver, penalty, lam,"), str(e)
    e = raises(TypeError, lambda: GLM(family="poisson", alpha=1.0))
    assert "'alpha'" in str(e) and "family, link" in str(e), str(e)
    assert LogisticRegression(max_iter=3).max_iter == 3      # the ones it takes pass


def test_get_params_deep_and_set_params():
    m = LogisticRegression(lam=3.0)
    assert m.get_params(deep=True) == m.get_params(deep=False) == m.get_params()
    assert m.set_params(lam=0.5, solver="irls") is m
    assert (m.lam, m.solver) == (0.5, "irls")
    ovr = OneVsRest(LogisticRegression())
    assert ovr.get_params()["estimator__lam"] is None      # 1.0 once a penalty is named
    assert list(ovr.get_params(deep=False)) == ["estimator"]
    ovr.set_params(estimator__lam=4.0)
    assert ovr.estimator.lam == 4.0 and clone(ovr).estimator.lam == 4.0
    e = raises(DataError, set_params, LogisticRegression(), {"alpha": 1.0})
    assert "Invalid parameter 'alpha' for estimator LogisticRegression()" in str(e), str(e)
    assert "'lam'" in str(e), str(e)


def test_score_is_accuracy_or_the_share_of_deviance_explained():
    m = LogisticRegression().fit(X, Y)
    predicted = m.predict(X)
    hits = [p == t for p, t in zip(predicted, Y)]
    assert m.score(X, Y) == sum(hits) / len(Y)
    w = [1.0, 2.0, 1.0, 3.0, 1.0, 1.0]
    assert m.score(X, Y, sample_weight=w) == sum(w_i for w_i, h in zip(w, hits) if h) / sum(w)
    for model in (SoftmaxRegression(), LeastSquaresClassifier()):
        assert 0.0 <= model.fit(X, Y).score(X, Y) <= 1.0
    y = [1.0, 2.5, 2.0, 4.5, 5.0, 5.5]
    g = GLM(family="gaussian").fit(X, y)
    mean = sum(y) / len(y)
    rss = sum((t - p) ** 2 for t, p in zip(y, g.predict(X)))
    tss = sum((t - mean) ** 2 for t in y)
    assert abs(g.score(X, y) - (1.0 - rss / tss)) < 1e-6          # R^2 for the gaussian


def test_numpy_like_scalars_are_parameters():
    """A numpy scalar is checked as its Python number (fits with numpy's own
    scalars are tests/interop's)."""
    assert check_number(Scalar(5), "max_iter", "an integer", integer=True) == 5
    assert check_number(Scalar(0.5), "lam", "a number >= 0", lambda v: v >= 0) == 0.5
    e = raises(DataError, LogisticRegression(max_iter=Scalar(2.5)).fit, X, Y)
    assert "max_iter must be a non-negative integer" in str(e), str(e)


def test_not_fitted_error_is_what_scikit_learn_catches():
    e = raises(NotFittedError, LogisticRegression().predict, X)
    assert isinstance(e, ValueError) and "not fitted yet" in str(e)
    if not MICROPYTHON:          # one builtin base a class there
        assert isinstance(e, AttributeError)
        assert not hasattr(LogisticRegression(), "trace_")
    e = raises(NotFittedError, lambda: LogisticRegression().trace_)
    assert "has no trace" in str(e), str(e)        # its own message, not a bare AttributeError


def test_arrays_are_read_as_rows():
    assert read_X(Table([[1.0, 2.0], [3.0, 4.0]])) == ([[1.0, 2.0], [3.0, 4.0]], None, {})
    assert read_X(X) == (X, None, {})
    e = raises(DataError, read_X, Table([[1.0]], kind="c"))
    assert str(e).startswith("Complex data not supported: X has dtype complex128"), str(e)
    e = raises(DataError, read_X, Table([1.0, 2.0]))
    assert "Expected 2D array, got 1D array instead: X has shape (2,)" in str(e), str(e)
    e = raises(DataError, read_X, Table([[], []]))
    assert "X has 2 rows but no columns" in str(e), str(e)

    class Sparse:
        nnz = 1

        def toarray(self):
            return [[1.0]]
    e = raises(DataError, read_X, Sparse())
    assert "X is a sparse matrix (Sparse)" in str(e), str(e)


def test_y_is_read_as_a_list():
    m = LogisticRegression()
    assert read_y([0, 1], m) == [0, 1]
    assert read_y(Table([0.0, 1.0]), m) == [0.0, 1.0]
    values, ws = warnings_from(read_y, Table([[0.0], [1.0]]), m)
    assert values == [0.0, 1.0]
    assert len(ws) == 1 and isinstance(ws[0], DataConversionWarning), ws
    assert "A column-vector y was passed" in str(ws[0])
    e = raises(DataError, read_y, None, m)
    assert "requires y to be passed, but the target y is None" in str(e), str(e)
    e = raises(DataError, read_y, Table([0.0, 1.0, 2.0]), m)
    assert str(e).startswith("Only binary classification is supported. y has 3 classes")
    assert read_y(Table([0.0, 1.0, 2.0]), SoftmaxRegression()) == [0.0, 1.0, 2.0]
    e = raises(DataError, read_y, Table([0.0, 0.5]), m)
    assert str(e).startswith("Unknown label type: y[1] is 0.5"), str(e)
    assert read_y(Table([0.25, 0.5]), GLM(family="gaussian")) == [0.25, 0.5]


def test_fit_and_predict_take_arrays():
    if MICROPYTHON:
        return          # the methods are the core's there: no numpy to read
    rows = [[v] for v in range(6)]
    a = LogisticRegression().fit(Table([[float(v)] for v in range(6)]), Table(Y))
    b = LogisticRegression().fit(rows, Y)
    assert a.coef_ == b.coef_
    assert a.predict(Table(X)) == b.predict(X)        # a list: numpy is not loaded here
    assert a.score(Table(X), Table(Y)) == b.score(X, Y)
    assert not hasattr(a, "feature_names_in_")
    e = raises(DataError, a.predict, Table([[1.0, 2.0]]))
    assert str(e) == "X has 2 features, but LogisticRegression is expecting 1 features " \
        "as input", str(e)
    w = Table([1.0, 2.0, 1.0, 1.0, 1.0, 3.0])
    assert LogisticRegression().fit(X, Y, sample_weight=w).coef_ == \
        LogisticRegression().fit(X, Y, sample_weight=w.rows).coef_


def test_column_names_name_the_summary_rows_and_travel_through_json():
    """feature_names_in_ (set by a fit on a data frame; here by hand) names the
    coefficients of summary() and is kept by to_json and from_json."""
    m = LogisticRegression().fit(X, Y)
    m.feature_names_in_ = ["dose"]
    assert m.param_names_ == ["intercept", "dose"]
    assert "\ndose " in m.summary(), m.summary()
    text = m.to_json()
    copy = LogisticRegression.from_json(text)
    assert copy.feature_names_in_ == ["dose"] and copy.predict(X) == m.predict(X)
    e = raises(DataError, LogisticRegression.from_json, text.replace('["dose"]', '[7]'))
    assert "fitted.feature_names_in_ must be a list of 1 names (strings)" in str(e), \
        str(e)
    plain_copy = LogisticRegression.from_json(LogisticRegression().fit(X, Y).to_json())
    assert not hasattr(plain_copy, "feature_names_in_")
    source = m.to_source()
    assert "\nFEATURE_NAMES = ['dose']\n" in source, source
    assert "FEATURE_NAMES" not in plain_copy.to_source()
    space = {}
    exec(source, space)
    assert space["predict"](X) == m.predict(X)


def test_binary_decision_is_one_number_a_row_positive_for_classes_1():
    """Two classes: decision_function gives one number per row (not a row of two),
    > 0 where the model predicts classes_[1] and < 0 where it predicts classes_[0];
    softmax's is a_1 - a_0, the log-odds: logistic regression's, and logit p_1."""
    import math
    Xd = [[-2.0], [-1.0], [-0.5], [0.5], [1.0], [2.0], [0.0], [1.5]]
    yd = ["no", "no", "yes", "no", "yes", "yes", "no", "yes"]
    models = [m.fit(Xd, yd) for m in (LogisticRegression(), SoftmaxRegression(),
                                      LeastSquaresClassifier(),
                                      LeastSquaresClassifier(threshold=0.3),
                                      SoftmaxRegression(penalty="l2"))]
    new = Xd + [[-3.0], [0.25], [3.0]]
    for m in models:
        d = m.decision_function(new)
        assert len(d) == len(new) and all(isinstance(v, float) for v in d), (m, d)
        for v, label in zip(d, m.predict(new)):
            assert v != 0.0, (m, d)
            assert label == m.classes_[1 if v > 0 else 0], (m, v, label)
    logistic, softmax = models[0].decision_function(new), models[1].decision_function(new)
    assert max(abs(a - b) for a, b in zip(logistic, softmax)) < max(1e-6, FIT), \
        (logistic, softmax)
    for a, (p0, p1) in zip(softmax, models[1].predict_proba(new)):
        assert abs(a - math.log(p1 / p0)) <= max(1e-9, 16 * EPS) * (1 + abs(a)), (a, p0, p1)
    three = SoftmaxRegression(penalty="l2").fit(X, [0, 0, 1, 2, 1, 2])
    assert [len(row) for row in three.decision_function(X[:2])] == [3, 3]


def test_least_squares_decision_is_the_fitted_value_less_the_threshold():
    """fitted_value is x'beta of eq. (2); decision_function is x'beta - threshold."""
    for t in (0.5, 0.3):
        m = LeastSquaresClassifier(threshold=t).fit(X, Y)
        f = m.fitted_value(X)
        assert m.decision_function(X) == [v - t for v in f]
        assert [abs(v - (m.intercept_ + m.coef_[0] * x[0])) < 1e-12 for v, x in zip(f, X)] \
            == [True] * len(X)
    three = LeastSquaresClassifier().fit(X, [0, 0, 1, 2, 1, 2])
    assert three.decision_function(X) == three.fitted_value(X)          # the K fitted values
    m.threshold = "half"                   # set after the fit: checked where it is used
    e = raises(DataError, m.decision_function, X)
    assert "threshold must be a finite number, got 'half'" in str(e), str(e)


def test_every_estimator_sets_n_features_in():
    from minilogit import MultiLabelClassifier
    X2 = [[x[0], x[0] * x[0]] for x in X]
    fitted = [m.fit(X2, Y) for m in (LogisticRegression(), SoftmaxRegression(),
                                     LeastSquaresClassifier(), OneVsRest(LogisticRegression()),
                                     GLM())]
    fitted.append(MultiLabelClassifier().fit(X2, [[y, 1 - y] for y in Y]))
    for m in fitted:
        assert m.n_features_in_ == 2, m
    ovr = fitted[3]
    e = raises(DataError, ovr.predict, X)
    assert "X has 1 columns, the model was fitted with 2" in str(e), str(e)


def test_glm_score_takes_the_offset_and_exposure_it_was_fitted_with():
    """D^2 with the exposure is 1 - deviance_ / null_deviance_ on the fit's data (R's null
    model keeps the offset); offset=log t is the same model; without them it is refused."""
    import math
    y = [2, 3, 6, 7, 4, 9]
    t = [1.0, 2.0, 2.0, 1.0, 3.0, 2.0]
    m = GLM(family="poisson").fit(X, y, exposure=t)
    d2 = m.score(X, y, exposure=t)
    assert abs(d2 - (1.0 - m.deviance_ / m.null_deviance_)) < 1e-9, (d2, m.deviance_)
    log_t = [math.log(v) for v in t]
    assert abs(m.score(X, y, offset=log_t) - d2) < 1e-9
    e = raises(DataError, m.score, X, y)
    assert "fitted with an offset or exposure: pass score(X, y, offset=..., " \
        "exposure=...)" in str(e), str(e)
    plain = GLM(family="poisson").fit(X, y)                    # no offset: the mean of y
    assert abs(plain.score(X, y) - (1.0 - plain.deviance_ / plain.null_deviance_)) < 1e-9


def test_a_glm_has_no_decision_function():
    """A regressor: its linear predictor eta of eq. (37) is linear_predictor."""
    g = GLM(family="poisson").fit(X, [1, 0, 2, 3, 2, 6])
    assert not hasattr(g, "decision_function")
    eta = g.linear_predictor(X[:2])
    assert [abs(e - (g.intercept_ + g.coef_[0] * x[0])) < 1e-12 for e, x in zip(eta, X)] \
        == [True, True]
