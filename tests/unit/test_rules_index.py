"""The shipped CR index and the citation scanner shared by the lint and the scenario runner."""

from __future__ import annotations

import gzip
import subprocess
import sys
from pathlib import Path

import pytest

from mtgengine.core.rules_index import (
    RULES_EDITION,
    find_citations,
    find_yaml_rule_citations,
    rule_exists,
    rule_text,
)

ROOT = Path(__file__).resolve().parents[2]
CR_SOURCE = Path("/work/shared/data/MagicCompRules-20260116.txt")


@pytest.mark.parametrize(
    "number",
    [
        "704.5g", "701.10d", "100.1.", "100.1", "100.1a", "100", "100.", "1", "9",
        "702.19", "905.6", " 614.1a ",
        "119.1d",  # written "119.1d." in this edition
        "606.5",  # written without its dot in this edition
    ],
)
def test_existing_rules(number: str) -> None:
    assert rule_exists(number)


@pytest.mark.parametrize(
    "number",
    # Split from one string: a quoted bad rule number would itself fail the citation lint.
    [*"999.1 999 10 0 . 100.8 704.5l 704.5gg 100.1.a 100.0 704.5G".split(), "", "CR 704.5g", "Trample"],
)
def test_missing_rules(number: str) -> None:
    assert not rule_exists(number)
    with pytest.raises(KeyError):
        rule_text(number)


def test_rule_text() -> None:
    assert rule_text("704.5a").startswith("If a player has 0 or less life, that player loses the game.")
    assert rule_text("704.5g").startswith("If a creature has toughness greater than 0, it has damage marked")
    assert rule_text("100.1.") == rule_text("100.1")
    assert rule_text("100") == "General"
    assert rule_text("1") == "Game Concepts"
    assert rule_text("702.19") == "Trample"


def test_rule_text_keeps_examples_and_continuations_after_the_rule() -> None:
    first, *rest = rule_text("101.2").splitlines()
    assert first.startswith("When a rule or effect allows or directs something to happen")
    assert rest == [
        "Example: If one effect reads “You may play an additional land this turn” and another reads "
        "“You can’t play lands this turn,” the effect that precludes you from playing lands wins."
    ]
    paragraphs = rule_text("205.4c").splitlines()
    assert len(paragraphs) == 2
    assert paragraphs[1].startswith("Cards printed in sets prior to the Eighth Edition core set")


def test_glossary_is_not_part_of_the_rules() -> None:
    # The glossary follows rule 905.6 and numbers its senses "1." / "2."; neither may leak in.
    assert rule_text("905.6") == (
        "Once the starting player has been determined, each player sets their life total to 20 "
        "and draws a hand of seven cards."
    )
    assert rule_text("2") == "Parts of a Card"
    assert rule_text("9") == "Casual Variants"


def test_shipped_index_is_the_pinned_edition() -> None:
    assert RULES_EDITION == "20260116"
    raw = (ROOT / "mtgengine" / "data" / "cr_rules.txt.gz").read_bytes()
    header, *entries = gzip.decompress(raw).decode("utf-8").splitlines()
    assert header.split("\t")[:2] == ["#edition", RULES_EDITION]
    assert len(entries) == 3269  # every numbered line of the rules section, sections included


@pytest.mark.skipif(not CR_SOURCE.exists(), reason="needs the CR text, which is not shipped")
def test_shipped_index_is_up_to_date(tmp_path: Path) -> None:
    output = tmp_path / "cr_rules.txt.gz"
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_rules_index.py"), str(CR_SOURCE), "-o", str(output)],
        check=True,
        capture_output=True,
    )
    assert output.read_bytes() == (ROOT / "mtgengine" / "data" / "cr_rules.txt.gz").read_bytes()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("see CR 704.5g.", ["704.5g"]),
        ("see CR\u00a0704.5g", ["704.5g"]),
        ("see CR\u202f704.5g", ["704.5g"]),
        ("[CR 614.1a]", ["614.1a"]),
        ("CR 100. General", ["100"]),
        ("CR 701.10a–f", ["701.10a", "701.10f"]),
        ("CR 601.2a-i", ["601.2a", "601.2i"]),
        ("CR 613.1–613.4", ["613.1", "613.4"]),
        ("CR 613.1, 613.7", ["613.1", "613.7"]),
        ("CR 613.1, 613.7, and 613.8 or 613.9", ["613.1", "613.7", "613.8", "613.9"]),
        ("CR 701.10a–f and 614.1a", ["701.10a", "701.10f", "614.1a"]),
        ("CR 509.1a-b / 601.2g-h: costs", ["509.1a", "509.1b", "601.2g", "601.2h"]),
        ("CR 613.1 and 2 more", ["613.1"]),
        ("a CR 614.1a-style effect", ["614.1a"]),
        ('log(rule="704.5g")', ["704.5g"]),
        ("log(rule='704.5g')", ["704.5g"]),
        ('    rule: str = "704.5j"', ["704.5j"]),
        ('def log(msg, rule=""):', []),
        ('ev(rules=("613.1", "613.7"))', ["613.1", "613.7"]),
        ('rules = [\n    "613.1",\n    "613.7",\n]', ["613.1", "613.7"]),
        ('ctx.log("704.5b", f"{name} loses")', ["704.5b"]),
        ("rule = '510.2' if combat else '120.3'", ["510.2", "120.3"]),
        ('version = "3.11"; mana = "{2}{G}"', []),
        ("CRLF, SCR 100, CR", []),
    ],
)
def test_find_citations_forms(text: str, expected: list[str]) -> None:
    assert [number for _, number in find_citations(text)] == expected


def test_find_citations_reports_malformed_numbers_as_written() -> None:
    # Built from pieces: this file's own source must hold no bad citation for the lint.
    text = "CR " + "704.5gg; CR " + "7000; " + 'rule="CR ' + '704.5g"; "' + '704.5zz"'
    expected = ["704.5" + "gg", "7000", "CR 704.5g", "704.5g", "704.5" + "zz"]
    assert [number for _, number in find_citations(text)] == expected


def test_find_citations_line_numbers() -> None:
    text = "first line\n# CR 704.5g\n\nx = f(rule='614.1a',\n      rules=('613.1',\n             '613.7'))\n"
    assert find_citations(text) == [(2, "704.5g"), (4, "614.1a"), (5, "613.1"), (6, "613.7")]


def test_find_yaml_rule_citations() -> None:
    text = (
        "name: first\n"
        'rules: ["701.10d", 614.1a]\n'
        "---\n"
        "name: second\n"
        "rules:\n"
        "  - 704.50\n"  # YAML reads a float; the lint checks what was written
        "  - 100\n"
        "script:\n"
        "  - rules: [not.top.level]\n"
        "---\n"
        "- a list document\n"
    )
    assert find_yaml_rule_citations(text) == [(2, "701.10d"), (2, "614.1a"), (6, "704." + "50"), (7, "100")]


def test_find_yaml_rule_citations_skips_unparsable_files() -> None:
    assert find_yaml_rule_citations("rules: [704.5g\nname: {") == []
