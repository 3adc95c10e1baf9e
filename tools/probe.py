"""Hostile and careless inputs, each in a process of its own, counted by outcome.

    python3 tools/probe.py [--root DIR] [--python EXE] [--timeout S] [--memory MB]
                           [--only WORD] [--json FILE] [-v]

Each case is a few lines a careless or hostile user might run, and the words
a good answer names. A case's outcome is

    good     a minilogit error or warning that names the problem (one of the
             case's words), or a result the case checks as correct
    unclear  a minilogit error that names none of the words
    wrong    no error and no such warning, and a result that is not correct
             (or a bad input accepted in silence)
    crash    an exception that is not minilogit's own, or a traceback from
             the command line
    hang     over --timeout seconds (10)
    memory   over --memory MB of address space (500)
    unsafe   an exported model ran code of the data's when imported

The counts are the closing figures of the trust issue (issue 12); --root
runs the same cases on another checkout (e.g. one from before the issue).
Cases that need numpy or pandas are skipped when --python lacks them.
Not part of `make test`: it starts 294 processes (a minute or two).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# Run in the child before a case: limits, the package, small data, helpers.
PRELUDE = r'''
import json, math, os, resource, subprocess, sys, warnings
limit = int(os.environ["PROBE_MEMORY"]) * 2 ** 20
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
sys.path.insert(0, os.environ["PROBE_ROOT"])
sys.setrecursionlimit(10000)
import minilogit as ml
from minilogit.datasets import load_breast_cancer
TMP = os.environ["PROBE_TMP"]
X = [[0.0, 1.0], [1.0, 0.0], [2.0, 2.0], [3.0, 1.0], [4.0, 3.0], [5.0, 2.0], [6.0, 5.0],
     [7.0, 3.0], [1.5, 2.5], [4.5, 0.5], [2.5, 4.0], [5.5, 4.5]]
Y = [0, 0, 1, 0, 1, 0, 1, 1, 1, 0, 0, 1]
SEP = [0, 0, 0, 0, 1, 1, 1, 1, 0, 1, 0, 1]          # x0 > 4 exactly when y = 1
Z = [[(v - 3.25) / 2.1 for v in r] for r in X]      # roughly standardized
def scaled(rows, c): return [[v * c for v in r] for r in rows]
def close(a, b, tol=1e-6):
    a, b = list(a), list(b)
    flat = lambda v: [u for w in v for u in (w if isinstance(w, list) else [w])]
    return len(a) == len(b) and all(abs(u - v) <= tol for u, v in zip(flat(a), flat(b)))
def quiet(fn, *a, **k):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fn(*a, **k)
def write(name, data):
    path = os.path.join(TMP, name)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode("utf-8"))
    return path
def cli(*args):
    r = subprocess.run([sys.executable, "-m", "minilogit"] + list(args), cwd=TMP,
                       env=dict(os.environ, PYTHONPATH=os.environ["PROBE_ROOT"]),
                       capture_output=True, text=True, timeout=60)
    if "Traceback" in r.stderr:
        raise SystemError("command line traceback: " + r.stderr.strip().splitlines()[-1])
    return r.returncode, r.stdout, r.stderr
CSV = "a,b,y\n" + "".join("%r,%r,%d\n" % (r[0], r[1], c) for r, c in zip(X, Y))
'''

# The child: run the case, report what happened as one line of JSON.
CHILD = PRELUDE + r'''
case = json.loads(sys.stdin.read())
space = dict(globals())
out = {"error": None, "module": None, "message": None, "warnings": [], "ok": None}
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    try:
        exec(case["code"], space)
        out["ok"] = space.get("ok")
    except MemoryError:
        out["error"], out["module"] = "MemoryError", "builtins"
    except BaseException as e:
        out["error"], out["module"] = type(e).__name__, type(e).__module__
        out["message"] = str(e)[:300]
out["warnings"] = [(w.category.__module__, str(w.message)[:300]) for w in caught]
out["unsafe"] = os.path.exists(os.path.join(TMP, "PWNED"))
print("PROBE " + json.dumps(out))
'''

CASES = []          # (category, name, code, words)


def case(category, name, code, words=(), needs=None):
    CASES.append({"category": category, "name": name, "code": code.strip(),
                  "words": list(words), "needs": needs})


# -- 1. convergence in any units ------------------------------------------------
for c in ("1e-3", "1e-9", "1e6"):
    for solver in ("newton", "irls", "gd", "sgd"):
        case("convergence", "LR %s, features x %s" % (solver, c), """
ref = ml.LogisticRegression().fit(X, Y).predict_proba(X)
m = ml.LogisticRegression(solver=%r).fit(scaled(X, %s), Y)
ok = close(m.predict_proba(scaled(X, %s)), ref) if m.converged_ else None
""" % (solver, c, c), ("converge", "diverge"))
    case("convergence", "LR lasso proximal, features x %s" % c, """
ref = ml.LogisticRegression(penalty="l1", lam=1e-9, solver="cd", tol=1e-12, max_iter=100000).fit(X, Y)
m = ml.LogisticRegression(penalty="l1", lam=1e-9, solver="proximal").fit(scaled(X, %s), Y)
ok = (close(m.predict_proba(scaled(X, %s)), ref.predict_proba(X), 1e-4) if m.converged_ else None)
""" % (c, c), ("converge",))
    case("convergence", "GLM probit, features x %s" % c, """
ref = ml.GLM(link="probit").fit(X, Y).predict(X)
m = ml.GLM(link="probit").fit(scaled(X, %s), Y)
ok = close(m.predict(scaled(X, %s)), ref) if m.converged_ else None
""" % (c, c), ("converge",))
    case("convergence", "softmax gd, features x %s" % c, """
ref = ml.SoftmaxRegression(reference_class=0, penalty=None).fit(X, Y).predict_proba(X)
m = ml.SoftmaxRegression(reference_class=0, penalty=None, solver="gd").fit(scaled(X, %s), Y)
ok = close(m.predict_proba(scaled(X, %s)), ref, 1e-4) if m.converged_ else None
""" % (c, c), ("converge",))

# -- 2. divergence ----------------------------------------------------------------
case("divergence", "sgd on the raw breast-cancer data", """
d = load_breast_cancer()
m = ml.LogisticRegression(solver="sgd").fit(d.data, d.target)
ok = m.converged_ and m.history_[-1] <= m.history_[0]
""", ("diverge",))
case("divergence", "fit_stream with learning_rate 1e6", """
rows = [(x, y) for x, y in zip(X, Y)]
m = ml.LogisticRegression(solver="sgd", learning_rate=1e6).fit_stream(lambda: iter(rows), [0, 1], epochs=20)
ok = max(abs(c) for c in m.coef_) < 100
""", ("diverge",))
case("divergence", "gd with a fixed step of 1e3", """
m = ml.LogisticRegression(solver="gd", learning_rate=1e3).fit(X, Y)
ok = m.converged_ and close(m.coef_, ml.LogisticRegression().fit(X, Y).coef_, 1e-4)
""", ("diverge",))
case("divergence", "sgd with learning_rate 1e4", """
m = ml.LogisticRegression(solver="sgd", learning_rate=1e4).fit(scaled(X, 10.0), Y)
ok = m.converged_ and close(m.coef_, ml.LogisticRegression().fit(scaled(X, 10.0), Y).coef_, 1e-2)
""", ("diverge", "converge"))
case("divergence", "softmax sgd with learning_rate 1e5", """
m = ml.SoftmaxRegression(solver="sgd", learning_rate=1e5).fit(scaled(X, 10.0), Y)
ok = m.converged_ and max(abs(c) for r in m.coef_ for c in r) < 100
""", ("diverge", "converge"))
case("divergence", "gd with default settings on the raw breast-cancer data", """
d = load_breast_cancer()
m = ml.LogisticRegression(solver="gd").fit(d.data, d.target)
ok = m.converged_ and m.history_[-1] < m.history_[0]
""", ("converge", "standardize", "separat"))

# -- 3. separation, by every solver; advice true of the data --------------------------
for solver in ("newton", "irls", "gd", "sgd"):
    case("separation", "LR %s on separable data" % solver, """
