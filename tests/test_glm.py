"""GLM: families, links, the GLM objective and the GLM estimator, eqs. (37)-(40).

Golden numbers: statsmodels 0.15.0 (numpy 2.4.6, scipy 1.17.1), in a scratch
virtual environment, never a dependency of this package. The data below
(X: 40 rows, 2 features; YB: 0/1; YC: counts; YR: reals; W: integer
frequency weights) were drawn once with numpy.random.default_rng(534) and
rounded; they are written out here so that the tests need no numpy. With
X1 = sm.add_constant(np.array(X)), F = sm.families, L = sm.families.links:

  'logit'      sm.GLM(YB, X1, family=F.Binomial()).fit(tol=1e-14)
  'probit'     sm.GLM(YB, X1, family=F.Binomial(link=L.Probit())).fit(tol=1e-14)
  'cloglog'    sm.GLM(YB, X1, family=F.Binomial(link=L.CLogLog())).fit(tol=1e-14)
  'poisson'    sm.GLM(YC, X1, family=F.Poisson()).fit(tol=1e-14)
  'gaussian'   sm.GLM(YR, X1, family=F.Gaussian()).fit(tol=1e-14)
  'probit_w'   sm.GLM(YB, X1, family=F.Binomial(link=L.Probit()),
                      freq_weights=np.array(W)).fit(tol=1e-14)
  'poisson_w'  sm.GLM(YC, X1, family=F.Poisson(), freq_weights=np.array(W)).fit(tol=1e-14)
  'gaussian_w' sm.GLM(YR, X1, family=F.Gaussian(), freq_weights=np.array(W)).fit(tol=1e-14)
  'bc_probit'  sm.GLM(y, Z1, family=F.Binomial(link=L.Probit())).fit(tol=1e-14)
  'bc_cloglog' sm.GLM(y, Z1, family=F.Binomial(link=L.CLogLog())).fit(tol=1e-14)

where for 'bc_*' y is the bundled breast-cancer target and Z1 the constant
plus the four features SUBSET standardized by minilogit.datasets.standardize
(dumped to JSON and read by statsmodels). Recorded: res.params, res.bse,
res.llf, res.llnull, res.deviance, res.null_deviance, res.scale,
res.df_resid, with repr.

Why tol=1e-14: statsmodels' IRLS stops when the deviance changes by less than
tol (default 1e-8), and Fisher scoring converges only linearly for the
non-canonical links (probit, cloglog): at the default its probit and cloglog
parameters are off by up to 1e-5 relative (9 and 12 iterations at 1e-14).
The numbers above agree with its Newton fit (method="newton", tol=1e-14).

Tolerance: 1e-6 relative, everywhere a golden number is compared.
"""

import math
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minilogit import ConvergenceWarning, DataError, LogisticRegression, NotFittedError
from minilogit import SeparationWarning
from minilogit.datasets import load_breast_cancer, standardize
from minilogit.distributions import log_normal_cdf, normal_hazard
from minilogit import DivergenceError
from minilogit.glm.families import FAMILIES, family_and_link, get_family
from minilogit.glm.links import LINKS, get_link
from minilogit.core.matrix import Matrix
from minilogit.glm.model import GLM
from minilogit.glm.loss import GLMLoss
from minilogit.core.solvers import irls, newton

REL = 1e-6
SUBSET = ["mean_radius", "mean_texture", "mean_smoothness", "mean_symmetry"]

X = [[2.87, 1.2], [-0.49, -0.01], [2.32, -0.81], [0.95, -1.03], [0.54, 0.62], [-0.21, -0.73],
     [-0.27, 0.4], [-1.61, -0.37], [0.05, 1.15], [1.09, 1.28], [0.66, 0.96], [-0.53, 0.14],
     [-0.2, 0.57], [-0.24, -1.34], [-0.76, -0.93], [-0.62, 0.28], [-1.15, 0.92], [-0.69, -0.98],
     [0.91, -0.88], [-1.56, 1.07], [-0.79, 0.7], [0.2, 0.15], [0.43, 1.43], [-1.74, -0.47],
     [-0.29, 0.16], [-0.6, 0.5], [-0.59, -0.93], [0.68, -1.27], [0.82, -0.44], [-0.64, 0.92],
     [0.34, 0.69], [-1.74, 0.69], [-0.18, 0.63], [1.79, -0.98], [-0.07, 1.32], [-2.48, -1.22],
     [0.1, 1.22], [1.19, -1.13], [0.44, -0.71], [0.35, 1.2]]
