"""Saves (issue 17): ``Game.load`` refuses a save of another format and a tampered or damaged one
with a GameStateError naming what is wrong — before any rule runs on it — and still loads the
saves of its format made before some fields existed."""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from mtgengine.core.errors import GameStateError
from mtgengine.engine import Game
from mtgengine.scenario.builder import Scenario
from mtgengine.state.invariants import check_state


def _position() -> Game:
    s = Scenario("save", Alice={"battlefield": ["Grizzly Bears", "Forest"], "hand": ["Shock"], "life": 17},
                 Bob={"battlefield": ["Llanowar Elves"], "counters": {"energy": 2}})
    return s.game


SAVE = _position().save()


def _objects(d: dict[str, Any], name: str) -> dict[str, Any]:
    return next(o for o in d["base"]["objects"] if o["card"] == {"__card__": name})


def _zone(d: dict[str, Any], player: int, zone: str) -> list[int]:
    for key, ids in d["base"]["zones"]["__dict__"]:
        if key["__tuple__"] == [player, {"__enum__": "Zone", "v": zone}]:
            return ids
    raise AssertionError(zone)


def _bears_also_in_hand(d: dict[str, Any]) -> None:
    _zone(d, 0, "hand").append(_objects(d, "Grizzly Bears")["id"])


TAMPERED: list[tuple[str, Callable[[dict[str, Any]], Any], str]] = [
    ("format 99", lambda d: d.update(format=99),
     "a saved game of format 99: this engine reads only format 1"),
    ("format true", lambda d: d.update(format=True), "a saved game of format True"),
    ("no format", lambda d: d.pop("format"), "not a saved game: it has no format"),
    ("life 2.5", lambda d: d["base"]["players"][0].update(life=2.5),
     "base.players[0].life: a life total is a whole number (CR 119.1), got 2.5"),
    ("in two zones", _bears_also_in_hand,
     "object 2: it is in two zones: the battlefield and Alice's hand"),
    ("listed twice", lambda d: d["base"]["battlefield"].append(d["base"]["battlefield"][0]),
     "object 2: it is listed twice in the battlefield"),
    ("in no zone", lambda d: d["base"]["battlefield"].remove(_objects(d, "Forest")["id"]),
     "object 3: it is in no zone (its zone says battlefield)"),
    ("zone disagrees", lambda d: _objects(d, "Shock").update(zone={"__enum__": "Zone", "v": "graveyard"}),
     "it is listed in Alice's hand but its zone is graveyard"),
    ("owner disagrees", lambda d: _objects(d, "Shock").update(owner=1), "owned by Bob (CR 400.3)"),
    ("unknown id", lambda d: d["base"]["stack"].append(999), "base: the stack: no object has id 999"),
    ("negative counters", lambda d: _objects(d, "Grizzly Bears").update(counters={"__dict__": [["+1/+1", -2]]}),
     "base.objects (id 2).counters['+1/+1']: a number of counters (CR 122.1) is 0 or more, got -2"),
    ("negative player counters", lambda d: d["base"]["players"][1].update(counters={"__dict__": [["energy", -1]]}),
     "base.players[1].counters['energy']: a number of counters (CR 122.1) is 0 or more, got -1"),
    ("negative damage", lambda d: _objects(d, "Grizzly Bears").update(damage=-1),
     "marked damage (CR 120.3e) is 0 or more, got -1"),
    ("negative poison", lambda d: d["base"]["players"][1].update(poison=-1),
     "base.players[1].poison: a number of poison counters (CR 122.1f) is 0 or more, got -1"),
    ("negative mana", lambda d: d["base"]["players"][0]["pool"]["__dict__"][3].__setitem__(1, -1),
     "base.players[0].pool['R']: an amount of mana (CR 106.4) is 0 or more, got -1"),
    ("unknown card", lambda d: _objects(d, "Shock").update(card={"__card__": "Shokc"}),
     "base.objects[0].card: unknown card name 'Shokc' (did you mean"),
    ("unknown field", lambda d: d["base"].update(cheat=1), "base: unknown field 'cheat'"),
    ("unknown object field", lambda d: _objects(d, "Shock").update(cheat=1), "base.objects[0]: unknown field 'cheat'"),
    ("missing field", lambda d: d["base"].pop("objects"), "base: the field 'objects' is missing"),
    ("attached to nothing", lambda d: _objects(d, "Forest").update(attached_to=999),
     "object 3: it is attached to object 999, which doesn't exist"),
    ("no such commander", lambda d: d["base"]["players"][0].update(commanders={"__tuple__": [999]}),
     "base.players[0].commanders: no card has id 999"),
    ("ids reused", lambda d: d["base"].update(next_id=2), "base.next_id: 2 is not above every object's id"),
    ("no such player", lambda d: d["base"].update(active=5), "base.active: expected a player (0 to 1), got 5"),
    ("bool tapped", lambda d: _objects(d, "Forest").update(tapped=1), "tapped: expected true or false, got 1"),
    ("unknown step", lambda d: d["base"].update(step={"__enum__": "Step", "v": "lunch"}),
     "base.step: 'lunch' is not a valid Step"),
    ("unknown value kind", lambda d: d["base"].update(effects=[{"__dc__": "Cheat", "f": {}}]),
     "base.effects: unknown kind of saved value 'Cheat'"),
    ("bad generator", lambda d: d["base"].update(rng=[1, 2]), "base.rng: not the generator's state"),
    ("answers refused", lambda d: d.update(answers=[{"action": "cast", "object": 3, "free": True}]),
     "its answers are refused: priority (Alice has priority (precombat_main)): 'free' is not something"),
    ("answers not a list", lambda d: d.update(answers={"a": 1}), "answers: expected a list"),
]


