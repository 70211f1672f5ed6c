"""Linked abilities (CR 607, issue 9): the records are per object and per pair, survive save and
load, and copies or gained abilities get their own links."""
from __future__ import annotations

from mtgengine.cards.vocabulary import CardScript, Exile, Ref, TriggeredAbility, Trigger
from mtgengine.effects.link_records import record, relink
from mtgengine.engine import Game
from mtgengine.scenario.builder import Scenario


def _oring_exiled_bears() -> Scenario:
    s = Scenario("O-Ring", Alice={"battlefield": ["Plains x5"], "hand": ["Oblivion Ring", "Disenchant"]},
                 Bob={"battlefield": ["Grizzly Bears"]})
    s.cast("Oblivion Ring", by="Alice").pass_(2).choose("Grizzly Bears").pass_("stack")
    return s


def test_the_record_is_kept_per_object_and_per_link() -> None:
    s = _oring_exiled_bears()
    g = s.game.state
    ring = next(oid for oid in g.battlefield if g.objects[oid].card.name == "Oblivion Ring")
    keys = [key for key in g.links if key[0] == ring]
    assert keys == [(ring, "Oblivion Ring#1")]
    (bears,) = record(g, ring, "Oblivion Ring#1")
    assert g.objects[bears].card.name == "Grizzly Bears" and g.objects[bears].zone.value == "exile"


def test_links_survive_save_and_load() -> None:
    s = _oring_exiled_bears()
    text = s.game.save()
    loaded = Game.load(text)
    assert loaded.save() == text
    assert loaded.state.links == s.game.state.links
    s.cast("Disenchant", by="Alice", targets=["Oblivion Ring"]).pass_("stack")
    s.expect(permanents=[{"ref": "Grizzly Bears", "count": 1}])


def test_relink_renames_every_link_and_keeps_the_rest() -> None:
    ab = TriggeredAbility(Trigger("enters"), (Exile(Ref("target", 0), link="X#1"),), text="t")
    script = CardScript(triggered=(ab,))
    renamed = relink(script, "@c7")
    assert renamed.triggered[0].effects[0].link == "X#1@c7"
    assert renamed.triggered[0].text == "t"
    assert relink(script, "@c7") is renamed                  # memoized
    plain = CardScript()
    assert relink(plain, "@c7") is plain                     # nothing to rename
