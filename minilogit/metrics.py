"""Evaluation: how good are a model's predictions?

The names and the argument order are scikit-learn's, so code written
against ``sklearn.metrics`` runs here unchanged for these functions.

=========================  ================================================  ==========
function                   value                                             equation
=========================  ================================================  ==========
accuracy_score             fraction of labels predicted right
confusion_matrix           counts C[true][predicted]
precision_score            TP / (TP + FP)                                    (48)
recall_score               TP / (TP + FN)                                    (48)
f1_score                   2 P R / (P + R)                                   (48)
roc_curve                  (FPR, TPR, threshold) as the threshold falls
roc_auc_score              U / (n_+ n_-), U the Mann-Whitney statistic       (49)
log_loss                   -(1/N) sum_i log p_{i, y_i}                       (50)
majority_baseline          the "dumb" classifier: always the commonest label
threshold_sweep            counts and scores at each threshold
r2_score                   1 - RSS / TSS                                     (4)
residual_standard_error    sqrt(RSS / (N - p - 1))                           (4)
=========================  ================================================  ==========

Notation: y (true labels), yhat (predicted labels), s (scores: larger means
"more positive"), TP, FP, FN, TN (true/false positives/negatives),
n_pos and n_neg (the number of positive and negative examples), N (the
number of examples), p (the number of features, so p + 1 parameters with
the intercept).

Labels may be any hashable values that can be sorted together: 0/1, -1/+1,
"red"/"green". A ratio that is 0/0 (the precision of a classifier that
never says "positive") is *undefined*: it becomes ``zero_division``
(0.0 unless you ask for 1.0), never ``nan``.

Exceptions: every bad input raises ``minilogit.errors.DataError`` (a
ValueError) whose message names the argument and the problem.

>>> y = [0, 0, 1, 1]
>>> accuracy_score(y, [0, 1, 1, 1]), precision_score(y, [0, 1, 1, 1])
(0.75, 0.6666666666666666)
>>> roc_auc_score(y, [0.1, 0.4, 0.35, 0.8])
0.75
"""

import math

from .errors import DataError
from .validation import _as_float

# The spacing of floats at 1.0 (sys.float_info.epsilon, written out because
# not every runtime has sys.float_info). log_loss clips probabilities to
# [EPS, 1 - EPS], as scikit-learn does for float64, so log(0) never happens.
EPS = 2.220446049250313e-16

AVERAGES = ("binary", "macro", "micro", "weighted")


# -- input checks -----------------------------------------------------------

def _labels(y, name):
    """Return y as a non-empty list of labels; nan and inf are not labels."""
    try:
        y = list(y)
    except TypeError:
        raise DataError("%s must be a sequence of labels, got %s" % (name, type(y).__name__))
    if not y:
        raise DataError("%s is empty" % name)
    for i in range(len(y)):
        if isinstance(y[i], float) and not math.isfinite(y[i]):
            raise DataError("%s[%d] is %r: labels must be finite" % (name, i, y[i]))
    return y


def _numbers(v, name):
    """Return v as a non-empty list of finite floats."""
    try:
        v = list(v)
    except TypeError:
        raise DataError("%s must be a sequence of numbers, got %s" % (name, type(v).__name__))
    if not v:
        raise DataError("%s is empty" % name)
    return [_as_float(v[i], "%s[%d]" % (name, i)) for i in range(len(v))]


def _same_length(a, b, name_a, name_b):
    if len(a) != len(b):
        raise DataError("%s has %d entries but %s has %d: they must pair up one to one"
                        % (name_a, len(a), name_b, len(b)))


def _sorted_set(values, name):
    """The distinct values, sorted; a DataError if they cannot be hashed and compared."""
    try:
        return sorted(set(values))
    except TypeError:
        raise DataError("the labels in %s cannot be hashed and sorted (mixed types?)" % name)


def _show(labels):
    """At most five labels, for a message."""
    return ", ".join(repr(v) for v in labels[:5]) + (", ..." if len(labels) > 5 else "")


def _ratio(num, den, zero_division):
    """num / den, or zero_division when den == 0 (then num == 0 too: 0/0 is undefined)."""
    return num / den if den else zero_division


# -- labels predicted: accuracy, confusion matrix, precision, recall, F1 -----

