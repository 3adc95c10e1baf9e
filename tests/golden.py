"""The reference cases of the golden tests (tests/test_golden_*.py): their data,
read from tests/data/glm/ (see its README for where each file comes from), as
rows for minilogit, and the comparison the tests make.

Each golden test file names its reference system, version, call and tolerance
beside its figures. The data are read with the csv module only.

The R figures: R 4.2.2 (Debian's r-base-core 4.2.2), stats::glm, run by
tools/reference/glm_reference.R; they are of the fit refitted with
glm.control(epsilon = 1e-14), and 'iter' is the iteration count of the fit
with R's defaults (epsilon = 1e-8). statsmodels 0.15.0's iteration counts
(GLM(...).fit() with its defaults, in a scratch virtual environment) are
written beside them in each file.
"""

import csv
import math
import os

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "glm")


def table(name):
    """The rows of tests/data/glm/<name> as dicts of strings."""
    with open(os.path.join(DATA, name)) as f:
        return list(csv.DictReader(f))


def columns(rows, names):
    """The rows as lists of floats, in the order of ``names``."""
    return [[float(r[n]) for n in names] for r in rows]


def max_rel(got, want):
    """The largest |got - want| / |want| over a number or a list."""
    if isinstance(want, (list, tuple)):
        assert len(got) == len(want), (got, want)
        return max(max_rel(g, w) for g, w in zip(got, want))
    return abs(got - want) / abs(want)


ALL = ("params", "bse", "llf", "deviance", "null_deviance", "aic")


def check_glm(m, ref, names, rel, iterations):
    """Assert that the fitted GLM m is converged, matches ref on each named figure
    (params, bse, llf, deviance, ...: m's attribute name + "_") to rel, and took
    no more iterations than ``iterations`` (R's) and the step after the test (R
    stops before it)."""
    assert m.converged_ and m.n_iter_ <= iterations + 1, (m.converged_, m.n_iter_, iterations)
    for name in names:
        got = getattr(m, name + "_")
        assert max_rel(got, ref[name]) < rel, (name, got, ref[name])


def star98():
    """X (20 columns, the file's order after MATHTOT and PR50M) and y as
    (successes PR50M, trials MATHTOT) pairs, as statsmodels' star98 loads them."""
    rows = table("star98.csv")
    names = list(rows[0])[2:22]
    return columns(rows, names), [(int(float(r["PR50M"])), int(float(r["MATHTOT"])))
                                  for r in rows]


def cpunish():
    """X = INCOME, PERPOVERTY, PERBLACK, log(VC100k96), SOUTH, DEGREE; y = EXECUTIONS;
    and the made-up exposure t_i = (i mod 5) + 1 of tools/reference/glm_reference.R."""
    rows = table("cpunish.csv")
    X = [[float(r["INCOME"]), float(r["PERPOVERTY"]), float(r["PERBLACK"]),
          math.log(float(r["VC100k96"])), float(r["SOUTH"]), float(r["DEGREE"])] for r in rows]
    return X, [int(r["EXECUTIONS"]) for r in rows], [(i % 5) + 1.0 for i in range(len(rows))]


def longley():
    """X = GNPDEFL, GNP, UNEMP, ARMED, POP, YEAR (unscaled); y = TOTEMP."""
    rows = table("longley.csv")
    return (columns(rows, ["GNPDEFL", "GNP", "UNEMP", "ARMED", "POP", "YEAR"]),
            [float(r["TOTEMP"]) for r in rows])


def spector():
    """X = GPA, TUCE, PSI; y = GRADE."""
    rows = table("spector.csv")
    return columns(rows, ["GPA", "TUCE", "PSI"]), [int(r["GRADE"]) for r in rows]


def lbw():
    """X = age, lwt, race_black, race_other, smoke, ptl, ht, ui; y = low."""
    rows = table("lbw.csv")
    X = [[float(r["age"]), float(r["lwt"]), float(r["race"] == "black"),
          float(r["race"] == "other"), float(r["smoke"]), float(r["ptl"]), float(r["ht"]),
          float(r["ui"])] for r in rows]
    return X, [int(r["low"]) for r in rows]


def anes96():
    """X = log(popul + 0.1), selfLR, age, educ, income; y = PID (0..6), as
    statsmodels' anes96.load() gives them (its exog columns 10, 2, 6, 7, 8)."""
    rows = table("anes96.csv")
    X = [[math.log(float(r["popul"]) + 0.1), float(r["selfLR"]), float(r["age"]),
          float(r["educ"]), float(r["income"])] for r in rows]
    return X, [int(float(r["PID"])) for r in rows]
