"""The exact optima of tests/test_golden_optimum.py, by Newton's method in 60 digits.

Run in a scratch environment with mpmath (never a dependency), from the
repository root:
    python tools/reference/optimum_reference.py
For each golden model it starts from minilogit's float64 fit and takes
Newton steps in mpmath's 60-digit arithmetic (the gradient exact to those
digits, the Hessian by differences of it with a step of 1e-25) until the
step is below 1e-40 of the coefficients, then prints the optimum to 17
significant digits: the float64 optimum is that number rounded, whatever
rounding any float64 solver meets on the way.
"""
import os
import sys

import mpmath as mp

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path[:0] = [ROOT, os.path.join(ROOT, "tests")]

import golden  # noqa: E402  (tests/golden.py reads tests/data/glm)
from minilogit import SoftmaxRegression  # noqa: E402
from minilogit.glm.model import GLM  # noqa: E402

mp.mp.dps = 60


def binary_score(link):
    """d log p(k of n | eta) / d eta for the binomial with this link, or poisson / gaussian."""
    def logit(eta, k, n):
        return k - n / (1 + mp.exp(-eta))

    def probit(eta, k, n):
        P, d = mp.ncdf(eta), mp.npdf(eta)
        return d * (k / P - (n - k) / (1 - P))

    def poisson(eta, k, n):
        return k - mp.exp(eta)

    def gaussian(eta, k, n):
        return k - eta
    return {"logit": logit, "probit": probit, "poisson": poisson, "gaussian": gaussian}[link]


def glm_gradient(X, k, n, offset, link):
    """The gradient of the log-likelihood of a one-parameter-vector GLM."""
    score = binary_score(link)
    rows = [[mp.mpf(1)] + [mp.mpf(v) for v in r] for r in X]

    def gradient(beta):
        g = [mp.mpf(0)] * len(beta)
        for x, k_i, n_i, o_i in zip(rows, k, n, offset):
            s = score(mp.fsum(b * v for b, v in zip(beta, x)) + o_i, k_i, n_i)
            for j in range(len(beta)):
                g[j] += s * x[j]
        return g
    return gradient


def softmax_gradient(X, y, classes, reference):
    """The gradient of the multinomial log-likelihood, the reference class's vector at 0:
    one block [intercept, x...] per other class, in the order of ``classes``."""
    rows = [[mp.mpf(1)] + [mp.mpf(v) for v in r] for r in X]
    others = [c for c in classes if c != reference]
    d = len(rows[0])

    def gradient(theta):
        g = [mp.mpf(0)] * len(theta)
        for x, y_i in zip(rows, y):
            a = [mp.fsum(theta[b * d + j] * x[j] for j in range(d)) for b in range(len(others))]
            top = max([mp.mpf(0)] + a)
            e = [mp.exp(v - top) for v in a]
            z = mp.exp(-top) + mp.fsum(e)
            for b, c in enumerate(others):
                r = (1 if y_i == c else 0) - e[b] / z
                for j in range(d):
                    g[b * d + j] += r * x[j]
        return g
    return gradient


def newton(gradient, start, h=mp.mpf("1e-25")):
    """Maximise from start: Newton steps with the Hessian by differences of the gradient."""
    beta = [mp.mpf(v) for v in start]
    p = len(beta)
    for _ in range(20):
        g = gradient(beta)
        H = mp.matrix(p, p)
        for k in range(p):
            shifted = list(beta)
            shifted[k] += h
            gk = gradient(shifted)
            for j in range(p):
                H[j, k] = (gk[j] - g[j]) / h
        step = mp.lu_solve(H, mp.matrix(g))
        beta = [b - step[j] for j, b in enumerate(beta)]
        if max(abs(step[j]) / max(abs(beta[j]), mp.mpf("1e-300")) for j in range(p)) < 1e-40:
            return beta
    raise RuntimeError("no convergence")


def fair():
    rows = golden.table("fair.csv")
    names = list(rows[0])[:8]
    return golden.columns(rows, names), [int(float(r["affairs"]) > 0) for r in rows]


def data(y, offset=None, trials=None):
    """The responses k, the trials n and the offsets o, as 60-digit numbers."""
    k = [mp.mpf(v) for v in y]
    n = [mp.mpf(v) for v in (trials or [1] * len(y))]
    o = [mp.mpf(v) for v in (offset or [0] * len(y))]
    return k, n, o


def main():
    out = []
    cases = [("SPECTOR_LOGIT", golden.spector(), "logit"),
             ("FAIR_LOGIT", fair(), "logit"),
             ("SPECTOR_PROBIT", golden.spector(), "probit"),
             ("LBW_LOGIT", golden.lbw(), "logit"),
             ("LONGLEY_GAUSSIAN", golden.longley(), "gaussian")]
    for name, (X, y), link in cases:
        family = {"logit": "binomial", "probit": "binomial"}.get(link, link)
        start = GLM(family=family, link=None if link == "gaussian" else link).fit(X, y).params_
        k, n, o = data(y)
        out.append((name, newton(glm_gradient(X, k, n, o, link), start)))
    X, pairs = golden.star98()
    start = GLM().fit(X, pairs).params_
    k, n, o = data([s for s, _ in pairs], trials=[t for _, t in pairs])
    out.append(("STAR98_LOGIT", newton(glm_gradient(X, k, n, o, "logit"), start)))
    X, y, t = golden.cpunish()
    for name, offset in (("CPUNISH_POISSON", None), ("CPUNISH_EXPOSURE_POISSON", t)):
        start = GLM(family="poisson").fit(X, y, exposure=offset).params_
        logs = [mp.log(v) for v in offset] if offset else None
        k, n, o = data(y, offset=logs)
        out.append((name, newton(glm_gradient(X, k, n, o, "poisson"), start)))
    X, y = golden.anes96()
    start = SoftmaxRegression(reference_class=0).fit(X, y).params_
    out.append(("ANES96_MNLOGIT", newton(softmax_gradient(X, y, sorted(set(y)), 0), start)))
    print("# mpmath %s, %d digits" % (mp.__version__, mp.mp.dps))
    for name, beta in out:
        print("%s = [%s]" % (name, ", ".join(mp.nstr(b, 17, strip_zeros=False) for b in beta)))


if __name__ == "__main__":
    main()
