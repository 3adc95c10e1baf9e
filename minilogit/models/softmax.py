"""``minilogit.SoftmaxRegression``: the core's softmax regression, with
``explain()`` and export.

The model, its loss and its fit are in ``minilogit.core.softmax_regression``.
"""

from ..core.softmax_regression import SoftmaxRegression as CoreSoftmaxRegression
from ._base import Extras


class SoftmaxRegression(Extras, CoreSoftmaxRegression):
    """Softmax regression as in ``minilogit.core.SoftmaxRegression`` (whose
    docstring gives the model, its parameters and its fit), with ``explain()``,
    ``to_source()`` and ``to_json()``.

    >>> m = SoftmaxRegression().fit([[0.0], [1.0], [4.0], [5.0]], ["lo", "lo", "hi", "hi"])
    >>> m.predict([[0.5], [4.5]]), m.explain().split(":")[0]
    (['lo', 'hi'], 'Converged after 5 Newton steps')
    """

    def check_params(self):
        """Check the constructor's parameters, as ``fit`` does first; return self."""
        self._check_params()
        return self
