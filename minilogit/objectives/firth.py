"""Firth's penalised likelihood (Firth 1993; Heinze and Schemper 2002), for the
logit link: the log-likelihood plus the log of Jeffreys' prior, eq. (24.1),

    l*(beta) = l(beta) + 1/2 log det I(beta),   I(beta) = XᵀWX, W = diag(f_i p_i (1 - p_i)),

so the objective minimised is F = L - 1/2 log det I, L the negative
log-likelihood of eq. (10) (f_i a row's weight, eq. (47): its frequency, or
its trials in a binomial GLM). As a point runs off to certainty its w_i falls
to 0 and det I with it, so -1/2 log det I grows without bound: on separated
data F still has a minimum, finite, and on data with an MLE the estimate is
less biased (its O(1/N) bias is removed). The pieces, with h_i = w_i x_iᵀI⁻¹x_i
the hat values (the diagonal of W^1/2 X I⁻¹ Xᵀ W^1/2):

- the gradient: dF/dbeta = -Xᵀ(f ∘ (y - p) + h ∘ (1/2 - p)), the modified score
  of eq. (24.2) (d log det I / dbeta_k = tr(I⁻¹ dI/dbeta_k) = sum_i h_i (1 - 2 p_i) x_ik);
- the Hessian (``exact_hessian``; Newton reads it where it is positive
  definite, ``hessian``): I + 1/2 Xᵀ(S - diag(h ∘ (1 - 6 p ∘ (1 - p))))X, with
  S_ij = c_i c_j (x_iᵀI⁻¹x_j)^2 and c_i = w_i (1 - 2 p_i), from
  d^2 log det I = tr(I⁻¹ d^2 I) - tr(I⁻¹ dI I⁻¹ dI) and dw/da = w (1 - 2 p);
  it costs ~2 N^2 d a step (Newton), where XᵀWX costs N d^2 / 2;
- IRLS's adjusted response, eq. (24.3): z_i = a_i + (f_i (y_i - p_i) + h_i (1/2 - p_i)) / w_i,
  whose step (XᵀWX)⁻¹XᵀWz is beta + I⁻¹ times the modified score: Fisher
  scoring on F, the method of R's logistf and brglm2 (at N d^2 a step).

Standard errors are those of I(beta)⁻¹ at the estimate, as logistf and
brglm2 report them.

>>> from minilogit import LogisticRegression
>>> m = LogisticRegression(penalty="firth").fit([[1.0], [2.0], [3.0], [4.0], [5.0], [6.0]],
...                                             [0, 0, 0, 1, 1, 1])
>>> m.converged_, round(m.coef_[0], 4), round(m.bse_[1], 4)      # brglm2: 1.1289, 0.8549
(True, 1.1289, 0.8549)
"""

import math

from ..core.compat import EPS
from ..core.errors import DataError, DivergenceError, SingularMatrixError
from ..core.functions import sigmoid
from ..core.matrix import Matrix, dot, weighted_gram
from ..core.penalty import Penalty, Wrapper


MAX_STEP = 5.0      # the longest Newton step, per coefficient: logistf's maxstep


class Firth(Penalty):
    """Firth's penalty, -1/2 log det I(beta): no sum of one term per coefficient
    (``separable`` False), it makes its own objective, ``FirthObjective``. It
    penalises every parameter, the intercept too, and keeps the likelihood's
    inference (``keeps_inference``: standard errors from I(beta)⁻¹).

    >>> Firth(), Firth.bounded, Firth.separable
    (firth, True, False)
    """

    name = "firth"
    smooth, bounded, separable, keeps_inference = True, True, False, True

    def penalise(self, loss, penalized):
        family = getattr(loss, "family", None)
        if hasattr(loss.loss, "K") or family is not None and (
                family.name, loss.link.name) != ("binomial", "logit"):
            raise DataError("Firth's penalty is written for a binary logistic model (or a "
                            "binomial GLM with the logit link), not for %s"
                            % ("softmax regression" if family is None else "the %s family "
                               "with the %s link" % (family.name, loss.link.name)))
        return FirthObjective(loss)


def cholesky(A):
    """The lower triangle L with L Lᵀ = A, for a symmetric positive definite A
    (a list of rows); SingularMatrixError naming the first column without a
    positive pivot.

    >>> cholesky([[4.0, 2.0], [2.0, 5.0]])
    [[2.0, 0.0], [1.0, 2.0]]
    """
    n = len(A)
    L = [[0.0] * n for _ in range(n)]
    for j in range(n):
        s = A[j][j] - sum(v * v for v in L[j][:j])
        if not s > 4 * n * EPS * A[j][j]:           # 0, or rounding of A_jj (nan too)
            raise SingularMatrixError("matrix is singular: column %d has no usable pivot"
                                      % j, column=j)
        L[j][j] = d = math.sqrt(s)
        for i in range(j + 1, n):
            L[i][j] = (A[i][j] - dot(L[i][:j], L[j][:j])) / d
    return L


def forward(L, b):
    """v with L v = b, for a lower triangle L (forward substitution).

    >>> forward([[2.0, 0.0], [1.0, 2.0]], [2.0, 5.0])
    [1.0, 2.0]
    """
    v = []
    for i, row in enumerate(L):
        v.append((b[i] - dot(row[:i], v)) / row[i])
    return v


