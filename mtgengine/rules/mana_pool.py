"""Mana in the pool that isn't just its type (CR 106.4, 106.6, 107.4h).

``Player.pool`` counts every unspent mana by type. Most mana is only its type, but some is
more: mana produced by a snow source (CR 106.3, 107.4h: only that mana pays {S}) and mana
with a spending restriction ("Spend this mana only to cast artifact spells", CR 106.6). Each
such mana is one entry of ``Player.pool_tags``: (type, from a snow source, restriction). The
rest of a type's count is plain mana. Tags are an immutable tuple, replaced on change, so
cloning a player shares them.

Spending chooses the units: a {S} symbol takes snow mana; any other symbol takes, among the
mana that may be spent on this cost, restricted mana first (it can pay for less), then plain
mana, then snow mana (kept for {S} symbols).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..cards.vocabulary import ManaRestriction
from ..core.enums import COMBAT_STEPS, Step
from ..effects.characteristics import matches_characteristics
from ..effects.link_records import chosen

if TYPE_CHECKING:
    from ..effects.layers import Characteristics
    from ..state.game_state import GameState
    from ..state.objects import Player

#: One tagged mana: (type, from a snow source, spending restriction or None).
Unit = tuple[str, bool, "ManaRestriction | None"]


@dataclass(frozen=True, slots=True)
class SpendOn:
    """What mana is being spent on (CR 106.6): casting a spell (``kind`` "spell", ``ch`` its
    characteristics), activating an ability (``kind`` "ability", ``ch`` its source's), or any
    other cost ("other": a cost paid while something resolves, "unless pays", Ice Cave)."""

    kind: str = "other"
    ch: Characteristics | None = None
    #: the spell on the stack, for riders of the mana spent on it (CR 106.6)
    oid: int = 0


OTHER = SpendOn()


def allows(restriction: ManaRestriction | None, spend_on: SpendOn | None, player: int) -> bool:
    """Whether mana with ``restriction`` may be spent on ``spend_on`` (CR 106.6)."""
    if restriction is None:
        return True
    on = spend_on or OTHER
    ch = on.ch
    if on.kind == "spell" and restriction.no_spells:
        return False                                                # "only to activate abilities"
    if on.kind == "spell" and ch is not None:
        if restriction.multicolored and len(ch.colors) < 2:         # CR 105.4
            return False
        return restriction.spell is None or matches_characteristics(restriction.spell, ch, ch.controller, player)
    if on.kind == "ability" and ch is not None:
        if restriction.ability is not None:
            return matches_characteristics(restriction.ability, ch, ch.controller, player)
        return not restriction.cast_only
    return not restriction.cast_only and restriction.ability is None and not restriction.no_spells


def fixed_restriction(g: GameState, restriction: ManaRestriction | None, source: int) -> ManaRestriction | None:
    """The restriction as the mana is produced: "a creature spell of the chosen type" (Cavern of
    Souls) becomes the type chosen as its source entered (CR 607.2d); none chosen, no spell
    qualifies (CR 607.5a)."""
    if restriction is None or restriction.spell is None or not restriction.spell.chosen_type:
        return restriction
    kind = chosen(g, source, restriction.spell.chosen_type)
    return replace(restriction, spell=replace(restriction.spell, chosen_type="",
                                              subtypes=frozenset({kind or "(none chosen)"})))


def add(pl: Player, kinds: tuple[str, ...], snow: bool = False, restriction: ManaRestriction | None = None) -> None:
    """CR 106.4: mana goes into the pool; snow or restricted mana is tagged unit by unit."""
    for kind in kinds:
        pl.pool[kind] += 1
    if snow or restriction is not None:
        pl.pool_tags = pl.pool_tags + tuple((kind, snow, restriction) for kind in kinds)


def usable(g: GameState, player: int, spend_on: SpendOn | None) -> tuple[dict[str, int], dict[str, int]]:
    """The pool mana that may be spent on ``spend_on``, by type, and how much of it is snow mana."""
    pl = g.players[player]
    if not pl.pool_tags:
        return dict(pl.pool), {}
    counts = dict(pl.pool)
    snow: dict[str, int] = {}
    for kind, is_snow, restriction in pl.pool_tags:
        if not allows(restriction, spend_on, player):
            counts[kind] -= 1
        elif is_snow:
            snow[kind] = snow.get(kind, 0) + 1
    return counts, snow


def spend(g: GameState, player: int, kind: str, n: int, spend_on: SpendOn | None, snow: bool = False) -> bool:
    """Removes ``n`` mana of type ``kind`` that may be spent on ``spend_on`` (snow mana only
    when ``snow``: a {S} symbol); False, changing nothing, if there isn't that much. The riders
    of the mana spent apply to the spell it's spent on (CR 106.6)."""
    pl = g.players[player]
    if not n:
        return True
    if not pl.pool_tags:
        if snow or pl.pool.get(kind, 0) < n:
            return False
        g.player(player).pool[kind] -= n
        _spent_on_spell(g, kind, n, spend_on)
        return True
    tags = list(pl.pool_tags)
    plain = pl.pool.get(kind, 0) - sum(1 for t in tags if t[0] == kind)
    # which tagged units to take, best first (see the module docstring)
    order = sorted((i for i, t in enumerate(tags) if t[0] == kind and allows(t[2], spend_on, player)
                    and (t[1] or not snow)),
                   key=lambda i: (tags[i][1], tags[i][2] is None))
    # restricted non-snow mana first, then plain mana (untagged), then the other tagged units
    restricted_first = [i for i in order if tags[i][2] is not None and not tags[i][1]]
    rest = [i for i in order if i not in restricted_first]
    taken = restricted_first[:n]                  # empty for a {S} symbol: ``order`` is snow mana only
    need = n - len(taken)
    need -= 0 if snow else min(need, plain)
    if need > len(rest):
        return False
    taken += rest[:need]
    w = g.player(player)
    w.pool[kind] -= n
    w.pool_tags = tuple(t for i, t in enumerate(tags) if i not in taken)
    _riders(g, player, [tags[i][2] for i in taken], spend_on)
    _spent_on_spell(g, kind, n, spend_on)
    return True


def _spent_on_spell(g: GameState, kind: str, n: int, spend_on: SpendOn | None) -> None:
    """The mana spent to cast a spell, which converge and sunburst count the colors of (CR
    601.2h, 702.44a): noted on the spell."""
    if spend_on is not None and spend_on.kind == "spell" and spend_on.oid and spend_on.oid in g.objects:
        o = g.obj(spend_on.oid)
        o.choices["mana_spent"] = tuple(o.choices.get("mana_spent", ())) + (kind,) * n


def _riders(g: GameState, player: int, spent: list[ManaRestriction | None], spend_on: SpendOn | None) -> None:
    """CR 106.6: "that spell can't be countered" when such mana is spent on a spell it names."""
    if spend_on is None or spend_on.kind != "spell" or not spend_on.oid or spend_on.ch is None:
        return
    ch = spend_on.ch
    for r in spent:
        if r is not None and r.uncounterable is not None \
                and matches_characteristics(r.uncounterable, ch, ch.controller, player):
            g.obj(spend_on.oid).choices["uncounterable"] = r.text


def empty(pl: Player, ending: Step | None = None) -> None:
    """CR 106.4: the pool empties as the step or phase ``ending`` ends, but for mana an effect
    says isn't lost as steps and phases end ("until end of turn": kept until the cleanup step
    ends; firebending's "until end of combat", CR 702.189a: through the combat steps)."""
    kept = tuple(t for t in pl.pool_tags if t[2] is not None and _kept(t[2].lasts, ending))
    for k in pl.pool:
        pl.pool[k] = 0
    pl.pool_tags = kept
    for kind, _, _ in kept:
        pl.pool[kind] += 1


def _kept(lasts: str, ending: Step | None) -> bool:
    if not lasts or ending is None:
        return False
    if lasts == "combat":
        return ending in COMBAT_STEPS and ending is not Step.END_OF_COMBAT
    return ending is not Step.CLEANUP


def describe(pl: Player) -> str:
    """The pool as the scenario checks spell it: plain mana as symbols ("{G}{G}"), then each
    snow or restricted mana as its symbol with a note ("{C} (Spend this mana only ...)")."""
    tagged = Counter(t[0] for t in pl.pool_tags)
    order = ("W", "U", "B", "R", "G", "C")
    text = "".join("{" + k + "}" for k in order for _ in range(pl.pool.get(k, 0) - tagged[k]))
    for kind, is_snow, restriction in pl.pool_tags:
        notes = (["snow"] if is_snow else []) + ([restriction.text] if restriction is not None and restriction.text
                                                 else []) \
            + ([f"kept until end of {restriction.lasts}"] if restriction is not None and restriction.lasts else [])
        text += "{" + kind + "} (" + "; ".join(notes) + ")"
    return text
