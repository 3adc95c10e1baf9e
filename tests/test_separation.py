"""The exact separation test (minilogit.separation) against linear programs
solved by another system, and the models' check_separation=True.

Reference: scipy 1.17.1's linprog (HiGHS), numpy 2.4.6, in a scratch virtual
environment, by tools/reference/separation_lp.py (its docstring gives
the three programs); output as printed there:

  breast_cancer   complete; every one of the 31 parameters moves
  iris (multinomial, baseline class 0)   quasi-complete; all 10 parameters
  wine (multinomial, baseline class 0)   complete; all 28 parameters
  wine class k vs rest, k = 0, 1, 2      complete; all 14 parameters
  dummy (the example below)   quasi-complete; only parameter 2 (x1), upwards

and, from tests/data/iris.json (the shared reference's own LP, see
tests/data/README.md): setosa vs the rest complete, versicolor and virginica
vs the rest not separated. The non-separated references (Star98, Spector,
Lbw, Anes96) are those of the golden tests. Tolerance: the verdicts are
exact; "moves" compares the set of parameters, not their signs (under
complete separation both signs are possible).

tests/data/separation_lp.json: every case of tests/separation_cases.py (the
golden data sets, binary targets made from some, and constructed complete,
quasi-complete and none cases, binary and multinomial) answered by scipy
1.17.1's linprog (HiGHS), numpy 2.4.6, Python 3.11.7, by
tools/reference/separation_lp.py (its docstring gives the programs): the
kind and the separated margins must be the same; the parameters named
infinite the same set, each with a sign that some separating direction of
the reference's has.
"""

import csv
import json
import os
import warnings

import pytest

from golden import DATA, anes96, lbw, spector, star98
from separation_cases import cases

from minilogit import InferenceError, SeparationWarning, SoftmaxRegression
from minilogit.datasets import load_breast_cancer, load_iris
from minilogit.glm.model import GLM
from minilogit.separation import check_separation

HERE = os.path.dirname(os.path.abspath(__file__))


def wine():
    with open(os.path.join(DATA, "wine.csv")) as f:
        rows = list(csv.reader(f))[1:]
    return [[float(v) for v in r[:13]] for r in rows], [int(r[13]) for r in rows]


def moved(answer):
    return len(answer.infinite)


def test_breast_cancer_is_completely_separated_in_every_parameter():
    d = load_breast_cancer()
    r = check_separation(d.data, d.target)
    assert r.kind == "complete" and moved(r) == 31


def test_iris_multinomial_is_quasi_complete_and_one_vs_rest_as_the_shared_lp():
    d = load_iris()
    r = check_separation(d.data, d.target, reference_class=0)
    assert r.kind == "quasi-complete" and moved(r) == 10
    with open(os.path.join(HERE, "data", "iris.json")) as f:
        assert json.load(f)["separation_lp"]["class0_vs_rest"]["complete"] is True
    kinds = [check_separation(d.data, [int(v == k) for v in d.target]).kind for k in range(3)]
    assert kinds == ["complete", "none", "none"]


def test_wine_is_completely_separated_multinomially_and_each_class_vs_rest():
    X, y = wine()
    r = check_separation(X, y, reference_class=0)
    assert r.kind == "complete" and moved(r) == 28
    for k in range(3):
        r = check_separation(X, [int(v == k) for v in y])
        assert r.kind == "complete" and moved(r) == 14


