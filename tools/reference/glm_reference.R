# The R reference figures of tests/test_golden_*.py. Run from the repository root:
#   Rscript tools/reference/glm_reference.R
# R 4.2.2 (Debian's r-base-core), stats::glm. Prints one Python dict per model:
# the figures of the fit refitted with glm.control(epsilon = 1e-14, maxit = 100),
# and 'iter', the iterations of the fit with R's defaults (epsilon = 1e-8).
# Why refit: R computes the standard errors from the working weights of its
# last IRLS iteration, i.e. at the iterate before the fitted coefficients, so
# at epsilon = 1e-8 they are 1e-5 away from those at the MLE (Cpunish, Lbw);
# probit, fitted by Fisher scoring, also stops 1e-5 short in its coefficients.
show <- function(name, m0) {
  m <- update(m0, control = glm.control(epsilon = 1e-14, maxit = 100))
  s <- summary(m)
  f <- function(v) paste(sprintf("%.17g", v), collapse = ", ")
  cat(sprintf("%s = {\n", name))
  cat(sprintf("    'params': [%s],\n", f(coef(m))))
  cat(sprintf("    'bse': [%s],\n", f(s$coefficients[, 2])))
  cat(sprintf("    'llf': %.17g, 'deviance': %.17g, 'null_deviance': %.17g,\n",
              as.numeric(logLik(m)), m$deviance, m$null.deviance))
  cat(sprintf("    'aic': %.17g, 'df_resid': %d, 'dispersion': %.17g, 'iter': %d}\n",
              m$aic, m$df.residual, s$dispersion, m0$iter))
}
d <- "tests/data/glm/"   # run from the repository root
star <- read.csv(paste0(d, "star98.csv"))
x <- star[, 3:22]
show("STAR98_R", glm(cbind(star$PR50M, star$MATHTOT - star$PR50M) ~ ., data = x,
                     family = binomial))
cp <- read.csv(paste0(d, "cpunish.csv"))
cp$t <- (0:16 %% 5) + 1          # an exposure per state, made up for the test: 1, 2, 3, 4, 5, 1, ...
show("CPUNISH_R", glm(EXECUTIONS ~ INCOME + PERPOVERTY + PERBLACK + log(VC100k96) + SOUTH +
                        DEGREE, data = cp, family = poisson))
show("CPUNISH_OFFSET_R", glm(EXECUTIONS ~ INCOME + PERPOVERTY + PERBLACK + log(VC100k96) +
                               SOUTH + DEGREE + offset(log(t)), data = cp, family = poisson))
lo <- read.csv(paste0(d, "longley.csv"))
show("LONGLEY_R", glm(TOTEMP ~ GNPDEFL + GNP + UNEMP + ARMED + POP + YEAR, data = lo,
                      family = gaussian))
sp <- read.csv(paste0(d, "spector.csv"))
show("SPECTOR_PROBIT_R", glm(GRADE ~ GPA + TUCE + PSI, data = sp,
                             family = binomial(link = "probit")))
lbw <- read.csv(paste0(d, "lbw.csv"))
lbw$race_black <- as.numeric(lbw$race == "black")
lbw$race_other <- as.numeric(lbw$race == "other")
show("LBW_R", glm(low ~ age + lwt + race_black + race_other + smoke + ptl + ht + ui,
                  data = lbw, family = binomial))

# The cross-check of tests/test_golden_optimum.py's optima: each model refitted with
# epsilon = 1e-300, so that IRLS runs until a step changes the deviance by
# nothing (or maxit = 1000): the coefficients where the iteration stops moving.
optimum <- function(name, m0) {
  m <- suppressWarnings(update(m0, control = glm.control(epsilon = 1e-300, maxit = 1000)))
  cat(sprintf("%s = [%s]  # %d iterations\n", name,
              paste(sprintf("%.17g", coef(m)), collapse = ", "), m$iter))
}
optimum("STAR98", glm(cbind(star$PR50M, star$MATHTOT - star$PR50M) ~ ., data = x,
                      family = binomial))
optimum("CPUNISH", glm(EXECUTIONS ~ INCOME + PERPOVERTY + PERBLACK + log(VC100k96) + SOUTH +
                         DEGREE, data = cp, family = poisson))
optimum("CPUNISH_OFFSET", glm(EXECUTIONS ~ INCOME + PERPOVERTY + PERBLACK + log(VC100k96) +
                                SOUTH + DEGREE + offset(log(t)), data = cp, family = poisson))
optimum("LONGLEY", glm(TOTEMP ~ GNPDEFL + GNP + UNEMP + ARMED + POP + YEAR, data = lo,
                       family = gaussian))
optimum("SPECTOR_PROBIT", glm(GRADE ~ GPA + TUCE + PSI, data = sp,
                              family = binomial(link = "probit")))
optimum("SPECTOR_LOGIT", glm(GRADE ~ GPA + TUCE + PSI, data = sp, family = binomial))
optimum("LBW", glm(low ~ age + lwt + race_black + race_other + smoke + ptl + ht + ui,
                   data = lbw, family = binomial))
fair <- read.csv(paste0(d, "fair.csv"))
optimum("FAIR_LOGIT", glm(as.numeric(affairs > 0) ~ rate_marriage + age + yrs_married +
                            children + religious + educ + occupation + occupation_husb,
                          data = fair, family = binomial))
