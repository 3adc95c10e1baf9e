"""Metrics of scores: the ROC curve, the AUC and the log-loss (cross-entropy).

Notation as in ``minilogit.metrics``: y (true labels), s (scores: larger
means "more positive"), n_pos and n_neg (the numbers of positive and
negative examples), N (the number of examples).
"""

import math

from ..core.compat import EPS
from ..core.errors import DataError
from ..core.checks import as_float, show_labels, sorted_labels
from ..validation import check_binary_scores, check_labels

# log_loss clips probabilities to [EPS, 1 - EPS], EPS the spacing of the
# running float at 1.0, as scikit-learn does for its float type, so log(0)
# never happens. A row of probabilities may miss 1 by sqrt(EPS), as there.
ROW_SUM_TOL = max(1.5e-8, math.sqrt(EPS))      # 1.5e-8 in double precision


def _tie_groups(is_pos, s):
    """[(score, positives, negatives)] for each distinct score, highest score first."""
    order = sorted(range(len(s)), key=lambda i: -s[i])
    groups = []
    for i in order:
        if not groups or groups[-1][0] != s[i]:
            groups.append([s[i], 0, 0])
        groups[-1][1 if is_pos[i] else 2] += 1
    return groups


def roc_curve(y_true, y_score, pos_label=None):
    """Return (fpr, tpr, thresholds), the ROC curve (scikit-learn's, drop_intermediate=False).

    For each threshold t, from +inf down through the distinct scores, the
    rule "positive when s >= t" has the true positive rate TP / n_pos and the
    false positive rate FP / n_neg. The curve starts at (0, 0) (t = inf:
    nothing is positive) and ends at (1, 1) (t = the lowest score).

    y_true must hold two classes. With ``pos_label=None`` they must be
    {0, 1} or {-1, 1}, and 1 is positive; otherwise ``pos_label`` names the
    positive class.

    >>> fpr, tpr, thresholds = roc_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> fpr, tpr
    ([0.0, 0.0, 0.5, 0.5, 1.0], [0.0, 0.5, 0.5, 1.0, 1.0])
    >>> thresholds
    [inf, 0.8, 0.4, 0.35, 0.1]
    >>> roc_curve(["x", "y"], [0.2, 0.7], pos_label="x")    # the score ranks "x" last
    ([0.0, 1.0, 1.0], [0.0, 0.0, 1.0], [inf, 0.7, 0.2])
    """
    def positive(classes):
        if pos_label is not None:
            if pos_label not in classes:
                raise DataError("pos_label=%r does not occur in y_true (classes: %s)"
                                % (pos_label, show_labels(classes)))
            return pos_label
        if classes != [0, 1] and classes != [-1, 1]:
            raise DataError("y_true has the classes %s: with pos_label=None they must be "
                            "{0, 1} or {-1, 1}; say which one is positive with pos_label"
                            % show_labels(classes))
        return 1

    is_pos, s = check_binary_scores(y_true, y_score, positive, "a ROC curve")
    n_pos = sum(1 for v in is_pos if v)
    n_neg = len(is_pos) - n_pos
    fpr, tpr, thresholds = [0.0], [0.0], [float("inf")]
    tp = fp = 0
    for score, pos, neg in _tie_groups(is_pos, s):   # lower the threshold one score at a time
        tp, fp = tp + pos, fp + neg
        fpr.append(fp / n_neg)
        tpr.append(tp / n_pos)
        thresholds.append(score)
    return fpr, tpr, thresholds


def roc_auc_score(y_true, y_score):
    """Return the area under the ROC curve, eq. (49): U / (n_pos n_neg).

    U, the Mann-Whitney statistic, counts the (positive, negative) pairs in
    which the positive example has the higher score, a tie counting 1/2. So
    the AUC is the probability that a random positive outscores a random
    negative: 1 for a perfect ranking, 1/2 for scores that ignore the label.
    It equals the area under ``roc_curve`` by the trapezoid rule.

    y_true must hold exactly two classes; as in scikit-learn, the larger of
    the two (sorted) is the positive one.

    >>> roc_auc_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])     # 3 of 4 pairs right
    0.75
    >>> roc_auc_score(["ham", "spam", "spam"], [0.5, 0.5, 0.9])  # one tie: (1/2 + 1) / 2
    0.75
    """
    is_pos, s = check_binary_scores(y_true, y_score, lambda classes: classes[1], "the AUC")
    n_pos = sum(1 for v in is_pos if v)
    n_neg = len(is_pos) - n_pos
    two_U = 0                        # 2 U, an integer, so the count is exact
    neg_below = n_neg                # negatives scored below the current score
    for score, pos, neg in _tie_groups(is_pos, s):
        neg_below -= neg
        two_U += pos * (2 * neg_below + neg)     # beats those below, ties with those here: 1/2
    return two_U / (2 * n_pos * n_neg)           # eq. (49): AUC = U / (n_+ n_-)


