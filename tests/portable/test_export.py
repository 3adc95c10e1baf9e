"""Export on every runtime: to_source's module, run with exec() in a fresh
namespace, gives the model's own probabilities bit for bit (compared as
repr strings); to_json / from_json round-trip exactly.
"""

from helpers import TOY_X, TOY_Y, X2, Y2, breast_cancer, fit, raises

from minilogit import (GLM, DataError, LeastSquaresClassifier, LogisticRegression,
                       MultiLabelClassifier, NotFittedError, OneVsRest, SoftmaxRegression)
from minilogit.datasets import load_iris
from minilogit.export import to_source
from minilogit.jsonio import from_json, to_json

# Rows beyond the data: scores in the hundreds, where the sigmoid and the
# softmax take their far branches (probabilities 0.0 and 1.0 exactly).
FAR = [[300.0, -200.0], [-1e3, 1e3], [0.0, 0.0], [1e-300, -2.5]]
THREE_X = [[(i - 4.0) / 2.0, (i % 3) - 1.0] for i in range(9)]
THREE_Y = ["a", "a", "b", "a", "b", "c", "b", "c", "c"]


def _module(model):
    """Run to_source(model) in a fresh namespace; return that namespace."""
    namespace = {}
    exec(to_source(model), namespace)
    return namespace


def _same_predictions(model, rows):
    module = _module(model)
    got, want = module["predict_proba"](rows), model.predict_proba(rows)
    assert repr(got) == repr(want), (got, want)
    assert module["predict"](rows) == model.predict(rows)


def test_source_binary_model():
    model, _ = fit(LogisticRegression(), X2, ["no" if v == 0 else "yes" for v in Y2])
    _same_predictions(model, X2 + FAR)
    assert _module(model)["CLASSES"] == ["no", "yes"]
    model, _ = fit(LogisticRegression(fit_intercept=False, penalty="l2", lam=0.5), X2, Y2)
    _same_predictions(model, X2 + FAR)


def test_source_breast_cancer_three_features():
    data = breast_cancer()
    X = [row[:3] for row in data.data]
    model, _ = fit(LogisticRegression(), X, data.target)
    _same_predictions(model, X)


def test_source_softmax_model():
    model, _ = fit(SoftmaxRegression(), THREE_X, THREE_Y)
    _same_predictions(model, THREE_X + FAR)
    X, y = load_iris()
    model, _ = fit(SoftmaxRegression(), X, y)
    _same_predictions(model, X)


def test_source_one_vs_rest_and_multilabel():
    model, _ = fit(OneVsRest(LogisticRegression()), THREE_X, THREE_Y)
    _same_predictions(model, THREE_X + FAR)
    Y = [[0, 1], [1, None], [0, 0], [1, 1], [0, 1], [1, 0], [1, 0], [0, 0], [1, 1]]
    model, _ = fit(MultiLabelClassifier(), THREE_X, Y)
    _same_predictions(model, THREE_X + FAR)


def _round_trip(model, rows, fitted):
    copy = from_json(to_json(model), type(model))
    assert type(copy) is type(model)
    for name in model._PARAMS:
        assert getattr(copy, name) == getattr(model, name), name
        assert type(getattr(copy, name)) is type(getattr(model, name)), name
    for name in fitted:
        assert repr(getattr(copy, name)) == repr(getattr(model, name)), name
    for method in ("predict_proba", "predict", "decision_function"):
        if hasattr(model, method):
            assert repr(getattr(copy, method)(rows)) == repr(getattr(model, method)(rows)), method
    return copy


def test_json_round_trips():
    fitted = ("classes_", "n_features_in_", "intercept_", "coef_", "n_iter_", "converged_")
    model, _ = fit(LogisticRegression(class_weight={0: 2, 1: 0.5}, tol=1e-10), X2, Y2)
    copy = _round_trip(model, X2 + FAR, fitted)
    assert copy.class_weight == {0: 2, 1: 0.5}
    model, _ = fit(LogisticRegression(solver="gd", max_iter=50), TOY_X, TOY_Y)
    _round_trip(model, TOY_X, fitted)
    model, _ = fit(SoftmaxRegression(reference_class="b", penalty=None), THREE_X, THREE_Y)
    _round_trip(model, THREE_X + FAR, fitted)
    glm_fitted = ("n_features_in_", "intercept_", "coef_", "n_iter_", "converged_")
    model, _ = fit(GLM(link="probit"), X2, Y2)
    _round_trip(model, X2, glm_fitted)
    model, _ = fit(GLM(family="poisson"), TOY_X, [0, 1, 0, 2, 1, 3, 2, 1, 4, 3, 5, 2])
    _round_trip(model, TOY_X, glm_fitted)
    for y in (Y2, ["p", "q", "r", "p", "q", "r", "p", "q", "r", "p", "q", "r"]):
        model, _ = fit(LeastSquaresClassifier(), X2, y)
        _round_trip(model, X2, ("classes_", "n_features_in_", "intercept_", "coef_"))


def test_export_errors():
    e = raises(NotFittedError, to_source, LogisticRegression())
    assert "not fitted yet" in str(e), str(e)
    e = raises(NotFittedError, to_json, SoftmaxRegression())
    assert "not fitted yet" in str(e), str(e)
    model, _ = fit(GLM(), X2, Y2)
    e = raises(DataError, to_source, model)
    assert "not a GLM" in str(e), str(e)
    model, _ = fit(LogisticRegression(), X2, [(v, "x") for v in Y2])
    e = raises(DataError, to_json, model)
    assert "a tuple: JSON cannot give it back unchanged" in str(e), str(e)
    e = raises(DataError, from_json, "{not json", LogisticRegression)
    assert "cannot parse it" in str(e), str(e)
