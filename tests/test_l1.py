"""Lasso and elastic net: ``proximal`` (FISTA) and ``coordinate_descent`` (IRLS + CD).

Equation numbers are walkthrough.md's: (44) the elastic-net objective
F = L + l2 ||beta_P||^2 + l1 ||beta_P||_1, (45) soft-thresholding, (47) the
coordinate update, (48) the KKT conditions, (49) lam_max. Each test states
its invariant in its docstring and justifies its tolerance in a comment.

Scales. L is the total loss (a sum over the N examples), so its gradient
grows with N; the solvers stop when the KKT violation of eq. (45) is at
most tol * N (tol = 1e-8), i.e. 1e-8 on the scale of the MEAN loss L / N.
KKT tolerances below are on that mean-loss scale.

Data: ``penalised_problems`` builds data on which the unpenalised MLE exists
and is unique (the construction of ``overlapping_data`` in
test_properties.py): L is then strictly convex, so F has exactly one
minimiser for every lam >= 0, and two solvers can be compared coefficient
by coefficient.
"""

import math
import sys

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from minilogit.datasets import load_breast_cancer, standardize
from minilogit import DataError
from minilogit import logit
from minilogit.core.matrix import Matrix
from minilogit.models.paths import PathPoint, lam_max, lasso_path
from minilogit.core.logistic import LogisticLoss
from minilogit.core.penalty import ElasticNet, Penalised
from minilogit.core.solvers import newton
from minilogit.solvers.cd import coordinate_descent
from minilogit.solvers.elastic_net import kkt_violation
from minilogit.solvers.proximal import proximal
from minilogit.core.penalty import soft_threshold

EPS = sys.float_info.epsilon
TOL = 1e-8                      # the solvers' default tol (per example)
SOLVER_FUNCTIONS = [proximal, coordinate_descent]


# -- data -----------------------------------------------------------------------

def floats(lo, hi):
    return st.floats(lo, hi, allow_nan=False, allow_infinity=False)


def zscore(rows):
    Z, _, _ = standardize(rows)
    return Z


@st.composite
def overlapping_data(draw, max_features=3, max_extra=14):
    """(X, y): standardized rows and 0/1 labels, not separable, X of full rank.

    p + 1 affinely independent anchor points (a corner c and c + d_j e_j),
    each present twice, once with each label, plus random labelled points.
    No hyperplane separates the classes even quasi-completely (it would have
    to pass through all p + 1 anchors), and the rows [1, anchor] span
    R^(p+1): L is strictly convex with a finite minimiser (test_properties.py
    gives the argument in full).
    """
    p = draw(st.integers(1, max_features))
    corner = [draw(floats(-3.0, 3.0)) for _ in range(p)]
    anchors = [corner]
    for j in range(p):
        step = draw(st.sampled_from([1.0, -1.0])) * draw(floats(0.5, 3.0))
        anchors.append([c + (step if k == j else 0.0) for k, c in enumerate(corner)])
    k = draw(st.integers(0, max_extra))
    extra = [[draw(floats(-3.0, 3.0)) for _ in range(p)] for _ in range(k)]
    labels = [draw(st.integers(0, 1)) for _ in range(k)]
    return zscore(anchors + anchors + extra), [0] * (p + 1) + [1] * (p + 1) + labels