def _probability_rows(y_pred, n, K):
    """y_pred as n rows of K probabilities; a list of P(second label) becomes [1 - p, p]."""
    try:
        y_pred = list(y_pred)
    except TypeError:
        raise DataError("y_pred must be a sequence of probabilities or of rows of them, got %s"
                        % type(y_pred).__name__)
    if not y_pred:
        raise DataError("y_pred is empty")
    if len(y_pred) != n:
        raise DataError("y_true has %d entries but y_pred has %d: they must pair up one to one"
                        % (n, len(y_pred)))
    one_column = not _is_row(y_pred[0])
    if one_column and K != 2:
        raise DataError("y_pred is one probability per example, which needs two labels; "
                        "there are %d: give rows of %d probabilities" % (K, K))
    rows = []
    for i in range(n):
        if _is_row(y_pred[i]) == one_column:
            raise DataError("y_pred[%d] is %r: y_pred must be all numbers or all rows"
                            % (i, y_pred[i]))
        if one_column:
            p = _probability(y_pred[i], "y_pred[%d]" % i)
            rows.append([1.0 - p, p])
            continue
        row = list(y_pred[i])
        if len(row) != K:
            raise DataError("y_pred[%d] has %d probabilities, there are %d labels"
                            % (i, len(row), K))
        row = [_probability(row[k], "y_pred[%d][%d]" % (i, k)) for k in range(K)]
        if abs(sum(row) - 1.0) > ROW_SUM_TOL:
            raise DataError("y_pred[%d] sums to %r, not 1: each row must be a probability "
                            "distribution over the labels" % (i, sum(row)))
        rows.append(row)
    return rows


def _is_row(v):
    if isinstance(v, (str, bytes)):
        return False
    try:
        len(v)
    except TypeError:
        return False
    return True


def _probability(v, where):
    p = as_float(v, where)
    if not 0.0 <= p <= 1.0:
        raise DataError("%s is %r: probabilities must be in [0, 1]" % (where, p))
    return p


def log_loss(y_true, y_pred, labels=None, normalize=True):
    """Return the cross-entropy -(1/N) sum_i log p_{i, y_i}, eq. (50) (the sum if not normalize).

    y_pred is N rows of probabilities, one column per label, the columns in
    the order of ``labels`` (by default the sorted labels of y_true). For
    two labels it may instead be N numbers, each the probability of the
    second label. Each p_{i, y_i} is clipped to [EPS, 1 - EPS], EPS =
    2.220446049250313e-16 in double precision, as in scikit-learn, so a
    confident mistake costs -log(EPS) = 36.04 instead of infinity.

    Differences from scikit-learn: a ``labels`` list is used in the order
    given (scikit-learn sorts it and warns), and a row that does not sum to
    1 is an error (scikit-learn warns). Both reflect the same rule: the
    columns must be a probability distribution over the labels, in an order
    you can see.

    Lecture 002's two cross-entropy examples: the true class is "tiger"
    (one-hot [1, 0, 0]) and the model says 0.7, then only 0.5:

    >>> tiger = ["tiger", "lion", "cat"]
    >>> round(log_loss(["tiger"], [[0.7, 0.2, 0.1]], labels=tiger), 2)   # -log 0.7
    0.36
    >>> round(log_loss(["tiger"], [[0.5, 0.3, 0.2]], labels=tiger), 2)   # -log 0.5
    0.69

    Binary, with the probability of the positive class, mean and sum:

    >>> round(log_loss([0, 1, 1], [0.2, 0.9, 0.6]), 6)     # -(log 0.8 + log 0.9 + log 0.6) / 3
    0.279777
    >>> round(log_loss([0, 1, 1], [[0.8, 0.2], [0.1, 0.9], [0.4, 0.6]], normalize=False), 6)
    0.83933
    """
    y = check_labels(y_true, "y_true")
    if labels is None:
        classes = sorted_labels(y, "y_true")
        if len(classes) < 2:
            raise DataError("y_true has only one label (%r): pass all the labels with labels="
                            % (classes[0],))
    else:
        classes = check_labels(labels, "labels")
        if len(sorted_labels(classes, "labels")) != len(classes):
            raise DataError("labels has a label twice: %s" % show_labels(classes))
        if len(classes) < 2:
            raise DataError("labels has one label (%r): a log-loss needs at least two"
                            % (classes[0],))
        for i in range(len(y)):
            if y[i] not in classes:
                raise DataError("y_true[%d] is %r, which is not in labels (%s)"
                                % (i, y[i], show_labels(classes)))
    column = {}
    for k in range(len(classes)):
        column[classes[k]] = k
    rows = _probability_rows(y_pred, len(y), len(classes))
    total = 0.0
    for y_i, row in zip(y, rows):
        p = min(max(row[column[y_i]], EPS), 1.0 - EPS)   # clip: log(0) would be -inf
        total -= math.log(p)                             # eq. (50): -log p_{i, y_i}
    return total / len(y) if normalize else total        # eq. (50): the mean over N
