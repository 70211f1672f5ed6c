"""Effect templates that switch a creature's power and toughness until end of turn (CR 613.4d,
layer 7d): "Switch target creature's power and toughness until end of turn" (About Face),
"{1}: Switch ~'s power and toughness until end of turn" (Aquamoeba)."""
from __future__ import annotations

from .clause import effect_rule
from .targets import Parse, target_ref
from .text import SpanMatch, consume
from ..vocabulary import ApplyModifications, Effect, Ref, SELF, SwitchPT


@effect_rule(r"switch (target .+?|~)'s power and toughness until end of turn")
def _switch_pt(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """A continuous effect in layer 7d, applied after every other power and toughness change
    (CR 613.4d), on the creature fixed as it resolves (CR 611.2c)."""
    whose = m.group(1).lower()
    if whose == "~":
        consume(whose)
        ref: Ref | None = SELF
    else:
        ref = target_ref(whose, st)
    return [ApplyModifications(ref, (SwitchPT(),))] if ref is not None else None


@effect_rule(r"switch the power and toughness of (?:each of )?((?:any number of|up to (?:one|two|three)) target .+?) "
             r"until end of turn")
def _switch_pt_each(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Inversion Behemoth: "switch the power and toughness of each of any number of target
    creatures until end of turn" (CR 613.4d)."""
    ref = target_ref(m.group(1), st)
    return [ApplyModifications(ref, (SwitchPT(),))] if ref is not None else None
