"""A fitted model as JSON: ``to_json(model)`` and ``from_json(text, cls)`` round-trip exactly.

Floats are written as ``repr`` writes them, which reads back as the same
double; labels must be what JSON can hold (str, int, float, bool, None).
The estimators call these as ``model.to_json()`` and ``cls.from_json(text)``;
this module knows them by name and imports none of them.

>>> from minilogit import LogisticRegression
>>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
>>> from_json(to_json(m), LogisticRegression).coef_ == m.coef_
True
"""

import json
import math

from .core.checks import sorted_labels
from .core.errors import DataError, InferenceError, NotFittedError
from .inference import Inference
from .core.compat import INF, warn


def check_fitted(model, attribute):
    """Raise NotFittedError unless ``model`` has ``attribute`` (a fitted one).

    >>> from minilogit import LogisticRegression
    >>> check_fitted(LogisticRegression(), "coef_")
    Traceback (most recent call last):
    ...
    minilogit.NotFittedError: this LogisticRegression is not fitted yet: call fit first, then export it
    """
    if not hasattr(model, attribute):
        raise NotFittedError("this %s is not fitted yet: call fit first, then export it"
                             % type(model).__name__)


# What each estimator needs to predict, besides its parameters; n_iter_ and
# converged_ say how the fit went.
_FITTED = {
    "LogisticRegression": ("classes_", "n_features_in_", "intercept_", "coef_",
                           "n_iter_", "converged_"),
    "SoftmaxRegression": ("classes_", "n_features_in_", "intercept_", "coef_",
                          "n_iter_", "converged_", "reference_"),
    "GLM": ("n_features_in_", "intercept_", "coef_", "n_iter_", "converged_"),
    "LeastSquaresClassifier": ("classes_", "n_features_in_", "intercept_", "coef_"),
    "MultiLabelClassifier": ("n_labels_", "n_features_in_", "intercept_", "coef_",
                             "n_iter_", "converged_"),
}
_VERSION = 1

# What summary(), explain(), trace_ and the loss picture read besides: the facts of
# the fit's inference_ (Inference.FACTS, computed from the training data, which a
# document does not hold), how the fit ended, and the solver's record, FitResult
# (the "fit" object of a document; one without it predicts only).
_FIT = ("history_", "separation_", "failure_", "_penalised", "categories_")


def to_json(model):
    """Return a JSON document (a str) holding ``model``'s class, parameters and fit.

    The document is {"estimator": class name, "params": the constructor's
    arguments, "fitted": the attributes needed to predict, "version": 1}
    (for a LogisticRegression: classes_, n_features_in_, intercept_, coef_,
    n_iter_, converged_; and ``feature_names_in_``, a data frame's column
    names, when the model was fitted on one), and "fit": what ``summary()``,
    ``explain()``, ``trace_`` and the loss picture read, which come from the
    training data (the inference attributes, ``history_``, the solver's
    ``result_``), so that the model read back shows them unchanged. Floats are written as ``repr`` writes them, so
    they read back exactly. A dict parameter (``class_weight``) is written
    as {"dict": [[key, value], ...]}, so its keys keep their type. Labels
    that are enum members (an IntEnum's) are written as their values, with a
    warning that from_json gives back those values.

    Supports LogisticRegression, SoftmaxRegression, GLM,
    LeastSquaresClassifier and MultiLabelClassifier. Raises ``DataError``
    for an unfitted or unsupported model, and for a label or parameter that
    JSON cannot give back unchanged (a tuple, an object, nan or inf).

    >>> from minilogit import GLM
    >>> m = GLM(family="poisson").fit([[0.0], [1.0], [2.0]], [1, 2, 4])
    >>> text = to_json(m)
    >>> text[:65]
    '{"estimator": "GLM", "params": {"family": "poisson", "link": null'
    >>> from_json(text, GLM).predict([[1.0]]) == m.predict([[1.0]])
    True
    >>> from minilogit import LogisticRegression
    >>> to_json(LogisticRegression().fit([[0.0], [1.0], [2.0]], [(0, 1), (1, 0), (0, 1)]))
    Traceback (most recent call last):
    ...
    minilogit.DataError: classes_[0] is (0, 1), a tuple: JSON cannot give it back unchanged; use str, int, float, bool or None
    """
    name = type(model).__name__
    if name not in _FITTED or not hasattr(model, "_PARAMS"):
        raise DataError("to_json exports a %s, not a %s"
                        % (", ".join(sorted(_FITTED)), name))
    check_fitted(model, "coef_")
    enums = [c for c in getattr(model, "classes_", ()) if hasattr(c, "_value_")]
    if enums:                                   # IntEnum members: JSON keeps their values
        from .interop import DataConversionWarning
        warn("to_json: the labels are members of the enum %s; JSON holds their values (%s), "
             "which is what from_json gives back" % (type(enums[0]).__name__, ", ".join(
                 repr(c._value_) for c in enums)), DataConversionWarning, 3)
    params = dict((p, _encode(getattr(model, p), p)) for p in model._PARAMS)
    fitted = dict((a, _encode(getattr(model, a), a)) for a in _FITTED[name])
    if hasattr(model, "feature_names_in_"):            # a data frame's column names
        fitted["feature_names_in_"] = _encode(list(model.feature_names_in_), "feature_names_in_")
    doc = {"estimator": name, "params": params, "fitted": fitted, "version": _VERSION}
    fit = _fit_record(model)
    if fit is not None:
        doc["fit"] = fit
    return json.dumps(doc)


