"""Export: to_source's module predicts bit for bit like the model; JSON round-trips exactly.

"Exactly" means equal floats, compared as their repr strings (repr is exact
for a double): no tolerance anywhere in this file.
"""

import ast
import json
import math
import subprocess
import sys
import warnings

import pytest
from hypothesis import given, reject
from hypothesis import strategies as st

from minilogit import (GLM, DataError, LeastSquaresClassifier, LogisticRegression,
                       MultiLabelClassifier, NotFittedError, OneVsRest, SoftmaxRegression)
from minilogit.datasets import load_breast_cancer, load_iris, standardize
from minilogit.export import to_source
from minilogit.jsonio import from_json, to_json

# Separated training data still give a model to export; its warning is not
# what these tests are about.
pytestmark = pytest.mark.filterwarnings("ignore::minilogit.SeparationWarning")

# Runs in a fresh interpreter (python -I: no PYTHONPATH, no user site, no
# current directory on sys.path): import the exported module from its
# folder, read rows (JSON) from stdin, print repr of each predict_proba row,
# then repr of predict's result, then the modules it brought in besides the
# interpreter's own start-up set.
RUNNER = """
import sys
before = set(sys.modules)
sys.path.insert(0, sys.argv[1])
import exported_model
new = sorted(set(sys.modules) - before - {"exported_model"})
import json
rows = json.load(sys.stdin)
for p in exported_model.predict_proba(rows):
    print(repr(p))
print(repr(exported_model.predict(rows)))
print(repr(new))
"""


def run_fresh(source, rows, tmp_path):
    """Write source to tmp_path/exported_model.py and run it on rows in a fresh
    interpreter; return (probability reprs, predict repr, modules it imported)."""
    (tmp_path / "exported_model.py").write_text(source, encoding="utf-8")
    proc = subprocess.run([sys.executable, "-I", "-c", RUNNER, str(tmp_path)],
                          input=json.dumps(rows), capture_output=True, text=True,
                          cwd=str(tmp_path), timeout=120)   # a hang guard: ~100x the run
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    return lines[:-2], lines[-2], ast.literal_eval(lines[-1])


def check_fresh(model, rows, tmp_path):
    probs, predicted, imported = run_fresh(to_source(model), rows, tmp_path)
    assert probs == [repr(p) for p in model.predict_proba(rows)]
    assert predicted == repr(model.predict(rows))
    assert not [m for m in imported if m.startswith("minilogit")], imported
    assert set(imported) <= {"math", "operator", "_operator"}, imported


@pytest.fixture(scope="module")
def breast_cancer():
    return load_breast_cancer()


@pytest.fixture(scope="module")
def iris():
    return load_iris()


# ----------------------------------------------------- the check

def test_fresh_interpreter_breast_cancer_three_raw_features(breast_cancer, tmp_path):
    """Three raw columns, no penalty: 569 rows reproduced bit for bit."""
    X = [row[:3] for row in breast_cancer.data]
    model = LogisticRegression().fit(X, breast_cancer.target)
    check_fresh(model, X, tmp_path)


def test_fresh_interpreter_breast_cancer_standardized_ridge(breast_cancer, tmp_path):
    """All 30 standardized columns with a ridge penalty (the raw data are separated)."""
    Z, _, _ = standardize(breast_cancer.data)
    labels = ["malignant" if t == 0 else "benign" for t in breast_cancer.target]
    model = LogisticRegression(penalty="l2", lam=1.0).fit(Z, labels)
    check_fresh(model, Z, tmp_path)


def test_fresh_interpreter_iris_softmax(iris, tmp_path):
    """SoftmaxRegression on the raw iris data, 150 rows."""
    model = SoftmaxRegression().fit(iris.data, iris.target)
    check_fresh(model, iris.data, tmp_path)


