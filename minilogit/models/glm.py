"""Generalised linear models fitted by IRLS (Fisher scoring), eqs. (37)-(40).

``GLM(family, link)`` fits E[y | x] = g⁻¹(b0 + xᵀcoef) for a binomial (0/1),
Poisson (count) or gaussian target, and keeps what the inference module
needs: the parameters, their covariance, the log-likelihoods and deviances.

>>> X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]]
>>> model = GLM(family="poisson").fit(X, [1, 0, 2, 3, 2, 6])
>>> model.converged_, [round(b, 6) for b in model.params_]
(True, [-0.504384, 0.435764])
>>> [round(mu, 4) for mu in model.predict([[0.0], [5.0]])]
[0.6039, 5.3358]
"""

import math

from ..core.errors import DataError
from ..families import family_and_link
from ..core.matrix import dot
from ..objectives.glm import GLMLoss
from ..core.checks import check_sample_weight, check_X
from ..core.estimators import Estimator, check_scores, design
from ._base import Extras, LazyInference
from ._protocol import Protocol, fit_taking_arrays, predict_taking_arrays



class GLM(Protocol, LazyInference, Extras, Estimator):
    """A generalised linear model mu = g⁻¹(b0 + xᵀcoef), eq. (37), fitted by IRLS.

    Parameters
    - ``family``: "binomial" (y in {0, 1}), "poisson" (counts) or "gaussian".
    - ``link``: None (default: the family's canonical link, logit / log /
      identity), or "probit" or "cloglog" for the binomial family.
    - ``solver``: "irls" (default) or "newton": both are Fisher scoring here.
    - ``max_iter`` (default 100), ``tol`` (default 1e-8, on the gradient of
      the mean loss), ``fit_intercept`` (default True).

    Fitting starts from the intercept-only model, b0 = g(ybar) (eq. (23) for
    the logit link) and coef = 0.

    Fitted attributes: ``coef_``, ``intercept_``, ``n_iter_``, ``converged_``,
    ``history_`` (the objective at the start and after each iteration),
    ``separation_`` (binomial only: why the MLE does not exist, else None).

    Inference attributes (read by ``minilogit.inference``):

    - ``params_``: [intercept_] + coef_ (just coef_ without an intercept);
    - ``cov_params_``: scale * (XᵀŴX)⁻¹ at the fit, Ŵ the expected
      information's weights (statsmodels' GLM standard errors are the
      square roots of its diagonal), a list of lists; None when the fit is
      separated or there are no residual degrees of freedom;
    - ``scale_``: 1 for binomial and Poisson; for the gaussian, Pearson's
      chi^2 / df_resid = sum_i w_i (y_i - mu_i)^2 / (nobs - n_params);
    - ``llf_``: the log-likelihood at the fit, constants included (log y!
      for Poisson; for the gaussian, the normal density at the maximum-
      likelihood scale sum_i w_i (y_i - mu_i)^2 / nobs, as statsmodels);
    - ``llnull_``: the same for the intercept-only model, whose fitted mean
      is the weighted mean of y for every family and link (gaussian: at that
      model's own maximum-likelihood scale);
    - ``deviance_``, ``null_deviance_``; ``nobs_`` (the sum of the weights),
      ``df_model_`` (n_params - 1 with an intercept, else n_params),
      ``df_resid_`` (nobs_ - n_params);
    - ``inference_blocked_``: None, or a sentence saying why standard errors
      are not valid for this fit.

    >>> X = [[-2.0], [-1.0], [0.0], [1.0], [2.0], [-1.5], [0.5], [1.5]]
    >>> y = [0, 0, 1, 0, 1, 1, 0, 1]
    >>> m = GLM(link="probit").fit(X, y)
    >>> [round(b, 6) for b in m.params_], m.family, m.link
    ([-0.016065, 0.319319], 'binomial', 'probit')
    >>> round(m.llf_, 6) == round(-m.history_[-1], 6), m.scale_, m.inference_blocked_
    (True, 1.0, None)
    """

    _PARAMS = ("family", "link", "solver", "max_iter", "tol", "fit_intercept")
    # The solvers that use the expected information: IRLS and Newton (which, on
    # GLMLoss's Hessian, is Fisher scoring too). They give the same iterates.
    _SOLVERS = ("irls", "newton")
    _KIND = "regressor"

    def __init__(self, family="binomial", link=None, solver="irls", max_iter=None, tol=None,
                 fit_intercept=True):
        self.family, self.link, self.fit_intercept = family, link, fit_intercept
        self.solver, self.max_iter, self.tol = solver, max_iter, tol

    def fit(self, X, y, sample_weight=None):
        """Fit the coefficients to rows X and targets y (frequency weights optional); return self.

        Raises DataError for an unknown family or link, a link the family
        does not take, a y the family cannot have (naming the entry), and a
        y whose (weighted) mean has no intercept-only fit: binomial all 0 or
        all 1, Poisson all 0. Warns ``SeparationWarning`` when binomial
        classes are separated and ``ConvergenceWarning`` when ``max_iter``
        runs out.

        >>> GLM(family="poisson").fit([[0.0], [1.0]], [1, 2.5])
        Traceback (most recent call last):
        ...
        minilogit.DataError: y[1] is 2.5: the poisson family needs counts 0, 1, 2, ...
        >>> GLM(family="poisson", link="logit").fit([[0.0], [1.0]], [1, 2])
        Traceback (most recent call last):
        ...
        minilogit.DataError: the poisson family does not take the logit link: choose log
        """
        self._forget()
        self._check_solver_params()
        family, link = family_and_link(self.family, self.link)
        rows = check_X(X)
        y = family.check_y(y)
        if len(y) != len(rows):
            raise DataError("X has %d rows but y has %d values" % (len(rows), len(y)))
        weights = check_sample_weight(sample_weight, len(rows))
        w = [1.0] * len(rows) if weights is None else weights
        nobs = sum(w)
        ybar = sum(w_i * y_i for w_i, y_i in zip(w, y)) / nobs
        _check_mean(family, ybar)
        _check_size(family, y, w, ybar)

        n_features = len(rows[0])

        X1 = design(rows, self.fit_intercept)
        self._check_identified(X1.shape, False)
        objective = GLMLoss(X1, y, family, link, weights)
        beta0 = [0.0] * X1.shape[1]
        if self.fit_intercept:
            beta0[0] = link.link(ybar)                   # the intercept-only fit: mu = ybar
        result = self._solve(objective, beta0)
        self._report(result)             # before keeping: a warning may be an error

        beta = result.beta
        self.intercept_ = beta[0] if self.fit_intercept else 0.0
        self.coef_ = beta[1:] if self.fit_intercept else list(beta)
        self._keep(result, n_features)
        self._loss = objective
        return self

    fit = fit_taking_arrays(fit)              # numpy arrays and pandas frames too

    def _set_inference(self):
        """The inference contract's attributes at the fitted beta (called on first use)."""
        from ..inference import set_inference
        objective, beta = self._loss, self.result_.beta
        family, link, y = objective.family, objective.link, objective.y
        w = objective.weights or [1.0] * len(y)
        nobs = float(objective.n_examples)          # the sum of the weights
        ybar = sum(w_i * y_i for w_i, y_i in zip(w, y)) / nobs
        eta = objective.X @ beta                              # eq. (37): eta_i = x_i' beta
        mu = [link.inverse(e) for e in eta]                   # eq. (37): mu_i = g^-1(eta_i)
        df_resid = nobs - len(beta)
        blocked = None
        if family.name == "gaussian":
            rss = sum(w_i * (y_i - mu_i) ** 2 for w_i, y_i, mu_i in zip(w, y, mu))
            rss0 = sum(w_i * (y_i - ybar) ** 2 for w_i, y_i in zip(w, y))
            # Pearson chi^2 / df_resid; V(mu) = 1
            self.scale_ = rss / df_resid if df_resid > 0 else math.inf
            llf, llnull = _gaussian_llf(rss, nobs), _gaussian_llf(rss0, nobs)
            if self.scale_ == 0.0:
                blocked = ("the fit is exact (every residual is 0), so the gaussian scale "
                           "is 0 and the z statistics would divide by 0")
            elif not df_resid > 0:
                blocked = ("there are no residual degrees of freedom (nobs = %g <= %d "
                           "parameters), so the gaussian scale cannot be estimated"
                           % (nobs, len(beta)))
        else:
            self.scale_ = 1.0
            llf = -objective.value(beta)                      # the NLL, constants included
            llnull = sum(family.loglike(y_i, ybar, w_i) for y_i, w_i in zip(y, w) if w_i)
        set_inference(self, beta, nobs, llf, llnull, family.deviance(y, mu, w),
                      family.deviance(y, [ybar] * len(y), w), link.name,
                      lambda: objective.hessian(beta), self.scale_, blocked)   # eq. (38)'s W

    def _summary_title(self):
        return "Generalised linear model: %s family, %s link" % (self.family, self.link_)

    def decision_function(self, X):
        """Return the linear predictor eta = b0 + xᵀcoef for each row, eq. (37).

        >>> m = GLM(family="gaussian").fit([[0.0], [1.0], [2.0]], [1.0, 3.0, 5.0])
        >>> [round(e, 9) for e in m.decision_function([[10.0]])]
        [21.0]
        """
        self._check_fitted()
        rows = check_X(X, n_features=self.n_features_in_)
        return check_scores([self.intercept_ + dot(r, self.coef_) for r in rows])

    decision_function = predict_taking_arrays(decision_function)

    def predict(self, X):
        """Return the fitted mean mu = g⁻¹(eta) for each row, eq. (37).

        Binomial: the probability that y = 1; Poisson: the expected count.

        >>> m = GLM(link="cloglog").fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
        >>> [round(p, 6) for p in m.predict([[0.0], [3.0]])]
        [0.19986, 0.842655]
        """
        _, link = family_and_link(self.family, self.link)
        eta = self.decision_function(X)
        mu = [link.inverse(e) for e in eta]
        for i in range(len(mu)):
            if not -math.inf < mu[i] < math.inf:       # e^eta beyond e^LOG_MAX, say
                raise DataError("X row %d: the predicted mean g^-1(eta) is %r (eta = %r, "
                                "%s link): the row is too far outside the data the model "
                                "was fitted on" % (i, mu[i], eta[i], link.name))
        return mu

    predict = predict_taking_arrays(predict)


