"""The negative log-likelihood of a generalised linear model, eqs. (37)-(40).

Notation: X is the N x (p+1) design matrix with rows x_i, y_i the targets,
beta the coefficients, eta_i = x_iᵀbeta the linear predictor (the logistic
sections' a_i), mu_i = g⁻¹(eta_i) the mean, eq. (37), weight_i a frequency
weight (an integer weight k counts row i k times), V the family's variance
function.

The solvers see the same interface as ``LogisticLoss``:

- ``value``: L(beta) = -sum_i weight_i log p(y_i | mu_i), a sum, not a mean;
- ``gradient``: g = -Xᵀu with u_i = weight_i (y_i - mu_i) (dmu/deta) / V(mu_i);
- ``hessian``: the expected information XᵀWX with
  W_ii = weight_i (dmu/deta)^2 / V(mu_i), eq. (38), so that Newton's method
  on this objective is Fisher scoring. For a canonical link (binomial-logit,
  Poisson-log, gaussian-identity) it equals the observed Hessian, and
  Newton is Newton;
- ``working_response``: the IRLS weights and adjusted response z, eq. (38).

>>> from minilogit import Matrix
>>> X = Matrix([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]])
>>> loss = GLMLoss(X, [1, 0, 3], "poisson", "log")
>>> round(loss.value([0.0, 0.0]), 12) == round(3 + math.log(6.0), 12)   # sum e^0 - y_i 0 + log y_i!
True
>>> loss.gradient([0.0, 0.0])                              # -X'(y - mu), mu = 1
[-1.0, -3.0]
"""

import math

from ..core.compat import INF, LOG_MAX
from ..core.errors import DataError, DivergenceError
from ..core.logistic import CERTAIN_MARGIN, Objective, binary_margins, diagnose_margins
from ..core.matrix import Matrix, column_scales, dot, weighted_gram
from .families import family_and_link