class FirthObjective(Wrapper):
    """F = L - 1/2 log det I(beta) of the module's docstring: a ``Wrapper`` of the
    loss that writes the value, the gradient, the Hessian and IRLS's adjusted
    response, and has a minimum on any data (``diagnose``: None).

    >>> from minilogit.core.logistic import LogisticLoss
    >>> loss = LogisticLoss(Matrix([[1.0, 0.0], [1.0, 1.0]]), [0, 1])
    >>> F = FirthObjective(loss)
    >>> round(F.value([0.0, 0.0]) - loss.value([0.0, 0.0]), 12), round(math.log(16) / 2, 12)
    (1.38629436112, 1.38629436112)
    """

    def __init__(self, objective, safeguard=True):
        Wrapper.__init__(self, objective)
        self.penalty, self.penalized = Firth(), list(range(objective.n_params))
        self.safeguard, self._beta, self._terms = safeguard, None, None

    def terms(self, beta):
        """(p, w, h, V, log det I) at beta (the last answer kept): p_i = sigma(eta_i),
        w_i = f_i p_i (1 - p_i), the hat values h_i = w_i |v_i|^2 with the rows
        v_i = L⁻¹x_i of V, for I = XᵀWX = L Lᵀ (Cholesky)."""
        if self._beta != beta:
            loss, rows = self.objective.loss, self.X.rows
            eta = self.X @ beta                                  # eq. (8)
            if loss.offset is not None:
                eta = [e + o for e, o in zip(eta, loss.offset)]
            p = [sigmoid(e) for e in eta]                        # eq. (9)
            f = loss.weights or [1.0] * len(p)
            w = [f_i * p_i * (1.0 - p_i) for f_i, p_i in zip(f, p)]
            try:
                L = cholesky(weighted_gram(self.X, w).rows)      # I = XᵀWX = L Lᵀ
            except SingularMatrixError:
                cholesky(weighted_gram(self.X, f).rows)          # singular for any w: X is
                raise DivergenceError(                            # (a SingularMatrixError)
                    "Firth's I(beta) = X'WX is singular at the step's beta: the step went so "
                    "far that the weights w_i = p_i (1 - p_i) of some points underflow "
                    "(the solvers' steps have no step control, and IRLS's, Fisher scoring "
                    "on the penalised likelihood, overshoot most); use solver='newton'")
            V = [forward(L, x_i) for x_i in rows]                # v_i = L⁻¹x_i
            h = [w_i * dot(v, v) for w_i, v in zip(w, V)]        # x_iᵀI⁻¹x_i = |v_i|^2
            log_det = 2.0 * sum(math.log(L[j][j]) for j in range(len(L)))
            self._terms, self._beta = (p, w, h, V, log_det), list(beta)
        return self._terms

    def value(self, beta):
        return self.objective.value(beta) - 0.5 * self.terms(beta)[4]

    def gradient(self, beta):
        p, _, h, _, _ = self.terms(beta)
        g = self.objective.gradient(beta)                        # Xᵀ(f ∘ (p - y))
        t = [h_i * (0.5 - p_i) for h_i, p_i in zip(h, p)] @ self.X
        return [g_j - t_j for g_j, t_j in zip(g, t)]             # -Xᵀ(f(y - p) + h(1/2 - p))

    def hessian(self, beta):
        """What Newton's method reads: F's Hessian (``exact_hessian``) where it is
        positive definite, else I(beta) (the step is then Fisher scoring's, which
        descends: F is not convex far from its minimum); scaled up where the step
        it makes, H⁻¹g, would move a coefficient by more than MAX_STEP (as
        logistf's maxstep), so that no step runs off to where the w_i underflow.
        Without ``safeguard`` (``minimise``, which halves its own steps): F's Hessian."""
        if not self.safeguard:
            return self.exact_hessian(beta)
        information = self.objective.hessian(beta)
        try:
            H = self.exact_hessian(beta)
            cholesky(H.rows)
        except (ArithmeticError, SingularMatrixError):
            H = information
        longest = max(abs(d) for d in H.solve(self.gradient(beta)))
        return H * (longest / MAX_STEP) if longest > MAX_STEP else H

    def exact_hessian(self, beta):
        """F's Hessian, I + 1/2 Xᵀ(S - diag(h ∘ (1 - 6 p ∘ (1 - p))))X."""
        p, w, h, V, _ = self.terms(beta)
        rows = self.X.rows
        c = [w_i * (1.0 - 2.0 * p_i) for w_i, p_i in zip(w, p)]
        # row i of S X - diag(h (1 - 6 p (1 - p))) X: sum_j c_i c_j (v_i . v_j)^2 x_j - ...
        SX = []
        for i, v in enumerate(V):
            s = [c[i] * c_j * dot(v, u) ** 2 for c_j, u in zip(c, V)]
            r = s @ self.X
            e = h[i] * (1.0 - 6.0 * p[i] * (1.0 - p[i]))
            SX.append([r_k - e * x_k for r_k, x_k in zip(r, rows[i])])
        k = len(beta)
        extra = [[0.5 * sum(x[a] * q[b] for x, q in zip(rows, SX)) for b in range(k)]
                 for a in range(k)]                              # 1/2 Xᵀ (S - diag) X
        return self.objective.hessian(beta) + Matrix(extra, copy=False)

    def working_response(self, beta):
        """(w, z) of eq. (24.3): the loss's, eq. (21), with h_i (1/2 - p_i) / w_i added to z_i."""
        p, _, h, _, _ = self.terms(beta)
        w, z = self.objective.working_response(beta)             # eq. (21)
        return w, [z_i + h_i * (0.5 - p_i) / w_i if w_i > 0 else z_i
                   for z_i, h_i, p_i, w_i in zip(z, h, p, w)]

    def diagnose(self, beta, step, certain=None):
        return None         # -1/2 log det I grows without bound as any point runs off
