"""Which cards the engine implements: every ability of every face compiles (issue 4), and every
word of it was understood (``completeness``, issue 18).

Compiling all 31,000 cards takes 10-20 s, so ``mtg coverage`` reads a table of every card's
layout, number of gaps and number of misparsed paragraphs (``coverage_table``): the one shipped in the package
(``data/coverage_index.json``, made by ``tools/build_coverage_index.py``), else the one in the
user's cache, else it compiles them all (on every CPU) and caches the result. A table is used
only if it was made from the same inputs (``input_hash``: the sources that compile cards and
the card data, the user's imported cards included), so it always says what compiling would.
What a card misses is ``missing(card)`` and what was misread of it ``misparsed(card)``, which
compile that card (``mtg card NAME``): the table keeps the counts only, one text line per card, so that a rebuild changes only the lines
of the cards it changes (the gaps' texts would quadruple the file).
"""
from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
from collections import Counter
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from .completeness import misparses
from .database import CardData, CardDB, card_db, overlay_path
from .scripts import face_script

#: Layouts whose card-level rules (casting a half, transforming...) the engine plays.
SUPPORTED_LAYOUTS = frozenset({"normal", "split", "adventure", "modal_dfc", "transform",
                               "meld",       # meld: CR 701.42, 712.4, 712.8g, 712.21
                               "saga",       # saga: CR 714 (effects.sagas)
                               "flip",       # flip: CR 710 (primitives.flip)
                               "leveler",    # leveler: CR 711, 702.87 (compiler.levels)
                               "aftermath",  # aftermath: CR 702.127 (rules.aftermath)
                               "case",       # case: CR 719 (compiler.cases)
                               "room",       # room: CR 709.5 (rules.rooms)
                               "omen",       # omen: CR 720 (rules.resolution)
                               "prototype"})  # prototype: CR 702.160, 718 (rules.casting; a normal card
                                              # with a second set of characteristics)


def missing(card: CardData) -> list[str]:
    """What keeps ``card`` from being fully implemented (empty: it is)."""
    out: list[str] = []
    if card.layout not in SUPPORTED_LAYOUTS and not (
            card.layout == "class" and all(face_script(face).class_levels for face in card.faces)):
        # a Class plays by its level bars (CR 716) once they are compiled (``class_levels``)
        out.append(f"the {card.layout} layout is not supported yet")
    for face in card.faces:
        script = face_script(face)
        out.extend(f"{face.name}: {text}" for _n, text in script.unimplemented)
        if script.spell is not None:
            out.extend(f"{face.name}: {m.text}" for m in script.spell.modes if not m.implemented)
        if "Aura" in face.subtypes and script.enchant is None:
            out.append(f"{face.name}: its enchant ability")
    return out


def misparsed(card: CardData) -> list[str]:
    """The paragraphs of ``card`` that compiled although some of their words were not understood
    (``completeness.misparses``): the engine plays them, but not as written."""
    return [str(gap) for gap in misparses(card)]


def is_implemented(card: CardData) -> bool:
    """Exact for one card: it is compiled (not read from a coverage table). The engine plays a
    card with nothing ``missing``; a misparsed one is not counted as implemented (``coverage``)."""
    return not missing(card)


def implemented_names() -> list[str]:
    """The names of every fully implemented card (nothing missing, nothing misparsed), in the
    database's order."""
    return coverage()["names"]


def coverage() -> dict[str, Any]:
    """Counts of fully implemented cards by layout, and their names; ``misparsed``: the cards
    with nothing missing whose text was not all understood (not counted as implemented)."""
    total: Counter[str] = Counter()
    done: Counter[str] = Counter()
    names: list[str] = []
    wrong: list[str] = []
    table = coverage_table()
    for name, (layout, gaps, misread) in table.items():       # (how many of each)
        total[layout] += 1
        if not gaps and not misread:
            done[layout] += 1
            names.append(name)
        elif not gaps:
            wrong.append(name)
    not_paper = {n for flag in NOT_PAPER_FLAGS for n in card_db().names_flagged(flag)}
    paper = [layout for name, (layout, _g, _m) in table.items() if name not in not_paper]
    paper_done = Counter(table[name][0] for name in names if name not in not_paper)
    return {"implemented": len(names), "total": sum(total.values()), "misparsed": len(wrong),
            "by_layout": {k: {"implemented": done[k], "total": total[k]} for k in sorted(total)},
            "paper": {"implemented": sum(paper_done.values()), "total": len(paper),
                      "by_layout": {k: {"implemented": paper_done[k], "total": v}
                                    for k, v in sorted(Counter(paper).items())}},
            "names": names, "misparsed_names": wrong}


#: The cards the paper count leaves out (issue 19's "all paper cards"): funny (Un-sets,
#: playtest cards), digital-only, and the nontraditional planes, schemes and vanguards (CR 901,
#: 904, 902), by the data's flags (docs/card-data.md).
NOT_PAPER_FLAGS = ("funny", "digital_only", "nontraditional")


# -- the table ---------------------------------------------------------------------------------
#: A coverage table: each distinct full name, in name order, to its card's layout, the number
#: of things ``missing`` lists for it and the number ``misparsed`` lists (0 and 0: implemented).
Table = dict[str, tuple[str, int, int]]