def test_fresh_interpreter_iris_one_vs_rest_and_multilabel(iris, tmp_path):
    """OneVsRest of LogisticRegressions, and K independent sigmoids."""
    names = ["setosa", "versicolor", "virginica"]
    ovr = OneVsRest(LogisticRegression(penalty="l2", lam=1.0)).fit(
        iris.data, [names[t] for t in iris.target])
    check_fresh(ovr, iris.data, tmp_path)
    Y = [[1 if t == k else 0 for k in range(3)] for t in iris.target]
    Y[0][1] = None                                  # an unknown entry
    multi = MultiLabelClassifier().fit([row[2:] for row in iris.data], Y)
    check_fresh(multi, [row[2:] for row in iris.data], tmp_path)


# ------------------------------------------------------- the module's text

def test_source_is_small_readable_and_imports_only_math(iris):
    """The text a teacher shows: a docstring naming the model, exact constants,
    no minilogit, short lines."""
    model = SoftmaxRegression().fit(iris.data, iris.target)
    text = to_source(model)
    tree = ast.parse(text)
    doc = ast.get_docstring(tree)
    assert "SoftmaxRegression" in doc and "predict_proba(rows)" in doc
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            imported.add(node.module)
    assert imported == {"math", "operator"}
    names = dict((n.targets[0].id, ast.literal_eval(n.value)) for n in tree.body
                 if isinstance(n, ast.Assign))
    assert names["CLASSES"] == [0, 1, 2] and names["N_FEATURES"] == 4
    assert names["INTERCEPTS"] == model.intercept_ and names["COEFS"] == model.coef_
    assert len(text.splitlines()) < 100
    binary = LogisticRegression().fit([row[2:] for row in iris.data],
                                      [t == 2 for t in iris.target])
    ovr = OneVsRest(LogisticRegression(penalty="l2")).fit(iris.data, iris.target)
    multi = MultiLabelClassifier().fit([row[2:] for row in iris.data],
                                       [[int(t == 1), int(t == 2)] for t in iris.target])
    for m in (model, binary, ovr, multi):
        lines = to_source(m).splitlines()
        assert max(len(line) for line in lines) <= 79 and len(lines) < 100


def test_labels_are_written_with_repr():
    """Strings, floats, tuples: CLASSES and predict give back the model's labels."""
    X, rows = [[0.0], [1.0], [2.0], [3.0]], [[-5.0], [0.5], [9.0]]
    for y in (["no", "yes", "no", "yes"], [-1.5, 2.5, -1.5, 2.5], [(0, "a"), (1, "b")] * 2,
              ["it's", 'say "hi"\n', "it's", 'say "hi"\n']):
        model = LogisticRegression().fit(X, y)
        module = {}
        exec(to_source(model), module)
        assert module["CLASSES"] == model.classes_
        assert module["predict"](rows) == model.predict(rows)
        assert repr(module["predict_proba"](rows)) == repr(model.predict_proba(rows))


def test_rows_are_converted_and_checked():
    """Ints, tuples and strings of numbers go through float(); a wrong width is a ValueError."""
    model = LogisticRegression().fit([[0.0, 1.0], [1.0, 0.0], [2.0, 2.0], [3.0, 1.0]],
                                     [0, 1, 0, 1])
    module = {}
    exec(to_source(model), module)
    assert module["predict_proba"]([(1, 2), [3, 4.5]]) == model.predict_proba([[1, 2], [3, 4.5]])
    assert module["predict_proba"]([["1.5", "2"]]) == model.predict_proba([[1.5, 2.0]])
    with pytest.raises(ValueError, match="a row has 3 values, the model takes 2"):
        module["predict_proba"]([[1.0, 2.0, 3.0]])


def test_without_intercept_and_extreme_scores():
    """fit_intercept=False; rows far out, where sigmoid gives 0.0 and 1.0 exactly."""
    model = LogisticRegression(fit_intercept=False).fit([[-2.0], [-1.0], [1.0], [2.0], [0.5]],
                                                        [0, 1, 0, 1, 1])
    rows = [[1e300], [-1e300], [800.0], [-800.0], [0.0]]
    module = {}
    exec(to_source(model), module)
    assert repr(module["predict_proba"](rows)) == repr(model.predict_proba(rows))


# ----------------------------------------------------- Hypothesis: exec()

coordinates = st.floats(-3.0, 3.0, allow_nan=False)


