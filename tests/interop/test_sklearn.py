"""minilogit beside numpy, pandas and scikit-learn (``make interop``).

Run in their own virtual environment, ``.venv-interop``; ``make test``
does not collect this folder (tests/conftest.py). scikit-learn's
``check_estimator`` runs on the four estimators it can judge, each check
one test; the few expected failures, each with its reason, are listed in
EXPECTED_FAILURES (strict: a check listed there that passes fails). The
other tests walk the user paths: cross-validation, a grid search over
lam, a pipeline, clone, data frames and their column names.
"""

import math
import warnings

import numpy as np
import pandas as pd
import pytest
from sklearn.base import clone
from sklearn.model_selection import GridSearchCV, StratifiedKFold, cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.utils.estimator_checks import parametrize_with_checks

from minilogit import (GLM, ConvergenceWarning, DataError, LeastSquaresClassifier,
                       LogisticRegression, NotFittedError, SeparationWarning, SoftmaxRegression)
from minilogit.datasets import load_breast_cancer
from minilogit.interop import DataConversionWarning

# check name -> why minilogit does otherwise, for each estimator's repr
P_GREATER_THAN_N = ("an unpenalised Newton/IRLS fit refuses more parameters than rows "
                    "(31 for 27 here): X'WX is singular and the MLE not unique")
K_SCORES = ("decision_function gives one score per class, K columns, also for K = 2 "
            "(eq. (25)); scikit-learn expects one column for two classes")
CUT_AT_HALF = ("decision_function is the fitted value x'beta of eq. (2), which predict "
               "cuts at threshold = 0.5, not at 0")
EXPECTED_FAILURES = {
    "LogisticRegression()": {
        "check_sample_weight_equivalence_on_dense_data": P_GREATER_THAN_N},
    "SoftmaxRegression()": {
        "check_classifiers_train": K_SCORES,
        "check_classifiers_classes": K_SCORES},
    "LeastSquaresClassifier()": {
        "check_classifiers_train": CUT_AT_HALF,
        "check_classifiers_classes": CUT_AT_HALF},
    "GLM(family='gaussian')": {
        "check_sample_weight_equivalence_on_dense_data": P_GREATER_THAN_N,
        "check_regressors_no_decision_function": (
            "decision_function is the linear predictor eta of eq. (37), the GLM's "
            "own method")},
}
ESTIMATORS = [LogisticRegression(), SoftmaxRegression(), LeastSquaresClassifier(),
              GLM(family="gaussian")]


with warnings.catch_warnings():     # "does not inherit from BaseEstimator": by design
    warnings.simplefilter("ignore", UserWarning)
    every_check = parametrize_with_checks(
        ESTIMATORS, expected_failed_checks=lambda e: EXPECTED_FAILURES[repr(e)],
        xfail_strict=True)


@every_check
def test_check_estimator(estimator, check):
    with warnings.catch_warnings():
        for category in (ConvergenceWarning, SeparationWarning):     # on the checks' data
            warnings.simplefilter("ignore", category)
        check(estimator)


def test_binary_only_estimator_is_tagged_so():
    from sklearn.utils import get_tags
    assert get_tags(LogisticRegression()).classifier_tags.multi_class is False
    assert get_tags(SoftmaxRegression()).classifier_tags.multi_class is True
    assert get_tags(GLM(family="gaussian")).estimator_type == "regressor"


@pytest.fixture(scope="module")
def cancer():
    """The breast-cancer data: its first five columns, standardized (a quick Newton fit)."""
    data = load_breast_cancer()
    X = np.array(data.data)[:, :5]
    X = (X - X.mean(axis=0)) / X.std(axis=0)
    return X, np.array(data.target), data.feature_names[:5]


def test_cross_val_score_is_five_direct_fits(cancer):
    X, y, _ = cancer
    scores = cross_val_score(LogisticRegression(), X, y)
    direct = [LogisticRegression().fit(X[train], y[train]).score(X[test], y[test])
              for train, test in StratifiedKFold(5).split(X, y)]
    assert list(scores) == direct
    assert 0.8 < min(scores) <= max(scores) <= 1.0


def test_neg_log_loss_is_finite(cancer):
    X, y, _ = cancer
    scores = cross_val_score(LogisticRegression(), X, y, scoring="neg_log_loss")
    assert all(math.isfinite(s) and s < 0 for s in scores), scores


