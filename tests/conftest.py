"""Shared test configuration: Hypothesis profiles, and importing minilogit from the repo.

Profiles (choose with the environment variable HYPOTHESIS_PROFILE):

- ``dev`` (default): Hypothesis' usual 100 examples per property.
- ``ci`` (what ``make test`` uses): 60 examples per property, so that
  tests/test_properties.py runs in well under a minute on one core of a slow
  CI machine; derandomized (the same examples on every run, no example
  database), so that a run's outcome depends only on the code. A failure
  still prints the blob that reproduces it.

Both switch the per-example deadline off: a fit in pure Python can take tens of
milliseconds, and its runtime varies with the data, which is not a bug.
"""

import os
import sys

from hypothesis import settings

# Import the package from this checkout even when it is not installed, and let
# test modules import each other by plain name (``from test_properties import
# ...``): pytest imports them by path (--import-mode=importlib, pyproject.toml).
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for path in (ROOT, HERE):
    if path not in sys.path:
        sys.path.insert(0, path)

settings.register_profile("dev", deadline=None)
settings.register_profile("ci", deadline=None, max_examples=60, derandomize=True,
                           database=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

# tests/interop needs numpy, pandas and scikit-learn: ``make interop`` runs it
# in its own virtual environment (MINILOGIT_INTEROP=1); ``make test`` does not
collect_ignore = [] if os.environ.get("MINILOGIT_INTEROP") else ["interop"]
