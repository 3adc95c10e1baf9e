"""Inference, ridge and weights on every runtime.

Reference numbers: statsmodels 0.15.0, ``sm.Logit(y, sm.add_constant(X)).fit()``
on the breast-cancer columns mean_radius, mean_texture, mean_smoothness
(see tests/test_inference.py for the full call); the ridge optimum is
tests/data/breast_cancer.json's ``l2_penalized_exact`` (lam = 0.5 here).
"""

from helpers import (EPS, FIT, TOY_X, TOY_Y, X2, Y2, assert_close, breast_cancer,
                     coefficients, fit, raises, warnings_from)

from minilogit import DataError, InferenceError, LogisticRegression
from minilogit.datasets import standardize

SM_PARAMS = [42.01940764491585, -1.396992408096015, -0.380558926265896, -144.6742271150145]
SM_BSE = [4.45942686617636, 0.15403240976522756, 0.05711324665350602, 19.046875088981047]
SM_PVALUES = [4.400424897876262e-21, 1.1959669979486408e-19, 2.6786666972897505e-11,
              3.061481559890566e-14]
SM_LLF, SM_LLNULL, SM_BIC = -93.64511135892462, -375.7200027320281, 212.66574445435458
SM_LLR_PVALUE = 5.954375953143361e-122
RIDGE_OBJECTIVE = 37.75894596187597


def test_logit_inference_matches_statsmodels():
    d = breast_cancer().columns(["mean_radius", "mean_texture", "mean_smoothness"])
    m, ws = fit(LogisticRegression(), d.data, d.target)
    assert ws == [], ws
    assert_close(m.params_, SM_PARAMS, rel=max(1e-6, FIT), what="params")
    assert_close(m.bse_, SM_BSE, rel=max(1e-6, FIT), what="bse")
    # a normal tail probability moves by z^2 times z's relative error (z ~ 9 here)
    z2 = max(z * z for z in m.zvalues_)
    assert_close(m.pvalues_, SM_PVALUES, rel=max(1e-6, z2 * FIT), what="pvalues")
    # (in single precision the literal SM_LLR_PVALUE, 6e-122, is 0.0, as is the result)
    assert_close([m.llf_, m.llnull_, m.bic_, m.llr_pvalue_],
                 [SM_LLF, SM_LLNULL, SM_BIC, SM_LLR_PVALUE], rel=max(1e-6, 16 * EPS),
                 what="llf, llnull, bic")
    assert "Log-likelihood:" in m.summary() and "-93.6451" in m.summary()


def test_inference_is_one_object_made_once_that_the_attributes_read():
    """inference_ is an Inference, made on first use and kept; every fact and
    statistic of it is the model's attribute of the same name; a refit makes a
    new one; a model without data to make one from says why."""
    from minilogit.inference import Inference
    m = LogisticRegression().fit(TOY_X, TOY_Y)
    assert "_inference_" not in m.__dict__                   # fitting made none
    inference = m.inference_
    assert isinstance(inference, Inference) and m.inference_ is inference
    for name in Inference.FACTS + Inference.STATISTICS:
        assert getattr(m, name) == getattr(inference, name), name
    assert m.conf_int(0.1) == inference.conf_int(0.1) and m.summary() == inference.summary()
    assert "_loss" in m.__dict__          # the training data, kept (robust(), lr_test(), ...)
    m.fit(X2, Y2)
    assert m.inference_ is not inference and m.params_ == coefficients(m)
    e = raises(InferenceError, getattr, LogisticRegression().fit_stream(
        lambda: iter(list(zip(TOY_X, TOY_Y))), [0, 1], epochs=2), "llf_")
    assert "fit_stream ran 2 epochs" in str(e), str(e)


def test_penalised_fit_has_no_standard_errors():
    m, _ = fit(LogisticRegression(penalty="l2", lam=1.0), X2, Y2)
    e = raises(InferenceError, lambda: m.bse_)
    assert "penalised" in str(e), str(e)
    assert "No standard errors" in m.summary()


def test_ridge_newton_reaches_the_exact_optimum():
    X, y = breast_cancer()
    Z, _, _ = standardize(X)
    m, ws = fit(LogisticRegression(penalty="l2", lam=0.5), Z, y)
    assert ws == [] and m.converged_, ws
    # a sum of 569 terms: known to a few EPS in single precision
    assert_close(m.history_[-1], RIDGE_OBJECTIVE, rel=max(1e-9, 16 * EPS), what="objective")


def test_integer_weights_are_repeated_rows():
    w = [1, 2, 0, 3, 1, 1, 2, 1, 1, 2, 1, 1]
    Xr = [row for row, k in zip(TOY_X, w) for _ in range(k)]
    yr = [v for v, k in zip(TOY_Y, w) for _ in range(k)]
    newton_w = LogisticRegression().fit(TOY_X, TOY_Y, sample_weight=w)
    newton_r = LogisticRegression().fit(Xr, yr)
    assert_close(coefficients(newton_w), coefficients(newton_r), rel=1e-9, what="newton")
    assert_close(newton_w.bse_, newton_r.bse_, rel=max(1e-9, 8 * EPS), what="bse")
    sgd_w, _ = warnings_from(LogisticRegression(solver="sgd").fit, TOY_X, TOY_Y, sample_weight=w)
    sgd_r, _ = warnings_from(LogisticRegression(solver="sgd").fit, Xr, yr)
    assert coefficients(sgd_w) == coefficients(sgd_r)          # the same arithmetic


def test_bad_weights():
    e = raises(DataError, LogisticRegression().fit, TOY_X, TOY_Y, sample_weight=[1] * 11)
    assert "sample_weight has 11 entries" in str(e), str(e)
    e = raises(DataError, LogisticRegression().fit, TOY_X, TOY_Y, sample_weight=[-1] + [1] * 11)
    assert "weights must be >= 0" in str(e), str(e)
    e = raises(DataError, LogisticRegression(penalty="l1").fit, TOY_X, TOY_Y)
    assert "solver='cd' or solver='proximal'" in str(e), str(e)


def test_dir_lists_the_inference_attributes():
    """Tab completion finds summary and the statistics (properties of the class)."""
    from minilogit import GLM, SoftmaxRegression
    X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]]
    for model, y in ((LogisticRegression(), [0, 0, 1, 0, 1, 1]),
                     (SoftmaxRegression(), [0, 1, 2, 0, 1, 2]), (GLM(), [0, 0, 1, 0, 1, 1])):
        names = dir(model.fit(X, y))
        for name in ("summary", "bse_", "pvalues_", "conf_int", "coef_", "explain"):
            assert name in names, (type(model).__name__, name)
