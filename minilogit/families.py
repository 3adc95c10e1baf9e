"""GLM families and links: the pieces of a generalised linear model, eqs. (37)-(40).

A generalised linear model (GLM) keeps the linear score of logistic
regression and changes two things around it:

- the link g: the linear predictor eta_i = x_iᵀbeta is g(mu_i), so the mean
  of y_i is mu_i = g⁻¹(eta_i), eq. (37);
- the family: the distribution of y_i around that mean, with variance
  scale * V(mu_i).

Notation: here ``eta`` is the linear predictor (the logistic sections call
it a_i; it is not a learning rate), ``mu`` the mean, ``dmu/deta`` the slope of
g⁻¹, ``V`` the variance function, ``weight`` a frequency weight.

=========  ====================================  ==================================
link       eta = g(mu)                           mu = g⁻¹(eta)
=========  ====================================  ==================================
logit      log(mu / (1 - mu))                    1 / (1 + e^-eta)
probit     Phi⁻¹(mu)                             Phi(eta), the standard normal cdf
cloglog    log(-log(1 - mu))                     1 - exp(-e^eta)
log        log(mu)                               e^eta
identity   mu                                    eta
=========  ====================================  ==================================

=========  ===================  ===========  =========  ======================
family     y                    V(mu)        canonical  links allowed
=========  ===================  ===========  =========  ======================
binomial   0 or 1               mu (1 - mu)  logit      logit, probit, cloglog
poisson    counts 0, 1, 2, ...  mu           log        log
gaussian   any real number      1            identity   identity
=========  ===================  ===========  =========  ======================

Every inverse link is computed without overflow for any finite eta, and the
binomial links also give log P(y = 1) and log P(y = 0) directly from eta,
so that a point fitted with probability 1e-300 still has a finite,
accurate log-likelihood (see ``BinomialLink``).

>>> fam, g = get_family("poisson"), get_link("log")
>>> mu = g.inverse(math.log(3.0))
>>> round(mu, 12), round(fam.variance(mu), 12)
(3.0, 3.0)
>>> round(fam.loglike(2, 3.0), 6)                  # log(3^2 e^-3 / 2!)
-1.495923
>>> get_link("logit").inverse(-1000.0), get_link("cloglog").inverse(1000.0)
(0.0, 1.0)

The probit link needs the standard normal cdf, its inverse, log Phi and
phi / Phi (``log_normal_cdf``, ``normal_hazard``): they come from
``minilogit.distributions``.
"""

import math

from ._compat import log1p
from .distributions import _normal_pdf, log_normal_cdf, normal_cdf, normal_hazard, normal_ppf
from .errors import DataError
from .functions import log_sigmoid, logit, sigmoid
from .validation import _as_float

try:
    expm1 = math.expm1
except AttributeError:  # a MicroPython built without it
    def expm1(x):
        """Return e^x - 1, accurate for tiny x (stand-in for ``math.expm1``)."""
        if abs(x) < 1e-5:
            return x + 0.5 * x * x + x * x * x / 6.0
        return math.exp(x) - 1.0

try:
    _lgamma = math.lgamma
except AttributeError:  # a MicroPython built without the special functions
    _lgamma = None

# e^709 ~ 8.2e307 is the largest power of e below the float limit; any eta
# above it is "infinitely" far for every link here.
_MAX_EXP = 709.0


def _xlogy(x, y):
    """x log y with 0 log y = 0 (also for y = 0) and x log 0 = -inf."""
    if x == 0:
        return 0.0
    if y == 0:
        return -math.inf
    return x * math.log(y)


def log_factorial(k):
    """Return log k! for a count k = 0, 1, 2, ... (lgamma(k + 1)).

    >>> log_factorial(0), round(log_factorial(4), 12) == round(math.log(24.0), 12)
    (0.0, True)
    """
    if _lgamma is not None:
        return _lgamma(k + 1.0)
    return sum(math.log(j) for j in range(2, int(k) + 1)) + 0.0


# -- links ---------------------------------------------------------------------

