"""GLM families: the distribution of y around its mean, eqs. (37)-(40).

A generalised linear model (GLM) keeps the linear score of logistic
regression and changes two things around it:

- the link g: the linear predictor eta_i = x_iᵀbeta is g(mu_i), so the mean
  of y_i is mu_i = g⁻¹(eta_i), eq. (37) (the links are in ``minilogit.glm.links``);
- the family: the distribution of y_i around that mean, with variance
  scale * V(mu_i).

Notation: here ``eta`` is the linear predictor (the logistic sections call
it a_i; it is not a learning rate), ``mu`` the mean, ``dmu/deta`` the slope of
g⁻¹, ``V`` the variance function, ``weight`` a frequency weight.

=========  ===================  ===========  =========  ======================
family     y                    V(mu)        canonical  links allowed
=========  ===================  ===========  =========  ======================
binomial   0 or 1               mu (1 - mu)  logit      logit, probit, cloglog
poisson    counts 0, 1, 2, ...  mu           log        log
gaussian   any real number      1            identity   identity
=========  ===================  ===========  =========  ======================

>>> fam, g = get_family("poisson"), get_link("log")
>>> mu = g.inverse(math.log(3.0))
>>> round(mu, 12), round(fam.variance(mu), 12)
(3.0, 3.0)
>>> round(fam.loglike(2, 3.0), 6)                  # log(3^2 e^-3 / 2!)
-1.495923

The links (``get_link``, ``LINKS``, the link classes) are in ``minilogit.glm.links``.
"""

import math

from ..core.checks import as_float
from ..special import lgamma as _lgamma
from ..core.errors import DataError
from .links import get_link
from ..core.compat import INF


def _xlogy(x, y):
    """x log y with 0 log y = 0 (also for y = 0) and x log 0 = -inf."""
    if x == 0:
        return 0.0
    if y == 0:
        return -INF
    return x * math.log(y)


def log_factorial(k):
    """Return log k! for a count k = 0, 1, 2, ... (lgamma(k + 1)).

    >>> log_factorial(0), round(log_factorial(4), 12) == round(math.log(24.0), 12)
    (0.0, True)
    """
    if _lgamma is not None:
        return _lgamma(k + 1.0)
    return sum(math.log(j) for j in range(2, int(k) + 1)) + 0.0


class Family:
    """The distribution of y given its mean mu: variance, log-likelihood, deviance.

    ``canonical`` names the canonical link (the one with dmu/deta = V(mu)),
    ``links`` the links this package fits with it. ``scale`` is the
    dispersion phi, Var(y) = phi V(mu): fixed at 1 for the binomial and
    Poisson families, estimated after the fit for the gaussian.

    Subclasses implement ``check_value``, ``variance``, ``unit_deviance``,
    ``loss`` (straight from eta, which is more accurate than going through
    mu) and, where the fitted model reports it through the family,
    ``loglike`` (the gaussian's log-likelihood depends on the estimated
    scale: the GLM computes it from the residual sum of squares).
    ``score_weight`` here is the canonical link's; a family that also takes
    other links (the binomial) overrides it.

    >>> fam = get_family("gaussian")
    >>> fam, fam.canonical, fam.variance(7.0)
    (Family('gaussian'), 'identity', 1.0)
    """

    name = None
    canonical = None
    links = ()

    def __repr__(self):
        return "Family(%r)" % (self.name,)

    def check_value(self, v, where):
        """Return v as a float if it is a valid y for this family; raise DataError."""
        raise NotImplementedError

    def check_y(self, y):
        """Return y as a list of floats, or raise DataError naming the first bad entry.

        >>> get_family("poisson").check_y([0, 2, 1.0])
        [0.0, 2.0, 1.0]
        >>> get_family("poisson").check_y([0, 2, -1])
        Traceback (most recent call last):
        ...
        minilogit.DataError: y[2] is -1: the poisson family needs counts 0, 1, 2, ...
        """
        try:
            y = list(y)
        except TypeError:
            raise DataError("y must be a sequence of numbers, got %s" % type(y).__name__)
        return [self.check_value(y[i], "y[%d]" % i) for i in range(len(y))]

    def variance(self, mu):
        """V(mu): Var(y) = scale * V(mu)."""
        raise NotImplementedError

    def loglike(self, y, mu, weight=1.0, scale=1.0):
        """weight * log p(y | mu), constants included."""
        raise NotImplementedError

    def unit_deviance(self, y, mu):
        """d(y, mu) = 2 [log p(y | mu = y) - log p(y | mu)] at scale 1."""
        raise NotImplementedError

    def deviance(self, y, mu, weights=None):
        """D = sum_i weight_i d(y_i, mu_i): twice the log-likelihood lost to the saturated model.

        >>> get_family("gaussian").deviance([1.0, 2.0], [0.0, 0.0], [1.0, 3.0])
        13.0
        """
        if weights is None:
            weights = [1.0] * len(y)
        return sum(w_i * self.unit_deviance(y_i, mu_i)
                   for y_i, mu_i, w_i in zip(y, mu, weights) if w_i != 0)

    def loss(self, y, eta, link):
        """Example i's term of the objective at eta: -log p(y | mu = g⁻¹(eta))."""
        raise NotImplementedError

    def score_weight(self, y, eta, link):
        """Return (u, w): u = d log p(y | mu) / d eta and the IRLS weight w, eq. (38).

        u = (y - mu) (dmu/deta) / V(mu) and w = (dmu/deta)^2 / V(mu). For the
        canonical link, the only one here (``family_and_link`` allows no
        other), dmu/deta = V(mu), so u = y - mu and w = V(mu) (the p(1 - p)
        of logistic regression): no division at all.

        >>> get_family("poisson").score_weight(3.0, 0.0, get_link("log"))
        (2.0, 1.0)
        """
        if link.name != self.canonical:
            raise DataError("the %s family takes only its canonical link, %s, not %s"
                            % (self.name, self.canonical, link.name))
        mu = link.inverse(eta)                     # eq. (37): mu = g^-1(eta)
        return y - mu, self.variance(mu)           # eq. (38), dmu/deta = V(mu)


    def observed_weight(self, y, eta, link):
        """-d^2 log p(y) / d eta^2, the observed information's weight: for the
        canonical link, the only one here, it is the expected one, V(mu).

        >>> get_family("poisson").observed_weight(3.0, 0.0, get_link("log"))
        1.0
        """
        return self.score_weight(y, eta, link)[1]


