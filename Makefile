# make demo  - fit the bundled data (needs only python3)
# make test  - create .venv with the test extra, run pytest, doctests, walkthrough
PYTHON ?= python3
VENV   := .venv
VPY    := $(VENV)/bin/python

.PHONY: demo test clean

demo:
	$(PYTHON) -m minilogit demo

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --upgrade pip
	$(VPY) -m pip install --quiet -e ".[test]"
	touch $@

test: $(VENV)/.installed
	HYPOTHESIS_PROFILE=ci $(VPY) -m pytest -q

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis *.egg-info
	find . -name __pycache__ -prune -exec rm -rf {} +