class Link:
    """A link function g: eta = g(mu), its inverse mu = g⁻¹(eta), eq. (37),
    and the slope dmu/deta of the inverse.

    Subclasses implement ``link``, ``inverse`` and ``deriv``.

    >>> g = get_link("identity")
    >>> g, g.link(2.5), g.inverse(2.5), g.deriv(2.5)
    (Link('identity'), 2.5, 2.5, 1.0)
    """

    name = None

    def link(self, mu):
        """eta = g(mu)."""
        raise NotImplementedError

    def inverse(self, eta):
        """mu = g⁻¹(eta), eq. (37)."""
        raise NotImplementedError

    def deriv(self, eta):
        """dmu/deta, the slope of g⁻¹ at eta."""
        raise NotImplementedError

    def __repr__(self):
        return "Link(%r)" % (self.name,)


class Identity(Link):
    """mu = eta: the canonical link of the gaussian family.

    >>> Identity().inverse(-3.0), Identity().deriv(-3.0)
    (-3.0, 1.0)
    """

    name = "identity"

    def link(self, mu):
        return float(mu)

    def inverse(self, eta):
        return float(eta)

    def deriv(self, eta):
        return 1.0                                 # d eta / d eta


class Log(Link):
    """eta = log mu, mu = e^eta: the canonical link of the Poisson family.

    e^eta overflows a double above eta ~ 709.78: ``inverse`` returns
    ``math.inf`` there instead of raising (the objective then stops the fit
    with a clear error).

    >>> g = Log()
    >>> g.inverse(0.0), g.deriv(0.0), g.link(1.0)
    (1.0, 1.0, 0.0)
    >>> g.inverse(1000.0), g.inverse(-1000.0)
    (inf, 0.0)
    """

    name = "log"

    def link(self, mu):
        if not mu > 0:
            raise DataError("the log link needs a mean mu > 0, got %r" % (mu,))
        return math.log(mu)

    def inverse(self, eta):
        return math.exp(eta) if eta < 709.78 else math.inf

    def deriv(self, eta):
        return self.inverse(eta)                   # d e^eta / d eta = e^eta


class BinomialLink(Link):
    """A link for a 0/1 target, read as a latent-variable model, eq. (39).

    Draw a noise eps and let y = 1 when x'beta + eps > 0, else 0. Then

        P(y = 1) = P(eps > -eta) = 1 - F(-eta),   F the cdf of eps,

    so the distribution of the noise fixes the inverse link:

    - logit: eps has the standard logistic distribution, F(s) = 1/(1 + e^-s);
      it is symmetric, so P(y = 1) = F(eta) = sigma(eta).
    - probit: eps ~ N(0, 1), also symmetric: P(y = 1) = Phi(eta).
    - cloglog: eps has the standard Gumbel distribution (type I extreme
      value for maxima), cdf F(s) = P(eps <= s) = exp(-e^-s). Then
      P(y = 1) = 1 - F(-eta) = 1 - exp(-e^eta). Equivalently -eps follows
      the Gumbel distribution for minima. (The lecture writes the Gumbel law
      as Pr(eps > s) = exp(-exp(-s)); a function increasing in s can only be
      the cdf Pr(eps <= s), which is what gives the complementary log-log.)
      This noise is skewed, so, unlike the other two, P(y = 1) and P(y = 0)
      are not mirror images: at eta = 0, P(y = 1) = 1 - 1/e ~ 0.632.

    Besides link, inverse and deriv, a binomial link gives the two
    log-probabilities and their slopes straight from eta, without forming
    mu = 0 or 1 and taking its log:

    - ``log_probs(eta)`` = (log P(y = 1), log P(y = 0)) = (log mu, log(1 - mu));
    - ``dlog_probs(eta)`` = (d log mu / d eta, d log(1 - mu) / d eta)
      = (dmu/deta / mu, -dmu/deta / (1 - mu)).

    From these the binomial family builds its score and its IRLS weight
    (dmu/deta)^2 / (mu (1 - mu)), eq. (38), as a product of the two slopes.

    >>> [round(get_link(n).inverse(0.0), 6) for n in ("logit", "probit", "cloglog")]
    [0.5, 0.5, 0.632121]
    """


