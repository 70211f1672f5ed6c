"""Game.view (CR 400.2, 401.2, 708.5): what a player may know, and that the agents see no more.

The central check: two games that differ only in what a player can't see — the opponent's
hand, the order (and so the contents) of either library, the random generator — give that
player the same view, and the searching agents the same answer. The scrambled games are made
by dealing the hidden cards anew, so the check fails if any of them leaks into the view.
"""
from __future__ import annotations

import random

import pytest

from mtgengine.agents.agents import RandomAgent
from mtgengine.agents.determinize import determinize
from mtgengine.agents.greedy import GreedyAgent
from mtgengine.agents.search import SearchAgent
from mtgengine.agents.view import HIDDEN_CARD, shown_by
from mtgengine.core.enums import Zone
from mtgengine.core.rng import Rng
from mtgengine.decklist import REFERENCE_DECK
from mtgengine.engine import Game
from mtgengine.scenario.builder import Scenario
from mtgengine.simulate import answer_pending
from mtgengine.state.game_state import GameState

COUNTERS = (["Forest"] * 12 + ["Plains"] * 12 + ["Savannah Lions"] * 8 + ["Raise the Alarm"] * 8
            + ["Glorious Anthem"] * 4 + ["Llanowar Elves"] * 6 + ["Healing Salve"] * 4 + ["Giant Growth"] * 6)


def _game_at(seed: int, decisions: int, decks: tuple[list[str], list[str]] | None = None) -> Game:
    """A random game after ``decisions`` answers, stopped at a decision with something to choose."""
    decks = decks or (list(REFERENCE_DECK), list(REFERENCE_DECK))
    game = Game.new_game([decks[0], decks[1]], seed=seed)
    agents = [RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2)]
    for _ in range(decisions):
        answer_pending(game, agents)
    while game.pending is not None and game.pending.kind == "priority" and len(game.pending.options) == 1:
        answer_pending(game, agents)
    assert game.pending is not None
    return game


def _scramble_state(g: GameState, viewer: int, rng: random.Random) -> None:
    """Deals again the cards ``viewer`` can't see: the opponent's hand and library together, the
    viewer's own library; shuffles both libraries; reseeds the game's generator."""
    opp = 1 - viewer
    settled = g.settled == g.version
    hidden_opp = g.zones[(opp, Zone.HAND)] + g.zones[(opp, Zone.LIBRARY)]
    for ids in (hidden_opp, list(g.zones[(viewer, Zone.LIBRARY)])):
        cards = [g.objects[i].card for i in ids]
        rng.shuffle(cards)
        for oid, card in zip(ids, cards):
            g.obj(oid).card = card
    for p in (0, 1):
        rng.shuffle(g.zones[(p, Zone.LIBRARY)])
    g.rng = Rng(rng.getrandbits(63))
    g._chars.clear()
    g._legal = None
    if settled:                 # (the writes above count as changes: the game had none)
        g.settled = g.version


def _scrambled(game: Game, viewer: int, seed: int) -> Game:
    twin = game.clone()
    states = [twin.base] if twin.base is twin.state else [twin.base, twin.state]
    for g in states:
        _scramble_state(g, viewer, random.Random(seed))      # the same deal for both states
    return twin


@pytest.mark.parametrize("seed,decisions", [(1, 40), (2, 120), (3, 200), (4, 300)])
def test_games_differing_only_in_hidden_cards_give_the_same_view(seed: int, decisions: int) -> None:
    game = _game_at(seed, decisions)
    viewer = game.pending.player
    twin = _scrambled(game, viewer, seed)
    opp = 1 - viewer
    # the scramble changed what the viewer can't see (else the test would prove nothing)...
    assert [twin.state.objects[i].card.name for i in twin.state.zones[(opp, Zone.HAND)]] != \
        [game.state.objects[i].card.name for i in game.state.zones[(opp, Zone.HAND)]] or \
        [twin.state.objects[i].card.name for i in twin.state.zones[(viewer, Zone.LIBRARY)]] != \
        [game.state.objects[i].card.name for i in game.state.zones[(viewer, Zone.LIBRARY)]]
    # ...and the opponent, who sees their own hand, tells the two games apart
    if twin.state.zones[(opp, Zone.HAND)]:
        assert game.view(opp).to_text() != twin.view(opp).to_text()
    assert game.view(viewer).to_text() == twin.view(viewer).to_text()


