"""``minilogit.SoftmaxRegression``: the core's softmax regression, with
``explain()`` and export.

The model, its loss and its fit are in ``minilogit.core.softmax_regression``.

>>> m = SoftmaxRegression().fit([[0.0], [1.0], [4.0], [5.0]], ["lo", "lo", "hi", "hi"])
>>> m.predict([[0.5], [4.5]]), m.explain().split(":")[0]
(['lo', 'hi'], 'Converged after 5 Newton steps')
"""

from ..core.softmax_regression import SoftmaxRegression as CoreSoftmaxRegression
from ._base import Extras


class SoftmaxRegression(Extras, CoreSoftmaxRegression):
    # MicroPython keeps no docstrings (a class there has no __doc__ at all)
    __doc__ = getattr(CoreSoftmaxRegression, "__doc__", None)
