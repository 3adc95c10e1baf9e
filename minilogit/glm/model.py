"""Generalised linear models fitted by IRLS as R's glm.fit, eqs. (37)-(40).

``GLM(family, link)`` fits E[y | x] = g⁻¹(b0 + xᵀcoef + offset) for a binomial
(0/1, or successes out of trials), Poisson (count) or gaussian target, and
keeps what the inference module needs: the parameters, their covariance, the
log-likelihoods and deviances.

>>> X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]]
>>> model = GLM(family="poisson").fit(X, [1, 0, 2, 3, 2, 6])
>>> model.converged_, [round(b, 6) for b in model.params_]
(True, [-0.504384, 0.435764])
>>> [round(mu, 4) for mu in model.predict([[0.0], [5.0]])]
[0.6039, 5.3358]
"""

import math

from ..core.checks import (adapted, as_float, check_sample_weight, check_scores, check_start,
                           check_X, design, row_weights)
from ..core.compat import INF, LOG_MAX
from ..core.errors import DataError, shown
from ..core.estimators import NEWTON, Estimator
from ..core.matrix import Matrix, dot
from ..core.solvers import TOL, Solver, irls as core_irls
from ..models._base import Model
from ..solvers.rows import CD, PROXIMAL
from .families import family_and_link, log_factorial
from .loss import GLMLoss


def irls(objective, beta0, max_iter, tol, start=None):
    """IRLS with R's safeguards (``minilogit.glm.irls``), loaded when first run;
    it starts from the family's means, not from beta0, unless ``start`` (the
    model's) gives coefficients: then from eta = X beta0 (R's glm(start = )). A penalty that is not a
    sum of one term per coefficient (Firth's) writes its own working response,
    which that IRLS does not read (it reads the loss beneath the penalty): the
    core's IRLS, eq. (22), from beta0.

    >>> from minilogit.glm.loss import GLMLoss
    >>> loss = GLMLoss(Matrix([[1.0], [1.0], [1.0]]), [0, 1, 1], "binomial")
    >>> round(irls(loss, None, 100, TOL).beta[0], 6)          # log(2/1)
    0.693147
    """
    if objective.penalty is not None and not objective.penalty.separable:
        return core_irls(objective, beta0, max_iter, tol)
    from .irls import glm_irls
    eta0 = None if start is None else objective.loss.linear_predictor(beta0)
    return glm_irls(objective, max_iter, tol, eta0=eta0)


