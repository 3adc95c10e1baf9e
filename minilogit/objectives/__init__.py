"""The objectives above the core (this package imports none of them).

The lecture's losses (``LogisticLoss``, ``SoftmaxLoss``, ``Penalised``,
``FixedAtZero``) are in ``minilogit.core``. Here:

========================  ==================================================
``glm.GLMLoss``           a GLM's negative log-likelihood, expected information
``multilabel.MultiLabelLoss``  K binary losses, each on the rows its label is known
========================  ==================================================
"""
