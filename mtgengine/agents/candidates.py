"""The answers an agent considers for a decision: every legal one when they are few, else a
deterministic sample (docs/AI.md "Candidate answers").

A priority decision lists its actions; a choice of one option lists its options. A choice of
several (attackers, blockers, cards to discard or put on the bottom, targets of a spell with
several, piles, orders, divisions) has too many answers to try them all: the candidates are the
natural ones (none, all, each alone, the default answer of the rules) completed by random ones
up to :data:`MAX_CANDIDATES`, drawn with the caller's generator so the same decision gives the
same list. Illegal candidates (a lone blocker of a creature with menace, CR 509.1b) are found by
the engine and dropped by the caller.
"""
from __future__ import annotations

import itertools
import random
from typing import Any

from .agents import first_option
from .decisions import Decision

#: The most answers considered for one decision.
MAX_CANDIDATES = 12


def candidates(decision: Decision, rng: random.Random, limit: int = MAX_CANDIDATES) -> list[Any]:
    """Distinct candidate answers to ``decision``, the rules' default first (module docstring)."""
    kind = decision.kind
    opts = decision.options
    out: list[Any] = []
    if kind == "priority":
        return list(opts)
    if kind == "x":
        top = int(decision.info.get("max", 3))
        values = list(range(top + 1)) if top < limit else sorted({0, 1, 2, top // 2, top - 1, top})
        return values
    if kind == "new_targets":
        return ["keep"]
    if not opts and decision.info.get("suggestions"):
        return list(decision.info["suggestions"][:limit])
    if "groups" in decision.info:
        return [[group[0]] if group else [] for group in decision.info["groups"]][:limit]
    if kind == "attackers":
        return _attackers(decision, rng, limit)
    if kind == "blockers":
        return _blockers(decision, rng, limit)
    if kind == "divide":
        return _divisions(decision, limit)
    if kind in ("order", "damage_assignment"):
        return _orders(decision, rng, limit)
    if not decision.multi:
        return list(opts[:limit]) if len(opts) <= limit else [opts[0]] + rng.sample(opts[1:], limit - 1)
    _add(out, first_option(decision))
    sizes = decision.info.get("sizes") or list(range(max(decision.min, 0), min(decision.max, len(opts)) + 1))
    combos: list[list[Any]] = []
    for k in sizes:
        if k > len(opts):
            continue
        count = _binomial(len(opts), k)
        if count <= limit:
            combos += [list(c) for c in itertools.combinations(opts, k)]
        else:
            for _ in range(limit):
                pick = rng.sample(range(len(opts)), k)
                combos.append([opts[i] for i in sorted(pick)])
    rng.shuffle(combos)
    for c in sorted(combos, key=len):
        if len(out) >= limit:
            break
        _add(out, c)
    return out


def _attackers(decision: Decision, rng: random.Random, limit: int) -> list[Any]:
    opts = decision.options
    required = list(decision.info.get("required", []))
    base = [o for o in opts if o in required]
    free = [o for o in opts if o not in required]
    out: list[Any] = []
    _add(out, base)
    _add(out, base + free)
    for o in free:
        _add(out, base + [o])
    for o in free:
        _add(out, base + [x for x in free if x != o])
    while len(out) < limit and len(free) > 2:
        pick = [o for o in free if rng.random() < 0.5]
        if not _add(out, base + pick) and rng.random() < 0.2:
            break
    return out[:limit]


def _blockers(decision: Decision, rng: random.Random, limit: int) -> list[Any]:
    pairs = [list(p) for p in decision.options]
    out: list[Any] = []
    _add(out, list(decision.info.get("required", [])))
    for p in pairs:
        _add(out, [p])
    by_blocker: dict[int, list[list[int]]] = {}
    for b, a in pairs:
        by_blocker.setdefault(b, []).append([b, a])
    by_attacker: dict[int, list[int]] = {}
    for b, a in pairs:
        by_attacker.setdefault(a, []).append(b)
    for a, blockers in by_attacker.items():          # everyone on one attacker (menace, big creatures)
        if len(blockers) > 1:
            _add(out, [[b, a] for b in blockers])
    tries = 0
    while len(out) < limit and tries < 4 * limit:
        tries += 1
        pick = []
        for b in sorted(by_blocker):
            choice = rng.randrange(len(by_blocker[b]) + 1)
            if choice:
                pick.append(by_blocker[b][choice - 1])
        _add(out, pick)
    return out[:limit]


def _divisions(decision: Decision, limit: int) -> list[Any]:
    targets = list(decision.options)
    total = int(decision.info.get("total", len(targets)))
    out: list[Any] = [first_option(decision)]
    even = {str(t): total // len(targets) for t in targets}
    for t in targets[: total - sum(even.values())]:
        even[str(t)] += 1
    if all(v >= 1 for v in even.values()):
        _add(out, even)
    for t in targets:
        share = {str(x): 1 for x in targets}
        share[str(t)] += total - len(targets)
        _add(out, share)
    return out[:limit]


def _orders(decision: Decision, rng: random.Random, limit: int) -> list[Any]:
    opts = list(decision.options)
    out: list[Any] = []
    _add(out, first_option(decision))
    if len(opts) <= 4:
        for perm in itertools.permutations(opts):
            _add(out, list(perm))
    _add(out, list(opts))
    _add(out, list(reversed(opts)))
    for _ in range(limit):
        perm = list(opts)
        rng.shuffle(perm)
        _add(out, perm)
    return out[:limit]


def _add(out: list[Any], answer: Any) -> bool:
    if answer in out:
        return False
    out.append(answer)
    return True


def _binomial(n: int, k: int) -> int:
    from math import comb
    return comb(n, k)


__all__ = ["MAX_CANDIDATES", "candidates"]
