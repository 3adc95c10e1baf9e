"""The code's equation citations point to the display they mean, and the
dotted names its docstrings and comments cite exist.

tests/test_walkthrough.py checks that every number cited in minilogit/ is a
tag of walkthrough.md; a number can exist and still be the wrong one. Here a
curated sample of (file, phrase, N, keyword) says: the line of ``file`` that
holds ``phrase`` cites eq. (N), and the display tagged (N) holds ``keyword``
(a piece of its LaTeX). The sample names every tag that the code cites at a
definition, so renumbering the walkthrough, or pointing a comment at the
neighbouring display, fails here.
"""

import glob
import importlib
import os
import re

import pytest

from test_walkthrough import CITATION, ROOT, WALKTHROUGH, _cited, cited_numbers

PACKAGE = os.path.join(ROOT, "minilogit")

SAMPLE = [
    ("models/least_squares.py", "coefficients = normal_equations(X1, y01)", 1,
     r"(X^T X)^{-1} X^T y"),
    ("models/least_squares.py", "the cut-off of eq. (2)", 2, r"x^T\hat\beta \ge t"),
    ("models/least_squares.py", "Y_ik = 1 when y_i is class k", 3, r"Y_{ik}"),
    ("metrics/regression.py", "Return R^2 = 1 - RSS / TSS", 4, r"\frac{\mathrm{RSS}}{\mathrm{TSS}}"),
    ("core/functions.py", "Return sigma(a) = 1 / (1 + e^-a)", 5, r"\frac{1}{1 + e^{-a}}"),
    ("core/functions.py", "Return the log-odds log(p / (1 - p))", 6, r"\operatorname{logit}(p)"),
    ("glm/links.py", "sigma' = sigma (1 - sigma)", 7, r"\sigma'(a)"),
    ("core/logistic.py", "self._a = a = self.X.times(beta, self._a)", 8, r"a_i = x_i^T \beta"),
    ("core/estimators.py", "Return [P(classes_[0] | x), P(classes_[1] | x)]", 9,
     r"P(y_i = 1 \mid x_i) = \sigma(a_i)"),
    ("core/logistic.py", "Total negative log-likelihood", 10, r"\log(1 + e^{a_i}) - y_i a_i"),
    ("core/logistic.py", "The same loss for labels s_i in {-1, +1}", 11, r"e^{-s_i a_i}"),
    ("core/logistic.py", "return r @ self.X", 12, r"X^T (p - y)"),
    ("core/logistic.py", "return weighted_gram(self.X, w, p)", 13, r"= X^T W X"),
    ("core/logistic.py", "Sum of squared errors of the probabilities", 14, r"L_{SE}"),
    ("core/solvers.py", "for b, g_j in zip(beta, g)]   # eq. (15)", 15, r"\beta - \eta\, g"),
    ("core/solvers.py", "if L_new <= L - fall and L_new < L", 16, r"\tfrac{1}{2}\,\eta"),
    ("core/solvers.py", "beta = axpy(-step, g_i, beta)", 17, r"\eta_t\, x_i (p_i - y_i)"),
    ("core/solvers.py", "eta_t = learning_rate / (1.0 + t", 18, r"\frac{\eta_0}{1 + t / M}"),
    ("core/solvers.py", "running mean", 19, r"\bar\beta_T"),
    ("core/solvers.py", "beta = [b - d for b, d in zip(beta, delta)]", 20, r"\beta - H^{-1} g"),
    ("core/logistic.py", "z = fill(self._wz[1], (a_i + (y_i - p_i) / w_i", 21, r"W^{-1}(y - p)"),
    ("core/solvers.py", "beta = XtWX.solve([u + v for u, v in zip(XtWz, r)])", 22,
     r"(X^T W X)^{-1} X^T W z"),
    ("core/estimators.py", "beta0[0] = logit(loss_mean(loss))", 23, r"\log\frac{\bar y}{1 - \bar y}"),
    ("core/logistic.py", "if smallest > 0:", 24, r"s_i\, x_i^T \beta > 0"),
    ("core/softmax_regression.py", "changes no probability of eq.", 25,
     r"\frac{e^{a_{ik}}}{\sum_{j=1}^{K} e^{a_{ij}}}"),
    ("core/softmax_regression.py", "the cross-entropy, eq.", 26, r"\log p_{i, y_i}"),
    ("core/softmax_regression.py", "r_ik = p_ik - 1 for k = y_i", 27, r"\partial \theta_r"),
    ("core/softmax_regression.py", "its Hessian, eq.", 28, r"\partial^2 E"),
    ("core/softmax_regression.py", "with the smallest norm, eq.", 29, r"\lVert \mathrm{coef}_k \rVert^2"),
    ("core/softmax_regression.py", "the label whose vector is fixed at 0", 30, r"\theta_r = 0"),
    ("models/multilabel.py", "divided by their sum over k", 31, r"\frac{\sigma(a_{ik})}"),
    ("objectives/multilabel.py", "on the rows where label k is known", 32, r"m_{ik}"),
    ("inference.py", "Standard errors sqrt(diag", 33, r"\mathrm{se}_j = \sqrt"),
    ("inference.py", "Wald statistics", 34, r"\frac{\hat\beta_j}{\mathrm{se}_j}"),
    ("inference.py", "Rows [low, high]", 35, r"z_{1-\alpha/2}"),
    ("inference.py", "Akaike's information criterion", 36, r"\mathrm{AIC}"),
    ("glm/links.py", '"""mu = g⁻¹(eta), eq. (37)', 37, r"g^{-1}(\eta_i)"),
    ("glm/loss.py", "z = [eta_i - o_i + u_i / w_i", 38, r"(y_i - \mu_i)\,\frac{d\eta_i}{d\mu_i}"),
    ("glm/irls.py", "data.working_response(beta, observed=True)", 38, r"\frac{d\eta_i}{d\mu_i}"),
    ("glm/links.py", "Gumbel latent noise", 39, r"1 - e^{-e^{\eta}}"),
    ("glm/families.py", "y eta - e^eta - log y!", 40, r"\log y_i!"),
    ("core/penalty.py", "return self.l2 * sum(b_j * b_j for b_j in b)", 41,
     r"l_2 \sum_{j \in P} \beta_j^2"),
    ("core/penalty.py", "Return S(u, t) = sign(u) max(|u| - t, 0)", 42, r"\max(|u| - t,\ 0)"),
    ("solvers/proximal.py", "t_new = (1.0 + math.sqrt(1.0 + 4.0 * t * t))", 43, r"\sqrt{1 + 4 t_k^2}"),
    ("solvers/cd.py", "rho = dot(wx[j], r)", 44, r"\sum_i w_i x_{ij} r_{ij}"),
    ("core/penalty.py", "coefficient j's subdifferential of F, eq.", 45, r"|g_j| \le l_1"),
    ("models/paths.py", "/ l1_ratio  # eq.", 46, r"\lambda_{max}"),
    ("core/estimators.py", "class c weighs N / (K n_c)", 47, r"\frac{N}{K\, n_{y_i}}"),
    ("metrics/labels.py", "precision = _ratio(tp, tp + fp", 48, r"\frac{TP}{TP + FP}"),
    ("metrics/scores.py", "AUC = U / (n_+ n_-)", 49, r"\mathrm{AUC} = \frac{U}{n_+ n_-}"),
    ("metrics/scores.py", "Return the cross-entropy -(1/N)", 50, r"\text{log-loss}"),
]