def test_the_view_hides_the_hidden_zones_and_shows_the_players_own_hand() -> None:
    game = _game_at(5, 60)
    viewer = game.pending.player
    view = game.view(viewer)
    g = view.state
    opp = 1 - viewer
    assert all(g.objects[i].card is not None for i in g.zones[(viewer, Zone.HAND)])       # CR 402.3
    assert g.zones[(opp, Zone.HAND)] and all(g.objects[i].card is None for i in g.zones[(opp, Zone.HAND)])
    for p in (0, 1):                                      # CR 401.2: nobody sees a library's order
        assert set(g.zones[(p, Zone.LIBRARY)]) == {HIDDEN_CARD}
        assert len(g.zones[(p, Zone.LIBRARY)]) == len(game.state.zones[(p, Zone.LIBRARY)])
    library_ids = set(game.state.zones[(0, Zone.LIBRARY)]) | set(game.state.zones[(1, Zone.LIBRARY)])
    assert not library_ids & set(g.objects)
    assert g._legal is None and not g._chars
    # the unseen cards of each player: their hand (for the opponent) and library, by name only
    real = game.state
    expect_opp = sorted(real.objects[i].card.name for i in real.zones[(opp, Zone.HAND)] + real.zones[(opp, Zone.LIBRARY)])
    assert list(view.unseen[opp]) == expect_opp
    assert list(view.unseen[viewer]) == sorted(real.objects[i].card.name for i in real.zones[(viewer, Zone.LIBRARY)])


def test_a_face_down_permanent_is_hidden_from_the_opponent_only() -> None:
    s = Scenario("morph", Alice={"battlefield": ["Plains x3"], "hand": ["Exalted Angel"]}, Bob={})
    s.cast("Exalted Angel", by="Alice", face_down=True).pass_("stack")      # CR 702.37, 708.2
    game = s.game
    angel = next(oid for oid in game.state.battlefield if game.state.objects[oid].face_down)
    assert game.view(1).state.objects[angel].card is None                   # CR 708.5
    assert game.view(0).state.objects[angel].card.name == "Exalted Angel"  # CR 708.5: its controller may look
    assert "Exalted Angel" in game.view(1).unseen[0]


def test_cards_a_decision_shows_are_in_the_deciders_view_only() -> None:
    s = Scenario("scry", Alice={"battlefield": ["Island"], "hand": ["Opt"], "library": ["Mountain", "Forest", "Plains"]},
                 Bob={})
    s.cast("Opt", by="Alice")
    game = s.game
    while game.pending.kind == "priority":          # both pass: Opt resolves, CR 701.22a: Alice
        game.submit({"action": "pass"})             # looks at the top card of her library
    d = game.pending
    assert d.kind == "scry_bottom"
    top = d.options[0]
    assert shown_by(d, game.state) == {top}
    alice, bob = game.view(0), game.view(1)
    assert alice.state.zones[(0, Zone.LIBRARY)][0] == top
    assert alice.state.objects[top].card.name == "Mountain"
    assert bob.state.zones[(0, Zone.LIBRARY)][0] == HIDDEN_CARD and top not in bob.state.objects
    # a world dealt from Alice's view reaches the same question with the same card on top
    world = determinize(alice, random.Random(1))
    assert world is not None and world.pending.options == d.options
    assert world.state.objects[top].card.name == "Mountain"


@pytest.mark.parametrize("seed,decisions", [(6, 50), (7, 150), (8, 250)])
def test_worlds_agree_with_the_view_and_deal_the_unseen_cards(seed: int, decisions: int) -> None:
    game = _game_at(seed, decisions)
    viewer = game.pending.player
    view = game.view(viewer)
    opp = 1 - viewer
    hands = set()
    for k in range(6):
        world = determinize(view, random.Random(k))
        assert world is not None
        w = world.state
        assert world.pending.kind == game.pending.kind and world.pending.options == game.pending.options
        for oid, o in view.state.objects.items():
            if o.card is not None:
                assert w.objects[oid].card.name == o.card.name and w.objects[oid].zone is o.zone
        dealt = sorted(w.objects[i].card.name for i in w.zones[(opp, Zone.HAND)] + w.zones[(opp, Zone.LIBRARY)])
        assert dealt == list(view.unseen[opp])
        hands.add(tuple(sorted(w.objects[i].card.name for i in w.zones[(opp, Zone.HAND)])))
    assert len(hands) > 1 or len(game.state.zones[(opp, Zone.HAND)]) == 0


def test_worlds_are_reached_in_the_middle_of_casting_a_spell() -> None:
    """A targets question comes after the cast answer: the world replays it (engine's replay)."""
    for seed in range(20):
        game = Game.new_game([list(REFERENCE_DECK)] * 2, seed=seed)
        agents = [RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2)]
        while game.pending is not None and not (game.pending.kind == "targets" and game.answers):
            answer_pending(game, agents)
        if game.pending is None:
            continue
        view = game.view(game.pending.player)
        assert view.answers is not None and view.answers
        world = determinize(view, random.Random(seed))
        assert world is not None and world.pending.options == game.pending.options
        return
    pytest.fail("no targets question in 20 games")


@pytest.mark.parametrize("seed,decisions", [(9, 60), (10, 140), (11, 230)])
def test_the_agents_choose_the_same_whatever_they_cannot_see(seed: int, decisions: int) -> None:
    game = _game_at(seed, decisions, (COUNTERS, list(REFERENCE_DECK)))
    viewer = game.pending.player
    twin = _scrambled(game, viewer, seed + 100)
    for make in (lambda: GreedyAgent(3), lambda: SearchAgent(3, seconds=None, nodes=24)):
        a = make().decide_from_view(game.view(viewer))
        b = make().decide_from_view(twin.view(viewer))
        assert a == b
