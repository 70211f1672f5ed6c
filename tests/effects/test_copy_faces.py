"""Copies of multi-face objects and face-down permanents (CR 707.8, 708): the values kept on the
objects survive save and load, and what the scenario format can't check."""
from __future__ import annotations

from mtgengine.effects.layers import characteristics
from mtgengine.engine import Game
from mtgengine.scenario.builder import Scenario


def _tokens(s: Scenario, name: str) -> list[int]:
    g = s.game.state
    return [oid for oid in g.battlefield if g.objects[oid].token and characteristics(g, oid).name == name]


def test_a_double_faced_token_survives_save_and_load() -> None:
    s = Scenario("DFC token", Alice={"battlefield": ["Island x4"], "hand": ["Rite of Replication"]},
                 Bob={"battlefield": [{"card": "Delver of Secrets", "transformed": True}]})
    s.cast("Rite of Replication", by="Alice", targets=["Insectile Aberration"]).pass_("stack")
    (token,) = _tokens(s, "Insectile Aberration")
    text = s.game.save()
    loaded = Game.load(text)
    assert loaded.save() == text
    assert characteristics(loaded.state, token).name == "Insectile Aberration"
    assert loaded.state.objects[token].choices["dfc_faces"][1].name == "Delver of Secrets"


def test_a_token_copy_of_a_helm_token_has_no_haste() -> None:
    """Helm of the Host's "That token gains haste" is an effect on the token, not a copiable
    value (CR 707.2): a token copy of that token doesn't have haste; "isn't legendary" is an
    exception of the copy effect and is copied (CR 707.9b)."""
    s = Scenario("Helm", Alice={"battlefield": [{"card": "Helm of the Host", "attached_to": "Isamaru, Hound of Konda"},
                                                "Isamaru, Hound of Konda", "Island x4"],
                                "hand": ["Rite of Replication"]}, Bob={})
    s.pass_("beginning_of_combat").pass_("stack").pass_("postcombat_main")
    (helm_token,) = _tokens(s, "Isamaru, Hound of Konda")
    s.cast("Rite of Replication", by="Alice", targets=["token:Isamaru, Hound of Konda"]).pass_("stack")
    g = s.game.state
    (rite_token,) = [t for t in _tokens(s, "Isamaru, Hound of Konda") if t != helm_token]
    assert characteristics(g, helm_token).has("haste")
    assert not characteristics(g, rite_token).has("haste")
    assert "Legendary" not in characteristics(g, rite_token).supertypes


def test_a_flip_copy_survives_save_and_load() -> None:
    s = Scenario("flip", allow_unimplemented=True,     # (flip cards: the layout's abilities aren't all implemented)
                 Alice={"battlefield": [{"card": "Jushi Apprentice", "transformed": True},
                                                "Plains x2", "Island x2"], "hand": ["Mirrorweave"]},
                 Bob={"battlefield": ["Nezumi Shortfang"]})
    s.cast("Mirrorweave", by="Alice", targets=["Nezumi Shortfang"]).pass_("stack")
    text = s.game.save()
    loaded = Game.load(text)
    assert loaded.save() == text
    names = sorted(characteristics(loaded.state, oid).name for oid in loaded.state.battlefield
                   if "Creature" in characteristics(loaded.state, oid).types)
    assert names == ["Nezumi Shortfang", "Stabwhisker the Odious"]
