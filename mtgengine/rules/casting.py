"""Casting spells (CR 601.2) and playing lands (CR 305)."""
from __future__ import annotations

from typing import Any

from ..agents.decisions import Decision
from ..cards.vocabulary import TargetSpec
from ..core.enums import Zone
from ..core.errors import IllegalActionError, NotImplementedCardError
from ..core.mana import ManaCost
from ..effects.events import CastEvent
from ..effects.layers import Characteristics, characteristics, copiable_values, printed
from ..effects.primitives import move, name_of
from ..state.game_state import GameState
from .activation import sorcery_timing
from .context import Ctx
from .mana_payment import can_pay, pay_mana
from .targeting import choose_targets, has_targets


def spell_targets(ch: Characteristics, modes: tuple[int, ...] = ()) -> tuple[TargetSpec, ...]:
    """The target phrases of a spell: its effects' targets (those of the chosen modes, in
    order, CR 700.2c), or an Aura's "enchant" (CR 303.4a)."""
    spell = ch.script.spell
    if spell is not None:
        if spell.modes:
            return tuple(t for i in modes for t in spell.modes[i].targets)
        return spell.targets
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
    card = o.card
    if card is not None and card.layout in FACE_LAYOUTS:
        return any(_castable_as(g, player, face_characteristics(card, i, player), sources)
                   for i in range(len(card.faces)) if not (card.layout == "aftermath" and i))
    return _castable_as(g, player, characteristics(g, oid), sources)


def _castable_as(g: GameState, player: int, ch: Characteristics, sources: list | None) -> bool:
    if "Land" in ch.types or ch.mana_cost is None:
        return False
    if not timing_ok(g, player, ch) or unimplemented_reason(ch):
        return False
    if not can_pay(g, player, ch.mana_cost, 0, ch.colors, sources):
        return False
    spell = ch.script.spell
    if spell is not None and spell.modes:
        return len(legal_modes(g, ch, player)) >= spell.min_modes
    return has_targets(g, spell_targets(ch), player, None)


#: Layouts whose card is cast as one of several faces or halves.
FACE_LAYOUTS = ("split", "aftermath", "modal_dfc", "adventure", "room")


def face_characteristics(card: Any, face: int, controller: int) -> Characteristics:
    """The characteristics a card has as a spell cast with ``face`` up."""
    b = printed(card, face)
    return Characteristics(b.name, b.mana_cost, b.colors, b.supertypes, b.types, b.subtypes, b.script,
                           b.keywords, b.power, b.toughness, b.loyalty, controller, b.text)


def affordable_x(g: GameState, player: int, cost: ManaCost) -> int:
    """The largest X the default payment could pay now (a hint for agents; CR 107.3 allows any
    X, and an unaffordable one is refused when the cost is paid)."""
    x = 0
    while x < 100 and can_pay(g, player, cost, x + 1):
        x += 1
    return x if can_pay(g, player, cost, x) else 0


def choose_face(ctx: Ctx, player: int, oid: int, face_name: Any) -> int:
    """CR 709.3 / 712.11b / 715.3: which half or face is cast. A split card's half is asked
    when not given; a modal double-faced or adventurer card is cast as its front face unless
    ``face`` names the other one. A transforming card's back face can't be cast (CR 712.11)."""
    card = ctx.g.objects[oid].card
    if card is None:
        return 0
    names = [f.name for f in card.faces]
    if face_name is None:
        if card.is_split and len(names) > 1:
            face_name = ctx.ask(Decision(player, "face", f"choose which half of {card.name} to cast", names))
        else:
            return 0
    from ..cards.database import normalize_name
    matches = [i for i, n in enumerate(names) if normalize_name(n) == normalize_name(str(face_name))]
    if not matches:
        raise IllegalActionError(f"{card.name} has no face named {face_name!r} (its faces: {', '.join(names)})")
    index = matches[0]
    if index and card.layout not in FACE_LAYOUTS:
        raise IllegalActionError(f"{names[index]} is the back face of {card.name} and can't be cast (CR 712.11)")
    if card.layout == "aftermath" and index:
        raise IllegalActionError(f"{names[index]} (aftermath) can be cast only from a graveyard, which is not implemented yet")
    return index