class GLM(Model, Estimator):
    """A generalised linear model mu = g⁻¹(b0 + xᵀcoef + offset), eq. (37), fitted by IRLS.

    Parameters
    - ``family``: "binomial" (y in {0, 1}, or (successes, trials) pairs),
      "poisson" (counts) or "gaussian".
    - ``link``: None (default: the family's canonical link, logit / log /
      identity), or "probit" or "cloglog" for the binomial family.
    - ``solver``: "irls" (default: IRLS with R's step-halving and deviance
      test; ``minilogit.glm.irls``), "newton" (Fisher
      scoring from b0 = g(ybar), coef = 0, with the core's gradient test),
      or "cd" / "proximal" (needed for an L1 penalty).
    - ``max_iter`` (default 100), ``tol`` (default 1e-8: irls's test passes
      when the deviance changes by at most tol (|D| + 0.1), or the scaled
      gradient of the mean loss is below tol, each column's scale times the
      response's root mean square where it exceeds 1 (``GLMLoss.scales``),
      and it stops one step later),
      ``fit_intercept`` (default True).
    - ``penalty``: None (default), "l2", "l1" or "elasticnet", with ``lam``
      and ``l1_ratio`` as for ``LogisticRegression``: the objective is
      -log-likelihood + lam((1 - alpha) betaᵀbeta + alpha ||beta||_1),
      eq. (41), the intercept not penalised (gaussian: (1/2) RSS + ...); or
      "firth", for the binomial family with the logit link: Firth's penalised
      likelihood (``minilogit.objectives.firth``; irls is then the core's, on
      its adjusted response), with standard errors, ``plr_test()`` and
      ``profile_conf_int()``.
    - ``cov_type``: the information whose inverse is the covariance, eq. (33):
      "expected" (default; R's glm and statsmodels' GLM), XᵀWX with
      W_ii = (dmu/deta)^2 / V(mu_i); or "observed" (Stata's probit, and
      statsmodels' Probit), the Hessian of -log-likelihood, XᵀW°X with
      W°_ii = -d^2 log p(y_i) / d eta_i^2. The two are the same matrix for
      a canonical link (logit, log, identity: there W° = W = V(mu)).
      ``summary()`` names the one used in its "Information:" row.
    - ``check_separation``: False (default) or True: for the binomial family,
      the exact test of ``minilogit.separation`` before the fit
      (``separation_check_``); when separated (and unpenalised) it is the
      fit's diagnosis, with its ``SeparationWarning`` and ``separation_``.
    - ``start``: None (default: IRLS from the family's means, Newton from
      b0 = g(ybar), coef = 0) or a list of coefficients, intercept first, as
      R's ``glm(start = )``; a refit from the last fit is
      ``set_params(start=model.params_)``.
    - ``class_weight``: as for ``LogisticRegression``, for a binomial family's
      0/1 labels: it multiplies ``sample_weight``, eq. (47).
    - ``verbose``: as for ``LogisticRegression`` (solver="newton"; IRLS's own
      loop, fast, reports nothing).

    ``fit(X, y, sample_weight=None, offset=None, exposure=None)``: an offset
    o_i is added to the linear predictor with coefficient 1; an exposure
    t_i (log link only) is the offset log t_i, so that mu_i / t_i is a rate.

    Fitted attributes: ``coef_``, ``intercept_``, ``n_iter_``, ``converged_``,
    ``history_`` (the objective at the start and after each iteration),
    ``separation_`` (binomial only: why the MLE does not exist, else None).

    Inference attributes (read by ``minilogit.inference``):

    - ``params_``: [intercept_] + coef_ (just coef_ without an intercept);
    - ``cov_params_``: scale * (XᵀŴX)⁻¹ at the fit, Ŵ the weights of the
      information ``cov_type`` names, a list of lists; None when the fit is
      separated, penalised, or there are no residual degrees of freedom;
    - ``scale_``: 1 for binomial and Poisson; for the gaussian, Pearson's
      chi^2 / df_resid = sum_i w_i (y_i - mu_i)^2 / (nobs - n_params);
    - ``llf_``: the log-likelihood at the fit, constants included (log y!
      for Poisson, log C(n_i, s_i) for binomial pairs; for the gaussian,
      the normal density at the maximum-likelihood scale
      sum_i w_i (y_i - mu_i)^2 / nobs, as statsmodels);
    - ``llnull_``: the same for the intercept-only model (with the offset,
      as R and statsmodels fit it);
    - ``deviance_``, ``null_deviance_``; ``nobs_`` (the sum of the weights:
      rows, not trials), ``df_model_`` (n_params - 1 with an intercept,
      else n_params), ``df_resid_`` (nobs_ - n_params);
    - ``inference_blocked_``: None, or a sentence saying why standard errors
      are not valid for this fit.

    >>> X = [[-2.0], [-1.0], [0.0], [1.0], [2.0], [-1.5], [0.5], [1.5]]
    >>> y = [0, 0, 1, 0, 1, 1, 0, 1]
    >>> m = GLM(link="probit").fit(X, y)
    >>> [round(b, 6) for b in m.params_], m.family, m.link
    ([-0.016065, 0.319319], 'binomial', 'probit')
    >>> round(m.llf_, 6) == round(-m.history_[-1], 6), m.scale_, m.inference_blocked_
    (True, 1.0, None)
    >>> pairs = [(1, 4), (2, 4), (4, 5)]          # (successes, trials) per row; R's glm agrees
    >>> m = GLM().fit([[0.0], [1.0], [2.0]], pairs)
    >>> [round(b, 6) for b in m.params_], m.nobs_, m.df_resid_
    ([-1.15773, 1.245146], 3.0, 1.0)
    """

    _PARAMS = ("family", "link", "solver", "max_iter", "tol", "fit_intercept", "penalty",
               "lam", "l1_ratio", "cov_type", "check_separation", "start", "class_weight",
               "verbose")
    # irls (glm_irls) and newton (Fisher scoring: Newton's method on the expected
    # information); cd and proximal for an L1 penalty
    solvers = dict(proximal=PROXIMAL, cd=CD, newton=NEWTON,
                   irls=Solver(irls, 100, TOL, ("start",), hessian=True))
    _KIND = "regressor"

    def __init__(self, family="binomial", link=None, solver="irls", max_iter=None, tol=None,
                 fit_intercept=True, penalty=None, lam=None, l1_ratio=None, cov_type="expected",
                 check_separation=False, start=None, class_weight=None, verbose=0):
        self.family, self.link, self.fit_intercept = family, link, fit_intercept
        self.start, self.class_weight = start, class_weight
        self.solver, self.max_iter, self.tol = solver, max_iter, tol
        self.penalty, self.lam, self.l1_ratio, self.cov_type = penalty, lam, l1_ratio, cov_type
        self.check_separation, self.verbose = check_separation, verbose

    def _check_params(self):
        """Check the parameters as ``fit`` does first; return the penalty, eq. (41)."""
        if self.cov_type not in ("expected", "observed"):
            raise DataError("cov_type must be 'expected' or 'observed', got %r"
                            % (self.cov_type,))
        self._check_solver_params()
        penalty = self._check_penalty()
        family_and_link(self.family, self.link)
        return penalty

    @adapted
    def fit(self, X, y, sample_weight=None, offset=None, exposure=None):
        """Fit the coefficients to rows X and targets y (frequency weights optional); return self.

        Binomial y may be (successes, trials) pairs, as R's cbind(s, n - s):
        the model is then s_i ~ Binomial(n_i, mu_i). ``offset`` (any
        family) and ``exposure`` (log link) enter the linear predictor as
        o_i + log t_i.

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
        >>> GLM().fit([[0.0], [1.0]], [(1, 3), (4, 3)])
        Traceback (most recent call last):
        ...
        minilogit.DataError: y[1] is (4, 3): (successes, trials) needs whole numbers 0 <= successes <= trials, trials > 0
        """
        self._forget()
        penalty = self._check_params()
        penalised = penalty is not None
        family, link = family_and_link(self.family, self.link)
        X1 = design(X, self.fit_intercept)
        n_rows = X1.shape[0]
        y, trials = _check_pairs(family, y)
        if len(y) != n_rows:
            raise DataError("X has %d rows but y has %d values" % (n_rows, len(y)))
        weights = check_sample_weight(sample_weight, n_rows)
        if self.class_weight is not None:           # eq. (47), for 0/1 labels
            if family.name != "binomial" or trials is not None:
                raise DataError("class_weight weighs the rows of each class of a binomial "
                                "GLM's 0/1 labels; this fit's y are %s: weigh its rows with "
                                "sample_weight" % ("(successes, trials) pairs" if trials
                                                   else "%s values" % family.name))
            if len(set(y)) < 2:
                raise DataError("class_weight weighs the rows of each class, but y has only "
                                "the class %r: a binomial GLM needs both 0 and 1" % (int(y[0]),))
            weights = row_weights(weights, self.class_weight, [0, 1], [int(v) for v in y],
                                  "a binomial GLM")
        freq = [1.0] * n_rows if weights is None else weights
        w = freq if trials is None else [f * n for f, n in zip(freq, trials)]
        ybar = sum(w_i * y_i for w_i, y_i in zip(w, y)) / sum(w)
        _check_mean(family, ybar)
        _check_size(family, y, w, ybar)
        offset = _check_offset(offset, exposure, link, n_rows)

        n_features = X1.shape[1] - (1 if self.fit_intercept else 0)
        self._check_identified(X1.shape, penalised)
        objective = GLMLoss(X1, y, family, link, None if weights is None and trials is None else w,
                            offset, shares=trials is not None)
        answer = None
        if self.check_separation and family.name == "binomial":
            from ..separation import check_loss, exact_diagnosis
            answer = check_loss(objective, self.fit_intercept)
        beta0 = [0.0] * X1.shape[1]
        if self.fit_intercept:
            beta0[0] = link.link(ybar)                   # newton's start: mu = ybar
        beta0 = check_start(self.start, X1.shape[1], (None,)) or beta0
        penalized = list(range(1 if self.fit_intercept else 0, X1.shape[1]))
        result = self._solve(objective, beta0, penalty, penalized)
        if answer is not None:           # the exact verdict: no MLE when separated
            exact_diagnosis(result, answer, penalised)
        self._report(result)             # before keeping: a warning may be an error

        beta = result.beta
        self.intercept_ = beta[0] if self.fit_intercept else 0.0
        self.coef_ = beta[1:] if self.fit_intercept else list(beta)
        self._keep(result, n_features)
        self._loss, self._freq, self._trials = objective, freq, trials
        self._with_offset = offset is not None      # kept when the loss is dropped
        self._penalised = penalised and not penalty.keeps_inference     # Firth's keeps it
        return self

    def _set_inference(self, inference):
        """The facts of the fit's ``inference`` at the fitted beta (on first use)."""
        from ..inference import PENALISED, set_inference
        objective, beta = self._loss, self.result_.beta
        family, link, y = objective.family, objective.link, objective.y
        w = objective.weights or [1.0] * len(y)
        nobs = float(sum(self._freq))        # rows (times their frequency), not trials
        mu = [link.inverse(e) for e in objective.linear_predictor(beta)]     # eq. (37)
        mu0 = _null_means(objective.y, family, link, objective.weights, objective.offset)
        df_resid = nobs - len(beta)
        blocked = PENALISED if self._penalised else None
        if family.name == "gaussian":
            r = [y_i - mu_i for y_i, mu_i in zip(y, mu)]
            log_rss = _log_rss(r, w)
            # Pearson chi^2 / df_resid; V(mu) = 1
            scale = math.exp(min(log_rss, LOG_MAX)) / df_resid if df_resid > 0 else INF
            llf = _gaussian_llf(log_rss, nobs)
            llnull = _gaussian_llf(_log_rss([y_i - m for y_i, m in zip(y, mu0)], w), nobs)
            if scale == 0.0 and log_rss > -INF:
                blocked = ("the residuals are as small as %.3g: their squares, and so the "
                           "gaussian scale and the covariance, underflow a float; rescale y"
                           % max(abs(r_i) for r_i in r))
            elif scale == 0.0:
                blocked = ("the fit is exact (every residual is 0), so the gaussian scale "
                           "is 0 and the z statistics would divide by 0")
            elif not df_resid > 0:
                blocked = ("there are no residual degrees of freedom (nobs = %g <= %d "
                           "parameters), so the gaussian scale cannot be estimated"
                           % (nobs, len(beta)))
        else:
            scale, const = 1.0, 0.0
            if self._trials is not None:                # log C(n_i, s_i), once per row
                const = sum(f * _log_choose(n, n * y_i)
                            for f, n, y_i in zip(self._freq, self._trials, y))
            llf = const - objective.value(beta)                 # the NLL, constants included
            llnull = const + sum(family.loglike(y_i, m, w_i)
                                 for y_i, m, w_i in zip(y, mu0, w) if w_i)
        information = (objective.observed_information if self.cov_type == "observed"
                       else objective.hessian)
        set_inference(inference, beta, nobs, llf, llnull, family.deviance(y, mu, w),
                      family.deviance(y, mu0, w), link.name,
                      lambda: information(beta), scale, blocked)   # eq. (33)
        # Pearson's chi^2: sum_i w_i (y_i - mu_i)^2 / V(mu_i), the residuals in units of
        # their variance (statsmodels' pearson_chi2; the gaussian scale times df_resid)
        inference.pearson_chi2_ = sum(_pearson(y_i, m, w_i, family.variance(m))
                                      for y_i, m, w_i in zip(y, mu, w) if w_i)

    def _summary_title(self):
        offset = ", with an offset" if self._with_offset else ""
        return "Generalised linear model: %s family, %s link%s" % (self.family, self.link_, offset)

    @adapted
    def linear_predictor(self, X, offset=None, exposure=None):
        """Return the linear predictor eta = b0 + xᵀcoef (+ offset + log exposure), eq. (37).

        (statsmodels: ``predict(which="linear")``; a regressor has no
        ``decision_function`` in scikit-learn's protocol.)

        >>> m = GLM(family="gaussian").fit([[0.0], [1.0], [2.0]], [1.0, 3.0, 5.0])
        >>> [round(e, 9) for e in m.linear_predictor([[10.0]])]
        [21.0]
        >>> [round(e, 9) for e in m.linear_predictor([[10.0]], offset=[-1.0])]
        [20.0]
        """
        self._check_fitted()
        p, b0, coef = self.n_features_in_, self.intercept_, self.coef_    # one fit's, at once
        rows = check_X(X, n_features=p)
        _, link = family_and_link(self.family, self.link)
        o = _check_offset(offset, exposure, link, len(rows)) or [0.0] * len(rows)
        return check_scores([b0 + dot(r, coef) + o_i for r, o_i in zip(rows, o)])

    @adapted
    def predict(self, X, offset=None, exposure=None):
        """Return the fitted mean mu = g⁻¹(eta) for each row, eq. (37).

        Binomial: the probability that y = 1 (the share of successes);
        Poisson: the expected count (for ``exposure`` t_i: over that exposure).

        >>> m = GLM(link="cloglog").fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
        >>> [round(p, 6) for p in m.predict([[0.0], [3.0]])]
        [0.19986, 0.842655]
        """
        _, link = family_and_link(self.family, self.link)
        eta = self.linear_predictor(X, offset, exposure)
        mu = [link.inverse(e) for e in eta]
        for i in range(len(mu)):
            if not -INF < mu[i] < INF:       # e^eta beyond e^LOG_MAX, say
                raise DataError("X row %d: the predicted mean g^-1(eta) is %r (eta = %r, "
                                "%s link): the row is too far outside the data the model "
                                "was fitted on" % (i, mu[i], eta[i], link.name))
        return mu

    @adapted
    def predict_conf_int(self, X, alpha=0.05, offset=None, exposure=None):
        """Rows [low, high]: an interval for the mean mu of each row, made on the
        link scale, g^-1(eta -/+ z se(eta)) (``minilogit.inference.mean_conf_int``).

        >>> m = GLM(family="poisson").fit([[0.0], [1.0], [2.0], [3.0]], [1, 0, 3, 4])
        >>> [[round(v, 4) for v in row] for row in m.predict_conf_int([[1.5]])]
        [[0.6301, 3.7179]]
        """
        from ..inference import mean_conf_int
        self._check_fitted()
        X = check_X(X, n_features=self.n_features_in_)          # read once: X may be an iterator
        _, link = family_and_link(self.family, self.link)
        eta = self.linear_predictor(X, offset, exposure)
        return mean_conf_int(self.inference_, X, eta, link.inverse, alpha)

    def score(self, X, y, sample_weight=None, offset=None, exposure=None):
        """Return D^2 = 1 - D(y, mu) / D(y, mu0) on (X, y), the share of the deviance
        the model explains (R^2 for the gaussian), as scikit-learn's scores are.

        mu are the model's means for these rows, with this ``offset`` and
        ``exposure`` (as ``predict``); mu0 those of the intercept-only model
        fitted to this y, with the same offset (R's null deviance), so that on
        the fit's own data D^2 = 1 - deviance_ / null_deviance_. A model
        fitted with an offset or exposure is refused without them (with
        offset 0, a count would be compared with a rate over exposure 1).

        >>> X, y, t = [[0.0], [1.0], [2.0], [3.0]], [2, 3, 6, 7], [1.0, 2.0, 2.0, 1.0]
        >>> m = GLM(family="poisson").fit(X, y, exposure=t)
        >>> round(m.score(X, y, exposure=t), 12) == round(1 - m.deviance_ / m.null_deviance_, 12)
        True
        >>> m.score(X, y)
        Traceback (most recent call last):
        ...
        minilogit.DataError: this GLM was fitted with an offset or exposure: pass score(X, y, offset=..., exposure=...) for these rows too (without them the means would be those of offset 0, exposure 1)
        """
        self._check_fitted()
        if offset is None and exposure is None and getattr(self, "_with_offset", False):
            raise DataError("this GLM was fitted with an offset or exposure: pass score(X, y, "
                            "offset=..., exposure=...) for these rows too (without them the "
                            "means would be those of offset 0, exposure 1)")
        from ..interop import read_vector, read_y
        mu = self.predict(X, offset, exposure)
        mu = mu.tolist() if hasattr(mu, "tolist") else mu
        family, link = family_and_link(self.family, self.link)
        y = family.check_y(read_y(y, self))
        if len(y) != len(mu):
            raise DataError("X has %d rows but y has %d values" % (len(mu), len(y)))
        w = check_sample_weight(read_vector(sample_weight, "sample_weight"), len(y))
        mu0 = _null_means(y, family, link, w,
                          _check_offset(read_vector(offset, "offset"),
                                        read_vector(exposure, "exposure"), link, len(y)))
        w = w or [1.0] * len(y)
        return 1.0 - family.deviance(y, mu, w) / family.deviance(y, mu0, w)      # D^2


