"""Objectives: a loss with its value, gradient and Hessian, and nothing else.

An objective knows nothing about how it is minimised. The solvers call
``value``, ``gradient``, ``hessian`` (Newton), ``working_response`` (IRLS),
``example_gradient`` (SGD) and ``diagnose`` (to stop when no minimum exists).
Every objective takes a flat parameter vector.

======================  ==================================================
``LogisticLoss``        binary negative log-likelihood, eqs. (10)-(13)
``SoftmaxLoss``         multiclass cross-entropy, K blocks of parameters
``MultiLabelLoss``      K binary losses, each on the rows its label is known
``GLMLoss``             a GLM's negative log-likelihood, expected information
``L2Penalty``           adds lam * ||beta||^2 over chosen parameters
``FixedAtZero``         pins chosen parameters at 0 (a reference class)
======================  ==================================================

>>> from minilogit.matrix import Matrix
>>> LogisticLoss(Matrix([[1.0], [1.0]]), [0, 1]).n_params
1
"""

from .glm import GLMLoss
from .logistic import (CERTAIN_MARGIN, LogisticLoss, example_terms, nll, nll_pm1,
                       squared_error)
from .multilabel import MultiLabelLoss
from .penalty import FixedAtZero, L2Penalty
from .softmax import SoftmaxLoss
