"""Golden test: profile-likelihood intervals, ``conf_int(method="profile")``, against R.

Reference: tests/data/inference_r.json (tools/reference/inference_reference.R, R 4.2.2,
MASS 7.3.58.2; see tests/data/README.md), for Spector (logit and probit), Cpunish
(Poisson) and the six-point dose example, at levels 0.95 (and 0.9 for dose):

  profile_exact: the roots, by uniroot(tol = 1e-13), of
      sign(b - bhat) sqrt(D(b) - D(bhat)) = -/+ qnorm((1 + level) / 2),
      D(b) the deviance with beta_j fixed at b (an offset b * x_j), the rest refitted
      with glm.control(epsilon = 1e-14).
      Tolerance 1e-8 relative to the coefficient's standard error (measured: 5e-11).
  confint: R 4.2's confint(m, level = ...), MASS's profile method, which reads each
      end off a spline through a grid of profile points.
      Tolerance 1e-3 of the coefficient's standard error (measured: MASS's spline
      is 1.3e-4 to 5.2e-4 of a standard error from the roots).
"""

import pytest

from test_golden_inference import FITS, R

CASES = [("spector_logit", "0.95"), ("spector_probit", "0.95"), ("cpunish_poisson", "0.95"),
         ("dose", "0.95"), ("dose", "0.9")]


def _errors(got, want, se):
    """|got - want| of each end, in standard errors of its coefficient."""
    return [abs(g - w) / s for row_g, row_w, s in zip(got, want, se)
            for g, w in zip(row_g, row_w)]


@pytest.mark.parametrize("name, level", CASES)
def test_profile_intervals_are_the_roots_r_solves_for(name, level):
    m = FITS[name]()
    got = m.conf_int(1.0 - float(level), method="profile")
    err = max(_errors(got, R[name]["profile_exact"][level], m.bse_))
    assert err < 1e-8, err
    assert got == m.profile_conf_int(1.0 - float(level))


@pytest.mark.parametrize("name, level", CASES)
def test_profile_intervals_are_rs_confint_but_for_its_spline(name, level):
    m = FITS[name]()
    got = m.conf_int(1.0 - float(level), method="profile")
    err = max(_errors(got, R[name]["confint"][level], m.bse_))
    assert err < 1e-3, err


def test_a_profile_interval_is_not_walds_where_the_likelihood_is_not_quadratic():
    m = FITS["dose"]()
    (lo, hi), (wlo, whi) = m.conf_int(method="profile")[1], m.conf_int()[1]
    assert lo > wlo and hi > whi          # shifted away from 0, as the likelihood is skewed
    assert (hi - m.params_[1]) > (m.params_[1] - lo)
