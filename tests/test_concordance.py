"""docs/concordance.md stays true: what it names exists, and it leaves nothing out.

The concordance maps each lecture document's equations and results to the
walkthrough (section and equation), the code (``file:function``) and a test
(``file:test``). These tests check every name against the repository: each
file and function exists (read with ``ast``, nothing imported), each
walkthrough section and equation exists, every walkthrough equation has a
row, every numbered equation of lecture 000 has a row, and every
"**Departure**" paragraph of the walkthrough is in the table of departures.

The sweep tables give every item of every lecture document (listed in
``tests/data/lecture_items.txt``) a row with its status; the tests below
keep each item's row, check each status against the walkthrough, and keep a
row for every numbered section of the walkthrough.
"""

import ast
import os
import re

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
CONCORDANCE = os.path.join(ROOT, "docs", "concordance.md")
WALKTHROUGH = os.path.join(ROOT, "walkthrough.md")

# Lecture 000 ("Goal setting for function fitting (classification)") numbers
# its equations (1) to (33), with (6.1), (6.2), (17.1) and (17.2) in place of
# (6) and (17). The document is not in the repository; its numbering is
# copied here.
LECTURE_000_EQUATIONS = ([str(n) for n in range(1, 34) if n not in (6, 17)]
                         + ["6.1", "6.2", "17.1", "17.2"])


def _read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def _tables():
    """{heading: [row cells]} for every table of the concordance."""
    tables, heading = {}, None
    for line in _read(CONCORDANCE).splitlines():
        if line.startswith("## "):
            heading = line[3:].strip()
        elif line.startswith("|") and heading is not None:
            cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
            if set("".join(cells)) <= set("-: "):
                continue                                   # the separator row
            tables.setdefault(heading, []).append(cells)
    return {h: rows[1:] for h, rows in tables.items()}     # without the header row


def _walkthrough_sections_and_tags():
    text = _read(WALKTHROUGH)
    sections = set(re.findall(r"^## (\d+)\. ", text, re.M))
    tags = re.findall(r"\\tag\{(\d+)\}", text)
    return sections, tags


def _names(cell):
    """The `path.py` and `path.py:qualname` references in a cell."""
    return re.findall(r"`([\w./-]+\.py)(?::([\w.]+))?`", cell)


def _defined(path):
    """Every qualified name a module defines: functions, classes, methods."""
    tree = ast.parse(_read(os.path.join(ROOT, path)))
    names = set()

    def visit(node, prefix):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = prefix + child.name
                names.add(name)
                visit(child, name + ".")
    visit(tree, "")
    return names


def _rows_with_walkthrough_column():
    """(walkthrough cell, row) for the tables whose third column is the walkthrough's."""
    out = []
    for heading, rows in _tables().items():
        if heading.startswith("Lecture "):
            out += [(row[2], row) for row in rows]
        elif heading == "Every equation of the walkthrough":
            out += [(row[0], row) for row in rows]
    return out


def test_the_tables_are_there():
    tables = _tables()
    for number in ("000", "001", "002", "003", "004"):
        assert any(h.startswith("Lecture %s:" % number) and tables[h] for h in tables), number
    assert tables["Every equation of the walkthrough"]
    assert tables["Departures"]


def test_every_file_and_function_named_exists():
    named = 0
    for rows in _tables().values():
        for row in rows:
            for cell in row:
                for path, qualname in _names(cell):
                    assert os.path.isfile(os.path.join(ROOT, path)), path
                    if qualname:
                        assert qualname in _defined(path), "%s:%s" % (path, qualname)
                    named += 1
    assert named >= 150, named


def test_every_walkthrough_section_and_equation_named_exists():
    sections, tags = _walkthrough_sections_and_tags()
    for cell, row in _rows_with_walkthrough_column():
        for section in re.findall(r"§(\d+)", cell):
            assert section in sections, (section, row)
        for eq in re.findall(r"eq\. \((\d+)\)", cell):
            assert eq in tags, (eq, row)
        assert re.search(r"§\d+", cell), row                 # every row has a place


def test_every_walkthrough_equation_has_a_row():
    _, tags = _walkthrough_sections_and_tags()
    named = set()
    for cell, _ in _rows_with_walkthrough_column():
        named |= set(re.findall(r"eq\. \((\d+)\)", cell))
    assert set(tags) - named == set()
    index = [row[0] for row in _tables()["Every equation of the walkthrough"]]
    assert [re.search(r"eq\. \((\d+)\)", c).group(1) for c in index] == tags


def test_every_numbered_equation_of_lecture_000_has_a_row():
    rows = next(rows for h, rows in _tables().items() if h.startswith("Lecture 000:"))
    named = []
    for row in rows:
        cell = row[0]
        if cell.startswith("eq."):
            named += re.findall(r"\((\d+(?:\.\d+)?)\)", cell)
    assert sorted(named, key=float) == sorted(LECTURE_000_EQUATIONS, key=float)
    assert named == sorted(named, key=float)                 # in the lecture's order


def test_every_row_says_what_checks_it():
    for heading, rows in _tables().items():
        if heading.startswith("Lecture ") or heading == "Every equation of the walkthrough":
            for row in rows:
                check = row[-1]
                assert "doctest §" in check or _names(check), row
                for path, qualname in _names(check):
                    assert path.startswith("tests/") and qualname.startswith("test_"), row


def _lectures(text):
    """The lecture numbers in a place such as 'lectures 001, 002 and 004, ...'."""
    return set(re.findall(r"\b00\d\b", text))


