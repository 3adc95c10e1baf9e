"""GLM: binomial (successes, trials) pairs, offsets and exposures, the observed
information, and R's IRLS (start means, step-halving, the deviance test).

Golden numbers, with their sources (the full-size cases are in
tests/test_golden_*.py, with the data in tests/data/glm/):

- CPUNISH_OFFSET_R: R 4.2.2, glm(EXECUTIONS ~ INCOME + PERPOVERTY + PERBLACK +
  log(VC100k96) + SOUTH + DEGREE + offset(log(t)), family = poisson,
  control = glm.control(epsilon = 1e-14)) on statsmodels' cpunish data, with
  t = (0:16 %% 5) + 1 (tools/reference/glm_reference.R); 'iter': R's iterations at
  its default epsilon = 1e-8. log(VC100k96) is written with 12 decimals.
- STATA_PROBIT: Stata's "probit grade gpa tuce psi" on Spector's data, as
  shipped in statsmodels 0.15.0's test suite (results_discrete.py), intercept
  first: observed information.
- PAIRS_R: R 4.2.2, glm(cbind(c(1, 2, 4, 3), c(3, 2, 1, 5)) ~ c(0, 1, 2, 0.5),
  family = binomial, control = glm.control(epsilon = 1e-14)).

Tolerance 1e-6 relative; in single precision a looser bound, FIT-based.
"""

import math

from helpers import FIT, SINGLE, Skip, assert_close, warnings_from

from minilogit import SeparationWarning
from minilogit import Matrix
from minilogit.glm.model import GLM
from minilogit.glm.loss import GLMLoss
from minilogit.glm.irls import glm_irls
import minilogit.separation as separation
from minilogit.separation import check_separation
from minilogit.tables import trace_records

REL = max(1e-6, FIT)
SE_REL = max(1e-6, 8 * FIT)

XC = [[34453.0, 16.7, 12.2, 6.467698726104, 1.0, 0.16],
      [41534.0, 12.5, 20.0, 5.860786223466, 1.0, 0.27],
      [35802.0, 10.6, 11.2, 6.381816017406, 0.0, 0.21],
      [26954.0, 18.4, 16.1, 6.261491684321, 1.0, 0.16],
      [31468.0, 14.8, 25.9, 6.336825731146, 1.0, 0.19],
      [32552.0, 18.8, 3.5, 6.448889394147, 0.0, 0.25],
      [40873.0, 11.6, 15.3, 6.786716950605, 0.0, 0.25],
      [34861.0, 13.1, 30.1, 6.904750769962, 1.0, 0.21],
      [42562.0, 9.4, 4.3, 6.003887067107, 0.0, 0.31],
      [31900.0, 14.3, 15.4, 6.957497370877, 1.0, 0.24],
      [37421.0, 8.2, 8.2, 6.285998094509, 0.0, 0.19],
      [33305.0, 16.4, 7.2, 5.77144112313, 0.0, 0.16],
      [32108.0, 18.4, 32.1, 6.834108738814, 1.0, 0.18],
      [45844.0, 9.3, 27.4, 6.836259277277, 0.0, 0.29],
      [34743.0, 10.0, 4.0, 6.075346031089, 0.0, 0.24],
      [29709.0, 15.2, 7.7, 6.391917113393, 0.0, 0.21],
      [36777.0, 11.7, 1.8, 6.137727054086, 0.0, 0.25]]
YC = [37, 9, 6, 4, 3, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1]
TC = [(i % 5) + 1.0 for i in range(17)]

CPUNISH_OFFSET_R = {
    'params': [-12.207070940986009, 0.0004153313175495419, 0.11537645038446165, -0.13363890664982969, 0.53300826309135518, 2.6537007565746795, -30.796056911852606],
    'bse': [4.2489933867553553, 4.9037762098188184e-05, 0.095501814151118997, 0.022518754114408908, 0.42847603993751898, 0.43007643903228904, 4.8352595554170366],
    'llf': -34.687029385420566, 'deviance': 24.111043140719811, 'null_deviance': 219.66823281793481,
    'aic': 83.374058770841131, 'df_resid': 10, 'dispersion': 1, 'iter': 5}

XS = [[2.66, 20.0, 0.0], [2.89, 22.0, 0.0], [3.28, 24.0, 0.0], [2.92, 12.0, 0.0],
      [4.0, 21.0, 0.0], [2.86, 17.0, 0.0], [2.76, 17.0, 0.0], [2.87, 21.0, 0.0],
      [3.03, 25.0, 0.0], [3.92, 29.0, 0.0], [2.63, 20.0, 0.0], [3.32, 23.0, 0.0],
      [3.57, 23.0, 0.0], [3.26, 25.0, 0.0], [3.53, 26.0, 0.0], [2.74, 19.0, 0.0],
      [2.75, 25.0, 0.0], [2.83, 19.0, 0.0], [3.12, 23.0, 1.0], [3.16, 25.0, 1.0],
      [2.06, 22.0, 1.0], [3.62, 28.0, 1.0], [2.89, 14.0, 1.0], [3.51, 26.0, 1.0],
      [3.54, 24.0, 1.0], [2.83, 27.0, 1.0], [3.39, 17.0, 1.0], [2.67, 24.0, 1.0],
      [3.65, 21.0, 1.0], [4.0, 23.0, 1.0], [3.1, 21.0, 1.0], [2.39, 19.0, 1.0]]
YS = [0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0,
      0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 1, 0, 1, 1, 0, 1]
