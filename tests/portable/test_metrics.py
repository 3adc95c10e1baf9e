"""minilogit.metrics on every runtime: scores checked by a second computation.

The golden numbers were computed with scikit-learn 1.9.1 (see
tests/test_metrics.py for the exact calls); 1e-12 relative covers the
different summation orders (CPython 3.12+ compensates inside ``sum``).
The brute-force AUC counts 2U as an integer, so it needs no fractions
module (MicroPython has none).
"""

import math

from helpers import EPS as FLOAT_EPS, assert_close, raises

from minilogit import DataError
from minilogit.metrics import (EPS, accuracy_score, confusion_matrix, f1_score, log_loss,
                               majority_baseline, precision_score, r2_score, recall_score,
                               residual_standard_error, roc_auc_score, roc_curve,
                               threshold_sweep)
from minilogit.core.rng import Random

Y = [0, 0, 1, 1, 0, 1, 0, 1, 1, 0]
S = [0.1, 0.4, 0.35, 0.8, 0.65, 0.9, 0.2, 0.65, 0.5, 0.3]     # one tie: 0.65
YHAT = [0, 0, 0, 1, 1, 1, 0, 1, 1, 0]                          # S >= 0.5
YM = ["a", "b", "c", "a", "c", "b", "a", "c"]
YMHAT = ["a", "c", "c", "a", "b", "b", "c", "c"]
# 1e-12 relative, or a few roundings in single precision
REL = max(1e-12, 4 * FLOAT_EPS)

PM = [[0.7, 0.2, 0.1], [0.2, 0.5, 0.3], [0.1, 0.3, 0.6], [0.5, 0.25, 0.25],
      [0.3, 0.3, 0.4], [0.1, 0.8, 0.1], [0.2, 0.2, 0.6], [0.05, 0.15, 0.8]]


def _random_binary(rng, n):
    """Labels 0/1 (both present) and scores from few values, so that ties happen."""
    y = [rng.randbelow(2) for _ in range(n)]
    y[0], y[1] = 0, 1
    s = [rng.randbelow(6) / 5 for _ in range(n)]
    return y, s


def _two_u(y, s):
    """2U of Mann-Whitney by brute force over the pairs: 2 per win, 1 per tie."""
    total = 0
    for yi, si in zip(y, s):
        if yi != 1:
            continue
        for yj, sj in zip(y, s):
            if yj != 1:
                total += 2 if si > sj else 1 if si == sj else 0
    return total


def test_lecture_cross_entropy_examples():
    tiger = ["tiger", "lion", "cat"]
    assert round(log_loss(["tiger"], [[0.7, 0.2, 0.1]], labels=tiger), 2) == 0.36
    assert round(log_loss(["tiger"], [[0.5, 0.3, 0.2]], labels=tiger), 2) == 0.69
    assert_close(log_loss(["tiger"], [[0.7, 0.2, 0.1]], labels=tiger), -math.log(0.7), rel=1e-15)


def test_dumb_classifier_on_imbalanced_data():
    y = [0] * 95 + [1] * 5
    baseline = majority_baseline(y)
    assert baseline == [0] * 100
    assert accuracy_score(y, baseline) == 0.95
    assert recall_score(y, baseline) == 0.0
    assert precision_score(y, baseline) == 0.0          # 0/0 -> zero_division
    assert majority_baseline(["b", "a", "b", "a"]) == ["a"] * 4


def test_confusion_matrix_and_binary_scores():
    assert confusion_matrix(Y, YHAT) == [[4, 1], [1, 4]]
    assert confusion_matrix(["b", "a", "c"], ["b", "b", "c"], labels=["c", "b", "a"]) == [
        [1, 0, 0], [0, 1, 0], [0, 1, 0]]
    y, yhat = [0, 1, 1, 1, 0, 1], [1, 1, 0, 1, 0, 0]       # TP 2, FP 1, FN 2, TN 1
    [[tn, fp], [fn, tp]] = confusion_matrix(y, yhat)
    assert (tn, fp, fn, tp) == (1, 1, 2, 2)
    assert precision_score(y, yhat) == tp / (tp + fp)
    assert recall_score(y, yhat) == tp / (tp + fn)
    assert f1_score(y, yhat) == 2 * tp / (2 * tp + fp + fn)
    assert_close(f1_score(y, yhat), 2 * (2 / 3) * 0.5 / (2 / 3 + 0.5),
                 rel=max(1e-15, 4 * FLOAT_EPS))
    assert accuracy_score(y, yhat) == 0.5


def test_zero_division():
    assert precision_score([1, 0], [0, 0]) == 0.0
    assert precision_score([1, 0], [0, 0], zero_division=1.0) == 1.0
    assert f1_score([0, 0], [0, 0], pos_label=0) == 1.0
    assert f1_score([0, 1], [1, 0]) == 0.0


def test_averages_match_scikit_learn():
    want = {"macro": (0.6666666666666666, 0.611111111111111, 0.6238095238095238),
            "micro": (0.625, 0.625, 0.625),
            "weighted": (0.6875, 0.625, 0.6392857142857143)}
    for average in ("macro", "micro", "weighted"):
        got = [score(YM, YMHAT, average=average)
               for score in (precision_score, recall_score, f1_score)]
        assert_close(got, list(want[average]), rel=REL, what=average)
    assert confusion_matrix(YM, YMHAT) == [[2, 0, 1], [0, 1, 1], [0, 1, 2]]


