"""The statistician's next questions on every runtime: robust covariances, Wald
and likelihood-ratio tests, intervals for predicted means, profile intervals.

The identities checked here hold by algebra (HC1 is HC0 times N / (N - k); a
row repeated f times is a frequency weight f; one z^2 is a Wald test of one
coefficient; the leverages sum to k). The R figures of the dose example
(x = 0..5, y = 0 0 1 0 1 1, glm(y ~ x, binomial)) are copied from
tests/data/inference_r.json (R 4.2.2, sandwich 3.0.2, MASS 7.3.58.2; made by
tools/reference/inference_reference.R), where tests/test_golden_inference.py and
tests/test_golden_profile.py compare every figure at 1e-8.
"""

import math

from helpers import EPS, FIT, assert_close, fit, raises

from minilogit import GLM, DataError, InferenceError, LogisticRegression

X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]]
Y = [0, 0, 1, 0, 1, 1]
R_HC3 = [[6.570728849609834, -1.3104905570799108], [-1.3104905570799108, 0.5241962228319648]]
R_CL = [[4.253521769041126, -1.6344570212203644], [-1.6344570212203644, 0.6537828084881462]]
R_PROFILE = [[-11.141788477133044, 0.6371082690282278], [-0.06581866418498027, 4.159226969170375]]
TOL = max(1e-10, 64 * FIT)


def _flat(rows):
    return [v for row in rows for v in row]


def test_robust_covariances_of_the_dose_example_are_rs():
    m = LogisticRegression().fit(X, Y)
    assert_close(_flat(m.robust("HC3").cov_params_), _flat(R_HC3), rel=TOL, what="HC3")
    cl = m.robust("cluster", groups=["a", "a", "b", "b", "c", "c"])
    assert_close(_flat(cl.cov_params_), _flat(R_CL), rel=TOL, what="cluster")
    assert cl.cov_type_ == "cluster" and m.inference_.cov_type_ is None


def test_the_sandwich_identities():
    m = LogisticRegression().fit(X, Y)
    hc0, hc1 = m.robust("HC0").cov_params_, m.robust("HC1").cov_params_
    assert_close(_flat(hc1), [v * 6.0 / 4.0 for v in _flat(hc0)], rel=TOL, what="HC1")
    # every row its own group: the meat of HC0, times G / (G - 1)
    alone = m.robust("cluster", groups=list(range(6))).cov_params_
    assert_close(_flat(alone), [v * 6.0 / 5.0 for v in _flat(hc0)], rel=TOL, what="G = N")
    from minilogit.core.matrix import Matrix
    from minilogit.sandwich import leverages
    h = leverages(m, Matrix(m.cov_params_), [1.0] * 6)
    assert_close(sum(h), 2.0, rel=TOL, what="sum of the leverages")
    assert all(0.0 < h_i < 1.0 for h_i in h), h


def test_a_frequency_weight_is_a_repeated_row_in_every_sandwich():
    w = [1.0, 2.0, 1.0, 3.0, 1.0, 2.0]
    Xr = [x for x, k in zip(X, w) for _ in range(int(k))]
    Yr = [y for y, k in zip(Y, w) for _ in range(int(k))]
    groups = [0, 0, 1, 1, 2, 2]
    Gr = [g for g, k in zip(groups, w) for _ in range(int(k))]
    for model in (LogisticRegression(), GLM(family="poisson")):
        weighted = type(model)().fit(X, Y, sample_weight=w)
        repeated = type(model)().fit(Xr, Yr)
        for cov_type in ("HC0", "HC1", "HC2", "HC3"):
            assert_close(_flat(weighted.robust(cov_type).cov_params_),
                         _flat(repeated.robust(cov_type).cov_params_), rel=TOL, what=cov_type)
        assert_close(_flat(weighted.robust("cluster", groups).cov_params_),
                     _flat(repeated.robust("cluster", Gr).cov_params_), rel=TOL, what="cluster")


def test_the_robust_summary_names_its_covariance_and_uses_it():
    m = LogisticRegression().fit(X, Y)
    hc3 = m.robust("HC3")
    text = hc3.summary()
    assert "HC3 (sandwich)" in text and "Information:" not in text, text
    assert ("%.4f" % hc3.bse_[1]) in text and ("%.4f" % m.bse_[1]) not in text
    assert_close(hc3.bse_, [math.sqrt(R_HC3[j][j]) for j in range(2)], rel=TOL, what="bse")
    assert "Information:" in m.summary()