def displays():
    """{tag: the LaTeX of the display that carries it} of walkthrough.md."""
    text = open(WALKTHROUGH, encoding="utf-8").read()
    return {tag: body for body in re.findall(r"\$\$(.*?)\$\$", text, re.S)
            for tag in re.findall(r"\\tag\{(\d+)\}", body)}


def cited_on(relpath, phrase):
    """The equation numbers cited on the one line of ``relpath`` holding ``phrase``."""
    lines = [line for line in open(os.path.join(PACKAGE, relpath), encoding="utf-8")
             if phrase in line]
    assert len(lines) == 1, (relpath, phrase, len(lines))
    return [n for citation in CITATION.findall(lines[0]) for n in cited_numbers(citation)]


@pytest.mark.parametrize("relpath, phrase, n, keyword", SAMPLE)
def test_a_citation_names_the_display_it_means(relpath, phrase, n, keyword):
    cited = cited_on(relpath, phrase)
    assert str(n) in cited, (relpath, phrase, cited)
    assert keyword in displays()[str(n)], (n, keyword)


def test_the_sample_covers_every_tag_the_code_cites():
    cited = _cited()
    assert cited <= set(displays()), sorted(cited - set(displays()), key=int)
    assert cited - {str(n) for _, _, n, _ in SAMPLE} == set()


@pytest.mark.parametrize("relpath, phrase, wrong", [
    # four that once pointed elsewhere: the flatness is eq. (25)'s, not the
    # cure's (30); a GLM's z is eq. (38), not the logistic (21); the ridge term
    # is eq. (41)
    ("core/softmax_regression.py", "vectors are not identifiable", "30"),
    ("glm/irls.py", '"""IRLS for a generalised linear model', "21"),
    ("glm/irls.py", "data.working_response(beta, observed=True)", "21"),
    ("core/penalty.py", "the ridge term of eq.", "29"),
])
def test_a_corrected_citation_stays_corrected(relpath, phrase, wrong):
    cited = cited_on(relpath, phrase)
    assert cited and wrong not in cited, (relpath, phrase, cited)


def test_a_glm_trace_names_the_glm_equations():
    from minilogit import GLM
    m = GLM(family="poisson").fit([[0.0], [1.0], [2.0], [3.0]], [1, 2, 2, 5])
    assert [r["equation"] for r in m.trace_] == ["start"] + ["(38), (22)"] * m.n_iter_


def _resolve(name):
    parts = name.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:i]))
            break
        except ImportError:
            continue
    for attribute in parts[i:]:
        obj = getattr(obj, attribute)
    return obj


def test_every_dotted_name_the_package_cites_exists():
    names = set()
    for path in glob.glob(os.path.join(PACKAGE, "**", "*.py"), recursive=True):
        names |= set(re.findall(r"minilogit(?:\.[A-Za-z_]\w*)+", open(path, encoding="utf-8").read()))
    assert len(names) > 40
    missing = []
    for name in sorted(names):
        try:
            _resolve(name)
        except (ImportError, AttributeError):
            missing.append(name)
    assert missing == []
