"""Dump every card's compiled script in a canonical text form, and compare two dumps.

The oracle for "the compiler's behaviour did not change": every face of every card of the
shipped data (no overlay) is compiled, and its script written field by field in a stable form
(dataclasses by their non-default fields in declaration order, sets sorted, nothing depending
on ``PYTHONHASHSEED``). A face shows what its text compiles to (``compiled``) and, when a card
definition changes that, what the engine plays (``played``), then what ``coverage.missing``
says it lacks.

    python3 tools/dump_scripts.py OUT [--jobs N]           # write the dump (N: processes)
    python3 tools/dump_scripts.py OUT --compare OLD        # ... and list the cards that differ
    python3 tools/dump_scripts.py --diff OLD NEW [--show K] # compare two dumps already written

The time printed is the CPU time of compiling and writing every card (all ``--jobs`` processes).
"""
from __future__ import annotations

import argparse
import dataclasses
import difflib
import multiprocessing
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))      # this checkout's mtgengine, not an installed one

from mtgengine.cards.coverage import face_script, missing  # noqa: E402
from mtgengine.cards.database import CardDB  # noqa: E402
from mtgengine.cards.compiler import compile_text  # noqa: E402


def canon(value: Any) -> str:
    """A stable text form of vocabulary values (dataclasses, sets, tuples, scalars)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        parts = []
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            default = f.default_factory() if f.default is dataclasses.MISSING and \
                f.default_factory is not dataclasses.MISSING else f.default      # type: ignore[misc]
            if default is not dataclasses.MISSING and v == default and type(v) is type(default):
                continue
            parts.append(f"{f.name}={canon(v)}")
        return f"{type(value).__name__}({', '.join(parts)})"
    if isinstance(value, (frozenset, set)):
        return "{" + ", ".join(sorted(canon(v) for v in value)) + "}"
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(canon(v) for v in value) + ("," if len(value) == 1 else "") + ")"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{canon(k)}: {canon(v)}" for k, v in sorted(value.items(), key=lambda kv: canon(kv[0]))) + "}"
    return repr(value)


def script_lines(script: Any, label: str) -> list[str]:
    """One line per set field of a CardScript."""
    out = [f"  {label}:"]
    for f in dataclasses.fields(script):
        v = getattr(script, f.name)
        default = f.default_factory() if f.default is dataclasses.MISSING else f.default   # type: ignore[misc]
        if v != default:
            out.append(f"    {f.name}: {canon(v)}")
    return out


def card_block(db: CardDB, name: str) -> str:
    """Everything the dump says about one card: for each face, what its printed text compiles
    to, and what the engine plays when that differs (a card definition, a legendary card's
    short name, CR 201.5c); then what it lacks."""
    card = db.get(name)
    lines = [f"== {name}"]
    for face in card.faces:
        compiled = compile_text(face.name, face.oracle_text or "", "Instant" in face.types or "Sorcery" in face.types)
        played = face_script(face)
        lines.append(f"- {face.name}")
        lines += script_lines(compiled, "compiled")
        if played != compiled:
            lines += script_lines(played, "played")
    gaps = missing(card)
    if gaps:
        lines.append("  missing: " + canon(tuple(gaps)))
    return "\n".join(lines)


_DB: CardDB | None = None


def _blocks(names: Sequence[str]) -> list[str]:
    assert _DB is not None
    return [card_block(_DB, name) for name in names]


def dump(jobs: int) -> tuple[list[str], float]:
    """Every card's block, in name order, and the CPU seconds it took (all processes)."""
    global _DB
    db = CardDB.load()._loaded()
    names = db.names()
    _DB = db
    start = time.process_time()
    if jobs <= 1:
        blocks = _blocks(names)
    else:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            shares = pool.map(_blocks, [names[i::jobs] for i in range(jobs)])
        by_name = {}
        for i, share in enumerate(shares):
            for name, block in zip(names[i::jobs], share):
                by_name[name] = block
        blocks = [by_name[name] for name in names]
    children = os.times()
    return blocks, time.process_time() - start + children.children_user + children.children_system


def read_dump(path: Path) -> dict[str, str]:
    """Card name -> its block."""
    out: dict[str, str] = {}
    for block in path.read_text(encoding="utf-8").split("\n== ")[0:]:
        block = block.removeprefix("== ")
        if not block.strip():
            continue
        name = block.split("\n", 1)[0]
        out[name] = block
    return out


def compare(old: Path, new: Path, show: int) -> int:
    """Prints the cards whose blocks differ (and the first ``show`` diffs); returns how many."""
    a, b = read_dump(old), read_dump(new)
    differ = sorted(name for name in a.keys() | b.keys() if a.get(name) != b.get(name))
    for name in differ[:show]:
        sys.stdout.writelines(difflib.unified_diff(
            (a.get(name, "") + "\n").splitlines(keepends=True), (b.get(name, "") + "\n").splitlines(keepends=True),
            f"{old}: {name}", f"{new}: {name}", n=0))
    for name in differ[show:]:
        print(f"differs: {name}")
    print(f"{len(differ)} of {len(a.keys() | b.keys())} cards differ between {old} and {new}")
    return len(differ)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path, help="the dump to write")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: one per CPU)")
    parser.add_argument("--compare", type=Path, metavar="OLD", help="an older dump to compare the new one with")
    parser.add_argument("--diff", nargs=2, type=Path, metavar=("OLD", "NEW"), help="compare two written dumps")
    parser.add_argument("--show", type=int, default=20, help="how many differences to show in full")
    args = parser.parse_args(argv)
    if args.diff:
        return 1 if compare(args.diff[0], args.diff[1], args.show) else 0
    if args.out is None:
        parser.error("give the file to write (or --diff OLD NEW)")
    blocks, seconds = dump(args.jobs)
    args.out.write_text("\n".join(blocks) + "\n", encoding="utf-8")
    print(f"{len(blocks)} cards compiled and written in {seconds:.1f} s of CPU on {args.jobs} process(es); wrote {args.out}")
    if args.compare:
        return 1 if compare(args.compare, args.out, args.show) else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
