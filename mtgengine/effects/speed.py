"""A player's speed (CR 702.179, "Start your engines!", and 702.178, max speed).

Players have no speed until a rule or effect sets it (702.179b): ``GameState.speeds`` holds
(player, speed, the last turn their speed's ability triggered) for those who have one. A player
who controls a permanent with start your engines! and has no speed gets speed 1, a state-based
action (704.5z, :func:`start_engines`). Speed 1 or more has an inherent triggered ability of no
source (702.179d, :data:`SPEED_UP`): "Whenever one or more opponents lose life during your turn, if
your speed is less than 4, your speed increases by 1. This ability triggers only once each turn."
An effect that refers to the speed of a player with none reads 0 (702.179f); max speed is 4
(702.179e), which "Max speed — [ability]" reads (702.178a: a Condition of kind "speed").
"""
from __future__ import annotations

from typing import Any

from ..cards.vocabulary import Condition, IncreaseSpeed, Trigger, TriggeredAbility, YOU
from .events import LifeEvent
from .layers import permanents

#: The keyword of CR 702.179a, as the compiler spells it.
START_YOUR_ENGINES = "start your engines!"
MAX_SPEED = 4                                   # CR 702.179e
SPEED = "Speed"                                 # the name the inherent ability is logged with

#: CR 702.179d: controlled by the player whose speed it is; triggered only on their turn.
SPEED_UP = TriggeredAbility(
    Trigger("opponent_loses_life", "you"), (IncreaseSpeed(YOU, 1),),
    condition=Condition("speed", at_most=MAX_SPEED - 1),
    text="Whenever one or more opponents lose life during your turn, if your speed is less than 4, your "
         "speed increases by 1. This ability triggers only once each turn.")


def speed_of(g: Any, player: int) -> int:
    """The player's speed; 0 while they have none (CR 702.179f)."""
    return next((s for p, s, _t in g.speeds if p == player), 0)


def has_speed(g: Any, player: int) -> bool:
    return any(p == player for p, _s, _t in g.speeds)


def set_speed(ctx: Any, player: int, value: int, rule: str) -> None:
    """The player's speed becomes ``value`` (never above 4: max speed, CR 702.179d-e)."""
    g = ctx.g
    value = min(value, MAX_SPEED)
    last = next((t for p, _s, t in g.speeds if p == player), 0)
    g.speeds = tuple(sorted([e for e in g.speeds if e[0] != player] + [(player, value, last)]))
    g.changed()             # "Max speed — ..." and "if you have max speed" read it (CR 611.3b)
    ctx.log(rule, f"{g.players[player].name}'s speed becomes {value}")


def increase_speed(ctx: Any, player: int, amount: int) -> None:
    """CR 702.179c-d: from no speed, the speed becomes ``amount``; never more than 4."""
    g = ctx.g
    if g.players[player].lost or amount <= 0:
        return
    before = speed_of(g, player) if has_speed(g, player) else 0
    if has_speed(g, player) and before >= MAX_SPEED:
        ctx.log("702.179d", f"{g.players[player].name} already has max speed")
        return
    set_speed(ctx, player, before + amount, "702.179c" if not has_speed(g, player) else "702.179d")


def _engine_controllers(g: Any) -> frozenset[int]:
    """The players who control a permanent with start your engines! (memoized with the
    characteristics: most games have none)."""
    cached = g._chars.get(("engines",))
    if cached is None:
        cached = frozenset(ch.controller for ch in permanents(g).values() if START_YOUR_ENGINES in ch.keywords)
        g._chars[("engines",)] = cached
    return cached


def start_engines(ctx: Any) -> bool:
    """CR 704.5z, 702.179a: each player who controls a permanent with start your engines! and has
    no speed gets speed 1. Whether it did anything."""
    g = ctx.g
    done = False
    for player in sorted(_engine_controllers(g)):
        if not has_speed(g, player) and not g.players[player].lost:
            set_speed(ctx, player, 1, "704.5z")
            done = True
    return done


def speed_abilities(g: Any, events: list[Any]) -> list[tuple[int, str, TriggeredAbility, int]]:
    """CR 702.179d: the active player's speed ability triggers as one or more of their opponents
    lose life (a loss, or damage, CR 120.3a), once each turn; its "if your speed is less than 4"
    is checked as it triggers and resolves (CR 603.4, ``triggers``)."""
    you = g.active
    if not g.speeds or not has_speed(g, you):
        return []
    if any(p == you and t == g.turn for p, _s, t in g.speeds):
        return []                                   # "triggers only once each turn"
    if not any(ev.__class__ is LifeEvent and ev.amount < 0 and ev.player != you for ev in events):
        return []
    return [(you, SPEED, SPEED_UP, 0)]


def mark_triggered(g: Any, player: int) -> None:
    """Records that the player's speed ability triggered this turn."""
    g.speeds = tuple((p, s, g.turn if p == player else t) for p, s, t in g.speeds)
