"""The agents by name: a fixed-seed smoke game of each, every decision kind answered, the evaluation.

Strength is measured by benchmarks/bench_agents.py, not here; the fixed-seed games below only
check that each agent plays whole games legally on several decks, and the small fixed-seed
series that greedy wins most of its games against random (deterministic: greedy has no clock).
"""
from __future__ import annotations

import random

import pytest

from mtgengine.agents.candidates import candidates
from mtgengine.agents.decisions import Decision
from mtgengine.agents.evaluation import evaluate, material
from mtgengine.agents.greedy import GreedyAgent
from mtgengine.agents.registry import AGENT_NAMES, make_agent
from mtgengine.agents.search import SearchAgent
from mtgengine.decklist import REFERENCE_DECK
from mtgengine.rules.context import validate_answer
from mtgengine.scenario.builder import Scenario
from mtgengine.simulate import play_game, simulate

COPIES = (["Island"] * 12 + ["Mountain"] * 12 + ["Clone"] * 4 + ["Twincast"] * 3 + ["Fork"] * 3
          + ["Lightning Bolt"] * 4 + ["Shivan Dragon"] * 2 + ["Counterspell"] * 3 + ["Unsummon"] * 3
          + ["Divination"] * 3 + ["Opt"] * 4 + ["Blaze"] * 2 + ["Fact or Fiction"] * 3 + ["Cancel"] * 2)
REMOVAL = (["Swamp"] * 12 + ["Plains"] * 12 + ["Oblivion Ring"] * 4 + ["Doom Blade"] * 3 + ["Murder"] * 3
           + ["Walking Corpse"] * 4 + ["Serra Angel"] * 3 + ["Mind Rot"] * 3 + ["Duress"] * 3 + ["Cloudshift"] * 3
           + ["Savannah Lions"] * 4 + ["Raise the Alarm"] * 3 + ["Exalted Angel"] * 3)


def test_every_agent_name_makes_an_agent_and_a_bad_name_is_refused() -> None:
    for name in AGENT_NAMES:
        assert hasattr(make_agent(name, 1, 0.01), "decide")
    with pytest.raises(ValueError, match="unknown agent"):
        make_agent("deep blue", 1)


@pytest.mark.parametrize("agent", ["first", "greedy", "ai"])
def test_each_agent_plays_a_whole_game_on_several_decks(agent: str) -> None:
    for seed, decks in enumerate([(REFERENCE_DECK, REFERENCE_DECK), (COPIES, REMOVAL), (REMOVAL, COPIES)]):
        players = [SearchAgent(seed, seconds=None, nodes=8) if agent == "ai" else make_agent(agent, seed),
                   make_agent("random", seed + 50)]
        result = play_game([list(decks[0]), list(decks[1])], seed, seed % 2, 12, players)
        assert result.decisions > 20
        assert result.winner is not None or result.draw or result.capped


def test_greedy_beats_random_in_a_fixed_seed_series() -> None:
    alice = simulate(6, 0, REFERENCE_DECK, REFERENCE_DECK, agents=("greedy", "random"))
    bob = simulate(6, 0, REFERENCE_DECK, REFERENCE_DECK, agents=("random", "greedy"))
    assert alice["wins"]["Alice"] + bob["wins"]["Bob"] >= 10        # of 12


def test_the_search_is_deterministic_without_a_clock() -> None:
    decks = [list(REFERENCE_DECK)] * 2
    a = play_game(decks, 3, 1, 8, [SearchAgent(5, seconds=None, nodes=12), make_agent("random", 9)])
    b = play_game(decks, 3, 1, 8, [SearchAgent(5, seconds=None, nodes=12), make_agent("random", 9)])
    assert a.log == b.log


def test_trivial_decisions_cost_no_search() -> None:
    agent = SearchAgent(1, seconds=10.0)
    s = Scenario("nothing to do", Alice={"library": ["Forest"] * 3}, Bob={"library": ["Forest"] * 3})
    game = s.game
    assert game.pending.options == [{"action": "pass"}]
    assert agent.decide_from_view(game.view(game.pending.player)) == {"action": "pass"}
    assert agent.timings == []                 # answered before any search began


