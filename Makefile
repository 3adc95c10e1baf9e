# make demo  - fit the bundled data (needs only python3)
# make test  - create .venv (pytest, hypothesis) and run pytest on tests/ (with the
#              portable suite tests/portable/), the doctests of minilogit/ and
#              README.md, and walkthrough.md; hypothesis' derandomized ci profile
# make portable - the portable suite on every runtime (installs them first)
# make board - the heap minilogit needs on a MicroPython board build, frozen, .py and .mpy
#              (needs python3; gcc-multilib for the frozen builds, which it installs)
# make figures - write the walkthrough's pictures to docs/figures/*.svg (needs only python3)
# make notebook - run docs/lecture.ipynb's code cells and store their outputs (needs only python3)
# make site  - build the walkthrough as an offline page whose examples run in the
#              browser (Pyodide; MicroPython light mode) into build/site/
# make site-test - serve build/site on 127.0.0.1 and run every example in Debian's
#              headless Chromium with both runtimes
# make doc-tables - rewrite docs/runtimes.md's "Runs on" table and site figures from
#              this machine's make portable and make site-test
# make interop - tests/interop in .venv-interop, with numpy, pandas and scikit-learn:
#              check_estimator on the estimators, and the user paths (pipelines,
#              grid search, cross-validation, data frames)
PYTHON ?= python3
VENV   := .venv
VPY    := $(VENV)/bin/python
INTEROP := .venv-interop
IPY    := $(INTEROP)/bin/python

.PHONY: demo test interop portable board figures notebook bench site site-test doc-tables site-shots clean

demo:
	$(PYTHON) -m minilogit demo

$(VENV)/.installed: pyproject.toml
	@echo "make test: creating $(VENV) and installing pytest and hypothesis into it (once; ~40 s)"
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --upgrade pip
	$(VPY) -m pip install --quiet -e ".[test]"
	touch $@
	@echo "make test: $(VENV) is ready; running the suite"

test: $(VENV)/.installed
	HYPOTHESIS_PROFILE=ci $(VPY) -m pytest -q

$(INTEROP)/.installed: pyproject.toml
	@echo "make interop: creating $(INTEROP) with numpy, pandas, scipy and scikit-learn (once)"
	$(PYTHON) -m venv $(INTEROP)
	$(IPY) -m pip install --quiet --upgrade pip
	$(IPY) -m pip install --quiet -e ".[test]" numpy pandas scipy scikit-learn
	touch $@

# tests/conftest.py collects tests/interop only when MINILOGIT_INTEROP is set
interop: $(INTEROP)/.installed
	MINILOGIT_INTEROP=1 HYPOTHESIS_PROFILE=ci $(IPY) -m pytest -q -p no:cacheprovider tests/interop

# run tests/portable on CPython 3.8-3.13, PyPy, MicroPython and Pyodide, and on
# the MicroPython unix builds in ../shared/tools/micropython when they are there
# (a check: it leaves the tree as it is; make doc-tables refreshes the figures)
portable:
	bash tools/portable/setup.sh
	$(PYTHON) tools/portable/portable.py

# the smallest fixed heap for `import minilogit`, fits (each solver, the core
# class, softmax, fit_stream) and an exported model's predict_proba, frozen into
# the firmware by manifest.py, from .py and from .mpy, on
# ../shared/tools/micropython/micropython-board-f32 (and micropython-f64), after
# the install checks (both manifests freeze with the stock tools; the README's
# board example runs from each package.json's files and frozen); writes the
# board tables of docs/board.md; says so and succeeds when the builds are absent:
# make board [BOARD_ARGS="--only JOB,JOB --json PATH -v"]
board:
	bash tools/portable/setup.sh --compiler
	$(PYTHON) tools/board.py --frozen --mpy --write docs/board.md $(BOARD_ARGS)

# the SVGs are committed: the walkthrough shows them
figures:
	$(PYTHON) tools/figures.py

# the notebook is committed with its outputs: tests/test_notebook.py checks them
notebook:
	$(PYTHON) tools/notebook.py

# speed, memory and scaling (stdlib only; adds numpy, statsmodels, scikit-learn
# when importable, and pypy3, python3.11, python3.13 when found):
# make bench [PYTHON=...] [BENCH_ARGS="--json PATH --profile --pythons LIST"];
# a streaming epoch over a long file alone: make bench BENCH_ARGS="--stream-rows 1000000"
bench:
	$(PYTHON) tools/bench.py $(BENCH_ARGS)

site:
	bash tools/site/setup.sh
	node tools/site/build.mjs build/site

site-test: site
	bash tools/site/setup.sh --browser
	node tools/site/test.mjs --site build/site

# rewrite docs/runtimes.md's "Runs on" table and its site figures from this
# machine's runs of make portable and make site-test (only when every check passes)
doc-tables: site
	bash tools/portable/setup.sh
	$(PYTHON) tools/portable/portable.py --write docs/runtimes.md
	bash tools/site/setup.sh --browser
	node tools/site/test.mjs --site build/site --write docs/runtimes.md

# the README's three screenshots of the page (docs/site-*.png)
site-shots: site
	bash tools/site/setup.sh --browser
	node tools/site/test.mjs --site build/site --shots docs

clean:
	rm -rf $(VENV) $(INTEROP) .pytest_cache .hypothesis *.egg-info
	find . -name __pycache__ -prune -exec rm -rf {} +
