"""Characteristics derived again only for the permanents a change can alter (``layer_memo``):
every pass served that way equals the permanents derived from scratch as before issue 17
(``layer_reference``), in random games of boards that fill up, and only the changed
permanents are derived again."""
from __future__ import annotations

from typing import Any

import pytest
from board_decks import LORDS, NoAttack, TOKENS
from layer_reference import reference_battlefield

from mtgengine.agents.agents import RandomAgent
from mtgengine.cards.vocabulary import ModifyPT, SwitchPT
from mtgengine.core.enums import Zone
from mtgengine.effects import effect_begins, layer_memo, layers
from mtgengine.effects.layers import ContinuousEffect, characteristics, permanents
from mtgengine.engine import Game
from mtgengine.scenario.builder import Scenario
from mtgengine.simulate import PLAYER_NAMES, answer_pending
from mtgengine.state.game_state import LAYER_RECORD

#: Counters, auras, equipment-like grants, copies, pumps and removal among anthems.
MIXED = (["Plains"] * 8 + ["Forest"] * 8 + ["Island"] * 6 + ["Glorious Anthem"] * 2 + ["Hardened Scales"] * 2
         + ["Ajani's Pridemate"] * 3 + ["Raise the Alarm"] * 3 + ["Giant Growth"] * 3 + ["Clone"] * 2
         + ["Phantasmal Image"] * 2 + ["Oblivion Ring"] * 2 + ["Cloudshift"] * 2 + ["Spidersilk Armor"]
         + ["Savannah Lions"] * 3 + ["Llanowar Elves"] * 3 + ["Elvish Champion"] + ["Lord of Atlantis"]
         + ["Merfolk of the Pearl Trident"] * 3 + ["Doubling Season"] + ["Mind Control"] + ["Rancor"]
         + ["Hyalopterous Lemure"] * 2 + ["Luminarch Aspirant"] * 3 + ["Cathars' Crusade"] * 2 + ["Soul Warden"] * 2)


class _Checked:
    """Every local pass (``layers._remember_local``) compared with the permanents derived from
    scratch; counts the passes, those served by ``layer_memo.incremental`` and by
    ``layer_memo.moved`` (the others derived every permanent), and the permanents derived."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.passes = self.incremental = self.moved = self.replays = 0
        remember, incremental, moved, replay = (layers._remember_local, layers.incremental, layers.moved,
                                                layer_memo.replay)

        def checking(state: Any, chars: Any, record: Any) -> Any:
            old = reference_battlefield(state)
            assert list(chars) == list(old) == state.battlefield
            for oid in old:
                assert chars[oid] == old[oid], (oid, chars[oid], old[oid])
            self.passes += 1
            return remember(state, chars, record)

        def counting(*args: Any) -> Any:
            done = incremental(*args)
            self.incremental += done is not None
            return done

        def moving(*args: Any) -> Any:
            done = moved(*args)
            self.moved += done is not None
            return done

        def replaying(*args: Any) -> Any:
            self.replays += 1
            return replay(*args)

        monkeypatch.setattr(layers, "_remember_local", checking)
        monkeypatch.setattr(layers, "incremental", counting)
        monkeypatch.setattr(layers, "moved", moving)
        monkeypatch.setattr(layer_memo, "replay", replaying)
        monkeypatch.setattr(layers, "replay", replaying)


def _play(decks: tuple[list[str], list[str]], seed: int, turn_cap: int, attack: bool) -> int:
    game = Game.new_game([list(d) for d in decks], names=PLAYER_NAMES, seed=seed, first_player=seed % 2,
                         turn_cap=turn_cap)
    kind = RandomAgent if attack else NoAttack
    agents = (kind(seed * 2 + 1), kind(seed * 2 + 2))
    most = 0
    while not game.over:
        answer_pending(game, agents)
        most = max(most, len(game.state.battlefield))
    return most


@pytest.mark.parametrize("decks, turn_cap, attack, board", [
    ((TOKENS, TOKENS), 36, False, 100), ((LORDS, LORDS), 36, False, 30), ((MIXED, LORDS), 30, True, 15),
    ((MIXED, MIXED), 36, False, 30),
], ids=["tokens", "lords", "mixed-lords", "mixed"])
def test_every_pass_equals_the_layers_derived_from_scratch(monkeypatch: pytest.MonkeyPatch, decks: Any,
                                                           turn_cap: int, attack: bool, board: int) -> None:
    """``board``: the most permanents the games reach, at least."""
    checked = _Checked(monkeypatch)
    most = max(_play(decks, seed, turn_cap, attack) for seed in range(2))
    kept = checked.incremental + checked.moved
    assert most >= board and kept > 20 and checked.moved > 10 and checked.passes > kept, \
        (most, vars(checked))


def _ids(s: Scenario, name: str) -> list[int]:
    g = s.game.state
    return [oid for oid in g.battlefield if g.objects[oid].card is not None and g.objects[oid].card.name == name]


def test_a_token_entering_derives_only_the_token(monkeypatch: pytest.MonkeyPatch) -> None:
    """CR 611.3a: Glorious Anthem applies to the new Soldiers; the other permanents' values are
    kept, not derived again."""
    s = Scenario("memo", Alice={"battlefield": ["Glorious Anthem", "Grizzly Bears", "Savannah Lions", "Plains x2"],
                                "hand": ["Raise the Alarm"]}, Bob={"battlefield": ["Forest x3"]})
    g = s.game.state
    bears = _ids(s, "Grizzly Bears")[0]
    before = characteristics(g, bears)
    checked = _Checked(monkeypatch)
    s.cast("Raise the Alarm", by="Alice").pass_("stack")
    g = s.game.state
    tokens = [oid for oid in g.battlefield if g.objects[oid].token]
    assert [(characteristics(g, t).power, characteristics(g, t).toughness) for t in tokens] == [(2, 2), (2, 2)]
    assert characteristics(g, bears) is before
    assert checked.moved == 2 and checked.replays == 2, vars(checked)


def test_a_source_entering_derives_everything_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new static ability (CR 611.3) may apply to any permanent: the whole pass runs."""
    s = Scenario("memo", Alice={"battlefield": ["Grizzly Bears", "Raging Goblin", "Mountain x3"],
                                "hand": ["Goblin King"]}, Bob={"battlefield": ["Goblin Piker"]})
    checked = _Checked(monkeypatch)
    s.cast("Goblin King", by="Alice").pass_("stack")
    g = s.game.state
    assert characteristics(g, _ids(s, "Raging Goblin")[0]).power == 2
    assert characteristics(g, _ids(s, "Goblin Piker")[0]).power == 3
    assert characteristics(g, _ids(s, "Grizzly Bears")[0]).power == 2
    assert checked.replays >= len(g.battlefield)