class Binomial(Family):
    """y in {0, 1} with P(y = 1) = mu: V(mu) = mu (1 - mu), canonical link logit.

    log p(y | mu) = y log mu + (1 - y) log(1 - mu), and the deviance of one
    0/1 point is -2 log p(y | mu) (the saturated model fits it exactly).
    Binomial data s successes in n trials enter as the share y = s / n with
    weight n (``GLM`` takes the pairs); the same formulas then hold per
    trial, and log C(n, s) is added to the log-likelihood by the GLM.

    >>> fam = Binomial()
    >>> fam.variance(0.25), round(fam.loglike(1, 0.25), 6), round(fam.unit_deviance(0, 0.25), 6)
    (0.1875, -1.386294, 0.575364)
    >>> fam.check_y([0, 1, 2])
    Traceback (most recent call last):
    ...
    minilogit.DataError: y[2] is 2: the binomial family needs 0/1 labels
    """

    name = "binomial"
    canonical = "logit"
    links = ("logit", "probit", "cloglog")

    def check_value(self, v, where):
        f = as_float(v, where)
        if f != 0.0 and f != 1.0:
            raise DataError("%s is %r: the binomial family needs 0/1 labels" % (where, v))
        return f

    def variance(self, mu):
        return mu * (1.0 - mu)

    def loglike(self, y, mu, weight=1.0, scale=1.0):
        return weight * (_xlogy(y, mu) + _xlogy(1.0 - y, 1.0 - mu))

    def unit_deviance(self, y, mu):
        # 2 [y log(y / mu) + (1 - y) log((1 - y) / (1 - mu))]: -2 log p(y | mu) for y in {0, 1}
        return 2.0 * (_xlogy(y, y) + _xlogy(1.0 - y, 1.0 - y)) - 2.0 * self.loglike(y, mu)

    def loss(self, y, eta, link):
        log_p1, log_p0 = link.log_probs(eta)       # eq. (39): log P(y=1), log P(y=0)
        if y == 1.0 or y == 0.0:                   # (0 times a log P that underflowed to -inf)
            return -(log_p1 if y == 1.0 else log_p0)
        return -(y * log_p1 + (1.0 - y) * log_p0)  # a share y = s / n of n trials, per trial

    def score_weight(self, y, eta, link):
        """u = d log p(y) / d eta and w = (dmu/deta)^2 / (mu (1 - mu)), eq. (38).

        Written with h1 = (dmu/deta)/mu and h0 = (dmu/deta)/(1 - mu), the slopes
        of log mu and -log(1 - mu): u = h1 for y = 1, -h0 for y = 0, and
        w = h1 h0. Both stay finite where mu or 1 - mu underflow.

        >>> Binomial().score_weight(1.0, 0.0, get_link("logit"))
        (0.5, 0.25)
        """
        h1, minus_h0 = link.dlog_probs(eta)
        u = y * h1 + (1.0 - y) * minus_h0          # h1 for y = 1, -h0 for y = 0
        return u, -h1 * minus_h0                   # eq. (38): (dmu/deta)^2 / V = h1 h0


    def observed_weight(self, y, eta, link):
        """-d^2 log p(y) / d eta^2 = -(y dh1/deta - (1 - y) dh0/deta): unlike
        the expected weight h1 h0 it depends on y, except for the logit link.

        >>> round(Binomial().observed_weight(1.0, 0.5, get_link("probit")), 6)
        0.513825
        """
        d1, d0 = link.d2log_probs(eta)
        return -(y * d1 + (1.0 - y) * d0)


