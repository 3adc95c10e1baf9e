"""Pictures of the lecture as SVG text: no plotting library, no dependencies.

Every function returns a ``minilogit.svg.Picture``: the SVG as a str
(``minilogit.svg.save(svg, path)`` writes it), which a notebook shows as the
picture. Each takes ``width`` and ``height`` in pixels (one alone keeps the
natural aspect ratio), e.g. to fit two side by side in a notebook column.
Legends name the classes by their labels, or by ``class_names`` ({label: name}).
The drawing (the 640 x 400 canvas, axes with ticks at "nice" numbers, a
log scale, the legend) is ``minilogit.svg``'s ``Figure``; this module
holds the pictures and what they compute.

=========================  ====================================================
function                   picture
=========================  ====================================================
sigmoid_plot               sigma(a) and sigma(a)(1 - sigma(a)) on [-6, 6]
loss_history_plot          loss (or loss - optimum) per iteration, log scale
decision_boundary_plot     two features, points by class, the line f(x) = t
misclassification_plot     misclassification rate against the boundary t
roc_plot                   the ROC curve, the diagonal, the AUC
masking_plot               indicator regression against softmax, K = 3
fit_plot                   a fit's loss history and boundary (the CLI's --svg)
side_by_side               several of these pictures in one SVG, in a row
=========================  ====================================================

Exceptions: bad input (empty, nan, mismatched lengths, the wrong number of
features or classes, a width or height that is not a positive number) raises
``minilogit.DataError``; a model given
to ``masking_plot`` that is not fitted, ``NotFittedError``.

>>> svg = roc_plot([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
>>> svg.startswith("<svg"), "AUC = 0.750" in svg
(True, True)
"""

from .core.errors import DataError, NotFittedError
from .glm.families import family_and_link
from .core.functions import sigmoid
from .metrics import roc_auc_score, roc_curve, threshold_sweep
from .glm.model import GLM
from .models.least_squares import LeastSquaresClassifier
from .models.softmax import SoftmaxRegression
from .svg import COLOURS, DASHES, FONT, GREY, Figure, linspace, num, picture, svg_tag
from .svg import H, STYLE, W
from .core.checks import as_float, check_X, show_labels, sorted_labels
from .validation import check_binary_scores, check_numbers


def sigmoid_plot(width=None, height=None):
    """Draw sigma(a) and its derivative sigma(a)(1 - sigma(a)) for a in [-6, 6].

    >>> svg = sigmoid_plot()
    >>> svg.startswith("<svg"), "σ(a) = 1 / (1 + e^−a)" in svg
    (True, True)
    """
    a = linspace(-6.0, 6.0, 121)
    s = [sigmoid(v) for v in a]                  # eq. (5): sigma(a) = 1 / (1 + e^-a)
    ds = [v * (1.0 - v) for v in s]              # eq. (7): sigma'(a) = sigma(a)(1 - sigma(a))
    fig = Figure("The sigmoid and its derivative", "a", "value", a, [0.0, 1.0],
                 legend="upper left")
    fig.line(a, s, COLOURS[0], "σ(a) = 1 / (1 + e^−a)")
    fig.line(a, ds, COLOURS[1], "σ′(a) = σ(a)(1 − σ(a))", dash=DASHES[1])
    return fig.svg(width, height)


def _named_series(histories):
    """[(name, [floats])] from a dict (or list of pairs) of non-empty finite sequences."""
    pairs = list(histories.items()) if hasattr(histories, "items") else list(histories)
    if not pairs:
        raise DataError("histories is empty: give {solver name: [loss per iteration]}")
    out = []
    for name, values in pairs:
        values = list(values)
        if not values:
            raise DataError("histories[%r] is empty" % (name,))
        out.append((name, [as_float(v, "histories[%r][%d]" % (name, i))
                           for i, v in enumerate(values)]))
    return out


