"""The ``summary()`` text table of a fitted model: the fit's statistics, then
one row per coefficient, in the spirit of statsmodels and R.

``minilogit.inference`` computes the numbers; this module only lays them
out, and loads the first time a summary is asked for.
"""

from .special import exp_or_inf
from .core.errors import DataError
from .tables import printable, table, wrap_text


def reference_levels(categories):
    """The sentence naming each text column's reference level ({column:
    levels}, the first the reference), or "" when there is none.

    >>> reference_levels({"race": ["black", "other", "white"]})
    "Text columns are coded by indicators against a reference level, whose coefficient is 0: race against 'black'."
    """
    if not categories:
        return ""
    return ("Text columns are coded by indicators against a reference level, whose "
            "coefficient is 0: %s." % ", ".join(
                "%s against %r" % (printable(name), levels[0])      # text from data, escaped
                for name, levels in sorted(categories.items())))


def _right(text, width):
    """text padded on the left to ``width`` (str.rjust, which MicroPython lacks)."""
    return " " * (width - len(text)) + text


def _left(text, width):
    """text padded on the right to ``width`` (str.ljust)."""
    return text + " " * (width - len(text))


def _num(x, width=11):
    """A number in a fixed-width column: 4 decimals, or exponent notation when
    tiny or huge, or too wide to leave a space before it in the column.

    >>> _num(890420.3863), _num(-12.5), _num(1e-5), _num(-3.809e-161)
    ('  8.904e+05', '   -12.5000', '  1.000e-05', ' -3.81e-161')
    """
    text = "%.4f" % x
    if x != 0 and (abs(x) < 1e-3 or abs(x) >= 1e6 or 0 < width <= len(text)):
        text = "%.3e" % x
        if 0 < width <= len(text):          # a sign and a three-digit exponent: a digit less
            text = "%.2e" % x
    return _right(text, width)


def _unique(values):
    """The values in their order, each once."""
    seen = []
    for v in values:
        if v not in seen:
            seen.append(v)
    return seen


def information(m):
    """Which information matrix the standard errors invert, eq. (33): "observed"
    (the Hessian of -log-likelihood) or "expected" (Fisher's); for a canonical
    link (logit, log, identity) the two are one matrix.

    >>> from minilogit import GLM
    >>> X, y = [[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1]
    >>> information(GLM().fit(X, y)), information(GLM(link="probit").fit(X, y))
    ('observed = expected', 'expected')
    """
    if m.link_ in ("logit", "log", "identity"):
        return "observed = expected"
    return m.cov_type


def first_order_note(m):
    """What the inference of a first-order fit (gd, sgd, proximal) stands on: a
    point whose scaled gradient passed the tolerance, not 0 (None for others).

    >>> from minilogit import LogisticRegression
    >>> m = LogisticRegression(solver="gd").fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    >>> print(first_order_note(m)[:118])
    gd stopped at an approximate optimum, where the scaled gradient is 8.5e-09 (at most the tolerance 1e-08), not 0: the s
    """
    result = getattr(m, "result_", None)
    if m.solver not in ("gd", "sgd", "proximal") or result is None or result.criterion is None:
        return None
    return ("%s stopped at an approximate optimum, where the scaled gradient is %.2g (at most "
            "the tolerance %g), not 0: the standard errors, tests and intervals are those of "
            "that point. Newton's method ends at the float's optimum."
            % (m.solver, result.criterion, result.tol))


