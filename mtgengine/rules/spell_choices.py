"""The choices that make a spell as it is cast (CR 601.2b-d): the face or half it is cast as (CR
709.3, 712.11, 715.3; a fused split spell, 702.102), its modes (700.2), its target phrases (601.2c)
and how a divided effect's damage is divided among the targets (601.2d).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..agents.decisions import Decision
from ..cards.vocabulary import DealDamage, TargetSpec
from ..core.errors import IllegalActionError
from ..core.mana import ManaCost
from ..core.memo import identity_memo
from ..effects import rules_interface
from ..effects.layers import Characteristics, printed
from ..state.game_state import GameState
from .context import Ctx
from .modes import ask_modes, chosen_mode_costs, chosen_targets, has_mode_costs, legal_mode_indices


def spell_targets(ch: Characteristics, modes: tuple[int, ...] = ()) -> tuple[TargetSpec, ...]:
    """The target phrases of a spell: its effects' targets (those of the chosen modes, in
    order, CR 700.2c), or an Aura's "enchant" (CR 303.4a)."""
    spell = ch.script.spell
    if spell is not None:
        if spell.modes:
            return chosen_targets(spell.modes, modes)
        return spell.targets
    if "Aura" in ch.subtypes and ch.script.enchant is not None:
        return (TargetSpec(ch.script.enchant, "enchant " + ("creature" if "Creature" in ch.script.enchant.types else "permanent")),)
    return ()


#: Layouts whose card is cast as one of several faces or halves.
FACE_LAYOUTS = ("split", "aftermath", "modal_dfc", "adventure", "room", "omen")


@identity_memo
def face_characteristics(card: Any, face: int, controller: int) -> Characteristics:
    """The characteristics a card has as a spell cast with ``face`` up (COMBINED: a fused split
    spell, CR 702.102b): they follow from the card (immutable) alone, memoized (never modified,
    like those ``characteristics`` gives)."""
    b = printed(card, face)
    return Characteristics(b.name, b.mana_cost, b.colors, b.supertypes, b.types, b.subtypes, b.script,
                           b.keywords, b.power, b.toughness, b.loyalty, controller, b.text)


def legal_modes(g: GameState, ch: Characteristics, player: int, spell_id: int | None = None) -> list[int]:
    """Modes that can be chosen: those whose targets can be chosen (CR 700.2a), 0-based.
    ``spell_id``: the spell (or the card that would be it): it can't target itself (CR 115.5), and
    protection from its qualities counts (CR 702.16b)."""
    spell = ch.script.spell
    assert spell is not None
    return legal_mode_indices(g, spell.modes, player, spell_id, ch)


def divided_damage(ch: Characteristics) -> DealDamage | None:
    """The spell's effect that divides damage among targets as it is cast (CR 601.2d), if any."""
    spell = ch.script.spell
    if spell is None:
        return None
    return divided_effect(spell.effects)


def divided_effect(effects: tuple[Any, ...]) -> DealDamage | None:
    """The effect of these that divides damage among targets (a spell's or an ability's), if any."""
    return next((e for e in effects if isinstance(e, DealDamage) and e.divided), None)


def division_total(eff: DealDamage, x: int) -> int:
    """How much damage ``eff`` divides, with X chosen (CR 107.3, 601.2d)."""
    return eff.amount.fixed + (x if eff.amount.x else 0)


def divided_specs(ch: Characteristics | None, specs: tuple[TargetSpec, ...], x: int, name: str,
                  effect: DealDamage | None = None) -> tuple[TargetSpec, ...]:
    """The target phrases with the divided one taking no more targets than there is damage to
    divide, each target receiving at least one (CR 601.2d); too little damage for its fewest
    targets makes the spell illegal to cast. ``effect``: an ability's divided damage (``ch`` None)."""
    eff = divided_damage(ch) if ch is not None else effect
    if eff is None or not 0 <= eff.to.index < len(specs):
        return specs
    total = division_total(eff, x)
    spec = specs[eff.to.index]
    if spec.min > total:
        raise IllegalActionError(f"{name} can't divide {total} damage among at least {spec.min} "
                                 f"target{'s' if spec.min != 1 else ''}: each must receive at least 1 (CR 601.2d)")
    if spec.max <= total:
        return specs
    return specs[:eff.to.index] + (replace(spec, max=total),) + specs[eff.to.index + 1:]


def least_x(ch: Characteristics) -> int:
    """The least X with which the spell can be cast: damage divided by X among at least N
    targets needs X of at least N (CR 601.2d; Meteor Shower's rulings)."""
    return _least_x_of(ch.script)


@identity_memo
def _least_x_of(script: Any) -> int:
    spell = script.spell
    eff = None if spell is None else \
        next((e for e in spell.effects if isinstance(e, DealDamage) and e.divided), None)
    if eff is None or not eff.amount.x or not 0 <= eff.to.index < len(spell.targets):
        return 0
    return max(0, spell.targets[eff.to.index].min - eff.amount.fixed)


def announce_division(ctx: Ctx, player: int, ch: Characteristics | None, specs: tuple[TargetSpec, ...],
                       targets: tuple[int, ...], counts: tuple[int, ...], name: str, preset: Any,
                       x: int, effect: DealDamage | None = None) -> list[list[int]]:
    """CR 601.2d: each target of a divided effect gets at least one; one target gets it all. An
    activated or triggered ability divides the same way as it is put on the stack (CR 602.2b,
    603.3d): ``effect`` is its divided damage (``ch`` None)."""
    eff = divided_damage(ch) if ch is not None else effect
    if eff is None:
        return []
    total = division_total(eff, x)
    start = sum(counts[: eff.to.index])
    group = list(targets[start:start + counts[eff.to.index]])
    if not group:
        return []
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


def choose_modes(ctx: Ctx, ch: Characteristics, player: int, preset: Any, name: str,
                 spell_id: int) -> tuple[int, ...]:
    """CR 700.2a: the caster chooses the modes (1-based in the script, 0-based inside; CR 700.2d:
    the same one more than once if the spell says so)."""
    spell = ch.script.spell
    assert spell is not None
    affordable: Callable[[list[int]], bool] | None = None
    if has_mode_costs(spell.modes):
        # the modes' own costs (spree, CR 702.172a) with the mana cost: combinations the player can pay
        base = str(ch.mana_cost or "")

        def affordable(chosen: list[int]) -> bool:
            return rules_interface.can_pay(ctx.g, player, ManaCost.parse(base + chosen_mode_costs(spell.modes, chosen)))
    return ask_modes(ctx, player, spell.modes, spell.min_modes, spell.max_modes, spell.repeat_modes,
                     legal_modes(ctx.g, ch, player, spell_id), preset, name, affordable)


rules_interface.provide(divided_specs=divided_specs, announce_division=announce_division)   # triggered abilities