def loss_history_plot(histories, optimum=None, width=None, height=None):
    """Draw each solver's loss per iteration on a log scale.

    ``histories`` maps a solver name to its losses (a model's ``history_``;
    a list of (name, losses) pairs keeps the order on every runtime). With
    ``optimum``, the y axis shows loss - optimum, how far each solver still
    is from the minimum; values below 1e-15 max(1, |optimum|), where the
    difference is rounding noise, are drawn at that floor.

    >>> svg = loss_history_plot({"newton": [4.0, 1.5, 1.01, 1.0], "gd": [4.0, 3.0, 2.2, 1.7]},
    ...                         optimum=1.0)
    >>> svg.startswith("<svg"), "newton" in svg, "loss − optimum" in svg
    (True, True, True)
    """
    series = _named_series(histories)
    shift = 0.0 if optimum is None else as_float(optimum, "optimum")
    floor = 1e-15 * max(1.0, abs(shift))
    ys = [[max(v - shift, floor) for v in values] for _, values in series]
    n = max(len(v) for v in ys)
    fig = Figure("Loss per iteration", "iteration",
                 "loss" if optimum is None else "loss − optimum",
                 [0, n - 1], [v for y in ys for v in y], ylog=True, x_min_step=1)
    for k in range(len(series)):
        colour = COLOURS[k % len(COLOURS)]
        xs = list(range(len(ys[k])))
        fig.line(xs, ys[k], colour, series[k][0], dash=DASHES[k % len(DASHES)])
        if len(xs) <= 30:                # few iterations: show each one
            fig.points(xs, ys[k], colour, r=2.5)
    return fig.svg(width, height)


def decision_boundary_plot(model, X, y, threshold=None, feature_names=None, class_names=None,
                           width=None, height=None):
    """Draw two-feature data by class and the line b0 + b1 x1 + b2 x2 = threshold.

    ``model`` is any fitted binary model with ``intercept_`` and two
    ``coef_``. ``threshold`` defaults to ``model.threshold`` when it has
    one (``LeastSquaresClassifier``: xᵀbeta = 0.5), else 0 (a logistic
    model's log-odds 0, i.e. p = 0.5). The legend names each class by its
    label, or by its name in ``class_names`` ({label: name}). The axes are
    named by ``feature_names``, else the model's ``feature_names_in_`` (a data
    frame's columns), else x1 and x2.

    >>> from minilogit import LogisticRegression
    >>> X = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, 2.0], [0.5, 0.5],
    ...      [2.0, 1.0], [1.0, 2.0]]
    >>> y = [0, 0, 0, 1, 1, 1, 0, 1]
    >>> svg = decision_boundary_plot(LogisticRegression().fit(X, y), X, y,
    ...                              class_names={1: "yes"}, width=320)
    >>> ">yes</text>" in svg, ">0</text>" in svg, 'width="320" height="200"' in svg
    (True, True, True)
    """
    rows = check_X(X)
    if len(rows[0]) != 2:
        raise DataError("decision_boundary_plot needs 2 features, X has %d" % len(rows[0]))
    labels = list(y)
    if len(labels) != len(rows):
        raise DataError("X has %d rows but y has %d labels" % (len(rows), len(labels)))
    if getattr(model, "coef_", None) is None:
        raise NotFittedError("decision_boundary_plot needs a fitted model: call fit(X, y) first")
    coef = list(model.coef_)
    if len(coef) != 2:
        raise DataError("decision_boundary_plot needs a fitted binary model with 2 coef_")
    w1, w2 = as_float(coef[0], "coef_[0]"), as_float(coef[1], "coef_[1]")
    b0 = as_float(getattr(model, "intercept_", 0.0), "intercept_")
    if threshold is None:
        threshold = getattr(model, "threshold", None)
    t = as_float(0.0 if threshold is None else threshold, "threshold")
    if feature_names is None:                # a data frame's column names, else x1, x2
        feature_names = getattr(model, "feature_names_in_", None)
    names = ["x1", "x2"] if feature_names is None else [str(n) for n in feature_names]
    x1s, x2s = [r[0] for r in rows], [r[1] for r in rows]
    fig = Figure("Decision boundary", names[0], names[1], x1s, x2s, legend="right")
    classes = sorted_labels(labels, "y")
    for k in range(len(classes)):
        mine = [r for r, label in zip(rows, labels) if label == classes[k]]
        fig.points([r[0] for r in mine], [r[1] for r in mine], COLOURS[k % len(COLOURS)],
                   _name(classes[k], class_names))
    # The boundary b0 + w1 x1 + w2 x2 = t, solved for the better-conditioned coordinate.
    if abs(w2) >= abs(w1) and w2 != 0:
        xs = list(fig.xlim)
        ys = [(t - b0 - w1 * v) / w2 for v in xs]
    elif w1 != 0:
        ys = list(fig.ylim)
        xs = [(t - b0 - w2 * v) / w1 for v in ys]
    else:
        raise DataError("coef_ is zero: the model puts every point on the same side")
    fig.line(xs, ys, "#000000", "boundary: b0 + b·x = %s" % num(t), dash="6 3")
    return fig.svg(width, height)


