"""Derive the card data file shipped with mtgengine from the shared Oracle dump, its supplement
and its corrections.

Users of the package have no access to the shared data folder, so the engine ships
``mtgengine/data/cards.jsonl.gz``. This tool makes it from three files of the shared folder:

- ``cards.jsonl.gz``, the Oracle records;
- ``cards-corrections.jsonl.gz``, fixes to records of it: each line names a card and gives only
  the fields it changes (``faces`` by face name), plus ``flags_add``/``flags_remove``; a
  correction naming an unknown card, face or field is refused with its file and line;
- ``cards-supplement.jsonl.gz``, cards the Oracle records lack (same schema). A supplement card
  whose name the Oracle records already have is left out and reported: the Oracle record is
  the exact one. A "0" power or toughness of a supplement card whose text defines it (a
  characteristic-defining ability, "... power is equal to ...") is made "*" again (CR 208.2a):
  the XMage-rebuilt records lost the star.

It drops the fields the engine never reads (printing history, where each record came from and
the unreliable ``mana_value``, which the engine computes itself by CR 202.3) and keeps all the
rest, ``flags`` included: ``text_approx_xmage`` is how the engine knows, and tells the user, that
a card's rules text is rebuilt from XMage and may differ from Oracle. The output is
deterministic (sorted, gzip mtime 0) so regenerating it without an input change yields a
byte-identical file and a clean ``git diff``. The file is a series of gzip members of about
``CARDS_PER_MEMBER`` cards each (one gzip file to any reader), listed in ``card_blocks.json``
beside it, so the engine reads a card asked for by its full name from its member alone
(``mtgengine.cards.database._Blocks``); the name index ``card_index.json.gz`` is written too.

Usage: ``python tools/build_card_data.py [--source PATH] [--supplement PATH] [--corrections PATH]
[--output PATH]`` (the inputs default to ``shared/data`` in the first folder above this
checkout that has one).
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
import zlib
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))      # this checkout's mtgengine, not an installed one


def _shared_data() -> Path:
    """``shared/data`` of the first folder above this checkout that has one (a worktree sits
    deeper than the main checkout), else the one beside the checkout."""
    for folder in REPO_ROOT.parents:
        if (folder / "shared/data").is_dir():
            return folder / "shared/data"
    return REPO_ROOT.parent / "shared/data"


SHARED_DATA = _shared_data()
DEFAULT_SOURCE = SHARED_DATA / "cards.jsonl.gz"
DEFAULT_SUPPLEMENT = SHARED_DATA / "cards-supplement.jsonl.gz"
DEFAULT_CORRECTIONS = SHARED_DATA / "cards-corrections.jsonl.gz"
DEFAULT_OUTPUT = REPO_ROOT / "mtgengine/data/cards.jsonl.gz"

#: Top-level fields the engine does not need. ``mana_value`` is wrong for some
#: cards (the engine derives it from the mana cost); the others describe
#: printings and the provenance of the record, not the card's characteristics
#: (the flags say which text is approximate).
DROPPED_FIELDS = frozenset(
    {
        "mana_value",
        "color_identity",
        "first_set",
        "latest_set",
        "n_printings",
        "source",
        "text_from",
    }
)

#: Fields a correction may set on a card, and on one of its faces.
CORRECTABLE_FIELDS = frozenset(
    {
        "name_ja", "layout", "mana_cost", "type_line", "power", "toughness", "loyalty", "defense",
        "oracle_text", "colors", "color_identity", "faces", "meld", "oracle_id",
    }
)
CORRECTABLE_FACE_FIELDS = frozenset(
    {"name_ja", "mana_cost", "type_line", "power", "toughness", "loyalty", "defense", "oracle_text"}
)
#: What a correction line holds besides the fields it sets: the card's name, the flags it adds
#: and removes, and where the corrected values come from (not shipped, like a record's own).
CORRECTION_KEYS = frozenset({"name", "flags_add", "flags_remove", "source", "text_from"})
#: A multi-face record repeats its front face's power, toughness, loyalty and defense at its top
#: level (the loader reads each face's own), so a correction of one there also corrects the front.
FRONT_FACE_FIELDS = ("power", "toughness", "loyalty", "defense")


class CardDataError(ValueError):
    """An input file this tool cannot use; the message names the file and line."""


def read_records(source: Path) -> Iterator[dict]:
    """Yield the JSON objects of a gzipped JSON-lines file."""
    for _line, record in read_numbered(source):
        yield record


def read_numbered(source: Path) -> Iterator[tuple[int, dict]]:
    """Yield (line number, JSON object) of a gzipped JSON-lines file; a line that is not a JSON
    object is a CardDataError naming the file and line."""
    try:
        with gzip.open(source, "rt", encoding="utf-8") as fh:
            for number, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    record = json.loads(line)
                except ValueError as exc:
                    raise CardDataError(f"{source}:{number}: not a JSON object ({exc})") from None
                if not isinstance(record, dict) or not isinstance(record.get("name"), str):
                    raise CardDataError(f"{source}:{number}: not a JSON object with a \"name\"")
                yield number, record
    except (OSError, EOFError, zlib.error, UnicodeDecodeError) as exc:
        raise CardDataError(f"{source}: cannot read it as gzipped JSON lines ({exc})") from None


# --- the supplement ------------------------------------------------------------------------

#: A characteristic-defining ability (CR 604.3) setting power, toughness or both: "Namor's power
#: is equal to ...", "... power and toughness are each equal to ...", "... and its toughness is
#: equal to ...". Not "base power" (an effect that sets it, CR 613.4b) nor text in quotes (an
#: ability the card grants to something).
_CDA = re.compile(r"(?<!base )\b(power and toughness are each|power is|toughness is) equal to")
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")


def restore_stars(face: dict) -> None:
    """Make a "0" power or toughness that ``face``'s text defines "*" (CR 208.2a)."""
    text = _QUOTED.sub("", face.get("oracle_text") or "")
    defined: set[str] = set()
    for match in _CDA.finditer(text):
        subject = match.group(1)
        defined.update(k for k in ("power", "toughness") if k in subject)
    for key in sorted(defined):
        if face.get(key) == "0":
            face[key] = "*"


