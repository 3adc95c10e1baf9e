"""Statistical inference for a fitted maximum-likelihood model, and its summary table.

At the maximum-likelihood estimate the coefficients are approximately
normal around the true ones, with covariance the inverse of the Fisher
information (XᵀŴX)⁻¹, eq. (33). Everything here follows from that and from
the log-likelihoods of the fit and of the intercept-only model.

A fit's inference is one object, an ``Inference``: ``set_inference`` gives
it the facts below, and it computes the rest from them (``bse_``,
``pvalues_``, ``summary()``, ...). A fitted estimator makes it on first use,
once, as its ``inference_`` (``minilogit.models._base.Model``), whose
attributes of the same names read it: fitting holds none of it.

- ``params_``: [intercept] + coefficients; ``param_names_``;
- ``cov_params_``: their covariance matrix (rows), or None when
  ``inference_blocked_`` says why there is none;
- ``llf_``, ``llnull_``, ``deviance_``, ``null_deviance_``, ``nobs_``
  (the sum of the weights), ``df_model_``, ``df_resid_``, ``link_``,
  ``scale_`` (the dispersion: 1 but for a gaussian GLM).

All of it holds at the maximum of the likelihood only: for a fit that did
not converge or stopped at separation (``unfinished``), standard errors,
tests, intervals, pseudo-R^2, AIC, BIC and the LLR test raise
``InferenceError`` saying why, and ``summary()`` leaves them out. A
penalised fit keeps its log-likelihoods and pseudo-R^2 (what its
coefficients achieve) and has no standard errors, AIC, BIC or LLR test.

>>> from minilogit import LogisticRegression
>>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]], [0, 0, 1, 0, 1, 1])
>>> [round(b, 4) for b in m.inference_.bse_]          # statsmodels' Logit gives the same
[2.5457, 0.9126]
>>> [round(p, 4) for p in m.pvalues_]                 # m.inference_.pvalues_
[0.2332, 0.1834]
"""

import math

from .core.checks import check_number
from .special import exp_or_inf
from .core.compat import warn
from .core.errors import ConvergenceWarning, DataError, InferenceError, SingularMatrixError
from .core.estimators import FEW, RATE
from .core.solvers import WORK

PENALISED = ("the fit is penalised, so its coefficients are biased towards 0: (X'WX)^-1 "
             "is not their covariance, and they are not the free maximum-likelihood "
             "estimates whose number AIC, BIC and the LLR test count; refit with "
             "penalty=None for inference")


def set_inference(inference, beta, nobs, llf, llnull, deviance, null_deviance, link,
                  information, scale=1.0, blocked=None):
    """Set the facts of ``inference`` (an ``Inference``) for its model fitted at ``beta``.

    ``information()`` returns XᵀŴX at beta (called only when standard errors
    are possible); the covariance is ``scale`` times its inverse, eq. (33).
    ``blocked``: why there are no standard errors (a penalty, an exact fit),
    or None; a separated fit (``model.separation_``) and a singular XᵀŴX are
    reasons too. ``inference_blocked_`` keeps that reason, which is the
    message of the ``InferenceError`` raised when standard errors are asked.

    >>> from minilogit import LogisticRegression
    >>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    >>> m.inference_blocked_ is None, m.df_model_, m.param_names_
    (True, 1, ['intercept', 'x0'])
    """
    model, k = inference.model, len(beta)
    inference._result = getattr(model, "result_", None)    # the fit it describes (_current)
    first = k - model.n_features_in_        # 1 with an intercept: the fit's, whatever
    inference.params_ = list(beta)          # fit_intercept says since (set_params)
    names = getattr(model, "feature_names_in_", None)       # a data frame's column names
    inference.param_names_ = (["intercept"] if first == 1 else []) + (
        [str(n) for n in names] if names is not None else
        ["x%d" % j for j in range(model.n_features_in_)])
    inference.link_, inference.nobs_, inference.scale_ = link, nobs, scale
    inference.df_model_ = k - (1 if first == 1 else 0)
    inference.df_resid_ = nobs - k
    inference.llf_, inference.llnull_ = llf, llnull
    inference.deviance_, inference.null_deviance_ = deviance, null_deviance
    inference.cov_params_ = inference.pearson_chi2_ = None     # Pearson's: a GLM sets it
    if blocked is None:
        blocked = unfinished(model)
    if blocked is None:
        _warn_work(nobs, k)
        try:
            inv = information().inverse()                                # eq. (33)
        except SingularMatrixError:
            blocked = "X'WX is singular at the fit: some coefficient is not determined by the data"
        else:
            inference.cov_params_ = [[scale * v for v in row] for row in inv.rows]
    inference.inference_blocked_ = blocked


