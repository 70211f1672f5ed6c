"""``mtg deck FILE [--json] [--commander NAME]``: what a deck file holds and what keeps it from play.

It reads the file in any format :mod:`mtgengine.decklist` knows and reports the count and the cards
of each section, the names that are no card (with close names), the cards the engine doesn't fully
implement and what each misses (``cards.coverage.missing``), and, when the deck has a commander
(its ``Commander`` section, or ``--commander``), or with ``--format commander``, Commander's deck
construction rules: commanders that may be (CR 903.3, 702.124: partner abilities), 100 cards
(903.5a), one of each card but basic lands and cards that say a deck can have more (903.5b), every
card within the commander's color identity (903.5c-d); with ``--format standard-size`` the
constructed rules: 60 cards at least (100.2a), four of a name at most in deck and sideboard
together but basic lands and cards that say otherwise (100.2a, 100.4a), a sideboard of 15 at most
(100.4a). Exit status: 0 when none of these finds a problem, 1 when some does, 2 when the file
can't be read as a deck list.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from typing import Any

from .core.errors import DeckError
from .decklist import Deck, load_deck

#: CR 903.5a: a Commander deck's size, its commander included.
COMMANDER_DECK_SIZE = 100
#: CR 100.2a, 100.4a: a constructed deck's minimum size, the copies of a name, the sideboard's size.
CONSTRUCTED_MINIMUM = 60
CONSTRUCTED_COPIES = 4
SIDEBOARD_MAXIMUM = 15
#: ``--format``: the deck construction rules checked (none given: Commander's if the deck has a commander).
DECK_FORMATS = ("commander", "standard-size")
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
    p.add_argument("--format", dest="deck_format", choices=DECK_FORMATS, default=None,
                   help="check these deck construction rules: commander (CR 903.3, 903.5, 702.124; a deck "
                        "without a commander is a problem) or standard-size (constructed: 60 cards at least, "
                        "4 copies at most, a sideboard of 15; CR 100.2a, 100.4a)")
    p.set_defaults(func=run_deck)


def run_deck(args: argparse.Namespace) -> int:
    deck = load_deck(args.file, collect_unknown=True)       # a DeckError: exit 2 (cli.main)
    if args.commander:
        _designate(deck, args.commander)
    report = deck_report(deck, args.file, args.deck_format)
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


def deck_report(deck: Deck, source: str, deck_format: str | None = None) -> dict[str, Any]:
    """The JSON report of ``mtg deck``; ``ok`` is false when any problem was found. ``deck_format``:
    the deck construction rules to check (``DECK_FORMATS``; None: Commander's if the deck has a
    commander)."""
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
    commander = deck_format == "commander" or (deck_format is None and bool(deck.commander))
    report["deck_format"] = deck_format
    report["commander_rules"] = commander_problems(deck) if commander else None
    report["constructed_rules"] = constructed_problems(deck) if deck_format == "standard-size" else None
    report["notes"] = list(deck.notes)
    report["ok"] = not (deck.unknown or unimplemented
                        or any(report[key] and report[key]["problems"] for key in ("commander_rules", "constructed_rules")))
    return report


def copies_allowed(card: Any) -> int | None:
    """How many cards of this name a deck may hold by its own text (None: any number): "A deck can
    have any number of cards named ..." (Relentless Rats), "up to seven" (Seven Dwarves), as
    compiled (``cards.compiler.commander_rules``); 1 else."""
    from .cards.compiler.commander_rules import DECK_COPIES
    from .cards.scripts import face_script
    for face in card.faces:
        for ab in face_script(face).pregame:
            if ab.kind == DECK_COPIES:
                return None if ab.link == "any" else int(ab.link)
    return 1


def commander_problems(deck: Deck) -> dict[str, Any]:
    """Commander's deck construction rules (CR 903.5) checked on ``deck``: ``problems`` lists what
    breaks them, each with its rule, ``warnings`` what is only worth saying."""
    from .cards.database import card_db
    from .rules.partner import commanders_problems
    from .rules.pregame import deck_outside_identity, validate_deck_colors
    db = card_db()
    problems: list[str] = []
    warnings: list[str] = []
    if not deck.commander:
        problems.append("the deck has no commander: a Commander deck designates one, or two with a partner "
                        "ability (CR 903.3, 702.124a); give a Commander section or --commander NAME")
    problems.extend(commanders_problems([db.get(name) for name in deck.commander]))
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


def constructed_problems(deck: Deck) -> dict[str, Any]:
    """The constructed deck construction rules (CR 100.2a, 100.4a) checked on ``deck``: a main
    deck of 60 cards at least, no more than four cards of a name (but basic lands and cards that
    say a deck can have more) in deck and sideboard together, a sideboard of 15 at most."""
    from .cards.database import card_db
    db = card_db()
    problems: list[str] = []
    size = len(deck.main) + len(deck.commander)
    if size < CONSTRUCTED_MINIMUM:
        problems.append(f"the deck has {size} cards, a constructed deck at least {CONSTRUCTED_MINIMUM} (CR 100.2a)")
    if len(deck.sideboard) > SIDEBOARD_MAXIMUM:
        problems.append(f"the sideboard has {len(deck.sideboard)} cards, at most {SIDEBOARD_MAXIMUM} in constructed "
                        "play (CR 100.4a)")
    for name, count in Counter(deck.main + deck.commander + deck.sideboard).items():
        card = db.get(name)
        if "Basic" in card.front.supertypes:
            continue
        allowed = copies_allowed(card)
        limit = CONSTRUCTED_COPIES if allowed == 1 else allowed          # None: any number
        if limit is not None and count > limit:
            problems.append(f"{count} cards named {name} in deck and sideboard: at most {limit} "
                            + ("(CR 100.2a, 100.4a)" if limit == CONSTRUCTED_COPIES else "by the card's own text"))
    return {"cards": size, "sideboard": len(deck.sideboard), "problems": problems}


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
        lines.append(f"Commander deck rules (CR 903.5), commander {' and '.join(rules['commanders']) or '(none)'}: "
                     + ("met" if not rules["problems"] else f"{len(rules['problems'])} problem(s)"))
        lines.extend(f"  {p}" for p in rules["problems"])
        lines.extend(f"  warning: {w}" for w in rules["warnings"])
        problems += len(rules["problems"])
    constructed = report.get("constructed_rules")
    if constructed is not None:
        lines.append("constructed deck rules (CR 100.2a, 100.4a): "
                     + ("met" if not constructed["problems"] else f"{len(constructed['problems'])} problem(s)"))
        lines.extend(f"  {p}" for p in constructed["problems"])
        problems += len(constructed["problems"])
    lines.append("no problems found" if report["ok"] else f"{problems} problem(s) found")
    return "\n".join(lines) + "\n"
