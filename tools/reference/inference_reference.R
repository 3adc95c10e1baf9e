# The R reference figures of the inference golden tests (tests/test_golden_inference.py):
# covariance matrices (model-based, HC0-HC3, clustered), Wald and likelihood-ratio
# tests, predictions with confidence intervals, and profile-likelihood intervals.
# Run from the repository root:
#   Rscript tools/reference/inference_reference.R > tests/data/inference_r.json
# R 4.2.2 (Debian's r-base-core), r-cran-sandwich, r-cran-mass, r-cran-lmtest. Prints
# one JSON document (written here with sprintf, "%.17g" for every number; jsonlite is
# not installed). As in tools/reference/glm_reference.R, every fit is refitted with
# glm.control(epsilon = 1e-14, maxit = 100), so that the figures are at the MLE.
suppressMessages({library(sandwich); library(MASS); library(lmtest)})

# ---- a small JSON writer ------------------------------------------------------------
arr <- function(v) structure(v, class = "jarr")           # always a JSON array
mat <- function(M) lapply(seq_len(nrow(M)), function(i) arr(unname(M[i, ])))  # row-major
jstr <- function(s) paste0('"', gsub("\n", "\\\\n", gsub('"', '\\\\"', gsub("\\\\", "\\\\\\\\", s))), '"')
jnum <- function(v) {
  v <- as.double(v)
  if (!all(is.finite(v))) stop("not a finite number: ", paste(v, collapse = " "))
  sprintf("%.17g", v)
}
jscalar <- function(x) {
  if (is.character(x)) jstr(x) else if (is.logical(x)) ifelse(x, "true", "false") else jnum(x)
}
J <- function(x, ind = "") {
  inner <- paste0(ind, "  ")
  if (inherits(x, "jarr")) {
    x <- unclass(x)
    return(paste0("[", paste(vapply(x, jscalar, ""), collapse = ", "), "]"))
  }
  if (is.list(x)) {
    if (length(x) == 0) return(if (is.null(names(x))) "[]" else "{}")
    if (!is.null(names(x))) {
      items <- sprintf("%s%s: %s", inner, jstr(names(x)), vapply(x, J, "", ind = inner))
      return(paste0("{\n", paste(items, collapse = ",\n"), "\n", ind, "}"))
    }
    flat <- all(vapply(x, function(e) inherits(e, "jarr") || !is.list(e), TRUE))
    if (flat && length(x) <= 12)
      return(paste0("[", paste(vapply(x, J, "", ind = inner), collapse = ", "), "]"))
    return(paste0("[\n", paste0(inner, vapply(x, J, "", ind = inner), collapse = ",\n"),
                  "\n", ind, "]"))
  }
  if (length(x) != 1) stop("a vector of length ", length(x), " needs arr()")
  jscalar(x)
}

# ---- the models ---------------------------------------------------------------------
ctl <- glm.control(epsilon = 1e-14, maxit = 100)
# Fisher scoring (probit's) stops on the deviance's change, which is quadratic in the
# coefficients' error: at epsilon = 1e-14 probit's coefficients are still 8e-9 from the
# MLE (score 1.6e-7). So each fit is restarted from its coefficients until they stop moving.
refit <- function(m0) {
  m <- update(m0, control = ctl)
  if (!m$converged) stop("did not converge: ", deparse(formula(m)))
  for (i in 1:100) {
    m1 <- update(m, start = coef(m), control = ctl)
    moved <- max(abs(coef(m1) - coef(m)) / pmax(abs(coef(m)), 1e-300))
    m <- m1
    if (moved < 1e-15) break
  }
  m
}
d <- "tests/data/glm/"   # run from the repository root
sp <- read.csv(paste0(d, "spector.csv"))
cp <- read.csv(paste0(d, "cpunish.csv"))
dose <- data.frame(x = 0:5, y = c(0, 0, 1, 0, 1, 1))
CP_FORMULA <- EXECUTIONS ~ INCOME + PERPOVERTY + PERBLACK + log(VC100k96) + SOUTH + DEGREE

models <- list(
  spector_logit = list(m = refit(glm(GRADE ~ GPA + TUCE + PSI, data = sp, family = binomial)),
                       g = (0:31) %% 8),
  spector_probit = list(m = refit(glm(GRADE ~ GPA + TUCE + PSI, data = sp,
                                      family = binomial(link = "probit"))),
                        g = (0:31) %% 8),
  dose = list(m = refit(glm(y ~ x, data = dose, family = binomial)), g = c(0, 0, 1, 1, 2, 2)),
  cpunish_poisson = list(m = refit(glm(CP_FORMULA, data = cp, family = poisson)),
                         g = (0:16) %% 5))

