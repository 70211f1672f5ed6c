"""``mtg cards import FILE``: newer or extra cards from an MTGJSON ``AtomicCards.json``.

The shipped card data is frozen at release; MTGJSON's AtomicCards dump (one
Oracle entry per card, ``{"meta": ..., "data": {name: [card or face objects]}}``)
has the cards printed since. This module converts every card to a record of the
shipped format (see tools/build_card_data.py) and writes them to the user's
overlay file, which card_db() reads over the shipped data: a card there adds
to the shipped cards or replaces the shipped card of the same name.
"""

from __future__ import annotations

import bz2
import gzip
import io
import json
import lzma
import os
import zlib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from ..core.errors import quote
from ..core.mana import COLORS
from .database import CardData, CardDB, overlay_path, reset_card_db

#: Layouts whose card-level mana cost in the data lists every part's cost,
#: "{1}{R} // {1}{U}", because the parts are printed on one face (split cards,
#: CR 709.1; adventurers, CR 715.1; omens, CR 720.1). A double-faced or flip
#: card's is its front face's.
_JOINED_COST_LAYOUTS = frozenset({"split", "aftermath", "room", "adventure", "omen"})
#: Layouts whose objects are whole cards of their own, not faces of one card:
#: each card of a meld pair and the melded back face, which the data stores as
#: a card (see CardData.meld), and each side of a reversible card.
_SEPARATE_LAYOUTS = frozenset({"meld", "reversible_card"})
#: MTGJSON layouts the shipped data calls otherwise: prototype (CR 702.160a)
#: and mutate (CR 702.140a) cards are normal cards with an ability, and a
#: side of a reversible card is a whole normal card.
_LAYOUT_NAMES = {"prototype": "normal", "mutate": "normal", "reversible_card": "normal"}
#: Printed characteristics a face record takes from its object under the same name.
_STATS = ("power", "toughness", "loyalty", "defense")


#: The largest file read (MTGJSON's AtomicCards.json was about 130 MB in 2026) and the most it
#: may decompress to: beyond, a file is refused instead of filling the memory.
MAX_FILE_BYTES = 1_000_000_000
MAX_JSON_BYTES = 2_000_000_000
_COMPRESSED: tuple[tuple[bytes, Any], ...] = ((b"\x1f\x8b", lambda f: gzip.GzipFile(fileobj=f)),
                                           (b"BZh", bz2.BZ2File), (b"\xfd7zXZ\x00", lzma.LZMAFile))


class CardImportError(ValueError):
    """A file that cannot be imported; the one-line message names the file and any card at fault."""


def import_atomic_cards(source: Path) -> tuple[Path, int]:
    """Replace the overlay with the cards of ``source``; returns (overlay file, card count).

    Nothing is written unless every card converts and there is at least one:
    an empty file would replace an earlier import by nothing. The file is
    replaced in one step, so a failed write never leaves a broken overlay
    for card_db().
    """
    records = convert_atomic_cards(read_atomic_cards(source), str(source))
    if not records:
        raise CardImportError(f'{source}: the "data" object holds no card: nothing to import '
                              "(the card overlay is left as it was)")
    target = overlay_path()
    lines = (json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in records)
    payload = gzip.compress(("\n".join(lines) + "\n").encode("utf-8"), compresslevel=6, mtime=0)
    partial = target.with_name(target.name + ".partial")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        partial.write_bytes(payload)
    except OSError as exc:
        raise CardImportError(f"{target}: cannot write the card overlay: {exc.strerror or exc}") from None
    try:
        # the new overlay as card_db() will read it, before it replaces the old one
        CardDB.load(overlay=partial).get(records[0]["name"])
    except (ValueError, KeyError, OSError) as exc:
        partial.unlink(missing_ok=True)
        raise CardImportError(f"{source}: the converted cards can't be read back ({quote(str(exc), 200)}); "
                              "the card overlay is left as it was") from None
    try:
        os.replace(partial, target)
    except OSError as exc:
        raise CardImportError(f"{target}: cannot write the card overlay: {exc.strerror or exc}") from None
    reset_card_db()
    return target, len(records)