class Problem:
    """A penalised fit to make: the loss on [1, x_i], P = every slope, l1, l2."""

    def __init__(self, X, y, frac, l1_ratio):
        self.X, self.y = X, y
        self.loss = LogisticLoss(Matrix([[1.0] + r for r in X]), y)
        self.n, self.p1 = self.loss.n_examples, self.loss.n_params
        self.P = list(range(1, self.p1))
        self.lam = frac * lam_max(X, y, l1_ratio)
        self.penalty = ElasticNet(self.lam, l1_ratio)
        self.l1, self.l2 = self.penalty.l1, self.penalty.l2
        self.start = [logit(sum(y) / len(y))] + [0.0] * (self.p1 - 1)

    def fit(self, solver, **options):
        return solver(Penalised(self.loss, self.penalty, self.P), self.start, **options)

    def F(self, beta):
        """eq. (41), computed here from its definition."""
        return (self.loss.value(beta) + self.l2 * sum(beta[j] ** 2 for j in self.P)
                + self.l1 * sum(abs(beta[j]) for j in self.P))

    def smooth_gradient(self, beta):
        g = self.loss.gradient(beta)
        return [g_j + (2.0 * self.l2 * beta[j] if j in self.P else 0.0)
                for j, g_j in enumerate(g)]

    def __repr__(self):
        return "Problem(%r, %r, lam=%r, l1=%r, l2=%r)" % (self.X, self.y, self.lam, self.l1, self.l2)


@st.composite
def penalised_problems(draw, l1_ratios=None):
    """A Problem with lam between 1% of lam_max and lam_max, lasso or elastic net."""
    X, y = draw(overlapping_data())
    if l1_ratios is None:
        l1_ratio = draw(st.one_of(st.just(1.0), floats(0.1, 1.0)))
    else:
        l1_ratio = draw(st.sampled_from(l1_ratios))
    return Problem(X, y, draw(floats(0.01, 1.0)), l1_ratio)


def kkt_on_mean_scale(problem, beta):
    """The KKT violation of eq. (45) divided by N, written out here independently
    of ``kkt_violation``: the distance from 0 to each coordinate's subdifferential."""
    g = problem.smooth_gradient(beta)
    worst = 0.0
    for j in range(problem.p1):
        if j not in problem.P:
            v = abs(g[j])
        elif beta[j] != 0.0:
            v = abs(g[j] + problem.l1 * math.copysign(1.0, beta[j]))
        else:
            v = max(0.0, abs(g[j]) - problem.l1)
        worst = max(worst, v)
    return worst / problem.n


def smallest_curvature(problem, beta, coords):
    """A lower bound on the smallest eigenvalue of the smooth part's Hessian
    restricted to ``coords``: 1 / ||H_S^-1||_inf (for a symmetric positive
    definite H_S, ||H_S^-1||_2 <= ||H_S^-1||_inf)."""
    H = Penalised(problem.loss, ElasticNet(problem.l2, 0.0), problem.P).hessian(beta).rows
    H_S = Matrix([[H[j][k] for k in coords] for j in coords])
    inv = H_S.inverse().rows
    return 1.0 / max(sum(abs(a) for a in row) for row in inv)


# -- soft-thresholding, kkt_violation ------------------------------------------

@given(floats(-1e6, 1e6), floats(0.0, 1e6))
def test_soft_threshold_is_the_prox_of_the_absolute_value(u, t):
    """S(u, t), eq. (42), minimises (1/2)(b - u)^2 + t |b|: no nearby b does better."""
    b = soft_threshold(u, t)
    phi = lambda c: 0.5 * (c - u) ** 2 + t * abs(c)
    h = 1e-3 * (1.0 + abs(u))
    # Tolerance: phi is evaluated in floats of size up to ~(|u| + t)^2, so
    # each value carries ~4 EPS of that; the true gap phi(b +- h) - phi(b)
    # is >= h^2 / 2 > 0.
    slack = 8 * EPS * (abs(u) + t + 1.0) ** 2
    assert phi(b) <= phi(b + h) + slack and phi(b) <= phi(b - h) + slack
    assert abs(b) <= abs(u) and (b == 0.0 or (b > 0) == (u > 0))


