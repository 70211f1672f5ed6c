"""Build ``mtgengine/data/cr_rules.txt.gz`` from a Comprehensive Rules text file.

Users of the package do not have the CR text, so the engine ships this derived index:
it is what ``mtgengine.core.rules_index`` loads to check rule citations and to quote a
rule in game logs.  Regenerate it (and commit it) whenever the pinned edition changes:

    python tools/build_rules_index.py /path/to/MagicCompRules-YYYYMMDD.txt

Output format (UTF-8, gzip with mtime 0 so rebuilding an unchanged edition is a no-op):
a header line ``#edition<TAB>YYYYMMDD<TAB>note``, then one line per rule in CR order,
``number<TAB>paragraph[<TAB>paragraph...]``.  The first paragraph is the rule itself;
later ones are its continuation paragraphs and its examples ("Example: ...").

The parser is deliberately strict: anything in the rules section it does not recognise
stops the build, so a new edition's layout changes get looked at instead of silently
dropping or merging rules.
"""

from __future__ import annotations

import argparse
import datetime
import gzip
import io
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_OUTPUT = Path(__file__).resolve().parents[1] / "mtgengine" / "data" / "cr_rules.txt.gz"

# "1. Game Concepts", "100. General", "100.1. These...", "100.1a A two-player..."
# The dot is optional in the pattern because some editions have typos ("606.5 If",
# "119.1d. In"); those are reported as notes rather than rejected.
_RULE_LINE = re.compile(r"(?P<num>[1-9](?:\d\d(?:\.\d+(?P<letter>[a-z])?)?)?)(?P<dot>\.?) (?P<text>\S.*)")
_EFFECTIVE = re.compile(r"These rules are effective as of (?P<date>\w+ \d{1,2}, \d{4})\.")
# CR subrule letters skip "l" and "o" (see the CR's introduction).
_SKIPPED_LETTERS = frozenset("lo")


class CrFormatError(ValueError):
    """The CR text does not have the layout this parser knows; a human must look."""


@dataclass
class Rule:
    number: str
    paragraphs: list[str] = field(default_factory=list)


def rule_sort_key(number: str) -> tuple[int, int, str]:
    """Order rules as the CR does: section 1, then 100, 100.1, 100.1a, ..., section 2, 200, ..."""
    if "." not in number:
        value = int(number)
        return (value * 100, -2, "") if value < 10 else (value, -1, "")
    major, minor = number.split(".")
    letter = minor.lstrip("0123456789")
    return (int(major), int(minor[: len(minor) - len(letter)]), letter)