class Poisson(Family):
    """Counts y = 0, 1, 2, ... with mean mu: V(mu) = mu, canonical link log.

    log p(y | mu) = y log mu - mu - log y!; with mu = e^eta that is
    y eta - e^eta - log y!, eq. (40).

    >>> fam = Poisson()
    >>> round(fam.loglike(0, 2.0), 12), round(fam.unit_deviance(2, 2.0), 12)
    (-2.0, 0.0)
    >>> round(fam.loss(2.0, math.log(2.0), get_link("log")), 12) == round(-fam.loglike(2, 2.0), 12)
    True
    """

    name = "poisson"
    canonical = "log"
    links = ("log",)

    def check_value(self, v, where):
        f = as_float(v, where)
        if f < 0 or f != math.floor(f):
            raise DataError("%s is %r: the poisson family needs counts 0, 1, 2, ..." % (where, v))
        return f

    def variance(self, mu):
        return mu

    def loglike(self, y, mu, weight=1.0, scale=1.0):
        return weight * (_xlogy(y, mu) - mu - log_factorial(y))

    def unit_deviance(self, y, mu):
        return 2.0 * (_xlogy(y, y) - _xlogy(y, mu) - (y - mu))

    def loss(self, y, eta, link):
        return math.exp(eta) - y * eta + log_factorial(y)        # eq. (40), negated: log link


class Gaussian(Family):
    """Any real y with mean mu and variance scale * 1, canonical link identity.

    log p(y | mu) = -(y - mu)^2 / (2 scale) - log(2 pi scale) / 2. The
    objective fitted is (y - mu)^2 / 2 per example: the negative
    log-likelihood at scale 1 without its constant (see GLMLoss). The
    fitted model's log-likelihood, at the estimated scale, comes from the
    residual sum of squares (``GLM``), not from this class.

    >>> fam = Gaussian()
    >>> fam.unit_deviance(3.0, 1.0), fam.loss(3.0, 1.0, get_link("identity"))
    (4.0, 2.0)
    """

    name = "gaussian"
    canonical = "identity"
    links = ("identity",)

    def check_value(self, v, where):
        return as_float(v, where)                 # any finite real number

    def variance(self, mu):
        return 1.0

    def unit_deviance(self, y, mu):
        return (y - mu) ** 2

    def loss(self, y, eta, link):
        r = y - link.inverse(eta)
        return 0.5 * r * r                         # (y - mu)^2 / 2: the NLL at scale 1, sans constant


FAMILIES = {"binomial": Binomial(), "poisson": Poisson(), "gaussian": Gaussian()}


def get_family(name):
    """Return the family called ``name`` (a ``Family`` passes through).

    >>> get_family("binomial").canonical
    'logit'
    >>> get_family("gamma")
    Traceback (most recent call last):
    ...
    minilogit.DataError: unknown family 'gamma': choose one of binomial, gaussian, poisson
    """
    if isinstance(name, Family):
        return name
    if isinstance(name, str) and name in FAMILIES:
        return FAMILIES[name]
    raise DataError("unknown family %r: choose one of %s"
                    % (name, ", ".join(sorted(FAMILIES))))


def family_and_link(family, link=None):
    """Return (Family, Link): ``link`` None means the family's canonical link.

    Raises DataError for an unknown name or a link this family does not take.

    >>> family_and_link("poisson")
    (Family('poisson'), Link('log'))
    >>> family_and_link("poisson", "logit")
    Traceback (most recent call last):
    ...
    minilogit.DataError: the poisson family does not take the logit link: choose log
    """
    fam = get_family(family)
    g = get_link(fam.canonical if link is None else link)
    if g.name not in fam.links:
        raise DataError("the %s family does not take the %s link: choose %s"
                        % (fam.name, g.name, " or ".join(fam.links)))
    return fam, g
