"""Solvers: plain functions that minimise an objective from a starting point.

A solver knows nothing about logistic regression: it calls the objective's
``value``, ``gradient``, ``hessian`` (Newton), ``working_response`` (IRLS),
``example_gradient`` (SGD) and ``diagnose`` (to stop when no minimum
exists), and returns a ``FitResult``. ``proximal`` and
``coordinate_descent`` also take ``l1``, ``l2`` and ``penalized``: they
minimise the elastic-net objective L + l2 ||beta_P||^2 + l1 ||beta_P||_1,
eq. (41), and test convergence on its KKT conditions, eq. (45).

==================  =========================================  ==========
solver              update                                     equations
==================  =========================================  ==========
gradient_descent    beta - eta g (fixed eta or line search)    (15), (16)
sgd                 beta - eta_t x_i (p_i - y_i), one i        (17)-(19)
newton              beta - H⁻¹ g                               (20)
irls                (XᵀWX)⁻¹ XᵀWz                              (21), (22)
proximal            S(v - eta g, eta l1), v with momentum      (42), (43)
coordinate_descent  IRLS quadratic, one soft-thresholded b_j  (21), (44)
==================  =========================================  ==========

>>> sorted(SOLVERS)
['cd', 'gd', 'irls', 'newton', 'proximal', 'sgd']
"""

from .cd import coordinate_descent
from .gradient_descent import gradient_descent
from .newton import irls, newton
from .proximal import proximal
from .result import FitResult, kkt_violation
from .sgd import sgd, sgd_stream

SOLVERS = {"gd": gradient_descent, "sgd": sgd, "newton": newton, "irls": irls,
           "proximal": proximal, "cd": coordinate_descent}