# -- every kind of decision ----------------------------------------------------------------------
KIND_EXAMPLES = [
    Decision(0, "mulligan", "keep?", [True, False]),
    Decision(0, "yesno", "pay?", [True, False]),
    Decision(0, "x", "choose X", [], info={"max": 5}),
    Decision(0, "x", "choose X", [], info={"max": 40}),
    Decision(0, "mode", "choose a mode", [0, 1, 2]),
    Decision(0, "color", "choose a color", ["W", "U", "B", "R", "G"]),
    Decision(0, "targets", "choose a target", [5, 6, -1, -2]),
    Decision(0, "targets", "choose up to two", [5, 6, 7, -2], min=0, max=2),
    Decision(0, "discard", "discard two", [11, 12, 13, 14, 15, 16, 17, 18], min=2, max=2),
    Decision(0, "bottom", "bottom one", [11, 12, 13], min=1, max=1),
    Decision(0, "search", "up to one", list(range(20, 60)), min=0, max=1),
    Decision(0, "order", "order them", [3, 4, 5]),
    Decision(0, "damage_assignment", "order blockers", [8, 9], min=2, max=2),
    Decision(0, "divide", "divide 4", [5, 6], info={"total": 4}),
    Decision(0, "attackers", "declare attackers", [3, 4, 5], min=0, max=3, info={"required": [4]}),
    Decision(1, "blockers", "declare blockers", [[7, 3], [7, 4], [8, 3]], min=0, max=3),
    Decision(0, "choose", "a pile", [1, 2, 3, 4], min=0, max=4, info={"groups": [[1, 2], [3, 4]]}),
    Decision(0, "discard", "none or two", [1, 2, 3], min=0, max=2, info={"sizes": [0, 2]}),
    Decision(0, "name", "name a card", [], info={"suggestions": ["Lightning Bolt", "Forest"]}),
    Decision(0, "new_targets", "new targets?", [5, 6]),
]


@pytest.mark.parametrize("decision", KIND_EXAMPLES, ids=lambda d: d.kind)
def test_candidates_of_every_kind_are_well_formed_answers(decision: Decision) -> None:
    out = candidates(decision, random.Random(0))
    assert out and len(out) <= 12
    assert len({repr(c) for c in out}) == len(out)                   # distinct
    assert candidates(decision, random.Random(0)) == out             # deterministic for a seed
    for answer in out:
        if decision.kind in ("attackers", "blockers", "divide", "damage_assignment", "x", "name", "new_targets"):
            continue                                 # checked by the procedures that ask them
        validate_answer(decision, answer)
        if "sizes" in decision.info:
            assert len(answer) in decision.info["sizes"]
    if decision.kind == "attackers":
        assert all(4 in a for a in out)              # a creature that must attack does (CR 508.1d)
    if decision.kind == "divide":
        assert all(sum(a.values()) == 4 and min(a.values()) >= 1 for a in out)   # CR 601.2d


def test_the_ai_answers_a_scry_and_a_revealed_hand() -> None:
    """Questions in the middle of a spell's resolution (CR 701.22a scry; CR 701.20a Duress)."""
    s = Scenario("scry", Alice={"battlefield": ["Island"], "hand": ["Opt"], "library": ["Mountain", "Forest", "Plains"]},
                 Bob={})
    s.cast("Opt", by="Alice")
    game = s.game
    while game.pending.kind == "priority":
        game.submit({"action": "pass"})
    agent = SearchAgent(1, seconds=None, nodes=6)
    game.submit(agent.decide_from_view(game.view(0)))
    s2 = Scenario("duress", Alice={"battlefield": ["Swamp"], "hand": ["Duress"]},
                  Bob={"hand": ["Divination", "Forest", "Counterspell"]})
    s2.cast("Duress", by="Alice", targets=["Bob"])
    game = s2.game
    while game.pending.kind == "priority":
        game.submit({"action": "pass"})
    d = game.pending
    view = game.view(0)
    assert {view.state.objects[o].card.name for o in d.options} >= {"Divination", "Counterspell"}   # revealed
    answer = SearchAgent(2, seconds=None, nodes=6).decide_from_view(view)
    game.submit(answer)
    assert "Forest" in [game.state.objects[o].card.name for o in game.state.zones[(1, __import__("mtgengine.core.enums", fromlist=["Zone"]).Zone.HAND)]]


def test_the_evaluation_prefers_life_cards_and_board_and_ignores_pumps() -> None:
    s = Scenario("eval", Alice={"battlefield": ["Forest", "Grizzly Bears"], "hand": ["Giant Growth"]},
                 Bob={"battlefield": ["Mountain"]})
    g = s.game.state
    even = evaluate(g, 0)
    assert 0.5 < even < 1 and abs(evaluate(g, 0) + evaluate(g, 1) - 1) < 1e-9
    before = material(g, 0)
    s.cast("Giant Growth", by="Alice", targets=["Grizzly Bears"]).pass_("stack")
    # CR 514.2: +3/+3 until end of turn is gone by the next turn: not worth the card spent
    assert material(s.game.state, 0) < before
    lower = s.game.clone()
    lower.state.player(1).life = 3
    assert evaluate(lower.state, 0) > evaluate(s.game.state, 0)


