"""A phased-out permanent (CR 702.26b, 702.26d) in the saved state: the same object, kept with its
counters and attachments in ``GameState.phased_out``, checked by the invariants and restored by
a save and load."""
from __future__ import annotations

from mtgengine.core.enums import Zone
from mtgengine.effects.phasing import phase_in, phase_out
from mtgengine.rules.context import Ctx
from mtgengine.scenario.setup import build
from mtgengine.state.invariants import violations
from mtgengine.state.serialize import state_from_json, state_to_json


def test_a_phased_out_permanent_and_its_aura_survive_a_save_and_phase_in_as_the_same_objects() -> None:
    s = build({"players": {"Alice": {"battlefield": [{"card": "Breezekeeper", "counters": {"+1/+1": 1}},
                                                     {"card": "Holy Strength", "attached_to": "Breezekeeper"}]},
                           "Bob": {}}})
    g = s.state
    creature, aura = sorted(g.battlefield, key=lambda oid: g.objects[oid].attached_to is not None)
    ctx = Ctx(g, [], lambda *_: None)
    phase_out(ctx, creature)
    assert g.battlefield == [] and g.phased_out == [creature, aura]
    assert {g.objects[o].zone for o in (creature, aura)} == {Zone.PHASED_OUT}
    assert violations(g) == []
    g2 = state_from_json(state_to_json(g))
    assert g2.phased_out == [creature, aura] and violations(g2) == []
    phase_in(Ctx(g2, [], lambda *_: None), creature)
    assert g2.battlefield == [creature, aura] and g2.phased_out == []
    assert g2.objects[aura].attached_to == creature and g2.objects[creature].counters == {"+1/+1": 1}
