#!/usr/bin/env python3
"""Speed of the card database: loading all 30,999 records and suggesting names for typos.

    python benchmarks/bench_cards.py

Targets (development machine, 2 cores): loading under 2 s (≈0.25 s measured), a suggestion
under 0.3 s once the lazy indexes exist. Timings are medians of 5 runs; they live here, never
in timed unit tests.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's mtgengine

from mtgengine.cards.database import CardDB  # noqa: E402

#: the reference deck's cards, each read from its gzip member alone (``database._Blocks``)
DECK_NAMES = ("Forest", "Mountain", "Grizzly Bears", "Llanowar Elves", "Hill Giant", "Lightning Bolt", "Shock",
              "Giant Growth")
TYPOS = ("Serra Angle", "Counterspel", "Delver of Secret", "Brizzly Bears", "Lightnig Bolt")


def median_seconds(action, repeats: int = 5) -> float:
    """The median time of ``action`` over ``repeats`` runs."""
    runs = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def main() -> None:
    load = median_seconds(lambda: CardDB.load()._loaded())
    deck = median_seconds(lambda: [CardDB.load().get(n) for n in DECK_NAMES])
    db = CardDB.load()
    db.suggest("Grizly Bears")  # builds the lazy indexes
    suggest = median_seconds(lambda: [db.suggest(t) for t in TYPOS]) / len(TYPOS)
    print(f"CardDB.load, every record and the name index: {load * 1000:.0f} ms (target < 2000 ms)")
    print(f"CardDB.load and the reference deck's {len(DECK_NAMES)} cards by name: {deck * 1000:.0f} ms")
    print(f"suggest: {suggest * 1000:.1f} ms per typo (target < 300 ms)")


if __name__ == "__main__":
    main()
