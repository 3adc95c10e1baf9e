"""``minilogit.SoftmaxRegression``: the core's softmax regression, with
``explain()`` and export.

The model, its loss and its fit are in ``minilogit.core.softmax_regression``.
"""

from ..core.softmax_regression import SoftmaxRegression as CoreSoftmaxRegression
from ._base import Extras
from ._protocol import Protocol, fit_taking_arrays, predict_taking_arrays


class SoftmaxRegression(Protocol, Extras, CoreSoftmaxRegression):
    """Softmax regression as in ``minilogit.core.SoftmaxRegression`` (whose
    docstring gives the model, its parameters and its fit), with ``explain()``,
    ``to_source()`` and ``to_json()``.

    >>> m = SoftmaxRegression().fit([[0.0], [1.0], [4.0], [5.0]], ["lo", "lo", "hi", "hi"])
    >>> m.predict([[0.5], [4.5]]), m.explain().split(":")[0]
    (['lo', 'hi'], 'Converged after 5 Newton steps')
    """

    # the core's methods, taking numpy arrays and pandas frames too (minilogit.interop)
    fit = fit_taking_arrays(CoreSoftmaxRegression.fit)
    decision_function = predict_taking_arrays(CoreSoftmaxRegression.decision_function)
    predict_proba = predict_taking_arrays(CoreSoftmaxRegression.predict_proba)
    predict = predict_taking_arrays(CoreSoftmaxRegression.predict)