# ---- exact profile-likelihood intervals by root finding -----------------------------
# For coefficient j: beta_j = b fixed through the offset b * x_j, the rest refitted
# (glm.fit, epsilon = 1e-14); z(b) = sign(b - bhat) sqrt(D(b) - D(bhat)) (dispersion 1:
# binomial and Poisson); the ends are the roots of z(b) = -/+ qnorm((1 + level) / 2).
profile_fit_failures <- 0
profile_exact <- function(m, level) {
  X <- model.matrix(m); y <- m$y; w <- m$prior.weights; fam <- family(m)
  off <- if (is.null(m$offset)) rep(0, length(y)) else m$offset
  bhat <- coef(m); se <- sqrt(diag(vcov(m))); D0 <- m$deviance
  cut <- qnorm((1 + level) / 2)
  z <- function(j, b) {
    f <- suppressWarnings(glm.fit(X[, -j, drop = FALSE], y, weights = w,
                                  offset = off + b * X[, j], family = fam, control = ctl))
    if (!f$converged) profile_fit_failures <<- profile_fit_failures + 1
    sign(b - bhat[j]) * sqrt(max(0, f$deviance - D0))
  }
  t(sapply(seq_along(bhat), function(j) {
    end <- function(side) {            # widen from 1 se by 1/2 se until |z| passes the cut
      k <- 1
      while (side * z(j, bhat[j] + side * k * se[j]) < cut) k <- k + 0.5
      uniroot(function(b) z(j, b) - side * cut,
              sort(c(bhat[j], bhat[j] + side * k * se[j])), tol = 1e-13)$root
    }
    c(end(-1), end(1))
  }))
}

# ---- predictions --------------------------------------------------------------------
prediction <- function(m, newdata, rows) {
  p <- predict(m, newdata = newdata, type = "link", se.fit = TRUE)
  inv <- family(m)$linkinv
  ci <- function(alpha) {
    zq <- qnorm(1 - alpha / 2)
    list(z = zq, lower = arr(unname(inv(p$fit - zq * p$se.fit))),
         upper = arr(unname(inv(p$fit + zq * p$se.fit))))
  }
  vars <- all.vars(formula(m))[-1]
  list(rows = rows, newdata = mat(as.matrix(newdata[, vars])), columns = arr(vars),
       fit = arr(unname(p$fit)), se_fit = arr(unname(p$se.fit)),
       fit_response = arr(unname(inv(p$fit))),
       ci_0.95 = ci(0.05), ci_0.9 = ci(0.1))
}
sp_new <- rbind(sp[1:5, c("GPA", "TUCE", "PSI")], data.frame(GPA = 3.0, TUCE = 20, PSI = 1))
sp_rows <- "the file's rows 1..5, then a new row GPA = 3.0, TUCE = 20, PSI = 1"
newdata <- list(spector_logit = list(sp_new, sp_rows), spector_probit = list(sp_new, sp_rows),
                cpunish_poisson = list(cp[1:3, ], "the file's rows 1..3"))

# ---- per-model figures --------------------------------------------------------------
maxrel <- function(a, b) max(abs(a - b) / abs(b))
mass_vs_exact <- list()
out <- list()
for (name in names(models)) {
  m <- models[[name]]$m; g <- models[[name]]$g
  CL <- vcovCL(m, cluster = g)
  CL_HC0 <- vcovCL(m, cluster = g, type = "HC0")
  # vcovCL's default type for a glm: "HC0" (class(m)[1] is "glm", not "lm"); checked here
  if (maxrel(CL, CL_HC0) > 1e-15) stop("vcovCL's default is not HC0 for ", name)
  e <- list(names = arr(names(coef(m))), params = arr(unname(coef(m))),
            vcov = mat(vcov(m)))
  for (type in c("HC0", "HC1", "HC2", "HC3")) e[[type]] <- mat(vcovHC(m, type = type))
  e$CL <- mat(CL); e$CL_HC0 <- mat(CL_HC0)
  e$groups <- arr(g); e$nobs <- nobs(m); e$loglik <- as.numeric(logLik(m))
  e$deviance <- m$deviance; e$converged <- m$converged; e$iter <- m$iter
  if (!is.null(newdata[[name]]))
    e$predict <- prediction(m, newdata[[name]][[1]], newdata[[name]][[2]])
  levels <- if (name == "dose") c(0.95, 0.9) else 0.95
  e$confint <- list(); e$profile_exact <- list()
  for (level in levels) {
    key <- sprintf("%g", level)
    ci_mass <- suppressMessages(confint(m, level = level))
    ci_exact <- profile_exact(m, level)
    e$confint[[key]] <- mat(ci_mass)
    e$profile_exact[[key]] <- mat(ci_exact)
    mass_vs_exact[[paste(name, key)]] <- maxrel(ci_mass, ci_exact)
  }
  out[[name]] <- e
}
if (profile_fit_failures > 0) stop(profile_fit_failures, " profile fits did not converge")

