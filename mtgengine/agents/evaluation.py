"""The evaluation of a position for one player, shared by the greedy agent and the search.

``evaluate(g, player)`` is a number in [0, 1]: 1 a won game, 0 a lost one, 0.5 a draw or an
even position. In between it is ``1 / (1 + exp(-(mine - theirs) / SCALE))`` where each side's
material is the sum of (documented in docs/AI.md, weights in :data:`WEIGHTS`):

- **life**: one point a life point up to 20, a third above; below 6 each missing point costs
  one more (CR 119: a player at 0 loses, CR 704.5a); poison counters cost two each (CR 704.5c);
- **cards**: each card in hand (options to come), a little more for a spell whose colored mana
  symbols the player's basic land types all make (CR 305.6: which land to play matters), a
  library of fewer than five cards costs (CR 704.5b: drawing from an empty library loses);
- **board**: each creature one point plus its power and toughness weighted (power more: it is
  what ends games; damage marked on it lowers its toughness), evasion and combat keywords a
  bonus each; power and toughness an effect gives only until end of turn (a pump, CR 514.2)
  don't count: what they did in combat shows in the result; each land one and a half points up
  to seven (mana: playing a land from the hand is worth it), a little above; a planeswalker two plus
  its loyalty; any other permanent one point plus half its mana value; a creature that can't
  attack (CR 508.1c: Pacifism) keeps a quarter of its power's worth, one that can't block
  (CR 509.1b) half its toughness's;
- **threat**: a player whose life the opponent's creatures' total power (those that can attack)
  reaches next turn is in danger (a fixed penalty), as is one facing a board that kills them in
  two turns (half of it); the power the player's own potential blockers can stop
  (one attacker each, the biggest first) doesn't count against them.

Only the board's permanents' characteristics (CR 613, ``layers.permanents``), life totals and
zone sizes are read, so the evaluation works on any state, a determinized world included.
"""
from __future__ import annotations

import math
from typing import Any

from ..cards.vocabulary import ModifyPT
from ..core.enums import Zone
from ..effects.layers import permanents
from ..state.game_state import GameState

#: The weights of the evaluation's terms (docs/AI.md).
WEIGHTS: dict[str, float] = {
    "life": 1.0, "life_above_20": 1 / 3, "low_life": 1.0, "poison": 2.0,
    "card": 1.0, "castable": 0.4, "short_library": 1.0,
    "creature": 1.0, "power": 1.3, "toughness": 0.8, "keyword": 0.6,
    "land": 1.5, "extra_land": 0.3, "planeswalker": 2.0, "other": 1.0,
    "lethal_threat": 6.0,
}
#: How many points of material difference make a position worth 0.73 (one logistic unit).
SCALE = 10.0
#: Keywords worth a bonus on a creature (CR 702): evasion, and what changes combat.
KEYWORD_VALUE: dict[str, float] = {
    "flying": 1.0, "trample": 0.5, "menace": 0.7, "deathtouch": 1.0, "lifelink": 0.7,
    "first strike": 0.8, "double strike": 1.5, "vigilance": 0.4, "hexproof": 0.8, "shroud": 0.5,
    "indestructible": 2.0, "reach": 0.3, "haste": 0.2,
}
_HAND, _LIBRARY = Zone.HAND, Zone.LIBRARY
#: The color of mana each basic land type's intrinsic ability makes (CR 305.6).
LAND_COLORS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
#: Restrictions granted like keywords (``compiler.keywords.RESTRICTIONS``).
_CANT_ATTACK, _CANT_BLOCK = "can't attack", "can't block"


def evaluate(g: GameState, player: int, w: dict[str, float] | None = None) -> float:
    """The value of ``g`` for ``player`` in [0, 1] (module docstring); ``w``: the weights
    (default :data:`WEIGHTS`)."""
    if g.over:
        if g.winner is None:
            return 0.5
        return 1.0 if g.winner == player else 0.0
    # against the strongest opponent (the only one in a two-player game); a multiplayer game's
    # other opponents don't count yet (issue 24: a threat assessment of each opponent)
    diff = material(g, player, w) - max(material(g, q, w) for q in g.opponents(player))
    return 1.0 / (1.0 + math.exp(-diff / SCALE))