def supplement_record(record: dict) -> dict:
    """A supplement record as the Oracle records would have it: the "*" of a power or
    toughness defined by its text restored on each face and at the top level."""
    record = json.loads(json.dumps(record))         # a copy; the caller's stays as read
    faces = record.get("faces") or []
    for face in faces:
        restore_stars(face)
    if faces:
        for key in FRONT_FACE_FIELDS:
            if key in faces[0]:
                record[key] = faces[0][key]
    else:
        restore_stars(record)
    return record


def add_supplement(records: list[dict], supplement: Iterable[dict]) -> tuple[list[dict], list[str]]:
    """``records`` plus the supplement's cards whose names they lack; also the names left out."""
    known = {r["name"] for r in records}
    added, skipped = [], []
    for record in supplement:
        if record["name"] in known:
            skipped.append(record["name"])
        else:
            added.append(supplement_record(record))
    return records + added, skipped


# --- the corrections -----------------------------------------------------------------------

def apply_corrections(records: list[dict], corrections: Iterable[tuple[int, dict]], path: Path) -> int:
    """Apply each (line number, correction) of ``path`` to the record it names, in place;
    returns how many were applied. Any bad line is a CardDataError naming ``path`` and the line,
    raised before any record changes."""
    by_name: dict[str, list[dict]] = {}
    for record in records:
        by_name.setdefault(record["name"], []).append(record)
    checked: list[tuple[dict, dict]] = []
    seen: dict[str, int] = {}
    for number, correction in corrections:
        where = f"{path}:{number}"
        name = correction["name"]
        targets = by_name.get(name)
        if not targets:
            raise CardDataError(f"{where}: a correction of {name!r}, which is no card of the data")
        if len(targets) > 1:
            raise CardDataError(f"{where}: {name!r} names {len(targets)} records; a correction must name one")
        if name in seen:
            raise CardDataError(f"{where}: a second correction of {name!r} (the first is on line {seen[name]})")
        seen[name] = number
        _check_correction(correction, targets[0], where)
        checked.append((targets[0], correction))
    for record, correction in checked:
        _correct(record, correction)
    return len(checked)


def _check_correction(correction: Mapping[str, Any], record: Mapping[str, Any], where: str) -> None:
    unknown = sorted(set(correction) - CORRECTABLE_FIELDS - CORRECTION_KEYS)
    if unknown:
        raise CardDataError(f"{where}: unknown field {unknown[0]!r} in the correction of {record['name']!r} "
                            f"(a correction may set {', '.join(sorted(CORRECTABLE_FIELDS))})")
    flags = record.get("flags") or []
    for key in ("flags_add", "flags_remove"):
        value = correction.get(key, [])
        if not (isinstance(value, list) and all(isinstance(f, str) for f in value)):
            raise CardDataError(f"{where}: {key} of {record['name']!r} must be a list of flag names")
    for flag in correction.get("flags_remove", []):
        if flag not in flags:
            raise CardDataError(f"{where}: flags_remove {flag!r}, but {record['name']!r} has no such flag")
    if "faces" not in correction:
        return
    faces = {f["name"]: f for f in record.get("faces") or []}
    if not isinstance(correction["faces"], list):
        raise CardDataError(f"{where}: faces of {record['name']!r} must be a list of faces")
    for face in correction["faces"]:
        if not isinstance(face, dict) or face.get("name") not in faces:
            named = face.get("name") if isinstance(face, dict) else face
            raise CardDataError(f"{where}: {record['name']!r} has no face named {named!r} "
                                f"(its faces: {', '.join(faces) or 'none'})")
        bad = sorted(set(face) - CORRECTABLE_FACE_FIELDS - {"name"})
        if bad:
            raise CardDataError(f"{where}: unknown face field {bad[0]!r} in the correction of {face['name']!r} "
                                f"(a face correction may set {', '.join(sorted(CORRECTABLE_FACE_FIELDS))})")


