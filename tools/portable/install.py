"""minilogit installed as a board takes it: the files a mip package.json lists.

``python3 tools/portable/install.py PACKAGE_JSON DEST`` copies exactly the files
that PACKAGE_JSON (package.json: all of minilogit; package-core.json: the
lecture alone) lists into DEST, as ``mpremote mip install`` would into a
board's /lib. tests/test_install.py and tools/board.py (on the MicroPython
builds) run the README's board example in such a tree. Standard library only.
"""

import json
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLE_BEGIN = "<!-- board-example:begin -->"
EXAMPLE_END = "<!-- board-example:end -->"


def listed(package_json):
    """The target paths that a package.json lists, each with the URL it is copied from
    (relative URLs: relative to the package.json's folder)."""
    with open(package_json) as f:
        urls = json.load(f)["urls"]
    return [(target, url) for target, url in urls]


def copy_listed(package_json, dest):
    """Copy the files package_json lists into dest, at their target paths."""
    base = os.path.dirname(os.path.abspath(package_json))
    for target, url in listed(package_json):
        path = os.path.join(dest, *target.split("/"))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        shutil.copyfile(os.path.join(base, *url.split("/")), path)


def readme_example(readme=os.path.join(ROOT, "README.md")):
    """(code, printed) of the README's board example: the Python block between
    its board-example markers, and the line that block says it prints."""
    with open(readme, encoding="utf-8") as f:
        text = f.read()
    block = text[text.index(EXAMPLE_BEGIN):text.index(EXAMPLE_END)]
    code = block.split("```python\n", 1)[1].split("```", 1)[0]
    printed = code.rstrip().rsplit("# prints: ", 1)[1].strip()
    return code, printed


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: install.py PACKAGE_JSON DEST")
    copy_listed(sys.argv[1], sys.argv[2])
