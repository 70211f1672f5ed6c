"""The rule numbers and texts of the pinned Comprehensive Rules edition.

Every rules decision cites a CR rule number (code comments, log lines, tests, scenarios),
and a citation is only useful if the number exists in the edition the engine follows.
This module answers "does rule N exist?" and "what does it say?" from the index shipped
in ``mtgengine/data`` (built by ``tools/build_rules_index.py``), and holds the one
definition of what a citation looks like, shared by the citation lint test and the
scenario runner.
"""

from __future__ import annotations

import bisect
import functools
import gzip
import re
from importlib import resources

import yaml

__all__ = [
    "RULES_EDITION",
    "find_citations",
    "find_yaml_rule_citations",
    "rule_exists",
    "rule_text",
]

RULES_EDITION = "20260116"
"""The CR edition (its effective date) whose rule numbers the engine cites."""

_INDEX_FILE = "cr_rules.txt.gz"


@functools.cache
def _rules() -> dict[str, str]:
    """Load the shipped index once; it is only needed when a rule is looked up."""
    raw = (resources.files("mtgengine") / "data" / _INDEX_FILE).read_bytes()
    header, *entries = gzip.decompress(raw).decode("utf-8").splitlines()
    tag, edition, *_ = header.split("\t")
    if tag != "#edition" or edition != RULES_EDITION:
        # A regenerated index without a matching RULES_EDITION would make every
        # citation check answer for the wrong edition.
        raise RuntimeError(f"{_INDEX_FILE} holds edition {edition!r}, expected {RULES_EDITION!r}")
    rules: dict[str, str] = {}
    for entry in entries:
        number, *paragraphs = entry.split("\t")
        rules[number] = "\n".join(paragraphs)
    return rules


def _normalize(number: str) -> str:
    # The CR writes "100.1." and "100." in headings but cites "100.1" and "100".
    number = number.strip()
    return number[:-1] if number.endswith(".") else number


def rule_exists(number: str) -> bool:
    """Whether ``number`` (e.g. "704.5g", "100.1.", "100", "1") is a rule of the pinned edition."""
    return _normalize(number) in _rules()


def rule_text(number: str) -> str:
    """The text of a rule; raises KeyError if the pinned edition has no such rule.

    The first line is the rule itself (for a section or a headed rule such as "702.19",
    its title); further lines are its continuation paragraphs and examples.
    """
    try:
        return _rules()[_normalize(number)]
    except KeyError:
        raise KeyError(number) from None


def rules_under(section: str) -> list[tuple[str, str]]:
    """Every rule numbered under ``section`` ("702": 702.1, 702.1a, ...), with its text, in the
    rules' order: for reading what a whole section says (e.g. which keywords are redundant)."""
    prefix = _normalize(section) + "."
    return [(number, text) for number, text in _rules().items() if number.startswith(prefix)]


# A cited number.  Letters are matched greedily and numbers of any length are accepted so
# that malformed citations (704.5gg, 1000) are reported instead of half-matched.
_NUMBER = r"\d+(?:\.\d+[a-z]*)?"
# Later numbers of a list must look like rule numbers, so "CR 613.1 and 2 more" cites one rule.
_LIST_NUMBER = r"\d{3}(?:\.\d+[a-z]*)?(?!\d)"


def _with_range(number: str) -> str:
    # "701.10a–f" (a range of letters) or "613.1–613.4"; "614.1a-style" is not a range.
    return rf"{number}(?:[–-](?:{_NUMBER}|[a-z])(?![\w]))?"


