"""Pictures of the lecture as SVG text: no plotting library, no dependencies.

Every function returns the SVG as a string; ``save(svg, path)`` writes it.
The pictures have a fixed natural size (640 x 400), axes with ticks at
"nice" numbers (1, 2 or 5 times a power of ten), axis labels, a title and a
legend; coordinates are rounded to 2 decimals.

=========================  ====================================================
function                   picture
=========================  ====================================================
sigmoid_plot               sigma(a) and sigma(a)(1 - sigma(a)) on [-6, 6]
loss_history_plot          loss (or loss - optimum) per iteration, log scale
decision_boundary_plot     two features, points by class, the line f(x) = t
misclassification_plot     misclassification rate against the boundary t
roc_plot                   the ROC curve, the diagonal, the AUC
masking_plot               indicator regression against softmax, K = 3
save                       write an SVG string to a file
=========================  ====================================================

Exceptions: bad input (empty, nan, mismatched lengths, the wrong number of
features or classes) raises ``minilogit.errors.DataError``.

>>> svg = roc_plot([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
>>> svg.startswith("<svg"), "AUC = 0.750" in svg
(True, True)
"""

import math

from .errors import DataError
from .functions import sigmoid
from .metrics import _numbers, _positives_and_scores, _sorted_set, roc_auc_score, roc_curve
from .models import LeastSquaresClassifier, SoftmaxRegression
from .validation import _as_float, check_X

W, H = 640, 400                          # the canvas (and the natural size)
LEFT, TOP, BOTTOM = 70, 40, 340          # the plot area's edges; its right edge varies
LEGEND_WIDTH = 200                       # room taken on the right by legend="right"
# Okabe and Ito (2008), "Color universal design": told apart with any colour vision.
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")
DASHES = (None, "8 4", "2 3", "12 3 3 3")
GREY = "#888888"


# -- the toolkit ---------------------------------------------------------------

def _num(v):
    """A coordinate rounded to 2 decimals, without trailing zeros: 12.5, 3, -0.25."""
    if not math.isfinite(v):
        raise DataError("cannot draw the non-finite coordinate %r" % (v,))
    s = ("%.2f" % v).rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def _esc(text):
    """Text made safe for XML: & < > and quotes escaped."""
    return (str(text).replace("&", "&amp;").replace("<", "&lt;")
            .replace(">", "&gt;").replace('"', "&quot;"))


def _axis(lo, hi, min_step=0.0):
    """(limits, ticks, labels) of a linear axis showing [lo, hi].

    The limits add 4% on each side (so nothing sits on the frame); the
    ticks are the multiples of the smallest step 1, 2 or 5 times 10^e
    (at least ``min_step``) of which at most 7 fall inside the limits.
    """
    if hi - lo <= 1e-12 * max(abs(lo), abs(hi), 1.0):
        pad = abs(lo) * 0.1 or 1.0       # one value: make an interval around it
        lo, hi = lo - pad, hi + pad
    lo, hi = lo - 0.04 * (hi - lo), hi + 0.04 * (hi - lo)
    e = int(math.floor(math.log10((hi - lo) / 10)))
    while True:
        for m in (1, 2, 5):
            step = max(m * 10.0 ** e, min_step)
            first = int(math.ceil(lo / step - 1e-9))
            last = int(math.floor(hi / step + 1e-9))
            if last - first < 7:
                ticks = [k * step for k in range(first, last + 1)]
                fmt = "%." + str(max(0, -e) if step > min_step else 0) + "f"
                if abs(e) > 4:           # 1e-05, 2e+06: short labels for tiny or huge steps
                    fmt = "%.3g"
                return (lo, hi), ticks, [_tidy(fmt % t) for t in ticks]
        e += 1


def _tidy(label):
    """'-0.0' -> '0.0': a tick at zero has no sign."""
    return label[1:] if label[:1] == "-" and label.strip("-0.") == "" else label