def _check_pairs(family, y):
    """(y, trials): binomial (successes, trials) pairs become shares s/n and trials n;
    anything else is checked by the family, with trials None."""
    try:
        y = list(y)
    except TypeError:
        raise DataError("y must be a sequence of numbers, got %s" % type(y).__name__)
    if not (y and isinstance(y[0], (tuple, list))):
        return family.check_y(y), None
    if family.name != "binomial":
        raise DataError("y[0] is %r: (successes, trials) pairs are for the binomial family, "
                        "not %s" % (y[0], family.name))
    shares, trials = [], []
    for i, pair in enumerate(y):
        ok = isinstance(pair, (tuple, list)) and len(pair) == 2
        s, n = (as_float(v, "y[%d]" % i) for v in pair) if ok else (0.0, 0.0)
        if not (ok and 0 <= s <= n and n > 0 and s == math.floor(s) and n == math.floor(n)):
            raise DataError("y[%d] is %r: (successes, trials) needs whole numbers "
                            "0 <= successes <= trials, trials > 0" % (i, pair))
        shares.append(s / n)
        trials.append(n)
    return shares, trials


def _check_offset(offset, exposure, link, n):
    """The offset o_i + log t_i of each row (None when neither is given); raise DataError."""
    if offset is None and exposure is None:
        return None
    o = [0.0] * n
    for name, v in (("offset", offset), ("exposure", exposure)):
        if v is None:
            continue
        if name == "exposure":
            v = check_sample_weight(v, n, name)
        else:
            try:
                v = list(v)
            except TypeError:
                raise DataError("offset must be a sequence of numbers, got %s"
                                % type(v).__name__)
            v = [as_float(v_i, "offset[%d]" % i) for i, v_i in enumerate(v)]
        if len(v) != n:
            raise DataError("X has %d rows but %s has %d values" % (n, name, len(v)))
        if name == "exposure":
            if link.name != "log":
                raise DataError("exposure is a rate's denominator, log t_i in the linear "
                                "predictor: it needs the log link, not %s; give "
                                "offset=[log t_i] instead" % link.name)
            if min(v) <= 0:
                raise DataError("exposure[%d] is %r: an exposure must be > 0"
                                % (v.index(min(v)), min(v)))
            v = [math.log(t) for t in v]
        o = [a + b for a, b in zip(o, v)]
    for i in range(n if link.name != "identity" else 0):
        if not -LOG_MAX <= o[i] <= LOG_MAX:     # g^-1 then gives 0 or 1 (or inf) at any beta
            raise DataError("row %d's offset%s is %r, beyond the float's log range: e^offset "
                            "is finite and nonzero only for |offset| <= %s; rescale the offset"
                            % (i, " (with log exposure)" * (exposure is not None), o[i],
                               shown(LOG_MAX, lambda v: v <= LOG_MAX)))
    return o


