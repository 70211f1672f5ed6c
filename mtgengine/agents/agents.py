"""Agents answer decisions: uniformly random, first legal option, or scripted answers."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ..core.rng import Rng
from .decisions import Decision


class Agent(Protocol):
    def decide(self, decision: Decision) -> Any: ...


class FirstOptionAgent:
    """Answers with the first legal option (the scenario format's non-strict default)."""

    def decide(self, decision: Decision) -> Any:
        return first_option(decision)


def first_option(decision: Decision) -> Any:
    if decision.kind == "x":
        return decision.info.get("min", 0)
    if decision.kind == "new_targets":
        return "keep"
    if decision.kind == "divide":
        total = decision.info.get("total", len(decision.options))
        shares = {str(t): 1 for t in decision.options}
        shares[str(decision.options[0])] += total - len(decision.options)
        return shares
    if decision.kind in ("attackers", "blockers"):
        return list(decision.info.get("required", []))       # the blocks a requirement asks for (CR 509.1c)
    if decision.kind in ("order", "damage_assignment"):
        return list(decision.options[: decision.min])
    if "groups" in decision.info:
        return next(([group[0]] for group in decision.info["groups"] if group), [])
    if decision.multi:
        return list(decision.options[: max(decision.min, 0)])
    if not decision.options and decision.info.get("suggestions"):
        return decision.info["suggestions"][0]          # a free-text answer ("name a card")
    return decision.options[0]


class RandomAgent:
    """Uniformly random among the legal options, with its own seeded RNG (deterministic)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def decide(self, decision: Decision) -> Any:
        rng = self.rng
        opts = decision.options
        kind = decision.kind
        if kind == "priority":                            # the most frequent decision by far
            return opts[rng.randrange(len(opts))]
        if kind == "x":
            least = decision.info.get("min", 0)
            return least + rng.randrange(max(decision.info.get("max", 3) - least, 0) + 1)
        if kind == "new_targets":
            return "keep"
        if kind == "attackers":
            required = decision.info.get("required")       # those that must attack (CR 508.1d)
            if required:
                chosen = [o for o in opts if o in required or rng.randrange(2)]
            else:
                chosen = [o for o in opts if rng.randrange(2)]
            if len(chosen) == 1 and chosen[0] in decision.info.get("not_alone", ()):
                chosen = []                                 # it can't attack alone (CR 508.1c)
            players = [d for d in decision.info.get("defenders", ()) if d < 0]
            if len(players) > 1:
                # a multiplayer game: each attacker attacks an opponent at random (CR 802.3), one it
                # may attack (CR 508.1c); (a two-player game's attackers attack the one opponent)
                limited = {oid: [d for d in allowed if d < 0] for oid, allowed in decision.info.get("defenders_of", ())}
                out = []
                for o in chosen:
                    mine = limited.get(o, players)
                    if mine:
                        out.append([o, mine[rng.randrange(len(mine))]])
                return out
            return chosen
        if kind == "blockers":
            blocks = _random_blocks(rng, opts, decision.info.get("required", ()), decision.info.get("menace", ()))
            return _block_counts(rng, blocks, opts, decision.info) if _COUNTS.intersection(decision.info) else blocks
        if kind == "divide":
            return _random_division(rng, opts, decision.info.get("total", len(opts)))
        if kind == "damage_assignment":
            order = [o for o in opts if o > 0] if len(opts) > decision.min else list(opts)
            rng.shuffle(order)
            return order
        if kind == "order":
            order = list(opts)
            rng.shuffle(order)
            return order
        if not opts and decision.info.get("suggestions"):
            hints = decision.info["suggestions"]          # a free-text answer ("name a card")
            return hints[rng.randrange(len(hints))]
        if "groups" in decision.info:                    # answers within one group (CR 701.20a piles)
            groups = decision.info["groups"]
            group = groups[rng.randrange(len(groups))]
            return list(group[:1])
        if decision.multi:
            sizes = decision.info.get("sizes")
            if sizes:                                     # only these many ("you may discard two cards")
                k = min(sizes[rng.randrange(len(sizes))], len(opts))
            else:
                k = decision.min if decision.min == decision.max else \
                    decision.min + rng.randrange(decision.max - decision.min + 1)
            pool = list(opts)
            rng.shuffle(pool)
            return sorted(pool[:k], key=opts.index)
        return opts[rng.randrange(len(opts))]


def _random_division(rng: Rng, targets: list[int], total: int) -> dict[str, int]:
    """At least one to each target (CR 601.2d), the rest spread at random."""
    shares = dict.fromkeys(targets, 1)
    for _ in range(total - len(targets)):
        shares[targets[rng.randrange(len(targets))]] += 1
    return {str(t): n for t, n in shares.items()}


_COUNTS = frozenset({"fewest", "most", "blocks", "not_alone"})


def _block_counts(rng: Rng, blocks: list[list[int]], pairs: list[list[int]], info: dict[str, Any]) -> list[list[int]]:
    """The random blocks made legal for the counts the rules set (CR 509.1a-b): a blocker that
    may block more than one attacker may add blocks at random, then blockers are taken off an
    attacker blocked by more than its most, or by fewer than its fewest; a lone blocker that
    can't block alone blocks nothing."""
    room = {b: n for b, n in info.get("blocks", ())}
    if room:
        mine = {b for b, _ in blocks}
        for b, a in pairs:
            cap = room.get(b, 1)
            count = sum(1 for x, _ in blocks if x == b)
            if b in room and b in mine and [b, a] not in blocks and (cap is None or count < cap) and rng.randrange(2):
                blocks.append([b, a])
    for a, most in info.get("most", ()):
        on = [p for p in blocks if p[1] == a]
        for p in on[most:]:
            blocks.remove(p)
    for a, fewest in [*info.get("fewest", ()), *([a, 2] for a in info.get("menace", ()))]:
        on = [p for p in blocks if p[1] == a]
        if len(on) < fewest:
            for p in on:
                blocks.remove(p)
    alone = info.get("not_alone", ())
    if len({b for b, _ in blocks}) == 1 and blocks[0][0] in alone:
        blocks = []
    return blocks


def _random_blocks(rng: Rng, pairs: list[list[int]], required: Sequence[Sequence[int]] = (),
                   menace: Sequence[int] = ()) -> list[list[int]]:
    """A legal block declaration at random: the blocks a requirement asks for (CR 509.1c),
    then each other potential blocker blocks nothing or one attacker it can block, and an
    attacker with menace left with one blocker is not blocked by it (CR 702.111b)."""
    fixed = {b: a for b, a in required}
    by_blocker: dict[int, list[int]] = {}
    for b, a in pairs:
        by_blocker.setdefault(b, []).append(a)
    chosen: dict[int, int] = {}
    for b in sorted(by_blocker):
        if b in fixed:
            chosen[b] = fixed[b]
            continue
        choices = by_blocker[b]
        pick = rng.randrange(len(choices) + 1)
        if pick:
            chosen[b] = choices[pick - 1]
    for a in menace:
        lone = [b for b, x in chosen.items() if x == a]
        if len(lone) == 1 and lone[0] not in fixed:
            del chosen[lone[0]]
    return [[b, a] for b, a in chosen.items()]
