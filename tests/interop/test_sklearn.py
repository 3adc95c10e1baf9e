"""minilogit beside numpy, pandas and scikit-learn (``make interop``).

Run in their own virtual environment, ``.venv-interop``; ``make test``
does not collect this folder (tests/conftest.py). scikit-learn's
``check_estimator`` runs on the estimators it can judge (the GLM in each
family), each check one test; the expected failures, each with its reason,
are listed in EXPECTED_FAILURES (strict: a check listed there that passes
fails). The
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
                       LogisticRegression, NotFittedError, OneVsRest, SeparationWarning,
                       SoftmaxRegression)
from minilogit.datasets import load_breast_cancer
from minilogit.interop import DataConversionWarning

# check name -> why minilogit does otherwise, for each estimator's repr
P_GREATER_THAN_N = ("an unpenalised Newton/IRLS fit refuses more parameters than rows "
                    "(31 for 27 here): X'WX is singular and the MLE not unique")
ONE_ROW = ("an unpenalised IRLS fit refuses 1 row for 11 parameters, as for "
           "P_GREATER_THAN_N; the message says rows and parameters, not the '1 sample' "
           "the check looks for")
BINOMIAL_Y = ("the binomial family's y is 0 or 1 (or successes out of trials): the "
              "regressor checks draw real numbers, and the fit refuses them by name")
POISSON_Y = ("the poisson family's y is a count 0, 1, 2, ... (its likelihood has log y!): "
             "the regressor checks draw real numbers, and the fit refuses them by name")
# the checks that fit on the real numbers they draw as y (every one of them fails at fit,
# the no-decision-function check included: a GLM has none, test_a_glm_is_a_regressor)
FIT_ON_REAL_Y = ("check_regressors_train", "check_regressor_data_not_an_array",
                 "check_regressors_no_decision_function", "check_n_features_in",
                 "check_n_features_in_after_fitting", "check_fit_idempotent",
                 "check_fit_check_is_fitted")
BINOMIAL_FIT_ON_REAL_Y = FIT_ON_REAL_Y + (
    "check_fit_score_takes_y", "check_estimators_overwrite_params",
    "check_dont_overwrite_parameters", "check_estimators_fit_returns_self",
    "check_readonly_memmap_input", "check_positive_only_tag_during_fit",
    "check_estimators_dtypes", "check_sample_weights_pandas_series",
    "check_sample_weights_not_an_array", "check_sample_weights_list",
    "check_sample_weights_shape", "check_sample_weights_not_overwritten",
    "check_sample_weight_equivalence_on_dense_data", "check_dtype_object",
    "check_f_contiguous_array_estimator", "check_supervised_y_2d", "check_regressors_int",
    "check_non_transformer_estimators_n_iter", "check_methods_sample_order_invariance",
    "check_methods_subset_invariance", "check_fit2d_1feature", "check_dict_unchanged",
    "check_fit2d_predict1d")
EXPECTED_FAILURES = {
    "LogisticRegression()": {
        "check_sample_weight_equivalence_on_dense_data": P_GREATER_THAN_N},
    "SoftmaxRegression()": {
        "check_sample_weight_equivalence_on_dense_data": P_GREATER_THAN_N},
    "LeastSquaresClassifier()": {},
    "OneVsRest(estimator=LogisticRegression())": {},
    "GLM()": dict.fromkeys(BINOMIAL_FIT_ON_REAL_Y, BINOMIAL_Y),
    "GLM(family='poisson')": dict(dict.fromkeys(FIT_ON_REAL_Y, POISSON_Y),
                                  check_sample_weight_equivalence_on_dense_data=P_GREATER_THAN_N,
                                  check_fit2d_1sample=ONE_ROW),
    "GLM(family='gaussian')": {
        "check_sample_weight_equivalence_on_dense_data": P_GREATER_THAN_N},
}
ESTIMATORS = [LogisticRegression(), SoftmaxRegression(), LeastSquaresClassifier(),
              OneVsRest(LogisticRegression()), GLM(), GLM(family="poisson"),
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


CLASSIFIERS = [LogisticRegression(), SoftmaxRegression(), LeastSquaresClassifier(),
               OneVsRest(LogisticRegression())]


def test_roc_auc_of_a_binary_softmax_is_finite_and_logistic_regression_s(cancer):
    """Two classes: softmax's decision_function is one column, the log-odds of
    classes_[1], so scikit-learn's roc_auc reads it (it gave nan in every fold
    when it was two columns) and finds logistic regression's AUC."""
    X, y, _ = cancer
    softmax = cross_val_score(SoftmaxRegression(), X, y, scoring="roc_auc")
    logistic = cross_val_score(LogisticRegression(), X, y, scoring="roc_auc")
    assert all(math.isfinite(s) for s in softmax), softmax
    assert np.allclose(softmax, logistic, rtol=0, atol=1e-12), (softmax, logistic)
    assert 0.9 < min(softmax)