class Logit(BinomialLink):
    """eta = log(mu / (1 - mu)), mu = sigma(eta): the canonical binomial link.

    >>> g = Logit()
    >>> g.inverse(0.0), g.deriv(0.0), g.link(0.5)
    (0.5, 0.25, 0.0)
    >>> g.log_probs(-800.0) == (-800.0, 0.0)        # log sigma(-800), log sigma(800)
    True
    >>> g.dlog_probs(0.0)
    (0.5, -0.5)
    """

    name = "logit"

    def link(self, mu):
        return logit(mu)

    def inverse(self, eta):
        return sigmoid(eta)

    def deriv(self, eta):
        return sigmoid(eta) * sigmoid(-eta)        # sigma' = sigma (1 - sigma), eq. (7)

    def log_probs(self, eta):
        return log_sigmoid(eta), log_sigmoid(-eta)

    def dlog_probs(self, eta):
        return sigmoid(-eta), -sigmoid(eta)        # d log sigma(eta) / d eta = 1 - sigma(eta)


class Probit(BinomialLink):
    """eta = Phi⁻¹(mu), mu = Phi(eta): a standard normal latent noise, eq. (39).

    >>> g = Probit()
    >>> g.inverse(0.0), round(g.deriv(0.0), 12) == round(1 / math.sqrt(2 * math.pi), 12)
    (0.5, True)
    >>> round(g.link(0.975), 6)
    1.959964
    >>> round(g.log_probs(-40.0)[0], 6)              # Phi(-40) ~ 1e-350: no log(0)
    -804.608442
    """

    name = "probit"

    def link(self, mu):
        if not 0.0 < mu < 1.0:
            raise DataError("the probit link needs a mean 0 < mu < 1, got %r" % (mu,))
        return normal_ppf(mu)

    def inverse(self, eta):
        return normal_cdf(eta)

    def deriv(self, eta):
        return _normal_pdf(eta)                    # dPhi/deta = phi(eta)

    def log_probs(self, eta):
        return log_normal_cdf(eta), log_normal_cdf(-eta)      # 1 - Phi(eta) = Phi(-eta)

    def dlog_probs(self, eta):
        return normal_hazard(eta), -normal_hazard(-eta)


class CLogLog(BinomialLink):
    """eta = log(-log(1 - mu)), mu = 1 - exp(-e^eta): Gumbel latent noise, eq. (39).

    With t = e^eta: 1 - mu = e^-t, so log(1 - mu) = -t exactly, and
    mu = -expm1(-t) keeps its digits when t is tiny. t is capped at e^709
    (where P(y = 0) = exp(-t) is 0 in any precision) so nothing overflows.

    >>> g = CLogLog()
    >>> round(g.inverse(0.0), 12) == round(1 - math.exp(-1), 12)
    True
    >>> round(g.link(g.inverse(0.3)), 12)
    0.3
    >>> g.log_probs(-800.0)[0], g.log_probs(7.0)[1] == -math.exp(7.0)
    (-800.0, True)
    """

    name = "cloglog"

    def link(self, mu):
        if not 0.0 < mu < 1.0:
            raise DataError("the cloglog link needs a mean 0 < mu < 1, got %r" % (mu,))
        return math.log(-log1p(-mu))

    def inverse(self, eta):
        t = math.exp(min(eta, _MAX_EXP))
        return -expm1(-t)                          # 1 - exp(-e^eta)

    def deriv(self, eta):
        t = math.exp(min(eta, _MAX_EXP))
        return math.exp(eta - t) if eta < _MAX_EXP else 0.0   # e^eta exp(-e^eta)

    def log_probs(self, eta):
        t = math.exp(min(eta, _MAX_EXP))
        if t > 1.0:
            log_mu = log1p(-math.exp(-t))          # log(1 - e^-t): mu close to 1
        elif t > 1e-300:
            log_mu = math.log(-expm1(-t))          # log(1 - e^-t): mu not close to 1
        else:
            log_mu = eta                           # mu = t (1 - t/2 + ...) ~ e^eta
        return log_mu, -t

    def dlog_probs(self, eta):
        t = math.exp(min(eta, _MAX_EXP))
        if t <= 1e-300:
            h1 = 1.0                               # (dmu/deta) / mu -> 1 as eta -> -inf
        elif eta >= _MAX_EXP:
            h1 = 0.0
        else:
            h1 = math.exp(eta - t) / -expm1(-t)    # (dmu/deta) / mu
        return h1, -t                              # d log(1 - mu) / d eta = -e^eta