def _log_ticks(lo, hi):
    """(exponents, labels): powers of ten covering [lo, hi] (lo > 0), at most about 8."""
    e0, e1 = int(math.floor(math.log10(lo))), int(math.ceil(math.log10(hi)))
    if e1 == e0:
        e1 += 1
    stride = max(1, -(-(e1 - e0) // 8))  # ceil((e1 - e0) / 8) decades per tick
    e0 -= e0 % stride
    exps = list(range(e0, e1 + stride, stride))   # the last one is the first >= e1
    return [float(e) for e in exps], ["1e%d" % e for e in exps]


class _Figure:
    """One set of axes: give the data ranges, add series, then ``svg()``.

    ``legend`` is "upper left", "upper center", "upper right", "lower left",
    "lower right" (inside the frame) or "right" (beside it, the plot narrower).
    """

    def __init__(self, title, xlabel, ylabel, xs, ys, ylog=False, legend="upper right",
                 x_min_step=0.0):
        self.title, self.xlabel, self.ylabel = title, xlabel, ylabel
        self.ylog, self.legend = ylog, legend
        self.right = W - 20 - (LEGEND_WIDTH if legend == "right" else 0)
        self.xlim, self.xticks, self.xlabels = _axis(min(xs), max(xs), x_min_step)
        if ylog:                         # ticks and limits are exponents of 10
            self.yticks, self.ylabels = _log_ticks(min(ys), max(ys))
            self.ylim = (self.yticks[0], self.yticks[-1])
        else:
            self.ylim, self.yticks, self.ylabels = _axis(min(ys), max(ys))
        self.items, self.keys = [], []   # SVG of the series; legend (label, colour, dash, dot)

    def px(self, x):
        x0, x1 = self.xlim
        return LEFT + (x - x0) / (x1 - x0) * (self.right - LEFT)

    def py(self, y):
        return self._ty(math.log10(y) if self.ylog else y)

    def _ty(self, t):
        """The pixel row of t, a value on the y axis's (possibly log10) scale."""
        y0, y1 = self.ylim
        return BOTTOM - (t - y0) / (y1 - y0) * (BOTTOM - TOP)

    def line(self, xs, ys, colour, label=None, dash=None, width=2):
        pts = " ".join(_num(self.px(x)) + "," + _num(self.py(y)) for x, y in zip(xs, ys))
        self.items.append('<polyline points="%s" fill="none" stroke="%s" stroke-width="%s"%s/>'
                          % (pts, colour, width, _dash(dash)))
        if label is not None:
            self.keys.append((label, colour, dash, False))

    def points(self, xs, ys, colour, label=None, r=3):
        for x, y in zip(xs, ys):
            self.items.append('<circle cx="%s" cy="%s" r="%s" fill="%s" fill-opacity="0.6"/>'
                              % (_num(self.px(x)), _num(self.py(y)), r, colour))
        if label is not None:
            self.keys.append((label, colour, None, True))

    def svg(self):
        r, mid = self.right, (LEFT + self.right) / 2
        out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
               'viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">' % (W, H, W, H),
               '<rect width="%d" height="%d" fill="white"/>' % (W, H),
               '<defs><clipPath id="area"><rect x="%d" y="%d" width="%d" height="%d"/>'
               '</clipPath></defs>' % (LEFT, TOP, r - LEFT, BOTTOM - TOP)]
        for t, label in zip(self.xticks, self.xlabels):
            x = _num(self.px(t))
            out.append('<line x1="%s" y1="%d" x2="%s" y2="%d" stroke="#e4e4e4"/>'
                       '<text x="%s" y="%d" text-anchor="middle">%s</text>'
                       % (x, TOP, x, BOTTOM + 5, x, BOTTOM + 19, _esc(label)))
        for t, label in zip(self.yticks, self.ylabels):
            y = _num(self._ty(t))
            out.append('<line x1="%d" y1="%s" x2="%d" y2="%s" stroke="#e4e4e4"/>'
                       '<text x="%d" y="%s" text-anchor="end" dy="4">%s</text>'
                       % (LEFT - 5, y, r, y, LEFT - 8, y, _esc(label)))
        out.append('<g clip-path="url(#area)">')
        out.extend(self.items)
        out.append('</g>')
        out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#333"/>'
                   % (LEFT, TOP, r - LEFT, BOTTOM - TOP))
        out.append('<text x="%s" y="24" text-anchor="middle" font-size="15" '
                   'font-weight="bold">%s</text>' % (_num(mid), _esc(self.title)))
        out.append('<text x="%s" y="%d" text-anchor="middle">%s</text>'
                   % (_num(mid), BOTTOM + 42, _esc(self.xlabel)))
        ymid = _num((TOP + BOTTOM) / 2)
        out.append('<text x="18" y="%s" text-anchor="middle" transform="rotate(-90 18 %s)">'
                   '%s</text>' % (ymid, ymid, _esc(self.ylabel)))
        out.extend(self._legend())
        out.append('</svg>')
        return "\n".join(out) + "\n"

    def _legend(self):
        if not self.keys:
            return []
        w = int(40 + 6.5 * max(len(k[0]) for k in self.keys))
        h = 8 + 18 * len(self.keys)
        where = self.legend
        if where == "right":             # outside the plot area, which left room for it
            x = self.right + 12
        elif where.endswith("center"):
            x = (LEFT + self.right - w) // 2
        else:
            x = self.right - w - 8 if where.endswith("right") else LEFT + 8
        y = BOTTOM - h - 8 if where.startswith("lower") else TOP + 8
        out = ['<rect x="%d" y="%d" width="%d" height="%d" fill="white" fill-opacity="0.9" '
               'stroke="#bbb"/>' % (x, y, w, h)]
        for i, (label, colour, dash, dot) in enumerate(self.keys):
            cy = y + 13 + 18 * i
            if dot:
                out.append('<circle cx="%d" cy="%d" r="4" fill="%s"/>' % (x + 17, cy, colour))
            else:
                out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"%s/>'
                           % (x + 6, cy, x + 28, cy, colour, _dash(dash)))
            out.append('<text x="%d" y="%d" dy="4">%s</text>' % (x + 34, cy, _esc(label)))
        return out


