# glmnet figures of tests/test_glm_penalties.py. Run from the repository root:
#   Rscript tools/reference/glmnet_reference.R
# R 4.2.2 with Debian's r-cran-glmnet 4.1-6. glmnet minimises
#   (1/n) [-loglik] + lambda [alpha ||b||_1 + (1 - alpha)/2 ||b||^2]   ((1/2n) RSS for gaussian)
# and minilogit's GLM  -loglik + l1 ||b||_1 + l2 ||b||^2  with l1 = lam a, l2 = lam (1 - a);
# so n lambda = l1 + 2 l2 and alpha = l1 / (l1 + 2 l2). Here lam = 1.5, a = 1 (lasso),
# 0.5 (elastic net) and 0 (ridge); standardize = FALSE, thresh = 1e-14, the path
# run down to lambda from 20 lambda. For the gaussian family glmnet divides y by
# its standard deviation (1/n) inside, which rescales the ridge part: y is given
# already divided by it (sd = 1, so that step changes nothing), and the test
# divides it the same way.
X <- matrix(c(0.2, 1.0, 1.4, -0.3, -0.7, 0.8, 2.1, 0.1, -1.3, -1.1, 0.6, 0.4,
              1.1, -0.9, -0.2, 1.7, 0.9, 0.5, -1.6, 0.2, 0.3, -0.6, 1.8, 1.2),
            ncol = 2, byrow = TRUE)
Y <- list(binomial = c(1, 1, 0, 1, 0, 1, 1, 0, 1, 0, 0, 1),
          poisson = c(1, 3, 0, 6, 0, 2, 2, 1, 3, 0, 1, 7),
          gaussian = c(0.9, 2.8, -0.3, 4.4, -1.9, 1.6, 1.9, 0.2, 2.2, -2.0, 0.4, 4.1))
g <- Y$gaussian
Y$gaussian <- g / sqrt(mean((g - mean(g))^2))
suppressMessages(library(glmnet))
n <- nrow(X); lam <- 1.5
cat("GLMNET = {\n")
for (fam in names(Y)) for (a in c(1, 0.5, 0)) {
  l1 <- lam * a; l2 <- lam * (1 - a)
  lambda <- (l1 + 2 * l2) / n; alpha <- l1 / (l1 + 2 * l2)
  path <- exp(seq(log(20 * lambda), log(lambda), length.out = 60))
  fit <- glmnet(X, Y[[fam]], family = fam, alpha = alpha, lambda = path,
                standardize = FALSE, thresh = 1e-14, maxit = 1e7)
  b <- as.numeric(coef(fit)[, 60])
  cat(sprintf("    (%s, %s): [%s],\n", dQuote(fam, FALSE), a,
              paste(sprintf("%.17g", b), collapse = ", ")))
}
cat("}\n")