def misclassification_plot(scores, y, thresholds=None, width=None, height=None):
    """Draw the misclassification rate of "positive when score >= t" against t.

    Lecture 000's figure for the least-squares classifier, whose minimum
    sits at a boundary of 0.44 there. y holds two classes, the larger
    (sorted) is positive. ``thresholds`` defaults to 201 values from just
    below the lowest score to just above the highest. The minimum is
    marked at the middle of the first run of thresholds that reach it.

    >>> svg = misclassification_plot([0.1, 0.3, 0.4, 0.6, 0.9], [0, 0, 1, 0, 1])
    >>> svg.startswith("<svg"), "minimum 0.200 at boundary 0.35" in svg
    (True, True)
    """
    is_pos, s = check_binary_scores(y, scores, lambda c: c[1], "a misclassification plot")
    if thresholds is None:
        lo, hi = min(s), max(s)
        pad = 0.05 * (hi - lo) or 0.5
        thresholds = linspace(lo - pad, hi + pad, 201)
    ts = sorted(check_numbers(thresholds, "thresholds"))
    # the flags are the labels, True the positive one; errors are FP + FN
    rates = [(row["fp"] + row["fn"]) / len(s)                          # eq. (2)
             for row in threshold_sweep(is_pos, s, ts, pos_label=True)]
    best = min(rates)
    i = rates.index(best)
    j = i
    while j + 1 < len(ts) and rates[j + 1] == best:
        j += 1
    t_best = (ts[i] + ts[j]) / 2
    fig = Figure("Misclassification against the decision boundary",
                 "decision boundary t (positive when score ≥ t)", "misclassification rate",
                 ts, rates + [0.0], legend="upper center")
    fig.line(ts, rates, COLOURS[0], "misclassification rate")
    fig.line([t_best, t_best], [fig.ylim[0], fig.ylim[1]], GREY, None, dash="4 4", width=1)
    fig.points([t_best], [best], COLOURS[1], "minimum %.3f at boundary %s"
               % (best, num(t_best)), r=5)
    return fig.svg(width, height)


def roc_plot(y_true, y_score, width=None, height=None):
    """Draw the ROC curve of the scores (``minilogit.metrics.roc_curve``) and its AUC.

    >>> svg = roc_plot([0, 1, 0, 1], [0.2, 0.9, 0.8, 0.7])
    >>> "AUC = 0.750" in svg, "false positive rate" in svg
    (True, True)
    """
    fpr, tpr, _ = roc_curve(y_true, y_score)
    auc = roc_auc_score(y_true, y_score)
    fig = Figure("ROC curve", "false positive rate", "true positive rate", [0.0, 1.0],
                 [0.0, 1.0], legend="lower right")
    fig.line([0.0, 1.0], [0.0, 1.0], GREY, "chance (AUC = 0.5)", dash="4 4", width=1)
    fig.line(fpr, tpr, COLOURS[0], "ROC curve (AUC = %.3f)" % auc)
    return fig.svg(width, height)