def accuracy_score(y_true, y_pred):
    """Return the fraction of examples whose predicted label is the true one.

    >>> accuracy_score([0, 1, 1, 0], [0, 1, 0, 0])
    0.75
    >>> accuracy_score(["cat", "dog"], ["dog", "cat"])
    0.0
    """
    y, yhat = _labels(y_true, "y_true"), _labels(y_pred, "y_pred")
    _same_length(y, yhat, "y_true", "y_pred")
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
    y, yhat = _labels(y_true, "y_true"), _labels(y_pred, "y_pred")
    _same_length(y, yhat, "y_true", "y_pred")
    if labels is None:
        labels = _sorted_set(y + yhat, "y_true and y_pred")
    else:
        labels = _labels(labels, "labels")
        if len(_sorted_set(labels, "labels")) != len(labels):
            raise DataError("labels has a label twice: %s" % _show(labels))
        if not any(t in labels for t in y):
            raise DataError("none of labels (%s) occurs in y_true" % _show(labels))
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
    y, yhat = _labels(y_true, "y_true"), _labels(y_pred, "y_pred")
    _same_length(y, yhat, "y_true", "y_pred")
    if average not in AVERAGES:
        raise DataError("average must be one of %s, got %r" % (_show(list(AVERAGES)), average))
    if isinstance(zero_division, bool) or zero_division not in (0, 1):
        raise DataError("zero_division must be 0.0 or 1.0, got %r" % (zero_division,))
    zero_division = float(zero_division)
    labels = _sorted_set(y + yhat, "y_true and y_pred")
    if average == "binary":
        if len(labels) > 2:
            raise DataError("y_true and y_pred have %d labels (%s): average='binary' needs at "
                            "most two; use 'macro', 'micro' or 'weighted'"
                            % (len(labels), _show(labels)))
        if pos_label not in labels:
            raise DataError("pos_label=%r occurs in neither y_true nor y_pred (labels: %s)"
                            % (pos_label, _show(labels)))
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
    y = _labels(y_true, "y_true")
    count = {}
    try:
        for label in y:
            count[label] = count.get(label, 0) + 1
    except TypeError:
        raise DataError("the labels in y_true cannot be hashed (a list among them?)")
    most = max(count.values())
    winner = _sorted_set([label for label in count if count[label] == most], "y_true")[0]
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
    y = _labels(y_true, "y_true")
    s = _numbers(y_score, "y_score")
    _same_length(y, s, "y_true", "y_score")
    if pos_label not in y:
        raise DataError("pos_label=%r does not occur in y_true" % (pos_label,))
    if thresholds is None:
        thresholds = [k / 10 for k in range(1, 10)]
    thresholds = _numbers(thresholds, "thresholds")
    rows = []
    for t in thresholds:
        tp = fp = fn = tn = 0
        for y_i, s_i in zip(y, s):
            if s_i >= t:                          # predicted positive
                if y_i == pos_label:
                    tp += 1
                else:
                    fp += 1
            elif y_i == pos_label:
                fn += 1
            else:
                tn += 1
        precision, recall, f1 = _prf(tp, fp, fn, 0.0)
        rows.append({"threshold": t, "tp": tp, "fp": fp, "fn": fn, "tn": tn,
                     "accuracy": (tp + tn) / len(y),
                     "precision": precision, "recall": recall, "f1": f1})
    return rows


# -- scores: ROC curve, AUC, log-loss ----------------------------------------

def _positives_and_scores(y_true, y_score, positive, what):
    """(is_positive flags, scores) for a binary y_true; ``positive`` picks the class.

    ``positive`` is a function of the two sorted classes returning the
    positive one (or raising).
    """
    y = _labels(y_true, "y_true")
    s = _numbers(y_score, "y_score")
    _same_length(y, s, "y_true", "y_score")
    classes = _sorted_set(y, "y_true")
    if len(classes) == 1:
        raise DataError("y_true has only one class (%r): %s needs positive and negative "
                        "examples" % (classes[0], what))
    if len(classes) > 2:
        raise DataError("y_true has %d classes (%s): %s is for two classes"
                        % (len(classes), _show(classes), what))
    pos = positive(classes)
    return [t == pos for t in y], s


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
                                % (pos_label, _show(classes)))
            return pos_label
        if classes != [0, 1] and classes != [-1, 1]:
            raise DataError("y_true has the classes %s: with pos_label=None they must be "
                            "{0, 1} or {-1, 1}; say which one is positive with pos_label"
                            % _show(classes))
        return 1

    is_pos, s = _positives_and_scores(y_true, y_score, positive, "a ROC curve")
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
    is_pos, s = _positives_and_scores(y_true, y_score, lambda classes: classes[1], "the AUC")
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
        if abs(sum(row) - 1.0) > 1.5e-8:          # sqrt(EPS), scikit-learn's tolerance
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
    p = _as_float(v, where)
    if not 0.0 <= p <= 1.0:
        raise DataError("%s is %r: probabilities must be in [0, 1]" % (where, p))
    return p