YB = [1, 1, 1, 1, 0, 1, 0, 0, 0, 1, 1, 1, 0, 1, 1, 0, 1, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 1, 1,
      1, 0, 0, 1, 0, 0, 1, 1, 1, 0]
YC = [3, 1, 3, 1, 2, 1, 0, 0, 1, 1, 0, 4, 2, 1, 3, 1, 0, 0, 4, 0, 1, 2, 1, 0, 2, 2, 1, 4, 0, 1,
      0, 0, 1, 4, 0, 0, 1, 3, 4, 1]
YR = [5.47, 1.88, 7.23, 5.2, 2.2, 2.57, 1.35, 0.11, 0.53, 2.72, 3.66, -0.24, 0.52, 3.28, 0.52,
      0.39, -0.88, 1.42, 4.67, -3.27, -1.5, 1.26, 1.24, -0.16, 1.34, 1.1, 0.73, 4.17, 2.6, 0.36,
      0.77, -2.46, 1.56, 6.18, 1.14, -3.35, -0.47, 4.12, 2.77, 1.76]
W = [2, 1, 3, 1, 2, 2, 1, 3, 1, 2, 2, 2, 1, 1, 1, 3, 1, 1, 2, 3, 2, 1, 3, 1, 1, 1, 2, 1, 1, 1,
     3, 2, 2, 1, 1, 1, 1, 3, 3, 2]