def _fitted_classes(model, name):
    """The classes_ of a fitted model, as a list; NotFittedError if it has none."""
    classes = getattr(model, "classes_", None)
    if classes is None:
        raise NotFittedError("masking_plot: %s is not fitted yet: call fit(X, y) first" % name)
    return list(classes)


def masking_plot(X, y, least_squares=None, softmax=None, class_names=None, width=None,
                 height=None):
    """Draw indicator regression's K fitted lines and softmax's K probabilities against x.

    X has one feature and y three (or more) classes, e.g.
    ``minilogit.datasets.make_masking()``. Each class gets one colour: a
    solid line for its least-squares fit to the indicator column, a dashed
    one for its softmax probability, and its data as points near the bottom.
    A class is masked where its solid line is nowhere on top.

    The legend names each class by its label, or by its name in
    ``class_names`` ({label: name}). ``least_squares`` and ``softmax`` may
    be a fitted ``LeastSquaresClassifier`` and ``SoftmaxRegression`` (one
    feature, the same classes); each one not given is fitted here to (X, y).

    >>> from minilogit.datasets import make_masking
    >>> X, y = make_masking(n_per_class=10)
    >>> svg = masking_plot(X, y)
    >>> svg.startswith("<svg"), "1: softmax p" in svg
    (True, True)
    >>> svg == masking_plot(X, y, LeastSquaresClassifier().fit(X, y),
    ...                     SoftmaxRegression(penalty="l2", lam=0.5).fit(X, y))
    True
    """
    rows = check_X(X)
    if len(rows[0]) != 1:
        raise DataError("masking_plot needs 1 feature, X has %d" % len(rows[0]))
    labels = list(y)
    counted = "least_squares"            # where the classes below come from
    if least_squares is None:
        least_squares, counted = LeastSquaresClassifier().fit(rows, labels), "y"
    classes = _fitted_classes(least_squares, "least_squares")
    if len(classes) < 3:
        raise DataError("masking_plot needs 3 or more classes, %s has %d"
                        % (counted, len(classes)))
    if softmax is None:
        softmax = SoftmaxRegression(penalty="l2", lam=0.5).fit(rows, labels)   # the ridge: finite
    if _fitted_classes(softmax, "softmax") != classes:
        raise DataError("least_squares has the classes %s but softmax has %s: they must be "
                        "fitted to the same classes"
                        % (show_labels(classes), show_labels(list(softmax.classes_))))
    if len(labels) != len(rows):         # (a model fitted here has checked this)
        raise DataError("X has %d rows but y has %d labels" % (len(rows), len(labels)))
    xs = [r[0] for r in rows]
    grid = linspace(min(xs), max(xs))
    fitted = least_squares.fitted_value([[g] for g in grid])   # eq. (3): (1, x) B
    probs = softmax.predict_proba([[g] for g in grid])              # eq. (25): softmax
    fig = Figure("Masking: indicator regression against softmax", "x",
                 "fitted value or probability", grid,
                 [v for f in fitted for v in f] + [-0.1, 1.0], legend="right")
    rug = fig.ylim[0] + 0.02 * (fig.ylim[1] - fig.ylim[0])
    for k, c in enumerate(classes):
        colour = COLOURS[k % len(COLOURS)]
        name = _name(c, class_names)
        fig.line(grid, [f[k] for f in fitted], colour, name + ": least squares")
        fig.line(grid, [p[k] for p in probs], colour, name + ": softmax p", dash="6 4")
        mine = [x for x, label in zip(xs, labels) if label == c]
        fig.points(mine, [rug] * len(mine), colour, name + ": data")
    return fig.svg(width, height)