@st.composite
def problems(draw, max_classes=2):
    """(X, y, queries): 6-15 rows of 1-3 features, every one of K classes present
    (by construction: the first K labels are 0..K-1), and query rows that
    reach far beyond the data (scores up to the thousands)."""
    p = draw(st.integers(1, 3))
    n = draw(st.integers(6, 15))
    K = draw(st.integers(2, max_classes))
    X = [draw(st.lists(coordinates, min_size=p, max_size=p)) for _ in range(n)]
    y = list(range(K)) + draw(st.lists(st.integers(0, K - 1), min_size=n - K, max_size=n - K))
    far = st.floats(-1e3, 1e3, allow_nan=False)
    queries = draw(st.lists(st.lists(far, min_size=p, max_size=p), min_size=1, max_size=5))
    return X, y, queries


def fit_or_reject(model, X, y):
    """Fit model, or reject the example when the fit itself fails: tiny ridge
    weights on nearly separated random data can leave a numerically singular
    Hessian (a DataError), and that is not what these tests are about."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return model.fit(X, y)
        except DataError:
            reject()


def exec_source(model):
    module = {}
    exec(to_source(model), module)
    return module


@given(problems(), st.floats(0.01, 10.0), st.booleans())
def test_binary_source_equals_predict_proba(problem, lam, fit_intercept):
    """For random data, the exported module's probabilities are the model's, bit for bit."""
    X, y, queries = problem
    model = fit_or_reject(LogisticRegression(penalty="l2", lam=lam, fit_intercept=fit_intercept),
                          X, y)
    module = exec_source(model)
    for rows in (X, queries):
        assert repr(module["predict_proba"](rows)) == repr(model.predict_proba(rows))
        assert module["predict"](rows) == model.predict(rows)


@given(problems(max_classes=4), st.floats(0.01, 10.0))
def test_softmax_source_equals_predict_proba(problem, lam):
    """The same for softmax regression with K = 2..4 classes."""
    X, y, queries = problem
    labels = ["c%d" % v for v in y]
    model = fit_or_reject(SoftmaxRegression(penalty="l2", lam=lam), X, labels)
    module = exec_source(model)
    for rows in (X, queries):
        assert repr(module["predict_proba"](rows)) == repr(model.predict_proba(rows))
        assert module["predict"](rows) == model.predict(rows)


@given(problems(max_classes=4))
def test_json_round_trip_random_models(problem):
    """from_json(to_json(m), type(m)) predicts exactly like m, binary and softmax."""
    X, y, queries = problem
    models = [fit_or_reject(SoftmaxRegression(), X, y)]
    if max(y) == 1:
        models.append(fit_or_reject(LogisticRegression(penalty="l2"), X, y))
    for model in models:
        copy = from_json(to_json(model), type(model))
        assert repr(copy.predict_proba(queries)) == repr(model.predict_proba(queries))


# ------------------------------------------------------------ JSON round trips

def same_value(a, b):
    """Equal and of the same type, all the way down (1 != 1.0 != True here)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(same_value(u, v) for u, v in zip(a, b))
    if isinstance(a, dict):
        return sorted(a, key=repr) == sorted(b, key=repr) and all(
            same_value(a[k], b[k]) for k in a)
    if isinstance(a, float):
        return repr(a) == repr(b)
    return a == b


def check_round_trip(model, rows, fitted=("coef_", "intercept_", "n_features_in_")):
    text = to_json(model)
    json.loads(text)                                        # standard JSON
    copy = from_json(text, type(model))
    assert type(copy) is type(model)
    params, copied = model.get_params(), copy.get_params()
    assert all(same_value(params[p], copied[p]) for p in params), (params, copied)
    for name in fitted:
        assert same_value(getattr(model, name), getattr(copy, name)), name
    for method in ("predict_proba", "predict", "decision_function"):
        if hasattr(model, method):
            assert repr(getattr(copy, method)(rows)) == repr(getattr(model, method)(rows))
    assert to_json(copy) == text                            # a fixed point
    return copy


LR_FITTED = ("coef_", "intercept_", "n_features_in_", "classes_", "n_iter_", "converged_")


