"""Tests between hypotheses about a fit: Wald's of linear restrictions, and the
likelihood ratio of two nested fits.

Wald (eq. (34) for many coefficients at once): under R beta = q, with V the
covariance of beta-hat (eq. (33), or a sandwich: ``Inference.robust``),

    W = (R beta-hat - q)ᵀ (R V Rᵀ)⁻¹ (R beta-hat - q)  ~  chi^2 with rows(R) degrees of freedom,

asymptotically. The likelihood ratio of a fit against a fit of the same rows
whose design is a subset of its columns: 2 (l_big - l_small), asymptotically
chi^2 with the difference in parameters as degrees of freedom (eq. (36)'s
LLR test is the case "against the intercept-only fit"). Both are large-sample
results: on a few rows their p-values are approximate.

>>> from minilogit import LogisticRegression
>>> X = [[0.0, 1.0], [1.0, 0.0], [2.0, 2.0], [3.0, 1.0], [4.0, 3.0], [5.0, 2.0], [6.0, 0.0], [7.0, 1.0]]
>>> y = [0, 1, 1, 0, 0, 1, 0, 1]
>>> m = LogisticRegression().fit(X, y)
>>> print(m.wald_test("x0 = x1 = 0"))
Wald test of x0 = x1 = 0: chi2(2) = 0.0949, P > chi2 = 0.9537
>>> print(m.lr_test(LogisticRegression().fit([r[:1] for r in X], y)))     # x1 = 0
Likelihood-ratio test of 2 against 3 parameters: chi2(1) = 0.0003, P > chi2 = 0.986
"""

from .core.errors import DataError, InferenceError, SingularMatrixError
from .core.matrix import Matrix, dot
from .sandwich import training_rows


class Chi2Test:
    """A test's ``statistic`` (chi^2), its degrees of freedom ``df`` and its
    ``pvalue``, P(chi^2_df > statistic); unpacks as (statistic, df, pvalue).

    >>> chi2, df, p = Chi2Test("Wald test", 3.84, 1)
    >>> df, round(p, 4)
    (1, 0.05)
    """

    def __init__(self, name, statistic, df):
        from .distributions import chi2_sf
        self.name, self.statistic, self.df = name, statistic, df
        self.pvalue = chi2_sf(statistic, df)

    def __iter__(self):
        return iter((self.statistic, self.df, self.pvalue))

    def __repr__(self):
        return "%s: chi2(%d) = %.4f, P > chi2 = %.4g" % (self.name, self.df, self.statistic,
                                                         self.pvalue)


def linear_form(text, names, where):
    """The coefficients (one per name) and the constant of a sum of terms such as
    "2 * GPA - PSI + 1" (a term: [number [*]] name, or a number).

    >>> linear_form("2*b - a + 0.5", ["a", "b"], "here")
    ([-1.0, 2.0], 0.5)
    """
    coef, constant, i, s = [0.0] * len(names), 0.0, 0, text.strip()
    if not s:
        raise DataError("%s: a side of '=' is empty" % where)
    while i < len(s):
        sign = 1.0
        while i < len(s) and s[i] in "+- ":
            sign, i = (-sign if s[i] == "-" else sign), i + 1
        j = i
        while j < len(s) and (s[j] in "0123456789." or s[j] in "eE" and j > i
                              and j + 1 < len(s) and s[j + 1] in "0123456789+-"):
            j += 2 if s[j] in "eE" and s[j + 1] in "+-" else 1
        try:
            number = float(s[i:j]) if j > i else None
        except ValueError:
            raise DataError("%s: %r is not a number" % (where, s[i:j]))
        i = j
        while i < len(s) and s[i] in " *":
            i += 1
        name = None
        for n in names:                         # the longest name that starts here
            if s.startswith(n, i) and (name is None or len(n) > len(name)):
                name = n
        if name is None and number is None or name is None and i < len(s) and s[i] not in "+-":
            raise DataError("%s: %r is not a parameter; the parameters are %s"
                            % (where, s[i:].split(" ")[0], ", ".join(names)))
        value = sign * (1.0 if number is None else number)
        if name is None:
            constant += value
        else:
            coef[names.index(name)] += value
            i += len(name)
        while i < len(s) and s[i] == " ":
            i += 1
        if i < len(s) and s[i] not in "+-":             # terms are joined by + or -
            raise DataError("%s: a + or - is missing before %r" % (where, s[i:]))
    return coef, constant


def restrictions(hypotheses, names):
    """R and q of restrictions written by name: "GPA = PSI", "TUCE = PSI = 0"
    (each '=' is a row), or a list of such texts.

    >>> restrictions("b = c = 0", ["a", "b", "c"])
    ([[0.0, 1.0, -1.0], [0.0, 0.0, 1.0]], [0.0, 0.0])
    """
    R, q = [], []
    for text in [hypotheses] if isinstance(hypotheses, str) else hypotheses:
        where = "restriction %r" % (text,)
        sides = [linear_form(side, names, where) for side in str(text).split("=")]
        if len(sides) < 2:
            raise DataError("%s has no '=': write it as 'x0 = 0' or 'x0 = x1'" % where)
        for (a, c), (b, d) in zip(sides, sides[1:]):
            R.append([a_j - b_j for a_j, b_j in zip(a, b)])        # a'beta + c = b'beta + d
            q.append(d - c)
    return R, q