def test_every_departure_of_the_walkthrough_is_in_the_table_and_back():
    in_walkthrough, section = set(), None
    for line in _read(WALKTHROUGH).splitlines():
        heading = re.match(r"## (\d+)\. ", line)
        if heading:
            section = heading.group(1)
        if line.startswith("**Departure** ("):
            place = line.split("(", 1)[1].split("):")[0]
            assert _lectures(place), line
            in_walkthrough |= {(number, section) for number in _lectures(place)}
    assert len(in_walkthrough) >= 25
    in_table = set()
    for place, _, _, where in _tables()["Departures"]:
        pairs = {(n, s) for n in _lectures(place) for s in re.findall(r"§(\d+)", where)}
        assert pairs & in_walkthrough, place        # the walkthrough says it there
        in_table |= pairs
    assert in_walkthrough - in_table == set()


def test_the_walkthrough_links_here_and_cites_no_outside_path():
    text = _read(WALKTHROUGH)
    assert "(docs/concordance.md)" in text
    assert "../shared" not in text
    assert "(docs/concordance.md)" in _read(os.path.join(ROOT, "README.md"))


# The sweep: every item of every lecture document, one row each, with its
# status. The items are listed in tests/data/lecture_items.txt (its header
# says how they were made); the concordance gives each its row.

LECTURE_ITEMS = os.path.join(ROOT, "tests", "data", "lecture_items.txt")
DOCUMENTS = ("000", "001", "002", "003", "004")
# How many items each document had when it was swept: items may be added,
# never dropped.
ITEMS_AT_LEAST = {"000": 76, "001": 43, "002": 44, "003": 35, "004": 23}
STATUS = re.compile(r"^(reproduced|departure said \(§(\d+)\)|not applicable: .{10,}|missing: .{10,})$")


def _listed_items():
    """[(id, place)] from the item list, in order."""
    items = []
    for line in _read(LECTURE_ITEMS).splitlines():
        if line.strip() and not line.startswith("#"):
            item, place = line.split(" | ", 1)
            items.append((item, place))
    return items


def _sweep():
    """{document: rows} for the sweep tables, in the concordance's order."""
    return dict((h.split()[3].rstrip(":"), rows) for h, rows in _tables().items()
                if h.startswith("Sweep of lecture "))


def _status_kind(status):
    return status.split(":")[0].split(" (")[0]


def _departures_by_section():
    """{(lecture, section)} for every **Departure** paragraph, read whole."""
    pairs, section, paragraph = set(), None, None
    for line in _read(WALKTHROUGH).splitlines() + [""]:
        heading = re.match(r"## (\d+)\. ", line)
        if heading:
            section = heading.group(1)
        if line.startswith("**Departure**"):
            paragraph = []
        if paragraph is not None:
            if not line.strip():
                pairs |= {(n, section) for n in _lectures(" ".join(paragraph))}
                paragraph = None
            else:
                paragraph.append(line)
    return pairs


def test_every_lecture_item_keeps_its_row():
    sweep = _sweep()
    assert sorted(sweep) == list(DOCUMENTS)
    listed = _listed_items()
    rows = [(row[0], row[1]) for d in DOCUMENTS for row in sweep[d]]
    assert rows == listed                                  # same items, same order, same place
    for d in DOCUMENTS:
        assert all(row[0].startswith(d + ".") for row in sweep[d]), d
        assert len(sweep[d]) >= ITEMS_AT_LEAST[d], d
    assert len(set(item for item, _ in listed)) == len(listed)


def test_every_sweep_row_has_a_status_and_a_place_that_exists():
    sections, tags = _walkthrough_sections_and_tags()
    for rows in _sweep().values():
        for item, _, what, where, status in rows:
            assert what, item
            assert STATUS.match(status), (item, status)
            if _status_kind(status) != "not applicable":
                assert re.search(r"§\d+", where), item
            for section in re.findall(r"§(\d+)", where + " " + status):
                assert section in sections, (item, section)
            for eq in re.findall(r"eq\. \((\d+)\)", where):
                assert eq in tags, (item, eq)


def test_every_departure_said_is_in_a_departure_paragraph_of_that_section():
    said = _departures_by_section()
    checked = 0
    for d, rows in _sweep().items():
        for row in rows:
            m = STATUS.match(row[4])
            if m and m.group(2):
                assert (d, m.group(2)) in said, (row[0], row[4])
                checked += 1
    assert checked >= 40, checked


def test_the_coverage_counts_are_the_rows():
    sweep = _tables()["Coverage at a glance"]
    assert [row[0] for row in sweep] == ["lecture " + d for d in DOCUMENTS]
    kinds = ("reproduced", "departure said", "not applicable", "missing")
    for row, d in zip(sweep, DOCUMENTS):
        statuses = [_status_kind(r[4]) for r in _sweep()[d]]
        assert [int(c) for c in row[1:]] == [len(statuses)] + [statuses.count(k) for k in kinds], d


def test_every_walkthrough_section_has_its_row():
    text = _read(WALKTHROUGH)
    numbers = re.findall(r"^## (\d+)\. ", text, re.M)
    rows = _tables()["Every section of the walkthrough"]
    assert [row[0] for row in rows] == ["§" + n for n in numbers]
    all_rows = [r for d in DOCUMENTS for r in _sweep()[d]]
    for section, _, items in rows:
        naming = [r[0] for r in all_rows
                  if re.search(section + r"(?!\d)", r[3] + " " + r[4])]
        listed = [] if items.startswith("none: ") else items.split(", ")
        assert listed == naming, section


def test_the_figures_a_sweep_row_quotes_are_in_the_walkthrough():
    text = _read(WALKTHROUGH)
    quoted = 0
    for rows in _sweep().values():
        for row in rows:
            for figure in re.findall(r"(?<![\w.])\d+(?:\.\d+|e-\d+)(?![\w.])", row[3]):
                assert figure in text, (row[0], figure)
                quoted += 1
    assert quoted >= 5, quoted