def _name(label, class_names):
    """A class in a legend: its name in ``class_names`` ({label: name}), else its label."""
    if class_names is None:
        return str(label)
    if not hasattr(class_names, "items"):
        raise DataError("class_names must be a dict {label: name}, got %r" % (class_names,))
    return str(class_names[label]) if label in class_names else str(label)


def fit_plot(model, data, width=None, height=None):
    """The SVG for --svg: the loss history (of a converged fit: L - L_min, its
    distance from the final loss), beside it the decision boundary if drawable.

    The boundary is drawn for a binary model (logistic regression, or a
    binomial GLM: the line where its mean is 1/2) on exactly two features.
    Two pictures are placed side by side in one SVG of twice the width.

    >>> from minilogit import LogisticRegression
    >>> from minilogit.datasets import Dataset
    >>> data = Dataset([[0.0, 1.0], [1.0, 0.0], [2.0, 2.0], [3.0, 1.0]], [0, 1, 0, 1], ["a", "b"], "y")
    >>> svg = fit_plot(LogisticRegression(penalty="l2").fit(data.data, data.target), data)
    >>> svg.startswith("<svg"), 'width="1280"' in svg, "loss − optimum" in svg
    (True, True, True)
    """
    model._check_fitted()
    if isinstance(model, LeastSquaresClassifier):     # solved in one step: no loss history
        raise DataError("fit_plot draws the loss history of an iterative fit; a "
                        "LeastSquaresClassifier is solved in one step and has none")
    history = model.history_
    optimum = None
    # converged: L - L_min, so that Newton's quadratic convergence shows as a falling
    # curve (the raw loss flattens at once); and when the loss reaches 0 (a gaussian
    # GLM's perfect fit), which a log scale cannot show
    if getattr(model, "converged_", False) or min(history) <= 0:
        optimum = min(history)
    svgs = [loss_history_plot([(model.solver, history)], optimum=optimum)]
    binary = (getattr(model, "family", "binomial") == "binomial"   # K classes: no one line
              and not isinstance(model, SoftmaxRegression))
    if binary and len(data.feature_names) == 2:
        t = 0.0                      # the log-odds at p = 1/2
        if isinstance(model, GLM):
            t = family_and_link(model.family, model.link)[1].link(0.5)
        svgs.append(decision_boundary_plot(model, data.data, data.target, threshold=t,
                                           feature_names=data.feature_names))
    return side_by_side(svgs, width, height)


def side_by_side(svgs, width=None, height=None):
    """One SVG holding the given pictures of this module in a row, each at its natural
    size, the whole drawn at ``width`` x ``height`` (default: the sum of the widths;
    one picture alone is itself).

    Each keeps its own clip path, renamed so that the ids stay unique.

    >>> svg = side_by_side([sigmoid_plot(), sigmoid_plot(width=100)], width=800)
    >>> svg.count("<svg"), 'width="800" height="250"' in svg, 'id="area1"' in svg
    (3, True, True)
    """
    if len(svgs) == 1:                   # one picture: itself, at the size asked
        return picture(svg_tag(W, H, width, height, FONT) + svgs[0][svgs[0].index(">") + 1:])
    parts = []
    for k in range(len(svgs)):
        svg = svgs[k].replace('id="area"', 'id="area%d"' % k)
        svg = svg.replace("url(#area)", "url(#area%d)" % k)
        tag = svg_tag(W, H, more=FONT).replace("<svg ", '<svg x="%d" ' % (k * W))
        tag = tag.replace(STYLE, "")        # a part inside the whole is drawn, not laid out
        parts.append(tag + svg[svg.index(">") + 1:])          # at the natural size
    w = W * len(svgs)
    return picture(svg_tag(w, H, width, height) + "\n%s</svg>\n" % "".join(parts))
