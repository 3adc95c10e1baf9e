"""The cases of the separation test's reference (tools/reference/separation_lp.py
writes tests/data/separation_lp.json from them; tests/test_separation.py
compares minilogit's answers with it): the golden data sets, with binary
targets made from some of them, and small constructed cases of each kind,
binary and multinomial. Read with the csv module only.
"""

import csv
import os

import golden

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read(path, target):
    with open(os.path.join(ROOT, path)) as f:
        rows = list(csv.reader(f))[1:]
    return [[float(v) for i, v in enumerate(r) if i != target % len(r)] for r in rows], \
        [r[target] for r in rows]


def cases():
    """name: (X, y, multinomial, fit_intercept): the call check_separation(X, y,
    fit_intercept, reference_class=0 if multinomial) answers."""
    bc = read("minilogit/datasets/breast_cancer.csv", -1)
    iris = read("minilogit/datasets/iris.csv", -1)
    wine = read("tests/data/glm/wine.csv", 13)
    wine = (wine[0], [int(v) for v in wine[1]])
    out = {"breast_cancer": (bc[0], bc[1], False, True),
           "iris": (iris[0], iris[1], True, True),
           "wine": (wine[0], wine[1], True, True),
           "spector": golden.spector() + (False, True),
           "lbw": golden.lbw() + (False, True),
           "anes96": golden.anes96() + (True, True)}
    for k, name in enumerate(sorted(set(iris[1]))):
        out["iris_%d_vs_rest" % k] = (iris[0], [int(v == name) for v in iris[1]], False, True)
    for k in range(3):
        out["wine_%d_vs_rest" % k] = (wine[0], [int(v == k) for v in wine[1]], False, True)
    X, execs, _ = golden.cpunish()
    out["cpunish_any_execution"] = (X, [int(v > 1) for v in execs], False, True)
    X, y = golden.longley()
    out["longley_unemp_above_median"] = (
        X[:2] + X[3:], [int(r[2] > sorted(v[2] for v in X)[8]) for r in X[:2] + X[3:]], False, True)
    out["complete"] = ([[0.0], [1.0], [2.0], [3.0]], [0, 0, 1, 1], False, True)
    out["quasi"] = ([[0.0], [1.0], [1.0], [2.0]], [0, 0, 1, 1], False, True)
    out["none"] = ([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1], False, True)
    out["dummy"] = ([[-1.2, 1.0], [0.3, 0.0], [-0.5, 0.0], [1.1, 0.0], [0.2, 1.0], [-0.9, 0.0],
                     [0.7, 0.0], [-0.1, 0.0], [1.4, 0.0], [-1.5, 0.0], [0.4, 1.0], [-0.3, 0.0]],
                    [1, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1, 0], False, True)
    out["quasi_no_intercept"] = ([[1.0, 0.0], [1.0, 1.0], [-1.0, 1.0], [0.0, 2.0], [0.0, -1.0]],
                                 [1, 1, 0, 1, 0], False, False)
    out["multi_complete"] = ([[0.0], [1.0], [2.0], [3.0]], ["a", "b", "b", "c"], True, True)
    out["multi_quasi"] = ([[0.0], [1.0], [1.0], [2.0], [2.0], [3.0], [2.5]],
                          [0, 0, 1, 1, 2, 2, 1], True, True)
    out["multi_none"] = ([[0.0], [1.0], [2.0], [3.0], [4.0], [5.0], [0.5], [2.5], [4.5]],
                         [0, 1, 2, 0, 1, 2, 2, 0, 1], True, True)
    return out