def _fit_record(model):
    """The "fit" object: what ``_FIT`` names, and ``result_``'s attributes that
    JSON holds; None for a model fitted without a solver's record."""
    if getattr(model, "result_", None) is None:
        return None
    try:
        inference = model.inference_.__dict__          # made on first use
    except (AttributeError, InferenceError):           # a model without one (no data kept)
        inference = {}
    fit = dict((a, getattr(model, a)) for a in _FIT if a in model.__dict__)
    fit.update((a, inference[a]) for a in Inference.FACTS if a in inference)
    fit["result_"] = dict((k, v) for k, v in model.result_.__dict__.items() if _jsonable(v))
    title = getattr(model, "_summary_title", None)
    if title is not None:                       # it may read the data (a GLM's offset)
        fit["title"] = getattr(model, "_title", None) or title()
    return fit


def _jsonable(value):
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


def _restore_fit(model, fit):
    """Set what ``_fit_record`` wrote on ``model``; DataError for what it did not write."""
    from .core.solvers import FitResult
    try:
        r = dict(fit["result_"])
        result = FitResult(r.pop("solver"), r.pop("beta"), r.pop("history"),
                           r.pop("grad_norms"), r.pop("n_iter"), r.pop("converged"),
                           r.pop("diagnosis"))
        if "title" in fit:
            model._title = str(fit.pop("title"))    # summary() reads it (minilogit.summary)
        inference = Inference(model)
        for a, value in list(fit.items()) + [("result_", result)]:
            if a not in _FIT + Inference.FACTS and a != "result_":
                raise KeyError(a)
            setattr(inference if a in Inference.FACTS else model, a, value)
        if "params_" in fit:
            model._inference_ = inference
        for a, value in r.items():
            setattr(result, a, value)
    except (KeyError, TypeError, ValueError) as e:
        raise DataError("from_json: \"fit\" is not the record to_json writes (%s %s)"
                        % (type(e).__name__, e))
    if "categories_" in fit:
        _check_categories(fit["categories_"], getattr(model, "feature_names_in_", None),
                          model.n_features_in_)


def _check_categories(categories, names, n):
    """DataError unless ``categories`` is what a fit on text columns keeps:
    {column: its levels, sorted, distinct, at least 2}, each level but the
    first an indicator column ``column[level]`` among ``names`` (the
    frame's coded column names, when the fit had them; else among n).

    >>> _check_categories({"g": ["b", "a"]}, ["x", "g[b]"], 2)
    Traceback (most recent call last):
    ...
    minilogit.DataError: from_json: fit.categories_ ['g'] must be sorted and distinct, as fit leaves them
    """
    def bad(why):
        raise DataError("from_json: fit.categories_ %s" % why)
    if not isinstance(categories, dict):
        bad("must be an object {text column: its levels}, not %s" % _show(categories))
    coded = 0
    for column in sorted(categories):
        levels = categories[column]
        if not (isinstance(levels, list) and len(levels) >= 2
                and all(isinstance(v, str) for v in levels)):
            bad("[%r] must be a list of at least 2 levels, each a string, not %s"
                % (column, levels if isinstance(levels, list) and len(levels) < 4
                   else _show(levels)))
        if sorted(set(levels)) != levels:
            bad("[%r] must be sorted and distinct, as fit leaves them" % column)
        for level in levels[1:]:
            if names is not None and "%s[%s]" % (column, level) not in names:
                bad("[%r] has the level %r, but the fit has no column %r"
                    % (column, level, "%s[%s]" % (column, level)))
        coded += len(levels) - 1
    if coded > n:
        bad("has %d indicator columns, more than the %d features" % (coded, n))