def test_kkt_violation_cases():
    """The three cases of eq. (45), and l1 = 0 giving the plain gradient norm."""
    assert kkt_violation([0.0, -0.5, 0.3], [1.0, 2.0, 0.0], ElasticNet(0.5, 1.0), [1, 2]) == 0.0
    assert kkt_violation([0.2, -0.5, 0.3], [1.0, 2.0, 0.0], ElasticNet(0.5, 1.0), [1, 2]) == 0.2   # intercept
    assert kkt_violation([0.0, 0.5, 0.3], [1.0, -2.0, 0.0], ElasticNet(0.5, 1.0), [1, 2]) == 0.0   # sign matches
    assert kkt_violation([0.0, 0.5, 0.3], [1.0, 2.0, 0.0], ElasticNet(0.5, 1.0), [1, 2]) == 1.0    # wrong sign
    assert kkt_violation([0.0, 0.0, -0.75], [1.0, 0.0, 0.0], ElasticNet(0.5, 1.0), [1, 2]) == 0.25  # |g| > l1 at 0
    assert kkt_violation([0.1, -0.3], [1.0, 0.0], ElasticNet(0.0, 1.0), [1]) == 0.3


# -- the solutions ---------------------------------------------------------------

@pytest.mark.parametrize("solver", SOLVER_FUNCTIONS, ids=["proximal", "cd"])
@given(penalised_problems())
def test_solutions_satisfy_the_kkt_conditions(solver, problem):
    """A converged lasso / elastic-net fit satisfies eq. (45): 0 is within 1e-6
    (on the mean-loss scale) of the subdifferential of F, recomputed here."""
    r = problem.fit(solver)
    assert r.converged, r
    # The solver stopped at <= 1e-8 by its own kkt_violation; the independent
    # recomputation must agree with that up to rounding (the gradient is a
    # sum of N terms of size <= ~|x| <= 4: error ~ N * EPS * 4 per example,
    # far below 1e-6), and the brief's bound is 1e-6.
    assert kkt_on_mean_scale(problem, r.beta) <= 1e-6
    assert kkt_on_mean_scale(problem, r.beta) <= TOL + 1e-12


@pytest.mark.parametrize("solver", SOLVER_FUNCTIONS, ids=["proximal", "cd"])
@given(penalised_problems())
def test_no_single_coordinate_move_lowers_F(solver, problem):
    """Optimality seen through F alone, eq. (41): moving any one coefficient by
    +-h does not lower F by more than h times the KKT violation (convexity:
    F(beta + h e_j) >= F(beta) + h F'(beta; e_j) >= F(beta) - h * violation)."""
    r = problem.fit(solver)
    F0 = problem.F(r.beta)
    h = 1e-3
    # Rounding: F sums N + p nonnegative terms, each evaluation is within
    # (N + p) EPS F of the truth; two of them, so twice that.
    slack = h * r.grad_norms[-1] + 2 * (problem.n + problem.p1) * EPS * F0
    for j in range(problem.p1):
        for s in (h, -h):
            moved = list(r.beta)
            moved[j] += s
            assert problem.F(moved) >= F0 - slack


@given(penalised_problems())
def test_proximal_and_cd_agree(problem):
    """FISTA and coordinate descent reach the same minimum of eq. (41)."""
    a, b = problem.fit(proximal), problem.fit(coordinate_descent)
    assert a.converged and b.converged
    Fa, Fb = problem.F(a.beta), problem.F(b.beta)
    # Objective to 1e-8 relative: each fit is within (KKT residual)^2 / (2 mu)
    # of the minimum, ~1e-16 N^2 / mu, far below 1e-8 F. Measured over 1500
    # examples: <= 1.8e-14 relative (rounding of F's N terms).
    assert abs(Fa - Fb) <= 1e-8 * max(Fa, Fb)
    # Coefficients: on the coefficients that are nonzero in either fit (plus
    # the intercept), F is mu-strongly convex with mu >= 1 / ||H_S^-1||_inf,
    # and a point whose subgradient residual is r lies within ||r||_2 / mu
    # of the minimiser. ||r||_2 <= sqrt(|S|) * (KKT violation), so the two
    # fits are within sqrt(|S|) (k_a + k_b) / mu of each other; a factor 2
    # covers the change of H between the two points and the minimiser.
    # Measured over 1500 examples: differences up to 1.4e-6, at most 0.35
    # of this bound.
    S = [0] + [j for j in problem.P if a.beta[j] != 0.0 or b.beta[j] != 0.0]
    mu = smallest_curvature(problem, b.beta, S)
    bound = 2 * math.sqrt(len(S)) * (a.grad_norms[-1] + b.grad_norms[-1]) / mu
    assert max(abs(u - v) for u, v in zip(a.beta, b.beta)) <= bound + 1e-12