GOLDEN = {
    'logit': {
        'params': [0.8304133848718944, 1.0523168392674684, -1.1264321044308],
        'bse': [0.4491807314900269, 0.46785838398179086, 0.5130057811428491],
        'llf': -20.934596597011094,
        'llnull': -26.920466680370257,
        'deviance': 41.86919319402219,
        'null_deviance': 53.840933360740515,
        'scale': 1.0,
        'df_resid': 37.0,
    },
    'probit': {
        'params': [0.510695964347488, 0.6391548762525278, -0.6807844865401605],
        'bse': [0.2576169311938212, 0.264502130599484, 0.29168749091234986],
        'llf': -20.80343285355217,
        'llnull': -26.920466680370257,
        'deviance': 41.60686570710434,
        'null_deviance': 53.840933360740515,
        'scale': 1.0,
        'df_resid': 37.0,
    },
    'cloglog': {
        'params': [0.12707358915779998, 0.7236200133774484, -0.7521402420408825],
        'bse': [0.25831568489649215, 0.30187464803568936, 0.3129144188678872],
        'llf': -20.381366469447038,
        'llnull': -26.920466680370257,
        'deviance': 40.762732938894075,
        'null_deviance': 53.840933360740515,
        'scale': 1.0,
        'df_resid': 37.0,
    },
    'poisson': {
        'params': [0.22597983827924553, 0.42476753809925005, -0.3350590195557631],
        'bse': [0.14814649836353558, 0.11623257942203459, 0.1480759322662625],
        'llf': -54.050502549946714,
        'llnull': -63.68059768066375,
        'deviance': 38.73633222101924,
        'null_deviance': 57.9965224824533,
        'scale': 1.0,
        'df_resid': 37.0,
    },
    'gaussian': {
        'params': [1.7333901720665135, 1.9121566975224549, -0.8958935422977159],
        'bse': [0.12495748301511657, 0.11545281290704544, 0.1398501354433005],
        'llf': -45.50470246804195,
        # 'llnull': statsmodels gives -203.45410437982602, at the FULL model's Pearson
        # scale; GLM.llnull_ uses the null model's own ML scale instead.
        'deviance': 22.788078151318835,
        'null_deviance': 217.27529750000002,
        'scale': 0.6158940040896983,
        'df_resid': 37.0,
    },
    'probit_w': {
        'params': [0.4623697232569959, 0.8114431394205739, -0.7265200677944132],
        'bse': [0.20983200167198474, 0.22414435752709402, 0.24345129379910607],
        'llf': -32.33664208205771,
        'llnull': -46.396040683311305,
        'deviance': 64.67328416411542,
        'null_deviance': 92.7920813666226,
        'scale': 1.0,
        'df_resid': 65.0,
    },
    'poisson_w': {
        'params': [0.22805430447451938, 0.40893970596845797, -0.3822371283417749],
        'bse': [0.1154615300846599, 0.08522969527494084, 0.11349842283355376],
        'llf': -91.30459358628616,
        'llnull': -110.70160042865383,
        'deviance': 62.608571535633686,
        'null_deviance': 101.40258522036905,
        'scale': 1.0,
        'df_resid': 65.0,
    },
    'gaussian_w': {
        'params': [1.684458009011808, 1.9058440803322574, -0.9226535072041206],
        'bse': [0.0941024555649514, 0.08217535907441799, 0.10581346434220223],
        'llf': -76.75254204266847,
        # 'llnull': statsmodels gives -397.8725117822063, at the FULL model's Pearson
        # scale; GLM.llnull_ uses the null model's own ML scale instead.
        'deviance': 38.055984274277975,
        'null_deviance': 414.0325691176471,
        'scale': 0.5854766811427381,
        'df_resid': 65.0,
    },
    'bc_probit': {
        'params': [0.5187361994313592, -2.7009628726182453, -0.8990363986687807,
                   -0.9017610345789574, -0.3893190612614068],
        'bse': [0.11110269503089824, 0.275464466788923, 0.1306719063311339,
                0.15569798621972522, 0.1487648348971384],
        'llf': -89.78271898876562,
        'llnull': -375.72000269208456,
        'deviance': 179.56543797753125,
        'null_deviance': 751.4400053841689,
        'scale': 1.0,
        'df_resid': 564.0,
    },
    'bc_cloglog': {
        'params': [-0.023231568326514584, -2.6387121310606902, -0.871190974994031,
                   -0.9173395955466429, -0.3282915362914307],
        'bse': [0.10803235949621715, 0.2706047146076876, 0.12835334899736417,
                0.1602907873388879, 0.14995970572937004],
        'llf': -96.5232980752753,
        'llnull': -375.72000269208456,
        'deviance': 193.04659615055067,
        'null_deviance': 751.4400053841689,
        'scale': 1.0,
        'df_resid': 564.0,
    },
}

CASES = {   # name: (family, link, y, weights)
    "logit": ("binomial", None, YB, None),
    "probit": ("binomial", "probit", YB, None),
    "cloglog": ("binomial", "cloglog", YB, None),
    "poisson": ("poisson", None, YC, None),
    "gaussian": ("gaussian", None, YR, None),
    "probit_w": ("binomial", "probit", YB, W),
    "poisson_w": ("poisson", None, YC, W),
    "gaussian_w": ("gaussian", None, YR, W),
}


def close(got, want, rel=REL):
    if isinstance(want, (list, tuple)):
        return len(got) == len(want) and all(close(g, w, rel) for g, w in zip(got, want))
    return abs(got - want) <= rel * abs(want)


def fit_quietly(model, X, y, sample_weight=None):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model.fit(X, y, sample_weight=sample_weight)
    return caught


def bse(model):
    return [math.sqrt(model.cov_params_[j][j]) for j in range(len(model.params_))]


@pytest.fixture(scope="module")
def bc4():
    data = load_breast_cancer().columns(SUBSET)
    return standardize(data.data)[0], data.target


# -- golden numbers -------------------------------------------------------------

