"""A small SVG toolkit: one set of axes per picture, as text, no dependencies.

``Figure`` is given the data ranges, collects lines and points, and
renders them with ``svg()`` as a ``Picture``: SVG text that a notebook
shows as the picture. Every picture has a natural size (640 x 400), drawn
at any other width and height the caller asks for; axes with ticks at "nice" numbers (1, 2 or 5 times a power of ten;
powers of ten on a log scale), axis labels, a title and a legend;
coordinates are rounded to 2 decimals. ``minilogit.plot`` draws the
lecture's pictures with it.

=========================  ====================================================
name                       what it is
=========================  ====================================================
Figure                     axes: line(), points(), text(), svg()
Picture                    SVG text with _repr_svg_, for notebooks
texts                      the words a picture shows: title, ticks, labels, legend
sized, svg_tag             the drawn size; the opening <svg> tag
num                        a coordinate as text, rounded to 2 decimals
linspace                   n equally spaced values from lo to hi
save                       write an SVG string to a file
COLOURS, DASHES, GREY      the series' colours and dash patterns
W, H                       the canvas: 640 x 400
=========================  ====================================================

Exceptions: a coordinate that is nan or infinite, or a size that is not
a positive number, raises ``minilogit.DataError``.

>>> fig = Figure("A line", "x", "y", [0.0, 1.0], [0.0, 2.0], legend="upper left")
>>> fig.line([0.0, 1.0], [0.0, 2.0], COLOURS[0], "y = 2x")
>>> picture = fig.svg()
>>> picture.startswith("<svg"), ">y = 2x</text>" in picture
(True, True)
"""

import math

from .core.checks import as_float
from .core.errors import DataError
from .tables import WHOLE, escape

W, H = 640, 400                          # the canvas (and the natural size)
LEFT, TOP, BOTTOM = 70, 40, 340          # the plot area's edges; its right edge varies
LEGEND_WIDTH = 200                       # room taken on the right by legend="right"
# Okabe and Ito (2008), "Color universal design": told apart with any colour vision.
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")
DASHES = (None, "8 4", "2 3", "12 3 3 3")
GREY = "#888888"
FONT = ' font-family="sans-serif" font-size="12"'    # the <svg> tag's text settings