def _correct(record: dict, correction: Mapping[str, Any]) -> None:
    faces = {f["name"]: f for f in record.get("faces") or []}
    for key, value in correction.items():
        if key in CORRECTION_KEYS:
            continue
        if key == "faces":
            for face in value:
                faces[face["name"]].update(face)
            continue
        record[key] = value
        if key in FRONT_FACE_FIELDS and record.get("faces"):
            record["faces"][0][key] = value
    remove = set(correction.get("flags_remove", []))
    flags = [f for f in record.get("flags") or [] if f not in remove]
    flags += [f for f in correction.get("flags_add", []) if f not in flags]
    if flags:
        record["flags"] = flags
    else:
        record.pop("flags", None)


# --- output --------------------------------------------------------------------------------

def strip_record(record: dict) -> dict:
    """Return ``record`` without the dropped fields, "name" first.

    The loader (mtgengine.cards.database) indexes names without parsing whole
    lines and relies on each line starting with the card's full name; other
    keys keep their source order.
    """
    stripped = {"name": record["name"]}
    stripped.update((k, v) for k, v in record.items() if k not in DROPPED_FIELDS)
    return stripped


def build(records: Iterable[dict]) -> bytes:
    """Serialise the stripped records, one compact JSON object per line.

    Records are sorted by name; the sort is stable, so cards sharing a name
    (Un-set variants such as the six "Sly Spy") keep their source order.
    """
    stripped = sorted((strip_record(r) for r in records), key=lambda r: r["name"])
    lines = (json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in stripped)
    return ("\n".join(lines) + "\n").encode("utf-8")


#: Cards per gzip member of the data file: small enough that reading one member costs well
#: under a millisecond, large enough that compression barely suffers (+5 % of the file).
CARDS_PER_MEMBER = 256


def write_members(payload: bytes, output: Path) -> None:
    """Write ``payload`` (sorted card lines) as gzip members of ``CARDS_PER_MEMBER`` lines,
    each with a fixed mtime and no file name; a member ends only between two different full
    names, so the cards sharing a name (Un-set variants) are in one member."""
    from mtgengine.cards.database import _full_name

    lines = payload.splitlines(keepends=True)
    members: list[bytes] = []
    start = 0
    while start < len(lines):
        end = min(start + CARDS_PER_MEMBER, len(lines))
        while end < len(lines) and _full_name(lines[end]) == _full_name(lines[end - 1]):
            end += 1
        members.append(gzip.compress(b"".join(lines[start:end]), compresslevel=9, mtime=0))
        start = end
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_bytes(b"".join(members))


def write_gzip(payload: bytes, output: Path) -> None:
    """Write ``payload`` gzipped with a fixed mtime and no file name header."""
    output.parent.mkdir(parents=True, exist_ok=True)
    with open(output, "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=0) as gz:
            gz.write(payload)


def build_records(source: Path, supplement: Path, corrections: Path) -> list[dict]:
    """The records to ship: the Oracle records with the supplement's cards added and the
    corrections applied (to either); prints what it did."""
    records = list(read_records(source))
    count = len(records)
    records, skipped = add_supplement(records, read_records(supplement))
    print(f"read {count} records from {source}; added {len(records) - count} cards of {supplement}")
    if skipped:
        print(f"left out {len(skipped)} supplement card(s) the Oracle records already have: {', '.join(skipped)}")
    applied = apply_corrections(records, read_numbered(corrections), corrections)
    print(f"applied {applied} corrections of {corrections}")
    return records


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE, help="the Oracle records")
    parser.add_argument("--supplement", type=Path, default=DEFAULT_SUPPLEMENT,
                        help="cards the Oracle records lack")
    parser.add_argument("--corrections", type=Path, default=DEFAULT_CORRECTIONS,
                        help="fixes to records of the other two")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args(argv)
    try:
        payload = build(build_records(args.source, args.supplement, args.corrections))
    except CardDataError as exc:
        print(f"build_card_data: error: {exc}", file=sys.stderr)
        return 2
    write_members(payload, args.output)
    count = payload.count(b"\n")
    print(f"wrote {count} cards, {args.output.stat().st_size} bytes to {args.output}")
    write_index(args.output)
    return 0


def write_index(data_file: Path) -> Path:
    """The prebuilt name index beside the data file (``database.INDEX_FILE``), stamped with
    the CRC-32 of the data file's bytes so a stale index is never used."""
    from mtgengine.cards.database import _data_lines, block_table, name_index

    data = data_file.read_bytes()
    index = name_index(_data_lines(data))
    index["crc32"] = zlib.crc32(data)
    out = data_file.with_name("card_index.json.gz")
    write_gzip(json.dumps(index, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode(), out)
    print(f"wrote the name index, {out.stat().st_size} bytes to {out}")
    table = block_table(data)
    blocks = data_file.with_name("card_blocks.json")
    blocks.write_text(json.dumps(table, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote the table of {len(table['offsets']) - 1} gzip members to {blocks}")
    return out


if __name__ == "__main__":
    raise SystemExit(main())
