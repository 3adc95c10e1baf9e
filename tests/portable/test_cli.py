"""``python3 -m minilogit demo``: the tour of the bundled data, on every runtime.

The slowest test on MicroPython (about 11 s: Newton on all 30 raw features).
The raw-feature trace is ill-conditioned (the data are separable), so its
late loss values differ across runtimes from the 9th significant digit on
(CPython 3.12+ and Pyodide sum with compensation): they are compared with
a tolerance, the standardized-feature table as printed.
"""

import io

from minilogit.__main__ import demo, main


def _demo_lines():
    out = io.StringIO()
    demo(out)
    return out.getvalue().split("\n")


def test_demo():
    lines = _demo_lines()
    assert lines[0] == ("Breast Cancer Wisconsin (Diagnostic): 569 tumours, 30 features, "
                        "target 1 = benign (357), 0 = malignant (212)."), lines[0]
    # Section 1: the Newton trace on the raw features, steps 0..13.
    steps = []
    for line in lines:
        parts = line.split()
        if len(parts) == 3 and parts[0].isdigit() and len(line) > 5 and line[:3] == "   ":
            steps.append((int(parts[0]), float(parts[1])))
    assert [k for k, _ in steps] == list(range(14)), steps
    losses = [v for _, v in steps]
    for got, want in zip(losses, [394.4007, 134.6598, 77.3446, 50.2137]):
        assert abs(got - want) < 5e-5, (got, want)
    assert abs(losses[13] - 2.5532756) < 1e-6, losses[13]
    text = "\n".join(lines)
    assert ("   SeparationWarning: the maximum-likelihood estimate does not exist: "
            "complete separation: at the current coefficients every one of the 569 "
            "points is classified correctly") in text, text
    assert "The fit stopped after 13 iterations" in text
    # Section 2: every solver on four standardized features.
    table = [
        "   coefficient              newton         irls           gd          sgd",
        "   intercept              0.974150     0.974150     0.974150     1.001272",
        "   mean_radius           -4.907474    -4.907474    -4.907472    -5.061868",
        "   mean_texture          -1.649503    -1.649503    -1.649503    -1.682306",
        "   mean_smoothness       -1.640392    -1.640392    -1.640392    -1.650867",
        "   mean_symmetry         -0.751435    -0.751435    -0.751435    -0.809736",
        "   final loss            89.825389    89.825389    89.825389    89.884147",
        "   iterations                    8            8          106           28",
        "   converged                  True         True         True         True",
    ]
    start = lines.index(table[0])
    assert lines[start:start + len(table)] == table, lines[start:start + len(table)]
    # no warnings from the standardized fits
    assert "Warning" not in "\n".join(lines[start:]), lines[start:]


def test_main_rejects_unknown_commands():
    assert main(["no-such-command"]) == 2      # the usage goes to stderr
