"""The generalised linear model, eqs. (37)-(40), in one folder (this package imports
none of its modules). Read them in this order, each using only those before it:

==============  ================================================================
``links``       eta = g(mu) and mu = g⁻¹(eta): logit, probit, cloglog, log, identity
``families``    the distribution of y around mu: binomial, poisson, gaussian
``loss``        GLMLoss: the negative log-likelihood, its gradient, the expected
                information and the working response, eq. (38)
``irls``        glm_irls: IRLS with R's step-halving and deviance test
``model``       GLM: the estimator, fitted by irls, newton, cd or proximal
==============  ================================================================

``minilogit.GLM`` loads ``model`` on first use.
"""