def test_quasi_complete_dummy_moves_only_its_coefficient():
    """The issue's case: a dummy that implies y = 1. The IRLS fit alone stops
    with a finite coefficient (about 19) and no warning; the exact test names it."""
    X = [[-1.2, 1.0], [0.3, 0.0], [-0.5, 0.0], [1.1, 0.0], [0.2, 1.0], [-0.9, 0.0],
         [0.7, 0.0], [-0.1, 0.0], [1.4, 0.0], [-1.5, 0.0], [0.4, 1.0], [-0.3, 0.0]]
    y = [1, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1, 0]
    r = check_separation(X, y)
    assert r.kind == "quasi-complete" and r.infinite == ["+x1"]
    assert sorted(r.rows) == [0, 4, 10]
    with pytest.warns(SeparationWarning, match=r"go to infinity: \+x1"):
        m = GLM(check_separation=True).fit(X, y)
    assert m.separation_check_.kind == "quasi-complete"
    with pytest.raises(Exception, match="separat"):
        m.bse_


@pytest.mark.parametrize("data", [star98, spector, lbw])
def test_no_separation_on_the_binary_references(data):
    X, y = data()
    if isinstance(y[0], tuple):                     # Star98: (successes, trials)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            m = GLM(check_separation=True).fit(X, y)
        assert m.separation_check_.kind == "none"
    else:
        assert check_separation(X, y).kind == "none"


def test_no_separation_on_anes96_and_softmax_checks_on_request():
    X, y = anes96()
    assert check_separation(X, y, reference_class=0).kind == "none"
    d = load_iris()
    with pytest.warns(SeparationWarning, match="quasi-complete"):
        m = SoftmaxRegression(reference_class=0, check_separation=True).fit(d.data, d.target)
    assert m.separation_check_.kind == "quasi-complete"
    with pytest.raises(InferenceError, match="separated"):
        m.bse_



with open(os.path.join(HERE, "data", "separation_lp.json")) as f:
    LP = json.load(f)


@pytest.mark.parametrize("name", sorted(cases()))
def test_answers_agree_with_highs(name):
    X, y, multinomial, fit_intercept = cases()[name]
    r = check_separation(X, y, fit_intercept, sorted(set(y))[0] if multinomial else None)
    want = LP[name]
    assert r.kind == want["kind"]
    assert [list(v) if multinomial else v for v in r.rows] == want["rows"]
    signs = {}
    for j, sign in want["infinite"]:
        signs.setdefault(j, set()).add(sign)
    moved = {j: "+" if v > 0 else "-" for j, v in enumerate(r.direction or []) if v != 0.0}
    assert set(moved) == set(signs)
    assert all(moved[j] in signs[j] for j in moved), (moved, signs)
    assert len(r.infinite) == len(moved)


CASES = cases()
with open(os.path.join(HERE, "data", "separation_lp.json")) as f:
    LP = json.load(f)


@pytest.mark.parametrize("name", sorted(CASES))
def test_no_separated_case_passes_as_converged_and_none_other_changes(name):
    """Each case of tests/separation_cases.py with its reference verdict: separated,
    the default fit is not converged, warns SeparationWarning once and refuses
    inference (naming the infinite coefficients where the exact test decided);
    not separated, it converges at the core class's coefficients exactly (the
    core alone cannot ask the exact test, so the check changed nothing)."""
    from minilogit import LogisticRegression
    from minilogit import core
    X, y, multinomial, fit_intercept = CASES[name]
    public, plain = ((SoftmaxRegression, core.SoftmaxRegression) if multinomial else
                     (LogisticRegression, core.LogisticRegression))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        m = public(fit_intercept=fit_intercept).fit(X, y)
    seps = [w for w in caught if issubclass(w.category, SeparationWarning)]
    if LP[name]["kind"] == "none":
        assert m.converged_ and not seps, (name, caught)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            other = plain(fit_intercept=fit_intercept).fit(X, y)
        assert m.coef_ == other.coef_ and m.intercept_ == other.intercept_
        assert m.bse_
    else:
        assert not m.converged_ and len(seps) == 1, (name, caught)
        if m.separation_check_ is not None:          # the exact test decided it
            assert m.separation_check_.kind == LP[name]["kind"]
            assert "these coefficients go to infinity" in str(seps[0].message)
        with pytest.raises(InferenceError, match="separated"):
            m.bse_
