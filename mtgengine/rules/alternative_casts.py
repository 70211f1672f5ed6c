"""The keywords that change how or from where a spell is cast (CR 702), as the casting
procedure (``rules.casting``) and the legal-action list meet them: the optional costs announced
by name (buyback, CR 702.27a), remembered in the spell's ``choices``; the legal-action options
they add; the delayed triggered abilities a permanent spell cast for its dash or blitz cost
creates as it resolves (CR 702.109a, 702.152a). The replacement effects and conditions they
imply are ``effects.cast_keywords``; the compiler's side is ``cards.compiler.casting_keywords``.
"""
from __future__ import annotations

from typing import Any

from ..cards.vocabulary import (
    Ref, ReturnToHand, SacrificePermanent, Trigger, TriggeredAbility,
)
from ..effects.layers import Characteristics
from ..effects.triggers import create_delayed
from ..state.game_state import GameState
from ..state.objects import GameObject
from .context import Ctx


def named_optional_costs(ch: Characteristics) -> tuple[str, ...]:
    """The spell's own optional additional costs announced by name (buyback)."""
    return tuple(a.name for a in ch.script.additional_costs if a.optional and a.name and a.itself)


def record_announced(g: GameState, spell_id: int, ch: Characteristics, additional: dict[str, Any]) -> None:
    """CR 601.2b: the spell remembers which of its keyword costs were announced (and then paid,
    CR 601.2h): "if the buyback cost was paid" (CR 702.27a)."""
    for name in named_optional_costs(ch):
        if additional.get(name) not in (None, False):
            g.obj(spell_id).choices[name] = True


def optional_cost_variants(ch: Characteristics) -> list[dict[str, Any]]:
    """The ``cast`` options of the legal-action list for the keyword costs (``castability.
    cast_variants`` checks each can be paid): ``{"additional": {"buyback": True}}``."""
    return [{"additional": {name: True}} for name in named_optional_costs(ch)]


#: CR 702.109a, 702.152a: the delayed triggered ability a permanent spell cast for this
#: alternative cost creates as it resolves, about the permanent it becomes.
_AT_NEXT_END_STEP = {
    "dash": (ReturnToHand(Ref("remembered", 0)), "702.109a",
             "return the permanent this spell became to its owner's hand at the beginning of the next end step"),
    "blitz": (SacrificePermanent(Ref("remembered", 0)), "702.152a",
              "sacrifice the permanent this spell became at the beginning of the next end step"),
}


def permanent_spell_resolved(ctx: Ctx, spell: GameObject, name: str, new_id: int | None) -> None:
    """CR 608.3: a permanent spell became ``new_id``; if its dash or blitz cost was paid, the
    delayed triggered ability its keyword creates (CR 702.109a, 702.152a, 603.7)."""
    if new_id is None or not spell.choices:
        return
    paid = str(spell.choices.get("alternative", "")).lower()
    delayed = _AT_NEXT_END_STEP.get(paid)
    if delayed is None:
        return
    effect, rule, text = delayed
    ctx.log(rule, f"{name}'s {paid} cost was paid: {text}")
    create_delayed(ctx, spell.controller, new_id, name,
                   TriggeredAbility(Trigger("end_step", whose="any"), (effect,), text=f"{paid} (CR {rule}): {text}"),
                   (new_id,))