def material(g: GameState, player: int, w: dict[str, float] | None = None) -> float:
    """One side's material (module docstring); the threat term reads the other side's board."""
    w = w or WEIGHTS
    pl = g.players[player]
    life = pl.life
    score = w["life"] * min(life, 20) + w["life_above_20"] * max(life - 20, 0)
    if life < 6:
        score -= w["low_life"] * (6 - life)
    score -= w["poison"] * pl.poison
    score += w["card"] * min(len(g.zones[(player, _HAND)]), 8)
    library = len(g.zones[(player, _LIBRARY)])
    if library < 5:
        score -= w["short_library"] * (5 - library)
    lands = 0
    colors: set[str] = set()
    enemy: list[int] = []
    guards = 0
    pumps = _pumps(g)
    for oid, ch in permanents(g).items():
        types = ch.types
        if ch.controller != player:
            if "Creature" in types and ch.power is not None and _CANT_ATTACK not in ch.keywords:
                power = ch.power - pumps[oid][0] if oid in pumps else ch.power
                enemy.append(max(power, 0) * (2 if "double strike" in ch.keywords else 1))
            continue
        if "Creature" in types:
            score += _creature(ch, pumps.get(oid), w)
            if _CANT_BLOCK not in ch.keywords:
                guards += 1
        elif "Land" in types:
            lands += 1
            colors |= {LAND_COLORS[t] for t in ch.subtypes if t in LAND_COLORS}
        elif "Planeswalker" in types:
            score += w["planeswalker"] + (ch.loyalty or 0)
        else:
            mv = ch.mana_cost.mana_value() if ch.mana_cost is not None else 0
            score += w["other"] + 0.5 * mv
    score += w["land"] * min(lands, 7) + w["extra_land"] * max(lands - 7, 0)
    score += w["castable"] * castable(g, player, colors)
    enemy.sort(reverse=True)
    enemy_power = sum(enemy[guards:])       # each guard stops one attacker, the biggest first
    if life > 0 and enemy_power >= life:
        score -= w["lethal_threat"]
    elif life > 0 and 2 * enemy_power >= life:
        score -= w["lethal_threat"] / 2
    return score


def castable(g: GameState, player: int, colors: set[str]) -> int:
    """How many nonland cards in ``player``'s hand have only colored symbols of ``colors``
    (the basic land types' colors, CR 305.6); hybrid and generic symbols any mana pays."""
    count = 0
    for oid in g.zones[(player, _HAND)]:
        card = g.objects[oid].card
        cost = getattr(card, "mana_cost", None)
        if cost is None:
            continue
        if all(sym.colors <= colors for sym in cost.symbols if sym.kind == "colored"):
            count += 1
    return count


def _pumps(g: GameState) -> dict[int, tuple[int, int]]:
    """+N/+N each permanent has until end of turn only (layer 7c effects, CR 613.4c, 514.2)."""
    out: dict[int, tuple[int, int]] = {}
    for eff in g.effects:
        if getattr(eff, "until", "") != "end_of_turn":
            continue
        for mod in eff.mods:
            if isinstance(mod, ModifyPT) and mod.per is None:
                for oid in eff.affected:
                    p, t = out.get(oid, (0, 0))
                    out[oid] = (p + mod.power, t + mod.toughness)
    return out


def _creature(ch: Any, pump: tuple[int, int] | None, w: dict[str, float]) -> float:
    power, toughness = ch.power or 0, ch.toughness or 0
    if pump is not None:
        power, toughness = power - pump[0], toughness - pump[1]
    power, toughness = max(power, 0), max(toughness, 0)
    kws = ch.keywords
    value = (w["creature"] + w["power"] * power * (0.25 if _CANT_ATTACK in kws else 1.0)
             + w["toughness"] * toughness * (0.5 if _CANT_BLOCK in kws else 1.0))
    for kw in ch.keywords:
        value += w["keyword"] * KEYWORD_VALUE.get(kw, 0.0)
    return value


__all__ = ["KEYWORD_VALUE", "LAND_COLORS", "SCALE", "WEIGHTS", "castable", "evaluate", "material"]
