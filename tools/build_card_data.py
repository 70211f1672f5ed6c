"""Derive the card data file shipped with mtgengine from the shared Oracle dump.

Users of the package have no access to the shared data folder, so the engine
ships ``mtgengine/data/cards.jsonl.gz``. This tool produces it by dropping the
fields the engine never reads (printing history, provenance and the unreliable
``mana_value``, which the engine computes itself by CR 202.3) and keeping all
the rest. The output is deterministic (sorted, gzip mtime 0) so regenerating it
without an input change yields a byte-identical file and a clean ``git diff``.
The file is a series of gzip members of about ``CARDS_PER_MEMBER`` cards each (one gzip file
to any reader), listed in ``card_blocks.json`` beside it, so the engine reads a card asked for
by its full name from its member alone (``mtgengine.cards.database._Blocks``).

Usage: ``python tools/build_card_data.py [--source PATH] [--output PATH]``
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))      # this checkout's mtgengine, not an installed one
DEFAULT_SOURCE = REPO_ROOT.parent / "shared/data/cards.jsonl.gz"
DEFAULT_OUTPUT = REPO_ROOT / "mtgengine/data/cards.jsonl.gz"

#: Top-level fields the engine does not need. ``mana_value`` is wrong for some
#: cards (the engine derives it from the mana cost); the others describe
#: printings and the provenance of the record, not the card's characteristics.
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


def read_records(source: Path) -> Iterator[dict]:
    """Yield the JSON objects of a gzipped JSON-lines file."""
    with gzip.open(source, "rt", encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=DEFAULT_SOURCE)
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args(argv)
    payload = build(read_records(args.source))
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