@given(overlapping_data(), floats(0.01, 10.0))
def test_ridge_limit_reaches_newtons_optimum(data, l2_per_example):
    """With l1 = 0 and l2 > 0 both solvers reach the optimum that Newton's method
    finds on Penalised(L, the ridge, P): the same objective, smooth this time."""
    X, y = data
    problem = Problem(X, y, 1.0, 1.0)
    problem.penalty = ElasticNet(l2_per_example * problem.n, 0.0)
    problem.l1, problem.l2 = 0.0, problem.penalty.l2
    ref = newton(Penalised(problem.loss, problem.penalty, problem.P), problem.start)
    assert ref.converged
    for solver in SOLVER_FUNCTIONS:
        r = problem.fit(solver)
        assert r.converged and r.solver in ("proximal", "cd")
        # Same bound as for the two solvers above, on every coordinate: the
        # smooth part is strictly convex (full-rank X), with l1 = 0 the
        # KKT violation is the gradient's largest component.
        mu = smallest_curvature(problem, ref.beta, list(range(problem.p1)))
        bound = 2 * math.sqrt(problem.p1) * (r.grad_norms[-1] + ref.grad_norms[-1]) / mu
        assert max(abs(u - v) for u, v in zip(r.beta, ref.beta)) <= bound + 1e-12
        assert abs(problem.F(r.beta) - ref.history[-1]) <= 1e-10 * ref.history[-1]


@pytest.mark.parametrize("solver", SOLVER_FUNCTIONS, ids=["proximal", "cd"])
@given(penalised_problems())
def test_history_and_grad_norms_are_recorded(solver, problem):
    """history = F at the start and after each iteration, never rising beyond
    rounding; grad_norms = the KKT violation at the same points."""
    r = problem.fit(solver)
    assert len(r.history) == len(r.grad_norms) == r.n_iter + 1
    assert r.history[0] == problem.F(problem.start)
    assert abs(r.history[-1] - problem.F(r.beta)) <= 2 * (problem.n + problem.p1) * EPS * r.history[-1]
    for k in range(1, len(r.history)):
        # the solvers accept a rise of (N + p) EPS F: F's own rounding
        assert r.history[k] <= r.history[k - 1] * (1 + (problem.n + problem.p1) * EPS)
    # The same arithmetic up to the division by N: 1e-12 relative.
    assert math.isclose(r.grad_norms[-1], problem.n * kkt_on_mean_scale(problem, r.beta),
                        rel_tol=1e-12, abs_tol=1e-300)


