"""Bad arguments to ``Game.new_game`` (issue 17): refused with an error naming the cause, before
any game exists — never a KeyError from deep inside the setup."""
from __future__ import annotations

from typing import Any

import pytest

from mtgengine.core.errors import DeckError, GameStateError
from mtgengine.engine import Game

FORESTS = ["Forest"] * 40


@pytest.mark.parametrize(("decks", "message"), [
    ([FORESTS] * 7, "a game has 2 to 6 players, got 7 deck list(s)"),
    ([FORESTS], "a game has 2 to 6 players, got 1 deck list(s)"),
    ([FORESTS, []], "Bob's deck is empty"),
    ([[], FORESTS], "Alice's deck is empty"),
    ("Forest", "expected one list of card names per player"),
    ([FORESTS, "Forest"], "Bob's deck: expected a list of card names"),
    ([FORESTS, ["Forest", 3]], "Bob's deck, card 2: expected a card name"),
    ([FORESTS, ["Forest", "Frest"]], "Bob's deck, card 2: unknown card name 'Frest'"),
    ([FORESTS, ["Forest"] * 10_001], "Bob's deck has 10,001 cards: at most 10,000"),
    ([FORESTS, ["x" * 100_000]], "expected a card name (at most 300 characters)"),
])
def test_decks_that_make_no_game_are_refused(decks: Any, message: str) -> None:
    with pytest.raises(DeckError) as err:
        Game.new_game(decks)
    assert message in str(err.value)
    assert len(str(err.value)) < 400


@pytest.mark.parametrize(("options", "message"), [
    ({"seed": 10**30}, "seed: expected a whole number from 0 to 18446744073709551615"),
    ({"seed": -1}, "seed: expected a whole number from 0"),
    ({"seed": 1.5}, "seed: expected a whole number"),
    ({"first_player": 2}, "first_player: expected a whole number from 0 to 1, got 2"),
    ({"turn_cap": -1}, "turn_cap: expected a whole number from 0"),
    ({"turn_cap": True}, "turn_cap: expected a whole number"),
    ({"names": ["Alice"]}, "names: a game has 2 to 6 players, got 1 name(s)"),
    ({"names": ["Alice", "Alice"]}, "names: the players need different names"),
    ({"names": ["Alice", ""]}, "names: a player's name is a non-empty text"),
    ({"names": "AB"}, "names: expected a list of 2 to 6 player names"),
])
def test_other_bad_arguments_are_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises(GameStateError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        Game.new_game([FORESTS, FORESTS], **options)


@pytest.mark.parametrize(("extra", "message"), [
    ({"sideboards": [["Shock"]] * 3}, "sideboards: a game of 2 players takes one sideboard list per player"),
    ({"sideboards": [["Shok"]]}, "Alice's sideboard, card 1: unknown card name 'Shok'"),
    ({"commanders": [[None]]}, "Alice's commanders, card 1: expected a card name"),
])
def test_bad_sideboards_and_commanders_are_refused(extra: dict[str, Any], message: str) -> None:
    with pytest.raises(DeckError, match="^" + message):
        Game.new_game([FORESTS, FORESTS], **extra)


def test_a_good_game_still_starts() -> None:
    game = Game.new_game([FORESTS, ["Mountain"] * 40], sideboards=[["Shock"]], seed=2**64 - 1)
    assert game.pending is not None and game.pending.kind == "mulligan"
    assert game.state.players[0].sideboard == ("Shock",)


def test_deck_lists_and_names_must_agree() -> None:
    with pytest.raises(DeckError, match="a game of 2 players takes one deck list per player"):
        Game.new_game([FORESTS] * 3, names=["Alice", "Bob"])
