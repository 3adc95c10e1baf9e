"""Threads: a fresh fit read from many threads gives every thread the same
inference, computed once; fits of different estimators in different threads
equal the sequential ones. No timing: each check compares results."""

import pickle
import sys
import threading

import pytest

from minilogit import GLM, LogisticRegression, SoftmaxRegression
from minilogit.inference import Inference

X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0]]
Y = [0, 0, 1, 0, 1, 0, 1, 1]
READ = Inference.FACTS + Inference.STATISTICS


def _read_all(model):
    return [getattr(model, name) for name in READ] + [model.conf_int(), model.summary(),
                                                      id(model.inference_)]


def _in_threads(work, n=8):
    """Run work(k) in n threads started together; return their results in order,
    and raise the first exception any of them raised."""
    results, errors, start = [None] * n, [], threading.Barrier(n)

    def run(k):
        try:
            start.wait()
            results[k] = work(k)
        except Exception as e:              # noqa: BLE001 - reported below
            errors.append(e)
    threads = [threading.Thread(target=run, args=(k,)) for k in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return results


def test_eight_threads_read_every_inference_attribute_of_a_fresh_fit():
    want = _read_all(LogisticRegression().fit(X, Y))
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)             # threads switch often: a race shows
    try:
        for _ in range(100):
            model = LogisticRegression().fit(X, Y)      # fresh: nothing computed yet
            results = _in_threads(lambda k: _read_all(model))
            for got in results:
                assert got[:-1] == want[:-1]
            assert set(got[-1] for got in results) == {id(model.inference_)}   # made once
    finally:
        sys.setswitchinterval(interval)


# gd's 10 iterations and sgd's 5 epochs stop short by design: their warning is expected
@pytest.mark.filterwarnings("ignore:.* did not converge in:minilogit.ConvergenceWarning")
def test_eight_threads_fit_eight_estimators_as_sequential_fits_do():
    rows = [[i / 10.0, (i * 7 % 11) / 5.0] for i in range(40)]
    labels = [int(r[0] - r[1] + (i * 5 % 3 - 1) > 1.0) for i, r in enumerate(rows)]
    makers = [lambda: LogisticRegression(), lambda: LogisticRegression(solver="irls"),
              lambda: LogisticRegression(solver="gd", max_iter=10),
              lambda: LogisticRegression(solver="sgd", max_iter=5),
              lambda: LogisticRegression(penalty="l1", solver="cd", lam=0.5),
              lambda: SoftmaxRegression(), lambda: GLM(family="poisson"),
              lambda: LogisticRegression(penalty="l2")]

    def fit(k):
        m = makers[k]().fit(rows, labels)
        return m.coef_, m.intercept_, m.n_iter_, m.converged_, pickle.dumps(m)
    want = [fit(k) for k in range(8)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)             # threads switch often: a race shows in few rounds
    try:
        for _ in range(100):
            assert _in_threads(fit) == want
    finally:
        sys.setswitchinterval(interval)


def test_a_model_refitted_in_one_thread_is_whole_in_the_others():
    """Two threads refit one estimator to two label sets, in turn, while others
    predict and read its inference: a reader never meets a half-fitted model
    (no AttributeError, no NotFittedError) and every answer is one fit's."""
    labels = [Y, [1 - v for v in Y]]
    for make in (LogisticRegression, SoftmaxRegression, GLM):
        model = make().fit(X, labels[0])
        want = [make().fit(X, y) for y in labels]
        proba = [w.predict_proba(X) if make is not GLM else w.predict(X) for w in want]
        bse = [w.bse_ for w in want]
        stop = []

        def work(k):
            if k < 2:                      # fitters
                for i in range(40):
                    model.fit(X, labels[(i + k) % 2])
                stop.append(k)
                return None
            seen = 0
            while len(stop) < 2:           # readers
                got = model.predict_proba(X) if make is not GLM else model.predict(X)
                assert got in proba, got
                assert model.bse_ in bse
                seen += 1
            return seen
        interval = sys.getswitchinterval()
        sys.setswitchinterval(1e-6)
        try:
            _in_threads(work, n=6)
        finally:
            sys.setswitchinterval(interval)