@pytest.mark.parametrize("solver", SOLVER_FUNCTIONS, ids=["proximal", "cd"])
@given(overlapping_data(), floats(1.01, 3.0), st.integers(-3, 3))
def test_above_lam_max_every_slope_is_exactly_zero(solver, data, factor, shift):
    """For lam > lam_max, eq. (46), the lasso sets every penalised coefficient to
    exactly 0, from any start (here: slopes of `shift`).

    At least 1% above: at lam_max itself the largest |g_j| equals l1, and from
    a start away from 0 rounding decides whether beta_j ends at 0 or at 1e-17
    (both satisfy eq. (45)). 1% above, a nonzero beta_j would violate eq. (45)
    by >= 0.01 l1, far above the stopping test, so the fit must end at 0."""
    X, y = data
    problem = Problem(X, y, factor, 1.0)
    # A nonzero slope would violate eq. (45) by at least l1 - lam_max; that
    # must exceed what the stopping test forgives, tol * N. (Symmetric data
    # have lam_max = 0, or 1e-17 after rounding: no penalty, no thresholding.)
    top = lam_max(X, y)
    assume((factor - 1.0) * top > 10 * TOL * problem.n)
    start = [0.0] + [float(shift)] * (problem.p1 - 1)
    r = solver(Penalised(problem.loss, problem.penalty, problem.P), start)
    assert r.converged
    assert all(r.beta[j] == 0.0 for j in problem.P)
    # With every slope 0 the intercept is the log-odds of the base rate,
    # eq. (23), where its gradient sum_i (ybar - y_i) vanishes. Tolerance:
    # the run stops at |g_0| <= 1e-8 N, and g_0 has slope N ybar (1 - ybar)
    # in b_0, which is >= 0.098 N here (ybar >= 2/18 on these data), so
    # |b_0 - logit(ybar)| <= 1e-8 / 0.098 ~ 1e-7 (to first order); 2e-7.
    ybar = sum(y) / len(y)
    assert abs(r.beta[0] - logit(ybar)) <= 2e-7


# -- the path --------------------------------------------------------------------

@pytest.mark.parametrize("solver", ["cd", "proximal"])
@given(overlapping_data(), st.sampled_from([1.0, 0.5]))
def test_path_starts_empty_at_lam_max(solver, data, l1_ratio):
    """The path's first point is lam_max, eq. (46), with every coefficient exactly
    0; and lam_max is the smallest such lam: just below it a coefficient is nonzero."""
    X, y = data
    path = lasso_path(X, y, n_lams=3, eps=0.5, l1_ratio=l1_ratio, solver=solver)
    top = lam_max(X, y, l1_ratio)
    assert path[0].lam == top and path[0].coef == [0.0] * len(X[0])
    assert path[0].n_nonzero == 0 and path[0].n_iter == 0
    assert [pt.lam for pt in path] == sorted([pt.lam for pt in path], reverse=True)
    assert all(pt.converged for pt in path)
    # At 0.99 lam_max the intercept-only start violates eq. (45) by 0.01 l1;
    # only if that exceeds the stopping test's tol * N must a slope enter.
    # (lam_max = 0: see test_path_with_lam_max_zero_is_the_intercept_only_fit.)
    assume(0.01 * top * l1_ratio > 10 * TOL * len(X))
    below = lasso_path(X, y, lams=[0.99 * top], l1_ratio=l1_ratio, solver=solver)[0]
    assert below.converged and below.n_nonzero >= 1


def breast_cancer_subset():
    """Five standardized 'mean' features of the breast-cancer data, all 569 rows."""
    data = load_breast_cancer().columns(["mean_radius", "mean_texture", "mean_smoothness",
                                         "mean_concave_points", "mean_symmetry"])
    return zscore(data.data), data.target


@pytest.mark.parametrize("solver", ["cd", "proximal"])
def test_coefficients_enter_one_by_one_on_breast_cancer(solver):
    """On a fixed example (five breast-cancer features) the number of nonzero
    coefficients never falls as lam falls, from 0 at lam_max to all 5. (On
    other data a lasso coefficient can leave the path again; this checks the
    path here, not a theorem.)"""
    X, y = breast_cancer_subset()
    path = lasso_path(X, y, n_lams=12, eps=1e-3, solver=solver)
    counts = [pt.n_nonzero for pt in path]
    assert counts[0] == 0 and counts[-1] == 5
    assert all(a <= b for a, b in zip(counts, counts[1:])), counts
    assert all(pt.converged for pt in path)
    # Warm starts keep every fit short. Measured: cd <= 6 outer iterations,
    # proximal <= 47; the bounds leave 5x and 40x room (they guard against a
    # warm start being lost, not against slow machines: no timing here).
    assert max(pt.n_iter for pt in path) <= (30 if solver == "cd" else 2000)