def _warn_work(n, k):
    """Warn ConvergenceWarning before forming and inverting a k x k XᵀŴX of n
    rows (n k^2 / 2 + k^3 multiply-adds) beyond FEW parameters and WORK."""
    work = n * k * k / 2.0 + k ** 3
    if k > FEW and work > WORK:
        warn("standard errors for %d parameters form and invert a %d x %d X'WX: ~%.1e "
             "multiply-adds (N k^2/2 + k^3), ~%.0f s at ~%.1e a second; fit fewer columns "
             "for inference" % (k, k, k, work, work / RATE, RATE), ConvergenceWarning, 3)


def unfinished(model):
    """Why ``model``'s fit is not at the maximum of the likelihood, or None.

    A separated fit has no maximum; a fit that did not converge stopped
    short of it. Standard errors, tests, intervals and the criteria built on
    the log-likelihood (pseudo-R^2, AIC, BIC, the LLR test) hold only there.

    >>> import warnings
    >>> from minilogit import LogisticRegression
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     m = LogisticRegression(max_iter=1).fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    >>> print(unfinished(m))
    the fit did not converge: newton stopped after 1 iteration with converged_ = False, so its coefficients are not the maximum-likelihood estimate; raise max_iter
    """
    if model.separation_ is not None:
        return ("the classes are separated, so the maximum-likelihood estimate does "
                "not exist (%s) and (X'WX)^-1 at the last iterate measures the "
                "curvature at one point on a path to infinity" % model.separation_.split(":")[0])
    if not model.converged_:
        if not model.result_.grad_norms:
            return ("the fit did not converge: fit_stream ran %d epochs of SGD with no "
                    "convergence test, so its coefficients are not the maximum-likelihood "
                    "estimate; fit(X, y) with solver='newton' finds it" % model.n_iter_)
        return ("the fit did not converge: %s stopped after %d %s with converged_ = False, "
                "so its coefficients are not the maximum-likelihood estimate; raise "
                "max_iter%s" % (model.solver, model.n_iter_, ("epoch" if model.solver == "sgd"
                                else "iteration") + "s" * (model.n_iter_ != 1), ""
                                if model.solver in ("newton", "irls")
                                else " or use solver='newton'"))
    return None


def mean_conf_int(inference, rows, eta, inverse, alpha):
    """One [low, high] per row: the interval g^-1(eta_i -/+ z_(1 - alpha/2) se(eta_i))
    of its mean, se(eta_i)^2 = x_iᵀ V x_i (V the covariance, eq. (33); x_i the row
    with the intercept's 1). Built on the link scale, where beta-hat is about
    normal, and mapped through the inverse link, so it stays where means can be
    (within [0, 1] for a probability): R's predict(se.fit = TRUE) and linkinv.

    >>> from minilogit import LogisticRegression
    >>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]], [0, 0, 1, 0, 1, 1])
    >>> [[round(v, 4) for v in row] for row in m.predict_conf_int([[0.0], [2.5]])]
    [[0.0003, 0.8759], [0.0985, 0.9015]]
    """
    from .distributions import normal_ppf
    from .core.matrix import Matrix, dot
    check_number(alpha, "alpha", "a number strictly between 0 and 1", lambda a: 0 < a < 1)
    V, q = Matrix(inference._cov()), normal_ppf(1.0 - alpha / 2.0)
    first = len(inference.params_) - inference.model.n_features_in_   # 1: the intercept's
    out = []
    for row, e in zip(rows, eta):
        x = [1.0] * first + [float(v) for v in row]
        se = math.sqrt(dot(x, V.times(x)))                      # se(eta)^2 = x'V x
        ends = [inverse(e - q * se), inverse(e + q * se)]       # eq. (35) on eta, then g^-1
        out.append([min(ends), max(ends)])
    return out