def wald_test(inference, R, q=None):
    """Wald's test of R beta = q with ``inference``'s covariance (see the module).

    R: a list of rows, one entry per parameter (intercept first), or the
    restrictions by name (``restrictions``); q: the right-hand sides (0s).

    >>> from minilogit import LogisticRegression
    >>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]], [0, 0, 1, 0, 1, 1])
    >>> chi2, df, p = wald_test(m.inference_, [[0.0, 1.0]])      # z^2 of eq. (34)
    >>> round(chi2, 4) == round(m.zvalues_[1] ** 2, 4), df, round(p, 4) == round(m.pvalues_[1], 4)
    (True, 1, True)
    """
    names = inference.param_names_
    text = None
    if isinstance(R, str) or isinstance(R, (list, tuple)) and R and isinstance(R[0], str):
        if q is not None:
            raise DataError("q is for restrictions given as rows R; these are written out")
        text = R if isinstance(R, str) else "; ".join(R)
        R, q = restrictions(R, names)
    cov = inference._cov()
    k = len(names)
    try:
        R = [[float(v) for v in row] for row in R]
    except (TypeError, ValueError):
        raise DataError("R must be rows of %d numbers (or restrictions by name), got %r"
                        % (k, R))
    q = [0.0] * len(R) if q is None else [float(v) for v in q]
    if not R or any(len(row) != k for row in R) or len(q) != len(R):
        raise DataError("R must be rows of %d numbers, one per parameter (%s), and q one "
                        "number per row: got %d rows and %d values of q"
                        % (k, ", ".join(names), len(R), len(q)))
    beta = inference.params_
    d = [dot(row, beta) - q_r for row, q_r in zip(R, q)]              # R beta - q
    V = Matrix(cov)
    S = Matrix([[dot(a, V.times(b)) for b in R] for a in R])          # R V R'
    try:
        W = dot(d, S.solve(d))                                        # d'(R V R')^-1 d
    except SingularMatrixError:
        raise DataError("the restrictions are linearly dependent (R V R' is singular): "
                        "drop one that the others imply")
    name = "Wald test" + (" of " + text if text else "")
    if inference.cov_type_ is not None:
        name += " (%s)" % inference.cov_type_
    return Chi2Test(name, W, len(R))


def lr_test(inference, other):
    """The likelihood-ratio test of the smaller of two nested fits against the
    larger (``other``: a fitted model of the same kind), on the same rows.

    Refused unless both are maximum-likelihood fits (not penalised, at the
    optimum), of the same model (family and link) and the same rows, y and
    weights, and every column of the smaller design is one of the larger's.

    >>> from minilogit import LogisticRegression
    >>> X = [[0.0, 1.0], [1.0, 0.0], [2.0, 2.0], [3.0, 1.0], [4.0, 3.0], [5.0, 2.0], [6.0, 0.0],
    ...      [7.0, 1.0]]
    >>> y = [0, 1, 1, 0, 0, 1, 0, 1]
    >>> big, small = LogisticRegression().fit(X, y), LogisticRegression().fit([r[:1] for r in X], y)
    >>> chi2, df, p = lr_test(big.inference_, small)
    >>> df, round(chi2, 6), round(2 * (big.llf_ - small.llf_), 6)     # 2 (l_big - l_small)
    (1, 0.00031, 0.00031)
    """
    fits = [inference.model, other]
    if type(other) is not type(inference.model):
        raise DataError("lr_test compares two fits of one model: got a %s and %r"
                        % (type(inference.model).__name__, other))
    for m in fits:
        if m._firth:
            raise InferenceError("lr_test: a Firth fit's likelihood ratio tests are its "
                                 "penalised likelihood's: plr_test()")
        try:
            m.inference_._criteria()        # at the optimum, a maximum-likelihood fit
        except InferenceError as e:
            raise InferenceError("lr_test: %s" % e)
    a, b = [training_rows(m).loss for m in fits]
    if a.__class__ is not b.__class__ or inference.link_ != other.link_ or getattr(
            inference.model, "family", None) != getattr(other, "family", None):
        raise DataError("lr_test compares two fits of one model (class, family and link): "
                        "got %r and %r" % (inference.model, other))
    if a.y != b.y or a.weights != b.weights or getattr(a, "offset", None) != getattr(
            b, "offset", None):
        raise DataError("lr_test compares fits of the same rows: these two have different "
                        "y, weights or offsets")
    small, big = sorted(fits, key=lambda m: len(m.params_))
    (a, b) = (a, b) if small is fits[0] else (b, a)        # a: the smaller fit's rows
    columns = b.X.T.rows
    for j, column in enumerate(a.X.T.rows):
        if column not in columns:
            raise DataError("lr_test compares nested fits: column %d of the smaller fit's "
                            "design (%s) is not a column of the larger's"
                            % (j, small.param_names_[j]))
    df = len(big.params_) - len(small.params_)
    if df < 1:
        raise DataError("lr_test compares nested fits: these have the same %d parameters"
                        % len(big.params_))
    if big.scale_ != 1.0:
        raise InferenceError("lr_test: a gaussian fit's scale is estimated, so 2 (l1 - l0) "
                             "is not chi^2; compare the fits by an F test")
    return Chi2Test("Likelihood-ratio test of %d against %d parameters" % (
        len(small.params_), len(big.params_)), 2.0 * (big.llf_ - small.llf_), df)
