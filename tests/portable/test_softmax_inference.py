"""SoftmaxRegression: the baseline-category model's inference, L1, and the
exact separation test on request.

Golden numbers: statsmodels 0.15.0, in a scratch virtual environment,
  sm.MNLogit(y, sm.add_constant(np.arange(9.0))).fit(method="newton", tol=1e-12)
with y = [0, 0, 1, 0, 2, 1, 1, 2, 2] (classes a, b, c below), params and bse
per equation (class 1, then class 2), intercept first; llf, llnull, aic, bic,
prsquared. Tolerance 1e-6 relative (single precision: a FIT-based bound).
"""

from helpers import FIT, assert_close, raises, warnings_from

from minilogit import InferenceError, SeparationWarning, SoftmaxRegression

REL = max(1e-6, 8 * FIT)
X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0], [8.0]]
Y = list("aabacbbcc")
MNLOGIT = {"params": [-3.0365725437369084, 1.1492760338741093, -6.569789817492935,
                      1.8039834485233799],
           "bse": [2.4958260634160108, 0.8867647197378697, 4.050383784119286,
                   1.0673413036711816],
           "llf": -5.785023350616618, "llnull": -9.887510598012987,
           "aic": 19.570046701233238, "bic": 20.358945010578115,
           "prsquared": 0.41491609103517046}


def test_reference_class_alone_gives_mnlogit_and_its_inference():
    m = SoftmaxRegression(reference_class="a").fit(X, Y)
    assert m.penalty is None and m.reference_ == "a" and m.coef_[0] == [0.0]
    for name in ("params", "bse", "llf", "llnull", "aic", "bic", "prsquared"):
        assert_close(getattr(m, name + "_"), MNLOGIT[name], REL, what=name)
    assert m.param_names_ == ["intercept['b']", "x0['b']", "intercept['c']", "x0['c']"]
    assert m.df_model_ == 2 and m.df_resid_ == 5
    assert "baseline class 'a'" in m.summary()


def test_summary_names_each_class_s_parameters_and_the_relative_risk_ratio():
    m = SoftmaxRegression(reference_class="a").fit(X, Y)
    lines = m.summary(feature_names=["dose"]).splitlines()
    rows = [line.split()[0] for line in lines if line.split()[:1] and "[" in line.split()[0]]
    assert rows == ["intercept['b']", "dose['b']", "intercept['c']", "dose['c']"], rows
    assert [line for line in lines if "std err" in line][0].split()[-1] == "RRR"


def test_the_default_is_the_baseline_category_model_with_the_first_class():
    m = SoftmaxRegression().fit(X, Y)                       # unpenalised, 'a' the reference
    assert m.reference_ == "a" and m.coef_[0] == [0.0] and m.intercept_[0] == 0.0
    for name in ("params", "bse", "llf"):
        assert_close(getattr(m, name + "_"), MNLOGIT[name], REL, what=name)


def test_inference_is_refused_for_the_penalised_and_the_free_model():
    m = SoftmaxRegression(penalty="l2", lam=0.5).fit(X, Y)  # the ridge: K free vectors
    assert m.reference_ is None
    e = raises(InferenceError, lambda: m.bse_)
    assert "penalised" in str(e), str(e)
    m = SoftmaxRegression(solver="gd", penalty="l2", lam=0.0, max_iter=20)
    m = warnings_from(m.fit, X, Y)[0]                       # unpenalised, K free vectors
    e = raises(InferenceError, lambda: m.bse_)
    assert "not identifiable" in str(e), str(e)
    m = SoftmaxRegression(reference_class="a", penalty="l2").fit(X, Y)
    raises(InferenceError, lambda: m.aic_ + m.bse_[0])


def test_l1_needs_the_proximal_solver_and_zeroes_coefficients():
    raises(Exception, lambda: SoftmaxRegression(penalty="l1").fit(X, Y))
    m = SoftmaxRegression(solver="proximal", penalty="l1", lam=50.0).fit(X, Y)
    assert m.coef_ == [[0.0], [0.0], [0.0]]


def test_check_separation_on_request():
    m, ws = warnings_from(SoftmaxRegression(reference_class=0, check_separation=True).fit,
                          [[0.0], [1.0], [2.0], [3.0]], [0, 0, 1, 2])
    assert m.separation_check_.kind == "complete"
    assert any(isinstance(w, SeparationWarning) for w in ws)
