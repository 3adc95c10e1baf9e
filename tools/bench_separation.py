"""Time minilogit.separation.check_separation on breast cancer and on many-class cases.

    python3 tools/bench_separation.py [--big]

Breast cancer (569 x 30, binary), iris (150 x 4, 3 classes, baseline class 0),
and seeded synthetic multinomial data (rows uniform on [-1, 1] in 3 features,
labels uniform over K classes): 200 x 3 with 20 and 30 classes; with --big
also 50 classes (above COSTLY: it warns first, and takes minutes). Prints the
best of three runs (one for the synthetic cases) and each answer's kind,
separated margins and infinite parameters.
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from minilogit.core.rng import Random  # noqa: E402
from minilogit.datasets import load_breast_cancer, load_iris  # noqa: E402
from minilogit.separation import check_separation  # noqa: E402

clock = getattr(time, "perf_counter", time.time)


def timed(label, X, y, runs, **kw):
    best = None
    for _ in range(runs):
        start = clock()
        r = check_separation(X, y, **kw)
        best = min(best or 1e300, clock() - start)
    print("%-32s %9.3f s  %s, %d margins, %d infinite"
          % (label, best, r.kind, len(r.rows), len(r.infinite)))


bc, iris = load_breast_cancer(), load_iris()
timed("breast cancer 569 x 30", bc.data, bc.target, 3)
timed("iris 150 x 4, 3 classes", iris.data, iris.target, 3, reference_class=0)
for K in (20, 30) + ((50,) if "--big" in sys.argv else ()):
    rng = Random(1)
    X = [[rng.random() * 2.0 - 1.0 for _ in range(3)] for _ in range(200)]
    y = [rng.randbelow(K) for _ in range(200)]
    timed("200 x 3, %d classes" % K, X, y, 1)
