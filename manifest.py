# MicroPython manifest: all of minilogit, frozen into a board's firmware, where its
# bytecode lives in flash and the heap holds only the program's objects (see the
# README's "On a board"). In the board's own manifest:
#
#     include("path/to/minilogit/manifest.py")
#
# or build with it alone: make BOARD=... FROZEN_MANIFEST=path/to/minilogit/manifest.py.
# The lecture's code alone (minilogit/__init__.py and minilogit/core/): manifest-core.py.
# A frozen package holds .py modules only: the bundled CSVs of minilogit/datasets/
# stay behind (load_breast_cancer says where to copy them).
metadata(version="0.1.0", description="Logistic regression in pure Python, written to be "
         "read next to a lecture", license="MIT")

package("minilogit")