# ---- Wald tests ---------------------------------------------------------------------
wald <- function(m, R, q, V) {
  R <- matrix(R, ncol = length(coef(m)))
  r <- R %*% coef(m) - q
  W <- drop(t(r) %*% solve(R %*% V %*% t(R)) %*% r)
  list(W = W, df = nrow(R), p = pchisq(W, nrow(R), lower.tail = FALSE), R = R)
}
checks <- character(0)
check <- function(what, a, b) {
  rel <- abs(a - b) / abs(b)
  if (rel > 1e-9) stop(what, ": ", a, " against ", b)
  checks <<- c(checks, sprintf("%s (relative difference %.1e)", what, rel))
}
ml <- models$spector_logit$m
# the cross-check models: (a) GPA = PSI as the coefficient of PSI in a reparametrisation
# (GPA + PSI, TUCE, PSI: PSI's coefficient is beta_PSI - beta_GPA); (c) GPA = 2 as
# GPA's coefficient with offset(2 * GPA)
ml_a <- refit(glm(GRADE ~ I(GPA + PSI) + TUCE + PSI, data = sp, family = binomial))
ml_a0 <- refit(glm(GRADE ~ I(GPA + PSI) + TUCE, data = sp, family = binomial))
ml_b0 <- refit(glm(GRADE ~ GPA, data = sp, family = binomial))
ml_c <- refit(glm(GRADE ~ GPA + TUCE + PSI + offset(2 * GPA), data = sp, family = binomial))
hyp <- list(
  a_GPA_eq_PSI = list(R = rbind(c(0, 1, 0, -1)), q = 0, what = "GPA = PSI"),
  b_TUCE_PSI_0 = list(R = rbind(c(0, 0, 1, 0), c(0, 0, 0, 1)), q = c(0, 0),
                      what = "TUCE = PSI = 0 (rows TUCE = 0, PSI = 0)"),
  c_GPA_eq_2 = list(R = rbind(c(0, 1, 0, 0)), q = 2, what = "GPA = 2"))
vc <- list(vcov = function(x) vcov(x), HC3 = function(x) vcovHC(x, type = "HC3"))
W_out <- list()
for (h in names(hyp)) {
  H <- hyp[[h]]
  e <- list(hypothesis = H$what, model = "spector_logit", R = mat(H$R), q = arr(H$q))
  for (v in names(vc)) {
    tw <- wald(ml, H$R, H$q, vc[[v]](ml))
    e[[v]] <- list(statistic = tw$W, df = tw$df, p = tw$p)
    if (h == "a_GPA_eq_PSI") {
      wt <- waldtest(ml_a, ml_a0, test = "Chisq", vcov = vc[[v]])
      check(sprintf("(a) with %s: lmtest::waldtest of GRADE ~ I(GPA + PSI) + TUCE + PSI against GRADE ~ I(GPA + PSI) + TUCE", v),
            tw$W, wt$Chisq[2])
    }
    if (h == "b_TUCE_PSI_0") {
      wt <- waldtest(ml, ml_b0, test = "Chisq", vcov = vc[[v]])
      check(sprintf("(b) with %s: lmtest::waldtest of the full model against GRADE ~ GPA", v),
            tw$W, wt$Chisq[2])
      check(sprintf("(b) with %s: lmtest::waldtest's p", v), tw$p, wt$`Pr(>Chisq)`[2])
    }
    if (h == "c_GPA_eq_2") {
      ct <- coeftest(ml_c, vcov. = vc[[v]](ml_c))
      check(sprintf("(c) with %s: the square of lmtest::coeftest's z for GPA in GRADE ~ GPA + TUCE + PSI + offset(2 * GPA)", v),
            tw$W, ct["GPA", "z value"]^2)
    }
  }
  W_out[[h]] <- e
}
mc <- models$cpunish_poisson$m
Rc <- rbind(c(0, 1, 0, 0, 0, 0, 0), c(0, 0, 1, 0, 0, 0, 0))
tw <- wald(mc, Rc, c(0, 0), vcov(mc))
mc0 <- refit(glm(EXECUTIONS ~ PERBLACK + log(VC100k96) + SOUTH + DEGREE, data = cp,
                 family = poisson))
wt <- waldtest(mc, mc0, test = "Chisq")
check("cpunish INCOME = PERPOVERTY = 0 with vcov: lmtest::waldtest of the full model against the one without INCOME and PERPOVERTY",
      tw$W, wt$Chisq[2])
W_out$cpunish_INCOME_PERPOVERTY_0 <- list(
  hypothesis = "INCOME = PERPOVERTY = 0 (rows INCOME = 0, PERPOVERTY = 0)",
  model = "cpunish_poisson", R = mat(Rc), q = arr(c(0, 0)),
  vcov = list(statistic = tw$W, df = tw$df, p = tw$p))