@pytest.mark.parametrize("model", CLASSIFIERS, ids=repr)
def test_calibrated_classifier_cv_fits_each_classifier(model, cancer):
    from sklearn.calibration import CalibratedClassifierCV
    X, y, _ = cancer
    calibrated = CalibratedClassifierCV(model, cv=3).fit(X, y)
    P = calibrated.predict_proba(X)
    assert P.shape == (len(y), 2) and np.all(np.isfinite(P))
    assert np.allclose(P.sum(axis=1), 1.0)
    assert calibrated.score(X, y) > 0.85


@pytest.mark.parametrize("model", CLASSIFIERS[:3], ids=repr)    # OneVsRest: predict_proba
def test_binary_decision_is_1d_and_positive_means_classes_1(model, cancer):
    """scikit-learn's contract: one column for two classes, > 0 where classes_[1] is
    predicted (roc_curve, CalibratedClassifierCV and the scorers read it so)."""
    X, y, _ = cancer
    labels = np.where(y == 1, "benign", "malignant")
    fitted = clone(model).fit(X, labels)
    d = fitted.decision_function(X)
    assert d.shape == (len(y),)
    assert np.array_equal(np.where(d > 0, fitted.classes_[1], fitted.classes_[0]),
                          fitted.predict(X))


@pytest.mark.parametrize("family", ["binomial", "poisson", "gaussian"])
def test_a_glm_is_a_regressor_without_decision_function(family, cancer):
    """What check_regressors_no_decision_function asks, on a y the family can have
    (the check's own real-valued y is refused by the binomial and poisson fits)."""
    X, y, _ = cancer
    model = GLM(family=family).fit(X, y + (family == "poisson"))
    for name in ("decision_function", "predict_proba", "predict_log_proba"):
        assert not hasattr(model, name), name
    eta = model.linear_predictor(X[:3])
    assert np.allclose(eta, model.intercept_ + X[:3] @ np.array(model.coef_), rtol=1e-12)


def test_glm_score_in_cross_validation_takes_the_exposure():
    """GLM.score(X, y, exposure=t) per fold, against scikit-learn's Poisson deviance
    with the null model R uses: the intercept-only fit with the fold's exposure,
    whose means are t_i sum(y) / sum(t). A fold scored without the exposure is
    refused, not scored as exposure 1."""
    from sklearn.metrics import mean_poisson_deviance
    rng = np.random.RandomState(3)
    X = rng.normal(size=(200, 2))
    t = rng.uniform(0.5, 4.0, size=200)
    y = rng.poisson(t * np.exp(0.3 + X @ [0.5, -0.4]))
    for train, test in StratifiedKFold(4).split(X, y > np.median(y)):
        m = GLM(family="poisson").fit(X[train], y[train], exposure=t[train])
        d2 = m.score(X[test], y[test], exposure=t[test])
        mu = m.predict(X[test], exposure=t[test])
        mu0 = t[test] * y[test].sum() / t[test].sum()
        want = 1 - mean_poisson_deviance(y[test], mu) / mean_poisson_deviance(y[test], mu0)
        assert math.isclose(d2, want, rel_tol=1e-9), (d2, want)
        with pytest.raises(DataError, match="fitted with an offset or exposure"):
            m.score(X[test], y[test])


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
    """A column mixing numbers and text (or holding objects) is refused, named
    with the entry that is not text and the first that is."""
    frame = pd.DataFrame({"age": [30, 40, 50, 60], "sex": ["m", 2, "m", "f"]})
    with pytest.raises(DataError, match=r"X column 'sex' \(column 1\) holds 2 in row 1 and "
                                        r"text \('m'\) in row 0: a column is numbers or text"):
        LogisticRegression().fit(frame, [0, 1, 0, 1])
    frame = pd.DataFrame({"age": [30, 40, 50, 60], "box": [object()] * 4})
    with pytest.raises(DataError, match=r"X column 'box' \(column 1\) holds <object"):
        LogisticRegression().fit(frame, [0, 1, 0, 1])


@pytest.mark.parametrize("entry, words", [
    (None, r"X\[1\]\[1\] is (None|nan) \(missing\), in column 'g'"),
    (pd.NA, r"X\[1\]\[1\] is (<NA>|nan) \(missing\), in column 'g'"),
    ("", r"X\[1\]\[1\] is '' \(empty\), in column 'g'"),
    (" ", r"X\[1\]\[1\] is ' ' \(empty\), in column 'g'"),
    (2.5, r"X column 'g' \(column 1\) holds 2.5 in row 1 and text \('a'\) in row 0"),
    ("b\x00", r"X\[1\]\[1\] is 'b\\x00', in text column 'g': text with a control"),
    ("caf\u00e9", r"column 'g' has two levels that print alike but differ in their Unicode")])
