"""The solvers above the core: the elastic net, and SGD over a stream.

The lecture's four solvers (gradient descent, SGD, Newton, IRLS) are in
``minilogit.core.solvers``. Here, in modules of their own (this package
imports none of them):

==========================  =========================================  ==========
``proximal.proximal``       S(v - eta g, eta l1), v with momentum      (42), (43)
``cd.coordinate_descent``   IRLS quadratic, one soft-thresholded b_j   (21), (44)
``elastic_net``             what both share: soft-thresholding, KKT    (42), (45)
``stream.sgd_stream``       averaged SGD over rows read afresh         (17)-(19)
==========================  =========================================  ==========
"""