def test_both_solvers_give_the_same_path():
    """cd and proximal agree along a path (objective to 1e-8 relative)."""
    X, y = breast_cancer_subset()
    a = lasso_path(X, y, n_lams=5, eps=1e-2, l1_ratio=0.7, solver="cd")
    b = lasso_path(X, y, n_lams=5, eps=1e-2, l1_ratio=0.7, solver="proximal")
    for pa, pb in zip(a, b):
        assert pa.lam == pb.lam
        assert abs(pa.objective - pb.objective) <= 1e-8 * pa.objective
        assert pa.n_nonzero == pb.n_nonzero


def test_path_with_lam_max_zero_is_the_intercept_only_fit():
    """Symmetric data: no feature has a gradient at the intercept-only fit, so
    lam_max = 0, every lam of the grid is 0 and every point is that fit."""
    X, y = [[1.0], [-1.0], [1.0], [-1.0]], [0, 0, 1, 1]
    assert lam_max(X, y) == 0.0
    path = lasso_path(X, y, n_lams=3)
    assert [pt.lam for pt in path] == [0.0, 0.0, 0.0]
    assert all(pt.coef == [0.0] and pt.intercept == 0.0 and pt.converged for pt in path)


def test_path_without_intercept_and_explicit_lams():
    """fit_intercept=False penalises every coefficient; lams come back largest first."""
    X, y = [[-1.0], [0.0], [1.0], [2.0]], [0, 1, 0, 1]
    path = lasso_path(X, y, lams=[0.1, 5.0, 1.0], fit_intercept=False)
    assert [pt.lam for pt in path] == [5.0, 1.0, 0.1]
    assert all(pt.intercept == 0.0 for pt in path)
    assert isinstance(path[0], PathPoint) and path[0].coef == [0.0]


# -- no penalty: separation is diagnosed, as in the other solvers ---------------

def test_penalty_makes_separated_data_fit():
    """The same data with l1 > 0: a finite minimiser, found by both."""
    loss = LogisticLoss(Matrix([[1.0, -2.0], [1.0, -1.0], [1.0, 1.0], [1.0, 2.0]]), [0, 0, 1, 1])
    a = proximal(Penalised(loss, ElasticNet(0.5, 1.0), [1]), [0.0, 0.0])
    b = coordinate_descent(Penalised(loss, ElasticNet(0.5, 1.0), [1]), [0.0, 0.0])
    assert a.converged and b.converged and a.diagnosis is None and b.diagnosis is None
    # The data are symmetric about 0, so the intercept is 0. Tolerances:
    # each fit's gradient is within tol * N = 4e-8 of eq. (45), and the
    # Hessian at the minimum is diagonal with entries 0.36 and 0.59, so each
    # coefficient is within ~4e-8 / 0.36 ~ 1.1e-7 of its optimum. Measured:
    # intercepts ~2e-16, slopes 1.59 apart by 6e-9.
    assert abs(a.beta[0]) <= 2.5e-7 and abs(b.beta[0]) <= 2.5e-7
    assert abs(a.beta[1] - b.beta[1]) <= 2.5e-7


# -- bad parameters ----------------------------------------------------------------

LOSS = LogisticLoss(Matrix([[1.0, -1.0], [1.0, 0.0], [1.0, 1.0], [1.0, 2.0]]), [0, 1, 0, 1])


@pytest.mark.parametrize("solver", SOLVER_FUNCTIONS, ids=["proximal", "cd"])
@pytest.mark.parametrize("options", [
    {"penalized": [2]}, {"penalized": [-1]}, {"penalized": [1, 1]}, {"penalized": [True]},
    {"penalized": [1.0]}, {"max_iter": -1}, {"max_iter": 2.5}, {"tol": -1e-8},
])
def test_bad_solver_parameters_raise_data_error(solver, options):
    """Every bad argument is a DataError naming it."""
    options = dict(options)
    objective = Penalised(LOSS, ElasticNet(0.1, 1.0), options.pop("penalized", [1]))
    with pytest.raises(DataError) as e:
        solver(objective, [0.0, 0.0], **options)
    assert (list(options) or ["penalized"])[0] in str(e.value)


