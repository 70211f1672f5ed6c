"""Typed options: the answers a decision offers, as a Python programmer reads them (issue 22).

A :class:`~mtgengine.agents.decisions.Decision` lists its options as JSON values — the form
saves, scenarios and the wire use (an action ``{"action": "cast", "object": 108}``, a player
``-2``, an object id ``37``). :func:`options` gives the same options as :class:`Option`
values: what the option is (``kind``, ``action``), the object or player it names, its words
(``label``, as the player who is asked may see them: a face-down permanent is not named),
and ``value``, the answer :meth:`mtgengine.engine.Game.submit` takes.

    >>> from mtgengine.engine import Game
    >>> game = Game.new_game([["Mountain"] * 40, ["Forest"] * 40], seed=1)
    >>> [o.label for o in game.options()]
    ['keep', 'mulligan']
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .agents.decisions import Decision, player_of, player_ref
from .core.enums import Zone
from .effects.layers import object_name

if TYPE_CHECKING:
    from .state.game_state import GameState


@dataclass(frozen=True, slots=True)
class Option:
    """One answer a decision offers.

    ``kind``: "action" (a priority action: ``action`` is "cast", "activate", "play", "pass",
    ...), "object", "player", "yes"/"no", "number", "text", "pair" (a blocker and what it
    blocks), "other". ``object``: the object id it names (the card cast, the target), if any;
    ``player``: the index of the player it names, if any. ``value``: what to submit."""

    value: Any
    label: str
    kind: str
    action: str = ""
    object: int | None = None
    player: int | None = None

    def __str__(self) -> str:
        return self.label


def options(state: GameState, decision: Decision) -> list[Option]:
    """The decision's options, typed, in the decision's order (for a mulligan: keep, then
    mulligan, CR 103.5)."""
    return [option(state, decision, value) for value in decision.options]


def option(state: GameState, decision: Decision, value: Any) -> Option:
    """One option of ``decision`` (its JSON ``value``) as an :class:`Option`."""
    if decision.kind == "mulligan" and isinstance(value, bool):
        return Option(value, "keep" if value else "mulligan", "yes" if value else "no")
    if isinstance(value, bool):
        return Option(value, "yes" if value else "no", "yes" if value else "no")
    if isinstance(value, int):
        player = player_of(value)
        if player is not None:
            return Option(value, name(state, value), "player", player=player)
        if value in state.objects or value in state.lki:
            return Option(value, name(state, value, decision.player), "object", object=value)
        return Option(value, str(value), "number")
    if isinstance(value, dict) and "action" in value:
        act = str(value["action"])
        oid = value.get("object")
        words = [act.replace("_", " ")]
        if isinstance(oid, int):
            words.append(name(state, oid, decision.player))
        extra = {k: v for k, v in value.items() if k not in ("action", "object")}
        if extra:
            words.append("(" + ", ".join(f"{k.replace('_', ' ')}: {v}" for k, v in extra.items()) + ")")
        return Option(value, " ".join(words), "action", action=act, object=oid if isinstance(oid, int) else None)
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return Option(value, f"{name(state, value[0], decision.player)} blocks {name(state, value[1], decision.player)}",
                      "pair", object=value[0])
    if isinstance(value, str):
        return Option(value, value, "text")
    return Option(value, str(value), "other")


def name(state: GameState, ref: int, viewer: int | None = None) -> str:
    """A player's name, or an object's current name (or last known one, CR 608.2h). With
    ``viewer``: a face-down permanent that player doesn't control is "a face-down permanent"
    (only its controller may look at it, CR 708.5). (The cards a decision offers are cards its
    player may see: a revealed hand, a searched library.)"""
    index = player_of(ref)
    if index is not None:
        return state.players[index].name if index < len(state.players) else f"player {index + 1}"
    o = state.objects.get(ref)
    if o is not None and viewer is not None and o.face_down and o.zone is Zone.BATTLEFIELD and o.controller != viewer:
        return "a face-down permanent"
    return object_name(state, ref)


def player_index(state: GameState, who: str | int) -> int:
    """The index of the player named ``who`` (or ``who`` itself, an index); ValueError naming
    the players otherwise."""
    names = [p.name for p in state.players]
    if isinstance(who, int) and not isinstance(who, bool) and 0 <= who < len(names):
        return who
    if isinstance(who, str) and who in names:
        return names.index(who)
    raise ValueError(f"no player {who!r}: the players are {', '.join(names)}")


__all__ = ["Option", "name", "option", "options", "player_index", "player_ref"]