def test_json_logistic_regression(breast_cancer):
    X = [row[:3] for row in breast_cancer.data]
    check_round_trip(LogisticRegression().fit(X, breast_cancer.target), X, LR_FITTED)
    labels = ["M" if t == 0 else "B" for t in breast_cancer.target]
    model = LogisticRegression(solver="irls", tol=1e-10, max_iter=50, start="log_odds",
                               class_weight={"M": 2, "B": 1.5}).fit(X, labels)
    copy = check_round_trip(model, X, LR_FITTED)
    assert copy.class_weight == {"M": 2, "B": 1.5} and copy.converged_ is True


def test_json_logistic_regression_params_of_every_kind():
    """Int-keyed class_weight, no intercept, elastic net, SGD's seed, float labels."""
    X = [[0.0, 1.0], [1.0, 0.5], [2.0, 2.0], [3.0, 1.0], [1.5, 0.0], [2.5, 3.0]]
    y = [0, 1, 0, 1, 1, 0]
    check_round_trip(LogisticRegression(class_weight={0: 3, 1: 0.5}, fit_intercept=False)
                     .fit(X, y), X, LR_FITTED)
    check_round_trip(LogisticRegression(solver="cd", penalty="elasticnet", lam=0.1, l1_ratio=0.25)
                     .fit(X, y), X, LR_FITTED)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        sgd = LogisticRegression(solver="sgd", random_state=7, learning_rate=0.1, max_iter=5)
        check_round_trip(sgd.fit(X, [-1.0, 1.0, -1.0, 1.0, 1.0, -1.0]), X, LR_FITTED)
        check_round_trip(LogisticRegression(class_weight="balanced")
                         .fit(X, [True, False, True, False, False, True]), X, LR_FITTED)


def test_json_softmax_regression(iris):
    check_round_trip(SoftmaxRegression().fit(iris.data, iris.target), iris.data, LR_FITTED)
    names = ["setosa", "versicolor", "virginica"]
    y = [names[t] for t in iris.target]
    X = [row[2:] for row in iris.data]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model = SoftmaxRegression(penalty=None, reference_class="setosa", max_iter=20).fit(X, y)
    copy = check_round_trip(model, X, LR_FITTED)
    assert copy.reference_class == "setosa"


def test_json_glm():
    X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0], [0.5], [2.5]]
    fitted = ("coef_", "intercept_", "n_features_in_", "n_iter_", "converged_")
    check_round_trip(GLM(family="poisson").fit(X, [1, 0, 2, 3, 2, 6, 1, 2]), X, fitted)
    check_round_trip(GLM(link="probit").fit(X, [0, 1, 0, 1, 1, 1, 0, 0]), X, fitted)
    cloglog = GLM(link="cloglog", solver="newton", tol=1e-9)
    check_round_trip(cloglog.fit(X, [0, 1, 0, 1, 1, 1, 0, 0]), X, fitted)
    check_round_trip(GLM(family="gaussian", fit_intercept=False)
                     .fit(X, [0.5, 1.2, 2.1, 2.9, 4.2, 5.1, 0.4, 2.6]), X, fitted)


def test_json_least_squares_and_multilabel(iris):
    fitted = ("coef_", "intercept_", "n_features_in_", "classes_")
    X = [row[2:] for row in iris.data]
    check_round_trip(LeastSquaresClassifier(threshold=0.4).fit(X, [t == 2 for t in iris.target]),
                     X, fitted)
    check_round_trip(LeastSquaresClassifier().fit(iris.data, iris.target), iris.data, fitted)
    Y = [[1 if t == k else 0 for k in range(3)] for t in iris.target]
    Y[0][1] = None
    check_round_trip(MultiLabelClassifier(fit_intercept=True).fit(X, Y), X,
                     ("coef_", "intercept_", "n_features_in_", "n_labels_", "n_iter_",
                      "converged_"))


# ----------------------------------------------------------------- errors