m = ml.LogisticRegression(solver=%r).fit(X, SEP)
""" % solver, ("separat",))
    case("separation", "LR %s on standardized separable data: no 'standardize'" % solver, """
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    m = ml.LogisticRegression(solver=%r).fit(Z, SEP)
said = " ".join(str(x.message) for x in w)
ok = "standardize" not in said and "separat" in said
""" % solver, ())
case("separation", "softmax gd on separable data, unpenalised", """
m = ml.SoftmaxRegression(reference_class=0, penalty=None, solver="gd").fit(X, SEP)
""", ("separat",))
case("separation", "GLM on separable data", """
m = ml.GLM().fit(X, SEP)
""", ("separat",))

# -- 4. inference only where it means something -----------------------------------
case("inference", "standard errors of an unconverged sgd fit", """
m = quiet(ml.LogisticRegression(solver="sgd", max_iter=1).fit, X, Y)
se = m.bse_
""", ("converge",))
case("inference", "summary of an unconverged gd fit shows no p-values", """
m = quiet(ml.LogisticRegression(solver="gd", max_iter=2).fit, X, Y)
ok = "P>|z|" not in m.summary() and "std err" not in m.summary()
""", ())
case("inference", "LLR p-value of a separated fit", """
m = quiet(ml.LogisticRegression().fit, X, SEP)
p = m.llr_pvalue_
""", ("separat",))
case("inference", "summary of a separated fit shows no AIC", """
m = quiet(ml.LogisticRegression().fit, X, SEP)
ok = "AIC:" not in m.summary()
""", ())
case("inference", "GLM AIC of a separated fit", """
m = quiet(ml.GLM().fit, X, SEP)
a = m.aic_
""", ("separat",))
case("inference", "fit_stream standard errors", """
rows = [(x, y) for x, y in zip(X, Y)]
m = quiet(ml.LogisticRegression(solver="sgd").fit_stream, lambda: iter(rows), [0, 1], epochs=5)
se = m.bse_
""", ("stream", "converge"))
case("inference", "a fit whose X'WX has no inverse still fits", """
rows = [[0.0, 0.0], [1.0, 0.0], [2.0, 0.0], [3.0, 1e-9], [4.0, 0.0], [5.0, 0.0]]
m = ml.LogisticRegression(penalty="l2", lam=1.0).fit(rows, [0, 1, 0, 1, 1, 0])
ok = len(m.coef_) == 2
""", ())
case("inference", "command line summary of an unconverged sgd fit", """
rc, out, err = cli("fit", write("d.csv", CSV), "--target", "y", "--solver", "sgd", "--max-iter", "1")
ok = rc == 0 and "P>|z|" not in out
""", ())

# -- 5. export and import ---------------------------------------------------------
LABELS = {
    "code in a str subclass's repr": """
class L(str):
    def __repr__(self): return "__import__('os').system('touch PWNED') or 'x'"
labels = [L("a"), L("b")]""",
    "enum labels": """
import enum
class E(enum.Enum):
    A = 1
    B = 2
labels = [E.A, E.B]""",
    "int subclass labels": """
class I(int):
    def __repr__(self): return "oops("
labels = [I(0), I(1)]""",
    "bool labels": "labels = [False, True]",
    "tuple labels": "labels = [(0, 'a'), (1, 'b')]",
    "labels with quotes and newlines": "labels = ['a\"\\n\\'b', 'c\\\\']",
}
for what, setup in LABELS.items():
    case("export", "to_source with " + what, setup + """
m = ml.LogisticRegression().fit(X, [labels[v] for v in Y])
space = {}
os.chdir(TMP)
exec(m.to_source(), space)
got = space["predict"](X)
same = lambda a, b: a == b or repr(a) == repr(b) or a in (getattr(b, "value", None), getattr(b, "name", None))
ok = all(same(a, b) for a, b in zip(got, m.predict(X))) and not os.path.exists("PWNED")
""", ("label", "literal", "cannot"))
for what, setup in [("numpy str labels", "labels = list(np.array(['a', 'b']))"),
                    ("numpy float labels", "labels = list(np.array([0.5, 1.5]))"),
                    ("numpy int labels", "labels = list(np.array([3, 7]))")]:
    case("export", "to_source with " + what, "import numpy as np\n" + setup + """
m = ml.LogisticRegression().fit(X, [labels[v] for v in Y])
space = {}
exec(m.to_source(), space)
ok = [str(v) for v in space["predict"](X)] == [str(v) for v in m.predict(X)]
""", ("label",), needs="numpy")
JSON_EDITS = [
    ("coef_ one too long", "doc['fitted']['coef_'].append(0.0)", ("coef_",)),
    ("coef_ one too short", "doc['fitted']['coef_'].pop()", ("coef_",)),
    ("classes_ flipped", "doc['fitted']['classes_'].reverse()", ("classes_",)),
    ("classes_ three", "doc['fitted']['classes_'].append(2)", ("classes_",)),
    ("coef_ NaN", "doc['fitted']['coef_'][0] = float('nan')", ("coef_", "finite")),
    ("intercept_ a string", "doc['fitted']['intercept_'] = '1'", ("intercept_",)),
    ("n_features_in_ 0", "doc['fitted']['n_features_in_'] = 0", ("n_features_in_",)),
    ("params.solver unknown", "doc['params']['solver'] = 'lbfgs'", ("solver",)),
    ("params.max_iter -1", "doc['params']['max_iter'] = -1", ("max_iter",)),
    ("params a list", "doc['params'] = [1]", ("params",)),
    ("an unknown fitted attribute", "doc['fitted']['_loss'] = 1", ("_loss",)),
    ("version 99", "doc['version'] = 99", ("version",)),
]
for what, edit, words in JSON_EDITS:
    case("import", "from_json with " + what, """
m = ml.LogisticRegression().fit(X, Y)
doc = json.loads(m.to_json())
%s
copy = ml.LogisticRegression.from_json(json.dumps(doc))
copy.predict(X)
""" % edit, words)
for what, text in [("deep nesting", "'[' * 100000 + ']' * 100000"),
                   ("an object nested 50 000 deep", "'{\"a\": ' * 50000 + '1' + '}' * 50000"),
                   ("not JSON", "'hello'"), ("None", "None"), ("bytes", "b'\\xff\\xfe'")]:
    case("import", "from_json of " + what, """
