"""Golden test: Star98 as binomial (successes, trials) pairs, eqs. (37)-(40).

Reference: R 4.2.2's glm via tools/reference/glm_reference.R (figures and 'iter'
as tests/golden.py says), and statsmodels 0.15.0's iteration count:

  glm(cbind(PR50M, MATHTOT - PR50M) ~ LOWINC + ... + PERSPEN_PTRATIO_PCTAF,
      family = binomial)          # the 20 columns after MATHTOT, PR50M, in file order
  statsmodels: sm.GLM(np.column_stack([PR50M, MATHTOT - PR50M]), add_constant(X),
               family=Binomial()).fit(): 5 iterations.

Tolerance: 1e-6 relative on every figure (measured: about 1e-8 or better).
"""

from golden import ALL, check_glm, max_rel, star98

from minilogit.glm.model import GLM

REL = 1e-6
STATSMODELS_ITER = 5

STAR98_R = {
    'params': [2.9588779261836162, -0.016815036617131008, 0.0099254766112040742, -0.018724214780480308, -0.014238560943705332, 0.25448717299647816, 0.24069366441828524, 0.08040867393810408, -1.9521605027236533, -0.33408647482695697, -0.1690221684739302, 0.0049167021229735283, -0.0035799643529617615, -0.014076564775629895, -0.0040049917551902821, -0.0039063957859164873, 0.091714300625307985, 0.048989838149186227, 0.008040738901708526, 0.00022200950302440995, -0.0022492486130480395],
    'bse': [1.5467119568760719, 0.00043394669481185816, 0.00060137141331073607, 0.00074354991328674542, 0.00043386551983603329, 0.029945758189740136, 0.057138243294634267, 0.01392358567054517, 0.31681088910081268, 0.061264108944623884, 0.03270138528771218, 0.0012538770210161602, 0.00022546326553511071, 0.0019045727169203178, 0.00047398377739229759, 0.00096236497459766099, 0.01450923356994748, 0.0074516660745229434, 0.0014994970200656742, 2.9887937634463683e-05, 0.00034898381738903463],
    'llf': -2998.6125589939033, 'deviance': 4078.7654177184422, 'null_deviance': 34345.368893070678,
    'aic': 6039.2251179878067, 'df_resid': 282, 'dispersion': 1, 'iter': 4}


def test_star98_pairs_match_r():
    """coefficients, standard errors, llf, deviances, AIC and df_resid equal R's."""
    X, y = star98()
    m = GLM().fit(X, y)
    R = STAR98_R
    check_glm(m, R, ALL, REL, min(R["iter"], STATSMODELS_ITER))
    assert m.df_resid_ == R["df_resid"] and m.nobs_ == 303 and m.df_model_ == 20


def test_pairs_are_rows_of_trials_for_the_coefficients_not_for_the_likelihood():
    """Two weighted 0/1 rows per observation give the same coefficients, but the
    log-likelihood of 0/1 data lacks log C(n, s), and nobs counts trials."""
    X, y = star98()
    n = len(y)
    pairs = GLM().fit(X, y)
    rows = GLM().fit(X + X, [1] * n + [0] * n,
                     sample_weight=[s for s, t in y] + [t - s for s, t in y])
    assert max_rel(rows.params_, pairs.params_) < REL
    assert max_rel(rows.bse_, pairs.bse_) < REL
    assert pairs.nobs_ == n and rows.nobs_ == sum(t for s, t in y)
    assert abs(pairs.llf_ - rows.llf_) > 100.0
