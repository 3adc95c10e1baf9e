"""The objectives above the core (this package imports none of them).

The lecture's losses (``LogisticLoss``, ``SoftmaxLoss``, ``Penalised``,
``FixedAtZero``) are in ``minilogit.core``, a GLM's (``GLMLoss``) in
``minilogit.glm.loss``. Here:

========================  ==================================================
``multilabel.MultiLabelLoss``  K binary losses, each on the rows its label is known
========================  ==================================================
"""