ml.LogisticRegression.from_json(%s)
""" % text, ("from_json", "JSON"))
case("import", "from_json of a SoftmaxRegression as a LogisticRegression", """
m = ml.SoftmaxRegression().fit(X, Y)
ml.LogisticRegression.from_json(m.to_json())
""", ("SoftmaxRegression",))

# -- 6. bounded work ----------------------------------------------------------------
WIDE = "[[float((i * 7 + j * 3) % 11) for j in range(10000)] for i in range(100)]"
for what, call in [("LR", "ml.LogisticRegression().fit(W, [i % 2 for i in range(100)])"),
                   ("LR ridge", "ml.LogisticRegression(penalty='l2').fit(W, [i % 2 for i in range(100)])"),
                   ("softmax (ridge by default)", "ml.SoftmaxRegression().fit(W, [i % 3 for i in range(100)])"),
                   ("GLM", "ml.GLM().fit(W, [i % 2 for i in range(100)])"),
                   ("least squares", "ml.LeastSquaresClassifier().fit(W, [i % 2 for i in range(100)])"),
                   ("multi-label", "ml.MultiLabelClassifier().fit(W, [[i % 2, 1 - i % 2] for i in range(100)])")]:
    case("bounded", "100 x 10000, %s" % what, "W = %s\n%s\n" % (WIDE, call),
         ("rows", "parameters", "columns", "coefficients"))
case("bounded", "a continuous y given to SoftmaxRegression", """
ml.SoftmaxRegression().fit([[i / 10.0] for i in range(200)], [0.37 * i for i in range(200)])
""", ("classes", "continuous"))
case("bounded", "a continuous y given to OneVsRest", """
ml.OneVsRest(ml.LogisticRegression()).fit([[i / 10.0] for i in range(200)], [0.37 * i for i in range(200)])
""", ("classes", "continuous"))
case("bounded", "sample_weight 1e5 on 60 rows with sgd", """
rows = [[(i % 7) - 3.0, (i % 5) / 2.0] for i in range(60)]
y = [1 if r[0] + r[1] + ((i * 13) % 7 - 3) / 3.0 > 0 else 0 for i, r in enumerate(rows)]
m = quiet(ml.LogisticRegression(solver="sgd").fit, rows, y, sample_weight=[1e5] * 60)
ok = all(math.isfinite(c) for c in m.coef_)
""", ())
case("bounded", "tol=0 and max_iter 200 000 with gd keeps memory bounded", """
m = quiet(ml.LogisticRegression(solver="gd", learning_rate=0.01, tol=0, max_iter=200000).fit, X, Y)
ok = len(m.trace_) < 1000
""", ())
case("bounded", "max_iter 10**12 with newton", """
m = ml.LogisticRegression(max_iter=10 ** 12).fit(X, Y)
ok = m.converged_
""", ())
case("bounded", "3000 classes of one row each", """
ml.SoftmaxRegression().fit([[float(i)] for i in range(3000)], list(range(3000)))
""", ("classes",))

# -- 7. files as they come --------------------------------------------------------
FILES = [
    ("Latin-1 bytes", "write('f.csv', 'caf\\xe9,b,y\\n'.encode('latin-1') + CSV.split('\\n', 1)[1].encode())",
     ("UTF-8", "utf-8", "decode")),
    ("a cell longer than the csv field limit",
     "write('f.csv', 'a,b,y\\n\"' + 'x' * 200000 + '\",1,0\\n' + CSV.split('\\n', 1)[1])",
     ("line", "cell", "field")),
    ("a NUL byte", "write('f.csv', CSV.replace('1.0', '1\\x00', 1))", ("line",)),
    ("no such file", "os.path.join(TMP, 'missing.csv')", ("missing.csv", "No such file")),
    ("a directory", "TMP", ("directory", "Is a directory")),
    ("an empty file", "write('f.csv', '')", ("empty", "no header", "no data")),
    ("a header only", "write('f.csv', 'a,b,y\\n')", ("no data", "rows")),
    ("a ragged row", "write('f.csv', CSV + '1.0,0\\n')", ("line", "row")),
    ("a text cell", "write('f.csv', CSV.replace('2.0', 'two', 1))", ("line", "two")),
    ("';' separated", "write('f.csv', CSV.replace(',', ';'))", ("column", "y")),
    ("the target missing", "write('f.csv', CSV.replace(',y', ',z'))", ("column", "y")),
    ("a binary file", "write('f.csv', bytes(range(256)) * 4)", ("UTF-8", "utf-8", "line")),
]
for what, path, words in FILES:
    case("files", "load_csv: " + what, """
from minilogit.datasets import load_csv
d = load_csv(%s, target="y")
ok = False
""" % path, words)
    case("files", "command line: " + what, """
rc, out, err = cli("fit", %s, "--target", "y")
ok = rc == 0 and False
if rc != 0 and any(w in err for w in %r):
    ok = True
""" % (path, words), words)
case("files", "load_csv: a UTF-8 byte-order mark", """
from minilogit.datasets import load_csv
d = load_csv(write("f.csv", "\\ufeff" + CSV), target="y")
ok = d.feature_names[0] == "a"
""", ())
case("files", "load_csv: blank lines before a bad row name its line", """
from minilogit.datasets import load_csv
text = "a,b,y\\n\\n\\n1,2,0\\n\\n1,x,1\\n"
try:
    load_csv(write("f.csv", text), target="y")
    ok = False
except ml.DataError as e:
    ok = "line 6" in str(e)
