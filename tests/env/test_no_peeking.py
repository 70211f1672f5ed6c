"""The observation holds only what the acting player may know (CR 400.2, 401.2, 402.3, 708.5).

As the view's own test does (tests/agents/test_view.py), a game is scrambled in everything
its player can't see — the opponent's hand and library dealt anew, both libraries shuffled,
the generator reseeded — and the player's observation must not change, while the opponent's
(who sees their own hand) does. Encoding the player's ``Game.view`` gives the same vector as
encoding the game: the encoder reads nothing a view doesn't hold.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numpy")

from mtgengine.core.enums import Zone  # noqa: E402
from mtgengine.core.rng import Rng  # noqa: E402
from mtgengine.env.actions import Chooser  # noqa: E402
from mtgengine.env.core import MtgCore  # noqa: E402
from mtgengine.env.encoding import HIDDEN, Encoder, layout  # noqa: E402
from mtgengine.scenario.builder import Scenario  # noqa: E402
from mtgengine.state.game_state import GameState  # noqa: E402


def _core_at(seed: int, steps: int) -> MtgCore:
    core = MtgCore(seed=seed)
    core.reset(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if core.over:
            break
        core.step(rng.choice(core.legal_actions()))
    assert not core.over
    return core


def _scramble(g: GameState, viewer: int, rng: random.Random) -> None:
    opp = 1 - viewer
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


@pytest.mark.parametrize("seed,steps", [(1, 10), (2, 40), (3, 80), (4, 55)])
def test_games_differing_only_in_hidden_cards_give_the_player_the_same_observation(seed: int, steps: int) -> None:
    core = _core_at(seed, steps)
    viewer = core.current
    opp = 1 - viewer
    state = core.game.state
    twin = state.clone()
    _scramble(twin, viewer, random.Random(seed))
    hand = lambda g: [g.objects[i].card.name for i in g.zones[(opp, Zone.HAND)]]   # noqa: E731
    library = lambda g: [g.objects[i].card.name for i in g.zones[(viewer, Zone.LIBRARY)]]   # noqa: E731
    assert hand(twin) != hand(state) or library(twin) != library(state)     # the scramble changed something
    encoder = core.encoder
    chooser = core.chooser
    mine = encoder.encode(state, viewer, chooser)
    assert np.array_equal(mine, encoder.encode(twin, viewer, chooser))
    if hand(twin) != hand(state):        # the opponent sees their own hand: their observation differs
        assert not np.array_equal(encoder.encode(state, opp, None), encoder.encode(twin, opp, None))


@pytest.mark.parametrize("seed,steps", [(5, 30), (6, 90)])
def test_encoding_the_players_view_gives_the_same_vector_as_encoding_the_game(seed: int, steps: int) -> None:
    core = _core_at(seed, steps)
    viewer = core.current
    view = core.game.view(viewer)
    assert np.array_equal(core.encoder.encode(core.game.state, viewer, core.chooser),
                          core.encoder.encode(view.state, viewer, core.chooser))
    other = 1 - viewer
    assert np.array_equal(core.encoder.encode(core.game.state, other, None),
                          core.encoder.encode(core.game.view(other).state, other, None))


def test_the_other_hand_and_the_libraries_are_counts_only() -> None:
    core = _core_at(7, 20)
    viewer = core.current
    obs = core.observation(viewer)
    blocks = layout(core.actions)
    g = core.game.state
    me, them = blocks["me"][0], blocks["opponent"][0]
    assert obs[me + 2] == len(g.zones[(viewer, Zone.HAND)]) and obs[them + 2] == len(g.zones[(1 - viewer, Zone.HAND)])
    assert obs[them + 3] == len(g.zones[(1 - viewer, Zone.LIBRARY)])
    hand_at = blocks["hand"][0]
    first = g.objects[g.zones[(viewer, Zone.HAND)][0]].card.name
    assert obs[hand_at] == core.encoder.card_index(first)          # my own hand: the cards (CR 402.3)


def test_a_face_down_permanent_is_hidden_from_the_opponent_only() -> None:
    s = Scenario("morph", Alice={"battlefield": ["Plains x3"], "hand": ["Exalted Angel"]}, Bob={})
    s.cast("Exalted Angel", by="Alice", face_down=True).pass_("stack")      # CR 702.37, 708.2
    g = s.game.state
    encoder = Encoder(["Exalted Angel", "Plains"], 8)
    angel = next(oid for oid in g.battlefield if g.objects[oid].face_down)
    assert angel
    mine, theirs = encoder.encode(g, 0, None), encoder.encode(g, 1, None)
    at_mine = layout(8)["my_battlefield"][0]
    at_theirs = layout(8)["their_battlefield"][0]
    assert mine[at_mine] == encoder.card_index("Exalted Angel")              # CR 708.5: its controller may look
    assert theirs[at_theirs] == HIDDEN                                      # CR 708.5: the other player may not
    assert theirs[at_theirs + 6] == 2 and theirs[at_theirs + 7] == 2        # CR 708.2a: a 2/2, face down
    assert theirs[at_theirs + 13] == 1


def test_cards_a_decision_shows_are_in_the_deciders_actions_only() -> None:
    s = Scenario("scry", Alice={"battlefield": ["Island"], "hand": ["Opt"], "library": ["Mountain", "Forest", "Plains"]},
                 Bob={})
    s.cast("Opt", by="Alice")
    game = s.game
    while game.pending.kind == "priority":
        game.submit({"action": "pass"})
    d = game.pending
    assert d.kind == "scry_bottom"                                  # CR 701.22a: she looks at the top card
    encoder = Encoder(["Forest", "Island", "Mountain", "Opt", "Plains"], 8)
    chooser = Chooser(d, 8)
    obs = encoder.encode(game.state, 0, chooser)
    row = layout(8)["actions"][0]
    assert obs[row] == 1 and obs[row + 9] == encoder.card_index("Mountain")
