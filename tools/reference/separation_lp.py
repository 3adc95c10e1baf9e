"""The linear-programming answers of tests/test_separation.py, by scipy's HiGHS.

Run in a scratch environment with numpy and scipy (never a dependency):
    python tools/reference/separation_lp.py
For each case, with A the margin rows of minilogit.separation's docstring on
the design [1, X] (columns scaled to max |x| = 1, which leaves the cone of
directions unchanged):
  quasi_or_complete: max 1'A d s.t. A d >= 0, -1 <= d <= 1 has optimum > 1e-7;
  complete:          max t s.t. A d >= t, -1 <= d <= 1, t <= 1 has optimum > 1e-7;
  infinite:          the j with max d_j > 1e-7 ("+") or min d_j < -1e-7 ("-")
                     over {A d >= 0, -1 <= d <= 1} (one LP each).
"""
import csv
import os

import numpy as np
from scipy.optimize import linprog

HERE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "tests", "data", "glm")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))


def rows_of(path, skip=0):
    with open(path) as f:
        r = list(csv.reader(f))
    return r[skip:]


def margin_rows(X, y, multinomial, ref=0):
    X = np.asarray(X, float)
    X = X / np.where(np.abs(X).max(0) > 0, np.abs(X).max(0), 1)
    X = np.column_stack([np.ones(len(X)), X])
    classes = sorted(set(y))
    idx = [classes.index(v) for v in y]
    if not multinomial:
        return np.array([x if k == 1 else -x for x, k in zip(X, idx)])
    d, free = X.shape[1], [k for k in range(len(classes)) if k != ref]
    A = []
    for x, yi in zip(X, idx):
        for k in range(len(classes)):
            if k == yi:
                continue
            row = np.zeros(d * len(free))
            for cls, s in ((yi, 1.0), (k, -1.0)):
                if cls != ref:
                    b = free.index(cls) * d
                    row[b:b + d] += s * x
            A.append(row)
    return np.array(A)


def answer(A):
    m, p = A.shape
    box = [(-1, 1)] * p
    quasi = -linprog(-A.sum(0), A_ub=-A, b_ub=np.zeros(m), bounds=box, method="highs").fun
    res = linprog(np.r_[np.zeros(p), -1.0], A_ub=np.c_[-A, np.ones(m)], b_ub=np.zeros(m),
                  bounds=box + [(None, 1)], method="highs")
    infinite = []
    for j in range(p):
        for sign in (1, -1):
            c = np.zeros(p)
            c[j] = -sign
            v = -linprog(c, A_ub=-A, b_ub=np.zeros(m), bounds=box, method="highs").fun
            if v > 1e-7:
                infinite.append(("+" if sign > 0 else "-") + str(j))
    return {"quasi_or_complete": bool(quasi > 1e-7), "complete": bool(-res.fun > 1e-7),
            "infinite": infinite}


bc = rows_of(os.path.join(ROOT, "minilogit", "datasets", "breast_cancer.csv"), 1)
iris = rows_of(os.path.join(ROOT, "minilogit", "datasets", "iris.csv"), 1)
wine = rows_of(os.path.join(HERE, "wine.csv"), 1)
cases = {
    "breast_cancer": ([[float(v) for v in r[:-1]] for r in bc], [r[-1] for r in bc], False),
    "iris": ([[float(v) for v in r[:4]] for r in iris], [r[4] for r in iris], True),
    "wine": ([[float(v) for v in r[:13]] for r in wine], [int(r[13]) for r in wine], True),
}
cases["dummy"] = ([[-1.2, 1.0], [0.3, 0.0], [-0.5, 0.0], [1.1, 0.0], [0.2, 1.0], [-0.9, 0.0],
                   [0.7, 0.0], [-0.1, 0.0], [1.4, 0.0], [-1.5, 0.0], [0.4, 1.0], [-0.3, 0.0]],
                  [1, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1, 0], False)
for k in range(3):
    cases["wine_%d_vs_rest" % k] = (cases["wine"][0], [int(v == k) for v in cases["wine"][1]], False)
for name, (X, y, multi) in cases.items():
    print(name, answer(margin_rows(X, y, multi)))