""", ())
case("files", "load_csv: CRLF line ends", """
from minilogit.datasets import load_csv
d = load_csv(write("f.csv", CSV.replace("\\n", "\\r\\n")), target="y")
ok = len(d.data) == len(X) and d.data[0] == X[0]
""", ())
case("files", "load_csv: quoted header names", """
from minilogit.datasets import load_csv
d = load_csv(write("f.csv", CSV.replace("a,b,y", '"a","b","y"', 1)), target="y")
ok = d.feature_names == ["a", "b"]
""", ())

# -- 8. all-or-nothing fits ---------------------------------------------------------
case("atomic", "OneVsRest whose third fit fails", """
m = ml.OneVsRest(ml.LogisticRegression(solver="newton", max_iter=50))
rows = [[0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [3.0, 3.0], [4.0, 4.0], [5.0, 5.0]]
try:
    m.fit(rows, [0, 1, 2, 0, 1, 2])
except ml.DataError:
    pass
try:
    m.predict(rows)
    ok = False
except (ml.NotFittedError, AttributeError) as e:
    ok = isinstance(e, ml.NotFittedError)
""", ())
for name, good, bad in [
        ("LogisticRegression", "ml.LogisticRegression().fit(X, Y)", "m.fit(X, [0] * len(X))"),
        ("SoftmaxRegression", "ml.SoftmaxRegression().fit(X, Y)", "m.fit(X, [0] * len(X))"),
        ("GLM", "ml.GLM(family='poisson').fit(X, [1, 2, 0, 3, 1, 2, 4, 1, 0, 2, 3, 1])",
         "m.fit(X, [1.5] * len(X))"),
        ("LeastSquaresClassifier", "ml.LeastSquaresClassifier().fit(X, Y)",
         "m.fit([[1.0, 1.0]] * len(X), Y)"),
        ("LR refit that diverges", "ml.LogisticRegression(solver='sgd', learning_rate=0.1).fit(X, Y)",
         "setattr(m, 'learning_rate', 1e9) or m.fit(scaled(X, 100.0), Y)")]:
    case("atomic", "%s: a refit that fails leaves it unfitted" % name, """
m = quiet(lambda: %s)
try:
    quiet(lambda: %s)
except (ValueError, ArithmeticError):
    pass
try:
    m.predict(X)
    ok = False
except ml.NotFittedError:
    ok = True
""" % (good, bad), ())

# -- 9. extreme magnitudes and odd parameters ------------------------------------------
for what, call, words in [
        ("X entries of 1e308", "ml.LogisticRegression().fit(scaled(X, 1e307), Y)", ("column", "overflow", "rescale")),
        ("X entries of 1e-308", "m = ml.LogisticRegression().fit(scaled(X, 1e-300), Y)\nok = m.converged_ and close(m.predict_proba(scaled(X, 1e-300)), ml.LogisticRegression().fit(X, Y).predict_proba(X))", ("converge", "scale", "column", "singular")),
        ("predict on rows of 1e308", "m = ml.LogisticRegression().fit(X, Y)\np = m.predict_proba([[1e308, -1e308]])\nok = all(0 <= v <= 1 for v in p[0])", ("overflow", "rescale")),
        ("sample_weight all 0", "ml.LogisticRegression().fit(X, Y, sample_weight=[0] * len(X))", ("weight",)),
        ("a negative sample_weight", "ml.LogisticRegression().fit(X, Y, sample_weight=[-1] + [1] * (len(X) - 1))", ("weight",)),
        ("a NaN sample_weight", "ml.LogisticRegression().fit(X, Y, sample_weight=[float('nan')] + [1] * (len(X) - 1))", ("weight",)),
        ("sample_weight 1e308", "m = ml.LogisticRegression().fit(X, Y, sample_weight=[1e308] * len(X))\nok = close(m.coef_, ml.LogisticRegression().fit(X, Y).coef_, 1e-6)", ("weight",)),
        ("learning_rate NaN", "ml.LogisticRegression(solver='gd', learning_rate=float('nan')).fit(X, Y)", ("learning_rate",)),
        ("learning_rate inf", "ml.LogisticRegression(solver='sgd', learning_rate=float('inf')).fit(X, Y)", ("learning_rate",)),
        ("max_iter 2.5", "ml.LogisticRegression(max_iter=2.5).fit(X, Y)", ("max_iter",)),
        ("max_iter '10'", "ml.LogisticRegression(max_iter='10').fit(X, Y)", ("max_iter",)),
        ("tol -1", "ml.LogisticRegression(tol=-1).fit(X, Y)", ("tol",)),
        ("lam inf", "ml.LogisticRegression(penalty='l2', lam=float('inf')).fit(X, Y)", ("lam",)),
        ("l1_ratio 2", "ml.LogisticRegression(penalty='elasticnet', l1_ratio=2).fit(X, Y)", ("l1_ratio",)),
        ("threshold 1.5", "ml.LogisticRegression().fit(X, Y).predict(X, threshold=1.5)", ("threshold",)),
        ("y of 0.0 and 1.0", "m = ml.LogisticRegression().fit(X, [float(v) for v in Y])\nok = m.classes_ == [0.0, 1.0]", ()),
        ("y of True and False", "m = ml.LogisticRegression().fit(X, [bool(v) for v in Y])\nok = m.predict(X[:1])[0] in (True, False)", ("label",)),
        ("y with None", "ml.LogisticRegression().fit(X, [None] + Y[1:])", ("y[0]", "None", "label")),
        ("y with NaN", "ml.LogisticRegression().fit(X, [float('nan')] + Y[1:])", ("y[0]", "nan")),
        ("labels 'a' and 1 mixed", "ml.LogisticRegression().fit(X, ['a'] + Y[1:])", ("label", "y")),
        ("X with a string", "ml.LogisticRegression().fit([['1', 2.0]] + X[1:], Y)", ("X[0][0]",)),
        ("X a dict", "ml.LogisticRegression().fit({'a': [1.0]}, Y)", ("X",)),
        ("X a generator", "m = ml.LogisticRegression().fit((r for r in X), Y)\nok = m.n_features_in_ == 2", ("X",)),
        ("X of complex numbers", "ml.LogisticRegression().fit([[complex(1, 1), 0.0]] + X[1:], Y)", ("X[0][0]", "complex")),
        ("one row", "ml.LogisticRegression().fit([[1.0, 2.0]], [1])", ("class", "classes")),
        ("a 3-D X", "ml.LogisticRegression().fit([[[1.0]]] * len(X), Y)", ("X[0][0]",)),
        ("GLM poisson with y = -1", "ml.GLM(family='poisson').fit(X, [-1] + [1] * (len(X) - 1))", ("y[0]",)),
        ("GLM binomial with y = 2", "ml.GLM().fit(X, [2] + Y[1:])", ("y[0]",)),
        ("GLM family 'gamma' (not there)", "ml.GLM(family='gamma').fit(X, [1.0] * len(X))", ("family",)),
        ("GLM family 'Poisson'", "ml.GLM(family='Poisson').fit(X, Y)", ("family",)),
        ("class_weight for a missing class", "ml.LogisticRegression(class_weight={5: 2.0}).fit(X, Y)", ("class_weight", "5")),
]:
    case("extremes", what, call, words)

# -- 10. numpy and pandas values --------------------------------------------------------
for what, call, needs in [
        ("a numpy float array", "import numpy as np\nm = ml.LogisticRegression().fit(np.array(X), np.array(Y))\nok = close(m.coef_, ml.LogisticRegression().fit(X, Y).coef_, 1e-12)", "numpy"),
        ("a numpy int array", "import numpy as np\nm = ml.LogisticRegression().fit(np.array(X, dtype=int), np.array(Y))\nok = close(m.coef_, ml.LogisticRegression().fit([[int(v) for v in r] for r in X], Y).coef_, 1e-12)", "numpy"),
        ("a numpy float32 array", "import numpy as np\nm = ml.LogisticRegression().fit(np.array(X, dtype=np.float32), Y)\nok = close(m.coef_, ml.LogisticRegression().fit(X, Y).coef_, 1e-5)", "numpy"),
        ("numpy NaN in X", "import numpy as np\na = np.array(X); a[0, 0] = np.nan\nml.LogisticRegression().fit(a, Y)", "numpy"),
        ("numpy max_iter", "import numpy as np\nm = ml.LogisticRegression(max_iter=np.int64(50)).fit(X, Y)\nok = m.converged_", "numpy"),
        ("numpy lam", "import numpy as np\nm = ml.LogisticRegression(penalty='l2', lam=np.float64(0.5)).fit(X, Y)\nok = m.converged_", "numpy"),
        ("a pandas DataFrame", "import pandas as pd\nf = pd.DataFrame(X, columns=['a', 'b'])\nm = ml.LogisticRegression().fit(f, pd.Series(Y))\nok = close(m.coef_, ml.LogisticRegression().fit(X, Y).coef_, 1e-12)", "pandas"),
        ("a pandas frame with a text column", "import pandas as pd\nf = pd.DataFrame({'a': [r[0] for r in X], 'b': ['x'] * len(X)})\nml.LogisticRegression().fit(f, Y)", "pandas"),
        ("pandas categorical labels", "import pandas as pd\nm = ml.LogisticRegression().fit(X, pd.Series(['n', 'y'])[Y].astype('category'))\nok = m.predict(X[:1])[0] in ('n', 'y')", "pandas"),
]:
    case("numpy/pandas", what, call, ("X", "column", "b", "nan", "finite"), needs)


# -- 11. the command line, as typed -------------------------------------------------------
for what, args, words in [
        ("--max-iter abc", '"fit", write("d.csv", CSV), "--target", "y", "--max-iter", "abc"', ("--max-iter",)),
        ("--tol -1", '"fit", write("d.csv", CSV), "--target", "y", "--tol", "-1"', ("tol",)),
        ("--solver nope", '"fit", write("d.csv", CSV), "--target", "y", "--solver", "nope"', ("solver",)),
        ("--lam nan", '"fit", write("d.csv", CSV), "--target", "y", "--penalty", "l2", "--lam", "nan"', ("lam",)),
        ("--target missing", '"fit", write("d.csv", CSV), "--target", "zz"', ("zz",)),
        ("no --target", '"fit", write("d.csv", CSV)', ("target", "usage")),
        ("an unknown option", '"fit", write("d.csv", CSV), "--target", "y", "--frobnicate"', ("--frobnicate",)),
        ("an unknown command", '"frobnicate"', ("frobnicate",)),
        ("no arguments", '', ("usage", "command")),
        ("a 3-class target to fit", '"fit", write("d.csv", CSV.replace(",1\\n", ",2\\n", 2)), "--target", "y"', ("class",)),
        ("a one-class target", '"fit", write("d.csv", CSV.replace(",1\\n", ",0\\n")), "--target", "y"', ("class",)),
        ("trace of separable data", '"trace", write("d.csv", "a,y\\n" + "".join("%d,%d\\n" % (i, i > 4) for i in range(10))), "--target", "y"', ("separat",)),
        ("trace with --solver sgd --max-iter 0", '"trace", write("d.csv", CSV), "--target", "y", "--solver", "sgd", "--max-iter", "0"', ("converge", "max-iter", "0")),
        ("doctest of an unknown module", '"doctest", "core.nothere"', ("nothere",)),
        ("demo with an extra argument", '"demo", "extra"', ("extra", "usage")),
        ("fit on a GLM family that is not there", '"fit", write("d.csv", CSV), "--target", "y", "--family", "gamma"', ("family", "gamma")),
        ("a target of text labels", '"fit", write("d.csv", CSV.replace(",0\\n", ",no\\n").replace(",1\\n", ",yes\\n")), "--target", "y"', ()),
]:
    case("command line", what, """
rc, out, err = cli(%s)
ok = rc in (0, 1, 2) and (rc == 0 and %r == () or any(w in out + err for w in %r))
""" % (args, words, words), ())

# -- 12. metrics --------------------------------------------------------------------------------
for what, call, words in [
        ("accuracy of lists of different lengths", "ml.metrics.accuracy_score([0, 1], [0])", ("length", "2", "1")),
        ("accuracy of empty lists", "ml.metrics.accuracy_score([], [])", ("empty",)),
        ("roc_auc with one class", "ml.metrics.roc_auc_score([1, 1, 1], [0.2, 0.5, 0.9])", ("class",)),
        ("roc_auc with a NaN score", "ml.metrics.roc_auc_score([0, 1, 1], [0.2, float('nan'), 0.9])", ("nan", "finite")),
        ("log_loss with a probability of 1.5", "ml.metrics.log_loss([0, 1], [[0.5, 0.5], [-0.5, 1.5]])", ("probab", "[0, 1]", "1.5")),
        ("log_loss with rows not summing to 1", "ml.metrics.log_loss([0, 1], [[0.2, 0.2], [0.5, 0.5]])", ("sum",)),
        ("log_loss of a certain wrong answer", "v = ml.metrics.log_loss([0, 1], [[0.0, 1.0], [1.0, 0.0]])\nok = math.isfinite(v) and v > 10", ()),
        ("confusion_matrix with labels that do not occur", "c = ml.metrics.confusion_matrix([0, 1], [0, 1], labels=[0, 1, 2])\nok = len(c) == 3", ("label",)),
        ("precision with nothing predicted positive", "v = ml.metrics.precision_score([0, 1], [0, 0])\nok = v == 0.0", ()),
        ("r2 of a constant y", "ml.metrics.r2_score([1.0, 1.0, 1.0], [1.0, 1.0, 1.1])", ("constant", "variance")),
        ("residual standard error with too many parameters", "ml.metrics.residual_standard_error([1.0, 2.0], [1.0, 2.0], 5)", ("n_params", "parameters", "degrees")),
        ("threshold_sweep with thresholds as a string", "ml.metrics.threshold_sweep([0, 1], [0.2, 0.8], thresholds='0.5')", ("threshold",)),
        ("f1 with average='weird'", "ml.metrics.f1_score([0, 1], [0, 1], average='weird')", ("average",)),
]:
    case("metrics", what, "import minilogit.metrics\n" + call, words)

# -- 13. pictures and text that carry the user's strings ---------------------------------------------
case("pictures", "a label with markup in a decision-boundary picture is escaped", """
from minilogit import plot
m = ml.LogisticRegression().fit(X, ["<script>alert(1)</script>" if v else "b&c" for v in Y])
svg = str(plot.decision_boundary_plot(m, X, m.predict(X), feature_names=["<b>x</b>", "y\\"'"]))
ok = "<script>" not in svg and "<b>" not in svg
""", ())
case("pictures", "a decision-boundary picture of a 3-feature model", """
from minilogit import plot
m = ml.LogisticRegression().fit([r + [1.0] for r in X], Y)
plot.decision_boundary_plot(m, [r + [1.0] for r in X], Y)
""", ("feature", "column", "2"))
case("pictures", "a ROC picture of one class", """
from minilogit import plot
plot.roc_plot([1, 1, 1], [0.1, 0.5, 0.9])
""", ("class",))
case("pictures", "a loss-history picture of an empty history", """
from minilogit import plot
plot.loss_history_plot({"gd": []})
""", ("empty", "history", "loss"))
case("pictures", "a loss-history picture with inf and nan", """
from minilogit import plot
svg = str(plot.loss_history_plot({"gd": [1.0, float("inf"), float("nan"), 0.5]}))
ok = "nan" not in svg.lower().replace("nano", "")
""", ("finite", "nan", "inf"))
case("pictures", "a picture of an unfitted model", """
from minilogit import plot
plot.decision_boundary_plot(ml.LogisticRegression(), X, Y)
""", ("fitted",))
case("text", "summary with feature names holding newlines and markup", """
from minilogit.datasets import load_csv
m = ml.LogisticRegression().fit(X, Y)
t = m.summary(feature_names=["a\\nb", "<i>c</i>"]) if "feature_names" in m.summary.__code__.co_varnames else m.summary()
ok = isinstance(t, str) and len(t) > 0
""", ())
case("text", "summary of an unfitted model", "ml.LogisticRegression().summary()", ("not fitted",))
case("text", "explain of an unfitted model", "ok = 'not been fitted' in ml.LogisticRegression().explain()", ())
case("text", "to_source of an unfitted model", "ml.LogisticRegression().to_source()", ("not fitted",))
case("text", "to_json of an unfitted model", "ml.LogisticRegression().to_json()", ("not fitted",))
case("text", "trace_ of an unfitted model", "ml.LogisticRegression().trace_", ("not fitted",))

# -- 14. predicting --------------------------------------------------------------------------------
for what, call, words in [
        ("predict before fit", "ml.LogisticRegression().predict(X)", ("not fitted",)),
        ("predict with 3 columns for 2", "ml.LogisticRegression().fit(X, Y).predict([[1.0, 2.0, 3.0]])", ("columns",)),
        ("predict with no rows", "p = ml.LogisticRegression().fit(X, Y).predict([])\nok = p == []", ("empty", "rows")),
        ("predict a single flat row", "ml.LogisticRegression().fit(X, Y).predict([1.0, 2.0])", ("row", "X")),
        ("predict_proba with a string", "ml.LogisticRegression().fit(X, Y).predict_proba([['a', 1.0]])", ("X[0][0]",)),
        ("softmax predict with NaN", "ml.SoftmaxRegression().fit(X, Y).predict([[float('nan'), 1.0]])", ("nan",)),
        ("GLM predict with inf", "ml.GLM(family='poisson').fit(X, [1, 2, 0, 3, 1, 2, 4, 1, 0, 2, 3, 1]).predict([[float('inf'), 1.0]])", ("inf",)),
        ("poisson predict far out", "m = ml.GLM(family='poisson').fit(X, [1, 2, 0, 3, 1, 2, 4, 1, 0, 2, 3, 1])\np = m.predict([[1e6, 1e6]])\nok = all(math.isfinite(v) for v in p)", ("overflow", "large", "inf")),
        ("least squares predict_proba", "m = ml.LeastSquaresClassifier().fit(X, Y)\np = m.predict_proba(X) if hasattr(m, 'predict_proba') else None\nok = p is None or all(0 <= v <= 1 for r in p for v in r)", ("probab",)),
]:
    case("predicting", what, call, words)

# -- 15. streaming, paths, standardize, copies -------------------------------------------------------
for what, call, words in [
        ("fit_stream whose rows change width", "rows = [([1.0], 0), ([1.0, 2.0], 1)]\nquiet(ml.LogisticRegression(solver='sgd').fit_stream, lambda: iter(rows), [0, 1])", ("column", "row")),
        ("fit_stream with a label outside classes", "rows = [([1.0], 0), ([2.0], 5)]\nquiet(ml.LogisticRegression(solver='sgd').fit_stream, lambda: iter(rows), [0, 1])", ("5", "class")),
        ("fit_stream with an empty stream", "quiet(ml.LogisticRegression(solver='sgd').fit_stream, lambda: iter([]), [0, 1])", ("empty", "no examples")),
        ("fit_stream with a stream that is not callable", "rows = [([1.0], 0), ([2.0], 1)]\nml.LogisticRegression(solver='sgd').fit_stream(rows, [0, 1])", ("stream", "callable", "function")),
        ("fit_stream with a NaN feature", "rows = [([float('nan')], 0), ([2.0], 1)]\nquiet(ml.LogisticRegression(solver='sgd').fit_stream, lambda: iter(rows), [0, 1])", ("nan",)),
        ("stream_csv with a bad row in the middle", "from minilogit.datasets import stream_csv\nlist(stream_csv(write('f.csv', CSV + 'x,1,0\\n' + CSV.split('\\n', 1)[1]), target='y'))", ("line 14",)),
        ("lasso_path with a negative lam", "ml.lasso_path(X, Y, lams=[1.0, -1.0])", ("lam",)),
        ("lasso_path with n_lams 0", "ml.lasso_path(X, Y, n_lams=0)", ("n_lams",)),
        ("lasso_path on separable data", "p = quiet(ml.lasso_path, X, SEP)\nok = len(p) > 0", ("separat",)),
        ("standardize a constant column", "from minilogit.datasets import standardize\nr = standardize([[1.0, 2.0], [1.0, 3.0]])\nok = all(math.isfinite(v) for row in (r[0] if isinstance(r, tuple) else r) for v in row)", ("constant",)),
        ("standardize an empty X", "from minilogit.datasets import standardize\nstandardize([])", ("empty",)),
        ("a pickled model predicts the same", "import pickle\nm = ml.LogisticRegression().fit(X, Y)\nc = pickle.loads(pickle.dumps(m))\nok = c.predict_proba(X) == m.predict_proba(X)", ()),
        ("a deep-copied model predicts the same", "import copy\nm = ml.SoftmaxRegression().fit(X, Y)\nok = copy.deepcopy(m).predict_proba(X) == m.predict_proba(X)", ()),
        ("the caller changes X after fit", "rows = [list(r) for r in X]\nm = ml.LogisticRegression().fit(rows, Y)\nb = list(m.coef_)\nrows[0][0] = 1e9\nok = m.coef_ == b and m.converged_", ()),
        ("refit with other columns", "m = ml.LogisticRegression().fit(X, Y)\nm.fit([r + [1.0, 2.0] for r in X], Y)\nok = len(m.coef_) == 4", ()),
        ("OneVsRest of an unfitted-type estimator", "ml.OneVsRest(5).fit(X, Y)", ("estimator",)),
        ("OneVsRest of a GLM", "m = quiet(ml.OneVsRest(ml.GLM()).fit, X, [0, 1, 2] * 4)\nok = len(m.predict(X)) == len(X)", ("estimator", "GLM")),
]:
    case("more", what, call, words)


# -- 16. Matrix, distributions, GLM and multi-label odds and ends ------------------------------------
for what, call, words in [
        ("a ragged Matrix", "ml.Matrix([[1.0, 2.0], [3.0]])", ("row", "columns")),
        ("an empty Matrix times a vector", "ml.Matrix([]) @ [1.0]", ("multiply", "empty")),
        ("a Matrix of strings times a vector", "ml.Matrix([['a']]) @ [1.0]", ("number", "'a'")),
        ("solving a singular Matrix", "ml.Matrix([[1.0, 2.0], [2.0, 4.0]]).solve([1.0, 2.0])", ("singular",)),
        ("solving with a right side of the wrong length", "ml.Matrix([[1.0, 0.0], [0.0, 1.0]]).solve([1.0])", ("length", "rows", "1")),
        ("multiplying shapes that do not match", "ml.Matrix([[1.0, 2.0]]) @ ml.Matrix([[1.0, 2.0]])", ("shape", "multiply")),
        ("the inverse of a non-square Matrix", "ml.Matrix([[1.0, 2.0]]).inverse()", ("square",)),
        ("normal_ppf(1.5)", "from minilogit.distributions import normal_ppf\nnormal_ppf(1.5)", ("p", "(0, 1)", "1.5")),
        ("normal_ppf(0)", "from minilogit.distributions import normal_ppf\nv = normal_ppf(0.0)\nok = v == -math.inf", ("p", "0")),
        ("chi2_sf with df 0", "from minilogit.distributions import chi2_sf\nchi2_sf(1.0, 0)", ("df",)),
        ("chi2_sf of nan", "from minilogit.distributions import chi2_sf\nchi2_sf(float('nan'), 2)", ("nan", "x")),
        ("two_sided_p of a string", "from minilogit.distributions import two_sided_p\ntwo_sided_p('1.96')", ("z", "number")),
        ("a GLM link that is not there", "ml.GLM(link='logitt').fit(X, Y)", ("link",)),
        ("GLM poisson with counts of 1e300", "m = ml.GLM(family='poisson').fit(X, [1e300] + [1.0] * (len(X) - 1))\nok = all(math.isfinite(c) for c in m.coef_)", ("y[0]", "large", "overflow", "converge")),
        ("GLM gaussian with y = 1e200", "m = ml.GLM(family='gaussian').fit(X, [1e200 * (i % 3) for i in range(len(X))])\nok = all(math.isfinite(c) for c in m.coef_) and m.converged_", ("y", "large", "overflow", "rescale")),
        ("GLM with sample_weight of the wrong length", "ml.GLM().fit(X, Y, sample_weight=[1.0, 2.0])", ("sample_weight", "2")),
        ("GLM binomial with proportions 0.5", "m = quiet(ml.GLM().fit, X, [0.5] * len(X))\nok = abs(m.predict(X)[0] - 0.5) < 1e-9", ("y[0]", "0.5")),
        ("multi-label table with a 2", "ml.MultiLabelClassifier().fit(X, [[2, 0]] + [[v, 1 - v] for v in Y[1:]])", ("Y[0][0]", "2")),
        ("multi-label table with ragged rows", "ml.MultiLabelClassifier().fit(X, [[1]] + [[v, 1 - v] for v in Y[1:]])", ("row", "Y")),
        ("multi-label table of strings", "ml.MultiLabelClassifier().fit(X, ['ab'] * len(X))", ("Y", "table", "'a'")),
        ("multi-label with a column always 1", "m = quiet(ml.MultiLabelClassifier().fit, X, [[1, v] for v in Y])\nok = True", ("Y", "column", "label 0", "separat", "always")),
        ("OneVsRest with 2 classes", "m = ml.OneVsRest(ml.LogisticRegression()).fit(X, Y)\nok = m.predict(X) == ml.LogisticRegression().fit(X, Y).predict(X)", ("class",)),
        ("class_weight 'balanced' with one class weighted 0", "ml.LogisticRegression(class_weight={0: 0.0}).fit(X, Y)", ("weight",)),
        ("class_weight as a list", "ml.LogisticRegression(class_weight=[1.0, 2.0]).fit(X, Y)", ("class_weight",)),
        ("softmax reference_class that is not a class", "ml.SoftmaxRegression(reference_class='z').fit(X, Y)", ("reference_class", "'z'")),
        ("softmax with penalty 'l1'", "ml.SoftmaxRegression(penalty='l3').fit(X, Y)", ("penalty",)),
        ("lasso at lam 1e300", "m = ml.LogisticRegression(penalty='l1', lam=1e300, solver='cd').fit(X, Y)\nok = m.coef_ == [0.0, 0.0]", ("lam",)),
        ("elastic net with l1_ratio 0 on cd", "m = quiet(ml.LogisticRegression(penalty='elasticnet', l1_ratio=0.0, solver='cd').fit, X, Y)\nok = m.converged_", ("l1_ratio", "converge")),
]:
    case("odds and ends", what, call, words)


# -- 17. the fourth round (issue 41) and quasi-separation (issue 36) --------------------------------
for what, call, words in [
        ("verbose=2 with sys.stderr None", "sys.stderr = None\nm = ml.LogisticRegression(verbose=2).fit(X, Y)\nsys.stderr = sys.__stderr__\nok = m.converged_", ()),
        ("verbose=2 with a stderr whose writes raise BrokenPipeError",
         "class B:\n    def write(self, s): raise BrokenPipeError(32, 'Broken pipe')\nsys.stderr = B()\nm = ml.LogisticRegression(verbose=2).fit(X, Y)\nsys.stderr = sys.__stderr__\nok = m.converged_", ()),
        ("the command line with stdout closed",
         "write('f.csv', CSV)\nr = subprocess.run([sys.executable, '-m', 'minilogit', 'fit', 'f.csv', '--target', 'y'], cwd=TMP, env=dict(os.environ, PYTHONPATH=os.environ['PROBE_ROOT']), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, preexec_fn=lambda: os.close(1))\nok = r.returncode == 1 and 'Traceback' not in r.stderr and 'standard output is closed' in r.stderr", ()),
        ("tol=inf", "ml.LogisticRegression(tol=float('inf')).fit(X, Y)", ("tol", "finite")),
        ("GLM tol=inf", "ml.GLM(tol=float('inf')).fit(X, Y)", ("tol", "finite")),
        ("gd with l2 and learning_rate 1e300", "quiet(ml.LogisticRegression(penalty='l2', solver='gd', learning_rate=1e300).fit, X, Y)", ("diverged", "learning_rate")),
        ("fit_stream with rows of three items", "ml.LogisticRegression().fit_stream(lambda: iter([(r, c, 1) for r, c in zip(X, Y)]), [0, 1])", ("row 0", "pair")),
        ("fit_stream with classes None", "ml.LogisticRegression().fit_stream(lambda: iter(list(zip(X, Y))), None)", ("classes",)),
        ("clone shares no class_weight dict", "from minilogit.models._base import clone\na = ml.LogisticRegression(class_weight={0: 2.0})\nb = clone(a)\nb.class_weight[1] = 3.0\nok = a.class_weight == {0: 2.0}", ()),
        ("fit_plot of a LeastSquaresClassifier", "from minilogit.plot import fit_plot\nfrom minilogit.datasets import Dataset\nfit_plot(ml.LeastSquaresClassifier().fit(X, Y), Dataset(X, Y, ['a', 'b'], 'y'))", ("LeastSquaresClassifier", "history")),
        ("quasi-complete separation by a dummy", "m = quiet(ml.LogisticRegression().fit, [r + [float(c and i % 3 == 0)] for i, (r, c) in enumerate(zip(X, Y))], Y)\nok = not m.converged_ and m.separation_ is not None", ("separation",)),
        ("fit([[0], [1], [1], [2]], [0, 0, 1, 1])", "m = quiet(ml.LogisticRegression().fit, [[0.0], [1.0], [1.0], [2.0]], [0, 0, 1, 1])\nok = not m.converged_ and '+x0' in m.separation_", ("separation",)),
        ("Firth on separated data", "m = ml.LogisticRegression(penalty='firth').fit(X, SEP)\nok = m.converged_ and all(math.isfinite(b) for b in m.params_) and m.bse_[1] > 0", ()),
        # the rest of the round: text columns
        ("a CSV text column with a level like a number", "write('g.csv', 'x,g,y\\n' + ''.join('%d,%s,%d\\n' % (i, 'a1c'[i % 3], Y[i]) for i in range(12)))\nfrom minilogit.datasets import load_csv\nload_csv(os.path.join(TMP, 'g.csv'), 'y')", ("'a'", "among numbers", "categorical")),
        ("the same column named categorical", "write('g.csv', 'x,g,y\\n' + ''.join('%d,%s,%d\\n' % (i, 'a1c'[i % 3], Y[i]) for i in range(12)))\nfrom minilogit.datasets import load_csv\nd = load_csv(os.path.join(TMP, 'g.csv'), 'y', categorical=['g'])\nok = d.categories == {'g': ['1', 'a', 'c']}", ()),
        ("a CSV level with a control character", "write('g.csv', 'x,g,y\\n' + ''.join('%d,%s,%d\\n' % (i, 'ab\\x01c'[i % 3], Y[i]) for i in range(12)))\nfrom minilogit.datasets import load_csv\nload_csv(os.path.join(TMP, 'g.csv'), 'y')", ("control character", "line 3")),
        ("a NUL inside a CSV label", "write('g.csv', 'x,y\\n' + ''.join('%d,%s\\n' % (i, '1\\x00' if i == 3 else Y[i]) for i in range(12)))\nfrom minilogit.datasets import load_csv\nload_csv(os.path.join(TMP, 'g.csv'), 'y')", ("label", "control character", "line 5")),
        ("a header x,g,g[b] with a text column g", "write('g.csv', 'x,g,g[b],y\\n' + ''.join('%d,%s,%d,%d\\n' % (i, 'abc'[i % 3], i % 2, Y[i]) for i in range(12)))\nfrom minilogit.datasets import load_csv\nload_csv(os.path.join(TMP, 'g.csv'), 'y')", ("g[b]", "name of another column")),
        ("NFC and NFD forms of one level", "write('g.csv', 'x,g,y\\n' + ''.join('%d,%s,%d\\n' % (i, ('caf\\u00e9', 'cafe\\u0301')[i % 2], Y[i]) for i in range(12)))\nfrom minilogit.datasets import load_csv\nload_csv(os.path.join(TMP, 'g.csv'), 'y')", ("Unicode form", "print alike")),
        ("the command line's --categorical", "write('g.csv', 'x,g,y\\n' + ''.join('%d,%s,%d\\n' % (i, 'a1c'[i % 3], Y[i]) for i in range(12)))\nr = cli('fit', 'g.csv', '--target', 'y', '--categorical', 'g')\nok = r[0] == 0 and 'g[a]' in r[1]", ()),
        ("a frame's text column with a None", "import pandas as pd\nml.LogisticRegression().fit(pd.DataFrame({'x': [r[0] for r in X], 'g': ['a', None, 'c'] * 4}), Y)", ("X[1][1]", "missing")),
        ("a frame's text column with ''", "import pandas as pd\nml.LogisticRegression().fit(pd.DataFrame({'x': [r[0] for r in X], 'g': ['a', '', 'c'] * 4}), Y)", ("X[1][1]", "empty")),
        ("a frame's text column with a float", "import pandas as pd\nml.LogisticRegression().fit(pd.DataFrame({'x': [r[0] for r in X], 'g': pd.Series(['a', 2.5, 'c'] * 4, dtype=object)}), Y)", ("2.5", "row 1")),
        ("a frame's level with a control character", "import pandas as pd\nml.LogisticRegression().fit(pd.DataFrame({'x': [r[0] for r in X], 'g': ['a', 'b\\x01', 'c'] * 4}), Y)", ("control character", "X[1][1]")),
        # documents and state
        ("from_json with categories_ that are a list", "import json\nm = ml.LogisticRegression().fit(X, Y)\nd = json.loads(m.to_json())\nd['fit']['categories_'] = ['a', 'b']\nml.LogisticRegression.from_json(json.dumps(d))", ("categories_", "object")),
        ("from_json with 10^5 levels of a column the model lacks", "import json\nm = ml.LogisticRegression().fit(X, Y)\nd = json.loads(m.to_json())\nd['fit']['categories_'] = {'g': ['l%06d' % i for i in range(100000)]}\nml.LogisticRegression.from_json(json.dumps(d))", ("categories_", "more than the 2 features")),
        ("to_source of a fit with a text column, raw rows", "import pandas as pd\nd = pd.DataFrame({'x': [r[0] for r in X], 'g': ['a', 'b', 'c'] * 4})\nm = ml.LogisticRegression().fit(d, [1, 0, 0, 1, 0, 1, 0, 1, 1, 0, 1, 0])\nmod = {}\nexec(m.to_source(), mod)\nok = mod['predict_proba'](d.values.tolist()) == m.predict_proba(d).tolist()", ()),
        ("an IntEnum label through JSON", "import enum\nC = enum.IntEnum('C', 'A B', start=0)\nm = ml.LogisticRegression().fit(X, [C(v) for v in Y])\nm.to_json()", ("enum", "values")),
        ("U+FFFE in a name written to SVG", "import xml.dom.minidom\nfrom minilogit.svg import Figure\nxml.dom.minidom.parseString(str(Figure('t\\ufffe\\ud800', 'x', 'y', (0.0, 1.0), (0.0, 1.0)).svg(width=320)).encode('utf-8', 'surrogatepass'))\nok = True", ()),
        ("predict from threads during refits", "import threading\nm = ml.LogisticRegression().fit(X, Y)\nbad = []\ndef read():\n    for _ in range(300):\n        try: m.predict_proba(X)\n        except Exception as e: bad.append(e)\nts = [threading.Thread(target=read) for _ in range(3)] + [threading.Thread(target=lambda: [m.fit(X, Y) for _ in range(50)])]\n[t.start() for t in ts]\n[t.join() for t in ts]\nok = not bad", ()),
        ("set_params(fit_intercept=False) after a fit", "m = ml.LogisticRegression().fit(X, Y)\na = m.summary()\nb = ml.LogisticRegression().fit(X, Y).set_params(fit_intercept=False).summary()\nok = a == b", ()),
        # numbers at the edges
        ("sgd with lam 1e300", "ml.LogisticRegression(penalty='l2', lam=1e300, solver='sgd').fit(X, Y)", ("lam",)),
        ("gd with lam 1e300", "m = ml.LogisticRegression(penalty='l2', lam=1e300, solver='gd').fit(X, Y)\nn = ml.LogisticRegression(penalty='l2', lam=1e300).fit(X, Y)\nok = m.converged_ and close([c / d for c, d in zip(m.coef_, n.coef_)], [1.0, 1.0], 1e-5)", ()),
        ("weights of 1e300", "m = ml.LogisticRegression(solver='gd').fit(X, Y, sample_weight=[1e300] * len(X))\nok = m.converged_ and close(m.coef_, ml.LogisticRegression(solver='gd').fit(X, Y).coef_, 1e-5)", ()),
        ("Poisson counts of 2^53 by Newton", "m = ml.GLM(family='poisson', solver='newton').fit(X, [2.0 ** 53] * len(X))\nok = m.converged_ and abs(m.intercept_ - 53 * math.log(2)) < 1e-9", ()),
        ("a gaussian GLM of y ~ 1e-300", "m = ml.GLM(family='gaussian').fit(X, [1e-300 * (i % 3) for i in range(len(X))])\nm.summary()\nm.bse_", ("underflow", "rescale y")),
        ("lasso_path with l1_ratio 5e-324", "ml.lasso_path(X, Y, l1_ratio=5e-324)", ("l1_ratio", "overflows")),
        ("standardize subnormal columns", "from minilogit.datasets import standardize\nZ = standardize([[5e-324 * i] for i in range(6)])[0]\nok = abs(sum(z for z, in Z)) < 1e-9 and abs(sum(z * z for z, in Z) / 6 - 1) < 1e-9", ()),
        ("--standardize on columns near 1e300", "write('h.csv', 'a,b,y\\n' + ''.join('%r,%r,%d\\n' % (r[0] * 1e299, r[1], c) for r, c in zip(X, Y)))\nr = cli('fit', 'h.csv', '--target', 'y', '--standardize')\nok = r[0] == 0", ()),
        ("a long cd run (tol 0, 3000 iterations)", "m = quiet(ml.LogisticRegression(penalty='l1', solver='cd', tol=0, max_iter=3000).fit, [[0.0, 1.0], [1.0, 0.0], [2.0, 2.0], [3.0, 1.0], [4.0, 3.0]], [0, 1, 0, 1, 1])\nok = m.n_iter_ == 3000", ()),
]:
    case("round 4", what, call, words, needs="pandas" if "pandas" in call else None)


# -- running them -----------------------------------------------------------------------

OS_ERRORS = ("FileNotFoundError", "IsADirectoryError", "PermissionError", "OSError")


def classify(case, out, timed_out):
    if timed_out:
        return "hang"
    if out is None or out.get("error") == "MemoryError":
        return "memory"
    if out.get("unsafe"):
        return "unsafe"
    if out["error"]:
        if out["error"] == "SystemError" and "command line traceback" in (out["message"] or ""):
            return "crash"
        if out["error"] in OS_ERRORS and _names(case, out["message"]):
            return "good"           # the standard error for a path, naming it: as open() does
        if not (out["module"] or "").startswith("minilogit"):
            return "crash"
        return "good" if _names(case, out["message"]) else "unclear"
    if out["ok"] is True:
        return "good"
    said = [m for module, m in out["warnings"] if module.startswith("minilogit")]
    if any(_names(case, m) for m in said):
        return "good"
    return "wrong"


def _names(case, message):
    return not case["words"] or any(w in (message or "") for w in case["words"])


def run(case, args, tmp):
    env = dict(os.environ, PROBE_ROOT=args.root, PROBE_TMP=tmp,
               PROBE_MEMORY=str(args.memory))
    env.pop("PYTHONPATH", None)
    try:
        r = subprocess.run([args.python, "-c", CHILD], input=json.dumps(case), env=env,
                           capture_output=True, text=True, timeout=args.timeout, cwd=tmp)
    except subprocess.TimeoutExpired:
        return None, True
    for line in r.stdout.splitlines():
        if line.startswith("PROBE "):
            return json.loads(line[6:]), False
    return None, False            # killed: out of memory while starting to report


def has(python, module):
    return subprocess.run([python, "-c", "import " + module], capture_output=True).returncode == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=os.path.dirname(HERE))
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--memory", type=int, default=500)
    ap.add_argument("--only", default="")
    ap.add_argument("--json")
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    args.root = os.path.abspath(args.root)
    available = dict((m, has(args.python, m)) for m in ("numpy", "pandas"))
    results, counts = [], {}
    for c in CASES:
        if args.only not in c["category"] + " " + c["name"]:
            continue
        if c["needs"] and not available[c["needs"]]:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            out, timed_out = run(c, args, tmp)
        outcome = classify(c, out, timed_out)
        counts[outcome] = counts.get(outcome, 0) + 1
        results.append({"category": c["category"], "name": c["name"], "outcome": outcome,
                        "detail": out})
        if args.v or outcome != "good":
            detail = out and (out["message"] or [m for _, m in out["warnings"]][:1] or "")
            print("%-8s %-13s %s  %s" % (outcome, c["category"], c["name"],
                                          str(detail or "")[:150]))
    order = ["good", "unclear", "wrong", "crash", "hang", "memory", "unsafe"]
    print("%d cases: %s" % (len(results), ", ".join("%s %d" % (k, counts.get(k, 0))
                                                      for k in order)))
    by = {}
    for r in results:
        by.setdefault(r["category"], {}).setdefault(r["outcome"], 0)
        by[r["category"]][r["outcome"]] += 1
    for cat in by:
        print("  %-13s %s" % (cat, ", ".join("%s %d" % (k, by[cat][k]) for k in order
                                              if k in by[cat])))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"counts": counts, "results": results}, f, indent=1)


if __name__ == "__main__":
    main()
