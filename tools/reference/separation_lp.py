"""The linear-programming answers of tests/test_separation.py, by scipy's HiGHS.

Run in a scratch environment with numpy and scipy (never a dependency), from
the repository's root:
    python tools/reference/separation_lp.py > tests/data/separation_lp.json
It reads the cases of tests/separation_cases.py and builds, with
numpy, the margin rows A of minilogit.separation's docstring on the design
[1, X] (columns scaled to max |x| = 1, which leaves the cone of directions
unchanged), in its order: binary, row i gives x_i (y_i = 1) or -x_i
(y_i = 0); multinomial, row (i, k) for each class k != y_i in class order.
Three programs, formulated independently of minilogit's:
  rows:     max sum_r t_r s.t. A d >= t, 0 <= t_r <= 1, d free: the
            separable margins are those with t_r > 0.5 at the optimum (the
            optimum is 1 for each, scaling d; 0 for the rest);
  kind:     "none" without such margins, "complete" when all are;
  infinite: the j with max d_j > 1e-7 ("+") or min d_j < -1e-7 ("-")
            over {A d >= 0, -1 <= d <= 1} (one program each).
linprog(method="highs") with its default tolerances.
"""
import json
import os
import sys

import numpy as np
import scipy
from scipy.optimize import linprog

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tests"))
from separation_cases import cases  # noqa: E402


def margins(X, y, multinomial, ref=0, intercept=True):
    """(A, the margins' labels as minilogit names them)."""
    X = np.asarray(X, float)
    s = np.abs(X).max(0)
    X = X / np.where(s > 0, s, 1)
    if intercept:
        X = np.column_stack([np.ones(len(X)), X])
    classes = sorted(set(y))
    idx = [classes.index(v) for v in y]
    if not multinomial:
        return np.array([x if k == 1 else -x for x, k in zip(X, idx)]), list(range(len(X)))
    d, free = X.shape[1], [k for k in range(len(classes)) if k != ref]
    A, labels = [], []
    for i, (x, yi) in enumerate(zip(X, idx)):
        for k in range(len(classes)):
            if k == yi:
                continue
            row = np.zeros(d * len(free))
            for cls, sgn in ((yi, 1.0), (k, -1.0)):
                if cls != ref:
                    b = free.index(cls) * d
                    row[b:b + d] += sgn * x
            A.append(row)
            labels.append([i, classes[k]])
    return np.array(A), labels


def answer(A, labels):
    m, p = A.shape
    res = linprog(np.r_[np.zeros(p), -np.ones(m)], A_ub=np.c_[-A, np.eye(m)], b_ub=np.zeros(m),
                  bounds=[(None, None)] * p + [(0, 1)] * m, method="highs")
    assert res.status == 0, res.message
    rows = [labels[r] for r in range(m) if res.x[p + r] > 0.5]
    kind = "none" if not rows else "complete" if len(rows) == m else "quasi-complete"
    infinite = []
    for j in range(p):
        for sign in (1, -1):
            c = np.zeros(p)
            c[j] = -sign
            r = linprog(c, A_ub=-A, b_ub=np.zeros(m), bounds=[(-1, 1)] * p, method="highs")
            assert r.status == 0, r.message
            if -r.fun > 1e-7:
                infinite.append([j, "+" if sign > 0 else "-"])
    return {"kind": kind, "rows": rows, "infinite": infinite}


if __name__ == "__main__":
    result = {"_how": "tools/reference/separation_lp.py: scipy %s linprog(method='highs'), "
                      "numpy %s, Python %s" % (scipy.__version__, np.__version__,
                                               sys.version.split()[0])}
    for name, (X, y, multi, icpt) in cases().items():
        A, labels = margins(X, y, multi, intercept=icpt)
        result[name] = answer(A, labels)
        print(name, result[name]["kind"], len(result[name]["rows"]), result[name]["infinite"],
              file=sys.stderr)
    print(json.dumps(result, indent=None, separators=(",", ":")))
