"""Estimators in scikit-learn's style: ``fit``, ``predict``, ``predict_proba``.

Each estimator checks the data, builds the design matrix [1, x_i] once,
hands an objective and a starting point to a solver, and keeps what it
returns in trailing-underscore attributes.

>>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
>>> m.classes_
[0, 1]
"""

from .glm import GLM
from .least_squares import LeastSquaresClassifier
from .logistic import LogisticRegression
from .multilabel import MultiLabelClassifier, OneVsRest
from .paths import lam_max, lasso_path
from .softmax import SoftmaxRegression