def log_loss(y_true, y_pred, labels=None, normalize=True):
    """Return the cross-entropy -(1/N) sum_i log p_{i, y_i}, eq. (50) (the sum if not normalize).

    y_pred is N rows of probabilities, one column per label, the columns in
    the order of ``labels`` (by default the sorted labels of y_true). For
    two labels it may instead be N numbers, each the probability of the
    second label. Each p_{i, y_i} is clipped to [EPS, 1 - EPS], EPS =
    2.220446049250313e-16, as in scikit-learn, so a confident mistake costs
    -log(EPS) = 36.04 instead of infinity.

    Differences from scikit-learn: a ``labels`` list is used in the order
    given (scikit-learn sorts it and warns), and a row that does not sum to
    1 is an error (scikit-learn warns). Both reflect the same rule: the
    columns must be a probability distribution over the labels, in an order
    you can see.

    The lecture's two cross-entropy examples: the true class is "tiger"
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
    y = _labels(y_true, "y_true")
    if labels is None:
        classes = _sorted_set(y, "y_true")
        if len(classes) < 2:
            raise DataError("y_true has only one label (%r): pass all the labels with labels="
                            % (classes[0],))
    else:
        classes = _labels(labels, "labels")
        if len(_sorted_set(classes, "labels")) != len(classes):
            raise DataError("labels has a label twice: %s" % _show(classes))
        if len(classes) < 2:
            raise DataError("labels has one label (%r): a log-loss needs at least two"
                            % (classes[0],))
        for i in range(len(y)):
            if y[i] not in classes:
                raise DataError("y_true[%d] is %r, which is not in labels (%s)"
                                % (i, y[i], _show(classes)))
    column = {}
    for k in range(len(classes)):
        column[classes[k]] = k
    rows = _probability_rows(y_pred, len(y), len(classes))
    total = 0.0
    for y_i, row in zip(y, rows):
        p = min(max(row[column[y_i]], EPS), 1.0 - EPS)   # clip: log(0) would be -inf
        total -= math.log(p)                             # eq. (50): -log p_{i, y_i}
    return total / len(y) if normalize else total        # eq. (50): the mean over N


# -- regression: R^2 and residual standard error ------------------------------

def _rss(y_true, y_pred):
    """(y, RSS) for two equal-length lists of finite numbers."""
    y, yhat = _numbers(y_true, "y_true"), _numbers(y_pred, "y_pred")
    _same_length(y, yhat, "y_true", "y_pred")
    rss = sum((t - q) * (t - q) for t, q in zip(y, yhat))    # (** 2 raises OverflowError)
    if not rss < math.inf:
        raise DataError("the residual sum of squares overflows a float: y_true and y_pred "
                        "have values as large as %r; rescale them"
                        % max(abs(v) for v in y + yhat))
    return y, rss


def r2_score(y_true, y_pred):
    """Return R^2 = 1 - RSS / TSS, eq. (4): the share of y's variance the fit explains.

    RSS = sum (y_i - yhat_i)^2 is what the fit leaves; TSS = sum (y_i - ybar)^2
    what was there to explain. R^2 is 1 for a perfect fit, 0 for predicting
    the mean, negative for worse than that.

    A constant y_true has TSS = 0 and R^2 = RSS/0 is undefined: this raises
    ``DataError``. (scikit-learn returns 1.0 for a perfect fit there and 0.0
    otherwise; a number that looks like a measurement but is a convention
    would hide that there was no variance to explain.)

    >>> r2_score([1.0, 2.0, 3.0, 4.0], [1.5, 2.0, 2.5, 4.0])   # RSS 0.5, TSS 5
    0.9
    >>> r2_score([2.0, 2.0], [2.0, 2.0])
    Traceback (most recent call last):
    ...
    minilogit.errors.DataError: y_true is constant (2.0): R^2 = 1 - RSS/TSS is undefined (TSS = 0)
    """
    y, rss = _rss(y_true, y_pred)
    if all(t == y[0] for t in y):
        raise DataError("y_true is constant (%r): R^2 = 1 - RSS/TSS is undefined (TSS = 0)"
                        % (y[0],))
    ybar = sum(y) / len(y)
    tss = sum((t - ybar) * (t - ybar) for t in y)
    if not 0.0 < tss < math.inf:
        raise DataError("y_true's total sum of squares TSS is %r (its values are too %s for a "
                        "float): R^2 = 1 - RSS/TSS is undefined; rescale y"
                        % (tss, "small" if tss == 0.0 else "large"))
    return 1.0 - rss / tss                                # eq. (4): R^2 = 1 - RSS / TSS


def residual_standard_error(y_true, y_pred, n_params):
    """Return RSE = sqrt(RSS / (N - n_params)), eq. (4) with n_params = p + 1.

    n_params counts every fitted parameter, the intercept included (2 for a
    line a + b x, as in the lecture's RSS / (n - 2)). It estimates the
    standard deviation of the noise; N - n_params must be at least 1.

    >>> residual_standard_error([1.0, 2.0, 3.0, 4.0], [1.5, 2.0, 2.5, 4.0], n_params=2)
    0.5
    >>> residual_standard_error([1.0, 2.0], [1.0, 2.0], n_params=2)
    Traceback (most recent call last):
    ...
    minilogit.errors.DataError: residual_standard_error needs more examples (2) than parameters (2)
    """
    if isinstance(n_params, bool) or not isinstance(n_params, int) or n_params < 0:
        raise DataError("n_params must be a whole number >= 0, got %r" % (n_params,))
    y, rss = _rss(y_true, y_pred)
    if len(y) <= n_params:
        raise DataError("residual_standard_error needs more examples (%d) than parameters (%d)"
                        % (len(y), n_params))
    return math.sqrt(rss / (len(y) - n_params))      # eq. (4): RSE = sqrt(RSS / (N - p - 1))
