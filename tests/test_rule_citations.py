"""Lint: every CR rule number the project cites exists in the pinned edition.

A citation of a rule that does not exist (a typo, or a number from another edition) sends
a reader of the code, a log or a scenario to the wrong rule, so it fails the build.
"""

from __future__ import annotations

from pathlib import Path

from mtgengine.core.rules_index import (
    RULES_EDITION,
    find_citations,
    find_yaml_rule_citations,
    rule_exists,
)

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("mtgengine", "tests", "examples", "docs", "benchmarks", "README.md")
SKIPPED = (ROOT / "mtgengine" / "data",)  # derived data: the CR index itself
SUFFIXES = {".py", ".md", ".yaml", ".yml"}
YAML_SUFFIXES = {".yaml", ".yml"}


def scanned_files() -> list[Path]:
    files: list[Path] = []
    for name in SCANNED:
        top = ROOT / name
        candidates = [top] if top.is_file() else sorted(top.rglob("*"))
        files += [
            path
            for path in candidates
            if path.is_file() and path.suffix in SUFFIXES and not any(path.is_relative_to(s) for s in SKIPPED)
        ]
    return files


def citations(text: str, suffix: str) -> list[tuple[int, str]]:
    """All (line, number) citations in a file's text; YAML files also declare ``rules:``."""
    found = find_citations(text)
    if suffix in YAML_SUFFIXES:
        # A quoted YAML rules entry is also a quoted rule-number literal: count it once.
        found = sorted(dict.fromkeys(found + find_yaml_rule_citations(text)), key=lambda cite: cite[0])
    return found


def bad_citations(text: str, suffix: str) -> list[tuple[int, str]]:
    return [(line, number) for line, number in citations(text, suffix) if not rule_exists(number)]


def test_every_cited_rule_exists() -> None:
    files = scanned_files()
    problems: list[str] = []
    total = 0
    for path in files:
        text = path.read_text(encoding="utf-8")
        total += len(citations(text, path.suffix))
        problems += [
            f"{path.relative_to(ROOT)}:{line}: CR {number!r} is not a rule of the {RULES_EDITION} edition"
            for line, number in bad_citations(text, path.suffix)
        ]
    # The project cites rules all over (this repository's own scanner module included);
    # finding none would mean the scan is broken, not that the citations are fine.
    assert files and total, "the citation scan found nothing to check"
    assert not problems, f"{len(problems)} bad rule citation(s):\n" + "\n".join(problems)


# The bad numbers below are built from pieces so that this file's own source, which the
# lint scans too, holds no bad citation.


def test_lint_reports_a_bad_citation() -> None:
    text = "ok: CR 704.5g\n# per CR " + "999.99z, see also [CR 100.1]\n"
    assert bad_citations(text, ".py") == [(2, "999." + "99z")]


def test_lint_reports_bad_entries_in_each_range_and_list() -> None:
    text = "CR 701.10a–" + "z; CR 613.1, 613." + "99 and 614.1a"
    assert bad_citations(text, ".md") == [(1, "701.10" + "z"), (1, "613." + "99")]


def test_lint_reports_bad_keyword_literal_and_yaml_citations() -> None:
    assert bad_citations("log(rule='704." + "5zz')", ".py") == [(1, "704." + "5zz")]
    assert bad_citations("ctx.log('704." + "5zz', 'text')", ".py") == [(1, "704." + "5zz")]
    yaml_text = "name: a\nrules: [704.5g]\n---\nname: b\nrules:\n  - 614.1a\n  - 999." + "1\n"
    assert bad_citations(yaml_text, ".yaml") == [(7, "999." + "1")]
    # The same text outside a YAML file is prose, not a rules list.
    assert bad_citations(yaml_text, ".md") == []


def test_lint_accepts_good_citations() -> None:
    text = (
        "# [CR 614.1a] CR 701.10a–f, 613.1 and 704.5g\n"
        "note: x(rule='704.5g', rules=('613.1',))\n"
        "rules: [100.1]\n"
    )
    assert len(citations(text, ".yaml")) == 8
    assert bad_citations(text, ".yaml") == []
