"""Lasso and elastic net: proximal (FISTA) and coordinate descent agree, satisfy
the KKT conditions, and the path starts empty at lam_max.

Reference: the minimiser of eq. (41) on X2/Y2 (helpers.py; 12 rows, 2
features, the intercept unpenalised), found by coordinate descent with
tol = 1e-14 and recorded on CPython 3.11 with ``repr``; FISTA with the same
tol agrees to 1e-13. Tolerances (absolute, on every coefficient):

  default tol (KKT violation <= 1e-8 per example)   1e-6: the KKT residual
      is <= 1e-8 * 12 = 1.2e-7 in total, the smallest eigenvalue of the
      Hessian at the minimiser is >= 1.25 (1 / ||H^-1||_inf), so the fits
      lie within ~sqrt(3) * 1.2e-7 / 1.25 = 1.7e-7 of it; measured 3.7e-8
      (proximal) and 4.1e-9 (cd)
  objective F                                      1e-12 relative (measured
      2.3e-16: F is flat at its minimum, its error is quadratic in 1e-7)

In single precision the default tol is 64 EPS (minilogit.core.solvers.TOL):
the coefficients are within helpers.FIT, F within a few EPS.
"""

from helpers import EPS, FIT, X2, Y2, raises

from minilogit import DataError, Matrix
from minilogit.models.paths import lam_max, lasso_path
from minilogit.core.logistic import LogisticLoss
from minilogit.core.penalty import ElasticNet, Penalised
from minilogit.core.solvers import TOL, newton
from minilogit.solvers.cd import coordinate_descent
from minilogit.solvers.elastic_net import kkt_violation
from minilogit.solvers.proximal import proximal
from minilogit.core.penalty import soft_threshold

LASSO_X2 = [0.38291673436605994, 0.5289059687611951, 0.10812279587654364]        # l1 = 1
LASSO_X2_F = 7.690660789609904
ENET_X2 = [0.37498566065679856, 0.49283745543156265, 0.2534509591451793]         # l1 = l2 = 0.5
ENET_X2_F = 7.488892133670789
LAM_MAX_X2 = 2.6500000000000004
COEF_TOL = max(1e-6, FIT)
F_REL = max(1e-12, 8 * EPS)

P = [1, 2]


def _loss():
    return LogisticLoss(Matrix([[1.0] + list(r) for r in X2]), Y2)


def _F(loss, beta, l1, l2):
    return (loss.value(beta) + l2 * sum(beta[j] ** 2 for j in P)
            + l1 * sum(abs(beta[j]) for j in P))


def _close(u, v, tol):
    return max(abs(a - b) for a, b in zip(u, v)) <= tol


def test_soft_threshold():
    assert soft_threshold(3.0, 1.0) == 2.0 and soft_threshold(-3.0, 1.0) == -2.0
    assert soft_threshold(0.5, 1.0) == 0.0 and soft_threshold(-1.0, 1.0) == 0.0


def test_kkt_violation():
    lasso = ElasticNet(0.5, 1.0)                    # l1 = 0.5
    assert kkt_violation([0.0, -0.5, 0.3], [1.0, 2.0, 0.0], lasso, [1, 2]) == 0.0
    assert kkt_violation([0.0, 0.5, 0.3], [1.0, 2.0, 0.0], lasso, [1, 2]) == 1.0
    assert kkt_violation([0.0, 0.0, -0.75], [1.0, 0.0, 0.0], lasso, [1, 2]) == 0.25


def test_lasso_reaches_recorded_minimum():
    loss = _loss()
    for solver in (proximal, coordinate_descent):
        r = solver(Penalised(loss, ElasticNet(1.0, 1.0), P), [0.0, 0.0, 0.0])
        assert r.converged and r.diagnosis is None, r
        assert _close(r.beta, LASSO_X2, COEF_TOL), (r.solver, r.beta)
        F = _F(loss, r.beta, 1.0, 0.0)
        assert abs(F - LASSO_X2_F) <= F_REL * LASSO_X2_F, (r.solver, F)
        assert r.grad_norms[-1] <= TOL * 12
        assert len(r.history) == r.n_iter + 1 == len(r.grad_norms)