INDEX_FILE = "data/coverage_index.json"
#: What a card compiles to depends on these parts of the package (the Oracle compiler, the
#: vocabulary, the card definitions and hooks, the layers' face scripts and the effects they
#: read, the core types), on the card data and on the shipped rules (the creature types of CR
#: 205.3m, which tell a legendary card's short name from a type).
INPUT_FOLDERS = ("cards", "core", "effects")
INPUT_DATA = ("data/cards.jsonl.gz", "data/definitions", "data/cr_rules.txt.gz")


def _python_files(folder: Any, prefix: str) -> list[str]:
    """The Python sources under ``folder``, its subpackages too (the compiler, the vocabulary and
    the resolutions decide coverage as much as the top-level modules), as package-relative names."""
    out = []
    for entry in folder.iterdir():
        if entry.is_dir() and entry.name != "__pycache__":
            out.extend(_python_files(entry, f"{prefix}/{entry.name}"))
        elif entry.name.endswith(".py"):
            out.append(f"{prefix}/{entry.name}")
    return out


def input_hash(overlay: Path | None = None) -> str:
    """SHA-256 of the inputs that decide every card's coverage: the Python sources of
    ``INPUT_FOLDERS``, the shipped card data and definitions, and the user's card ``overlay``."""
    package = resources.files("mtgengine")
    digest = hashlib.sha256()
    files = [name for folder in INPUT_FOLDERS for name in _python_files(package.joinpath(folder), folder)]
    for data in INPUT_DATA:
        entry = package.joinpath(data)
        if entry.is_dir():
            files.extend(f"{data}/{e.name}" for e in entry.iterdir() if e.is_file())
        else:
            files.append(data)
    for name in sorted(files):
        content = package.joinpath(name).read_bytes()
        digest.update(f"{name}\0{len(content)}\0".encode())
        digest.update(content)
    if overlay is not None:
        content = overlay.read_bytes()
        digest.update(f"overlay\0{len(content)}\0".encode())
        digest.update(content)
    return digest.hexdigest()


def card_table(db: CardDB, jobs: int = 0) -> Table:
    """Every card of ``db`` compiled: its layout, what is missing and what is misparsed (how
    many of each), by distinct full name (the
    card ``db.get`` finds for it). ``jobs``: worker processes (0: one per CPU), each compiling
    every ``jobs``-th name; the table is the same for any number."""
    names = db.names()
    jobs = min(jobs or os.cpu_count() or 1, len(names))
    methods = multiprocessing.get_all_start_methods()
    if jobs <= 1 or "fork" not in methods:
        return _rows(db, names)
    global _FORKED_DB
    _FORKED_DB = db._loaded()            # read by the forked workers (``_share``), not pickled
    try:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            shares = pool.map(_share, [(names[i::jobs]) for i in range(jobs)])
    finally:
        _FORKED_DB = None
    rows = {name: row for share in shares for name, row in share.items()}
    return {name: rows[name] for name in names}


_FORKED_DB: CardDB | None = None


def _share(names: Sequence[str]) -> Table:
    assert _FORKED_DB is not None
    return _rows(_FORKED_DB, names)


def _rows(db: CardDB, names: Sequence[str]) -> Table:
    table: Table = {}
    for name in names:
        card = db.get(name)
        table[name] = (card.layout, len(missing(card)), len(misparses(card)))
    return table


def coverage_table() -> Table:
    """The coverage table of the card database (``card_db()``): the shipped one or the cached one
    if made from the same inputs (``input_hash``), else compiled now and cached."""
    overlay = overlay_path()
    digest = input_hash(overlay if overlay.is_file() else None)
    shipped = resources.files("mtgengine").joinpath(INDEX_FILE)
    for source in (shipped, cache_path()):
        table = read_table(source, digest)
        if table is not None:
            return table
    table = card_table(card_db())
    try:
        write_table(cache_path(), digest, table)
    except OSError:
        pass            # a cache that can't be written: the next run compiles again
    return table


def cache_path() -> Path:
    """The user's cached coverage table: in $MTGENGINE_DATA_DIR/cache if that is set (as the card
    overlay's folder), else in $XDG_CACHE_HOME/mtgengine or ~/.cache/mtgengine."""
    env = os.environ.get("MTGENGINE_DATA_DIR")
    if env:
        folder = Path(env) / "cache"
    else:
        folder = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "mtgengine"
    return folder / "coverage.json"


def read_table(source: Any, digest: str) -> Table | None:
    """The table a file (a path or a package resource) holds, if it was made from the inputs
    ``digest`` stands for; None for a missing, stale or unreadable file."""
    try:
        data = json.loads(source.read_bytes())
    except (OSError, ValueError):            # (a JSONDecodeError or UnicodeDecodeError)
        return None
    if not isinstance(data, dict) or data.get("inputs") != digest or not isinstance(data.get("cards"), list):
        return None
    table: Table = {}
    for row in data["cards"]:
        if not (isinstance(row, list) and len(row) == 4 and isinstance(row[0], str) and isinstance(row[1], str)
                and all(v.__class__ is int and v >= 0 for v in row[2:])):
            return None
        table[row[0]] = (row[1], row[2], row[3])
    return table


def write_table(path: Path, digest: str, table: Table) -> None:
    """Writes the table for the inputs ``digest`` (deterministic bytes), replacing the file
    whole (a reader sees the old file or the new one)."""
    rows = ",\n".join(json.dumps([name, *row], ensure_ascii=False) for name, row in table.items())
    payload = f'{{"inputs": "{digest}", "cards": [\n{rows}\n]}}\n'.encode()
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    partial.write_bytes(payload)
    os.replace(partial, path)