def test_grid_search_over_lam_refits_the_best(cancer):
    X, y, _ = cancer
    search = GridSearchCV(LogisticRegression(penalty="l2"), {"lam": [0.01, 1.0, 100.0]})
    search.fit(X, y)
    best = search.best_params_["lam"]
    direct = LogisticRegression(penalty="l2", lam=best).fit(X, y)
    assert list(search.best_estimator_.coef_) == list(direct.coef_)
    assert search.best_estimator_.lam == best and len(search.cv_results_["params"]) == 3
    # the search tried every lam: a large one shrinks the coefficients
    big = LogisticRegression(penalty="l2", lam=100.0).fit(X, y)
    assert sum(c * c for c in big.coef_) < sum(c * c for c in direct.coef_) or best == 100.0


def test_pipeline_equals_a_fit_on_standardized_data():
    data = load_breast_cancer()
    X, y = np.array(data.data)[:, :5], np.array(data.target)
    pipe = make_pipeline(StandardScaler(), LogisticRegression()).fit(X, y)
    Z = StandardScaler().fit_transform(X)
    direct = LogisticRegression().fit(Z, y)
    assert list(pipe[-1].coef_) == list(direct.coef_)
    assert (pipe.predict(X) == direct.predict(Z)).all()
    assert pipe.score(X, y) == direct.score(Z, y) > 0.85


@pytest.mark.parametrize("model", [LogisticRegression(solver="irls", tol=1e-10),
                                   SoftmaxRegression(penalty="l2", lam=2.0), LeastSquaresClassifier(),
                                   GLM(family="poisson")])
def test_clone_fits_as_the_original(model, cancer):
    X, y, _ = cancer
    if isinstance(model, GLM):
        y = y * 2 + 1                                   # counts
    twin = clone(model)
    assert twin is not model and repr(twin) == repr(model)
    assert twin.get_params() == model.get_params()
    assert np.array_equal(twin.fit(X, y).predict(X), model.fit(X, y).predict(X))


def test_a_data_frame_names_the_coefficients(cancer):
    X, y, names = cancer
    frame = pd.DataFrame(X, columns=names)
    model = LogisticRegression().fit(frame, pd.Series(y, name="malignant"))
    assert list(model.feature_names_in_) == names
    assert model.feature_names_in_.dtype == object
    text = model.summary()
    for name in names:
        assert name in text, text
    assert "x0" not in text
    assert model.param_names_ == ["intercept"] + names
    # a frame with the columns in another order is refused, naming the problem
    with pytest.raises(DataError, match="same order as they were in fit"):
        model.predict(frame[names[::-1]])
    assert np.array_equal(model.predict(frame), model.predict(X))


def test_a_frame_s_columns_name_the_softmax_parameters_and_the_picture_s_axes():
    from minilogit import SoftmaxRegression, plot
    frame = pd.DataFrame({"age": [0.0, 1, 2, 3, 4, 5, 6, 7, 8, 1.5, 6.5, 3.5],
                          "dose": [1.0, 0, 2, 1, 3, 2, 5, 3, 4, 3, 0.5, 3.5]})
    m = SoftmaxRegression(reference_class="a").fit(frame, list("abcacbbcaacb"))
    assert m.param_names_[:3] == ["intercept['b']", "age['b']", "dose['b']"]
    binary = LogisticRegression().fit(frame, [0, 1, 1, 0, 1, 1, 1, 1, 0, 0, 1, 0])
    svg = str(plot.decision_boundary_plot(binary, frame.values.tolist(),
                                          [0, 1, 1, 0, 1, 1, 1, 1, 0, 0, 1, 0]))
    assert ">age<" in svg and ">dose<" in svg and ">x1<" not in svg


def test_warnings_of_a_frame_fit_point_at_the_caller():
    frame = pd.DataFrame({"age": [0.0, 1, 2, 3, 4, 5], "dose": [1.0, 0, 2, 1, 3, 2]})
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        LogisticRegression(max_iter=1).fit(frame, [0, 1, 0, 1, 1, 0])
    assert [w.filename for w in caught] == [__file__], [(w.filename, w.lineno) for w in caught]


def test_a_non_numeric_column_is_named():
    frame = pd.DataFrame({"age": [30, 40, 50, 60], "sex": ["m", "f", "m", "f"]})
    with pytest.raises(DataError, match=r"X column 'sex' \(column 1\) holds 'm' in row 0"):
        LogisticRegression().fit(frame, [0, 1, 0, 1])


