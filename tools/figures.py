"""Write the walkthrough's figures to docs/figures/*.svg: ``python3 tools/figures.py``.

Run from anywhere (stdlib and minilogit only); ``make figures`` runs it. The
pictures come from the bundled data:

- sigmoid.svg            sigma(a) and its derivative on [-6, 6]
- loss_history.svg       newton, irls, gd, sgd on the standardized breast-cancer
                         data, two features (mean_radius, mean_texture): with
                         all 30 the classes are separable, the MLE does not
                         exist and gradient descent never converges
- decision_boundary.svg  the Newton fit on the same two standardized features
- misclassification.svg  least squares on make_bank_balance() (200 people,
                         half creditworthy): error rate against the boundary
- roc.svg                a Newton fit on four standardized breast-cancer
                         features, scored on its own training data
- masking.svg            make_masking(): indicator regression against softmax
- loss_curves.svg        squared error above log-loss along beta for one example,
                         x = 1 and y = 1, with the chords from -10 to 0 (section 6)
- sgd_path.svg           SGD per epoch in the (b0, b1) plane on the 200 seeded rows
                         of section 8 (draw(200, Random(7))): fixed rate, falling
                         rate and average about the optimum
- newton_oscillation.svg Newton's tangent steps on x^3 - 5x from x0 = 1 (section 9)
- newton_overshoot.svg   Newton on the gradient of the labels 1 and 0 on a column
                         of ones, from b = 3: -7.02, then 551 (section 9)
- links.svg              the inverse links logit, probit and cloglog (section 16)
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from minilogit import LeastSquaresClassifier, LogisticRegression, Matrix  # noqa: E402
from minilogit import plot  # noqa: E402
from minilogit.core.logistic import LogisticLoss  # noqa: E402
from minilogit.core.rng import Random  # noqa: E402
from minilogit.experiments import draw  # noqa: E402
from minilogit.svg import save  # noqa: E402
from minilogit.datasets import load_breast_cancer, make_masking, standardize  # noqa: E402
from minilogit.datasets.synthetic import make_bank_balance  # noqa: E402

OUT = os.path.join(ROOT, "docs", "figures")
TWO = ["mean_radius", "mean_texture"]
FOUR = ["mean_radius", "mean_texture", "mean_smoothness", "mean_symmetry"]


def standardized(names):
    """(Z, y): the named breast-cancer columns, standardized, and the 0/1 target."""
    data = load_breast_cancer().columns(names)
    Z, _, _ = standardize(data.data)
    return Z, data.target


def figures():
    """{file name: SVG text} for every figure."""
    Z2, y = standardized(TWO)
    fits = [(s, LogisticRegression(solver=s).fit(Z2, y)) for s in ("newton", "irls", "gd", "sgd")]
    optimum = min(m.history_[-1] for _, m in fits)
    Z4, y4 = standardized(FOUR)
    roc_model = LogisticRegression().fit(Z4, y4)
    bank_X, bank_y = make_bank_balance()
    least_squares = LeastSquaresClassifier().fit(bank_X, bank_y)
    pair = LogisticLoss(Matrix([[1.0], [1.0]]), [1, 0])      # the labels 1 and 0, b alone
    return {
        "sigmoid.svg": plot.sigmoid_plot(),
        "loss_history.svg": plot.loss_history_plot([(s, m.history_) for s, m in fits],
                                                   optimum=optimum),
        "decision_boundary.svg": plot.decision_boundary_plot(
            fits[0][1], Z2, y, feature_names=[n + " (standardized)" for n in TWO],
            class_names={0: "malignant", 1: "benign"}),
        "misclassification.svg": plot.misclassification_plot(
            least_squares.fitted_value(bank_X), bank_y),
        "roc.svg": plot.roc_plot(y4, [p[1] for p in roc_model.predict_proba(Z4)]),
        "masking.svg": plot.masking_plot(*make_masking()),
        "loss_curves.svg": plot.loss_curves_plot([[1.0]], [1]),
        "sgd_path.svg": plot.sgd_plot(*draw(200, Random(7)), epochs=64),
        "newton_oscillation.svg": plot.newton_plot(
            lambda x: x ** 3 - 5 * x, lambda x: 3 * x ** 2 - 5, [1.0], -3.0, 3.0,
            name="f(x) = x³ − 5x", title="Newton oscillates on x³ − 5x from x0 = 1"),
        "newton_overshoot.svg": plot.newton_plot(
            lambda b: pair.gradient([b])[0], lambda b: pair.hessian([b]).rows[0][0], [3.0],
            -9.0, 5.0, steps=2, name="L′(b) = 2σ(b) − 1", xlabel="b", ylabel="L′(b)",
            title="Newton overshoots on L′(b) = 2σ(b) − 1 from b = 3"),
        "links.svg": plot.links_plot(),
    }


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, svg in sorted(figures().items()):
        path = os.path.join(OUT, name)
        save(svg, path)
        print("wrote", os.path.relpath(path, ROOT))


if __name__ == "__main__":
    main()