def from_json(text, cls):
    """Return the estimator of class ``cls`` that ``to_json`` wrote into ``text``, ready to predict.

    Its parameters equal the original's, and ``predict_proba`` and
    ``predict`` give exactly the original's results. Raises ``DataError``
    for text that is not such a document.

    >>> from minilogit import SoftmaxRegression
    >>> X, y = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]], ["a", "b", "c", "a", "b", "c"]
    >>> m = SoftmaxRegression(penalty="l2", lam=2.0).fit(X, y)
    >>> copy = from_json(to_json(m), SoftmaxRegression)
    >>> copy.lam, copy.classes_, copy.predict_proba(X) == m.predict_proba(X)
    (2.0, ['a', 'b', 'c'], True)
    >>> from_json('{"estimator": "SVM"}', SoftmaxRegression)
    Traceback (most recent call last):
    ...
    minilogit.DataError: from_json: unknown estimator 'SVM'; it reads GLM, LeastSquaresClassifier, LogisticRegression, MultiLabelClassifier, SoftmaxRegression
    """
    try:
        doc = json.loads(text)
    except (TypeError, ValueError, RuntimeError) as e:    # RuntimeError: nested too deep
        doc = e
    if not isinstance(doc, dict) or "estimator" not in doc:
        raise DataError("from_json needs the text of to_json: a JSON object with "
                        "\"estimator\", \"params\" and \"fitted\" (%s)"
                        % ("cannot parse it: %s" % (doc,)
                           if isinstance(doc, Exception) else "this is not one"))
    name = doc["estimator"]
    if not isinstance(name, str) or name not in _FITTED:
        raise DataError("from_json: unknown estimator %s; it reads %s"
                        % (_show(name), ", ".join(sorted(_FITTED))))
    if name != cls.__name__:
        raise DataError("this JSON holds a %s, not a %s" % (name, cls.__name__))
    if doc.get("version", _VERSION) != _VERSION:
        raise DataError("from_json: this JSON has version %s; it reads version %d"
                        % (_show(doc["version"]), _VERSION))
    params, fitted = doc.get("params", {}), doc.get("fitted", {})
    if not isinstance(params, dict) or not isinstance(fitted, dict):
        raise DataError("from_json: \"params\" and \"fitted\" must be JSON objects")
    for p in params:
        if p not in cls._PARAMS:
            raise DataError("from_json: %s has no parameter %s" % (name, _show(p)))
    model = cls(**dict((p, _decode(v, "params." + p)) for p, v in params.items()))
    try:
        model.check_params()
    except DataError as e:
        raise DataError("from_json: params: %s" % e)
    names = fitted.pop("feature_names_in_", None)
    for a in fitted:
        if a not in _FITTED[name]:
            raise DataError("from_json: fitted.%s is not a fitted attribute of a %s"
                            % (a, name))
    for a in _FITTED[name]:
        if a not in fitted:
            raise DataError("from_json: the fitted attribute %s of the %s is missing"
                            % (a, name))
    for a, value in _check_fitted_values(name, fitted).items():
        setattr(model, a, value)
    if names is not None:
        if not (isinstance(names, list) and len(names) == model.n_features_in_
                and all(isinstance(n, str) for n in names)):
            raise DataError("from_json: fitted.feature_names_in_ must be a list of %d names "
                            "(strings), not %s" % (model.n_features_in_, _show(names)))
        model.feature_names_in_ = names
    if doc.get("fit") is not None:
        _restore_fit(model, doc["fit"])
    return model


def _check_fitted_values(name, fitted):
    """The fitted attributes of ``fitted`` (a JSON object), checked: types,
    lengths, finiteness, classes sorted and distinct; DataError naming the
    first bad one."""
    out = {"n_features_in_": _count(fitted["n_features_in_"], "n_features_in_", 1)}
    if "n_iter_" in fitted:
        out["n_iter_"] = _count(fitted["n_iter_"], "n_iter_", 0)
        out["converged_"] = fitted["converged_"]
        if not isinstance(out["converged_"], bool):
            raise DataError("from_json: fitted.converged_ must be true or false, not %s"
                            % _show(out["converged_"]))
    K = None                       # the number of outputs: None for one (a number and a list)
    if "classes_" in fitted:
        out["classes_"] = _classes(fitted["classes_"], name == "LogisticRegression")
        if name == "SoftmaxRegression":
            out["reference_"] = fitted["reference_"]
            if out["reference_"] is not None and out["reference_"] not in out["classes_"]:
                raise DataError("from_json: fitted.reference_ %s is not one of the classes"
                                % _show(out["reference_"]))
        if name == "SoftmaxRegression" or len(out["classes_"]) > 2:
            K = len(out["classes_"])
    if name == "MultiLabelClassifier":
        K = out["n_labels_"] = _count(fitted["n_labels_"], "n_labels_", 1)
    n, coef = out["n_features_in_"], fitted["coef_"]
    if K is None:
        out["intercept_"] = _float(fitted["intercept_"], "intercept_")
        out["coef_"] = _floats(coef, n, "coef_", "n_features_in_")
    else:
        out["intercept_"] = _floats(fitted["intercept_"], K, "intercept_", "the outputs")
        if not isinstance(coef, list) or len(coef) != K:
            raise DataError("from_json: fitted.coef_ must be a list of %d rows, one per "
                            "output, not %s" % (K, _show(coef)))
        out["coef_"] = [_floats(coef[k], n, "coef_[%d]" % k, "n_features_in_")
                        for k in range(K)]
    return out