def num(v):
    """Return a coordinate rounded to 2 decimals, without trailing zeros.

    A nan or infinite coordinate raises ``DataError``.

    >>> num(12.5), num(3.0), num(-0.254), num(-0.001)
    ('12.5', '3', '-0.25', '0')
    """
    if not math.isfinite(v):
        raise DataError("cannot draw the non-finite coordinate %r" % (v,))
    s = ("%.2f" % v).rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


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
    """(exponents, labels): powers of ten covering [lo, hi] (lo > 0), at most
    about 8; across three decades or fewer also 2 and 5 times each, so that
    the axis has enough labels to read. The first and last are the limits.

    >>> _log_ticks(130.0, 394.0)[1]
    ['100', '200', '500', '1000']
    >>> _log_ticks(1e-9, 10.0)[1]
    ['1e-10', '1e-8', '1e-6', '1e-4', '1e-2', '1e0', '1e2']
    """
    e0, e1 = int(math.floor(math.log10(lo))), int(math.ceil(math.log10(hi)))
    if e1 == e0:
        e1 += 1
    stride = max(1, -(-(e1 - e0) // 8))  # ceil((e1 - e0) / 8) decades per tick
    e0 -= e0 % stride
    exps = list(range(e0, e1 + stride, stride))   # the last one is the first >= e1
    if e1 - e0 > 3:
        return [float(e) for e in exps], ["1e%d" % e for e in exps]
    values = [m * 10.0 ** e for e in exps[:-1] for m in (1, 2, 5)] + [10.0 ** exps[-1]]
    return [math.log10(v) for v in values], ["%g" % v for v in values]


class Figure:
    """One set of axes: give the data ranges, add series, then ``svg()``.

    ``legend`` is "upper left", "upper center", "upper right", "lower left",
    "lower right" (inside the frame) or "right" (beside it, the plot narrower).

    >>> fig = Figure("t", "x", "y", (0.0, 1.0), (0.0, 1.0))
    >>> fig.svg().startswith("<svg")
    True
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
        pts = " ".join(num(self.px(x)) + "," + num(self.py(y)) for x, y in zip(xs, ys))
        self.items.append('<polyline points="%s" fill="none" stroke="%s" stroke-width="%s"%s/>'
                          % (pts, colour, width, _dash(dash)))
        if label is not None:
            self.keys.append((label, colour, dash, False))

    def points(self, xs, ys, colour, label=None, r=3):
        for x, y in zip(xs, ys):
            self.items.append('<circle cx="%s" cy="%s" r="%s" fill="%s" fill-opacity="0.6"/>'
                              % (num(self.px(x)), num(self.py(y)), r, colour))
        if label is not None:
            self.keys.append((label, colour, None, True))

    def text(self, x, y, label, colour="#333333", anchor="middle", dx=0, dy=0):
        """Write ``label`` at the point (x, y) of the axes, moved by (dx, dy) pixels;
        ``anchor`` is "start", "middle" or "end" (where the point is in the text)."""
        self.items.append('<text x="%s" y="%s" text-anchor="%s" fill="%s">%s</text>'
                          % (num(self.px(x) + dx), num(self.py(y) + dy), anchor, colour,
                             escape(label)))

    def svg(self, width=None, height=None):
        """The picture as a ``Picture`` (SVG text), drawn at ``width`` x ``height``
        (see ``sized``)."""
        r, mid = self.right, (LEFT + self.right) / 2
        out = [svg_tag(W, H, width, height, FONT),
               '<rect width="%d" height="%d" fill="white"/>' % (W, H),
               '<defs><clipPath id="area"><rect x="%d" y="%d" width="%d" height="%d"/>'
               '</clipPath></defs>' % (LEFT, TOP, r - LEFT, BOTTOM - TOP)]
        for t, label in zip(self.xticks, self.xlabels):
            x = num(self.px(t))
            out.append('<line x1="%s" y1="%d" x2="%s" y2="%d" stroke="#e4e4e4"/>'
                       '<text x="%s" y="%d" text-anchor="middle">%s</text>'
                       % (x, TOP, x, BOTTOM + 5, x, BOTTOM + 19, escape(label)))
        for t, label in zip(self.yticks, self.ylabels):
            y = num(self._ty(t))
            out.append('<line x1="%d" y1="%s" x2="%d" y2="%s" stroke="#e4e4e4"/>'
                       '<text x="%d" y="%s" text-anchor="end" dy="4">%s</text>'
                       % (LEFT - 5, y, r, y, LEFT - 8, y, escape(label)))
        out.append('<g clip-path="url(#area)">')
        out.extend(self.items)
        out.append('</g>')
        out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#333"/>'
                   % (LEFT, TOP, r - LEFT, BOTTOM - TOP))
        out.append('<text x="%s" y="24" text-anchor="middle" font-size="15" '
                   'font-weight="bold">%s</text>' % (num(mid), escape(self.title)))
        out.append('<text x="%s" y="%d" text-anchor="middle">%s</text>'
                   % (num(mid), BOTTOM + 42, escape(self.xlabel)))
        ymid = num((TOP + BOTTOM) / 2)
        out.append('<text x="18" y="%s" text-anchor="middle" transform="rotate(-90 18 %s)">'
                   '%s</text>' % (ymid, ymid, escape(self.ylabel)))
        out.extend(self._legend())
        out.append('</svg>')
        return picture("\n".join(out) + "\n")

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
            out.append('<text x="%d" y="%d" dy="4">%s</text>' % (x + 34, cy, escape(label)))
        return out


class Picture(str):
    """SVG text that a notebook shows as the picture (``_repr_svg_``); as a str it
    is the SVG itself, for ``print``, ``save`` or a web page. Its ``repr`` is
    one line, not pages of SVG.

    >>> p = Figure("t", "x", "y", (0.0, 1.0), (0.0, 1.0)).svg(width=320)
    >>> p._repr_svg_() == p, p.startswith("<svg")
    (True, True)
    >>> p
    <Picture: SVG, 320 x 200 px>
    """

    def __repr__(self):
        tag = self[:self.index(">")]
        width, height = [tag.split(' %s="' % n)[1].split('"')[0] for n in ("width", "height")]
        return "<Picture: SVG, %s x %s px>" % (width, height)

    def _repr_svg_(self):
        return str.__str__(self)


def picture(svg):
    """``svg`` as a Picture (where a str subclass is a whole str: not on MicroPython).

    >>> str(picture("<svg/>"))
    '<svg/>'
    """
    return Picture(svg) if WHOLE else svg


def texts(svg):
    """Return the words an SVG of this module shows, in order: each ``<text>``'s
    content (its title, tick labels, axis labels, legend), unescaped.

    >>> fig = Figure("A line", "x", "y", [0.0, 1.0], [0.0, 2.0])
    >>> fig.line([0.0, 1.0], [0.0, 2.0], COLOURS[0], "y = 2x & <more>")
    >>> texts(fig.svg())[-4:]
    ['A line', 'x', 'y', 'y = 2x & <more>']
    """
    out = []
    for part in svg.split("<text")[1:]:
        word = part[part.index(">") + 1:part.index("</text>")]
        out.append(word.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"')
                   .replace("&amp;", "&"))
    return out


def sized(natural_width, natural_height, width=None, height=None):
    """(width, height) at which to draw a picture whose viewBox is natural_width x
    natural_height: as given, the natural size when neither is, and the natural
    aspect ratio when one is. A size that is not a positive number raises DataError.

    >>> sized(640, 400), sized(640, 400, width=320), sized(640, 400, height=100)
    ((640, 400), (320, 200.0), (160.0, 100))
    """
    for value, name in ((width, "width"), (height, "height")):
        if value is not None and not as_float(value, name) > 0:
            raise DataError("%s must be a positive number of pixels, got %r" % (name, value))
    if width is None and height is None:
        return natural_width, natural_height
    if height is None:
        return width, width * natural_height / natural_width
    if width is None:
        return height * natural_width / natural_height, height
    return width, height


STYLE = ' style="max-width: 100%; height: auto"'   # see svg_tag


def svg_tag(w, h, width=None, height=None, more=""):
    """The opening <svg> tag of a w x h drawing shown at width x height (``sized``).

    Its style lets a page or a notebook narrower than ``width`` shrink it to
    fit (keeping its proportions: the height follows the viewBox), and no
    wider one stretch it.

    >>> svg_tag(640, 400, width=320)
    '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200" viewBox="0 0 640 400" style="max-width: 100%; height: auto">'
    """
    width, height = sized(w, h, width, height)
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" '
            'viewBox="0 0 %d %d"%s%s>' % (num(width), num(height), w, h, STYLE, more))


def _dash(dash):
    return ' stroke-dasharray="%s"' % dash if dash else ""


def linspace(lo, hi, n=101):
    """Return n equally spaced values from lo to hi, both included.

    >>> linspace(0.0, 1.0, 5)
    [0.0, 0.25, 0.5, 0.75, 1.0]
    """
    return [lo + (hi - lo) * k / (n - 1) for k in range(n)]


def save(svg, path):
    """Write the SVG string ``svg`` to the file ``path`` (UTF-8).

    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = os.path.join(folder, "empty.svg")
    ...     save(Figure("Empty", "x", "y", [0.0, 1.0], [0.0, 1.0]).svg(), path)
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
