# The R reference figures of Firth's penalised-likelihood-ratio tests and profile
# intervals (tests/test_firth_golden.py), as logistf reports them (Heinze and Schemper
# 2002): l*(beta) = l(beta) + 1/2 log det I(beta), written here in R (determinant()),
# maximised with some coefficients fixed by logistf's iteration (below), from brglm2's
# estimate (R's logistf is not in Debian). Run from the repository root:
#   Rscript tools/reference/firth_profile.R > tests/data/firth_profile.json
# R 4.2.2 (Debian's r-base-core), brglm2 0.9 (r-cran-brglm2).
suppressMessages(library(brglm2))
f <- function(v) paste(sprintf("%.17g", v), collapse = ", ")
pll <- function(beta, X, y) {                   # l*(beta)
  eta <- drop(X %*% beta)
  W <- plogis(eta) * plogis(-eta)
  sum(y * plogis(eta, log.p = TRUE) + (1 - y) * plogis(-eta, log.p = TRUE)) +
    0.5 * as.numeric(determinant(crossprod(X, X * W), logarithm = TRUE)$modulus)
}
score <- function(beta, X, y) {                 # U*(beta) = X'(y - p + h (1/2 - p))
  eta <- drop(X %*% beta)
  p <- plogis(eta)
  W <- p * (1 - p)
  h <- W * rowSums((X %*% solve(crossprod(X, X * W))) * X)
  drop(crossprod(X, y - p + h * (0.5 - p)))
}
# max l* with beta[fixed] = values, the rest free: Newton's method (the Hessian by
# central differences of U*; where its step is no ascent, modified Fisher scoring's,
# I_ff^-1 U*_f) with step halving until l* rises, to |U*_f| < 1e-11
restricted <- function(fixed, values, X, y, start) {
  b <- start; b[fixed] <- values
  for (it in 1:2000) {
    U <- score(b, X, y)[-fixed]
    if (max(abs(U)) < 1e-11) break
    # Newton: the Hessian of l* in the free coefficients, by central differences of U*
    free <- setdiff(seq_along(b), fixed)
    H <- sapply(free, function(j) {
      e <- numeric(length(b)); e[j] <- 1e-5
      (score(b + e, X, y) - score(b - e, X, y))[-fixed] / 2e-5
    })
    d <- solve(-H, U)
    if (sum(d * U) <= 0) {               # not an ascent direction: modified Fisher scoring's
      eta <- drop(X %*% b); W <- plogis(eta) * plogis(-eta)
      d <- solve(crossprod(X, X * W)[-fixed, -fixed, drop = FALSE], U)
    }
    t <- 1; now <- pll(b, X, y)
    repeat {
      nb <- b; nb[-fixed] <- b[-fixed] + t * d
      v <- pll(nb, X, y)
      # near the top l* moves by rounding alone: there Newton's full step is taken
      if (is.finite(v) && (v >= now || max(abs(U)) < 1e-6) || t < 1e-10) break
      t <- t / 2
    }
    b <- nb
  }
  last <<- b                               # the next profile point starts here
  if (max(abs(score(b, X, y)[-fixed])) > 1e-8) stop(sprintf("%g after %d, fixed %s at %s", max(abs(score(b, X, y)[-fixed])), it, paste(fixed, collapse=" "), paste(values, collapse=" ")))
  pll(b, X, y)
}
first <- TRUE
last <- NULL
show <- function(name, formula, data) {
  m <- glm(formula, data = data, family = binomial("logit"), method = "brglmFit",
           type = "AS_mean", epsilon = 1e-14, maxit = 500)
  X <- model.matrix(m); y <- m$y; b <- coef(m); k <- length(b)
  top <- pll(b, X, y)
  q <- qchisq(0.95, 1)
  chi2 <- sapply(1:k, function(j) 2 * (top - restricted(j, 0, X, y, b)))
  se <- sqrt(diag(vcov(m)))
  ends <- sapply(1:k, function(j) {
    g <- function(v) 2 * (top - restricted(j, v, X, y, last)) - q
    end <- function(side) {              # widen from 1 se by se/4 until the deviance passes q
      w <- se[j]
      last <<- b                         # each profile from the estimate, then warm
      while (g(b[j] + side * w) < 0) w <- w + se[j] / 4
      uniroot(g, sort(c(b[j], b[j] + side * w)), tol = 1e-13)$root
    }
    c(end(-1), end(1))
  })
  model <- 2 * (top - restricted(2:k, rep(0, k - 1), X, y, b))
  cat(sprintf('%s  "%s": {"params": [%s], "penalised_llf": %.17g,\n    "plr_chi2": [%s],\n    "plr_p": [%s],\n    "profile_lower": [%s],\n    "profile_upper": [%s],\n    "model_chi2": %.17g, "model_df": %d, "model_p": %.17g}',
              if (first) "" else ",\n", name, f(b), top, f(chi2),
              f(pchisq(chi2, 1, lower.tail = FALSE)), f(ends[1, ]), f(ends[2, ]),
              model, k - 1, pchisq(model, k - 1, lower.tail = FALSE)))
  first <<- FALSE
}
cat(sprintf('{"_how": "tools/reference/firth_profile.R: %s, brglm2 %s; l* by determinant(), maximised with coefficients fixed by Newton (Hessian by central differences of the modified score) with step halving to |U*| < 1e-11, endpoints by uniroot (tol 1e-13), alpha = 0.05",\n',
            R.version.string, packageVersion("brglm2")))
show("complete", y ~ x, data.frame(x = 1:6, y = c(0, 0, 0, 1, 1, 1)))
show("quasi", y ~ x, data.frame(x = c(0, 1, 1, 2), y = c(0, 0, 1, 1)))
show("dummy", y ~ x + d, data.frame(
  x = c(-1.2, 0.3, -0.5, 1.1, 0.2, -0.9, 0.7, -0.1, 1.4, -1.5, 0.4, -0.3),
  d = c(1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0), y = c(1, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1, 0)))
show("spector", GRADE ~ GPA + TUCE + PSI, read.csv("tests/data/glm/spector.csv"))
cat("\n}\n")