LINKS = {"logit": Logit(), "probit": Probit(), "cloglog": CLogLog(),
         "log": Log(), "identity": Identity()}


def get_link(name):
    """Return the link called ``name`` (a ``Link`` passes through).

    >>> get_link("probit")
    Link('probit')
    >>> get_link("sqrt")
    Traceback (most recent call last):
    ...
    minilogit.errors.DataError: unknown link 'sqrt': choose one of cloglog, identity, log, logit, probit
    """
    if isinstance(name, Link):
        return name
    if isinstance(name, str) and name in LINKS:
        return LINKS[name]
    raise DataError("unknown link %r: choose one of %s" % (name, ", ".join(sorted(LINKS))))


# -- families ------------------------------------------------------------------

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
        minilogit.errors.DataError: y[2] is -1: the poisson family needs counts 0, 1, 2, ...
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


class Binomial(Family):
    """y in {0, 1} with P(y = 1) = mu: V(mu) = mu (1 - mu), canonical link logit.

    log p(y | mu) = y log mu + (1 - y) log(1 - mu), and the deviance of one
    0/1 point is -2 log p(y | mu) (the saturated model fits it exactly).

    >>> fam = Binomial()
    >>> fam.variance(0.25), round(fam.loglike(1, 0.25), 6), round(fam.unit_deviance(0, 0.25), 6)
    (0.1875, -1.386294, 0.575364)
    >>> fam.check_y([0, 1, 2])
    Traceback (most recent call last):
    ...
    minilogit.errors.DataError: y[2] is 2: the binomial family needs 0/1 labels
    """

    name = "binomial"
    canonical = "logit"
    links = ("logit", "probit", "cloglog")

    def check_value(self, v, where):
        f = _as_float(v, where)
        if f != 0.0 and f != 1.0:
            raise DataError("%s is %r: the binomial family needs 0/1 labels" % (where, v))
        return f

    def variance(self, mu):
        return mu * (1.0 - mu)

    def loglike(self, y, mu, weight=1.0, scale=1.0):
        return weight * (_xlogy(y, mu) + _xlogy(1.0 - y, 1.0 - mu))

    def unit_deviance(self, y, mu):
        return -2.0 * self.loglike(y, mu)

    def loss(self, y, eta, link):
        log_p1, log_p0 = link.log_probs(eta)       # eq. (39): log P(y=1), log P(y=0)
        return -(log_p1 if y == 1.0 else log_p0)

    def score_weight(self, y, eta, link):
        """u = d log p(y) / d eta and w = (dmu/deta)^2 / (mu (1 - mu)), eq. (38).

        Written with h1 = (dmu/deta)/mu and h0 = (dmu/deta)/(1 - mu), the slopes
        of log mu and -log(1 - mu): u = h1 for y = 1, -h0 for y = 0, and
        w = h1 h0. Both stay finite where mu or 1 - mu underflow.

        >>> Binomial().score_weight(1.0, 0.0, get_link("logit"))
        (0.5, 0.25)
        """
        h1, minus_h0 = link.dlog_probs(eta)
        u = h1 if y == 1.0 else minus_h0
        return u, -h1 * minus_h0                   # eq. (38): (dmu/deta)^2 / V = h1 h0


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
        f = _as_float(v, where)
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
        return _as_float(v, where)                 # any finite real number

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
    minilogit.errors.DataError: unknown family 'gamma': choose one of binomial, gaussian, poisson
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
    minilogit.errors.DataError: the poisson family does not take the logit link: choose log
    """
    fam = get_family(family)
    g = get_link(fam.canonical if link is None else link)
    if g.name not in fam.links:
        raise DataError("the %s family does not take the %s link: choose %s"
                        % (fam.name, g.name, " or ".join(fam.links)))
    return fam, g