_CR_CITATION = re.compile(
    rf"\bCR\s*{_with_range(_NUMBER)}"
    rf"(?:(?:\s*[,/]\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+){_with_range(_LIST_NUMBER)})*"
)
_CITATION_PART = re.compile(rf"(?P<number>{_NUMBER})|[–-](?P<letter>[a-z])")
# rule="704.5g" / rule: str = '704.5g' (keyword arguments, attributes, defaults).
_RULE_KEYWORD = re.compile(r"""\brule\s*(?::[^=\n]*)?=\s*(?P<quote>['"])(?P<number>[^'"\n]*)(?P=quote)""")
# Any string literal shaped like a dotted rule number: log("704.5b", ...), "510.2" if ... else
# "120.3", tables keyed by rule.  Nothing else in the project looks like "704.5b".
_RULE_LITERAL = re.compile(r"""(?P<quote>['"])(?P<number>[1-9]\d\d\.\d+[a-z]*\.?)(?P=quote)""")
# rules=("613.1", "613.7") / rules=["613.1"]
_RULES_KEYWORD = re.compile(r"""\brules\s*(?::[^=\n]*)?=\s*[(\[](?P<body>[^)\]]*)""")
_STRING_LITERAL = re.compile(r"""(?P<quote>['"])(?P<number>[^'"\n]*)(?P=quote)""")


def find_citations(text: str) -> list[tuple[int, str]]:
    """Every rule number ``text`` cites, as (1-based line, number), in order of appearance.

    Recognised forms: "CR 704.5g" (any whitespace after "CR", as in "[CR 614.1a]"),
    letter ranges "CR 701.10a–f" / "CR 601.2a-i" (the first and last rule of the range),
    lists "CR 613.1, 613.7 and 613.8" / "CR 111.7 / 704.5d", Python-style ``rule="704.5g"`` and
    ``rules=("613.1", ...)``, and any quoted string that is a dotted rule number, as in
    ``log("704.5b", ...)``.  Numbers are returned as written, valid or not: checking them
    is the caller's job (see :func:`rule_exists`).
    """
    line_starts = [0] + [match.end() for match in re.finditer("\n", text)]

    def line_of(offset: int) -> int:
        return bisect.bisect_right(line_starts, offset)

    found: dict[int, str] = {}  # by offset: one literal can match several forms
    for citation in _CR_CITATION.finditer(text):
        previous = ""
        for part in _CITATION_PART.finditer(citation[0], 2):  # skip the "CR" itself
            if part["number"] is not None:
                previous = part["number"]
            else:
                previous = previous.rstrip("abcdefghijklmnopqrstuvwxyz") + part["letter"]
            found[citation.start() + part.start()] = previous
    for match in _RULE_KEYWORD.finditer(text):
        if match["number"]:  # rule="" is a "no rule" default, not a citation
            found[match.start("number")] = match["number"]
    for match in _RULE_LITERAL.finditer(text):
        found[match.start("number")] = match["number"]
    for match in _RULES_KEYWORD.finditer(text):
        for literal in _STRING_LITERAL.finditer(match["body"]):
            found[match.start("body") + literal.start("number")] = literal["number"]
    return [(line_of(offset), found[offset]) for offset in sorted(found)]


def find_yaml_rule_citations(text: str) -> list[tuple[int, str]]:
    """The entries of each YAML document's top-level ``rules:`` list, as (line, number).

    Scenario files declare the rules they exercise this way.  A file that is not valid
    YAML yields nothing: reporting it is the scenario runner's job.  Entries are returned
    as written in the file, so an unquoted 704.50 (which YAML reads as the float 704.5)
    is checked as the author typed it.
    """
    try:
        documents = list(yaml.compose_all(text, Loader=yaml.SafeLoader))
    except yaml.YAMLError:
        return []
    found: list[tuple[int, str]] = []
    for document in documents:
        if not isinstance(document, yaml.MappingNode):
            continue
        for key, value in document.value:
            if not (isinstance(key, yaml.ScalarNode) and key.value == "rules"):
                continue
            items = value.value if isinstance(value, yaml.SequenceNode) else [value]
            for item in items:
                if isinstance(item, yaml.ScalarNode) and item.tag != "tag:yaml.org,2002:null":
                    found.append((item.start_mark.line + 1, item.value))
    return found