def legal_modes(g: GameState, ch: Characteristics, player: int) -> list[int]:
    """Modes that can be chosen: those whose targets can be chosen (CR 700.2a), 0-based."""
    spell = ch.script.spell
    assert spell is not None
    return [i for i, m in enumerate(spell.modes) if m.implemented and has_targets(g, m.targets, player, None)]


def cast_spell(ctx: Ctx, player: int, oid: int, action: dict[str, Any]) -> int:
    """CR 601.2a-i. Returns the spell's id on the stack."""
    g = ctx.g
    o = g.objects.get(oid)
    from_zone = Zone(action.get("from", "hand"))
    if o is None or o.zone is not from_zone:
        raise IllegalActionError(f"that card is not in a {from_zone.value} zone")
    face = choose_face(ctx, player, oid, action.get("face"))
    ch = face_characteristics(o.card, face, player) if o.card is not None else copiable_values(g, oid)
    name = ch.name
    allowed = from_zone is Zone.HAND and o.owner == player
    if from_zone is Zone.EXILE and o.choices.get("adventure") == player and face == 0:
        allowed = True          # CR 715.3d: a card exiled on an Adventure may be cast later
    if not allowed:
        # CR 601.3: a spell can be cast only where a rule or effect allows; none here does
        # (flashback and similar permissions are not implemented yet).
        raise IllegalActionError(f"{name} can't be cast from {'that' if from_zone is Zone.HAND else 'the ' + from_zone.value}"
                                 f" zone: no rule or effect allows it (CR 601.3)")
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
    spell.face = face       # CR 709.3b, 712.11b, 715.3b: only the chosen half or face exists
    g.changed()
    # CR 601.2b: modes (CR 700.2a) and the intention to pay additional costs like kicker
    # (CR 702.33d) are announced, then X.
    script = ch.script
    if script.spell is not None and script.spell.modes:
        spell.modes = choose_modes(ctx, ch, player, action.get("modes"), name)
    kicked = bool(action.get("kicked"))
    if kicked and not script.kicker:
        raise IllegalActionError(f"{name} has no kicker")
    spell.kicked = kicked
    cost = ch.mana_cost
    if kicked:
        cost = ManaCost(cost.symbols + ManaCost.parse(script.kicker[0]).symbols)   # CR 601.2f
    if cost.x_count:
        x = action.get("x")
        if x is None:
            x = ctx.ask(Decision(player, "x", f"choose X for {name}", [],
                                 info={"spell": spell_id, "max": affordable_x(g, player, cost)}))
        if not isinstance(x, int) or isinstance(x, bool) or x < 0:
            raise IllegalActionError(f"X must be a number 0 or more, got {x!r}")
        spell.x = x
    # CR 601.2c: targets.
    specs = spell_targets(ch, g.objects[spell_id].modes)
    targets, counts = choose_targets(ctx, specs, player, spell_id, name, action.get("targets"))
    spell = g.obj(spell_id)
    spell.targets = targets
    spell.choices["counts"] = counts
    # CR 601.2d: the division of damage among the targets of a "divided" phrase.
    division = _announce_division(ctx, player, ch, specs, targets, counts, name, action.get("divide"))
    if division:
        spell.choices["division"] = division
    # CR 601.2f-h: total cost, mana abilities, payment.
    pay_mana(ctx, player, cost, g.objects[spell_id].x, ch.colors, name, action.get("pay"))
    # CR 601.2i: the spell becomes cast.
    tgt = ""
    if targets:
        tgt = " targeting " + ", ".join(name_of(ctx, t) for t in targets)
    ctx.log("601.2i", f"{g.players[player].name} casts {name}{tgt}")
    g.events.append(CastEvent(spell_id, player))
    return spell_id


