"""Metrics of predicted labels: accuracy, confusion matrix, precision, recall, F1.

Also the baseline every classifier must beat (``majority_baseline``) and
the counts at each threshold of a score (``threshold_sweep``). Notation as
in ``minilogit.metrics``: y, yhat (true and predicted labels), s (scores),
TP, FP, FN, TN (true/false positives/negatives).
"""

from ..core.errors import DataError
from ..core.checks import check_number, show_labels, sorted_labels
from ..validation import check_labels, check_numbers, check_same_length

AVERAGES = ("binary", "macro", "micro", "weighted")


def _ratio(num, den, zero_division):
    """num / den, or zero_division when den == 0 (then num == 0 too: 0/0 is undefined)."""
    return num / den if den else zero_division


def accuracy_score(y_true, y_pred):
    """Return the fraction of examples whose predicted label is the true one.

    >>> accuracy_score([0, 1, 1, 0], [0, 1, 0, 0])
    0.75
    >>> accuracy_score(["cat", "dog"], ["dog", "cat"])
    0.0
    """
    y, yhat = check_labels(y_true, "y_true"), check_labels(y_pred, "y_pred")
    check_same_length(y, yhat, "y_true", "y_pred")
    return sum(1 for t, q in zip(y, yhat) if t == q) / len(y)


def confusion_matrix(y_true, y_pred, labels=None):
    """Return C, a list of rows: C[i][j] counts true label i predicted as j.

    Rows and columns follow ``labels``, by default the sorted labels of
    y_true and y_pred together. For labels [0, 1] that is
    [[TN, FP], [FN, TP]]. As in scikit-learn, examples whose true or
    predicted label is not in a given ``labels`` are left out, and at least
    one of ``labels`` must occur in y_true.

    >>> confusion_matrix([0, 0, 0, 1, 1], [0, 1, 0, 1, 0])
    [[2, 1], [1, 1]]
    >>> confusion_matrix(["b", "a", "c"], ["b", "b", "c"], labels=["c", "b", "a"])
    [[1, 0, 0], [0, 1, 0], [0, 1, 0]]
    """
    y, yhat = check_labels(y_true, "y_true"), check_labels(y_pred, "y_pred")
    check_same_length(y, yhat, "y_true", "y_pred")
    if labels is None:
        labels = sorted_labels(y + yhat, "y_true and y_pred")
    else:
        labels = check_labels(labels, "labels")
        if len(sorted_labels(labels, "labels")) != len(labels):
            raise DataError("labels has a label twice: %s" % show_labels(labels))
        if not any(t in labels for t in y):
            raise DataError("none of labels (%s) occurs in y_true" % show_labels(labels))
    index = {}
    for k in range(len(labels)):
        index[labels[k]] = k
    C = [[0] * len(labels) for _ in labels]
    for t, q in zip(y, yhat):
        if t in index and q in index:
            C[index[t]][index[q]] += 1
    return C


def _prf(tp, fp, fn, zero_division):
    """(precision, recall, F1) from the counts of one label, eq. (48)."""
    precision = _ratio(tp, tp + fp, zero_division)        # eq. (48): P = TP / (TP + FP)
    recall = _ratio(tp, tp + fn, zero_division)           # eq. (48): R = TP / (TP + FN)
    # eq. (48): F1 = 2 P R / (P + R), written as the equal 2 TP / (2 TP + FP + FN),
    # which is also defined when P = R = 0 (F1 = 0 there; 0/0 only without any positive)
    f1 = _ratio(2 * tp, 2 * tp + fp + fn, zero_division)
    return precision, recall, f1


def _counts(y, yhat, label):
    """(TP, FP, FN) when ``label`` is the positive class and every other label negative."""
    tp = sum(1 for t, q in zip(y, yhat) if t == label and q == label)
    fp = sum(1 for t, q in zip(y, yhat) if t != label and q == label)
    fn = sum(1 for t, q in zip(y, yhat) if t == label and q != label)
    return tp, fp, fn


