"""minilogit.metrics: each score checked against a second way of computing it.

Equation numbers are those of walkthrough.md: (32) precision, recall, F1;
(33) AUC = U / (n_+ n_-); (34) log-loss; (35) R^2 and RSE. Each test states
its invariant in its docstring; tolerances are justified where they appear.
EPS is the spacing of floats at 1.0 (2.2e-16).

The golden values at the end were computed with scikit-learn (see there);
scikit-learn is not a dependency of the package or of its tests.
"""

import math
import sys
from fractions import Fraction

import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

from minilogit import DataError, Matrix, sigmoid
from minilogit.metrics import (EPS, accuracy_score, confusion_matrix, f1_score, log_loss,
                               majority_baseline, precision_score, r2_score, recall_score,
                               residual_standard_error, roc_auc_score, roc_curve,
                               threshold_sweep)
from minilogit.core.logistic import nll

# -- strategies ------------------------------------------------------------------

# Scores drawn from a few values tie often; arbitrary floats in [0, 1] rarely do.
scores = st.one_of(st.sampled_from([0.0, 0.25, 0.5, 0.75, 1.0]),
                   st.floats(0.0, 1.0, allow_nan=False))


@st.composite
def binary_scored(draw, max_n=30):
    """(y, s): labels 0/1 with at least one of each class, and a score per example."""
    n_pos = draw(st.integers(1, max_n // 2))
    n_neg = draw(st.integers(1, max_n // 2))
    y = draw(st.permutations([1] * n_pos + [0] * n_neg))
    s = draw(st.lists(scores, min_size=len(y), max_size=len(y)))
    return list(y), s


@st.composite
def label_pairs(draw, labels=(0, 1), max_n=25):
    """(y_true, y_pred): two equally long, non-empty lists of labels."""
    n = draw(st.integers(1, max_n))
    label = st.sampled_from(list(labels))
    return (draw(st.lists(label, min_size=n, max_size=n)),
            draw(st.lists(label, min_size=n, max_size=n)))


def mann_whitney_auc(y, s):
    """U / (n_+ n_-) by brute force over all (positive, negative) pairs, as a Fraction."""
    pos = [si for yi, si in zip(y, s) if yi == 1]
    neg = [si for yi, si in zip(y, s) if yi != 1]
    U = sum(Fraction(1) if p > q else Fraction(1, 2) if p == q else Fraction(0)
            for p in pos for q in neg)
    return U / (len(pos) * len(neg))


def trapezoid(x, y):
    return sum((x[k] - x[k - 1]) * (y[k] + y[k - 1]) / 2 for k in range(1, len(x)))


def ratio(num, den, zero_division):
    return num / den if den else zero_division


# -- AUC and ROC curve -------------------------------------------------------------

@given(binary_scored())
@example(([0, 1], [0.5, 0.5]))            # a single tied pair: AUC exactly 1/2
@example(([1, 0, 1, 0], [0.9, 0.1, 0.1, 0.9]))
def test_auc_is_mann_whitney_u_over_pairs(data):
    """Eq. (49): the AUC equals U / (n_+ n_-), U counted over all pairs, ties 1/2.

    Exact equality: both sides are the correctly rounded quotient of the
    same two integers (2U and 2 n_+ n_-).
    """
    y, s = data
    assert roc_auc_score(y, s) == float(mann_whitney_auc(y, s))


@given(binary_scored())
def test_auc_of_reversed_scores_is_one_minus_auc(data):
    """Negating the scores swaps which side of each pair wins: AUC -> 1 - AUC.

    Both are quotients of integers (2U, 2 n+ n- - 2U) by 2 n+ n-, so the
    sum is 1 up to one rounding each: 2 EPS.
    """
    y, s = data
    assert abs(roc_auc_score(y, s) + roc_auc_score(y, [-v for v in s]) - 1.0) <= 2 * EPS


@given(binary_scored())
def test_roc_curve_runs_from_origin_to_one_one_monotonically(data):
    """roc_curve starts at (0, 0) with threshold inf, ends at (1, 1), never turns back,
    and its thresholds are the distinct scores in decreasing order."""
    y, s = data
    fpr, tpr, thresholds = roc_curve(y, s)
    assert (fpr[0], tpr[0], thresholds[0]) == (0.0, 0.0, math.inf)
    assert (fpr[-1], tpr[-1]) == (1.0, 1.0)
    assert len(fpr) == len(tpr) == len(thresholds) == len(set(s)) + 1
    assert all(a <= b for a, b in zip(fpr, fpr[1:]))
    assert all(a <= b for a, b in zip(tpr, tpr[1:]))
    assert thresholds[1:] == sorted(set(s), reverse=True)


@given(binary_scored())
def test_roc_points_are_the_rates_of_the_threshold_rule(data):
    """Each point (fpr, tpr) is FP / n_neg, TP / n_pos of "positive when s >= t"."""
    y, s = data
    n_pos = sum(y)
    n_neg = len(y) - n_pos
    for f, t, th in zip(*roc_curve(y, s)):
        tp = sum(1 for yi, si in zip(y, s) if si >= th and yi == 1)
        fp = sum(1 for yi, si in zip(y, s) if si >= th and yi == 0)
        assert (f, t) == (fp / n_neg, tp / n_pos)


@given(binary_scored())
def test_auc_is_the_trapezoid_area_under_roc_curve(data):
    """The area under roc_curve by the trapezoid rule is the AUC.

    A tied group is one diagonal segment, whose trapezoid counts each tied
    pair 1/2: the same as U. The area sums at most 31 terms, each with a
    few roundings of numbers <= 1, so 1e-13 (~450 EPS) is generous.
    """
    y, s = data
    fpr, tpr, _ = roc_curve(y, s)
    assert abs(trapezoid(fpr, tpr) - roc_auc_score(y, s)) <= 1e-13


def test_auc_extremes_and_labels():
    """A perfect ranking gives 1, a reversed one 0, constant scores 1/2; any two labels work."""
    assert roc_auc_score([0, 0, 1, 1], [0.1, 0.2, 0.3, 0.4]) == 1.0
    assert roc_auc_score([0, 0, 1, 1], [0.4, 0.3, 0.2, 0.1]) == 0.0
    assert roc_auc_score([0, 1, 0, 1], [0.5] * 4) == 0.5
    # the larger label is positive, as in scikit-learn
    assert roc_auc_score(["b", "b", "a"], [0.9, 0.8, 0.1]) == 1.0
    assert roc_auc_score([-1, 1, -1, 1], [0.1, 0.3, 0.2, 0.4]) == 1.0


def test_roc_curve_label_conventions():
    """pos_label=None accepts {0, 1} and {-1, 1}; other labels need pos_label."""
    assert roc_curve([-1, 1], [0.2, 0.7]) == roc_curve([0, 1], [0.2, 0.7])
    assert roc_curve([False, True], [0.2, 0.7]) == roc_curve([0, 1], [0.2, 0.7])
    assert roc_curve(["x", "y"], [0.2, 0.7], pos_label="y") == roc_curve([0, 1], [0.2, 0.7])
    with pytest.raises(DataError, match="pos_label=None"):
        roc_curve(["x", "y"], [0.2, 0.7])
    with pytest.raises(DataError, match="pos_label=None"):
        roc_curve([1, 2], [0.2, 0.7])


# -- precision, recall, F1 and the confusion matrix ------------------------------------

@given(label_pairs(), st.sampled_from([0.0, 1.0]))
@example(([0, 0], [0, 0]), 1.0)      # no positive anywhere: everything is 0/0
def test_binary_scores_follow_the_confusion_matrix(pair, zero_division):
    """Eq. (48) from C = [[TN, FP], [FN, TP]]: P = TP/(TP+FP), R = TP/(TP+FN),
    F1 = 2TP/(2TP+FP+FN) (= 2PR/(P+R)); 0/0 gives zero_division."""
    y, yhat = pair
    [[tn, fp], [fn, tp]] = confusion_matrix(y, yhat, labels=[0, 1])
    assert tn + fp + fn + tp == len(y)
    kw = dict(pos_label=1, zero_division=zero_division)
    if 1 not in y + yhat:
        with pytest.raises(DataError, match="pos_label=1 occurs in neither"):
            precision_score(y, yhat, **kw)
        return
    P, R = precision_score(y, yhat, **kw), recall_score(y, yhat, **kw)
    assert P == ratio(tp, tp + fp, zero_division)
    assert R == ratio(tp, tp + fn, zero_division)
    assert f1_score(y, yhat, **kw) == ratio(2 * tp, 2 * tp + fp + fn, zero_division)
    if tp + fp and tp + fn and P + R:   # all defined: the harmonic-mean form agrees
        assert abs(f1_score(y, yhat, **kw) - 2 * P * R / (P + R)) <= 4 * EPS
    assert accuracy_score(y, yhat) == (tp + tn) / len(y)


@given(label_pairs(labels=("a", "b", "c")))
def test_averages_follow_the_confusion_matrix(pair):
    """macro = mean over labels, weighted = mean weighted by row sums (support),
    micro = accuracy (every label pooled), all read off the K x K matrix.

    The averages are computed in the same order of operations, but a
    per-label score is a division the sum then rounds: 8 EPS is ample.
    """
    y, yhat = pair
    labels = sorted(set(y + yhat))
    C = confusion_matrix(y, yhat)
    K = len(labels)
    tp = [C[k][k] for k in range(K)]
    predicted = [sum(C[i][k] for i in range(K)) for k in range(K)]   # column sums
    support = [sum(C[k]) for k in range(K)]                          # row sums
    P = [ratio(tp[k], predicted[k], 0.0) for k in range(K)]
    R = [ratio(tp[k], support[k], 0.0) for k in range(K)]
    F = [ratio(2 * tp[k], predicted[k] + support[k], 0.0) for k in range(K)]
    for score, per_label in ((precision_score, P), (recall_score, R), (f1_score, F)):
        macro = score(y, yhat, average="macro")
        weighted = score(y, yhat, average="weighted")
        assert abs(macro - sum(per_label) / K) <= 8 * EPS
        assert abs(weighted - sum(w * v for w, v in zip(support, per_label)) / len(y)) <= 8 * EPS
        assert score(y, yhat, average="micro") == accuracy_score(y, yhat)


def test_confusion_matrix_layout():
    """Rows are true labels, columns predicted; labels sorted, or as given."""
    y, yhat = ["cat", "dog", "dog", "bird"], ["cat", "cat", "dog", "cat"]
    assert confusion_matrix(y, yhat) == [[0, 1, 0], [0, 1, 0], [0, 1, 1]]
    assert confusion_matrix(y, yhat, labels=["dog", "cat"]) == [[1, 1], [0, 1]]
    assert confusion_matrix([0, 1], [1, 1], labels=[0, 1, 2]) == [[0, 1, 0], [0, 1, 0],
                                                                  [0, 0, 0]]


def test_zero_division_is_never_nan():
    """0/0 ratios give zero_division (0.0 or 1.0)."""
    y, nothing = [1, 0, 0], [0, 0, 0]
    assert precision_score(y, nothing) == 0.0
    assert precision_score(y, nothing, zero_division=1.0) == 1.0
    assert recall_score([0, 0], [1, 0]) == 0.0          # no true positive to find
    assert f1_score([0, 0], [1, 0]) == 0.0               # 2TP + FP + FN = 1: defined
    assert precision_score([0, 0], [0, 0], pos_label=0, average="macro") == 1.0


# -- the "dumb" classifier and the threshold sweep ---------------------------------------

def test_majority_baseline_on_imbalanced_data():
    """Always predicting the majority scores its share in accuracy and finds no minority."""
    y = [0] * 95 + [1] * 5
    baseline = majority_baseline(y)
    assert baseline == [0] * 100
    assert accuracy_score(y, baseline) == 0.95
    assert recall_score(y, baseline) == 0.0
    assert precision_score(y, baseline) == 0.0       # 0/0: zero_division
    assert f1_score(y, baseline) == 0.0
    assert recall_score(y, baseline, pos_label=0) == 1.0


def test_majority_baseline_ties_and_labels():
    """Ties go to the smallest label; any sortable labels work."""
    assert majority_baseline([2, 1, 2, 1]) == [1, 1, 1, 1]
    assert majority_baseline(["yes", "no", "yes"]) == ["yes"] * 3
    assert majority_baseline([7]) == [7]


@given(binary_scored(), st.lists(st.floats(-0.5, 1.5, allow_nan=False), max_size=6))
def test_threshold_sweep_agrees_with_the_scores(data, thresholds):
    """Each row is what precision_score etc. say of the predictions [s >= t]."""
    y, s = data
    thresholds = thresholds or None
    rows = threshold_sweep(y, s, thresholds)
    expected_t = thresholds if thresholds else [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]
    assert [row["threshold"] for row in rows] == expected_t
    for row in rows:
        yhat = [1 if si >= row["threshold"] else 0 for si in s]
        [[tn, fp], [fn, tp]] = confusion_matrix(y, yhat, labels=[0, 1])
        assert (row["tp"], row["fp"], row["fn"], row["tn"]) == (tp, fp, fn, tn)
        assert row["accuracy"] == accuracy_score(y, yhat)
        assert row["precision"] == precision_score(y, yhat)
        assert row["recall"] == recall_score(y, yhat)
        assert row["f1"] == f1_score(y, yhat)


def test_threshold_sweep_matches_predict_rule_with_other_labels():
    """With labels "no"/"yes", pos_label="yes": a score equal to t counts as positive."""
    rows = threshold_sweep(["no", "yes", "yes"], [0.5, 0.5, 0.9], thresholds=[0.5, 0.6],
                           pos_label="yes")
    assert [(r["tp"], r["fp"], r["fn"], r["tn"]) for r in rows] == [(2, 1, 0, 0), (1, 0, 1, 1)]


# -- log-loss -----------------------------------------------------------------------------

def test_log_loss_lecture_examples():
    """The lecture's cross-entropy: -log 0.7 = 0.36 and -log 0.5 = 0.69 for class 'tiger'."""
    tiger = ["tiger", "lion", "cat"]
    assert log_loss(["tiger"], [[0.7, 0.2, 0.1]], labels=tiger) == -math.log(0.7)
    assert round(log_loss(["tiger"], [[0.5, 0.3, 0.2]], labels=tiger), 2) == 0.69
    # the columns follow labels as given; sorted, "tiger" is the last column
    assert log_loss(["tiger"], [[0.1, 0.2, 0.7]], labels=sorted(tiger)) == -math.log(0.7)
    # without labels they are y_true's sorted labels
    two = log_loss(["tiger", "cat"], [[0.3, 0.7], [0.5, 0.5]])
    assert two == -(math.log(0.7) + math.log(0.5)) / 2


@st.composite
def logistic_data(draw, max_n=20):
    """(x, y): one feature in [-2, 2] and labels 0/1 with both classes present."""
    y = draw(binary_scored(max_n))[0]
    x = draw(st.lists(st.floats(-2, 2), min_size=len(y), max_size=len(y)))
    return x, y


@given(logistic_data(), st.floats(-2, 2), st.floats(-2, 2))
def test_log_loss_is_the_logistic_nll(data, b0, b1):
    """Eq. (50) with p_i = sigma(b0 + b1 x_i), summed, is the NLL of eq. (10).

    |b0 + b1 x| <= 6 keeps p in [0.0024, 0.9976], so the clipping never acts.
    nll uses log1pexp while log_loss takes log(1 - p) of a rounded p, which
    moves 1 - p by at most EPS p / (1 - p) <= 420 EPS relative: each term is
    off by < 1e-13 absolute, hence the tolerances.
    """
    x, y = data
    p = [sigmoid(b0 + b1 * x_i) for x_i in x]
    want = nll(Matrix([[1.0, x_i] for x_i in x]), y, [b0, b1])
    assert math.isclose(log_loss(y, p, normalize=False), want, rel_tol=1e-12, abs_tol=1e-12)
    assert math.isclose(log_loss(y, p), want / len(y), rel_tol=1e-12, abs_tol=1e-12)


def test_log_loss_clips_to_eps():
    """A certain mistake costs -log(EPS) ~ 36.04, not infinity; a certain hit costs ~EPS."""
    assert EPS == sys.float_info.epsilon
    assert log_loss([1, 0], [0.0, 0.0], normalize=False) == -math.log(EPS) - math.log(1 - EPS)
    assert log_loss([0, 1], [[1.0, 0.0], [0.0, 1.0]]) == -math.log(1 - EPS)


def test_log_loss_binary_forms_agree():
    """N probabilities of the second label = N rows [1 - p, p]."""
    y, p = ["no", "yes", "yes"], [0.25, 0.5, 0.875]       # 1 - p exact for these
    rows = [[1 - v, v] for v in p]
    assert log_loss(y, p) == log_loss(y, rows)
    assert log_loss(y, rows, labels=["yes", "no"]) == log_loss(y, [[v, 1 - v] for v in p])


# -- R^2 and RSE ---------------------------------------------------------------------------

@given(st.lists(st.tuples(st.integers(-20, 20), st.integers(-5, 5)), min_size=2, max_size=20))
def test_r2_of_the_least_squares_line_is_the_squared_correlation(points):
    """Eq. (4): for the least-squares line of y on x, R^2 = corr(x, y)^2.

    Data y_i = 2 x_i + e_i on integers: every centred value is below 90 in
    magnitude, so each sum has at most 20 terms below 1e4 and is off by less
    than 20 * 20 * 1e4 EPS < 1e-9; a non-constant integer y has TSS >= 1/2,
    so each ratio is off by < 4e-9 and 1e-8 bounds the difference (in
    practice it is a few EPS).
    """
    x = [float(a) for a, _ in points]
    y = [2.0 * a + e for a, e in points]
    assume(len(set(x)) > 1 and len(set(y)) > 1)
    n = len(x)
    xbar, ybar = sum(x) / n, sum(y) / n
    sxx = sum((a - xbar) ** 2 for a in x)
    syy = sum((b - ybar) ** 2 for b in y)
    sxy = sum((a - xbar) * (b - ybar) for a, b in zip(x, y))
    slope = sxy / sxx
    yhat = [ybar + slope * (a - xbar) for a in x]
    assert abs(r2_score(y, yhat) - sxy * sxy / (sxx * syy)) <= 1e-8


def test_r2_reference_points():
    """R^2 is 1 for a perfect fit, 0 for predicting the mean, negative for worse."""
    y = [1.0, 2.0, 3.0, 4.0]
    assert r2_score(y, y) == 1.0
    assert r2_score(y, [2.5] * 4) == 0.0
    assert r2_score(y, [4.0, 3.0, 2.0, 1.0]) == -3.0        # RSS 20, TSS 5


def test_residual_standard_error_lecture_form():
    """RSE = sqrt(RSS / (N - p - 1)): the lecture's line has N - 2."""
    y, yhat = [1.0, 2.0, 3.0, 4.0, 5.0], [1.0, 2.5, 2.5, 4.0, 5.5]   # RSS 0.75
    assert residual_standard_error(y, yhat, n_params=2) == 0.5
    assert residual_standard_error(y, yhat, n_params=0) == math.sqrt(0.75 / 5)


# -- bad input ---------------------------------------------------------------------------------

BAD = [
    (accuracy_score, ([0, 1], [0]), "y_true has 2 entries but y_pred has 1"),
    (accuracy_score, ([], []), "y_true is empty"),
    (confusion_matrix, ([0, 1], [0, 1], [2, 3]), "none of labels"),
    (confusion_matrix, ([0, 1], [0, 1], [0, 0]), "twice"),
    (confusion_matrix, ([0, "a"], [0, 1]), "cannot be hashed and sorted"),
    (precision_score, ([0, 1, 2], [0, 1, 2]), "average='binary' needs at most two"),
    (precision_score, ([0, 1], [0, 1], "yes"), "pos_label='yes' occurs in neither"),
    (recall_score, ([0, 1], [0, 1], 1, "mean"), "average must be one of"),
    (f1_score, ([0, 1], [0, 1], 1, "binary", 0.5), "zero_division must be 0.0 or 1.0"),
    (f1_score, ([0, 1], [0, 1], 1, "binary", float("nan")), "zero_division"),
    (precision_score, ([0, float("nan")], [0, 1]), "y_true[1] is nan"),
    (roc_auc_score, ([1, 1, 1], [0.1, 0.2, 0.3]), "only one class (1)"),
    (roc_auc_score, ([0, 1, 2], [0.1, 0.2, 0.3]), "3 classes"),
    (roc_auc_score, ([0, 1], [0.1, float("nan")]), "y_score[1] is nan"),
    (roc_auc_score, ([0, 1], [0.1, float("inf")]), "y_score[1] is inf"),
    (roc_auc_score, ([0, 1], [0.1]), "y_true has 2 entries but y_score has 1"),
    (roc_auc_score, ([0, 1], [0.1, "high"]), "y_score[1] is 'high'"),
    (roc_curve, ([0, 0], [0.1, 0.2]), "only one class (0)"),
    (roc_curve, (["a", "b"], [0.1, 0.2], "c"), "pos_label='c' does not occur"),
    (log_loss, ([0, 1], [0.5, 1.5]), "y_pred[1] is 1.5: probabilities must be in [0, 1]"),
    (log_loss, ([0, 1], [-0.1, 0.5]), "y_pred[0] is -0.1"),
    (log_loss, ([0, 1], [0.5, float("nan")]), "y_pred[1] is nan"),
    (log_loss, ([0, 1], [[0.5, 0.4], [0.5, 0.5]]), "y_pred[0] sums to 0.9"),
    (log_loss, ([0, 1], [[0.5, 0.5], [0.2, 0.3, 0.5]]), "y_pred[1] has 3 probabilities"),
    (log_loss, ([0, 1], [0.5, [0.5, 0.5]]), "all numbers or all rows"),
    (log_loss, ([0, 1, 2], [0.5, 0.5, 0.5]), "needs two labels"),
    (log_loss, ([1, 1], [0.5, 0.5]), "only one label (1)"),
    (log_loss, ([0, 3], [0.5, 0.5], [0, 1]), "y_true[1] is 3, which is not in labels"),
    (log_loss, ([0, 1], [0.5]), "y_true has 2 entries but y_pred has 1"),
    (threshold_sweep, ([0, 0], [0.1, 0.2]), "pos_label=1 does not occur in y_true"),
    (threshold_sweep, ([0, 1], [0.1, float("inf")]), "y_score[1] is inf"),
    (threshold_sweep, ([0, 1], [0.1, 0.2], [float("nan")]), "thresholds[0] is nan"),
    (majority_baseline, ([],), "y_true is empty"),
    (r2_score, ([3.0, 3.0, 3.0], [3.0, 3.0, 3.1]), "y_true is constant (3.0)"),
    (r2_score, ([1.0], [1.0]), "y_true is constant"),
    (r2_score, ([1.0, float("inf")], [1.0, 2.0]), "y_true[1] is inf"),
    (r2_score, ([1.0, 2.0], [1.0]), "y_true has 2 entries but y_pred has 1"),
    (residual_standard_error, ([1.0, 2.0, 3.0], [1.0, 2.0, 3.0], 3), "more examples (3) than"),
    (residual_standard_error, ([1.0, 2.0, 3.0], [1.0, 2.0, 3.0], True), "n_params"),
    (residual_standard_error, ([1.0, 2.0, 3.0], [1.0, 2.0, 3.0], -1), "n_params"),
]


@pytest.mark.parametrize("fn, args, message", BAD,
                         ids=["%s-%d" % (fn.__name__, i) for i, (fn, _, _) in enumerate(BAD)])
def test_bad_input_is_a_data_error_naming_the_problem(fn, args, message):
    """Bad input raises DataError (a ValueError) whose message says what is wrong."""
    with pytest.raises(DataError) as info:
        fn(*args)
    assert isinstance(info.value, ValueError)
    assert message in str(info.value), str(info.value)


# -- golden values from scikit-learn -----------------------------------------------------------

# Computed once with scikit-learn 1.9.1 (numpy float64) in a scratch virtual
# environment outside the repository, by exactly these calls:
#   from sklearn import metrics as sk
#   sk.accuracy_score(Y, YHAT); sk.confusion_matrix(Y, YHAT)
#   sk.precision_score(Y, YHAT); sk.recall_score(Y, YHAT); sk.f1_score(Y, YHAT)
#   sk.roc_auc_score(Y, S); sk.roc_curve(Y, S, drop_intermediate=False)
#   sk.log_loss(Y, S); sk.log_loss(Y, S, normalize=False)
#   sk.precision_score(YM, YMHAT, average=a)  (and recall_score, f1_score),
#       a in "macro", "micro", "weighted"; sk.confusion_matrix(YM, YMHAT)
#   sk.log_loss(YM, PM); sk.r2_score(YR, YRHAT)
# and the printed reprs pasted here. Tolerance: 1e-12 relative (math.isclose
# default is 1e-9; the formulas are the same, only the order of the
# summations may differ, which moves the last few bits).
Y = [0, 0, 1, 1, 0, 1, 0, 1, 1, 0]
S = [0.1, 0.4, 0.35, 0.8, 0.65, 0.9, 0.2, 0.65, 0.5, 0.3]     # one tie: 0.65
YHAT = [0, 0, 0, 1, 1, 1, 0, 1, 1, 0]                          # S >= 0.5
YM = ["a", "b", "c", "a", "c", "b", "a", "c"]
YMHAT = ["a", "c", "c", "a", "b", "b", "c", "c"]
PM = [[0.7, 0.2, 0.1], [0.2, 0.5, 0.3], [0.1, 0.3, 0.6], [0.5, 0.25, 0.25],
      [0.3, 0.3, 0.4], [0.1, 0.8, 0.1], [0.2, 0.2, 0.6], [0.05, 0.15, 0.8]]
YR, YRHAT = [3.0, -0.5, 2.0, 7.0, 4.2], [2.5, 0.0, 2.0, 8.0, 3.9]

SKLEARN = {
    "accuracy": 0.8,
    "confusion": [[4, 1], [1, 4]],
    "precision": 0.8, "recall": 0.8, "f1": 0.8,
    "auc": 0.86,
    "fpr": [0.0, 0.0, 0.0, 0.2, 0.2, 0.4, 0.4, 0.6, 0.8, 1.0],
    "tpr": [0.0, 0.2, 0.4, 0.6, 0.8, 0.8, 1.0, 1.0, 1.0, 1.0],
    "thresholds": [math.inf, 0.9, 0.8, 0.65, 0.5, 0.4, 0.35, 0.3, 0.2, 0.1],
    "log_loss": 0.474808304729855, "log_loss_sum": 4.74808304729855,
    "macro": (0.6666666666666666, 0.611111111111111, 0.6238095238095238),
    "micro": (0.625, 0.625, 0.625),
    "weighted": (0.6875, 0.625, 0.6392857142857143),
    "confusion_multi": [[2, 0, 1], [0, 1, 1], [0, 1, 2]],
    "log_loss_multi": 0.6532263344701611,
    "r2": 0.9480256276150627,
}


def close(a, b):
    return math.isclose(a, b, rel_tol=1e-12)


def test_golden_values_from_scikit_learn():
    """The binary, multiclass and regression scores equal scikit-learn 1.9.1's."""
    g = SKLEARN
    assert close(accuracy_score(Y, YHAT), g["accuracy"])
    assert confusion_matrix(Y, YHAT) == g["confusion"]
    assert close(precision_score(Y, YHAT), g["precision"])
    assert close(recall_score(Y, YHAT), g["recall"])
    assert close(f1_score(Y, YHAT), g["f1"])
    assert close(roc_auc_score(Y, S), g["auc"])
    fpr, tpr, thresholds = roc_curve(Y, S)
    assert all(map(close, fpr, g["fpr"])) and len(fpr) == len(g["fpr"])
    assert all(map(close, tpr, g["tpr"])) and len(tpr) == len(g["tpr"])
    assert thresholds == g["thresholds"]
    assert close(log_loss(Y, S), g["log_loss"])
    assert close(log_loss(Y, S, normalize=False), g["log_loss_sum"])
    for average in ("macro", "micro", "weighted"):
        got = [score(YM, YMHAT, average=average)
               for score in (precision_score, recall_score, f1_score)]
        assert all(map(close, got, g[average])), (average, got)
    assert confusion_matrix(YM, YMHAT) == g["confusion_multi"]
    assert close(log_loss(YM, PM), g["log_loss_multi"])
    assert close(r2_score(YR, YRHAT), g["r2"])
