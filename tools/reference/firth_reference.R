# The R reference figures of Firth's penalised likelihood (tests/test_firth_golden.py).
# Run from the repository root:
#   Rscript tools/reference/firth_reference.R > tests/data/firth_brglm2.json
# R 4.2.2 (Debian's r-base-core) and brglm2 0.9 (Debian's r-cran-brglm2):
# glm(..., family = binomial("logit"), method = "brglmFit", type = "AS_mean",
# epsilon = 1e-14, maxit = 500): the mean-bias-reducing adjusted score, which for the
# logit link is Firth's (1993) modified score. 'bse' is summary()'s, from the
# information I(beta)^-1 at the estimate.
suppressMessages(library(brglm2))
f <- function(v) paste(sprintf("%.17g", v), collapse = ", ")
first <- TRUE
show <- function(name, formula, data, epsilon = 1e-14, maxit = 500, slowit = 1) {
  m <- glm(formula, data = data, family = binomial("logit"), method = "brglmFit",
           type = "AS_mean", epsilon = epsilon, maxit = maxit, slowit = slowit)
  s <- summary(m)
  cat(sprintf('%s  "%s": {"params": [%s],\n    "bse": [%s], "converged": %s, "iter": %d,\n    "call": "epsilon = %g, maxit = %d, slowit = %g"}',
              if (first) "" else ",\n", name, f(coef(m)), f(s$coefficients[, 2]),
              tolower(m$converged), m$iter, epsilon, maxit, slowit))
  first <<- FALSE
}
cat(sprintf('{"_how": "tools/reference/firth_reference.R: %s, brglm2 %s, glm(method = \\"brglmFit\\", type = \\"AS_mean\\"), control as in each case\u2019s call",\n',
            R.version.string, packageVersion("brglm2")))
show("complete", y ~ x, data.frame(x = 1:6, y = c(0, 0, 0, 1, 1, 1)))
show("quasi", y ~ x, data.frame(x = c(0, 1, 1, 2), y = c(0, 0, 1, 1)))
dummy <- data.frame(x = c(-1.2, 0.3, -0.5, 1.1, 0.2, -0.9, 0.7, -0.1, 1.4, -1.5, 0.4, -0.3),
                    d = c(1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0),
                    y = c(1, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1, 0))
show("dummy", y ~ x + d, dummy)
sp <- read.csv("tests/data/glm/spector.csv")
show("spector", GRADE ~ GPA + TUCE + PSI, sp)
bc <- read.csv("minilogit/datasets/breast_cancer.csv")
names(bc)[ncol(bc)] <- "target"
# brglm2's quasi-Fisher scoring on the raw columns (scales 1e-3 to 1e3) converges only with
# slowit = 0.2 (steps of a fifth) and epsilon = 1e-10; at 1e-12 it runs 5000 iterations
# without its test passing, its iterates within 5e-12 of these
show("breast_cancer", target ~ ., bc, epsilon = 1e-10, maxit = 5000, slowit = 0.2)
star <- read.csv("tests/data/glm/star98.csv")
x <- star[, 3:22]
show("star98", cbind(star$PR50M, star$MATHTOT - star$PR50M) ~ ., x)
cat("\n}\n")