def test_arrays_in_arrays_out_lists_in_lists_out(cancer):
    X, y, _ = cancer
    model = LogisticRegression().fit(X, y)
    for method in (model.predict, model.predict_proba, model.decision_function):
        assert isinstance(method(X[:3]), np.ndarray)
        assert isinstance(method(X[:3].tolist()), list)
        assert np.allclose(np.asarray(method(X[:3])), np.asarray(method(X[:3].tolist())))
    assert model.predict_proba(X[:3]).shape == (3, 2)
    assert isinstance(model.classes_, np.ndarray)
    labels = LogisticRegression().fit(X, y == 1).classes_
    assert labels.dtype == bool and list(labels) == [False, True]


@pytest.mark.parametrize("dtype", ["float32", "float64", "int32", "int64", "uint8", "bool"])
def test_any_real_dtype_fits_as_floats(dtype):
    X = np.array([[0, 1], [1, 0], [1, 1], [0, 0], [1, 0], [0, 1]]).astype(dtype)
    y = [0, 1, 0, 1, 1, 0]
    a = LogisticRegression(penalty="l2").fit(X, y)
    b = LogisticRegression(penalty="l2").fit(X.astype(float).tolist(), y)
    assert a.coef_ == b.coef_


def test_numpy_scalars_are_parameters():
    X, y = [[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1]
    a = LogisticRegression(max_iter=np.int64(50), lam=np.float32(0.5), penalty="l2",
                           tol=np.float64(1e-9)).fit(X, y)
    b = LogisticRegression(max_iter=50, lam=0.5, penalty="l2", tol=1e-9).fit(X, y)
    assert a.coef_ == b.coef_


def test_complex_sparse_and_column_y():
    X = np.array([[0.0], [1.0], [2.0], [3.0]])
    y = np.array([0, 1, 0, 1])
    with pytest.raises(DataError, match="Complex data not supported"):
        LogisticRegression().fit(X + 1j, y)
    from scipy import sparse
    with pytest.raises(DataError, match="sparse"):
        LogisticRegression().fit(sparse.csr_matrix(X), y)
    with pytest.warns(DataConversionWarning, match="column-vector y") as caught:
        column = LogisticRegression().fit(X, y.reshape(-1, 1))
    assert caught[0].filename == __file__                 # the line that called fit
    assert column.coef_ == LogisticRegression().fit(X, y).coef_


def test_not_fitted_is_what_sklearn_catches():
    from sklearn.exceptions import NotFittedError as SklearnNotFitted
    with pytest.raises(SklearnNotFitted):
        LogisticRegression().predict(np.zeros((2, 1)))
    assert issubclass(NotFittedError, AttributeError) and issubclass(NotFittedError, ValueError)


def test_set_params_and_repr():
    model = LogisticRegression().set_params(solver="irls", lam=2.0)
    assert repr(model) == "LogisticRegression(solver='irls', lam=2.0)"
    with pytest.raises(ValueError, match="Invalid parameter 'alpha'"):
        model.set_params(alpha=1.0)


def test_glm_score_is_r2_for_the_gaussian():
    from sklearn.metrics import r2_score
    rng = np.random.RandomState(0)
    X = rng.normal(size=(40, 2))
    y = X @ [1.0, -2.0] + rng.normal(size=40)
    model = GLM(family="gaussian").fit(X, y)
    assert math.isclose(model.score(X, y), r2_score(y, model.predict(X)), rel_tol=1e-12)


def test_a_frame_names_its_columns_in_failures_and_in_json():
    frame = pd.DataFrame({"age": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
                          "twice": [2.0, 4.0, 6.0, 8.0, 10.0, 12.0]})
    model = LogisticRegression()
    with pytest.raises(DataError, match=r"column 1 of X \('twice'\) is a linear combination"):
        model.fit(frame, [0, 0, 1, 0, 1, 1])
    assert "'twice'" in model.explain()
    fitted = LogisticRegression().fit(frame[["age"]], [0, 0, 1, 0, 1, 1])
    copy = LogisticRegression.from_json(fitted.to_json())
    assert copy.feature_names_in_ == ["age"]
    assert list(copy.predict_proba(frame[["age"]])[:, 1]) == \
        list(fitted.predict_proba(frame[["age"]])[:, 1])


def test_multilabel_takes_a_label_table_array():
    from minilogit import MultiLabelClassifier
    X = np.array([[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]])
    Y = np.array([[0, 1], [1, None], [0, 0], [1, 1], [0, None], [1, 0]], dtype=object)
    a = MultiLabelClassifier().fit(X, Y)
    b = MultiLabelClassifier().fit(X.tolist(), Y.tolist())
    assert a.coef_ == b.coef_
    assert isinstance(a.predict(X), np.ndarray) and a.predict(X).shape == (6, 2)
    assert a.predict(X).tolist() == b.predict(X.tolist())
