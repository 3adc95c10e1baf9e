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

The functions live in three modules, all importable from here: ``labels``
(accuracy_score to threshold_sweep: predicted labels, or scores cut at a
threshold), ``scores`` (roc_curve, roc_auc_score, log_loss: scores and
probabilities), ``regression`` (r2_score, residual_standard_error).

Notation: y (true labels), yhat (predicted labels), s (scores: larger means
"more positive"), TP, FP, FN, TN (true/false positives/negatives),
n_pos and n_neg (the number of positive and negative examples), N (the
number of examples), p (the number of features, so p + 1 parameters with
the intercept).

Labels may be any hashable values that can be sorted together: 0/1, -1/+1,
"red"/"green". A ratio that is 0/0 (the precision of a classifier that
never says "positive") is *undefined*: it becomes ``zero_division``
(0.0 unless you ask for 1.0), never ``nan``.

Exceptions: every bad input raises ``minilogit.DataError`` (a
ValueError) whose message names the argument and the problem.

>>> y = [0, 0, 1, 1]
>>> accuracy_score(y, [0, 1, 1, 1]), precision_score(y, [0, 1, 1, 1])
(0.75, 0.6666666666666666)
>>> roc_auc_score(y, [0.1, 0.4, 0.35, 0.8])
0.75
"""

from .labels import (AVERAGES, accuracy_score, confusion_matrix, f1_score, majority_baseline,
                     precision_score, recall_score, threshold_sweep)
from .regression import r2_score, residual_standard_error
from .scores import EPS, log_loss, roc_auc_score, roc_curve