def test_one_wald_restriction_is_z_squared_and_names_are_rows():
    m = LogisticRegression().fit(X, Y)
    chi2, df, p = m.wald_test([[0.0, 1.0]])
    assert df == 1
    assert_close(chi2, m.zvalues_[1] ** 2, rel=TOL, what="chi2")
    assert_close(p, m.pvalues_[1], rel=max(TOL, 1e4 * EPS), what="p")
    assert_close(m.wald_test("x0 = 0.5").statistic, m.wald_test([[0.0, 1.0]], [0.5]).statistic,
                 rel=TOL, what="by name")
    assert_close(m.wald_test("2 x0 - intercept = 1").statistic,
                 m.wald_test([[-1.0, 2.0]], [1.0]).statistic, rel=TOL, what="a sum")
    hc3 = m.robust("HC3").wald_test("x0 = 0")
    assert_close(hc3.statistic, m.params_[1] ** 2 / R_HC3[1][1], rel=TOL, what="HC3 Wald")
    assert "(HC3)" in str(hc3), str(hc3)


def test_wald_tests_refuse_what_is_not_a_restriction():
    m = LogisticRegression().fit(X, Y)
    e = raises(DataError, m.wald_test, "x0 = dose")
    assert "'dose' is not a parameter" in str(e) and "intercept, x0" in str(e), str(e)
    e = raises(DataError, m.wald_test, "x0")
    assert "has no '='" in str(e), str(e)
    e = raises(DataError, m.wald_test, [[1.0, 0.0, 0.0]])
    assert "rows of 2 numbers" in str(e), str(e)
    e = raises(DataError, m.wald_test, "x0 = 0; x0 = 1".split("; "))
    assert "linearly dependent" in str(e), str(e)


def test_the_likelihood_ratio_of_nested_fits():
    X2 = [[x[0], (x[0] - 2.5) ** 2] for x in X]
    big, small = LogisticRegression().fit(X2, Y), LogisticRegression().fit(X, Y)
    chi2, df, p = big.lr_test(small)
    assert df == 1
    assert_close(chi2, 2.0 * (big.llf_ - small.llf_), rel=TOL, what="chi2")
    assert chi2 >= 0.0 and 0.0 <= p <= 1.0
    assert list(small.lr_test(big)) == [chi2, df, p]
    e = raises(DataError, big.lr_test, LogisticRegression().fit([[x[0] + 1.0] for x in X], Y))
    assert "not a column of the larger's" in str(e), str(e)


def test_intervals_for_predicted_probabilities_stay_in_0_1_and_hold_the_estimate():
    m = LogisticRegression().fit(X, Y)
    rows = [[-20.0], [0.0], [2.5], [5.0], [30.0]]
    ends, p = m.predict_conf_int(rows), [q[1] for q in m.predict_proba(rows)]
    for (lo, hi), p_i in zip(ends, p):
        assert 0.0 <= lo <= p_i <= hi <= 1.0, (lo, p_i, hi)
    narrow = m.predict_conf_int(rows, alpha=0.5)
    assert all(a[0] <= b[0] and b[1] <= a[1] for a, b in zip(ends, narrow))
    # by hand: sigma(a -/+ 1.96 se(a)), se(a)^2 = x'Vx
    V, a = m.cov_params_, m.decision_function([[2.5]])[0]
    se = math.sqrt(V[0][0] + 2 * 2.5 * V[0][1] + 2.5 * 2.5 * V[1][1])
    z = 1.959963984540054
    want = [1.0 / (1.0 + math.exp(-(a - z * se))), 1.0 / (1.0 + math.exp(-(a + z * se)))]
    assert_close(ends[2], want, rel=max(TOL, 1e3 * EPS), what="by hand")
    g = GLM(family="poisson").fit(X, [1, 0, 3, 2, 5, 6])
    for (lo, hi), mu in zip(g.predict_conf_int(rows[1:4]), g.predict(rows[1:4])):
        assert 0.0 < lo < mu < hi, (lo, mu, hi)


def test_profile_intervals_of_the_dose_example_are_rs_roots():
    m = LogisticRegression().fit(X, Y)
    got = m.conf_int(method="profile")
    assert_close(_flat(got), _flat(R_PROFILE), rel=max(1e-8, 1e4 * EPS), what="profile")
    wald = m.conf_int()
    assert got[1][0] > wald[1][0] and got[1][1] > wald[1][1]
    e = raises(InferenceError, m.robust("HC0").conf_int, 0.05, "profile")
    assert "likelihood's" in str(e), str(e)
    e = raises(DataError, m.conf_int, 0.05, "exact")
    assert "'wald' or 'profile'" in str(e), str(e)