def _precision_recall_f1(y_true, y_pred, pos_label, average, zero_division):
    """(P, R, F1) averaged as scikit-learn's ``precision_recall_fscore_support``."""
    y, yhat = check_labels(y_true, "y_true"), check_labels(y_pred, "y_pred")
    check_same_length(y, yhat, "y_true", "y_pred")
    if average not in AVERAGES:
        raise DataError("average must be one of %s, got %r"
                        % (show_labels(list(AVERAGES)), average))
    check_number(zero_division, "zero_division", "0.0 or 1.0", lambda v: v in (0, 1))
    zero_division = float(zero_division)
    labels = sorted_labels(y + yhat, "y_true and y_pred")
    if average == "binary":
        if len(labels) > 2:
            raise DataError("y_true and y_pred have %d labels (%s): average='binary' needs at "
                            "most two; use 'macro', 'micro' or 'weighted'"
                            % (len(labels), show_labels(labels)))
        if pos_label not in labels:
            raise DataError("pos_label=%r occurs in neither y_true nor y_pred (labels: %s)"
                            % (pos_label, show_labels(labels)))
        tp, fp, fn = _counts(y, yhat, pos_label)
        return _prf(tp, fp, fn, zero_division)
    counts = [_counts(y, yhat, label) for label in labels]
    if average == "micro":                     # pool the counts over the labels
        tp, fp, fn = [sum(c[k] for c in counts) for k in range(3)]
        return _prf(tp, fp, fn, zero_division)
    scores = [_prf(tp, fp, fn, zero_division) for tp, fp, fn in counts]
    if average == "macro":                     # every label counts the same
        w = [1] * len(labels)
    else:                                      # weighted: by support, the true count
        w = [tp + fn for tp, fp, fn in counts]
    return tuple(sum(w_k * s[m] for w_k, s in zip(w, scores)) / sum(w) for m in range(3))


def precision_score(y_true, y_pred, pos_label=1, average="binary", zero_division=0.0):
    """Return the precision TP / (TP + FP), eq. (48): how often "positive" is right.

    ``average`` is scikit-learn's: "binary" scores ``pos_label`` alone (y
    may then hold at most two labels); "macro" is the plain mean over the
    labels, "weighted" the mean weighted by each label's count in y_true,
    "micro" pools the counts of all labels first (for single-label data it
    equals the accuracy). ``pos_label`` only matters for "binary", and must
    occur in y_true or y_pred. When TP + FP = 0 (nothing predicted
    positive) the precision is 0/0: ``zero_division`` (0.0 or 1.0) is
    returned instead.

    >>> precision_score([0, 1, 1, 0], [1, 1, 0, 0])
    0.5
    >>> precision_score([0, 1, 1, 0], [0, 0, 0, 0], pos_label=1, zero_division=1.0)
    1.0
    >>> round(precision_score(["a", "b", "c", "c"], ["a", "c", "c", "c"], average="macro"), 6)
    0.555556
    """
    return _precision_recall_f1(y_true, y_pred, pos_label, average, zero_division)[0]


def recall_score(y_true, y_pred, pos_label=1, average="binary", zero_division=0.0):
    """Return the recall TP / (TP + FN), eq. (48): how many positives are found.

    Arguments as for ``precision_score``; ``zero_division`` is returned when
    TP + FN = 0 (y_true has no example of the label).

    >>> recall_score([0, 1, 1, 0], [1, 1, 0, 0])
    0.5
    >>> recall_score(["no", "yes", "yes"], ["yes", "yes", "yes"], pos_label="yes")
    1.0
    """
    return _precision_recall_f1(y_true, y_pred, pos_label, average, zero_division)[1]