def parent_of(number: str) -> str | None:
    """The rule a number belongs under; every parent must precede its children in the CR."""
    if "." in number:
        major, minor = number.split(".")
        return number.rstrip("abcdefghijklmnopqrstuvwxyz") if minor[-1].isalpha() else major
    return str(int(number) // 100) if len(number) == 3 else None


def effective_edition(text: str) -> str:
    """The edition id (YYYYMMDD) from the "effective as of" line, e.g. "20260116"."""
    match = _EFFECTIVE.search(text)
    if match is None:
        raise CrFormatError("no 'These rules are effective as of <date>.' line")
    return datetime.datetime.strptime(match["date"], "%B %d, %Y").strftime("%Y%m%d")


def _find_line(lines: list[str], wanted: str, start: int) -> int:
    try:
        return lines.index(wanted, start)
    except ValueError:
        raise CrFormatError(f"no line {wanted!r} after line {start + 1}") from None


def parse_rules(text: str, notes: list[str]) -> tuple[list[Rule], dict[str, str]]:
    """Parse the numbered rules section; return the rules and the table of contents.

    Layout: introduction, "Contents" (table of contents ending with "Glossary" and
    "Credits" entries), the rules, "Glossary", glossary entries, "Credits".  Only the
    rules between the contents and the glossary are numbered rules; glossary entries
    have their own "1." / "2." numbering that must not be mistaken for sections.
    """
    lines = text.splitlines()
    contents_start = _find_line(lines, "Contents", 0) + 1
    contents_end = _find_line(lines, "Glossary", contents_start)
    rules_start = _find_line(lines, "Credits", contents_end) + 1
    rules_end = _find_line(lines, "Glossary", rules_start)

    contents: dict[str, str] = {}
    for line in lines[contents_start:contents_end]:
        if line.strip():
            match = _RULE_LINE.fullmatch(line)
            if match is None or "." in match["num"] or not match["dot"]:
                raise CrFormatError(f"unexpected table-of-contents line {line!r}")
            contents[match["num"]] = match["text"]

    rules: list[Rule] = []
    seen: set[str] = set()
    for index in range(rules_start, rules_end):
        line = lines[index].rstrip()
        where = f"line {index + 1}"
        if not line:
            continue
        match = _RULE_LINE.fullmatch(line)
        if match is not None:
            number = match["num"]
            _check_new_rule(number, rules[-1].number if rules else None, seen, where)
            if bool(match["dot"]) == bool(match["letter"]):
                notes.append(f"{where}: irregular punctuation after rule {number}: {line[:40]!r}")
            rules.append(Rule(number, [match["text"]]))
            seen.add(number)
        elif not rules:
            raise CrFormatError(f"{where}: text before the first rule: {line[:60]!r}")
        elif line.startswith("Example: ") or line[0].isspace():
            # Examples and indented paragraphs continue the preceding rule.
            rules[-1].paragraphs.append(line.strip())
        else:
            raise CrFormatError(f"{where}: not a rule, example or continuation: {line[:60]!r}")
    return rules, contents


def _check_new_rule(number: str, previous: str | None, seen: set[str], where: str) -> None:
    if number in seen:
        raise CrFormatError(f"{where}: rule {number} appears twice")
    if previous is not None and rule_sort_key(number) <= rule_sort_key(previous):
        raise CrFormatError(f"{where}: rule {number} follows {previous} out of order")
    parent = parent_of(number)
    if parent is not None and parent not in seen:
        raise CrFormatError(f"{where}: rule {number} appears before its parent {parent}")
    if number[-1] in _SKIPPED_LETTERS:
        raise CrFormatError(f"{where}: rule {number} uses a letter the CR skips")


def check_contents(rules: list[Rule], contents: dict[str, str]) -> None:
    """The sections and headed rules must be exactly those the table of contents lists."""
    headings = {rule.number: rule.paragraphs[0] for rule in rules if "." not in rule.number}
    if headings != contents:
        differing = sorted(set(headings.items()) ^ set(contents.items()))
        raise CrFormatError(f"rules section and table of contents disagree: {differing[:10]}")


def render(rules: list[Rule], edition: str, source_name: str) -> bytes:
    """Serialise the index as deterministic gzip bytes."""
    out = [f"#edition\t{edition}\tgenerated by tools/build_rules_index.py from {source_name}; do not edit"]
    for rule in rules:
        for paragraph in rule.paragraphs:
            if "\t" in paragraph:
                raise CrFormatError(f"rule {rule.number} contains a tab, which the format reserves")
        out.append("\t".join([rule.number, *rule.paragraphs]))
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, compresslevel=9, mtime=0) as gz:
        gz.write(("\n".join(out) + "\n").encode("utf-8"))
    return buffer.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="the CR text file, MagicCompRules-YYYYMMDD.txt")
    parser.add_argument("-o", "--output", type=Path, default=DEFAULT_OUTPUT, help="default: %(default)s")
    args = parser.parse_args(argv)

    text = args.source.read_text(encoding="utf-8-sig")
    notes: list[str] = []
    try:
        edition = effective_edition(text)
        rules, contents = parse_rules(text, notes)
        check_contents(rules, contents)
    except CrFormatError as error:
        print(f"{args.source}: {error}", file=sys.stderr)
        return 1
    for note in notes:
        print(f"note: {note}", file=sys.stderr)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_bytes(render(rules, edition, args.source.name))
    print(f"{args.output}: {len(rules)} rules, edition {edition}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
