"""Render a card for people (``format_card``) and for programs (``card_json``).

Both show what the rules say about the card, not what the raw data says: the
mana value is computed from the mana cost (CR 202.3), never read from data.
"""

from __future__ import annotations

from typing import Any

from mtgengine.cards.database import CardData, Face

_IMPLEMENTED_TEXT = {True: "yes", False: "no", None: "unknown"}
#: What a card's flags say of its rules text, shown wherever the text is (``mtg card``, ``mtg
#: coverage``) so that nobody takes it for exact Oracle wording.
TEXT_NOTES = {
    "text_approx_xmage": "rules text rebuilt from XMage, may differ from Oracle",
    "text_missing": "rules text missing from the card data",
}


def text_notes(card: CardData) -> list[str]:
    """The notes on ``card``'s rules text (``TEXT_NOTES``), in flag order; none for Oracle text."""
    return [TEXT_NOTES[flag] for flag in card.flags if flag in TEXT_NOTES]
#: The longest name `mtg card` looks up (the longest card name has 141 characters).
MAX_NAME_CHARS = 300


def _display_name(name: str, name_ja: str | None, lang: str) -> str:
    """The name with its Japanese name in parentheses; Japanese first for "ja"."""
    if not name_ja or name_ja == name:
        return name
    return f"{name_ja} ({name})" if lang == "ja" else f"{name} ({name_ja})"


def _stats_line(face: Face) -> str | None:
    parts = []
    if face.power is not None or face.toughness is not None:
        parts.append(f"P/T: {face.power or '?'}/{face.toughness or '?'}")
    if face.loyalty is not None:
        parts.append(f"Loyalty: {face.loyalty}")
    if face.defense is not None:
        parts.append(f"Defense: {face.defense}")
    return "  ".join(parts) or None


def _face_lines(card: CardData, face: Face) -> list[str]:
    cost = str(face.mana_cost) if face.mana_cost is not None else "(no mana cost)"
    lines = [
        f"Mana cost: {cost}  Mana value: {card.face_mana_value(face)}",
        f"Type: {face.type_line}",
    ]
    if face.color_indicator:
        lines.append(f"Color indicator: {''.join(face.color_indicator)}")
    stats = _stats_line(face)
    if stats:
        lines.append(stats)
    if face.oracle_text:
        lines.append(face.oracle_text)
    return lines


def format_card(card: CardData, *, lang: str = "en", implemented: bool | None = None) -> str:
    """Human-readable card text; ``lang`` ("en" or "ja") picks which name leads."""
    if lang not in ("en", "ja"):
        raise ValueError(f"unsupported language {lang!r}: use 'en' or 'ja'")
    lines = [_display_name(card.name, card.name_ja, lang)]
    lines += [f"Note: {note}" for note in text_notes(card)]
    if len(card.faces) == 1:
        lines += _face_lines(card, card.front)
    else:
        lines.append(f"Layout: {card.layout}  Mana value: {card.mana_value()}")
        for face in card.faces:
            lines.append("")
            lines.append(f"-- {_display_name(face.name, face.name_ja, lang)} --")
            lines += _face_lines(card, face)
    lines.append("")
    lines.append(f"Implemented: {_IMPLEMENTED_TEXT[implemented]}")
    return "\n".join(lines)


def _face_json(card: CardData, face: Face) -> dict[str, Any]:
    return {
        "name": face.name,
        "name_ja": face.name_ja,
        "mana_cost": str(face.mana_cost) if face.mana_cost is not None else None,
        "mana_value": card.face_mana_value(face),
        "colors": list(face.colors),
        "color_indicator": list(face.color_indicator) if face.color_indicator is not None else None,
        "type_line": face.type_line,
        "supertypes": list(face.supertypes),
        "types": list(face.types),
        "subtypes": list(face.subtypes),
        "oracle_text": face.oracle_text,
        "power": face.power,
        "toughness": face.toughness,
        "loyalty": face.loyalty,
        "defense": face.defense,
    }


def scryfall_search_url(card: CardData) -> str:
    """Scryfall's search for the card by its exact name (``!"Name"``), every printing of it."""
    from urllib.parse import quote as url_quote
    return "https://scryfall.com/search?q=" + url_quote(f'!"{card.name}"', safe="") + "&unique=cards"


def card_json(card: CardData, implemented: bool | None) -> dict[str, Any]:
    """JSON-ready description; card-level values are those outside the stack. Field names are
    the project's own; docs/card-data.md maps them to MTGJSON's and Scryfall's."""
    cost = card.mana_cost
    return {
        "name": card.name,
        "oracle_id": card.oracle_id,
        "scryfall_url": scryfall_search_url(card),
        "name_ja": card.name_ja,
        "layout": card.layout,
        "mana_cost": str(cost) if cost is not None else None,
        "mana_value": card.mana_value(),
        "colors": list(card.colors),
        "types": list(card.types),
        "faces": [_face_json(card, face) for face in card.faces],
        "flags": list(card.flags),
        "text_notes": text_notes(card),
        "implemented": implemented,
    }