def _dash(dash):
    return ' stroke-dasharray="%s"' % dash if dash else ""


def _grid(lo, hi, n=101):
    return [lo + (hi - lo) * k / (n - 1) for k in range(n)]


# -- the pictures --------------------------------------------------------------

def sigmoid_plot():
    """Draw sigma(a) and its derivative sigma(a)(1 - sigma(a)) for a in [-6, 6].

    >>> svg = sigmoid_plot()
    >>> svg.startswith("<svg"), "σ(a) = 1 / (1 + e^−a)" in svg
    (True, True)
    """
    a = _grid(-6.0, 6.0, 121)
    s = [sigmoid(v) for v in a]                  # eq. (5): sigma(a) = 1 / (1 + e^-a)
    ds = [v * (1.0 - v) for v in s]              # eq. (7): sigma'(a) = sigma(a)(1 - sigma(a))
    fig = _Figure("The sigmoid and its derivative", "a", "value", a, [0.0, 1.0],
                  legend="upper left")
    fig.line(a, s, COLOURS[0], "σ(a) = 1 / (1 + e^−a)")
    fig.line(a, ds, COLOURS[1], "σ′(a) = σ(a)(1 − σ(a))", dash=DASHES[1])
    return fig.svg()


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
        out.append((name, [_as_float(v, "histories[%r][%d]" % (name, i))
                           for i, v in enumerate(values)]))
    return out


def loss_history_plot(histories, optimum=None):
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
    shift = 0.0 if optimum is None else _as_float(optimum, "optimum")
    floor = 1e-15 * max(1.0, abs(shift))
    ys = [[max(v - shift, floor) for v in values] for _, values in series]
    n = max(len(v) for v in ys)
    fig = _Figure("Loss per iteration", "iteration",
                  "loss" if optimum is None else "loss − optimum",
                  [0, n - 1], [v for y in ys for v in y], ylog=True, x_min_step=1)
    for k in range(len(series)):
        colour = COLOURS[k % len(COLOURS)]
        xs = list(range(len(ys[k])))
        fig.line(xs, ys[k], colour, series[k][0], dash=DASHES[k % len(DASHES)])
        if len(xs) <= 30:                # few iterations: show each one
            fig.points(xs, ys[k], colour, r=2.5)
    return fig.svg()