def read_atomic_cards(source: Path) -> Mapping[str, Any]:
    """The ``data`` object of an AtomicCards file, plain or as MTGJSON's .gz/.bz2/.xz download."""
    try:
        with open(source, "rb") as file:
            raw = file.read(MAX_FILE_BYTES + 1)        # (a device or a pipe may never end)
    except OSError as exc:
        raise CardImportError(f"{source}: cannot read the file: {exc.strerror or exc}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise CardImportError(f"{source}: a card file has at most {MAX_FILE_BYTES:,} bytes")
    opener = next((o for magic, o in _COMPRESSED if raw.startswith(magic)), None)
    if opener is not None:
        try:
            with opener(io.BytesIO(raw)) as stream:
                raw = stream.read(MAX_JSON_BYTES + 1)   # read so, a "zip bomb" stops at the bound
        except (OSError, EOFError, ValueError, zlib.error, lzma.LZMAError) as exc:
            raise CardImportError(f"{source}: damaged compressed file: {exc}") from None
        if len(raw) > MAX_JSON_BYTES:
            raise CardImportError(f"{source}: decompressed, a card file has at most {MAX_JSON_BYTES:,} bytes")
    try:
        document = json.loads(raw)
    except ValueError as exc:  # JSONDecodeError and UnicodeDecodeError
        reason = str(exc)
        raise CardImportError(f"{source}: not JSON: {reason if len(reason) <= 200 else reason[:200] + '…'}") from None
    except RecursionError:     # arrays or objects nested thousands deep
        raise CardImportError(f"{source}: not an MTGJSON AtomicCards file: its JSON nests too deeply") from None
    data = document.get("data") if isinstance(document, dict) else None
    if not isinstance(data, dict):
        raise CardImportError(f'{source}: not an MTGJSON AtomicCards file: no "data" object of cards by name')
    return data


def convert_atomic_cards(data: Mapping[str, Any], source: str) -> list[dict[str, Any]]:
    """Shipped-format records of every card in ``data``, sorted by name like the shipped file.

    Each record is built into a CardData once, so a card the database could
    not read (a bad mana cost, an unknown color) fails the import, not a game.
    """
    records: dict[str, dict[str, Any]] = {}
    for key, objects in data.items():
        where = f"{source}: card {quote(key)}"
        if not isinstance(objects, list) or not objects or not all(isinstance(o, dict) for o in objects):
            raise CardImportError(f"{where}: expected a non-empty list of card objects")
        for record in _card_records(objects, where):
            try:
                CardData.from_record(record)
            except (ValueError, KeyError, TypeError) as exc:
                raise CardImportError(f"{where}: {quote(str(exc), 200)}") from None
            # A melded face is listed under each card of its pair, and a
            # reversible card may show the same card twice: keep one.
            records.setdefault(json.dumps(record, sort_keys=True), record)
    return sorted(records.values(), key=lambda r: r["name"])


# --- one card ---------------------------------------------------------------------


def _card_records(objects: list[dict[str, Any]], where: str) -> Iterator[dict[str, Any]]:
    """The records of one AtomicCards entry.

    Faces of a multi-face card carry a ``side`` ("a", "b"...); objects
    without one are cards of their own (Un-set variants sharing a name).
    """
    faces = sorted((o for o in objects if "side" in o), key=lambda o: _required(o, "side", where))
    for obj in objects:
        if "side" not in obj or _text(obj, "layout", where) in _SEPARATE_LAYOUTS:
            yield _record([obj], where)
    if faces and _text(faces[0], "layout", where) not in _SEPARATE_LAYOUTS:
        yield _record(faces, where)


def _record(objects: list[dict[str, Any]], where: str) -> dict[str, Any]:
    """One card's record from its objects: one, or one per face in side order."""
    first = objects[0]
    name = _required(first, "name", where)
    layout = _text(first, "layout", where) or "normal"
    multi_face = len(objects) > 1
    faces = [_face(o, i, len(objects), where) for i, o in enumerate(objects)]
    if layout in _SEPARATE_LAYOUTS:
        name = faces[0]["name"]
    record: dict[str, Any] = {"name": name}
    if all(f.get("name_ja") for f in faces):
        record["name_ja"] = " // ".join(f["name_ja"] for f in faces)
    record["layout"] = _LAYOUT_NAMES.get(layout, layout)
    costs = [f.get("mana_cost", "") for f in faces]
    cost = " // ".join(costs) if layout in _JOINED_COST_LAYOUTS else costs[0]
    if cost:
        record["mana_cost"] = cost
    record["type_line"] = " // ".join(f["type_line"] for f in faces)
    record.update((key, faces[0][key]) for key in _STATS if key in faces[0])
    texts = [f.get("oracle_text", "") for f in faces]
    if any(texts):
        record["oracle_text"] = "\n//\n".join(texts)
    colors = sorted({c for o in objects for c in _letters(o, "colors", where) or ()})
    if colors:
        record["colors"] = colors
    if multi_face:
        record["faces"] = faces
    else:
        record["color_indicator"] = faces[0]["color_indicator"]
    if layout == "meld":
        record["meld"] = _meld_role(first, where)
    identifiers = first.get("identifiers")
    if isinstance(identifiers, dict) and isinstance(identifiers.get("scryfallOracleId"), str):
        record["oracle_id"] = identifiers["scryfallOracleId"]
    if first.get("isFunny") is True:
        record["flags"] = ["funny"]
    return record


def _face(obj: dict[str, Any], index: int, count: int, where: str) -> dict[str, Any]:
    """The record of one face; a single-faced card's own record takes over its fields."""
    name = _required(obj, "faceName", where) if count > 1 else _text(obj, "faceName", where)
    face: dict[str, Any] = {"name": name or _required(obj, "name", where)}
    cost = _text(obj, "manaCost", where)
    if cost:
        face["mana_cost"] = cost
    face["type_line"] = _required(obj, "type", where)
    for key in _STATS:
        value = _text(obj, key, where)
        if value is not None:
            face[key] = value
    text = _text(obj, "text", where)
    if text:
        face["oracle_text"] = text
    if count > 1:
        face["side"] = _required(obj, "side", where)
    japanese = _japanese_name(obj, index, count, where)
    if japanese:
        face["name_ja"] = japanese
    # MTGJSON gives the indicator only where one is printed; say "none" too,
    # so the database does not guess it from the card's colors.
    face["color_indicator"] = _letters(obj, "colorIndicator", where) or []
    return face


def _japanese_name(obj: dict[str, Any], index: int, count: int, where: str) -> str | None:
    """The face's Japanese name from MTGJSON's foreign data, if it has one.

    A face object's foreign ``name`` is the whole card's ("火 // 氷") and its
    ``faceName`` the face's ("火").
    """
    foreign = obj.get("foreignData") or []
    if not isinstance(foreign, list):
        raise CardImportError(f"{where}: field 'foreignData' is not a list")
    for entry in foreign:
        if isinstance(entry, dict) and entry.get("language") == "Japanese":
            face_name = _text(entry, "faceName", where)
            if face_name:
                return face_name
            parts = (_text(entry, "name", where) or "").split(" // ")
            return parts[index] if len(parts) == count else None
    return None


def _meld_role(obj: dict[str, Any], where: str) -> dict[str, str]:
    """The record's ``meld`` field; a meld pair card is named "<card> // <melded face>"."""
    if _text(obj, "side", where) == "b":
        return {"role": "result"}
    _, separator, result = _required(obj, "name", where).partition(" // ")
    return {"role": "part", "result": result} if separator else {"role": "part"}


def _text(obj: Mapping[str, Any], field: str, where: str) -> str | None:
    value = obj.get(field)
    if value is not None and not isinstance(value, str):
        raise CardImportError(f"{where}: field {field!r} is not a string")
    return value


def _required(obj: Mapping[str, Any], field: str, where: str) -> str:
    value = _text(obj, field, where)
    if value is None:
        raise CardImportError(f"{where}: missing field {field!r}")
    return value


def _letters(obj: Mapping[str, Any], field: str, where: str) -> list[str] | None:
    value = obj.get(field)
    if value is not None and not (isinstance(value, list) and all(v in COLORS for v in value)):
        raise CardImportError(f"{where}: field {field!r} is not a list of color letters")
    return value
