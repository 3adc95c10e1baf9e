"""GLM links: eta = g(mu) and its inverse mu = g⁻¹(eta), eq. (37).

The link g joins the linear predictor eta_i = x_iᵀbeta to the mean mu_i of
y_i: eta_i = g(mu_i), so mu_i = g⁻¹(eta_i). Each link here gives g, g⁻¹ and
the slope dmu/deta of g⁻¹; the binomial links also give the two
log-probabilities. The families that use them are in ``minilogit.glm.families``.

Notation: ``eta`` is the linear predictor (the logistic sections call it
a_i; it is not a learning rate), ``mu`` the mean, ``dmu/deta`` the slope of
g⁻¹.

=========  ====================================  ==================================
link       eta = g(mu)                           mu = g⁻¹(eta)
=========  ====================================  ==================================
logit      log(mu / (1 - mu))                    1 / (1 + e^-eta)
probit     Phi⁻¹(mu)                             Phi(eta), the standard normal cdf
cloglog    log(-log(1 - mu))                     1 - exp(-e^eta)
log        log(mu)                               e^eta
identity   mu                                    eta
=========  ====================================  ==================================

Every inverse link is computed without overflow for any finite eta, and the
binomial links also give log P(y = 1) and log P(y = 0) directly from eta,
so that a point fitted with probability 1e-300 still has a finite,
accurate log-likelihood. The binomial links (logit, probit, cloglog) read
as a latent-variable model, eq. (39): ``BinomialLink`` tells that story.

>>> get_link("logit").inverse(-1000.0), get_link("cloglog").inverse(1000.0)
(0.0, 1.0)

The probit link needs the standard normal cdf, its inverse, log Phi and
phi / Phi (``log_normal_cdf``, ``normal_hazard``): they come from
``minilogit.distributions``.
"""

import math

from ..core.compat import LOG_MAX, TINY, log1p
from ..special import exp_or_inf, expm1
from ..distributions import _normal_pdf, log_normal_cdf, normal_cdf, normal_hazard, normal_ppf
from ..core.errors import DataError
from ..core.functions import log_sigmoid, logit, sigmoid

# e^709 ~ 8.2e307 is the largest power of e below the limit of a double
# (e^88 ~ 1.7e38 in single precision); any eta above it is "infinitely" far
# for every link here.
_MAX_EXP = min(709.0, LOG_MAX)

# Below this t = e^eta, mu = 1 - e^-t is t itself to every digit, so that
# log mu = eta: 1e-300 in double precision; in single precision, where the
# literal 1e-300 is 0.0, the smallest normal float.
_T_TINY = max(1e-300, TINY)


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

    inverse = link                                 # the identity is its own inverse

    def deriv(self, eta):
        return 1.0                                 # d eta / d eta


class Log(Link):
    """eta = log mu, mu = e^eta: the canonical link of the Poisson family.

    e^eta overflows the float above eta ~ 709.78 (88.72 in single
    precision): ``inverse`` returns ``INF`` for eta above ``LOG_MAX``
    (709.08; 88.03 in single precision) instead of raising (the objective
    then stops the fit with a clear error).

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
        return exp_or_inf(eta)

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
      the Gumbel distribution for minima. (Lecture 001 writes the Gumbel law
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
    - ``d2log_probs(eta)``: the slopes of those two slopes (for the observed
      information of a non-canonical link).

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

    def d2log_probs(self, eta):
        s = sigmoid(eta) * sigmoid(-eta)
        return -s, -s                              # d/deta of sigma(-eta) and of -sigma(eta)


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

    def d2log_probs(self, eta):
        h1, h0 = normal_hazard(eta), normal_hazard(-eta)      # lambda' = -lambda (x + lambda)
        return -h1 * (eta + h1), -h0 * (h0 - eta)


class CLogLog(BinomialLink):
    """eta = log(-log(1 - mu)), mu = 1 - exp(-e^eta): Gumbel latent noise, eq. (39).

    With t = e^eta: 1 - mu = e^-t, so log(1 - mu) = -t exactly, and
    mu = -expm1(-t) keeps its digits when t is tiny. t is capped at e^709
    (e^88 in single precision), where P(y = 0) = exp(-t) is 0 in any
    precision, so nothing overflows.

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
        elif t > _T_TINY:
            log_mu = math.log(-expm1(-t))          # log(1 - e^-t): mu not close to 1
        else:
            log_mu = eta                           # mu = t (1 - t/2 + ...) ~ e^eta
        return log_mu, -t

    def dlog_probs(self, eta):
        t = math.exp(min(eta, _MAX_EXP))
        if t <= _T_TINY:
            h1 = 1.0                               # (dmu/deta) / mu -> 1 as eta -> -inf
        elif eta >= _MAX_EXP:
            h1 = 0.0
        else:
            h1 = math.exp(eta - t) / -expm1(-t)    # (dmu/deta) / mu
        return h1, -t                              # d log(1 - mu) / d eta = -e^eta

    def d2log_probs(self, eta):
        h1, minus_t = self.dlog_probs(eta)
        t = -minus_t
        if t <= _T_TINY:
            return -t / 2.0, -t                    # h1 = t / (e^t - 1) ~ 1 - t/2
        return h1 * (1.0 - t / -expm1(-t)), -t     # dh1/deta = h1 (1 - t / (1 - e^-t))


LINKS = {"logit": Logit(), "probit": Probit(), "cloglog": CLogLog(),
         "log": Log(), "identity": Identity()}


def get_link(name):
    """Return the link called ``name`` (a ``Link`` passes through).

    >>> get_link("probit")
    Link('probit')
    >>> get_link("sqrt")
    Traceback (most recent call last):
    ...
    minilogit.DataError: unknown link 'sqrt': choose one of cloglog, identity, log, logit, probit
    """
    if isinstance(name, Link):
        return name
    if isinstance(name, str) and name in LINKS:
        return LINKS[name]
    raise DataError("unknown link %r: choose one of %s" % (name, ", ".join(sorted(LINKS))))