def decision_boundary_plot(model, X, y, threshold=None, feature_names=None):
    """Draw two-feature data by class and the line b0 + b1 x1 + b2 x2 = threshold.

    ``model`` is any fitted binary model with ``intercept_`` and two
    ``coef_``. ``threshold`` defaults to ``model.threshold`` when it has
    one (``LeastSquaresClassifier``: xᵀbeta = 0.5), else 0 (a logistic
    model's log-odds 0, i.e. p = 0.5).

    >>> from minilogit import LogisticRegression
    >>> X = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, 2.0], [0.5, 0.5],
    ...      [2.0, 1.0], [1.0, 2.0]]
    >>> y = [0, 0, 0, 1, 1, 1, 0, 1]
    >>> svg = decision_boundary_plot(LogisticRegression().fit(X, y), X, y)
    >>> svg.startswith("<svg"), "class 1" in svg, "boundary" in svg
    (True, True, True)
    """
    rows = check_X(X)
    if len(rows[0]) != 2:
        raise DataError("decision_boundary_plot needs 2 features, X has %d" % len(rows[0]))
    labels = list(y)
    if len(labels) != len(rows):
        raise DataError("X has %d rows but y has %d labels" % (len(rows), len(labels)))
    coef = list(getattr(model, "coef_", None) or [])
    if len(coef) != 2:
        raise DataError("decision_boundary_plot needs a fitted binary model with 2 coef_")
    w1, w2 = _as_float(coef[0], "coef_[0]"), _as_float(coef[1], "coef_[1]")
    b0 = _as_float(getattr(model, "intercept_", 0.0), "intercept_")
    if threshold is None:
        threshold = getattr(model, "threshold", None)
    t = _as_float(0.0 if threshold is None else threshold, "threshold")
    names = feature_names or ["x1", "x2"]
    x1s, x2s = [r[0] for r in rows], [r[1] for r in rows]
    fig = _Figure("Decision boundary", names[0], names[1], x1s, x2s, legend="right")
    classes = _sorted_set(labels, "y")
    for k in range(len(classes)):
        mine = [r for r, label in zip(rows, labels) if label == classes[k]]
        fig.points([r[0] for r in mine], [r[1] for r in mine], COLOURS[k % len(COLOURS)],
                   "class %s" % (classes[k],))
    # The boundary b0 + w1 x1 + w2 x2 = t, solved for the better-conditioned coordinate.
    if abs(w2) >= abs(w1) and w2 != 0:
        xs = list(fig.xlim)
        ys = [(t - b0 - w1 * v) / w2 for v in xs]
    elif w1 != 0:
        ys = list(fig.ylim)
        xs = [(t - b0 - w2 * v) / w1 for v in ys]
    else:
        raise DataError("coef_ is zero: the model puts every point on the same side")
    fig.line(xs, ys, "#000000", "boundary: b0 + b·x = %s" % _num(t), dash="6 3")
    return fig.svg()


def misclassification_plot(scores, y, thresholds=None):
    """Draw the misclassification rate of "positive when score >= t" against t.

    The lecture's figure for the least-squares classifier, whose minimum
    sits at a boundary of 0.44 there. y holds two classes, the larger
    (sorted) is positive. ``thresholds`` defaults to 201 values from just
    below the lowest score to just above the highest. The minimum is
    marked at the middle of the first run of thresholds that reach it.

    >>> svg = misclassification_plot([0.1, 0.3, 0.4, 0.6, 0.9], [0, 0, 1, 0, 1])
    >>> svg.startswith("<svg"), "minimum 0.200 at boundary 0.35" in svg
    (True, True)
    """
    is_pos, s = _positives_and_scores(y, scores, lambda c: c[1], "a misclassification plot")
    if thresholds is None:
        lo, hi = min(s), max(s)
        pad = 0.05 * (hi - lo) or 0.5
        thresholds = _grid(lo - pad, hi + pad, 201)
    ts = sorted(_numbers(thresholds, "thresholds"))
    rates = [sum(1 for p, v in zip(is_pos, s) if (v >= t) != p) / len(s)   # eq. (2)
             for t in ts]
    best = min(rates)
    i = rates.index(best)
    j = i
    while j + 1 < len(ts) and rates[j + 1] == best:
        j += 1
    t_best = (ts[i] + ts[j]) / 2
    fig = _Figure("Misclassification against the decision boundary",
                  "decision boundary t (positive when score ≥ t)", "misclassification rate",
                  ts, rates + [0.0], legend="upper center")
    fig.line(ts, rates, COLOURS[0], "misclassification rate")
    fig.line([t_best, t_best], [fig.ylim[0], fig.ylim[1]], GREY, None, dash="4 4", width=1)
    fig.points([t_best], [best], COLOURS[1], "minimum %.3f at boundary %s"
               % (best, _num(t_best)), r=5)
    return fig.svg()


