"""Ridge and lasso for every GLM family, and L1 for SoftmaxRegression, eq. (41).

Golden: R 4.2.2's glmnet 4.1-6 (Debian's r-cran-glmnet), by
tools/reference/glmnet_reference.R, which gives the translation of its
(lambda, alpha) into minilogit's lam and l1_ratio, with standardize = FALSE,
thresh = 1e-14; the gaussian y is divided by its standard deviation first, as
glmnet does inside. GLMNET maps (family, alpha) to [intercept, coef]; lam = 1.5.
Tolerance 1e-6 relative, 5e-6 for the proximal solver (1e-6 absolute for a 0);
measured: 1.9e-6 at worst (proximal, binomial elastic net), 2e-7 for the rest.

The optimality (KKT) conditions of every model, penalty and solver are
tests/portable/test_kkt.py's.
"""

import math

import pytest

from minilogit import InferenceError, SoftmaxRegression
from minilogit.datasets import load_iris
from minilogit.glm.model import GLM

X = [[0.2, 1.0], [1.4, -0.3], [-0.7, 0.8], [2.1, 0.1], [-1.3, -1.1], [0.6, 0.4],
     [1.1, -0.9], [-0.2, 1.7], [0.9, 0.5], [-1.6, 0.2], [0.3, -0.6], [1.8, 1.2]]
Y = {"binomial": [1, 1, 0, 1, 0, 1, 1, 0, 1, 0, 0, 1],
     "poisson": [1, 3, 0, 6, 0, 2, 2, 1, 3, 0, 1, 7],
     "gaussian": [0.9, 2.8, -0.3, 4.4, -1.9, 1.6, 1.9, 0.2, 2.2, -2.0, 0.4, 4.1]}


GLMNET = {
    ("binomial", 1): [-0.09560947153671423, 1.4316922789149964, 0],
    ("binomial", 0.5): [0.021306979876489829, 1.0083559059057363, 0],
    ("binomial", 0): [0.052857188431778855, 0.86561726764838476, 0.028486162837834249],
    ("poisson", 1): [-0.16598019575504575, 0.97990304648055759, 0.16774578083778915],
    ("poisson", 0.5): [-0.12707003930647673, 0.94083458204806014, 0.20123471731950313],
    ("poisson", 0): [-0.096165150092092144, 0.90883601982330853, 0.22807524060633264],
    ("gaussian", 1): [0.30538310699692917, 0.77936494401291656, 0],
    ("gaussian", 0.5): [0.30447237321411846, 0.75218844727820033, 0.045313563457807605],
    ("gaussian", 0): [0.29776024750152924, 0.72880745860008578, 0.10801291561460685],
}

SD = math.sqrt(sum((v - sum(Y["gaussian"]) / 12) ** 2 for v in Y["gaussian"]) / 12)


@pytest.mark.parametrize("family", ["binomial", "poisson", "gaussian"])
@pytest.mark.parametrize("alpha,solvers", [(1, ("cd", "proximal")), (0.5, ("cd", "proximal")),
                                           (0, ("irls", "newton", "cd"))])
def test_glm_penalties_match_glmnet(family, alpha, solvers):
    y = [v / SD for v in Y["gaussian"]] if family == "gaussian" else Y[family]
    want = GLMNET[(family, alpha)]
    penalty = {1: "l1", 0.5: "elasticnet", 0: "l2"}[alpha]
    for solver in solvers:
        mixing = {"l1_ratio": 0.5} if penalty == "elasticnet" else {}
        m = GLM(family=family, penalty=penalty, lam=1.5, solver=solver, **mixing).fit(X, y)
        got = [m.intercept_] + m.coef_
        rel = 5e-6 if solver == "proximal" else 1e-6
        assert all(abs(g - w) <= rel * abs(w) + (1e-6 if w == 0 else 0.0)
                   for g, w in zip(got, want)), (solver, got, want)


@pytest.mark.parametrize("penalty,solver", [("l2", "irls"), ("l1", "cd"), ("elasticnet", "proximal")])
def test_penalised_glm_refuses_standard_errors(penalty, solver):
    m = GLM(family="poisson", penalty=penalty, lam=1.5, solver=solver).fit(X, Y["poisson"])
    with pytest.raises(InferenceError, match="penalised"):
        m.bse_


def test_lasso_zeroes_coefficients_and_large_lam_zeroes_all():
    m = GLM(family="poisson", penalty="l1", lam=100.0, solver="cd").fit(X, Y["poisson"])
    assert m.coef_ == [0.0, 0.0]


def test_softmax_l1_is_sparse_and_needs_proximal():
    d = load_iris()
    for ref in (None, 0):
        m = SoftmaxRegression(solver="proximal", penalty="l1", lam=5.0,
                              reference_class=ref).fit(d.data, d.target)
        assert m.converged_
        assert sum(c == 0.0 for row in m.coef_ for c in row) >= 6      # sparse
    with pytest.raises(Exception, match="proximal"):
        SoftmaxRegression(penalty="l1").fit(d.data, d.target)
