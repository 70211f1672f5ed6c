"""Free-for-all games of 3-6 players through ``Game.new_game`` (CR 800, 806): the parts a
scenario, which starts in the middle of a game, can't show — the players' default names and
turn order, the free first mulligan (CR 103.5c), the starting player's draw (CR 103.8c) — and
random games that play to the end."""
from __future__ import annotations

import pytest

from mtgengine.agents.agents import RandomAgent, first_option
from mtgengine.core.enums import Step, Zone
from mtgengine.engine import Game
from mtgengine.state.invariants import violations

DECK = ["Mountain"] * 17 + ["Grizzly Bears"] * 8 + ["Lightning Bolt"] * 8 + ["Hill Giant"] * 7


def _keep_all(game: Game) -> None:
    while game.pending is not None and game.pending.kind == "mulligan":
        game.submit(True)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_game_of_n_players_has_their_default_names_in_turn_order(players: int) -> None:
    game = Game.new_game([DECK] * players, seed=3, first_player=players - 1)
    assert [p.name for p in game.state.players] == ["Alice", "Bob", "Carol", "Dave", "Eve", "Frank"][:players]
    assert game.pending.player == players - 1          # the starting player's mulligan first (CR 103.5)
    _keep_all(game)
    assert game.state.active == players - 1
    while game.state.step is not Step.PRECOMBAT_MAIN:
        game.submit({"action": "pass"})
    # CR 103.8c: in a multiplayer game the starting player doesn't skip their first draw
    assert len(game.state.zones[(players - 1, Zone.HAND)]) == 8
    while game.state.turn == 1:
        game.submit(first_option(game.pending))
    assert game.state.active == 0                     # then the next player in turn order (CR 103.1)


def _answer(game: Game, player: int, answer: object) -> None:
    assert game.pending.player == player, game.pending
    game.submit(answer)


def test_the_first_mulligan_is_free_in_a_multiplayer_game() -> None:
    # CR 103.5c: the first mulligan doesn't count toward the cards put on the bottom; the second does
    game = Game.new_game([DECK] * 3, seed=5)
    _answer(game, 0, False)                            # Alice and Bob take a mulligan, Carol keeps
    _answer(game, 1, False)
    _answer(game, 2, True)
    _answer(game, 0, True)                             # Alice keeps seven: nothing to the bottom
    assert len(game.state.zones[(0, Zone.HAND)]) == 7
    _answer(game, 1, False)                            # Bob's second mulligan
    _answer(game, 1, True)
    assert game.pending.kind == "bottom" and game.pending.player == 1 and game.pending.min == 1


def test_a_two_player_mulligan_is_counted() -> None:
    game = Game.new_game([DECK] * 2, seed=5)
    _answer(game, 0, False)
    _answer(game, 1, True)
    _answer(game, 0, True)
    assert game.pending.kind == "bottom" and game.pending.min == 1


def test_the_starting_player_of_a_two_player_game_skips_the_draw() -> None:
    game = Game.new_game([DECK] * 2, seed=5)
    _keep_all(game)
    while game.state.step is not Step.PRECOMBAT_MAIN:
        game.submit({"action": "pass"})
    assert len(game.state.zones[(0, Zone.HAND)]) == 7


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (5, 3), (6, 4)])
def test_random_games_play_to_the_end(players: int, seed: int) -> None:
    game = Game.new_game([DECK] * players, seed=seed, turn_cap=80)
    agents = [RandomAgent(seed * 10 + i) for i in range(players)]
    left: set[int] = set()
    for _ in range(40_000):
        if game.over:
            break
        d = game.pending
        game.submit(agents[d.player].decide(d))
        if not game.over:
            for p in game.state.players:
                if p.lost and p.index not in left:
                    left.add(p.index)    # CR 800.4a: what they owned left the game with them
                    assert not any(o.owner == p.index for o in game.state.objects.values())
    assert game.over
    assert violations(game.state) == []
    assert game.state.winner is None or game.state.winner not in left