def roc_plot(y_true, y_score):
    """Draw the ROC curve of the scores (``minilogit.metrics.roc_curve``) and its AUC.

    >>> svg = roc_plot([0, 1, 0, 1], [0.2, 0.9, 0.8, 0.7])
    >>> "AUC = 0.750" in svg, "false positive rate" in svg
    (True, True)
    """
    fpr, tpr, _ = roc_curve(y_true, y_score)
    auc = roc_auc_score(y_true, y_score)
    fig = _Figure("ROC curve", "false positive rate", "true positive rate", [0.0, 1.0],
                  [0.0, 1.0], legend="lower right")
    fig.line([0.0, 1.0], [0.0, 1.0], GREY, "chance (AUC = 0.5)", dash="4 4", width=1)
    fig.line(fpr, tpr, COLOURS[0], "ROC curve (AUC = %.3f)" % auc)
    return fig.svg()


def masking_plot(X, y):
    """Draw indicator regression's K fitted lines and softmax's K probabilities against x.

    X has one feature and y three (or more) classes, e.g.
    ``minilogit.datasets.make_masking()``. Each class gets one colour: a
    solid line for its least-squares fit to the indicator column, a dashed
    one for its softmax probability, and its data as points near the bottom.
    A class is masked where its solid line is nowhere on top.

    >>> from minilogit.datasets import make_masking
    >>> svg = masking_plot(*make_masking(n_per_class=10))
    >>> svg.startswith("<svg"), "class 1: softmax p" in svg
    (True, True)
    """
    rows = check_X(X)
    if len(rows[0]) != 1:
        raise DataError("masking_plot needs 1 feature, X has %d" % len(rows[0]))
    labels = list(y)
    least_squares = LeastSquaresClassifier().fit(rows, labels)
    if len(least_squares.classes_) < 3:
        raise DataError("masking_plot needs 3 or more classes, y has %d"
                        % len(least_squares.classes_))
    softmax = SoftmaxRegression().fit(rows, labels)
    xs = [r[0] for r in rows]
    grid = _grid(min(xs), max(xs))
    fitted = least_squares.decision_function([[g] for g in grid])   # eq. (3): (1, x) B
    probs = softmax.predict_proba([[g] for g in grid])              # eq. (25): softmax
    fig = _Figure("Masking: indicator regression against softmax", "x",
                  "fitted value or probability", grid,
                  [v for f in fitted for v in f] + [-0.1, 1.0], legend="right")
    rug = fig.ylim[0] + 0.02 * (fig.ylim[1] - fig.ylim[0])
    for k, c in enumerate(least_squares.classes_):
        colour = COLOURS[k % len(COLOURS)]
        fig.line(grid, [f[k] for f in fitted], colour, "class %s: least squares" % (c,))
        fig.line(grid, [p[k] for p in probs], colour, "class %s: softmax p" % (c,), dash="6 4")
        mine = [x for x, label in zip(xs, labels) if label == c]
        fig.points(mine, [rug] * len(mine), colour, "class %s: data" % (c,))
    return fig.svg()


def save(svg, path):
    """Write the SVG string ``svg`` to the file ``path`` (UTF-8).

    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = os.path.join(folder, "sigmoid.svg")
    ...     save(sigmoid_plot(), path)
    ...     with open(path, encoding="utf-8") as f:
    ...         print(f.read()[:4])
    <svg
    """
    try:
        f = open(path, "w", encoding="utf-8")
    except TypeError:                    # a runtime whose open() takes no encoding
        f = open(path, "w")
    with f:
        f.write(svg)
