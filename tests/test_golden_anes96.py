"""Golden test: Anes96, the baseline-category (multinomial logit) model.

Reference: Stata 11's "mlogit PID logpopul selfLR age educ income, baseoutcome(0)"
(checked by statsmodels against R's nnet), as shipped in statsmodels 0.15.0's
test suite: statsmodels/discrete/tests/results/results_discrete.py,
Anes.mnlogit_basezero. Stata prints an equation per class 1..6 as
[logpopul, selfLR, age, educ, income, _cons]; minilogit's params_ put the
intercept first in each. statsmodels' own MNLogit(...).fit(method="newton")
takes 7 Newton iterations.

Tolerance: 1e-6 relative (Stata's coefficients are printed with 7 or 8
significant digits, so rounding alone leaves up to 7e-7; measured: 6.1e-7 on
the coefficients, 1.2e-8 on the standard errors, 4e-11 on llf, AIC and BIC).
"""

import pytest

from golden import anes96, max_rel

from minilogit import ConvergenceWarning, InferenceError, SoftmaxRegression

REL = 1e-6
STATSMODELS_ITER = 7

STATA_PARAMS = [
    -.01153598, .29771435, -.024945, .08249144, .00519655, -.37340167, -.08875065, .39166864,
    -.02289784, .18104276, .04787398, -2.2509132, -.1059667, .57345051, -.01485121, -.00715242,
    .05757516, -3.6655835, -.0915567, 1.2787718, -.00868135, .19982796, .08449838, -7.6138431,
    -.0932846, 1.3469616, -.01790407, .21693885, .08095841, -7.0604782, -.14088069, 2.0700801,
    -.00943265, .3219257, .10889408, -12.105751]
STATA_BSE = [
    .0342823657, .093626795, .0065248584, .0735865799, .0176336937, .6298376313, .0391615553,
    .1082386919, .0079144618, .0852893563, .0222809297, .7631899491, .0570382292, .1585481337,
    .0113313133, .1262913234, .0336142088, 1.156541492, .0437902764, .1288965854, .0084187486,
    .0941250559, .0261963632, .9575809602, .0393516553, .1171860107, .0076110152, .0850070091,
    .0229760791, .8443638283, .042138047, .1434089089, .0081338625, .0910979921, .025300888,
    1.059954821]
STATA = {"llf": -1461.922747312, "llnull": -1750.34670999, "aic": 2995.84549462,
         "bic": 3170.45003661, "prsquared": .1647810465387, "df_model": 30}


def intercept_first(stata):
    """Stata's equations [x..., _cons] as minilogit's blocks [intercept, x...]."""
    out = []
    for k in range(0, len(stata), 6):
        out += [stata[k + 5]] + stata[k:k + 5]
    return out


@pytest.fixture(scope="module")
def fitted():
    X, y = anes96()
    return SoftmaxRegression(reference_class=0).fit(X, y)


def test_anes96_reference_class_alone_is_statas_mlogit(fitted):
    """reference_class and no other argument: unpenalised, Stata's figures."""
    m = fitted
    assert m.converged_ and m.n_iter_ <= STATSMODELS_ITER
    assert max_rel(m.params_, intercept_first(STATA_PARAMS)) < REL
    assert max_rel(m.bse_, intercept_first(STATA_BSE)) < REL
    for name in ("llf", "llnull", "aic", "bic", "prsquared"):
        assert max_rel(getattr(m, name + "_"), STATA[name]) < REL, name
    assert m.df_model_ == STATA["df_model"] and m.nobs_ == 944
    assert m.param_names_[:2] == ["intercept[1]", "x0[1]"]
    assert "baseline class 0" in m.summary().splitlines()[0]


def test_anes96_default_is_statas_mlogit_with_the_first_class_as_base():
    """No argument at all: unpenalised, class 0 (the first) the baseline: Stata's figures."""
    X, y = anes96()
    m = SoftmaxRegression().fit(X, y)
    assert m.converged_ and m.reference_ == 0 and m.penalty is None
    assert max_rel(m.params_, intercept_first(STATA_PARAMS)) < REL
    assert max_rel(m.bse_, intercept_first(STATA_BSE)) < REL
    assert max_rel(m.llf_, STATA["llf"]) < REL


def test_inference_is_refused_with_a_reason_where_it_is_not_valid():
    X, y = anes96()
    X, y = X[:300], y[:300]
    with pytest.raises(InferenceError, match="penalised"):
        SoftmaxRegression(reference_class=0, penalty="l2").fit(X, y).bse_
    with pytest.raises(InferenceError, match="penalised"):
        SoftmaxRegression(penalty="l2", lam=0.5).fit(X, y).bse_    # the ridge, K vectors
    with pytest.warns(ConvergenceWarning):
        free = SoftmaxRegression(solver="gd", penalty="l2", lam=0.0, max_iter=50).fit(X, y)
    with pytest.raises(InferenceError, match="not identifiable"):
        free.bse_