@pytest.mark.parametrize("lam, alpha", [(-1.0, 1.0), (float("nan"), 1.0), (float("inf"), 1.0),
                                        (True, 1.0), ("0.1", 1.0), (1.0, -0.5), (1.0, None)])
def test_bad_elastic_net_weights_raise_data_error(lam, alpha):
    with pytest.raises(DataError, match="ElasticNet: (lam|alpha)"):
        ElasticNet(lam, alpha)


@pytest.mark.parametrize("solver", SOLVER_FUNCTIONS, ids=["proximal", "cd"])
def test_wrong_start_length_raises_data_error(solver):
    with pytest.raises(DataError, match="beta0 has 3 entries"):
        solver(Penalised(LOSS, ElasticNet(0.1, 1.0), [1]), [0.0, 0.0, 0.0])


def test_bad_max_inner_raises_data_error():
    for bad in (0, -1, 1.5, True):
        with pytest.raises(DataError, match="max_inner"):
            coordinate_descent(LOSS, [0.0, 0.0], max_inner=bad)


X4, Y4 = [[-1.0], [0.0], [1.0], [2.0]], [0, 1, 0, 1]


@pytest.mark.parametrize("options, word", [
    ({"l1_ratio": 0.0}, "l1_ratio"), ({"l1_ratio": 1.5}, "l1_ratio"), ({"l1_ratio": "1"}, "l1_ratio"),
    ({"eps": 0.0}, "eps"), ({"eps": 2.0}, "eps"), ({"n_lams": 0}, "n_lams"), ({"n_lams": 2.0}, "n_lams"),
    ({"lams": []}, "lams"), ({"lams": [1.0, -1.0]}, "lam"), ({"lams": [float("nan")]}, "lam"),
    ({"lams": 3}, "lams"), ({"solver": "newton"}, "solver"), ({"tol": -1.0}, "tol"),
])
def test_bad_path_parameters_raise_data_error(options, word):
    with pytest.raises(DataError) as e:
        lasso_path(X4, Y4, **options)
    assert word in str(e.value)


@pytest.mark.parametrize("X, y, message", [
    ([[1.0], [2.0]], [1, 1], "one class"),
    ([[1.0], [2.0, 3.0]], [0, 1], "row 1"),
    ([[1.0], [2.0]], [0, 1, 1], "labels"),
    ([], [], "empty"),
])
def test_bad_path_data_raise_data_error(X, y, message):
    with pytest.raises(DataError, match=message):
        lasso_path(X, y)


def test_estimator_wires_the_lecture_penalty_into_both_solvers():
    """LogisticRegression(penalty=..., lam, l1_ratio) minimises eq. (41) with either
    L1 solver: the same objective, and exact zeros for dropped features."""
    from minilogit import LogisticRegression
    from minilogit.datasets import load_breast_cancer, standardize
    X, y = load_breast_cancer()
    Z = standardize([row[:10] for row in X])[0]
    for penalty, l1_ratio in (("l1", None), ("elasticnet", 0.5)):
        fits = [LogisticRegression(solver=s, penalty=penalty, lam=20.0, l1_ratio=l1_ratio).fit(Z, y)
                for s in ("proximal", "cd")]
        assert all(m.converged_ for m in fits)
        # both stop at a KKT violation <= 1e-8 per row; 1e-8 relative on F is ample
        assert abs(fits[0].history_[-1] - fits[1].history_[-1]) <= 1e-8 * fits[1].history_[-1]
        assert 0 < sum(1 for c in fits[1].coef_ if c != 0.0) < 10
        assert [c == 0.0 for c in fits[0].coef_] == [c == 0.0 for c in fits[1].coef_]