def test_greedy_bolts_a_creature_it_can_kill() -> None:
    s = Scenario("bolt", Alice={"battlefield": ["Mountain"], "hand": ["Lightning Bolt"]},
                 Bob={"battlefield": ["Hill Giant", "Serra Angel", "Plains"]})
    game = s.game
    agent = GreedyAgent(1)
    cast = agent.decide_from_view(game.view(0))
    assert cast["action"] == "cast"
    game.submit(cast)
    target = agent.decide_from_view(game.view(0))
    assert game.state.objects[target].card.name == "Hill Giant"       # not the 4/4 angel, not Bob (3 life)


def test_a_pacified_creature_counts_little_and_greedy_pacifies_the_opponents() -> None:
    """CR 508.1c, 509.1b: a creature that can't attack or block is worth little and threatens
    nothing; the greedy agent puts Pacifism on the opponent's creature, not on its own."""
    s = Scenario("pacifism", Alice={"battlefield": ["Plains", "Plains", "Grizzly Bears"], "hand": ["Pacifism"]},
                 Bob={"battlefield": ["Hill Giant", "Mountain"]})
    game = s.game
    bob_before = material(game.state, 1)
    agent = GreedyAgent(1)
    cast = agent.decide_from_view(game.view(0))
    assert cast["action"] == "cast" and game.state.objects[cast["object"]].card.name == "Pacifism"
    game.submit(cast)
    target = agent.decide_from_view(game.view(0))
    assert game.state.objects[target].card.name == "Hill Giant"
    game.submit(target)
    while game.pending is not None and game.state.stack and game.pending.kind == "priority":
        game.submit({"action": "pass"})
    assert material(game.state, 1) < bob_before - 3            # Hill Giant's 3 power no longer counts


def test_the_land_played_makes_the_hand_castable() -> None:
    """CR 305.6: with Llanowar Elves in hand and no green source, Forest is played, not the
    Mountain listed first (by the greedy agent and by the quick policy of the playouts)."""
    from mtgengine.agents.policy import quick_answer
    s = Scenario("land", Alice={"hand": ["Mountain", "Forest", "Llanowar Elves"]}, Bob={"library": ["Forest"] * 3})
    game = s.game
    plays = [o for o in game.pending.options if o["action"] == "play"]
    assert game.state.objects[plays[0]["object"]].card.name == "Mountain"
    for answer in (GreedyAgent(1).decide_from_view(game.view(0)),
                   quick_answer(game, game.pending, random.Random(1))):
        assert game.state.objects[answer["object"]].card.name == "Forest"


def test_beyond_the_horizon_the_active_player_develops() -> None:
    """The search's leaves play on through the next turn's combat with the main phases'
    lands and permanent spells played (``policy.develop``): a land first, then the creature,
    never the instant; outside a main phase, a pass."""
    from mtgengine.agents.policy import develop
    s = Scenario("develop", Alice={"battlefield": ["Forest", "Mountain"],
                                   "hand": ["Lightning Bolt", "Grizzly Bears", "Forest"]},
                 Bob={"battlefield": ["Mountain"]})
    game = s.game
    land = develop(game, game.pending)
    assert land["action"] == "play" and game.state.objects[land["object"]].card.name == "Forest"
    game.submit(land)
    cast = develop(game, game.pending)
    assert cast["action"] == "cast" and game.state.objects[cast["object"]].card.name == "Grizzly Bears"
    game.submit(cast)
    assert game.state.stack and develop(game, game.pending) == {"action": "pass"}


def test_the_search_weighs_life_less_than_greedy() -> None:
    """The search's own weights (docs/AI.md): life counts less against the board and the
    cards than in greedy's evaluation, which the one-ply agent keeps."""
    from mtgengine.agents.evaluation import WEIGHTS
    from mtgengine.agents.search import SEARCH_WEIGHTS
    agent = SearchAgent(0, seconds=None)
    assert agent.weights["life"] < WEIGHTS["life"] and agent.weights == dict(WEIGHTS, **SEARCH_WEIGHTS)