def _show(value):
    """A short text of a JSON value, for a message."""
    if isinstance(value, (list, dict)):
        return "a %s of %d items" % ("list" if isinstance(value, list) else "object",
                                     len(value))
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _count(value, where, least):
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise DataError("from_json: fitted.%s must be an integer >= %d, not %s"
                        % (where, least, _show(value)))
    return value


def _float(value, where):
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        try:
            value = float(value)
        except OverflowError:                    # an int beyond the float's range
            value = INF
        if math.isfinite(value):
            return value
    raise DataError("from_json: fitted.%s must be a finite number, not %s"
                    % (where, _show(value)))


def _floats(values, n, where, size):
    if not isinstance(values, list) or len(values) != n:
        raise DataError("from_json: fitted.%s must be a list of %d numbers (as many as %s), "
                        "not %s" % (where, n, size, _show(values)))
    return [_float(values[j], "%s[%d]" % (where, j)) for j in range(n)]


def _classes(classes, binary):
    """The class labels: a list of finite str, int, float or bool, sorted and
    distinct, two of them (``binary``) or at least two."""
    if not isinstance(classes, list) or len(classes) < 2 or (binary and len(classes) != 2):
        raise DataError("from_json: fitted.classes_ must be a list of %s labels, not %s"
                        % ("2" if binary else "at least 2", _show(classes)))
    for k in range(len(classes)):
        c = classes[k]
        if not isinstance(c, (str, int, float)) or (isinstance(c, float)
                                                     and not math.isfinite(c)):
            raise DataError("from_json: fitted.classes_[%d] is %s: a label is a string, "
                            "a finite number or a bool" % (k, _show(c)))
    if sorted_labels(classes, "fitted.classes_") != classes:
        raise DataError("from_json: fitted.classes_ must be sorted and distinct, as fit "
                        "leaves them, not %s" % _show(classes))
    return classes


def _encode(value, where):
    """``value`` as JSON data that ``_decode`` turns back into an equal value
    of the same type; DataError naming ``where`` if there is none."""
    if hasattr(value, "dtype") and hasattr(value, "tolist"):
        value = value.tolist()                      # a numpy array or scalar: its Python values
    if value is None or isinstance(value, (bool, str, int)):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise DataError("%s is %r: JSON has no nan or inf" % (where, value))
        return value          # json writes floats with repr: exact
    if isinstance(value, list):
        return [_encode(value[k], "%s[%d]" % (where, k)) for k in range(len(value))]
    if isinstance(value, dict):
        return {"dict": [[_encode(k, where + " key"), _encode(v, "%s[%r]" % (where, k))]
                         for k, v in value.items()]}
    raise DataError("%s is %r, a %s: JSON cannot give it back unchanged; use str, int, "
                    "float, bool or None" % (where, value, type(value).__name__))


def _decode(data, where):
    """The inverse of ``_encode`` for a parameter: a JSON number, string, bool
    or null, or a dict written {"dict": [[key, value], ...]} of those."""
    if isinstance(data, dict):
        pairs = data.get("dict")
        if list(data) != ["dict"] or not isinstance(pairs, list) or not all(
                isinstance(kv, list) and len(kv) == 2 and not isinstance(kv[0], (list, dict))
                and not isinstance(kv[1], (list, dict)) for kv in pairs):
            raise DataError("from_json: %s: a dict is written {\"dict\": [[key, value], "
                            "...]}, each key and value a label (a number, string, bool or null)"
                            % where)
        return dict((_decode(k, where + " key"), _decode(v, where)) for k, v in pairs)
    if isinstance(data, list):                   # start=: coefficients
        if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in data):
            return list(data)
        raise DataError("from_json: %s is a list, %s: a parameter is a number, a string, "
                        "a bool, null, a dict or a list of numbers" % (where, _show(data)))
    return data
