"""The marginal effects of tests/test_golden_margeff.py, by statsmodels' get_margeff.

Run in a scratch environment with numpy, pandas and statsmodels (never a
dependency), from the repository root:
    python tools/reference/margeff_reference.py
It writes tests/data/margeff_statsmodels.json. The designs are those of the
golden tests, read from tests/data/glm/ by tests/golden.py (the csv module),
with statsmodels' add_constant in front:

  spector_logit:   sm.Logit(GRADE, [1, GPA, TUCE, PSI]).fit(disp=0)
  spector_probit:  sm.Probit(GRADE, [1, GPA, TUCE, PSI]).fit(disp=0)
  anes96_mnlogit:  sm.MNLogit(PID, [1, log(popul + 0.1), selfLR, age, educ, income])
                   .fit(method="newton", disp=0)   (class 0 the baseline)
  cpunish_poisson: sm.Poisson(EXECUTIONS, [1, INCOME, PERPOVERTY, PERBLACK,
                   log(VC100k96), SOUTH, DEGREE]).fit(disp=0, maxiter=100)   (no
                   exposure; Newton from 0 on INCOME ~ 4e4 takes 51 steps, beyond the
                   default maxiter=35, where it stops unconverged)

and of each fit res: res.get_margeff(at="overall"), res.get_margeff(at="mean"),
and with atexog, rows given (the const column first, as statsmodels needs):
res.get_margeff(at="overall", atexog=ROWS) (their effects averaged) and
res.get_margeff(at="overall", atexog=ROWS[:1]) (one row's effects). Recorded:
margeff and margeff_se (as nested lists, MNLogit's transposed to one list per
outcome, the baseline first), the method ("dydx"), at, the rows (without the
const column), and the fit's params, bse, iterations and converged flag.
statsmodels differentiates the effects numerically for their standard errors,
by the complex step (approx_fprime_cs), which is exact to rounding here
(``jacobian`` says whether it fell back to forward differences).
"""
import json
import os
import platform
import sys

import numpy as np
import pandas
import statsmodels
import statsmodels.api as sm
from statsmodels.tools import numdiff

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tests"))
import golden  # noqa: E402  (tests/golden.py reads tests/data/glm with the csv module)

OUT = os.path.join(ROOT, "tests", "data", "margeff_statsmodels.json")


def rows_of(X):
    """Three rows to evaluate at: the first training row, the mean row with each
    feature moved by a quarter of its standard deviation, and the last row."""
    X = np.asarray(X, float)
    return [X[0].tolist(), (X.mean(0) + 0.25 * X.std(0)).tolist(), X[-1].tolist()]


def listed(a, multinomial):
    """A (features x outcomes) array as one list per outcome; else a flat list."""
    a = np.asarray(a)
    return a.T.tolist() if multinomial else a.tolist()


def case(name, model_class, X, y, fit_kwargs, call):
    """Fit, then each get_margeff; the JSON entry of the case."""
    exog = sm.add_constant(np.asarray(X, float), prepend=True)
    res = model_class(np.asarray(y, float), exog).fit(**fit_kwargs)
    multinomial = res.params.ndim == 2
    fallback = []
    cs = numdiff.approx_fprime_cs

    def counted(*args, **kwargs):          # was the complex step used, or the fallback?
        try:
            return cs(*args, **kwargs)
        except TypeError:
            fallback.append(True)
            raise
    numdiff.approx_fprime_cs = counted
    try:
        rows = rows_of(X)
        entry = {"call": call, "nobs": int(exog.shape[0]),
                 "params": listed(res.params, multinomial),
                 "bse": listed(res.bse, multinomial),
                 "iterations": int(res.mle_retvals["iterations"]),
                 "converged": bool(res.mle_retvals["converged"]), "effects": []}
        for at, atexog, given in (("overall", None, None), ("mean", None, None),
                                  ("overall", rows, rows), ("overall", rows[:1], rows[:1]),
                                  ("mean", rows, rows)):
            kw = {"at": at}
            if atexog is not None:
                kw["atexog"] = sm.add_constant(np.asarray(atexog), prepend=True,
                                               has_constant="add")
            me = res.get_margeff(**kw)
            entry["effects"].append({
                "at": at, "method": me.margeff_options["method"], "rows": given,
                "get_margeff": "get_margeff(at=%r%s)" % (at, "" if given is None else
                                                         ", atexog=<rows, const first>"),
                "margeff": listed(me.margeff, multinomial),
                "margeff_se": listed(me.margeff_se, multinomial)})
    finally:
        numdiff.approx_fprime_cs = cs
    entry["jacobian"] = "forward differences" if fallback else "complex step"
    print(name, entry["iterations"], entry["converged"], entry["jacobian"], file=sys.stderr)
    return entry


def main():
    spector_X, spector_y = golden.spector()
    anes_X, anes_y = golden.anes96()
    cp_X, cp_y, _ = golden.cpunish()
    out = {"_provenance": {
        "made_by": "tools/reference/margeff_reference.py (run from the repository root)",
        "versions": {"statsmodels": statsmodels.__version__, "numpy": np.__version__,
                     "pandas": pandas.__version__, "python": sys.version.split()[0],
                     "machine": "%s %s" % (platform.machine(), platform.system())},
        "data": "tests/data/glm/*.csv, read by tests/golden.py (spector, anes96, cpunish); "
                "exog = sm.add_constant(X, prepend=True)",
        "calls": "res.get_margeff(at='overall'), res.get_margeff(at='mean'), "
                 "res.get_margeff(at='overall', atexog=rows), "
                 "res.get_margeff(at='overall', atexog=rows[:1]), "
                 "res.get_margeff(at='mean', atexog=rows); method 'dydx' (the default); "
                 "rows: with the const column prepended (has_constant='add')",
        "layout": "margeff, margeff_se: one entry per feature (the constant left out); for "
                  "MNLogit one list per outcome 0..6 (the baseline 0 first), each one entry "
                  "per feature",
        "floats": "repr (json.dump)"}}
    out["spector_logit"] = case("spector_logit", sm.Logit, spector_X, spector_y,
                                {"disp": 0}, "sm.Logit(GRADE, const + GPA, TUCE, PSI).fit(disp=0)")
    out["spector_probit"] = case("spector_probit", sm.Probit, spector_X, spector_y,
                                 {"disp": 0},
                                 "sm.Probit(GRADE, const + GPA, TUCE, PSI).fit(disp=0)")
    out["anes96_mnlogit"] = case(
        "anes96_mnlogit", sm.MNLogit, anes_X, anes_y, {"method": "newton", "disp": 0},
        "sm.MNLogit(PID, const + log(popul + 0.1), selfLR, age, educ, income)"
        ".fit(method='newton', disp=0)")
    out["cpunish_poisson"] = case(
        "cpunish_poisson", sm.Poisson, cp_X, cp_y, {"disp": 0, "maxiter": 100},
        "sm.Poisson(EXECUTIONS, const + INCOME, PERPOVERTY, PERBLACK, log(VC100k96), SOUTH, "
        "DEGREE).fit(disp=0, maxiter=100)")
    with open(OUT, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    print("wrote", os.path.relpath(OUT, ROOT), file=sys.stderr)


if __name__ == "__main__":
    main()
