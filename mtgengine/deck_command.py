"""``mtg deck FILE [--json] [--commander NAME]``: what a deck file holds and what keeps it from play.

It reads the file in any format :mod:`mtgengine.decklist` knows and reports the count and the cards
of each section, the names that are no card (with close names), the cards the engine doesn't fully
implement and what each misses (``cards.coverage.missing``), and, when the deck has a commander
(its ``Commander`` section, or ``--commander``), Commander's deck construction rules: 100 cards
(CR 903.5a), one of each card but basic lands and cards that say a deck can have more (903.5b),
every card within the commander's color identity (903.5c-d). Exit status: 0 when none of these
finds a problem, 1 when some does, 2 when the file can't be read as a deck list.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from typing import Any

from .core.errors import DeckError
from .decklist import Deck, load_deck

#: CR 903.5a: a Commander deck's size, its commander included.
COMMANDER_DECK_SIZE = 100
_ANY_NUMBER = re.compile(r"A deck can have any number of cards named", re.IGNORECASE)
_UP_TO = re.compile(r"A deck can have up to (\w+) cards named", re.IGNORECASE)
_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
SECTIONS = ("main", "sideboard", "commander", "companion")


def add_deck_parser(subparsers: Any) -> None:
    """Registers ``mtg deck`` (listed in ``cli.PLUGGED_COMMANDS``)."""
    p = subparsers.add_parser(
        "deck", help="read a deck file and report its cards and what keeps it from play",
        description="Reads a deck list (Arena, MTGO .txt/.dek, Forge .dck, Moxfield, Archidekt; see "
                    "mtgengine.decklist) and reports each section's cards, unknown names with suggestions, "
                    "cards the engine doesn't implement and, with a commander, Commander's deck rules "
                    "(CR 903.5). Exit status 0: no problem; 1: the deck has problems; 2: not a readable deck list.")
    p.add_argument("file", metavar="FILE", help="the deck list")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--commander", action="append", metavar="NAME", default=None,
                   help="check the deck as a Commander deck with this commander (twice for partners); "
                        "the card is taken from the sideboard or main deck if it is there, as MTGO lists it")
    p.set_defaults(func=run_deck)


def run_deck(args: argparse.Namespace) -> int:
    deck = load_deck(args.file, collect_unknown=True)       # a DeckError: exit 2 (cli.main)
    if args.commander:
        _designate(deck, args.commander)
    report = deck_report(deck, args.file)
    if args.json:
        sys.stdout.write(json.dumps(report, ensure_ascii=False, indent=2) + "\n")
    else:
        sys.stdout.write(format_report(report))
    return 0 if report["ok"] else 1


def _designate(deck: Deck, names: list[str]) -> None:
    """Makes the cards ``names`` the deck's commanders (``--commander``), moving each out of the
    sideboard or else the main deck where it is listed (MTGO lists a commander in the sideboard)."""
    from .cards.database import UnknownCardError, card_db
    commanders = []
    for name in names:
        try:
            card = card_db().get(name)
        except UnknownCardError as exc:
            raise DeckError(f"--commander: {exc}") from None
        for section in (deck.sideboard, deck.main):
            if card.name in section:
                section.remove(card.name)
                break
        commanders.append(card.name)
    deck.commander = commanders


def _counted(names: list[str]) -> list[dict[str, Any]]:
    return [{"name": name, "count": count} for name, count in Counter(names).items()]


def deck_report(deck: Deck, source: str) -> dict[str, Any]:
    """The JSON report of ``mtg deck``; ``ok`` is false when any problem was found."""
    from .cards.coverage import missing
    from .cards.database import card_db
    db = card_db()
    report: dict[str, Any] = {"file": str(source), "format": deck.format, "name": deck.name}
    for section in SECTIONS:
        report[section] = len(getattr(deck, section))
    report["cards"] = {section: _counted(getattr(deck, section)) for section in SECTIONS}
    report["unknown"] = [{"line": u.line, "name": u.name, "count": u.count, "section": u.section,
                          "suggestions": u.suggestions} for u in deck.unknown]
    unimplemented = []
    for name in dict.fromkeys(deck.commander + deck.main + deck.sideboard + deck.companion):
        gaps = missing(db.get(name))
        if gaps:
            unimplemented.append({"name": name, "missing": gaps})
    report["unimplemented"] = unimplemented
    report["commander_rules"] = commander_problems(deck) if deck.commander else None
    report["notes"] = list(deck.notes)
    report["ok"] = not (deck.unknown or unimplemented or (deck.commander and report["commander_rules"]["problems"]))
    return report


def copies_allowed(card: Any) -> int | None:
    """How many cards of this name a deck may hold by its own text (None: any number): "A deck can
    have any number of cards named ..." (Relentless Rats), "up to seven" (Seven Dwarves); 1 else."""
    text = card.front.oracle_text or ""
    if _ANY_NUMBER.search(text):
        return None
    match = _UP_TO.search(text)
    if match and match[1].lower() in _WORDS:
        return _WORDS[match[1].lower()]
    return 1


