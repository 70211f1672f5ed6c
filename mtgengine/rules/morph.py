"""Face-down spells and permanents by morph and disguise (CR 702.37, 702.168, 708): casting a
card face down for {3} and turning it face up as a special action (CR 116.2b), a manifested one
too (CR 701.40b). A disguised one has ward {2} while face down (CR 702.168a; ``effects.layers``)."""
from __future__ import annotations

from typing import Any

from ..core.enums import Zone
from ..core.errors import IllegalActionError
from ..core.mana import ManaCost
from ..effects.events import FaceUpEvent
from ..effects.layers import controller_of, copiable_values, printed
from ..effects.primitives import move, name_of, put_counters
from ..effects.resolve import Resolving, execute
from ..state.game_state import GameState
from .activation import sorcery_timing
from .casting import became_cast, pay_alternative_total
from .context import Ctx
from .mana_planning import can_pay
from .mana_payment import pay_mana

FACE_DOWN_COST = ManaCost.parse("{3}")   # CR 702.37c


def morph_cost(g: GameState, oid: int) -> str:
    """The morph cost it would have face up (CR 702.37e), or "": the card's, or the copied
    object's if it became a copy while face down (CR 707.3, 708.10)."""
    return copiable_values(g, oid, face_up=True).script.morph


def cast_face_down(ctx: Ctx, player: int, oid: int, action: dict[str, Any]) -> int:
    """CR 702.37c: a card with morph is turned face down and cast as a 2/2 creature spell with
    no name, text, subtypes or mana cost, for {3} rather than its mana cost."""
    g = ctx.g
    o = g.objects.get(oid)
    if o is None or o.zone is not Zone.HAND or o.owner != player:
        raise IllegalActionError("a card is cast face down from its owner's hand")
    name = o.card.name if o.card is not None else "that card"
    if not morph_cost(g, oid):
        raise IllegalActionError(f"{name} has no morph or disguise ability: it can't be cast face down "
                                 f"(CR 702.37d, 702.168c)")
    disguise = copiable_values(g, oid, face_up=True).script.disguise
    if not sorcery_timing(g, player):
        raise IllegalActionError("a face-down creature spell is cast at sorcery speed (CR 307.1)")
    w = g.obj(oid)
    w.face_down = True                       # CR 702.37c: turned face down, then put on the stack
    g.changed()
    spell_id = move(ctx, oid, Zone.STACK, "cast", controller=player)
    assert spell_id is not None
    spell = g.obj(spell_id)
    spell.face_down = True
    spell.cast = True
    if disguise:
        spell.choices["disguised"] = True    # CR 702.168b: a 2/2 face-down creature spell with ward {2}
    g.changed()
    # CR 601.2f: {3}, plus the cost increases and additional costs that apply to a 2/2 creature spell
    pay_alternative_total(ctx, player, spell_id, str(FACE_DOWN_COST),
                          "face down (CR 702.168a)" if disguise else "face down (CR 702.37c)", action,
                          "a face-down spell")
    ctx.log("702.168b" if disguise else "702.37c",
            f"{g.players[player].name} casts a card face down ({'disguise' if disguise else 'morph'}) for {{3}}")
    became_cast(g, player, spell_id)
    return spell_id


def face_up_costs(g: GameState, oid: int) -> list[tuple[str, str]]:
    """The costs of turning a face-down permanent face up as a special action, each with its
    rule: its morph cost (CR 702.37e); for a manifested permanent, also the mana cost of the
    card representing it if that's a creature card (CR 701.40b-c; an instant or sorcery card
    stays face down, 701.40g). Empty if it can't be turned face up this way."""
    o = g.objects[oid]
    if not o.face_down:
        return []
    out: list[tuple[str, str]] = []
    cost = morph_cost(g, oid)
    if cost:
        out.append((cost, "702.37e"))
    if o.choices.get("manifested") and o.card is not None:
        front = printed(o.card, 0)
        if "Creature" in front.types and front.mana_cost is not None:
            out.append((str(front.mana_cost), "701.40b"))
    return out


def can_turn_face_up(g: GameState, player: int, oid: int) -> bool:
    return controller_of(g, oid) == player and any(
        can_pay(g, player, ManaCost.parse(cost)) for cost, _ in face_up_costs(g, oid))


def turn_face_up(ctx: Ctx, player: int, oid: int, action: dict[str, Any]) -> None:
    """CR 702.37e, 701.40b, 116.2b: a special action — pay the morph cost (or a manifested
    creature card's mana cost) and turn the permanent face up; it gets a new timestamp (CR
    613.7f) and has its copiable values (CR 708.8); its "as ~ is turned face up" abilities apply
    as it turns (CR 708.11), then "when ~ is turned face up" abilities trigger (``FaceUpEvent``)."""
    g = ctx.g
    o = g.objects.get(oid)
    if o is None or o.zone is not Zone.BATTLEFIELD or not o.face_down:
        raise IllegalActionError("only a face-down permanent can be turned face up")
    if controller_of(g, oid) != player:
        raise IllegalActionError("you can turn face up only a face-down permanent you control (CR 702.37e)")
    costs = face_up_costs(g, oid)
    # the first way the player can pay: the morph cost, else a manifested card's mana cost
    cost, rule = next(((c, r) for c, r in costs if can_pay(g, player, ManaCost.parse(c))), costs[0] if costs
                      else ("", ""))
    if not cost:
        raise IllegalActionError("that face-down permanent has no morph cost, and isn't a manifested creature "
                                 "card, to turn it face up (CR 702.37e, 701.40b)")
    pay_mana(ctx, player, ManaCost.parse(cost), 0, frozenset(), "turning a permanent face up", action.get("pay"))
    face_up = copiable_values(g, oid, face_up=True).script
    megamorph = rule == "702.37e" and face_up.megamorph
    if rule == "702.37e" and face_up.disguise:
        rule = "702.168d"                           # its disguise cost: the disguise effect ends
    w = g.obj(oid)
    w.face_down = False
    w.choices.pop("manifested", None)               # CR 701.40a: manifested only while face down
    w.choices.pop("disguised", None)                # CR 702.168d: the disguise effect ends
    w.timestamp = g.new_timestamp()
    g.changed()
    ctx.log(rule, f"{g.players[player].name} turns {name_of(ctx, oid)} face up "
            + (f"(morph {cost})" if rule == "702.37e" else f"(disguise {cost})" if rule == "702.168d"
               else f"(manifested, paying its mana cost {cost})"))
    if megamorph:
        # CR 702.37b, 708.11: as it's turned face up for its megamorph cost, a +1/+1 counter
        put_counters(ctx, oid, "+1/+1", 1, rule="702.37b")
    if face_up.as_turned_face_up:
        # CR 708.11: its "As ~ is turned face up" ability applies while it is turned face up
        ctx.log("708.11", f"{name_of(ctx, oid)}'s \"as it is turned face up\" ability applies")
        execute(ctx, face_up.as_turned_face_up, Resolving(oid, player, (), (), name=name_of(ctx, oid)))
    g.events.append(FaceUpEvent(oid))               # CR 708.8: "when ~ is turned face up" triggers after
