"""Random games with random decks of implemented cards never crash and never refuse an action
the engine itself offered (CR 117.1: the options are legal). Deterministic: the same cards,
decks and seeds for the same code; a failure names the seed and both decks to replay them
(`play_game(decks, seed=..., first_player=seed % 2, turn_cap=12)`)."""
from __future__ import annotations

import random

import pytest

from mtgengine.cards.coverage import is_implemented
from mtgengine.cards.database import card_db
from mtgengine.simulate import play_game

GAMES = 45
SAMPLE = 2500
BASICS = ["Plains", "Island", "Swamp", "Mountain", "Forest"]


def _candidates() -> list[str]:
    """Implemented nonland cards of the normal layout among a fixed sample of the database (not
    all of it: compiling every card takes longer than the games)."""
    db = card_db()
    out = []
    for name in random.Random(7).sample(db.names(), SAMPLE):
        card = db.get(name)
        if card.layout == "normal" and "Land" not in card.faces[0].types and is_implemented(card):
            out.append(name)
    return out


@pytest.fixture(scope="module")
def candidates() -> list[str]:
    return _candidates()


@pytest.mark.parametrize("block", range(3))
def test_random_decks_of_implemented_cards(candidates: list[str], block: int) -> None:
    rng = random.Random(20261130 + block)
    for i in range(GAMES // 3):
        seed = block * 1000 + i
        decks = [[c for c in rng.sample(candidates, 15) for _ in range(2)] + BASICS * 6 for _ in range(2)]
        try:
            play_game(decks, seed=seed, first_player=seed % 2, turn_cap=12)
        except Exception as exc:          # pragma: no cover - the report
            pytest.fail(f"seed {seed}: {type(exc).__name__}: {exc}\ndecks: {decks}")
