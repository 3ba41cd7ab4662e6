"""Every citation of the rules points at something a newcomer can open.

Code, tests, benchmarks and docs cite the rules the code follows as
``docs/rules/<name>.md#<anchor>``: the page must exist and the anchor must be one of its
``<a id="...">`` tags or headings.  The old forms, which pointed at documents outside the
repository ("digest §n", "decision n", a bare ``fide.md``, ``reference/``, ``shared/``), are
refused wherever they appear.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
#: Where citations live: the package, tests, benchmarks, docs and the README.
SCANNED = ("xlrating", "tests", "bench", "docs", "README.md")
SUFFIXES = frozenset({".py", ".md", ".txt", ".toml", ".json", ".rst"})

CITATION = re.compile(r"docs/rules/(?P<page>[A-Za-z0-9_-]+)\.md(?:#(?P<anchor>[A-Za-z0-9_-]+))?")
#: A module of the package named by its path (``xlrating/workbook/ooxml/xlsx.py``): it must exist.
MODULE = re.compile(r"(?<![\w./-])xlrating/[\w/]+\.py\b")
#: The old citation forms, each with what is wrong with it.
OLD_FORMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"digest\s*§", re.IGNORECASE), "a digest outside the repository"),
    (
        re.compile(r"\bthe(?:\s+\w+)?\s+digests?\b|\bdigest's\b|\bdigested\b", re.IGNORECASE),
        "a digest outside the repository",
    ),
    (re.compile(r"\bdecisions?\s+\d", re.IGNORECASE), "a numbered decision of a digest"),
    (re.compile(r"(?<![\w/])(?:fide|uscf)\.md\b"), "a rules page without its path"),
    (re.compile(r"\breference/|\bshared/"), "a folder outside the repository"),
)
ANCHOR_TAG = re.compile(r"<a\s+(?:id|name)=\"([^\"]+)\"")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)


@dataclass(frozen=True)
class Problem:
    where: str
    text: str
    why: str

    def __str__(self) -> str:
        return f"{self.where}: {self.text!r}: {self.why}"


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = page.read_text("utf-8")
    return set(ANCHOR_TAG.findall(text)) | {slug(h) for h in HEADING.findall(text)}


def files(root: Path) -> list[Path]:
    found: list[Path] = []
    for name in SCANNED:
        path = root / name
        if path.is_file():
            found.append(path)
        elif path.is_dir():
            found += [
                p
                for p in sorted(path.rglob("*"))
                if p.is_file() and p.suffix in SUFFIXES and "__pycache__" not in p.parts
            ]
    return found


def problems(root: Path, skip: frozenset[Path] = frozenset()) -> list[Problem]:
    """Every citation under *root* that points nowhere (a rules page or anchor, a module
    of the package by its path), and every old-form citation."""
    pages: dict[str, set[str] | None] = {}
    found: list[Problem] = []
    for path in files(root):
        if path.resolve() in skip:
            continue
        text = path.read_text("utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), start=1):
            where = f"{path.relative_to(root)}:{number}"
            for match in CITATION.finditer(line):
                page = match["page"]
                if page not in pages:
                    target = root / "docs" / "rules" / f"{page}.md"
                    pages[page] = anchors(target) if target.is_file() else None
                known = pages[page]
                if known is None:
                    found.append(Problem(where, match[0], "no such page"))
                elif match["anchor"] is not None and match["anchor"] not in known:
                    found.append(Problem(where, match[0], "no such anchor on the page"))
            for match in MODULE.finditer(line):
                if not (root / match[0]).is_file():
                    found.append(Problem(where, match[0], "no such file in the package"))
            for pattern, why in OLD_FORMS:
                for match in pattern.finditer(line):
                    found.append(Problem(where, match[0], f"old citation form: {why}"))
    return found


def test_the_rules_pages_exist_with_their_rulings() -> None:
    assert {p.name for p in RULES.glob("*.md")} >= {"fide.md", "uscf.md"}
    assert {f"d{n}" for n in range(1, 7)} <= anchors(RULES / "fide.md")
    assert {f"d{n}" for n in range(1, 9)} <= anchors(RULES / "uscf.md")


def test_every_citation_resolves_and_no_old_form_is_left() -> None:
    found = problems(ROOT, skip=frozenset({Path(__file__).resolve()}))
    assert not found, "\n".join(map(str, found))


def test_the_code_cites_the_rules_pages() -> None:
    """The scan is not vacuous: the core modules cite the pages, by anchor, many times."""
    cited = [
        match
        for name in (
            *("fide.py", "uscf.py", "events.py", "batch.py"),
            *("fide_rules.py", "uscf_rules.py", "uscf_special.py"),  # split from fide and uscf
        )
        for match in CITATION.finditer((ROOT / "xlrating" / "rating" / name).read_text("utf-8"))
    ]
    assert sum(1 for match in cited if match["anchor"]) >= 50


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("# K by decision 4 of the digest.", "old citation form"),
        ("# N* (digest §2).", "old citation form"),
        ("# see fide.md section 3", "old citation form"),
        # a path outside the repository (spelled in two pieces so that no scan of the
        # tree for such paths finds this test itself)
        ("# see ../" + "shared" + "/reference/uscf.md", "old citation form"),
        ("# (docs/rules/fide.md#d99)", "no such anchor on the page"),
        ("# (docs/rules/elo.md#k)", "no such page"),
        ("# see `xlrating/workbook/cache.py`", "no such file in the package"),
    ],
)
def test_the_scan_finds_a_bad_citation(tmp_path: Path, line: str, why: str) -> None:
    rules = tmp_path / "docs" / "rules"
    rules.mkdir(parents=True)
    (rules / "fide.md").write_text('# FIDE\n\n<a id="d1"></a>\n## K factor\n', "utf-8")
    package = tmp_path / "xlrating"
    package.mkdir()
    (package / "good.py").write_text(
        "# docs/rules/fide.md#d1 docs/rules/fide.md#k-factor docs/rules/fide.md\n"
        "digest = hashlib.sha256(data).hexdigest()\n",
        "utf-8",
    )
    assert problems(tmp_path) == []
    (package / "bad.py").write_text(f"x = 1\n{line}\n", "utf-8")
    found = problems(tmp_path)
    bad_line = str(Path("xlrating", "bad.py")) + ":2"
    assert found and {problem.where for problem in found} == {bad_line}
    assert any(why in problem.why for problem in found)