def _check_mean(family, ybar):
    """The intercept-only fit must exist: g(ybar) finite. Raise DataError if not."""
    if family.name == "binomial" and not 0.0 < ybar < 1.0:
        raise DataError("y has only one value (%d) among the rows of positive weight: the "
                        "binomial family needs both 0s and 1s" % int(ybar))
    if family.name == "poisson" and not ybar > 0.0:
        raise DataError("y is 0 on every row of positive weight: the poisson mean would be "
                        "exp(-infinity); there is nothing to fit")


def _check_size(family, y, w, ybar):
    """Raise DataError for a y too large (or too constant) to fit in floats."""
    if not -math.inf < ybar < math.inf:
        raise DataError("the weighted mean of y is %r: y or the weights are too large for "
                        "a float; rescale them" % (ybar,))
    if family.name == "poisson":
        big = max(y)
        if big > 2.0 ** 53:
            raise DataError("y[%d] is %r: a count above 2^53 is not an exact integer in a "
                            "float (and log y! overflows soon after); rescale the counts"
                            % (y.index(big), big))
    if family.name == "gaussian":
        # the residual sum of squares must stay finite, even from the mean: |y - ybar| <= 2 max|y|
        if not 4.0 * sum(w_i * y_i * y_i for w_i, y_i in zip(w, y)) < math.inf:
            big = max(abs(v) for v in y)
            raise DataError("y has values as large as %r: the sum of squared residuals "
                            "overflows a float; rescale y" % (big,))
        if all(y_i == ybar for y_i, w_i in zip(y, w) if w_i > 0):
            raise DataError("y is constant (%r) on every row of positive weight%s: a gaussian "
                            "fit would be exact, with scale 0 and an infinite log-likelihood; "
                            "there is nothing to fit"
                            % (ybar, " (X has 1 sample)" if len(y) == 1 else ""))


def _gaussian_llf(rss, nobs):
    """The gaussian log-likelihood at its maximum-likelihood scale s = rss / nobs:
    sum_i w_i [-(y_i - mu_i)^2 / (2 s) - log(2 pi s) / 2] = -nobs (log(2 pi s) + 1) / 2."""
    if rss == 0.0:
        return math.inf                                   # a perfect fit: the density is unbounded
    s = rss / nobs
    return -0.5 * nobs * (math.log(2.0 * math.pi * s) + 1.0)
