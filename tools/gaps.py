"""Rank what keeps cards from being implemented: every missing paragraph of every card, grouped by
its wording with the card's name, numbers, mana symbols and quoted words generalized away.

For each wording: on how many cards it is missing, and on how many it is the *only* thing
missing ("sole": implementing it implements the card). Use it to pick the next grammar rule to
write (issue 19): the grammar rule, not the card.

Usage: ``python tools/gaps.py [--top N] [--sole] [--grep WORD] [--json OUT]`` (about 30 s on
2 cores). ``--sole`` sorts by cards it would finish; ``--grep`` keeps wordings containing WORD;
``--json`` writes {card name: [missing paragraphs]} for scripts.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))      # this checkout's mtgengine, not an installed one

from mtgengine.cards.coverage import missing  # noqa: E402
from mtgengine.cards.database import CardDB  # noqa: E402

_DB: CardDB | None = None


def _missing_of(names: list[str]) -> dict[str, list[str]]:
    assert _DB is not None
    out = {}
    for name in names:
        gaps = missing(_DB.get(name))
        if gaps:
            out[name] = gaps
    return out


def all_gaps(jobs: int) -> dict[str, list[str]]:
    """{card name: its missing paragraphs}, for every card not implemented."""
    global _DB
    _DB = CardDB.load()
    _DB = _DB._loaded()
    names = _DB.names()
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        shares = pool.map(_missing_of, [names[i::jobs] for i in range(jobs)])
    return {k: v for share in shares for k, v in share.items()}


def wording(gap: str, name: str) -> str:
    """A missing paragraph with what varies between cards generalized away."""
    text = gap.split(": ", 1)[1] if ": " in gap else gap
    for face in name.split(" // "):
        text = text.replace(face, "~")
        short = face.split(",")[0]
        if len(short) > 3:
            text = text.replace(short, "~")
    text = re.sub(r"(\{[^}]+\})+", "{M}", text)
    text = re.sub(r"\b(\d+|X|one|two|three|four|five|six)\b", "N", text)
    text = re.sub(r"[+-]N/[+-]N", "±N/±N", text)
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=60)
    parser.add_argument("--sole", action="store_true", help="sort by cards it is the only gap of")
    parser.add_argument("--grep", default="", help="keep wordings containing this (case-insensitive)")
    parser.add_argument("--json", type=Path, help="write {card: [missing paragraphs]} here")
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    args = parser.parse_args(argv)
    gaps = all_gaps(args.jobs)
    if args.json:
        args.json.write_text(json.dumps(gaps, indent=0, sort_keys=True))
    cards: Counter[str] = Counter()
    sole: Counter[str] = Counter()
    examples: dict[str, list[str]] = defaultdict(list)
    for name, paragraphs in gaps.items():
        words = {wording(p, name) for p in paragraphs}
        for w in words:
            cards[w] += 1
            if len(words) == 1:
                sole[w] += 1
            if len(examples[w]) < 3:
                examples[w].append(name)
    keys = [w for w in cards if args.grep.lower() in w.lower()]
    keys.sort(key=lambda w: (-(sole[w] if args.sole else cards[w]), w))
    print(f"{len(gaps)} cards not implemented; {len(cards)} different missing wordings")
    for w in keys[:args.top]:
        print(f"{cards[w]:5d} {sole[w]:5d}  {w[:150]}   [{'; '.join(examples[w])}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
