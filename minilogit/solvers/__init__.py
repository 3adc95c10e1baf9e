"""Solvers: plain functions that minimise an objective from a starting point.

A solver knows nothing about logistic regression: it calls the objective's
``value``, ``gradient``, ``hessian`` (Newton), ``working_response`` (IRLS),
``example_gradient`` (SGD) and ``diagnose`` (to stop when no minimum
exists), and returns a ``FitResult``.

==================  =========================================  ==========
solver              update                                     equations
==================  =========================================  ==========
gradient_descent    beta - eta g (fixed eta or line search)    (11), (12)
sgd                 beta - eta_t x_i (p_i - y_i), one i        (13)-(15)
newton              beta - H⁻¹ g                               (16)
irls                (XᵀWX)⁻¹ XᵀWz                              (17), (18)
==================  =========================================  ==========

>>> sorted(SOLVERS)
['gd', 'irls', 'newton', 'sgd']
"""

from .gradient_descent import gradient_descent
from .newton import irls, newton
from .result import FitResult
from .sgd import sgd

SOLVERS = {"gd": gradient_descent, "sgd": sgd, "newton": newton, "irls": irls}