@pytest.mark.parametrize(("tamper", "message"), [(t, m) for _, t, m in TAMPERED], ids=[i for i, _, _ in TAMPERED])
def test_a_tampered_save_is_refused_naming_the_fault(tamper: Callable[[dict[str, Any]], Any], message: str) -> None:
    data = json.loads(SAVE)
    tamper(data)
    with pytest.raises(GameStateError) as err:
        Game.load(json.dumps(data))
    assert message in str(err.value)
    assert len(str(err.value)) < 600


@pytest.mark.parametrize(("text", "message"), [
    ("{not json", "not a saved game: not JSON"),
    ("[" * 100_000 + "]" * 100_000, "not a saved game: its JSON nests too deeply"),
    ("[1, 2]", 'not a saved game: expected {"format": ..., "base": ..., "answers": ...}'),
    (b"\xff\xfe\x00", "not a saved game: not JSON"),
    (42, "not a saved game: expected the JSON text Game.save returns, got 42"),
])
def test_what_is_no_save_at_all_is_refused(text: Any, message: str) -> None:
    with pytest.raises(GameStateError, match="^" + message.replace("(", r"\(").replace(")", r"\)")
                       .replace("[", r"\[").replace(".", r"\.").replace("{", r"\{").replace("}", r"\}")):
        Game.load(text)


def test_a_good_save_loads_exactly() -> None:
    assert Game.load(SAVE).save() == SAVE


def test_saves_made_before_some_fields_existed_still_load() -> None:
    data = json.loads(SAVE)
    for slot in ("links", "extra_turns", "strays", "replacement_effects"):
        del data["base"][slot]                      # state fields added after the first saves
    for obj in data["base"]["objects"]:
        del obj["deathtouched"], obj["steady"]      # and object fields
    loaded = Game.load(json.dumps(data))
    assert loaded.state.links == {} and loaded.state.extra_turns == ()
    assert all(o.deathtouched is False for o in loaded.state.objects.values())
    assert loaded.pending is not None and loaded.pending.kind == "priority"


def test_an_attachment_to_an_object_that_just_left_loads_and_a_made_up_one_doesnt() -> None:
    # Path to Exile exiles the equipped creature, then asks "you may search": until state-based
    # actions unattach the Equipment (CR 704.5n) it is attached to the object that left, whose
    # last known information is kept — a legal position to save (fuzz seeds 1600063, 1601756)
    s = Scenario("stale", Alice={"battlefield": ["Plains"], "hand": ["Path to Exile"]},
                 Bob={"battlefield": [{"card": "Grizzly Bears", "as": "bears"},
                                      {"card": "Bonesplitter", "attached_to": "bears"}]})
    s.cast("Path to Exile", targets=["bears"])
    s.game.submit({"action": "pass"})
    s.game.submit({"action": "pass"})
    game = s.game
    assert game.pending is not None and game.pending.kind == "yesno"
    equipment = next(oid for oid in game.state.battlefield if game.state.objects[oid].card.name == "Bonesplitter")
    assert game.state.objects[equipment].attached_to not in game.state.objects
    check_state(game.state)                     # the position the fuzzer checked, as a save checks it
    saved = game.save()
    assert Game.load(saved).save() == saved
    game.state.obj(equipment).attached_to = 999
    with pytest.raises(GameStateError, match="it is attached to object 999, which doesn't exist"):
        check_state(game.state)