class Inference:
    """The statistician's view of one fit of ``model``: the facts ``set_inference``
    sets (``params_``, ``cov_params_``, ``llf_``, ...) and what follows from
    them: standard errors, tests, intervals, information criteria and
    ``summary()``. A fitted model gives its own as ``inference_``.

    >>> from minilogit import LogisticRegression
    >>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]], [0, 0, 1, 0, 1, 1])
    >>> inference = m.inference_
    >>> round(inference.zvalues_[1], 4), round(inference.aic_, 4), m.aic_ == inference.aic_
    (1.3303, 8.956, True)
    """

    FACTS = ("params_", "param_names_", "link_", "nobs_", "df_model_", "df_resid_", "llf_",
             "llnull_", "deviance_", "null_deviance_", "cov_params_", "inference_blocked_",
             "scale_", "pearson_chi2_")
    STATISTICS = ("bse_", "zvalues_", "pvalues_", "odds_ratios_", "aic_", "bic_",
                  "prsquared_", "llr_", "llr_pvalue_")

    cov_type_ = None        # or the robust covariance's name: "HC0", ..., "cluster"
    _result = None          # the fit's FitResult, as set_inference found it

    def __init__(self, model):
        self.model = model

    def robust(self, cov_type, groups=None):
        """The same fit's inference with the sandwich covariance ``cov_type``
        ("HC0", "HC1", "HC2", "HC3", or "cluster" with ``groups``, a label per
        training row; ``minilogit.sandwich``): its standard errors, tests,
        intervals and ``summary()`` follow it, and the summary names it.

        >>> from minilogit import LogisticRegression
        >>> X, y = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]], [0, 0, 1, 0, 1, 1]
        >>> hc3 = LogisticRegression().fit(X, y).robust("HC3")   # R: sandwich::vcovHC(m, "HC3")
        >>> hc3.cov_type_, [round(s, 4) for s in hc3.bse_], [round(p, 4) for p in hc3.pvalues_]
        ('HC3', [2.5633, 0.724], [0.2364, 0.0936])
        """
        from .sandwich import sandwich
        self._current()
        base = self.model.inference_            # the model's own: its (X'WX)^-1 the bread
        cov = sandwich(base, cov_type, groups)
        other = Inference(self.model)
        for name in self.FACTS:
            setattr(other, name, getattr(base, name))
        other.cov_params_, other.cov_type_, other._result = cov, cov_type, base._result
        return other

    def wald_test(self, R, q=None):
        """Wald's chi^2 test of R beta = q, or of restrictions by name such as
        "x0 = x2" (``minilogit.hypotheses.wald_test``), with this covariance.

        >>> from minilogit import LogisticRegression
        >>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]], [0, 0, 1, 0, 1, 1])
        >>> print(m.wald_test("x0 = 1"))
        Wald test of x0 = 1: chi2(1) = 0.0550, P > chi2 = 0.8146
        """
        from .hypotheses import wald_test
        return wald_test(self, R, q)

    def lr_test(self, other):
        """The likelihood-ratio chi^2 test of the smaller of this fit and ``other``
        (nested, on the same rows) against the larger (``minilogit.hypotheses.lr_test``)."""
        from .hypotheses import lr_test
        self._current()
        return lr_test(self, other)

    def _current(self):
        """InferenceError when the model was fitted again since this inference was
        made: what reads the training rows would read the new fit's."""
        if self._result is not None and self._result is not self.model.result_:
            raise InferenceError("this inference is of an earlier fit of its model, which "
                                 "has been fitted again since: ask the model's inference_")

    def _at_optimum(self):
        why = unfinished(self.model)
        if why is not None:
            raise InferenceError(why)

    def _criteria(self):
        """k, the number of free parameters that AIC, BIC and the LLR test count:
        nobs - df_resid, as ``set_inference`` set them (a float difference, so rounded)."""
        self._at_optimum()
        if self.model._penalised:
            raise InferenceError(PENALISED)
        return round(self.nobs_ - self.df_resid_)

    def _cov(self):
        if self.cov_params_ is None:
            raise InferenceError(self.inference_blocked_)
        return self.cov_params_

    @property
    def bse_(self):
        """Standard errors sqrt(diag((XᵀŴX)⁻¹)), eq. (33), intercept first."""
        cov = self._cov()
        if not all(cov[j][j] > 0 for j in range(len(cov))):
            raise InferenceError("(X'WX)^-1 has a diagonal entry <= 0: X'WX is numerically "
                                 "singular at the fit, so no standard error is reliable")
        return [math.sqrt(cov[j][j]) for j in range(len(cov))]          # eq. (33)

    @property
    def zvalues_(self):
        """Wald statistics z_j = beta_j / se_j, eq. (34)."""
        se = self.bse_                  # first: it says why there are none
        return [b / s for b, s in zip(self.params_, se)]                # eq. (34)

    @property
    def pvalues_(self):
        """Two-sided p-values 2 (1 - Phi(|z_j|)) under the standard normal, eq. (34)."""
        from .distributions import two_sided_p
        return [two_sided_p(z) for z in self.zvalues_]                  # eq. (34)

    def conf_int(self, alpha=0.05, method="wald"):
        """Rows [low, high] = beta_j -/+ z_(1 - alpha/2) se_j, eq. (35); with
        ``method="profile"``, the profile-likelihood intervals (R's
        ``confint(glm)``; ``minilogit.profile``), which need not be symmetric.

        >>> from minilogit import LogisticRegression
        >>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]], [0, 0, 1, 0, 1, 1])
        >>> [[round(v, 4) for v in row] for row in m.conf_int()]
        [[-8.0246, 1.9544], [-0.5746, 3.0027]]
        >>> [[round(v, 4) for v in row] for row in m.conf_int(method="profile")]
        [[-11.1418, 0.6371], [-0.0658, 4.1592]]
        """
        from .distributions import normal_ppf
        check_number(alpha, "alpha", "a number strictly between 0 and 1", lambda a: 0 < a < 1)
        if method == "profile":
            if self.cov_type_ is not None:
                raise InferenceError("a profile interval is the likelihood's, whatever the "
                                     "covariance: ask the model's conf_int(method='profile')")
            from .profile import profile_conf_int
            self._current()
            return profile_conf_int(self.model, alpha)
        if method != "wald":
            raise DataError("method must be 'wald' or 'profile', got %r" % (method,))
        q, se = normal_ppf(1.0 - alpha / 2.0), self.bse_                # q = 1.96 for alpha = 0.05
        return [[b - q * s, b + q * s] for b, s in zip(self.params_, se)]   # eq. (35)

    @property
    def odds_ratios_(self):
        """exp(beta_j): the factor by which the odds of the positive class grow
        when feature j grows by one and the others stay, eq. (35)."""
        self._cov()
        self._check_logit()
        return [exp_or_inf(b) for b in self.params_]

    def odds_ratio_conf_int(self, alpha=0.05):
        """exp of each interval of ``conf_int(alpha)``: the interval of the odds ratio."""
        self._check_logit()
        return [[exp_or_inf(lo), exp_or_inf(hi)] for lo, hi in self.conf_int(alpha)]

    def _check_logit(self):
        link = self.link_
        if link != "logit":
            raise InferenceError("odds ratios are exp(coefficients) only under the logit "
                                 "link; this model's link is %s" % link)

    @property
    def aic_(self):
        """Akaike's information criterion -2 llf + 2 k, eq. (36)."""
        k = self._criteria()
        return -2.0 * self.llf_ + 2.0 * k

    @property
    def bic_(self):
        """Schwarz's criterion -2 llf + k log(nobs), eq. (36)."""
        k = self._criteria()
        return -2.0 * self.llf_ + k * math.log(self.nobs_)

    @property
    def prsquared_(self):
        """McFadden's pseudo-R^2: 1 - llf / llnull, eq. (36)."""
        self._at_optimum()
        return 1.0 - self.llf_ / self.llnull_

    @property
    def llr_(self):
        """The likelihood-ratio statistic 2 (llf - llnull) against the intercept-only model."""
        self._criteria()
        return 2.0 * (self.llf_ - self.llnull_)

    @property
    def llr_pvalue_(self):
        """P(chi^2 with df_model degrees of freedom > llr), eq. (36)."""
        from .distributions import chi2_sf
        return chi2_sf(self.llr_, self.df_model_)

    def summary(self, alpha=0.05, feature_names=None):
        """A text table in the spirit of statsmodels and R: the fit, then one row
        per coefficient (named x0, x1, ... unless ``feature_names`` are given).

        On a fit where standard errors are not valid it says why instead of
        printing numbers.

        >>> from minilogit import LogisticRegression
        >>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]], [0, 0, 1, 0, 1, 1])
        >>> print(m.summary(feature_names=["dose"]))  # doctest: +NORMALIZE_WHITESPACE
                                 Logistic regression (1 vs 0)
        =========================================================================================
        Observations:                            6    Log-likelihood:                     -2.4780
        Df model:                                1    LL-null:                            -4.1589
        Df residuals:                            4    Pseudo R-squ.:                       0.4042
        Converged:                            True    AIC:                                 8.9560
        Iterations:                              6    BIC:                                 8.5395
        Solver:                             newton    LLR p-value:                      0.0667
        Information:         observed = expected
        =========================================================================================
                         coef    std err          z      P>|z|     [0.025     0.975] odds ratio
        -----------------------------------------------------------------------------------------
        intercept     -3.0351     2.5457    -1.1922     0.2332    -8.0246     1.9544     0.0481
        dose           1.2140     0.9126     1.3303     0.1834    -0.5746     3.0027     3.3670
        =========================================================================================
        """
        from .summary import summary_table       # the table's layout loads when first asked
        return summary_table(self.model, alpha, feature_names, unfinished(self.model), self)