def f1_score(y_true, y_pred, pos_label=1, average="binary", zero_division=0.0):
    """Return F1 = 2 P R / (P + R), eq. (48), the harmonic mean of precision and recall.

    Computed as the equal 2 TP / (2 TP + FP + FN), as scikit-learn does, so
    F1 is 0 (not undefined) when P = R = 0; ``zero_division`` is returned
    only when TP + FP + FN = 0. Arguments as for ``precision_score``.

    >>> round(f1_score([0, 1, 1, 1], [1, 1, 1, 0]), 6)      # P = R = 2/3
    0.666667
    >>> f1_score([0, 0], [0, 0], pos_label=0), f1_score([0, 1], [1, 0])
    (1.0, 0.0)
    """
    return _precision_recall_f1(y_true, y_pred, pos_label, average, zero_division)[2]


def majority_baseline(y_true):
    """Return the predictions of the "dumb" classifier: the commonest label, every time.

    It ignores the features, so any model must beat it to be worth
    anything. On imbalanced data it does deceptively well in accuracy
    while finding none of the minority class. Ties go to the smallest label.

    >>> y = [0] * 95 + [1] * 5
    >>> baseline = majority_baseline(y)
    >>> baseline[:3], accuracy_score(y, baseline), recall_score(y, baseline)
    ([0, 0, 0], 0.95, 0.0)
    >>> majority_baseline(["b", "a", "b", "a"])
    ['a', 'a', 'a', 'a']
    """
    y = check_labels(y_true, "y_true")
    count = {}
    try:
        for label in y:
            count[label] = count.get(label, 0) + 1
    except TypeError:
        raise DataError("the labels in y_true cannot be hashed (a list among them?)")
    most = max(count.values())
    winner = sorted_labels([label for label in count if count[label] == most], "y_true")[0]
    return [winner] * len(y)


def threshold_sweep(y_true, y_score, thresholds=None, pos_label=1):
    """Return one dict per threshold t: the counts and scores of "positive when s >= t".

    That is the rule ``LogisticRegression.predict(X, threshold=t)`` uses.
    Each dict has the keys threshold, tp, fp, fn, tn, accuracy, precision,
    recall, f1; y_true's labels other than ``pos_label`` count as negative.
    ``thresholds`` defaults to 0.1, 0.2, ..., 0.9; a 0/0 precision (no
    score reaches t) is reported as 0.0, as ``precision_score`` does by
    default. ``pos_label`` must occur in y_true.

    >>> y = [0, 0, 1, 0, 1, 1]
    >>> s = [0.1, 0.3, 0.4, 0.6, 0.8, 0.9]
    >>> for row in threshold_sweep(y, s, thresholds=[0.2, 0.5, 0.95]):
    ...     print(row["threshold"], row["tp"], row["fp"], row["fn"], row["tn"],
    ...           round(row["precision"], 3), round(row["recall"], 3))
    0.2 3 2 0 1 0.6 1.0
    0.5 2 1 1 2 0.667 0.667
    0.95 0 0 3 3 0.0 0.0
    """
    y = check_labels(y_true, "y_true")
    s = check_numbers(y_score, "y_score")
    check_same_length(y, s, "y_true", "y_score")
    if pos_label not in y:
        raise DataError("pos_label=%r does not occur in y_true" % (pos_label,))
    if thresholds is None:
        thresholds = [k / 10 for k in range(1, 10)]
    thresholds = check_numbers(thresholds, "thresholds")
    is_pos = [y_i == pos_label for y_i in y]     # labels as flags: True is the positive one
    rows = []
    for t in thresholds:
        predicted_pos = [s_i >= t for s_i in s]  # the rule: positive when s >= t
        tp, fp, fn = _counts(is_pos, predicted_pos, True)
        tn = len(y) - tp - fp - fn               # the rest: negative, predicted negative
        precision, recall, f1 = _prf(tp, fp, fn, 0.0)
        rows.append({"threshold": t, "tp": tp, "fp": fp, "fn": fn, "tn": tn,
                     "accuracy": (tp + tn) / len(y),
                     "precision": precision, "recall": recall, "f1": f1})
    return rows