def test_unfitted_models_are_refused():
    for model in (LogisticRegression(), SoftmaxRegression(), MultiLabelClassifier(),
                  OneVsRest(LogisticRegression())):
        with pytest.raises(NotFittedError, match="is not fitted yet: call fit first"):
            to_source(model)
    for model in (LogisticRegression(), SoftmaxRegression(), GLM(), LeastSquaresClassifier(),
                  MultiLabelClassifier()):
        with pytest.raises(NotFittedError, match="is not fitted yet: call fit first"):
            to_json(model)


def test_unsupported_models_are_refused():
    X, y = [[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1]
    for model in (GLM().fit(X, y), LeastSquaresClassifier().fit(X, y), object()):
        with pytest.raises(DataError, match="to_source exports a LogisticRegression"):
            to_source(model)
    with pytest.raises(DataError, match="OneVsRest of LogisticRegressions, not of "
                                        "LeastSquaresClassifier"):
        to_source(OneVsRest(LeastSquaresClassifier()).fit(X, [0, 1, 2, 1]))
    for model in (OneVsRest(LogisticRegression()).fit(X, y), "a model"):
        with pytest.raises(DataError, match="to_json exports a GLM, LeastSquaresClassifier"):
            to_json(model)

    class MyLogit(LogisticRegression):
        pass

    with pytest.raises(DataError, match="not a MyLogit"):
        to_source(MyLogit().fit(X, y))


def test_what_cannot_be_written_exactly():
    X = [[0.0], [1.0], [2.0], [3.0]]
    model = LogisticRegression().fit(X, [(0, 1), (1, 0), (0, 1), (1, 0)])
    with pytest.raises(DataError, match=r"classes_\[0\] is \(0, 1\), a tuple: JSON cannot"):
        to_json(model)
    model = LogisticRegression(class_weight={(0, 1): 2.0})
    model.fit(X, [(0, 1), (1, 0), (0, 1), (1, 0)])
    with pytest.raises(DataError, match="class_weight key is"):
        to_json(model)
    model = LogisticRegression().fit(X, [0, 1, 0, 1])
    model.tol = math.inf                      # (fit refuses it; an attribute can be set)
    with pytest.raises(DataError, match="tol is inf: JSON has no nan or inf"):
        to_json(model)
    model = LogisticRegression().fit(X, [0, 1, 0, 1])
    model.coef_ = [math.nan]
    with pytest.raises(DataError, match="only finite numbers can be exported"):
        to_source(model)

    class Label:
        def __init__(self, v):
            self.v = v

        def __eq__(self, other):
            return self.v == other.v

        def __lt__(self, other):
            return self.v < other.v

        def __hash__(self):
            return hash(self.v)

    model = LogisticRegression().fit(X, [Label(0), Label(1), Label(0), Label(1)])
    with pytest.raises(DataError, match="cannot be written into Python source"):
        to_source(model)


def test_from_json_refuses_other_text():
    good = json.loads(to_json(LogisticRegression().fit([[0.0], [1.0], [2.0]], [0, 1, 1])))
    with pytest.raises(DataError, match="cannot parse it"):
        from_json("{not json", LogisticRegression)
    with pytest.raises(DataError, match="this is not one"):
        from_json("[1, 2]", LogisticRegression)
    with pytest.raises(DataError, match="unknown estimator 'SVM'"):
        from_json(json.dumps(dict(good, estimator="SVM")), LogisticRegression)
    bad = dict(good, params=dict(good["params"], C=1.0))
    with pytest.raises(DataError, match="LogisticRegression has no parameter 'C'"):
        from_json(json.dumps(bad), LogisticRegression)
    fitted = dict(good["fitted"])
    del fitted["coef_"]
    with pytest.raises(DataError, match="the fitted attribute coef_ of the LogisticRegression "
                                        "is missing"):
        from_json(json.dumps(dict(good, fitted=fitted)), LogisticRegression)


def test_estimator_methods_call_the_export_functions():
    X, y = [[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1]
    m = LogisticRegression().fit(X, y)
    copy = LogisticRegression.from_json(m.to_json())
    assert copy.predict_proba(X) == m.predict_proba(X)
    namespace = {}
    exec(m.to_source(), namespace)
    assert namespace["predict_proba"](X) == m.predict_proba(X)
    with pytest.raises(DataError, match="not a SoftmaxRegression"):
        SoftmaxRegression.from_json(m.to_json())


@pytest.mark.parametrize("text, needle", [
    ('{"estimator": ["x"]}', "unknown estimator"),
    ('{"estimator": "LogisticRegression", "params": 5, "fitted": {}}', "must be JSON objects"),
    ('{"estimator": "LogisticRegression", "params": {"class_weight": {}}, "fitted": {}}',
     "a dict is written"),
    ('{"estimator": "LogisticRegression", "params": {"class_weight": {"dict": [[[1], 2]]}},'
     ' "fitted": {}}', "each key and value a label"),
])
def test_malformed_json_is_a_data_error(text, needle):
    with pytest.raises(DataError, match=needle):
        from_json(text, LogisticRegression)


# -- from_json keeps what summary(), explain(), trace_ and the pictures read ---

def _round_trip_cases():
    from minilogit import GLM, SoftmaxRegression
    X2 = [[0.0, 1.0], [1.0, 3.0], [2.0, 2.0], [3.0, 1.0], [4.0, 0.0], [5.0, 2.0],
          [6.0, 1.0], [7.0, 3.0]]
    y2 = [0, 0, 1, 0, 1, 1, 0, 1]
    X1 = [[x] for x in range(9)]
    return [(LogisticRegression(), X2, y2, {}),
            (LogisticRegression(solver="gd", max_iter=50), X2, y2, {}),    # not converged
            (LogisticRegression(penalty="l2", lam=0.5), X2, y2, {}),       # no standard errors
            (SoftmaxRegression(), X1, list("aabacbbcc"), {}),
            (GLM(family="poisson"), X2, [0, 1, 1, 4, 2, 5, 3, 6],
             {"offset": [0.1, 0.0, 0.0, 0.2, 0.0, 0.1, 0.0, 0.3]})]


@pytest.mark.parametrize("model, X, y, kw", _round_trip_cases(),
                         ids=lambda v: type(v).__name__ if hasattr(v, "fit") else "")
def test_from_json_restores_summary_explain_trace_and_pictures(model, X, y, kw):
    """A model read back prints the same summary(), explain() and trace_ as
    the fitted one, and draws the same loss picture."""
    import warnings
    from minilogit import plot
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model.fit(X, y, **kw)
    copy = type(model).from_json(model.to_json())
    assert copy.summary() == model.summary()
    assert copy.explain() == model.explain()
    assert "from_json" not in copy.explain()
    assert str(copy.trace_) == str(model.trace_)
    assert copy.history_ == model.history_
    assert plot.loss_history_plot({"fit": copy.history_}) == plot.loss_history_plot({"fit": model.history_})


def test_a_document_without_its_fit_record_still_predicts():
    """Documents written before the "fit" record (and ones stripped of it)
    read back as models that predict and say they cannot explain."""
    import json
    m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    doc = json.loads(m.to_json())
    del doc["fit"]
    copy = LogisticRegression.from_json(json.dumps(doc))
    assert copy.predict_proba([[1.5]]) == m.predict_proba([[1.5]])
    assert "read back with from_json" in copy.explain()


def test_a_broken_fit_record_is_a_data_error():
    import json
    from minilogit import DataError
    m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    doc = json.loads(m.to_json())
    doc["fit"]["frobnicate_"] = 1
    with pytest.raises(DataError, match='from_json: "fit" is not the record'):
        LogisticRegression.from_json(json.dumps(doc))


def test_a_model_read_back_pickles_and_summarises_the_same():
    import pickle
    m = GLM(family="poisson").fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 1, 4],
                                  offset=[0.1, 0.0, 0.0, 0.2])
    copy = pickle.loads(pickle.dumps(GLM.from_json(m.to_json())))
    assert copy.summary() == m.summary() and "with an offset" in copy.summary()


def test_a_model_read_back_writes_the_same_document():
    m = GLM(family="poisson").fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 1, 4],
                                  offset=[0.1, 0.0, 0.0, 0.2])
    text = m.to_json()
    assert GLM.from_json(text).to_json() == text