class GLMLoss(Objective):
    """L(beta) = -sum_i weight_i log p(y_i | mu_i = g⁻¹(x_iᵀbeta)) on data (X, y).

    ``family`` and ``link`` are names ("binomial", "probit", ...) or the
    objects of ``minilogit.glm.families``; ``link=None`` takes the family's
    canonical link. ``weights`` (optional, >= 0) are frequency weights:
    ``n_examples`` is their sum, and an integer weight is that many copies
    of the row.

    For the gaussian family the value is (1/2) sum_i weight_i (y_i - mu_i)^2,
    not the full negative log-likelihood: the gaussian's scale sigma^2 is
    unknown, and for any fixed sigma^2 the NLL is that sum divided by sigma^2
    plus a constant. Taking sigma^2 = 1 (the scale the binomial and Poisson
    families have) gives the same minimiser, the same gradient -Xᵀ(y - mu)
    and Hessian XᵀWX as the other families, and makes Newton's first step
    the least-squares solution. The scale is estimated after the fit.

    >>> from minilogit import Matrix
    >>> loss = GLMLoss(Matrix([[1.0, -1.0], [1.0, 1.0]]), [0, 1], "binomial", "probit")
    >>> loss.n_examples, loss.n_params
    (2, 2)
    >>> [[round(h, 6) for h in row] for row in loss.hessian([0.0, 0.0]).rows]
    [[1.27324, 0.0], [0.0, 1.27324]]
    """

    def __init__(self, X, y, family, link=None, weights=None, offset=None, shares=False):
        self.family, self.link = family_and_link(family, link)
        self.X = X
        # shares: binomial y_i = s_i / n_i, checked by the caller (GLM), weight_i n_i
        self.y = [float(v) for v in y] if shares else self.family.check_y(y)
        n, self.n_params = X.shape
        if len(self.y) != n:
            raise DataError("X has %d rows but y has %d values" % (n, len(self.y)))
        if weights is not None:
            weights = [float(w) for w in weights]
            if len(weights) != n:
                raise DataError("X has %d rows but there are %d weights" % (n, len(weights)))
        self.set_weights(weights)
        self.offset = offset            # a known term o_i of eta_i = x_i'beta + o_i, or None
        self._beta = None

    def scales(self):
        """Each parameter's s_j: its column's root mean square times the response's
        (at least 1). The score sums terms (y_i - mu_i) x_ij in y's units, so the
        test reads the same whatever they are: Poisson counts near 2^53, whose
        rounding alone leaves a gradient of 6, pass as the same counts divided by
        1e9 do; a 0/1 or proportion response keeps the columns' scales.

        >>> from minilogit import Matrix
        >>> GLMLoss(Matrix([[2.0], [2.0]]), [3e9, 4e9], "poisson").scales()
        [7071067811.865476]
        """
        rms = column_scales(Matrix.from_columns([self.y]), self.weights)[0]   # y's, as X's
        return [s_j * max(1.0, rms) for s_j in Objective.scales(self)]

    def linear_predictor(self, beta):
        """eta_i = x_iᵀbeta + o_i, eq. (37), o_i the offset (0 without one).

        >>> from minilogit import Matrix
        >>> GLMLoss(Matrix([[1.0], [1.0]]), [1, 2], "poisson", offset=[0.0, 2.0]).linear_predictor([1.0])
        [1.0, 3.0]
        """
        eta = self.X @ beta                                        # eq. (37): eta_i = x_i' beta
        if self.offset is None:
            return eta
        return [e + o for e, o in zip(eta, self.offset)]           # ... + o_i

    def _fit_at(self, beta):
        """Return (eta, u, w) at beta: the linear predictor, eq. (37), and per
        unit weight the score u_i = d log p(y_i) / d eta_i and the Fisher
        weight w_i = (dmu/deta)^2 / V(mu_i), eq. (38)."""
        if self._beta != beta:
            eta = self.linear_predictor(beta)                      # eq. (37)
            if self.link.name == "log" and max(eta) > LOG_MAX:
                raise DivergenceError(
                    "the linear predictor reached eta = %.6g, where mu = e^eta overflows the "
                    "float: the fit diverged (standardize the features, or check for a "
                    "column that predicts zero counts perfectly)" % max(eta))
            uw = [self.family.score_weight(y_i, eta_i, self.link)   # eq. (38)
                  for y_i, eta_i in zip(self.y, eta)]
            self._eta = eta
            self._u = [u_i for u_i, _ in uw]
            self._w = [w_i for _, w_i in uw]
            self._beta = list(beta)
        return self._eta, self._u, self._w

    def weigh(self, v):
        """v_i weight_i: each example's term counted weight_i times.

        Unlike ``LogisticLoss``'s, a term of weight 0 becomes 0 even where it
        is infinite (a family's -log p(y_i) can be): the row drops out, no nan.
        """
        if self.weights is None:
            return v
        return [v_i * w_i if w_i != 0 else 0.0 for v_i, w_i in zip(v, self.weights)]

    def value(self, beta):
        """L(beta) = sum_i weight_i [-log p(y_i | mu_i)]; eq. (40) for Poisson-log.

        >>> from minilogit import Matrix
        >>> GLMLoss(Matrix([[1.0]]), [1], "binomial", "cloglog").value([800.0])
        0.0
        >>> GLMLoss(Matrix([[1.0], [1.0]]), [1.0, 3.0], "gaussian").value([0.0])   # (1 + 9) / 2
        5.0
        """
        try:
            eta, _, _ = self._fit_at(beta)
        except DivergenceError:         # e^eta overflows: for a line search, "too far"
            return INF
        fam, g = self.family, self.link
        return sum(self.weigh([fam.loss(y_i, eta_i, g) for y_i, eta_i in zip(self.y, eta)]))

    def gradient(self, beta):
        """g = -Xᵀu, u_i = weight_i (y_i - mu_i) (dmu/deta) / V(mu_i).

        For a canonical link u_i = weight_i (y_i - mu_i), and g = Xᵀ(mu - y) as
        in eq. (12).

        >>> from minilogit import Matrix
        >>> GLMLoss(Matrix([[1.0, 2.0]]), [1], "binomial").gradient([0.0, 0.0])
        [-0.5, -1.0]
        """
        _, u, _ = self._fit_at(beta)
        return [-v for v in self.weigh(u) @ self.X]              # g = -X'u

    def hessian(self, beta):
        """The expected information XᵀWX, W_ii = weight_i (dmu/deta)^2 / V(mu_i), eq. (38).

        W is never formed: XᵀWX = sum_i W_ii x_i x_iᵀ, a weighted sum of outer
        products, symmetric (``weighted_gram``). With this matrix Newton's
        method is Fisher scoring; for a canonical link it is the Hessian of L.

        >>> from minilogit import Matrix
        >>> GLMLoss(Matrix([[1.0, 2.0]]), [1], "binomial").hessian([0.0, 0.0]).rows
        [[0.25, 0.5], [0.5, 1.0]]
        """
        _, _, w = self._fit_at(beta)
        return weighted_gram(self.X, self.weigh(w))               # eq. (38): X'WX, W never formed

    def observed_information(self, beta):
        """The observed information XᵀW°X, W°_ii = -weight_i d^2 log p(y_i) / d eta_i^2:
        the Hessian of L. It equals ``hessian`` (the expected one) for a
        canonical link; for probit and cloglog it is Stata's default.

        >>> from minilogit import Matrix
        >>> GLMLoss(Matrix([[1.0, 2.0]]), [1], "binomial").observed_information([0.0, 0.0]).rows
        [[0.25, 0.5], [0.5, 1.0]]
        """
        eta, _, _ = self._fit_at(beta)
        w = [self.family.observed_weight(y_i, e, self.link) for y_i, e in zip(self.y, eta)]
        return weighted_gram(self.X, self.weigh(w))

    def example_gradient(self, i, beta):
        """The gradient of example i's loss alone (weight 1): -x_i u_i.

        >>> from minilogit import Matrix
        >>> GLMLoss(Matrix([[1.0, 2.0]]), [3], "poisson").example_gradient(0, [0.0, 0.0])
        [-2.0, -4.0]
        """
        x_i = self.X.rows[i]
        eta_i = dot(x_i, beta) + (0.0 if self.offset is None else self.offset[i])
        u_i, _ = self.family.score_weight(self.y[i], eta_i, self.link)
        return [-u_i * x for x in x_i]

    def working_response(self, beta, w_min=1e-10, eta=None, observed=False):
        """IRLS's weights w_i and adjusted response z_i, eq. (38).

        w_i = weight_i (dmu/deta)^2 / V(mu_i) and
        z_i = eta_i + (y_i - mu_i) deta/dmu. The second is computed as
        eta_i + u_i / w_i (per unit weight), which is the same number and
        stays finite where dmu/deta underflows; like ``LogisticLoss``, a
        weight below ``w_min`` is raised to ``w_min`` first, so that z stays
        finite on a point fitted with near certainty (a symptom of
        separation) and the separation check, not a division by zero, ends
        the fit. Rows of weight 0 keep w_i = 0.

        >>> from minilogit import Matrix
        >>> w, z = GLMLoss(Matrix([[1.0]]), [3], "poisson").working_response([0.0])
        >>> w, z                                   # z = 0 + (3 - 1) / 1
        ([1.0], [2.0])
        """
        if eta is None:
            eta, u, w = self._fit_at(beta)
        else:                             # IRLS's first step: about a start eta, no beta
            uw = [self.family.score_weight(y_i, e, self.link) for y_i, e in zip(self.y, eta)]
            u, w = [v for v, _ in uw], [v for _, v in uw]
        if observed:                      # Newton's weights: -d^2 log p / d eta^2 (> 0 here)
            w = [self.family.observed_weight(y_i, e, self.link) for y_i, e in zip(self.y, eta)]
        w = [max(w_i, w_min) for w_i in w]
        o = self.offset or [0.0] * len(eta)        # z is the response of x_i'beta: less o_i
        z = [eta_i - o_i + u_i / w_i               # eq. (38): z_i = eta_i + (y_i - mu_i) deta/dmu
             for eta_i, o_i, u_i, w_i in zip(eta, o, u, w)]
        return self.weigh(w), z

    def diagnose(self, beta, step, certain=CERTAIN_MARGIN):
        """Return a message when beta shows that the MLE does not exist, else None.

        Binomial family: complete or quasi-complete separation, judged by
        ``diagnose_margins`` (as ``LogisticLoss.diagnose`` does) on the
        margins s_i eta_i, eq. (24), of the rows of positive weight:
        separation is a fact about X, y and the sign of eta, whatever the
        link. Poisson and gaussian: None.

        >>> from minilogit import Matrix
        >>> loss = GLMLoss(Matrix([[1.0, -1.0], [1.0, 1.0]]), [0, 1], "binomial", "probit")
        >>> loss.diagnose([0.0, 5.0], [0.0, 1.0]).split(":")[0]
        'complete separation'
        >>> GLMLoss(Matrix([[1.0]]), [2], "poisson").diagnose([0.0], None) is None
        True
        """
        if self.family.name != "binomial":
            return None
        eta = self._eta if self._beta == beta else self.linear_predictor(beta)   # eq. (37)
        return diagnose_margins(self._margins(eta), None if step is None else
                                lambda: self._margins(self.X @ step), margin=certain)

    def _margins(self, a):
        """The margins s_i a_i of eq. (24); a row with a share 0 < y_i < 1 has
        successes and failures, so it gives both a_i and -a_i."""
        m = list(binary_margins(a, self.y, self.weights))
        return m + [a_i for a_i, y_i, w_i in zip(a, self.y, self.weights or [1.0] * len(a))
                    if 0.0 < y_i < 1.0 and w_i > 0]
