"""Write the coverage table shipped in the package (``mtgengine/data/coverage_index.json``).

``mtg coverage`` reads it instead of compiling all 31,000 cards (10-20 s) when it was made from
the same inputs as the installed package (``mtgengine.cards.coverage.input_hash``: the sources
that compile cards and the card data). Run it after changing the Oracle compiler, the
vocabulary, the effects, the card definitions or the card data; tests/cards/test_coverage_index.py
fails until then. The user's imported cards (``mtg cards import``) are not read: the shipped
table is that of the shipped data.

Usage: ``python tools/build_coverage_index.py [--jobs N]`` (default: one process per CPU).
"""
from __future__ import annotations

import argparse
import sys
import time
from importlib import resources
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))      # this checkout's mtgengine, not an installed one

from mtgengine.cards.coverage import INDEX_FILE, card_table, input_hash, write_table  # noqa: E402
from mtgengine.cards.database import CardDB  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=0, help="worker processes (default: one per CPU)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    table = card_table(CardDB.load(), jobs=args.jobs)      # the shipped data, without any overlay
    out = Path(str(resources.files("mtgengine").joinpath(INDEX_FILE)))
    write_table(out, input_hash(), table)
    done = sum(1 for _layout, gaps, misread in table.values() if not gaps and not misread)
    wrong = sum(1 for _layout, gaps, misread in table.values() if not gaps and misread)
    print(f"{done} of {len(table)} cards implemented ({wrong} more compile but are misparsed); wrote {out} "
          f"({out.stat().st_size} bytes) in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