def test_elastic_net_reaches_recorded_minimum():
    loss = _loss()
    for solver in (proximal, coordinate_descent):
        r = solver(Penalised(loss, ElasticNet(1.0, 0.5), P), [0.0, 0.0, 0.0])
        assert r.converged, r
        assert _close(r.beta, ENET_X2, COEF_TOL), (r.solver, r.beta)
        assert abs(_F(loss, r.beta, 0.5, 0.5) - ENET_X2_F) <= F_REL * ENET_X2_F


def test_kkt_conditions_hold_at_the_solution():
    """eq. (45), checked by hand: the intercept's gradient is 0, each nonzero
    slope's gradient is -l1 sign(beta_j)."""
    loss = _loss()
    for solver in (proximal, coordinate_descent):
        beta = solver(Penalised(loss, ElasticNet(1.0, 1.0), P), [0.0, 0.0, 0.0]).beta
        g = loss.gradient(beta)
        assert beta[1] > 0 and beta[2] > 0
        kkt = TOL * 12                                  # 1.2e-7 in double precision
        assert abs(g[0]) <= kkt and abs(g[1] + 1.0) <= kkt and abs(g[2] + 1.0) <= kkt


def test_ridge_limit_equals_newton():
    """l1 = 0, l2 = 1: the same optimum as Newton on the ridge (1e-6, as above)."""
    ridge = Penalised(_loss(), ElasticNet(1.0, 0.0), P)
    ref = newton(ridge, [0.0, 0.0, 0.0]).beta
    for solver in (proximal, coordinate_descent):
        assert _close(solver(ridge, [0.0, 0.0, 0.0]).beta, ref, COEF_TOL)


def test_path_starts_empty_and_coefficients_enter_one_by_one():
    assert abs(lam_max(X2, Y2) - LAM_MAX_X2) <= max(1e-12, 4 * EPS) * LAM_MAX_X2
    for solver in ("cd", "proximal"):
        path = lasso_path(X2, Y2, n_lams=4, eps=0.1, solver=solver)
        assert path[0].lam == lam_max(X2, Y2) and path[0].coef == [0.0, 0.0]
        assert path[-1].n_nonzero == 2 and all(pt.converged for pt in path)
        path = lasso_path(X2, Y2, lams=[1.2, 2.0, LAM_MAX_X2], solver=solver)
        assert [pt.n_nonzero for pt in path] == [0, 1, 2], path
        assert path[1].coef[1] == 0.0 and path[1].coef[0] > 0


def test_without_penalty_separation_is_diagnosed():
    loss = LogisticLoss(Matrix([[1.0, -2.0], [1.0, -1.0], [1.0, 1.0], [1.0, 2.0]]), [0, 0, 1, 1])
    for solver in (proximal, coordinate_descent):
        r = solver(loss, [0.0, 0.0], max_iter=5000)
        assert not r.converged and "separation" in r.diagnosis, r
        r = solver(Penalised(loss, ElasticNet(0.5, 1.0), [1]), [0.0, 0.0])
        assert r.converged and r.diagnosis is None


def test_bad_parameters_raise_data_error():
    loss = _loss()
    for solver in (proximal, coordinate_descent):
        for penalized, options in (([3], {}), ([1, 1], {}), (P, {"max_iter": -1}),
                                   (P, {"tol": -1.0})):
            objective = Penalised(loss, ElasticNet(0.1, 1.0), penalized)
            e = raises(DataError, solver, objective, [0.0, 0.0, 0.0], **options)
            name = (list(options) or ["penalized"])[0]
            assert name in str(e), str(e)
        raises(DataError, solver, loss, [0.0, 0.0])
    for lam, alpha in ((-1.0, 1.0), (float("nan"), 1.0), (1.0, 2.0)):
        raises(DataError, ElasticNet, lam, alpha)
    raises(DataError, coordinate_descent, loss, [0.0, 0.0, 0.0], max_inner=0)
    raises(DataError, lasso_path, X2, Y2, l1_ratio=0.0)
    raises(DataError, lasso_path, X2, Y2, solver="newton")
    raises(DataError, lasso_path, X2, Y2, lams=[-1.0])
    raises(DataError, lasso_path, X2, [1] * 12)
