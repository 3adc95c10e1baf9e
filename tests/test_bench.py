"""tools/bench.py runs end to end in --quick mode and writes the JSON it promises.

No timing is asserted (speed lives in ``make bench``): only that every
figure is there, is a positive finite number, and that the three Newton
implementations agree on the answer.
"""

import json
import math
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "tools", "bench.py")


def positive(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool) \
        and math.isfinite(x) and x > 0


def run_quick(tmp_path):
    out = tmp_path / "bench.json"
    proc = subprocess.run([sys.executable, BENCH, "--quick", "--no-compare",
                           "--json", str(out)],
                          cwd=str(tmp_path), capture_output=True, text=True,
                          timeout=300)           # a hang guard: ~100x the quick bench
    assert proc.returncode == 0, proc.stderr
    return proc.stdout, json.loads(out.read_text())


def test_quick_bench_writes_complete_json(tmp_path):
    """Each section has its keys, and every time, rate and ratio is positive and finite."""
    stdout, R = run_quick(tmp_path)
    assert "Newton at N =" in stdout and "exponent in N" in stdout
    assert set(R) >= {"meta", "headline", "cases", "inverse", "scaling", "memory",
                      "memory_ratio"}
    assert R["meta"]["quick"] is True and R["meta"]["runs"] >= 1

    h = R["headline"]
    for impl in ("minilogit_fit", "minilogit_solver", "tuned", "naive"):
        for key in ("cpu_s", "wall_s", "per_iter_s", "n_iter"):
            assert positive(h[impl][key]), (impl, key, h[impl][key])
    for key in ("fit_vs_tuned", "solver_vs_tuned", "per_iter_vs_tuned",
                "fit_vs_naive", "solver_vs_naive", "per_iter_vs_naive"):
        assert positive(h["ratios"][key]), key
    assert isinstance(h["target_met"], bool)
    assert h["converged"] is True
    # the same algorithm three times: the same iterates and the same answer
    assert h["minilogit_fit"]["n_iter"] == h["tuned"]["n_iter"] == h["naive"]["n_iter"]
    assert h["max_abs_beta_diff"]["tuned"] < 1e-9 and h["max_abs_beta_diff"]["naive"] < 1e-9
    for impl in ("minilogit", "tuned", "naive"):
        assert positive(h["xtwx"][impl]["madds_per_s"]) and positive(h["xtwx"][impl]["cpu_s"])
    assert h["xtwx"]["madds_per_hessian"] == h["N"] * h["d"] * (h["d"] + 1) // 2
    assert set(h["comparisons"]) >= {"numpy", "statsmodels", "sklearn"}   # None: skipped

    names = set(c["name"] for c in R["cases"])
    assert {"LogisticRegression newton", "LogisticRegression irls",
            "LogisticRegression gd, defaults", "LogisticRegression sgd, defaults",
            "LogisticRegression sgd, one epoch",
            "SoftmaxRegression newton, K=3", "GLM poisson (irls)"} <= names
    for c in R["cases"]:
        assert positive(c["cpu_s"]) and positive(c["wall_s"]) and c["runs"] >= 1, c
    for e in R["inverse"]:
        assert positive(e["cpu_s"]) and e["max_residual"] < 1e-9

    for axis in ("N", "p"):
        s = R["scaling"][axis]
        assert math.isfinite(s["exponent"]) and math.isfinite(s["tuned_exponent"])
        assert len(s["points"]) >= 3
        for e in s["points"]:
            assert e["converged"] is True          # the synthetic data is not separable
            assert positive(e["per_iter_s"]) and positive(e["tuned_per_iter_s"])

    for e in R["memory"]:
        for key in ("input_bytes", "input_bytes_getsizeof", "newton_fit_peak_bytes",
                    "ratio", "tuned_ratio"):
            assert positive(e[key]), key
    assert R["memory_ratio"] == R["memory"][0]["ratio"]
    d = R["data_memory"]          # the frame needs numpy and pandas: measured where they are
    assert d["dataset_bytes"] > 0 and {"load_csv", "cli"} <= set(d)
    a = d["array_columns"]
    assert a["array_d"]["bytes_per_entry"] < a["list"]["bytes_per_entry"]
    assert positive(a["dot_s_ratio"]) and positive(a["comprehension_s_ratio"])
    for case in ("frame", "load_csv", "cli"):
        for key in ("traced_ratio", "rss_ratio") if case in d else ():
            assert positive(d[case][key]), (case, key)

    q = R["ratios"]
    assert [e["size"] for e in q["newton"]] == ["tiny", "fair", "wide"]
    for e in q["newton"]:
        assert positive(e["fit_vs_tuned"]) and e["n_iter"] == e["tuned_n_iter"], e
        assert e["max_abs_beta_diff"] < 1e-9, e      # the same Newton iterates
    assert positive(q["multiclass"]["fit_cpu_s"])
    assert q["multiclass"]["fit_vs_sklearn"] is None        # --no-compare: no peer
    assert positive(q["csv"]["load_csv_vs_reader"])
    assert positive(q["csv"]["stream_epoch_vs_reader"])
    assert "load_csv / (csv.reader + float())" in stdout

    P = R["processes"]                                # --no-compare: minilogit's alone
    assert P["statsmodels"] is None and P["sklearn"] is None
    assert positive(P["minilogit"]["wall_s"]) and "summary()" in P["minilogit"]["label"]
    assert "Whole processes" in stdout
    assert R["interpreters"] is None                  # --no-compare: no other interpreters