def test_an_entry_of_a_text_column_that_is_no_level_is_named(entry, words):
    """Issue 41: the entry named is the one at fault, not the column's first."""
    g = pd.Series(["a", entry, "cafe\u0301", "a", "cafe\u0301", "a"], dtype=object)
    frame = pd.DataFrame({"x": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0], "g": g})
    with pytest.raises(DataError, match=words):
        LogisticRegression().fit(frame, [0, 1, 0, 1, 1, 0])


def test_a_text_column_clashing_with_a_column_name_or_of_one_level_is_refused():
    frame = pd.DataFrame({"x": [0.0, 1.0, 2.0, 3.0], "g": ["a", "b", "a", "b"],
                          "g[b]": [1.0, 0.0, 0.0, 1.0]})
    with pytest.raises(DataError, match=r"the indicator column 'g\[b\]' of the level 'b'"):
        LogisticRegression().fit(frame, [0, 1, 0, 1])
    with pytest.raises(DataError, match="text column 'g' has one level, 'a'"):
        LogisticRegression().fit(frame.assign(g="a")[["x", "g"]], [0, 1, 0, 1])


def test_to_source_of_a_frame_fit_codes_raw_rows():
    frame = pd.DataFrame({"x": [float(i) for i in range(12)], "g": ["a", "b", "c"] * 4})
    model = LogisticRegression().fit(frame, [1, 0, 0, 1, 0, 1, 0, 1, 1, 0, 1, 0])
    module = {}
    exec(model.to_source(), module)
    assert module["predict_proba"](frame.values.tolist()) == model.predict_proba(frame).tolist()


def test_a_text_column_of_a_frame_is_coded_as_load_csv_codes_it(tmp_path):
    """A frame's text column: 0/1 columns against its first level (sorted),
    named column[level], the same numbers as load_csv's on the same table; the
    summary names the reference level; prediction codes new rows with the
    fit's levels and refuses one it did not see; JSON keeps the levels."""
    from minilogit.datasets import load_csv
    table = {"age": [30.0, 40.0, 50.0, 60.0, 35.0, 45.0, 55.0, 65.0, 32.0, 48.0],
             "region": ["south", "north", "west", "north", "south", "west", "north",
                        "south", "west", "north"]}
    y = [0, 1, 0, 1, 1, 0, 0, 1, 1, 0]
    frame = pd.DataFrame(table)
    model = LogisticRegression().fit(frame, y)
    assert list(model.feature_names_in_) == ["age", "region[south]", "region[west]"]
    assert model.categories_ == {"region": ["north", "south", "west"]}
    path = tmp_path / "t.csv"
    path.write_text("age,region,y\n" + "".join(
        "%r,%s,%d\n" % (a, r, c) for a, r, c in zip(table["age"], table["region"], y)))
    data = load_csv(str(path), target="y")
    same = LogisticRegression().fit(data.data, data.target)
    assert model.coef_ == same.coef_ and model.intercept_ == same.intercept_
    assert "region against 'north'" in " ".join(model.summary().split())
    assert np.allclose(model.predict_proba(frame.iloc[:3]), same.predict_proba(data.data[:3]))
    with pytest.raises(DataError, match="column 'region' holds 'east', a level the fit did not"):
        model.predict(pd.DataFrame({"age": [30.0], "region": ["east"]}))
    copy = LogisticRegression.from_json(model.to_json())
    assert np.allclose(copy.predict_proba(frame), model.predict_proba(frame))


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


def test_the_readme_data_frame_example_runs():
    """The README's ```python block with pandas (the one block that is not a
    doctest, since make test has no pandas) runs, and its summary names the
    row of the slope "dose", as the README's comment says."""
    import contextlib
    import io
    import os
    import re
    from minilogit import LogisticRegression
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    text = open(os.path.join(root, "README.md"), encoding="utf-8").read()
    blocks = [b for b in re.findall(r"^```python\n(.*?)^```", text, re.M | re.S)
              if "import pandas" in b]
    assert len(blocks) == 1
    namespace = {"LogisticRegression": LogisticRegression}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(blocks[0], namespace)
    table = out.getvalue().split("\n-")[-1].splitlines()[1:]      # below the rule
    assert [r.split()[0] for r in table if r[:1].isalpha()] == ["intercept", "dose"]
    namespace["search"].fit(namespace["frame"], [0, 0, 1, 0, 1, 1])