def summary_table(m, alpha, feature_names, short, inference=None):
    """``m.summary(alpha, feature_names)`` for a model whose inference is set
    (see ``minilogit.inference``): a ``minilogit.tables.Table``, whose text is
    the table and whose HTML (in a notebook) the same numbers. ``short``: why
    the fit is not at the optimum (``inference.unfinished``), or None;
    ``inference``: the one whose covariance the rows use (a robust one,
    ``Inference.robust``), else the model's.

    >>> from minilogit import LogisticRegression
    >>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    >>> summary_table(m, 0.05, ["dose"], None).splitlines()[-2].split()[:2]
    ['dose', '0.9082']
    """
    names = list(m.param_names_)
    if feature_names is not None:
        if isinstance(feature_names, str):
            feature_names = [feature_names]
        try:
            feature_names = [str(n) for n in feature_names]
        except TypeError:
            raise DataError("feature_names must be a list of names, got %r" % (feature_names,))
        if len(feature_names) != m.n_features_in_:
            raise DataError("feature_names has %d names, the model has %d features"
                            % (len(feature_names), m.n_features_in_))
        if all(n.endswith("]") and "[" in n for n in names):    # "name[class]": K - 1 vectors
            stems = [n[:n.rindex("[")] for n in names]
            rename = dict(zip([s for s in _unique(stems) if s != "intercept"], feature_names))
            names = [rename.get(s, s) + n[len(s):] for s, n in zip(stems, names)]
        else:
            names = names[:len(names) - len(feature_names)] + feature_names
    stats = m.inference_ if inference is None else inference
    blocked = stats.cov_params_ is None
    odds = getattr(m, "link_", "logit") == "logit"
    lo, hi = "[%g" % (alpha / 2), "%g]" % (1 - alpha / 2)
    # a Firth fit: penalised likelihood ratio tests and profile intervals, as R's logistf
    # prints them, when they cost little (each is a few Newton runs with beta_j fixed)
    plr = m._firth and not blocked and short is None and getattr(m, "_loss", None) is not None
    if plr:
        from .profile import profile_work
        from .core.solvers import WORK
        plr = profile_work(m) <= WORK
    head = ("coef",) if blocked else (
        ("coef", "std err") + (("chi2", "P>chi2") if plr else ("z", "P>|z|")) + (lo, hi)
        + ((getattr(m, "_RATIO", "odds ratio"),) if odds else ()))
    names = [printable(n) for n in names]           # from data: no escape sequences
    first = max(12, max(len(n) for n in names) + 2)
    W = max(78, first + 11 * len(head))
    left = [("Observations:", "%g" % m.nobs_), ("Df model:", "%d" % m.df_model_),
            ("Df residuals:", "%g" % m.df_resid_)]
    if getattr(m, "pearson_chi2_", None) is not None:      # a GLM's, as statsmodels prints
        left += [("Deviance:", "%.4f" % m.deviance_), ("Pearson chi2:", "%.4g" % m.pearson_chi2_)]
    left += [("Converged:", str(m.converged_)), ("Iterations:", "%d" % m.n_iter_),
             ("Solver:", m.solver)]
    if m._firth:
        left.append(("Penalty:", "Firth (1993)"))
    if stats.cov_type_ is not None:
        left.append(("Covariance:", "%s (sandwich)" % stats.cov_type_))
    elif not blocked:
        left.append(("Information:", information(m)))
    right = [("Log-likelihood:", "%.4f" % m.llf_), ("LL-null:", "%.4f" % m.llnull_)]
    # not at the optimum (short): no criteria built on llf either
    if short is None:
        right.append(("Pseudo R-squ.:", "%.4f" % m.prsquared_))
        if m._firth:                # the LLR test of l, not l*, would not hold
            right += [("AIC:", "%.4f" % m.aic_), ("BIC:", "%.4f" % m.bic_)] + (
                [("PLR p-value:", _num(m.plr_test(m.param_names_[1:])[2], 0))]
                if plr and len(m.params_) > m.df_model_ > 0 else [])
        elif not m._penalised:      # AIC, BIC and the LLR test count free ML estimates
            right += [("AIC:", "%.4f" % m.aic_), ("BIC:", "%.4f" % m.bic_),
                      ("LLR p-value:", _num(m.llr_pvalue_, 0))]
    right += [("", "")] * (len(left) - len(right))
    half = W // 2
    title = printable(getattr(m, "_title", None) or m._summary_title())   # _title: from_json's
    lines = [" " * ((W - len(title)) // 2) + title, "=" * W]
    for (a, b), (c, d) in zip(left, right):
        line = _left(a + _right(b, half - 4 - len(a)), half) + c
        lines.append(line + _right(d, W - half - len(c)) if c else line.rstrip())
    lines.append("=" * W)
    lines.append(" " * first + "".join(_right(h, 11) for h in head))
    lines.append("-" * W)
    facts = [[a, b.strip(), c, d.strip()] for (a, b), (c, d) in zip(left, right)]
    if blocked:
        rows = [[n, _num(b)] for n, b in zip(names, m.params_)]
        withheld = ("p-values, intervals, pseudo R-squ., AIC, BIC or LLR p-value" if short
                    else "p-values, intervals, AIC, BIC or LLR p-value" if m._penalised
                    else "p-values or intervals")
        note = "No standard errors, " + withheld + ": " + stats.inference_blocked_
    else:
        rows, note = [], None
        tests, ends = (zip(*m.plr_test()), m.profile_conf_int(alpha)) if plr else (
            (stats.zvalues_, stats.pvalues_), stats.conf_int(alpha))
        if m._firth:
            note = ("chi2, P>chi2: penalised likelihood ratio tests of each beta_j = 0; the "
                    "interval: the profile penalised likelihood's (Heinze and Schemper 2002, "
                    "as R's logistf); conf_int() gives Wald's." if plr else "z, P>|z| and "
                    "the interval: Wald's; plr_test() and profile_conf_int() give the "
                    "penalised likelihood ratio tests and profile intervals (~%.0e "
                    "multiply-adds here)." % profile_work(m)
                    if getattr(m, "_loss", None) is not None else "z, P>|z| and the interval: "
                    "Wald's; the penalised likelihood ratio tests and profile intervals need "
                    "the training data, which this model does not keep.")
        for n, b, se, z, p, (l, h) in zip(names, m.params_, stats.bse_, *(tuple(tests) + (ends,))):
            cells = [b, se, z, p, l, h] + ([exp_or_inf(b)] if odds else [])
            rows.append([n] + [_num(c) for c in cells])
    lines.extend(_left(row[0], first) + "".join(row[1:]) for row in rows)
    lines.append("=" * W)
    baseline = getattr(m, "reference_", None)
    if baseline is not None:        # eq. (30): the baseline class's vector is not a parameter
        fixed = ("Class %r is the baseline: its intercept and coefficients are fixed at 0 "
                 "(its entries of intercept_ and coef_), and each row above is a term of the "
                 "log-odds of its class against class %r." % (baseline, baseline))
        note = fixed if note is None else fixed + " " + note
    approximate = first_order_note(m) if not blocked else None
    if approximate:
        note = approximate if note is None else note + " " + approximate
    levels = reference_levels(getattr(m, "categories_", None))    # a frame's text columns
    if levels:
        note = levels if note is None else levels + " " + note
    if note is not None:
        lines.extend(wrap_text(note, W))
    return table("\n".join(lines), [""] + list(head), [[c.strip() for c in r] for r in rows],
                 title, facts, note)
