"""Malformed answers (issue 17): at random decision points of random games, answers of every
wrong shape — None, a text, a nested list, an unknown id, a bool or a float where a number is
expected, an option twice, a mapping of junk, an action with keys a player can't give — are each
refused with IllegalActionError before anything changes: the save is byte-identical, the same
question waits, and the game then plays on exactly as an untouched copy of it."""
from __future__ import annotations

from typing import Any

from hypothesis import given, settings, strategies as st

from mtgengine.agents.agents import RandomAgent
from mtgengine.agents.decisions import Decision
from mtgengine.core.errors import IllegalActionError
from mtgengine.engine import Game
from mtgengine.simulate import answer_pending

UNKNOWN = 10**12            # no object, no player, no X
COPIES = (["Island"] * 12 + ["Mountain"] * 12 + ["Clone"] * 4 + ["Twincast"] * 3 + ["Fork"] * 3
          + ["Lightning Bolt"] * 4 + ["Shivan Dragon"] * 2 + ["Counterspell"] * 3 + ["Blaze"] * 3
          + ["Fire // Ice"] * 3 + ["Divination"] * 3 + ["Brainstorm"] * 3 + ["Opt"] * 3)
COMBAT = (["Forest"] * 12 + ["Plains"] * 12 + ["Grizzly Bears"] * 6 + ["Savannah Lions"] * 6
          + ["Craw Wurm"] * 4 + ["Boggart Brute"] * 4 + ["Llanowar Elves"] * 4 + ["Giant Growth"] * 4
          + ["Diabolic Edict"] * 4 + ["Raise the Alarm"] * 4)
DECKS = ((COPIES, COMBAT), (COMBAT, COMBAT), (COMBAT, COPIES))


def malformed(d: Decision) -> list[Any]:
    """Answers no decision of ``d``'s kind takes, whatever its options."""
    options = d.options
    ids = [o for o in options if o.__class__ is int and o > 0]
    out: list[Any] = [1.5, [[["nested"]]], {"junk": 1}, [None, None], UNKNOWN, [UNKNOWN], -UNKNOWN,
                      {1, 2} if False else [1.5]]
    if None not in options:
        out.append(None)
    if d.kind != "name":                      # a free text: any name is its shape
        out += ["junk", ""]
    if ids:
        out += [True, [True], float(ids[0]), [ids[0], ids[0]], str(ids[0])]
    if d.kind in ("mulligan", "yesno"):
        out += [1, 0, "yes", [True]]
    if d.kind == "x":
        out += [-1, True, 10**10, "3"]
    if d.kind == "priority":
        obj = next((o["object"] for o in options if "object" in o), ids[0] if ids else 1)
        out += [{"action": "bogus"}, {"action": "pass", "x": 1}, {"action": "cast"},
                {"action": "cast", "object": UNKNOWN}, {"action": "cast", "object": True},
                {"action": "cast", "object": obj, "free": True}, {"action": "cast", "object": obj, "x": 1.5},
                {"action": "cast", "object": obj, "targets": "Bob"}, {"action": "cast", "object": obj, "targets": [[[-1]]]},
                {"action": "activate", "object": obj, "ability": -1}, {"action": "cast", "object": obj, "pay": 3},
                {"action": "cast", "object": obj, "from": "sideboard"}, {"action": "play", "object": obj, "face": 2},
                {"action": 1}, [{"action": "pass"}]]
    if d.kind == "attackers":
        out += [ids[:1] * 2, [[ids[0]]], [[ids[0], UNKNOWN]], [[ids[0], 1.5]], [-1], [[ids[0], -1, 0]], "all"]
    if d.kind == "blockers":
        pair = options[0]
        out += [[pair, pair], [pair[0]], [[pair[0], UNKNOWN]], [[UNKNOWN, pair[1]]], [[pair[0], True]],
                [[pair[1], pair[0]]] if [pair[1], pair[0]] not in options else [[pair[0]] * 3], [pair + [1]]]
    if d.kind in ("damage_assignment", "divide"):
        out += [{str(ids[0]): -1}, {str(ids[0]): True}, {str(ids[0]): 1.5}, {str(UNKNOWN): 1}, {"x": 1},
                [UNKNOWN], ["x"], ids[:1] * 2]
    return out


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 250), st.sampled_from(DECKS))
def test_malformed_answers_are_refused_and_change_nothing(seed: int, point: int, decks: Any) -> None:
    game = Game.new_game([list(decks[0]), list(decks[1])], seed=seed, turn_cap=12, first_player=seed % 2)
    agents = (RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2))
    for _ in range(point):
        if game.over:
            return
        answer_pending(game, agents)
    kinds = set()
    # several decision points in a row, so that more kinds than priority are met
    for _ in range(8):
        if game.over:
            break
        d = game.pending
        kinds.add(d.kind)
        before, twin = game.save(), game.clone()
        for answer in malformed(d):
            try:
                game.submit(answer)
            except IllegalActionError as exc:
                assert str(exc)
            else:
                raise AssertionError(f"{d.kind}: the malformed answer {answer!r} was accepted")
            assert game.pending == d and game.answers == twin.answers, f"{d.kind}: {answer!r} changed the game"
        # (a change any refusal left would last: one save after them all shows it)
        assert game.save() == before, f"{d.kind}: refusing the malformed answers changed the game"
        assert Game.load(before).save() == before
        # the game plays on as the untouched copy does
        same = (RandomAgent(seed + 7), RandomAgent(seed + 8))
        other = (RandomAgent(seed + 7), RandomAgent(seed + 8))
        answer_pending(game, same)
        answer_pending(twin, other)
        assert game.save() == twin.save()


def test_every_kind_met_in_these_games_refuses_malformed_answers() -> None:
    """Every non-priority decision of a few whole games (and one priority question in 25), each
    given every malformed answer: the kinds met include the combat ones the issue names."""
    kinds: dict[str, int] = {}
    for seed, decks in ((0, DECKS[1]), (15, DECKS[0]), (14, DECKS[1])):
        game = Game.new_game([list(decks[0]), list(decks[1])], seed=seed, turn_cap=10, first_player=seed % 2)
        agents = (RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2))
        n = 0
        while not game.over:
            d = game.pending
            n += 1
            if d.kind != "priority" or n % 25 == 0:
                kinds[d.kind] = kinds.get(d.kind, 0) + 1
                before = game.save()
                for answer in malformed(d):
                    try:
                        game.submit(answer)
                    except IllegalActionError:
                        pass
                    else:
                        raise AssertionError(f"{d.kind}: the malformed answer {answer!r} was accepted")
                    assert game.pending == d, f"{d.kind}: {answer!r} changed the question"
                assert game.save() == before, f"{d.kind}: refusing the malformed answers changed the game"
            answer_pending(game, agents)
    assert {"mulligan", "priority", "attackers", "blockers", "targets", "damage_assignment", "x", "scry_bottom",
            "discard"} <= set(kinds), kinds