def test_roc_curve_and_auc_match_scikit_learn():
    fpr, tpr, thresholds = roc_curve(Y, S)
    assert_close(fpr, [0.0, 0.0, 0.0, 0.2, 0.2, 0.4, 0.4, 0.6, 0.8, 1.0], what="fpr")
    assert_close(tpr, [0.0, 0.2, 0.4, 0.6, 0.8, 0.8, 1.0, 1.0, 1.0, 1.0], what="tpr")
    assert thresholds[0] == float("inf")
    assert thresholds[1:] == [0.9, 0.8, 0.65, 0.5, 0.4, 0.35, 0.3, 0.2, 0.1]
    assert_close(roc_auc_score(Y, S), 0.86)
    assert roc_curve([-1, 1], [0.2, 0.7]) == roc_curve([0, 1], [0.2, 0.7])


def test_auc_is_mann_whitney_by_brute_force():
    rng = Random(2024)
    for n in range(2, 40):
        y, s = _random_binary(rng, n)
        n_pos = sum(y)
        n_neg = n - n_pos
        assert roc_auc_score(y, s) == _two_u(y, s) / (2 * n_pos * n_neg), (y, s)


def test_roc_curve_shape_and_trapezoid_area():
    rng = Random(7)
    for n in range(2, 40):
        y, s = _random_binary(rng, n)
        fpr, tpr, thresholds = roc_curve(y, s)
        assert (fpr[0], tpr[0], fpr[-1], tpr[-1]) == (0.0, 0.0, 1.0, 1.0)
        for k in range(1, len(fpr)):
            assert fpr[k - 1] <= fpr[k] and tpr[k - 1] <= tpr[k]
            assert thresholds[k - 1] > thresholds[k]
        area = sum((fpr[k] - fpr[k - 1]) * (tpr[k] + tpr[k - 1]) / 2
                   for k in range(1, len(fpr)))
        # ~40 terms of a few roundings
        assert abs(area - roc_auc_score(y, s)) <= max(1e-13, 64 * FLOAT_EPS), (y, s)


def test_threshold_sweep_agrees_with_scores():
    rows = threshold_sweep(Y, S)
    assert [r["threshold"] for r in rows] == [k / 10 for k in range(1, 10)]
    for r in rows:
        yhat = [1 if s >= r["threshold"] else 0 for s in S]
        [[tn, fp], [fn, tp]] = confusion_matrix(Y, yhat, labels=[0, 1])
        assert (r["tp"], r["fp"], r["fn"], r["tn"]) == (tp, fp, fn, tn)
        assert r["accuracy"] == accuracy_score(Y, yhat)
        assert r["precision"] == precision_score(Y, yhat)
        assert r["recall"] == recall_score(Y, yhat)
        assert r["f1"] == f1_score(Y, yhat)
    top = threshold_sweep(Y, S, thresholds=[0.95])[0]
    assert (top["tp"], top["fp"], top["precision"], top["recall"]) == (0, 0, 0.0, 0.0)


def test_log_loss_forms_and_clipping():
    assert_close(log_loss(Y, S), 0.474808304729855, rel=REL, what="binary log_loss")
    assert_close(log_loss(Y, S, normalize=False), 4.74808304729855, rel=REL, what="summed")
    assert_close(log_loss(YM, PM), 0.6532263344701611, rel=REL, what="multiclass log_loss")
    rows = [[1.0 - p, p] for p in S]
    assert log_loss(Y, S) == log_loss(Y, rows)
    assert log_loss([1], [[1.0, 0.0]], labels=[0, 1]) == -math.log(EPS)   # clipped, finite
    assert EPS == FLOAT_EPS                  # 2.220446049250313e-16 in double precision


def test_r2_and_rse():
    assert_close(r2_score([3.0, -0.5, 2.0, 7.0, 4.2], [2.5, 0.0, 2.0, 8.0, 3.9]),
                 0.9480256276150627, rel=REL, what="r2 (scikit-learn)")
    y = [1.0, 2.0, 3.0, 4.0]
    assert r2_score(y, y) == 1.0
    assert r2_score(y, [2.5] * 4) == 0.0
    assert residual_standard_error(y, [1.5, 2.0, 2.5, 4.0], n_params=2) == 0.5


def test_bad_input_messages():
    cases = [
        (accuracy_score, ([0, 1], [0]), "y_true has 2 entries but y_pred has 1"),
        (accuracy_score, ([], []), "y_true is empty"),
        (precision_score, ([0, 1, 2], [0, 1, 2]), "average='binary' needs at most two"),
        (precision_score, ([0, 1], [0, 1], "yes"), "pos_label='yes' occurs in neither"),
        (recall_score, ([0, 1], [0, 1], 1, "mean"), "average must be one of"),
        (roc_auc_score, ([1, 1], [0.1, 0.2]), "only one class (1)"),
        (roc_auc_score, ([0, 1], [0.1, float("nan")]), "y_score[1] is nan"),
        (roc_curve, (["a", "b"], [0.1, 0.2]), "pos_label=None"),
        (log_loss, ([0, 1], [0.5, 1.5]), "y_pred[1] is 1.5: probabilities must be in [0, 1]"),
        (log_loss, ([0, 1], [[0.5, 0.4], [0.5, 0.5]]), "y_pred[0] sums to 0.9"),
        (log_loss, ([0, 1], [0.5, float("inf")]), "y_pred[1] is inf"),
        (threshold_sweep, ([0, 0], [0.1, 0.2]), "pos_label=1 does not occur in y_true"),
        (r2_score, ([2.0, 2.0], [1.0, 2.0]), "y_true is constant (2.0)"),
        (residual_standard_error, ([1.0, 2.0], [1.0, 2.0], 2), "more examples (2) than"),
        (residual_standard_error, ([1.0, 2.0, 3.0], [1.0, 2.0, 3.0], True), "n_params"),
    ]
    for fn, args, message in cases:
        e = raises(DataError, fn, *args)
        assert isinstance(e, ValueError)
        assert message in str(e), (fn.__name__, str(e))