def _null_means(y, family, link, weights, offset):
    """The fitted means of the intercept-only model (with the offset, if any):
    the weighted mean of y, or without a closed form (an offset) an IRLS fit."""
    w = weights or [1.0] * len(y)
    if offset is None:
        ybar = sum(w_i * y_i for w_i, y_i in zip(w, y)) / sum(w)
        return [ybar] * len(w)
    from .irls import glm_irls
    ones = Matrix.from_columns([[1.0] * len(w)])        # the intercept alone
    b0 = glm_irls(GLMLoss(ones, y, family, link, weights, offset, shares=True)).beta[0]
    return [link.inverse(b0 + o) for o in offset]


def _pearson(y, mu, w, v):
    """w (y - mu)^2 / V(mu), a row's term of Pearson's chi^2; at V = 0 (a mean fitted
    with certainty, 0 or 1) 0 if y is that mean, else inf.

    >>> _pearson(1.0, 0.5, 2.0, 0.25), _pearson(1.0, 1.0, 1.0, 0.0), _pearson(0.0, 1.0, 1.0, 0.0)
    (2.0, 0.0, inf)
    """
    if v > 0:
        return w * (y - mu) ** 2 / v
    return 0.0 if y == mu else INF


def _log_choose(n, s):
    """log C(n, s) = log n! - log s! - log (n - s)!."""
    s = round(s)                     # s = n * (s / n) may be off in its last bit
    return log_factorial(n) - log_factorial(s) - log_factorial(n - s)