def test_what_is_not_valid_is_refused_with_the_reason():
    for what in (lambda m: m.robust("HC0"), lambda m: m.wald_test("x0 = 0"),
                 lambda m: m.conf_int(method="profile"),
                 lambda m: m.predict_conf_int([[1.0]])):
        e = raises(InferenceError, what, LogisticRegression(penalty="l2").fit(X, Y))
        assert "penalised" in str(e), str(e)
    e = raises(InferenceError, GLM(family="gaussian").fit(X, [1.0, 0.5, 2.0, 2.5, 4.0, 4.5])
               .conf_int, 0.05, "profile")
    assert "scale is estimated" in str(e), str(e)
    from minilogit import SoftmaxRegression
    s = SoftmaxRegression(reference_class=0).fit(X + X, [0, 0, 1, 2, 1, 2, 0, 1, 1, 0, 2, 2])
    e = raises(InferenceError, s.robust, "HC3")
    assert "block of leverages" in str(e), str(e)
    assert len(s.robust("HC0").bse_) == len(s.params_)


def test_a_start_at_the_optimum_converges_in_one_step_and_a_refit_starts_from_the_last():
    for model in (LogisticRegression(), LogisticRegression(solver="irls"), GLM(link="probit"),
                  GLM(family="poisson", solver="newton")):
        y = [1, 0, 3, 2, 5, 6] if getattr(model, "family", "") == "poisson" else Y
        first = model.fit(X, y)
        beta, n = list(first.params_), first.n_iter_
        again = model.set_params(start=beta).fit(X, y)
        assert again.converged_ and again.n_iter_ == 1 < n, (model, again.n_iter_, n)
        assert_close(again.params_, beta, rel=max(1e-10, FIT), what="params")
    e = raises(DataError, LogisticRegression(start=[0.0]).fit, X, Y)
    assert "start has 1 coefficient, the model has 2" in str(e), str(e)
    e = raises(DataError, GLM(start="zeros").fit, X, Y)
    assert "start must be None or a list of coefficients" in str(e), str(e)
    e = raises(DataError, LogisticRegression(start=[0.0, "a"]).fit, X, Y)
    assert "start[1] is 'a'" in str(e), str(e)


def test_a_design_with_its_own_intercept_column_says_what_to_pass():
    ones = [[1.0] + x for x in X]
    e = raises(DataError, LogisticRegression().fit, ones, Y)
    assert "fit_intercept=False" in str(e) and "column 0 of X" in str(e), str(e)
    own = LogisticRegression(fit_intercept=False).fit(ones, Y)
    assert_close(own.coef_, LogisticRegression().fit(X, Y).params_, rel=max(1e-10, FIT),
                 what="the same fit")


def test_a_weighted_softmax_fit_is_the_fit_of_repeated_rows():
    from minilogit import SoftmaxRegression
    Xs = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0], [8.0]]
    ys, w = [0, 0, 1, 0, 1, 2, 1, 2, 2], [1, 2, 1, 3, 1, 1, 2, 1, 2]
    Xr = [x for x, k in zip(Xs, w) for _ in range(k)]
    yr = [v for v, k in zip(ys, w) for _ in range(k)]
    for kw in ({}, {"penalty": "l2"}, {"reference_class": 1}):
        a = SoftmaxRegression(**kw).fit(Xs, ys, sample_weight=w)
        b = SoftmaxRegression(**kw).fit(Xr, yr)
        assert_close(_flat(a.coef_) + a.intercept_, _flat(b.coef_) + b.intercept_,
                     rel=max(1e-10, FIT), abs_tol=max(1e-10, FIT), what=str(kw))
    a, b = SoftmaxRegression().fit(Xs, ys, sample_weight=w), SoftmaxRegression().fit(Xr, yr)
    assert a.nobs_ == b.nobs_ == 14.0
    assert_close([a.llf_, a.llnull_] + a.bse_, [b.llf_, b.llnull_] + b.bse_,
                 rel=max(1e-10, FIT), what="inference")
    by_class = SoftmaxRegression(class_weight={2: 3.0}).fit(Xs, ys)
    by_row = SoftmaxRegression().fit(Xs, ys, sample_weight=[3.0 if v == 2 else 1.0 for v in ys])
    assert by_class.coef_ == by_row.coef_