@pytest.mark.parametrize("solver", ["irls", "newton"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_matches_statsmodels(case, solver):
    """params, bse, llf, llnull, deviances, scale and df_resid equal statsmodels' to 1e-6."""
    family, link, y, w = CASES[case]
    m = GLM(family=family, link=link, solver=solver)
    assert fit_quietly(m, X, y, w) == []
    want = GOLDEN[case]
    assert m.converged_
    assert close(m.params_, want["params"]), (m.params_, want["params"])
    assert close(bse(m), want["bse"]), (bse(m), want["bse"])
    for attr in ("llf", "llnull", "deviance", "null_deviance", "scale", "df_resid"):
        if attr in want:
            assert close(getattr(m, attr + "_"), want[attr]), (attr, getattr(m, attr + "_"))
    assert m.nobs_ == (sum(w) if w else len(y))
    assert m.df_model_ == 2
    assert m.inference_blocked_ is None and m.separation_ is None


@pytest.mark.parametrize("case,link,tol", [("bc_probit", "probit", None),
                                           ("bc_cloglog", "cloglog", 1e-10)])
def test_breast_cancer_probit_and_cloglog_match_statsmodels(bc4, case, link, tol):
    """Four standardized breast-cancer features. cloglog needs 17 Fisher-scoring
    steps; its intercept is small (-0.023), so the test asks for tol=1e-10 to sit
    well inside 1e-6 relative (the default tol leaves it at ~3e-7)."""
    X4, y = bc4
    m = GLM(link=link, tol=tol)
    assert fit_quietly(m, X4, y) == []
    want = GOLDEN[case]
    assert close(m.params_, want["params"]), m.params_
    assert close(bse(m), want["bse"]), bse(m)
    for attr in ("llf", "llnull", "deviance", "null_deviance"):
        assert close(getattr(m, attr + "_"), want[attr]), attr


def test_gaussian_params_are_least_squares_and_llnull_is_concentrated():
    """The gaussian GLM is least squares (one IRLS step); llf and llnull are the
    concentrated log-likelihoods -n/2 (log(2 pi RSS/n) + 1) of the model and of
    the intercept-only model."""
    m = GLM(family="gaussian").fit(X, YR)
    assert m.n_iter_ == 2          # the step, then the step after the test (R: 2 as well)
    A = Matrix([[1.0] + r for r in X])
    beta_ls = (A.T @ A).solve(A.T @ YR)                 # the normal equations
    assert close(m.params_, beta_ls, 1e-12)
    n = len(YR)
    ybar = sum(YR) / n
    rss0 = sum((v - ybar) ** 2 for v in YR)
    assert close(m.llnull_, -n / 2 * (math.log(2 * math.pi * rss0 / n) + 1), 1e-12)
    assert close(m.null_deviance_, rss0, 1e-12)
    assert close(m.scale_, m.deviance_ / (n - 3), 1e-12)


def test_binomial_logit_glm_equals_logistic_regression():
    """The canonical binomial GLM is logistic regression: same coefficients and loss.

    (At tol=1e-12, to 1e-9: the two stop near the optimum by different tests
    and from different starts: beta = 0 for LogisticRegression, the start
    means of glm_irls here.)"""
    g = GLM(tol=1e-12).fit(X, YB)
    lr = LogisticRegression(tol=1e-12).fit(X, YB)
    assert close(g.params_, [lr.intercept_] + lr.coef_, 1e-9)
    assert close(g.history_[-1], lr.history_[-1], 1e-12)
    assert close(-g.llf_, lr.history_[-1], 1e-12)


def test_newton_and_irls_reach_the_same_optimum_and_history_descends():
    """Fisher scoring (solver="newton") and glm_irls (Newton's weights, R's start
    and test) reach the same coefficients; glm_irls in no more iterations, and
    after its first step (from mu^(0), not from a beta) the objective never rises."""
    for family, link in (("binomial", "probit"), ("binomial", "cloglog"), ("poisson", None)):
        y = YC if family == "poisson" else YB
        a = GLM(family=family, link=link, solver="newton").fit(X, y)
        b = GLM(family=family, link=link, solver="irls").fit(X, y)
        assert b.n_iter_ <= a.n_iter_
        assert close(b.params_, a.params_, 1e-6)
        for m in (a, b):
            h = m.history_[1:] if m is b else m.history_
            assert all(h1 <= h0 + 1e-12 for h0, h1 in zip(h, h[1:]))


def test_llf_is_the_objective_with_constants_and_deviance_is_twice_the_gap():
    """binomial and poisson: llf = -L(beta); poisson: deviance = 2 (llf_sat - llf)."""
    m = GLM(family="poisson").fit(X, YC)
    assert close(m.llf_, -m.history_[-1], 1e-12)
    fam = get_family("poisson")
    llf_sat = sum(fam.loglike(v, float(v)) for v in YC)
    assert close(m.deviance_, 2 * (llf_sat - m.llf_), 1e-10)
    b = GLM(link="cloglog").fit(X, YB)
    assert close(b.deviance_, -2 * b.llf_, 1e-12)


# -- weights ---------------------------------------------------------------------

CHOICES = [("binomial", "probit", YB), ("binomial", "cloglog", YB),
           ("poisson", None, YC), ("gaussian", None, YR)]


@settings(max_examples=25)
@given(st.sampled_from(range(len(CHOICES))),
       st.lists(st.integers(1, 3), min_size=len(X), max_size=len(X)))
def test_integer_weights_are_repeated_rows(choice, counts):
    """Weight k on a row fits exactly as k copies of it: same params, covariance,
    log-likelihoods, deviances, scale, nobs and df."""
    family, link, y = CHOICES[choice]
    a = GLM(family=family, link=link).fit(X, y, sample_weight=counts)
    rows, ys = [], []
    for r, v, k in zip(X, y, counts):
        rows.extend([r] * k)
        ys.extend([v] * k)
    b = GLM(family=family, link=link).fit(rows, ys)
    assert max(abs(u - v) for u, v in zip(a.params_, b.params_)) < 1e-8
    for j in range(3):
        assert close(a.cov_params_[j], b.cov_params_[j], 1e-7)
    for attr in ("llf_", "llnull_", "deviance_", "null_deviance_", "scale_"):
        assert close(getattr(a, attr), getattr(b, attr), 1e-9), attr
    assert (a.nobs_, a.df_resid_, a.df_model_) == (b.nobs_, b.df_resid_, b.df_model_)


def test_zero_weight_drops_the_row():
    """A row of weight 0 is not in the data, even a row that would change the fit."""
    w = [0 if i == 0 else 1 for i in range(len(X))]
    a = GLM(family="poisson").fit(X, YC, sample_weight=w)
    b = GLM(family="poisson").fit(X[1:], YC[1:])
    assert close(a.params_, b.params_, 1e-10)
    assert a.nobs_ == len(X) - 1 and close(a.llf_, b.llf_, 1e-12)


# -- the objective ---------------------------------------------------------------

PAIRS = [("binomial", "logit"), ("binomial", "probit"), ("binomial", "cloglog"),
         ("poisson", "log"), ("gaussian", "identity")]


def _loss(family, link, weights=None):
    y = {"binomial": YB, "poisson": YC, "gaussian": YR}[family]
    return GLMLoss(Matrix([[1.0] + r for r in X]), y, family, link, weights)


@pytest.mark.parametrize("family,link", PAIRS)
def test_gradient_is_the_derivative_of_the_value(family, link):
    """Central differences of L match g = -X'u (to 1e-6 relative)."""
    loss = _loss(family, link, W)
    beta = [0.2, 0.3, -0.4]
    g = loss.gradient(beta)
    h = 1e-6
    for j in range(3):
        up = list(beta); up[j] += h
        dn = list(beta); dn[j] -= h
        fd = (loss.value(up) - loss.value(dn)) / (2 * h)
        assert abs(fd - g[j]) <= 1e-6 * max(1.0, abs(g[j])), (j, fd, g[j])


@pytest.mark.parametrize("family,link", PAIRS)
def test_expected_information_equals_the_hessian_only_for_canonical_links(family, link):
    """X'WX with W = (dmu/deta)^2 / V is the observed Hessian for a canonical link;
    for probit and cloglog away from the optimum it is not."""
    loss = _loss(family, link)
    beta = [0.2, 0.3, -0.4]
    H = loss.hessian(beta).rows
    h = 1e-6
    worst = 0.0
    for j in range(3):
        up = list(beta); up[j] += h
        dn = list(beta); dn[j] -= h
        col = [(a - b) / (2 * h) for a, b in zip(loss.gradient(up), loss.gradient(dn))]
        worst = max(worst, max(abs(c - H[k][j]) / max(1.0, abs(H[k][j])) for k, c in enumerate(col)))
    if link == get_family(family).canonical:
        assert worst < 1e-6
    else:
        assert worst > 1e-3


def test_working_response_matches_eq_41():
    """z_i = eta_i + (y_i - mu_i) deta/dmu and w_i = weight_i (dmu/deta)^2 / V(mu_i)."""
    loss = _loss("binomial", "cloglog", W)
    beta = [0.1, -0.2, 0.3]
    w, z = loss.working_response(beta)
    g, fam = get_link("cloglog"), get_family("binomial")
    for i, row in enumerate(X):
        eta = beta[0] + beta[1] * row[0] + beta[2] * row[1]
        mu, d = g.inverse(eta), g.deriv(eta)
        assert close(w[i], W[i] * d * d / fam.variance(mu), 1e-12)
        assert close(z[i], eta + (YB[i] - mu) / d, 1e-12)


def test_newton_and_irls_on_the_objective_directly():
    loss = _loss("binomial", "probit")
    a, b = newton(loss, [0.0, 0.0, 0.0]), irls(loss, [0.0, 0.0, 0.0])
    assert a.converged and b.converged
    assert close(a.beta, GOLDEN["probit"]["params"])
    assert max(abs(u - v) for u, v in zip(a.beta, b.beta)) < 1e-10


def test_objective_is_finite_far_out():
    """No overflow and no log(0): points fitted with probability 1e-300 or worse."""
    one = Matrix([[1.0]])
    for link in ("logit", "probit", "cloglog"):
        for y in (0, 1):
            for eta in (-800.0, -40.0, 40.0, 800.0):
                loss = GLMLoss(one, [y], "binomial", link)
                v, g, H = loss.value([eta]), loss.gradient([eta]), loss.hessian([eta])
                assert all(math.isfinite(x) for x in (v, g[0], H.rows[0][0])), (link, y, eta)
    assert GLMLoss(one, [0], "binomial", "probit").value([40.0]) == pytest.approx(804.6084420137539, rel=1e-12)
    assert GLMLoss(one, [0], "binomial", "cloglog").value([7.0]) == pytest.approx(math.exp(7.0), rel=1e-15)
    # value() answers inf where e^eta overflows, so that a line search backs off;
    # the gradient, which Newton and IRLS need, says what happened
    assert GLMLoss(one, [1], "poisson").value([800.0]) == math.inf
    with pytest.raises(DivergenceError, match="overflows"):
        GLMLoss(one, [1], "poisson").gradient([800.0])


# -- links and families ------------------------------------------------------------

def test_normal_tails_match_scipy():
    """log Phi and phi/Phi against scipy.special.log_ndtr 1.17.1 (hazard from
    exp(log phi - log_ndtr), itself good to ~1e-13 there)."""
    assert log_normal_cdf(-40.0) == pytest.approx(-804.6084420137539, rel=1e-14)
    assert log_normal_cdf(-37.0) == pytest.approx(-689.0305855768908, rel=1e-14)
    assert log_normal_cdf(10.0) == pytest.approx(-7.61985302416047e-24, rel=1e-13)
    assert normal_hazard(-40.0) == pytest.approx(40.024968847210886, rel=1e-12)
    assert normal_hazard(-37.0) == pytest.approx(37.026987686131704, rel=1e-12)
    assert normal_hazard(10.0) == pytest.approx(7.694598626706409e-23, rel=1e-12)


@pytest.mark.parametrize("name", sorted(LINKS))
def test_link_inverse_and_derivative(name):
    """g(g^-1(eta)) = eta, and dmu/deta is the derivative of g^-1."""
    g = LINKS[name]
    for eta in (-2.0, -0.3, 0.0, 0.7, 1.5):
        assert g.link(g.inverse(eta)) == pytest.approx(eta, abs=1e-12)
        h = 1e-6
        fd = (g.inverse(eta + h) - g.inverse(eta - h)) / (2 * h)
        assert g.deriv(eta) == pytest.approx(fd, rel=1e-7, abs=1e-12)


@pytest.mark.parametrize("name", ["logit", "probit", "cloglog"])
def test_binomial_links_log_probs(name):
    """log_probs = (log mu, log(1 - mu)), dlog_probs their derivatives."""
    g = LINKS[name]
    for eta in (-3.0, -0.5, 0.0, 0.5, 2.0):
        mu = g.inverse(eta)
        lp1, lp0 = g.log_probs(eta)
        assert lp1 == pytest.approx(math.log(mu), rel=1e-12)
        assert lp0 == pytest.approx(math.log(1 - mu), rel=1e-9)
        d1, d0 = g.dlog_probs(eta)
        assert d1 == pytest.approx(g.deriv(eta) / mu, rel=1e-12)
        assert d0 == pytest.approx(-g.deriv(eta) / (1 - mu), rel=1e-9)


def test_latent_variable_view_eq_39():
    """y = 1 when eta + eps > 0: P(y = 1) = 1 - F(-eta) for logistic, normal and
    Gumbel (cdf exp(-e^-s)) noise gives the logit, probit and cloglog inverses."""
    from minilogit.distributions import normal_cdf
    F = {"logit": lambda s: 1 / (1 + math.exp(-s)),
         "probit": normal_cdf,
         "cloglog": lambda s: math.exp(-math.exp(-s))}
    for name, cdf in F.items():
        for eta in (-2.0, -0.5, 0.0, 1.0, 2.5):
            assert 1 - cdf(-eta) == pytest.approx(LINKS[name].inverse(eta), rel=1e-12)
    # cloglog is not symmetric: P(y = 1 | eta = 0) = 1 - 1/e
    assert LINKS["cloglog"].inverse(0.0) == pytest.approx(1 - math.exp(-1), rel=1e-15)


def test_poisson_loglike_eq_40():
    """sum_i y_i eta_i - e^eta_i - log y_i! is the Poisson log-likelihood at mu = e^eta."""
    fam, g = get_family("poisson"), get_link("log")
    for y, eta in ((0, -1.0), (3, 0.4), (7, 2.0)):
        direct = math.log(math.exp(-math.exp(eta)) * math.exp(eta) ** y / math.factorial(y))
        assert -fam.loss(float(y), eta, g) == pytest.approx(direct, rel=1e-12)
        assert fam.loglike(y, g.inverse(eta)) == pytest.approx(direct, rel=1e-12)


def test_canonical_links_and_allowed_pairs():
    assert [(f, FAMILIES[f].canonical) for f in sorted(FAMILIES)] == [
        ("binomial", "logit"), ("gaussian", "identity"), ("poisson", "log")]
    for f in FAMILIES:
        assert family_and_link(f)[1].name == FAMILIES[f].canonical


# -- separation --------------------------------------------------------------------

@pytest.mark.parametrize("link", ["logit", "probit", "cloglog"])
def test_separation_blocks_inference(link):
    """Separated 0/1 data: SeparationWarning, separation_ set, cov_params_ None and
    inference_blocked_ says why."""
    m = GLM(link=link)
    caught = fit_quietly(m, [[-2.0], [-1.0], [1.0], [2.0]], [0, 0, 1, 1])
    assert any(issubclass(c.category, SeparationWarning) for c in caught)
    assert m.separation_.startswith("complete separation")
    assert m.cov_params_ is None
    assert "separated" in m.inference_blocked_ and "does not exist" in m.inference_blocked_


def test_convergence_warning():
    m = GLM(link="cloglog", max_iter=2)
    caught = fit_quietly(m, X, YB)
    assert any(issubclass(c.category, ConvergenceWarning) for c in caught)
    assert not m.converged_ and m.n_iter_ == 2


# -- the estimator ---------------------------------------------------------------------

def test_predict_and_linear_predictor():
    m = GLM(family="poisson").fit(X, YC)
    eta = m.linear_predictor(X[:3])
    assert close(eta, [m.intercept_ + m.coef_[0] * r[0] + m.coef_[1] * r[1] for r in X[:3]], 1e-15)
    assert m.predict(X[:3]) == [math.exp(e) for e in eta]
    assert m.params_ == [m.intercept_] + m.coef_


def test_no_intercept():
    """fit_intercept=False: params_ = coef_, df_model_ = n_params, start at beta = 0."""
    m = GLM(family="poisson", fit_intercept=False).fit(X, YC)
    assert m.intercept_ == 0.0 and m.params_ == m.coef_ and m.df_model_ == 2
    assert m.df_resid_ == len(X) - 2 and len(m.cov_params_) == 2


def test_get_params_and_clone():
    from minilogit.models._base import clone
    m = GLM(family="poisson", solver="newton", tol=1e-10)
    assert m.get_params() == {"family": "poisson", "link": None, "solver": "newton",
                             "max_iter": None, "tol": 1e-10, "fit_intercept": True,
                             "penalty": None, "lam": None, "l1_ratio": None,
                             "cov_type": "expected", "check_separation": False, "start": None,
                             "class_weight": None, "verbose": 0}
    assert clone(m).get_params() == m.get_params()


@pytest.mark.parametrize("kwargs,X_,y,w,message", [
    ({"family": "gamma"}, X, YB, None, "unknown family 'gamma': choose one of binomial, gaussian, poisson"),
    ({"link": "sqrt"}, X, YB, None, "unknown link 'sqrt': choose one of cloglog, identity, log, logit, probit"),
    ({"family": "poisson", "link": "logit"}, X, YC, None, "the poisson family does not take the logit link"),
    ({"family": "gaussian", "link": "log"}, X, YR, None, "the gaussian family does not take the log link"),
    ({"solver": "gd"}, X, YB, None, "unknown solver 'gd': choose one of cd, irls, newton, proximal"),
    ({}, X, YB[:-1] + [2], None, "y[39] is 2: the binomial family needs 0/1 labels"),
    ({}, X, YB[:-1] + ["1"], None, "y[39] is '1'"),
    ({"family": "poisson"}, X, YC[:5] + [-1] + YC[6:], None, "y[5] is -1: the poisson family needs counts"),
    ({"family": "poisson"}, X, YC[:5] + [1.5] + YC[6:], None, "y[5] is 1.5"),
    ({"family": "gaussian"}, X, YR[:2] + [float("nan")] + YR[3:], None, "y[2] is nan"),
    ({}, X, YB[:-1], None, "X has 40 rows but y has 39 values"),
    ({}, X, [0] * 40, None, "y has only one value (0)"),
    ({"family": "poisson"}, X, [0] * 40, None, "y is 0 on every row"),
    ({}, X, YB, [1] * 39, "sample_weight has 39 entries but X has 40 rows"),
    ({}, X, YB, [1] * 39 + [-1], "sample_weight[39] is -1.0: weights must be >= 0"),
    ({}, X, YB, [0] * 40, "sample_weight sums to zero"),
    ({}, X, YB, [1] * 39 + [float("inf")], "sample_weight[39] is inf"),
    ({}, [[1.0, 2.0], [3.0]], [0, 1], None, "X row 1 has 1 columns"),
    ({}, [[1.0, 1.0], [2.0, 2.0], [3.0, 3.0], [4.0, 4.0]], [0, 1, 0, 1], None,
     "column 1 of X is a linear combination"),
])
def test_bad_input_raises_data_error(kwargs, X_, y, w, message):
    with pytest.raises(DataError) as caught:
        GLM(**kwargs).fit(X_, y, sample_weight=w)
    assert message in str(caught.value)


def test_not_fitted():
    with pytest.raises(NotFittedError):
        GLM().predict([[0.0, 0.0]])


def test_line_searches_back_off_where_the_poisson_mean_overflows():
    """A trial point with e^eta = inf is "too far" for gradient descent's and the
    proximal method's line searches, not the end of the fit."""
    from minilogit.core.solvers import gradient_descent
    from minilogit.solvers.proximal import proximal
    from minilogit.core.matrix import Matrix
    X = Matrix([[1.0, v] for v in (0.0, 1.0, 2.0, 3.0)])
    loss = GLMLoss(X, [0, 2, 30, 400], "poisson")
    for solver in (gradient_descent, proximal):
        r = solver(loss, [0.0, 0.0], max_iter=500, tol=1e-6)
        assert all(math.isfinite(v) for v in r.beta + r.history), solver.__name__