def _check_mean(family, ybar):
    """The intercept-only fit must exist: g(ybar) finite. Raise DataError if not."""
    if family.name == "binomial" and not 0.0 < ybar < 1.0:
        raise DataError("y has only one value (%d) among the rows of positive weight, one "
                        "class: the binomial family needs both 0s and 1s" % int(ybar))
    if family.name == "poisson" and not ybar > 0.0:
        raise DataError("y is 0 on every row of positive weight: the poisson mean would be "
                        "exp(-infinity); there is nothing to fit")


def _check_size(family, y, w, ybar):
    """Raise DataError for a y too large (or too constant) to fit in floats."""
    if not -INF < ybar < INF:
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
        if not 4.0 * sum(w_i * y_i * y_i for w_i, y_i in zip(w, y)) < INF:
            big = max(abs(v) for v in y)
            raise DataError("y has values as large as %r: the sum of squared residuals "
                            "overflows a float; rescale y" % (big,))
        if all(y_i == ybar for y_i, w_i in zip(y, w) if w_i > 0):
            raise DataError("y is constant (%r) on every row of positive weight%s: a gaussian "
                            "fit would be exact, with scale 0 and an infinite log-likelihood; "
                            "there is nothing to fit"
                            % (ybar, " (X has 1 sample)" if len(y) == 1 else ""))


def _log_rss(r, w):
    """log sum_i w_i r_i^2, the residuals divided by the largest first: squares
    near 1e-300 underflow, their logarithm does not (-inf: every r_i is 0).

    >>> abs(_log_rss([3e-300, 4e-300], [1.0, 1.0]) - 2 * math.log(5e-300)) < 1e-12
    True
    """
    top = max(abs(r_i) for r_i in r)
    if top == 0.0:
        return -INF
    return 2.0 * math.log(top) + math.log(sum(w_i * (r_i / top) ** 2 for w_i, r_i in zip(w, r)))


def _gaussian_llf(log_rss, nobs):
    """The gaussian log-likelihood at its maximum-likelihood scale s = rss / nobs:
    sum_i w_i [-(y_i - mu_i)^2 / (2 s) - log(2 pi s) / 2] = -nobs (log(2 pi s) + 1) / 2."""
    if log_rss == -INF:
        return INF                                   # a perfect fit: the density is unbounded
    return -0.5 * nobs * (math.log(2.0 * math.pi / nobs) + log_rss + 1.0)