# ---- likelihood-ratio tests ---------------------------------------------------------
lr <- function(small, big, what) {
  a <- anova(small, big, test = "Chisq")
  list(small = what[1], big = what[2], statistic = a$Deviance[2], df = a$Df[2],
       p = a$`Pr(>Chi)`[2], loglik_small = as.numeric(logLik(small)),
       loglik_big = as.numeric(logLik(big)))
}
full_sp <- "GRADE ~ GPA + TUCE + PSI, binomial"
LR_out <- list(
  spector_GPA = lr(ml_b0, ml, c("GRADE ~ GPA, binomial", full_sp)),
  spector_GPA_PSI = lr(refit(glm(GRADE ~ GPA + PSI, data = sp, family = binomial)), ml,
                       c("GRADE ~ GPA + PSI, binomial", full_sp)),
  cpunish_no_INCOME_PERPOVERTY = lr(mc0, mc,
    c("EXECUTIONS ~ PERBLACK + log(VC100k96) + SOUTH + DEGREE, poisson",
      "EXECUTIONS ~ INCOME + PERPOVERTY + PERBLACK + log(VC100k96) + SOUTH + DEGREE, poisson")))

# ---- provenance and output ----------------------------------------------------------
pv <- function(p) as.character(packageVersion(p))
prov <- paste0(
  "Made by `Rscript tools/reference/inference_reference.R > tests/data/inference_r.json` ",
  "from the repository root, with ", R.version.string, ", sandwich ", pv("sandwich"),
  ", MASS ", pv("MASS"), ", lmtest ", pv("lmtest"), " (zoo ", pv("zoo"), "), on ",
  R.version$platform, ". Every fit is refitted with glm.control(epsilon = 1e-14, ",
  "maxit = 100), then restarted from its coefficients until they move by less than ",
  "1e-15 (Fisher scoring's probit stops 8e-9 short otherwise), so the figures are at ",
  "the MLE; all fits converged. ",
  "Data: tests/data/glm/spector.csv (GRADE ~ GPA + TUCE + PSI), tests/data/glm/cpunish.csv ",
  "(EXECUTIONS ~ INCOME + PERPOVERTY + PERBLACK + log(VC100k96) + SOUTH + DEGREE, poisson, ",
  "no offset), and dose: x = 0:5, y = c(0,0,1,0,1,1), glm(y ~ x, binomial). ",
  "Matrices are row-major lists of rows, in the order of 'names'; the sandwich ",
  "matrices are symmetric only to rounding (as R computes them). ",
  "vcov = vcov(m); HC0..HC3 = sandwich::vcovHC(m, type = ...); CL = sandwich::vcovCL(m, ",
  "cluster = groups) with its defaults: type = NULL, which for a glm is \"HC0\" (the ",
  "documentation: \"HC1\" for lm objects and \"HC0\" otherwise; meatCL tests class(x)[1] == ",
  "\"lm\", and a glm's first class is \"glm\"; checked: CL equals vcovCL(..., type = ",
  "\"HC0\") = CL_HC0 to the last bit for every model), and cadjust = TRUE (the meat ",
  "times G/(G - 1), G clusters). ",
  "Wald tests: W = t(Rb - q) solve(R V R') (Rb - q), df = nrow(R), p = pchisq(W, df, ",
  "lower.tail = FALSE), V = vcov(m) and V = vcovHC(m, \"HC3\"). Cross-checked: ",
  paste(checks, collapse = "; "), ". ",
  "LR tests: anova(small, big, test = \"Chisq\"), statistic = the deviance difference. ",
  "predict: predict(m, newdata, type = \"link\", se.fit = TRUE), the intervals ",
  "family(m)$linkinv(fit -/+ z se_fit), z = qnorm(0.975) (ci_0.95) and qnorm(0.95) ",
  "(ci_0.9). confint: confint(m, level = ...), MASS's profile method for a glm in R 4.2 ",
  "(a spline through a profile grid, its refits by glm.fit with the model's control, ",
  "epsilon = 1e-14); profile_exact: the roots, by uniroot(tol = 1e-13), ",
  "of sign(b - bhat) sqrt(D(b) - D(bhat)) = -/+ qnorm((1 + level) / 2), D(b) the ",
  "deviance with beta_j fixed at b through the offset b * x_j and the rest refitted by ",
  "glm.fit with epsilon = 1e-14. Largest relative difference between confint and ",
  "profile_exact: ",
  paste(sprintf("%s %.2e", names(mass_vs_exact), unlist(mass_vs_exact)), collapse = ", "),
  ".")
doc <- c(list(`_provenance` = prov), out, list(wald = W_out, lrtest = LR_out))
cat(J(doc), "\n", sep = "")
