"""Rooms (CR 709.5): split permanent cards whose halves ("doors") each give the permanent their
name, mana cost and rules text only while unlocked (the characteristics: ``effects.layers``).
The half cast enters unlocked (CR 709.5d, ``effects.primitives.move``); the controller may
unlock a locked half by paying its mana cost, a special action taken any time they have
priority with the stack empty in a main phase of their turn (CR 709.5e, 116.2m). Unlocking a
half triggers "when you unlock this door" (CR 709.5h, ``effects.triggers``)."""
from __future__ import annotations

from typing import Any

from ..core.enums import Zone
from ..core.errors import IllegalActionError
from ..effects.events import UnlockEvent
from ..effects.layers import characteristics, printed
from ..state.game_state import GameState
from .activation import sorcery_timing
from .context import Ctx
from .mana_payment import pay_mana
from .mana_planning import can_pay
from .mana_pool import OTHER


def locked_halves(g: GameState, oid: int) -> list[int]:
    """The halves of Room permanent ``oid`` without their unlocked designation (CR 709.5c)."""
    o = g.objects[oid]
    if o.card is None or o.card.layout != "room" or o.zone is not Zone.BATTLEFIELD or o.face_down:
        return []
    unlocked = o.choices.get("unlocked", ()) if o.choices else ()
    return [i for i in range(len(o.card.faces)) if i not in unlocked]


def unlock_actions(g: GameState, player: int, permanents: list[tuple[int, Any]]) -> list[dict[str, Any]]:
    """The legal-action list's unlocks (CR 709.5e) of ``player``'s Rooms among ``permanents``
    (id, characteristics), each half whose mana cost the player's mana can pay."""
    out: list[dict[str, Any]] = []
    if not sorcery_timing(g, player):
        return out
    for oid, ch in permanents:
        if ch.controller != player:
            continue
        for half in locked_halves(g, oid):
            cost = printed(g.objects[oid].card, half).mana_cost
            if cost is not None and can_pay(g, player, cost):
                out.append({"action": "unlock", "object": oid, "half": half})
    return out


def take_unlock(ctx: Ctx, player: int, oid: int, action: dict[str, Any]) -> None:
    """CR 709.5e: pay the mana cost of a locked half; the permanent gets that half's unlocked
    designation. A special action: no stack, the player gets priority again (CR 116.3)."""
    g = ctx.g
    o = g.objects.get(oid)
    if o is None or o.zone is not Zone.BATTLEFIELD or o.card is None or o.card.layout != "room":
        raise IllegalActionError("unlock: only a Room permanent has doors to unlock (CR 709.5e)")
    ch = characteristics(g, oid)
    if ch.controller != player:
        raise IllegalActionError(f"unlock: {g.players[player].name} doesn't control that Room (CR 709.5e)")
    locked = locked_halves(g, oid)
    half = action.get("half")
    if half is None and len(locked) == 1:
        half = locked[0]
    if not isinstance(half, int) or isinstance(half, bool) or half not in locked:
        names = ", ".join(f"{i} ({o.card.faces[i].name})" for i in locked) or "none"
        raise IllegalActionError(f"unlock: choose a locked half of the Room: {names} (CR 709.5e)")
    if not sorcery_timing(g, player):
        raise IllegalActionError("a door is unlocked only in its controller's main phase while the stack is empty "
                                 "(CR 709.5e, 116.2m)")
    door = printed(o.card, half)
    assert door.mana_cost is not None
    pay_mana(ctx, player, door.mana_cost, 0, door.colors, f"unlock {door.name}", action.get("pay"), OTHER)
    unlock(ctx, oid, half)
    ctx.log("709.5e", f"{g.players[player].name} unlocks {door.name} (pays {door.mana_cost})")


def unlock(ctx: Ctx, oid: int, half: int) -> None:
    """Give Room ``oid`` the unlocked designation of ``half`` (CR 709.5c, 709.5f) and the event
    its "when you unlock this door" ability triggers on (CR 709.5h)."""
    g = ctx.g
    o = g.obj(oid)
    o.choices["unlocked"] = tuple(sorted({*o.choices.get("unlocked", ()), half}))
    g.events.append(UnlockEvent(oid, half))
    g.changed()