def commander_problems(deck: Deck) -> dict[str, Any]:
    """Commander's deck construction rules (CR 903.5) checked on ``deck``: ``problems`` lists what
    breaks them, each with its rule, ``warnings`` what is only worth saying."""
    from .cards.database import card_db
    from .rules.pregame import deck_outside_identity, validate_commanders, validate_deck_colors
    db = card_db()
    problems: list[str] = []
    warnings: list[str] = []
    try:
        validate_commanders(deck.commander, "the deck")
    except ValueError as exc:
        problems.append(str(exc).removeprefix("the deck: "))
    size = len(deck.main) + len(deck.commander)
    if size != COMMANDER_DECK_SIZE:
        problems.append(f"the deck has {size} cards with its commander(s), a Commander deck exactly "
                        f"{COMMANDER_DECK_SIZE} (CR 903.5a)")
    for name, count in Counter(deck.main + deck.commander).items():
        card = db.get(name)
        if "Basic" in card.front.supertypes:
            continue
        allowed = copies_allowed(card)
        if allowed is not None and count > allowed:
            problems.append(f"{count} cards named {name}: a Commander deck has "
                            + ("one of each card but basic lands (CR 903.5b)" if allowed == 1
                               else f"at most {allowed} by the card's own text (CR 903.5b)"))
    try:
        validate_deck_colors(deck.main, deck.commander, "the deck")
    except ValueError:
        for name in dict.fromkeys(deck.main):
            outside = deck_outside_identity([name], deck.commander)
            if outside:
                problems.append(f"{name} is outside the commander's color identity: {''.join(sorted(outside))} "
                                "(CR 903.5c-d)")
    if deck.sideboard:
        warnings.append(f"the file has a sideboard of {len(deck.sideboard)} card(s): Commander games use "
                        "none (CR 903.5e)")
    return {"commanders": list(deck.commander), "cards": size, "problems": problems, "warnings": warnings}


def _short(text: str, limit: int = 90) -> str:
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


def format_report(report: dict[str, Any]) -> str:
    """``mtg deck``'s text: each section with its cards, then each kind of problem found."""
    lines = [f"{report['file']}: {report['format']}" + (f", {report['name']!r}" if report["name"] else "")]
    counts = ", ".join(f"{section} {report[section]}" for section in SECTIONS
                       if report[section] or section in ("main", "sideboard"))
    lines.append(counts)
    for section in SECTIONS:
        if report["cards"][section]:
            lines.append(f"{section}:")
            lines.extend(f"  {row['count']} {row['name']}" for row in report["cards"][section])
    lines.extend(f"note: {note}" for note in report["notes"])
    problems = 0
    if report["unknown"]:
        lines.append(f"unknown card names ({len(report['unknown'])}):")
        for u in report["unknown"]:
            hint = f" (did you mean: {', '.join(u['suggestions'])}?)" if u["suggestions"] else ""
            lines.append(f"  line {u['line']}: {u['name']!r}{hint}")
        problems += len(report["unknown"])
    if report["unimplemented"]:
        lines.append(f"cards the engine doesn't fully implement ({len(report['unimplemented'])}; "
                     "'mtg simulate --allow-unimplemented' plays them without these):")
        for row in report["unimplemented"]:
            gaps = (_short(gap.removeprefix(row["name"] + ": ")) for gap in row["missing"])
            lines.append(f"  {row['name']}: " + "; ".join(gaps))
        problems += len(report["unimplemented"])
    rules = report["commander_rules"]
    if rules is not None:
        lines.append(f"Commander deck rules (CR 903.5), commander {' and '.join(rules['commanders'])}: "
                     + ("met" if not rules["problems"] else f"{len(rules['problems'])} problem(s)"))
        lines.extend(f"  {p}" for p in rules["problems"])
        lines.extend(f"  warning: {w}" for w in rules["warnings"])
        problems += len(rules["problems"])
    lines.append("no problems found" if report["ok"] else f"{problems} problem(s) found")
    return "\n".join(lines) + "\n"