def _announce_division(ctx: Ctx, player: int, ch: Characteristics, specs: tuple[TargetSpec, ...],
                       targets: tuple[int, ...], counts: tuple[int, ...], name: str, preset: Any) -> list[list[int]]:
    """CR 601.2d: each target of a divided effect gets at least one; one target gets it all."""
    from ..cards.vocabulary import DealDamage
    spell = ch.script.spell
    if spell is None:
        return []
    divided = [e for e in spell.effects if isinstance(e, DealDamage) and e.divided]
    if not divided:
        return []
    eff = divided[0]
    total = eff.amount.fixed
    start = sum(counts[: eff.to.index])
    group = list(targets[start:start + counts[eff.to.index]])
    if len(group) == 1:
        return [[group[0], total]]
    answer = preset if preset is not None else ctx.ask(Decision(
        player, "divide", f"divide {name}'s {total} damage among its targets (at least 1 each)", group,
        min=len(group), max=len(group), info={"total": total}))
    if not isinstance(answer, dict):
        raise IllegalActionError(f"divide {name}'s damage with a mapping {{target: amount}}")
    division = {int(k): v for k, v in answer.items()}
    if sorted(division) != sorted(group) or any(not isinstance(v, int) or v < 1 for v in division.values()) \
            or sum(division.values()) != total:
        raise IllegalActionError(f"{name}: divide exactly {total} damage, at least 1 to each target (CR 601.2d)")
    return [[t, division[t]] for t in group]


def choose_modes(ctx: Ctx, ch: Characteristics, player: int, preset: Any, name: str) -> tuple[int, ...]:
    """CR 700.2a: the caster chooses the modes (1-based in the script, 0-based inside)."""
    spell = ch.script.spell
    assert spell is not None
    legal = legal_modes(ctx.g, ch, player)
    if preset is None:
        options = [i + 1 for i in legal]
        if spell.min_modes == spell.max_modes == 1:
            chosen = [ctx.ask(Decision(player, "mode", f"choose a mode of {name}", options))]
        else:
            chosen = ctx.ask(Decision(player, "mode", f"choose {spell.min_modes} to {spell.max_modes} modes of {name}",
                                      options, min=spell.min_modes, max=spell.max_modes))
    else:
        chosen = preset if isinstance(preset, list) else [preset]
    if not spell.min_modes <= len(chosen) <= spell.max_modes:
        raise IllegalActionError(f"{name}: choose between {spell.min_modes} and {spell.max_modes} modes")
    if len(set(chosen)) != len(chosen):
        raise IllegalActionError(f"{name}: the same mode can't be chosen twice (CR 700.2d)")
    for m in chosen:
        if not isinstance(m, int) or not 1 <= m <= len(spell.modes):
            raise IllegalActionError(f"{name} has no mode {m!r}")
        if not spell.modes[m - 1].implemented:
            raise NotImplementedCardError(f"{name}: its mode {m} is not implemented yet ({spell.modes[m - 1].text!r})")
        if m - 1 not in legal:
            raise IllegalActionError(f"{name}: mode {m} has no legal target (CR 700.2a)")
    return tuple(sorted(m - 1 for m in chosen))   # performed, and targeted, in printed order


def playable_land(g: GameState, player: int, oid: int) -> bool:
    """CR 305.2 / 505.6b: one land per turn, main phase, empty stack, your turn."""
    o = g.objects[oid]
    if o.zone is not Zone.HAND or o.owner != player:
        return False
    if "Land" not in characteristics(g, oid).types:
        return False
    return g.players[player].lands_played < 1 and sorcery_timing(g, player)


def play_land(ctx: Ctx, player: int, oid: int, face_name: Any = None) -> None:
    """CR 305.1: playing a land is a special action; the land enters the battlefield. A modal
    double-faced card may be played as its back face (CR 712.11b, via ``face``)."""
    g = ctx.g
    o = g.objects.get(oid)
    if o is None or o.zone is not Zone.HAND or o.owner != player:
        raise IllegalActionError("a land is played from its owner's hand")
    face = 0
    if face_name is not None and o.card is not None:
        face = choose_face(ctx, player, oid, face_name)
        if face and o.card.layout != "modal_dfc":
            raise IllegalActionError(f"{o.card.name}: only a modal double-faced card can be played as its back face")
        g.obj(oid).face = face
        g.changed()
    ch = copiable_values(g, oid)
    if "Land" not in ch.types:
        raise IllegalActionError(f"{ch.name} is not a land (CR 305.1)")
    if g.players[player].lands_played >= 1:
        raise IllegalActionError(f"{g.players[player].name} has already played a land this turn (CR 305.2)")
    if not sorcery_timing(g, player):
        raise IllegalActionError("a land can be played only in your main phase with an empty stack (CR 305.2, 505.6b)")
    g.player(player).lands_played += 1
    move(ctx, oid, Zone.BATTLEFIELD, "play", controller=player)
    ctx.log("305.1", f"{g.players[player].name} plays {ch.name}")