STATA_PROBIT = {"params": [-7.45232041607, 1.62581025407, .051728948442, 1.42633236818],
                "bse": [2.54247249731, .693882522754, .083890261293, .595037920474],
                "llf": -12.8188033249334}

PAIRS_R = {"params": [-1.14130568316379, 1.23757341110799],
           "bse": [0.759668269161433, 0.732100792757476],
           "llf": -4.01015463909956, "deviance": 0.0131014978938912,
           "null_deviance": 3.43164987559908, "aic": 12.0203092781991}


def test_binomial_pairs_match_r():
    """(successes, trials) rows: R's coefficients, SEs, llf (with log C(n, s)), deviances, AIC."""
    m = GLM().fit([[0.0], [1.0], [2.0], [0.5]], [(1, 4), (2, 4), (4, 5), (3, 8)])
    R = PAIRS_R
    assert_close(m.params_, R["params"], REL, what="params")
    assert_close(m.bse_, R["bse"], SE_REL, what="bse")
    for name in ("llf", "deviance", "null_deviance", "aic"):
        assert_close(getattr(m, name + "_"), R[name], REL, abs_tol=FIT, what=name)
    assert m.nobs_ == 4 and m.df_resid_ == 2


def test_offset_and_exposure_match_r_in_no_more_iterations():
    """Cpunish with offset log(t): R's figures; exposure=t is the same model.
    (Its INCOME column, ~4e4 unscaled, makes X'WX singular in single precision.)"""
    if SINGLE:
        raise Skip("the unscaled Cpunish columns need double precision")
    R = CPUNISH_OFFSET_R
    for kwargs in ({"exposure": TC}, {"offset": [math.log(t) for t in TC]}):
        m = GLM(family="poisson").fit(XC, YC, **kwargs)
        assert m.converged_ and m.n_iter_ <= R["iter"] + 1    # + the step after the test
        assert_close(m.params_, R["params"], REL, what="params")
        assert_close(m.bse_, R["bse"], SE_REL, what="bse")
        assert_close([m.llf_, m.deviance_, m.null_deviance_, m.aic_],
                     [R["llf"], R["deviance"], R["null_deviance"], R["aic"]], REL, what="fit")


def test_observed_information_matches_stata_probit():
    m = GLM(link="probit", cov_type="observed").fit(XS, YS)
    assert_close(m.params_, STATA_PROBIT["params"], REL, what="params")
    assert_close(m.bse_, STATA_PROBIT["bse"], SE_REL, what="bse")
    assert_close(m.llf_, STATA_PROBIT["llf"], REL, what="llf")


def test_a_step_that_raises_the_deviance_is_halved():
    """From poor start means (R's mustart) a Newton step of this cloglog fit
    raises the deviance: it is halved, the objective never rises after the
    first step, and the fit ends where the default start's does."""
    X = Matrix([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0], [1.0, 3.0], [1.0, 4.0]])
    loss = GLMLoss(X, [1, 0, 0, 1, 1], "binomial", "cloglog")
    r = glm_irls(loss, mu0=[0.001, 0.768882, 0.590753, 0.001, 0.033421])
    h = r.history[1:]
    assert r.converged and all(b <= a * (1 + 1e-12) + FIT for a, b in zip(h, h[1:]))
    if not SINGLE:
        assert max(t["halvings"] for t in trace_records(r)[1:]) >= 1
    assert_close(r.beta, glm_irls(loss).beta, REL, abs_tol=FIT, what="beta")


def test_exact_separation_test():
    """complete, quasi-complete and none, with the coefficients that go to infinity."""
    X = [[0.0], [1.0], [2.0], [3.0]]
    assert check_separation(X, [0, 0, 1, 1]).kind == "complete"
    r = check_separation([[0.0], [1.0], [1.0], [2.0]], [0, 0, 1, 1])
    assert r.kind == "quasi-complete" and r.infinite == ["-intercept", "+x0"]
    assert check_separation(X, [0, 1, 0, 1]).kind == "none"
    r = check_separation(X, ["a", "b", "b", "c"])
    assert r.kind == "complete" and len(r.infinite) == 4


def test_exact_separation_test_states_its_cost_first():
    """Above COSTLY (m p^2 for m margins in p unknowns) a warning names the
    programs' size before the work; below it, none."""
    X, y = [[0.0], [1.0], [2.0], [3.0]], [0, 0, 1, 1]
    r, caught = warnings_from(check_separation, X, y)
    assert r.kind == "complete" and caught == [], caught
    costly = separation.COSTLY
    separation.COSTLY = 4 * 2 * 2 - 1
    try:
        r, caught = warnings_from(check_separation, X, y)
    finally:
        separation.COSTLY = costly
    assert r.kind == "complete" and len(caught) == 1, caught
    assert "have 4 margins in 2 unknowns;" in str(caught[0]), str(caught[0])


def test_quasi_complete_dummy_is_found_and_fit_warns_when_asked():
    """A dummy that implies y = 1 on its rows: only its coefficient goes to +infinity."""
    X = [[-1.2, 1.0], [0.3, 0.0], [-0.5, 0.0], [1.1, 0.0], [0.2, 1.0], [-0.9, 0.0],
         [0.7, 0.0], [-0.1, 0.0], [1.4, 0.0], [-1.5, 0.0]]
    y = [1, 1, 0, 1, 1, 0, 0, 1, 1, 0]
    r = check_separation(X, y)
    assert r.kind == "quasi-complete" and r.infinite == ["+x1"]
    m, caught = warnings_from(GLM(check_separation=True).fit, X, y)
    assert any(isinstance(w, SeparationWarning) for w in caught)
    assert m.separation_check_.kind == "quasi-complete"
