"""Casting spells (CR 601.2) and playing lands (CR 305)."""
from __future__ import annotations

from typing import Any

from ..agents.decisions import Decision
from ..cards.vocabulary import TargetSpec
from ..core.enums import Zone
from ..core.errors import IllegalActionError, NotImplementedCardError
from ..effects.events import CastEvent
from ..effects.layers import Characteristics, characteristics, copiable_values
from ..effects.primitives import move, name_of
from ..state.game_state import GameState
from .activation import sorcery_timing
from .context import Ctx
from .mana_payment import can_pay, pay_mana
from .targeting import choose_targets, has_targets


def spell_targets(ch: Characteristics) -> tuple[TargetSpec, ...]:
    """The target phrases of a spell: its effects' targets, or an Aura's "enchant" (CR 303.4a)."""
    if ch.script.spell is not None:
        return ch.script.spell.targets
    if "Aura" in ch.subtypes and ch.script.enchant is not None:
        return (TargetSpec(ch.script.enchant, "enchant " + ("creature" if "Creature" in ch.script.enchant.types else "permanent")),)
    return ()


def unimplemented_reason(ch: Characteristics) -> str | None:
    script = ch.script
    if script.unimplemented:
        num, text = script.unimplemented[0]
        ordinal = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(num, f"#{num}")
        return f"{ch.name}: its {ordinal} ability is not implemented yet ({text!r})"
    if "Aura" in ch.subtypes and script.enchant is None:
        return f"{ch.name}: its enchant ability is not implemented yet"
    return None


def timing_ok(g: GameState, player: int, ch: Characteristics) -> bool:
    """CR 117.1a / 307.1: instants (and flash, CR 702.8a) any time you have priority; others
    at sorcery speed."""
    if "Instant" in ch.types or "flash" in ch.keywords:
        return True
    return sorcery_timing(g, player)


def castable(g: GameState, player: int, oid: int, sources: list | None = None) -> bool:
    """Quick check for the legal-action list (the full procedure may still refuse)."""
    o = g.objects[oid]
    if o.zone is not Zone.HAND or o.owner != player:
        return False
    ch = characteristics(g, oid)
    if "Land" in ch.types or ch.mana_cost is None:
        return False
    if not timing_ok(g, player, ch) or unimplemented_reason(ch):
        return False
    if not can_pay(g, player, ch.mana_cost, 0, ch.colors, sources):
        return False
    return has_targets(g, spell_targets(ch), player, None)


def cast_spell(ctx: Ctx, player: int, oid: int, action: dict[str, Any]) -> int:
    """CR 601.2a-i. Returns the spell's id on the stack."""
    g = ctx.g
    o = g.objects.get(oid)
    from_zone = Zone(action.get("from", "hand"))
    if o is None or o.zone is not from_zone:
        raise IllegalActionError(f"that card is not in a {from_zone.value} zone")
    if o.owner != player and from_zone is not Zone.EXILE:
        raise IllegalActionError(f"{g.players[player].name} can't cast a card they don't own from {from_zone.value}")
    ch = copiable_values(g, oid)
    name = ch.name
    if "Land" in ch.types:
        raise IllegalActionError(f"{name} is a land: it is played, not cast (CR 305.1)")
    if ch.mana_cost is None:
        raise IllegalActionError(f"{name} has no mana cost and can't be cast (CR 202.1b)")
    reason = unimplemented_reason(ch)
    if reason:
        raise NotImplementedCardError(reason)
    if not timing_ok(g, player, ch):
        raise IllegalActionError(f"{name} can be cast only at sorcery speed: in your main phase with an empty stack (CR 307.1)")
    # CR 601.2a: the card moves to the stack; it becomes the topmost object.
    spell_id = move(ctx, oid, Zone.STACK, "cast", controller=player)
    assert spell_id is not None
    spell = g.obj(spell_id)
    spell.cast = True
    # CR 601.2b: X is announced.
    cost = ch.mana_cost
    if cost.x_count:
        x = action.get("x")
        if x is None:
            x = ctx.ask(Decision(player, "x", f"choose X for {name}", [], info={"spell": spell_id}))
        if not isinstance(x, int) or isinstance(x, bool) or x < 0:
            raise IllegalActionError(f"X must be a number 0 or more, got {x!r}")
        spell.x = x
    # CR 601.2c: targets.
    targets = choose_targets(ctx, spell_targets(ch), player, spell_id, name, action.get("targets"))
    g.obj(spell_id).targets = targets
    # CR 601.2f-h: total cost, mana abilities, payment.
    pay_mana(ctx, player, cost, g.objects[spell_id].x, ch.colors, name, action.get("pay"))
    # CR 601.2i: the spell becomes cast.
    tgt = ""
    if targets:
        tgt = " targeting " + ", ".join(name_of(ctx, t) for t in targets)
    ctx.log("601.2i", f"{g.players[player].name} casts {name}{tgt}")
    g.events.append(CastEvent(spell_id, player))
    return spell_id


def playable_land(g: GameState, player: int, oid: int) -> bool:
    """CR 305.2 / 505.6b: one land per turn, main phase, empty stack, your turn."""
    o = g.objects[oid]
    if o.zone is not Zone.HAND or o.owner != player:
        return False
    if "Land" not in characteristics(g, oid).types:
        return False
    return g.players[player].lands_played < 1 and sorcery_timing(g, player)


def play_land(ctx: Ctx, player: int, oid: int) -> None:
    """CR 305.1: playing a land is a special action; the land enters the battlefield."""
    g = ctx.g
    o = g.objects.get(oid)
    if o is None or o.zone is not Zone.HAND or o.owner != player:
        raise IllegalActionError("a land is played from its owner's hand")
    ch = copiable_values(g, oid)
    if "Land" not in ch.types:
        raise IllegalActionError(f"{ch.name} is not a land (CR 305.1)")
    if g.players[player].lands_played >= 1:
        raise IllegalActionError(f"{g.players[player].name} has already played a land this turn (CR 305.2)")
    if not sorcery_timing(g, player):
        raise IllegalActionError("a land can be played only in your main phase with an empty stack (CR 305.2, 505.6b)")
    g.player(player).lands_played += 1
    new_id = move(ctx, oid, Zone.BATTLEFIELD, "play", controller=player)
    ctx.log("305.1", f"{g.players[player].name} plays {ch.name}")
    del new_id