def test_a_binomial_glm_takes_class_weight_as_logistic_regression_does():
    a = GLM(class_weight={1: 3.0}).fit(X, Y)
    b = LogisticRegression(class_weight={1: 3.0}).fit(X, Y)
    assert_close(a.params_, b.params_, rel=max(1e-10, FIT), what="params")
    e = raises(DataError, GLM(family="poisson", class_weight="balanced").fit, X, [1, 2, 3, 4, 5, 6])
    assert "binomial GLM's 0/1 labels" in str(e), str(e)


def test_a_gaussian_glms_hc0_is_whites_and_a_separated_fit_has_none():
    from minilogit.core.matrix import Matrix
    y = [1.0, 0.5, 2.0, 2.5, 4.0, 4.5]
    m = GLM(family="gaussian").fit(X, y)
    A = Matrix([[1.0, x[0]] for x in X])
    e = [y_i - mu for y_i, mu in zip(y, m.predict(X))]
    bread = (A.T @ A).inverse()                             # (X'X)^-1
    meat = Matrix([[sum(e_i * e_i * r[j] * r[l] for e_i, r in zip(e, A.rows))
                    for l in range(2)] for j in range(2)])   # X' diag(e^2) X
    white = (bread @ meat @ bread).rows
    assert_close(_flat(m.robust("HC0").cov_params_), _flat(white), rel=TOL, what="White")
    s, _ = fit(LogisticRegression(), X, [0, 0, 0, 1, 1, 1])       # SeparationWarning
    for what in (lambda: s.robust("HC0"), lambda: s.wald_test("x0 = 0"),
                 lambda: s.conf_int(method="profile"), lambda: s.predict_conf_int([[1.0]])):
        e = raises(InferenceError, what)
        assert "separated" in str(e), str(e)


def test_a_robust_inference_asked_for_another_starts_from_the_models_own():
    m = LogisticRegression().fit(X, Y)
    twice = m.robust("HC1").robust("HC3")
    assert twice.cov_params_ == m.robust("HC3").cov_params_ and twice.cov_type_ == "HC3"
    e = raises(DataError, m.lr_test, [[1.0]])
    assert "two fits of one model" in str(e), str(e)


def test_what_a_review_found_stays_fixed():
    from minilogit import SoftmaxRegression
    # a row of weight 0 is not data: the rest are separated, and the fit says so
    from helpers import warnings_from
    s, ws = warnings_from(SoftmaxRegression().fit, [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0],
                                                    [10.0]], [0, 0, 0, 1, 1, 1, 0],
                          sample_weight=[1, 1, 1, 1, 1, 1, 0])
    assert s.separation_ is not None and not s.converged_, s.separation_
    # probit's profile takes Newton's steps (the observed information): it ends
    Xp = [[-1.79, -0.1], [-0.05, 0.58], [0.03, -0.67], [1.02, 0.62], [-0.98, -0.66],
          [0.47, -1.13], [1.0, -0.46], [0.99, 1.05], [1.33, 0.31], [-1.01, 0.85]]
    yp = [0, 1, 0, 0, 0, 1, 1, 1, 1, 0]
    for link in ("probit", "cloglog"):
        m = GLM(link=link).fit(Xp, yp)
        ends = m.conf_int(method="profile")
        assert all(lo < b < hi for (lo, hi), b in zip(ends, m.params_)), (link, ends)
    # an inference of an earlier fit does not read the new fit's rows
    m = LogisticRegression().fit(X, Y)
    old = m.inference_
    m.fit(X, [0, 1, 0, 0, 1, 1])
    e = raises(InferenceError, old.robust, "HC0")
    assert "earlier fit" in str(e), str(e)
    # rows given once, as an iterator
    assert len(m.predict_conf_int(iter([[1.0], [2.0]]))) == 2
    # a restriction with a missing sign is refused, not read as a sum
    e = raises(DataError, m.wald_test, "x0 intercept = 0")
    assert "a + or - is missing" in str(e), str(e)
    # start= coefficients survive to_json and from_json
    back = LogisticRegression.from_json(LogisticRegression(start=[0.1, 0.2]).fit(X, Y).to_json())
    assert back.start == [0.1, 0.2]
    # class_weight on a binomial GLM of one class says so; a class weight of 0 is allowed
    e = raises(DataError, GLM(class_weight="balanced").fit, X, [0] * 6)
    assert "only the class 0" in str(e), str(e)
    e = raises(DataError, SoftmaxRegression(class_weight={2: 0}).fit, X, [0, 1, 2, 0, 1, 2])
    assert "class 2 has weight 0" in str(e), str(e)