def test_the_record_outlives_changed_and_describes_its_own_state() -> None:
    """``GameState.changed`` keeps the record; a clone shares it, and a change on either side
    is seen by that side only (copy on write, ``GameState.obj``)."""
    s = Scenario("memo", Alice={"battlefield": ["Glorious Anthem", "Grizzly Bears"]}, Bob={})
    g = s.game.state
    bears = _ids(s, "Grizzly Bears")[0]
    assert permanents(g)[bears].power == 3
    record = g._chars[LAYER_RECORD]
    g.changed()
    assert g._chars == {LAYER_RECORD: record}
    other = g.clone()
    other.obj(bears).counters["+1/+1"] = 2
    other.changed()
    assert permanents(other)[bears].power == 5
    assert permanents(g)[bears].power == 3


def test_piled_up_pumps_end_at_cleanup_and_are_added_on_top(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hyalopterous Lemure's {0} ability activated 24 times: each new effect is added to the
    Lemure's values (``layer_memo._pumped``), nothing is derived again (the lords and anthems,
    sources, are untouched); the 24 effects end in the cleanup step (CR 514.2) and the Lemure is
    a 4/3 again (5/4 under Glorious Anthem)."""
    s = Scenario("pump", Alice={"battlefield": ["Hyalopterous Lemure", "Glorious Anthem", "Lord of Atlantis",
                                                "Merfolk of the Pearl Trident", "Crusade", "Savannah Lions"]},
                 Bob={"battlefield": ["Honor of the Pure", "Grizzly Bears"]})
    lemure = _ids(s, "Hyalopterous Lemure")[0]
    checked = _Checked(monkeypatch)
    # (kept one by one, as without effect_begins' merging of pumps that add up: the memo is tested)
    monkeypatch.setattr(effect_begins, "_superseded", lambda g, new, kind, matching=None: None)
    for _ in range(24):
        s.activate("Hyalopterous Lemure", by="Alice").pass_("stack")
    g = s.game.state
    assert len(g.effects) == 24
    ch = characteristics(g, lemure)
    assert (ch.power, ch.toughness, "flying" in ch.keywords) == (4 + 1 - 24, 3 + 1, True)
    assert checked.replays <= 3, vars(checked)                 # each pump is added on top
    s.pass_("turn")
    g = s.game.state
    assert g.effects == [] and g.objects[lemure].zone is Zone.BATTLEFIELD
    ch = characteristics(g, lemure)
    assert (ch.power, ch.toughness, "flying" in ch.keywords) == (5, 4, False)


def test_a_pump_on_top_of_a_switch_derives_the_permanent_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new +3/+0 (layer 7c) can't simply be added to the values of a creature whose power and
    toughness are switched (layer 7d, CR 613.4d): Savannah Lions under Glorious Anthem with a
    +1/+1 counter, switched, is 3/4; with +3/+0 it is 3/7, not 6/4. Without a switch a pump is
    added on top (no replay)."""
    s = Scenario("memo", Alice={"battlefield": [{"card": "Savannah Lions", "counters": {"+1/+1": 1}},
                                                "Glorious Anthem", "Grizzly Bears"]}, Bob={})
    g = s.game.state
    lions, bears = _ids(s, "Savannah Lions")[0], _ids(s, "Grizzly Bears")[0]
    checked = _Checked(monkeypatch)
    g.effects.append(ContinuousEffect(g.new_timestamp(), (SwitchPT(),), frozenset({lions})))
    g.changed()
    assert (permanents(g)[lions].power, permanents(g)[lions].toughness) == (3, 4)
    g.effects.append(ContinuousEffect(g.new_timestamp(), (ModifyPT(3, 0),), frozenset({lions, bears})))
    g.changed()
    assert (permanents(g)[lions].power, permanents(g)[lions].toughness) == (3, 7)
    assert (permanents(g)[bears].power, permanents(g)[bears].toughness) == (6, 3)
    assert checked.replays == 3, vars(checked)                 # the Lions twice, the Bears once
    g.effects.pop(0)                                           # the switch ends: pumps go on top again
    g.changed()
    replays = checked.replays
    assert (permanents(g)[lions].power, permanents(g)[lions].toughness) == (7, 3)
    g.effects.append(ContinuousEffect(g.new_timestamp(), (ModifyPT(1, 1),), frozenset({lions})))
    g.changed()
    assert (permanents(g)[lions].power, permanents(g)[lions].toughness) == (8, 4)
    assert checked.replays == replays + 1, vars(checked)       # (the end derives the Lions again, the pump doesn't)
