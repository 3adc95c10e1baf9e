"""A fitted model, pickled, holds its parameters and its inference, not its training rows."""

import pickle

from minilogit import GLM, LogisticRegression, SoftmaxRegression
from minilogit.core.rng import Random


def _data(n, p, seed=0):
    rng = Random(seed)
    X = [[rng.random() * 2.0 - 1.0 for _ in range(p)] for _ in range(n)]
    y = [int(sum(row) + rng.random() - 0.5 > 0.0) for row in X]
    return X, y


def test_a_pickled_fit_on_10000_by_10_is_under_10_kb_and_keeps_its_inference():
    X, y = _data(10000, 10)
    model = LogisticRegression().fit(X, y)
    text = pickle.dumps(model)
    assert len(text) < 10 * 1024, len(text)
    copy = pickle.loads(text)
    assert not hasattr(copy, "_loss")
    assert copy.coef_ == model.coef_ and copy.bse_ == model.bse_
    assert copy.summary() == model.summary()
    assert copy.predict_proba(X[:5]) == model.predict_proba(X[:5])


def test_the_model_keeps_its_training_data_and_pickles_drop_it():
    X, y = _data(200, 3)
    for model in (LogisticRegression(), SoftmaxRegression(),
                  GLM(family="poisson"), GLM(family="gaussian")):
        model.fit(X, y, offset=[0.5] * 200) if isinstance(model, GLM) else model.fit(X, y)
        assert hasattr(model, "_loss")
        summary = model.summary()
        assert hasattr(model, "_loss"), type(model).__name__   # robust(), lr_test(), ...
        copy = pickle.loads(pickle.dumps(model))
        assert not hasattr(copy, "_loss"), type(model).__name__
        assert copy.summary() == summary and copy.llf_ == model.llf_
