#!/usr/bin/env python3
"""Which of the cards in tools/staples.txt (commonly played, hand-listed) are not yet fully
implemented — a quick guide for the long tail, not a measure of real decks (issue 19).

    python3 tools/staples_check.py
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from mtgengine.cards import coverage as cov          # noqa: E402
from mtgengine.cards.database import card_db         # noqa: E402


def main() -> int:
    lines = Path(__file__).with_name("staples.txt").read_text(encoding="utf-8").splitlines()
    names = list(dict.fromkeys(n.strip() for n in lines if n.strip() and not n.startswith("#")))
    db = card_db()
    missing = [n for n in names if not cov.is_implemented(db.get(n))]
    print(f"{len(names)} staples listed, {len(missing)} not fully implemented:")
    for n in missing:
        print("  " + n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