def add_card_parser(subparsers: Any) -> None:
    """Registers `mtg card NAME [--json] [--lang ja]`, `mtg coverage [--json] [--misparsed]` and `mtg cards import FILE`."""
    p = subparsers.add_parser(
        "card", help="show a card's characteristics (English and Japanese)",
        description="Shows a card's Oracle characteristics (the mana value computed, CR 202.3), whether the "
                    "engine implements each of its abilities (what it lacks, if not) and Scryfall's search "
                    "for it. A name that is no card gets the close names. Example: mtg card Lightning Bolt")
    p.add_argument("name", nargs="+", help="English, face, full `A // B` or Japanese name (no quotes needed)")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object: the oracle id, Scryfall's URL, each face (docs/card-data.md)")
    p.add_argument("--lang", choices=("en", "ja"), default="en",
                   help="which name leads: en, or ja (Japanese where known)")
    p.set_defaults(func=_card_command)
    c = subparsers.add_parser(
        "coverage", help="how many cards the engine fully implements",
        description="Counts the cards whose every ability the engine implements, in all and by layout "
                    "(from the shipped coverage table, tools/build_coverage_index.py).")
    c.add_argument("--json", action="store_true", help="print one JSON object")
    c.add_argument("--misparsed", action="store_true",
                   help="list the cards that compile but have words no rule understood, and those words")
    c.set_defaults(func=_coverage_command)
    cards = subparsers.add_parser("cards", help="manage the card data")
    actions = cards.add_subparsers(dest="cards_command", metavar="ACTION", required=True)
    i = actions.add_parser(
        "import", help="add or update cards from an MTGJSON AtomicCards.json",
        description="Converts every card of an MTGJSON AtomicCards.json (or its .gz/.bz2/.xz download) "
                    "and writes them as the user's card overlay, replacing any earlier import: "
                    "$MTGENGINE_DATA_DIR/cards-overlay.jsonl.gz, by default in ~/.local/share/mtgengine. "
                    "Its cards add to the shipped ones or replace those of the same name.")
    i.add_argument("file", metavar="FILE", help="AtomicCards.json")
    i.set_defaults(func=_cards_import_command)


def _card_command(args: Any) -> int:
    import json
    import sys

    from .completeness import not_understood
    from .coverage import missing
    from .database import UnknownCardError, card_db
    from ..core.errors import quote
    name = " ".join(args.name)
    if not name.strip():
        sys.stderr.write("mtg card: give a card's name, such as 'mtg card Lightning Bolt'\n")
        return 2
    if len(name) > MAX_NAME_CHARS:
        sys.stderr.write(f"mtg card: a card name has at most {MAX_NAME_CHARS} characters, got {quote(name)}\n")
        return 2
    try:
        card = card_db().get(name)
    except UnknownCardError as exc:
        sys.stderr.write(f"mtg card: {exc}\n")
        return 2
    gaps = missing(card)
    unread = not_understood(card)
    misread = [gap for gap in unread if gap.compiled]
    implemented = not gaps and not misread
    if args.json:
        data = card_json(card, implemented)
        data["not_understood"] = [{"face": g.face, "paragraph": g.paragraph, "words": list(g.words),
                                   "compiled": g.compiled} for g in unread]
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
    else:
        sys.stdout.write(format_card(card, lang=args.lang, implemented=implemented) + "\n")
        for gap in gaps:
            sys.stdout.write(f"  not implemented: {gap}\n")
        for g in unread:
            words = "; ".join(f"'{w}'" for w in g.words) or "(the whole paragraph)"
            what = "misparsed" if g.compiled else "unimplemented"
            sys.stdout.write(f"  {what}: {g.face}, paragraph {g.paragraph}: {words} not understood\n")
        sys.stdout.write(f"Scryfall: {scryfall_search_url(card)}\n")
    return 0


def _coverage_command(args: Any) -> int:
    import json
    import sys

    from .coverage import coverage, misparsed
    from .database import card_db
    data = coverage()
    data["text_notes"] = _coverage_text_notes(data["names"])
    if args.misparsed:
        cards = {name: misparsed(card_db().get(name)) for name in data["misparsed_names"]}
        if args.json:
            sys.stdout.write(json.dumps(cards, ensure_ascii=False) + "\n")
            return 0
        for name, gaps in cards.items():
            for gap in gaps:
                sys.stdout.write(f"{name}: {gap}\n")
        sys.stdout.write(f"{len(cards)} cards compile but some of their words were not understood\n")
        return 0
    if args.json:
        sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(f"{data['implemented']} of {data['total']} cards fully implemented "
                         f"({data['misparsed']} more compile but are misparsed: mtg coverage --misparsed)\n")
        for layout, row in data["by_layout"].items():
            sys.stdout.write(f"  {layout:12} {row['implemented']:6} / {row['total']}\n")
        paper = data["paper"]
        sys.stdout.write(f"paper cards (not funny, digital-only, planes, schemes or vanguards): {paper['implemented']} "
                         f"of {paper['total']} ({100 * paper['implemented'] / max(1, paper['total']):.1f} %)\n")
        for row in data["text_notes"].values():
            if row["total"]:
                sys.stdout.write(f"{row['total']} of the cards ({row['implemented']} implemented): {row['note']}\n")
    return 0


def _coverage_text_notes(implemented: list[str]) -> dict[str, Any]:
    """For each flag of ``TEXT_NOTES``: its note and the cards carrying it, all and implemented."""
    from .database import card_db
    done = set(implemented)
    out: dict[str, Any] = {}
    for flag, note in TEXT_NOTES.items():
        names = card_db().names_flagged(flag)
        out[flag] = {"note": note, "total": len(names), "implemented": sum(1 for n in names if n in done),
                     "names": names}
    return out


def _cards_import_command(args: Any) -> int:
    import sys
    from pathlib import Path

    from .importer import CardImportError, import_atomic_cards
    try:
        path, count = import_atomic_cards(Path(args.file))
    except CardImportError as exc:
        sys.stderr.write(f"mtg cards import: {exc}\n")
        return 2
    sys.stdout.write(f"imported {count} cards into {path}\n")
    return 0
