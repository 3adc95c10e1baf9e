# MicroPython manifest: the lecture's code alone, frozen into a board's firmware:
# minilogit/__init__.py and minilogit/core/ (from minilogit.core import
# LogisticRegression, SoftmaxRegression, Matrix, ...). All of minilogit: manifest.py.
#
#     include("path/to/minilogit/manifest-core.py")
metadata(version="0.1.0", description="Logistic regression in pure Python: the lecture's "
         "code (minilogit.core)", license="MIT")

package("minilogit", files=(
    "__init__.py",
    "core/__init__.py",
    "core/checks.py",
    "core/compat.py",
    "core/errors.py",
    "core/estimators.py",
    "core/functions.py",
    "core/logistic.py",
    "core/matrix.py",
    "core/penalty.py",
    "core/rng.py",
    "core/softmax_regression.py",
    "core/solvers.py",
))
