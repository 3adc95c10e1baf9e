"""The estimators above the core, one module each (this package imports none of them).

==================  ==============================================================
``logistic``        LogisticRegression: the core's, plus elastic net, class
                    weights, streaming, inference, explain() and export
``softmax``         SoftmaxRegression: the core's, plus explain() and export
``least_squares``   LeastSquaresClassifier: the naive approach
``multilabel``      OneVsRest, MultiLabelClassifier
``paths``           lasso_path: coefficients over a grid of lam
==================  ==============================================================

``minilogit.LogisticRegression`` and the others load these on first use.
``GLM`` is in ``minilogit.glm``, beside its link, family, loss and IRLS.
"""
