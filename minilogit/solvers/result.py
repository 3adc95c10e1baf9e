"""What every solver returns, and the convergence test they share."""

from .elastic_net import penalty_mask


class FitResult:
    """The outcome of a solver run.

    ``beta``: the final iterate. ``history``: the loss at the start and after
    each iteration (so ``len(history) == n_iter + 1``). ``grad_norms``: the
    largest |component| of the gradient at the same points (SGD: at the end
    of each epoch). ``converged``: the convergence test passed.
    ``diagnosis``: why the fit stopped early (e.g. separation), or None.

    >>> r = FitResult("newton", [0.0], [1.0], [0.5], 0, False, None)
    >>> r
    FitResult(solver='newton', n_iter=0, converged=False, loss=1.0)
    """

    def __init__(self, solver, beta, history, grad_norms, n_iter, converged, diagnosis,
                 iterates=None, equation="", details=None):
        self.solver = solver
        self.beta = beta
        self.history = history
        self.grad_norms = grad_norms
        self.n_iter = n_iter
        self.converged = converged
        self.diagnosis = diagnosis
        self.iterates = iterates if iterates is not None else [beta]
        self.equation = equation
        self.details = details if details is not None else []

    @property
    def trace(self):
        """One record per iterate: the start (iteration 0), then after each iteration.

        Each is a dict with ``iteration``, ``beta``, ``loss``, ``grad_norm``
        (the largest gradient component, or KKT violation, at that beta),
        ``step`` (the largest change of a coefficient in the iteration that
        led there; None at the start), ``equation`` (the walkthrough's
        equations the iteration applied) and what the solver adds: ``eta``
        (gd, sgd, proximal), ``w_min`` and ``w_max`` (the IRLS weights).

        >>> r = FitResult("newton", [1.0], [2.0, 1.5], [0.5, 0.0], 1, True, None,
        ...               iterates=[[0.0], [1.0]], equation="(20)")
        >>> r.trace[1]
        {'iteration': 1, 'beta': [1.0], 'loss': 1.5, 'grad_norm': 0.0, 'step': 1.0, 'equation': '(20)'}
        """
        records = []
        for k in range(len(self.iterates)):
            beta = self.iterates[k]
            step = None if k == 0 else max_abs([b1 - b0 for b1, b0 in
                                                zip(beta, self.iterates[k - 1])])
            record = {"iteration": k, "beta": beta, "loss": self.history[k],
                      "grad_norm": self.grad_norms[k] if k < len(self.grad_norms) else None,
                      "step": step, "equation": "start" if k == 0 else self.equation}
            if 0 < k <= len(self.details):
                record.update(self.details[k - 1])
            records.append(record)
        return records

    def __repr__(self):
        return ("FitResult(solver=%r, n_iter=%d, converged=%r, loss=%r)"
                % (self.solver, self.n_iter, self.converged, self.history[-1]))


def max_abs(v):
    """The largest |v_j| (the infinity norm).

    >>> max_abs([1.0, -3.0, 2.0])
    3.0
    """
    return max(abs(x) for x in v)


def small_gradient(g, n_examples, tol):
    """The convergence test of every solver: the gradient of the *mean* loss
    L / N has no component larger than ``tol``, i.e. max_j |g_j| <= tol * N.

    Dividing by N makes ``tol`` mean the same thing for 10 rows or 10 000.

    >>> small_gradient([1e-7, -2e-7], 100, 1e-8)
    True
    """
    return max_abs(g) <= tol * n_examples


def kkt_violation(g, beta, l1, penalized):
    """Return how far beta is from minimising F = f + l1 sum_{j in P} |beta_j|, eq. (45).

    ``g`` is the gradient of the smooth part f at ``beta`` (for the elastic
    net f = L + l2 ||beta_P||^2, its gradient includes 2 l2 beta_j). beta
    minimises F exactly when 0 is in the subdifferential of F, coordinate by
    coordinate:

    - j not penalised:          g_j = 0
    - j in P with beta_j != 0:  g_j + l1 sign(beta_j) = 0
    - j in P with beta_j == 0:  |g_j| <= l1

    The violation is the largest distance from 0 to a coordinate's
    subdifferential (the smallest |g_j + l1 s| over the allowed s), in the
    gradient's own units: for the total loss compare it with tol * N, as
    ``small_gradient`` does. With l1 = 0 it is max_j |g_j|.

    >>> kkt_violation([0.0, -0.5, 0.3], [1.0, 2.0, 0.0], 0.5, [1, 2])
    0.0
    >>> round(kkt_violation([0.1, -0.5, 0.8], [1.0, 2.0, 0.0], 0.5, [1, 2]), 12)
    0.3
    """
    in_P = penalty_mask(penalized, len(beta))
    worst = 0.0
    for j in range(len(beta)):
        g_j, b_j = g[j], beta[j]
        if not in_P[j]:
            v = abs(g_j)                        # eq. (45): g_j = 0
        elif b_j > 0.0:
            v = abs(g_j + l1)                   # eq. (45): g_j + l1 = 0
        elif b_j < 0.0:
            v = abs(g_j - l1)                   # eq. (45): g_j - l1 = 0
        else:
            v = max(abs(g_j) - l1, 0.0)         # eq. (45): |g_j| <= l1
        if v > worst:
            worst = v
    return worst
