"""mtg simulate --records: one JSON line per game, nothing depending on the machine."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgengine.cli import main
from mtgengine.simulate import PLAYER_NAMES, play_game
from mtgengine.decklist import REFERENCE_DECK


def test_each_game_is_a_record_with_its_result_and_the_turn_each_player_won_or_lost(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.jsonl"
    assert main(["simulate", "--games", "4", "--seed", "3", "--records", str(path), "--jobs", "2"]) == 0
    records = [json.loads(line) for line in path.read_text().splitlines()]
    assert [r["seed"] for r in records] == [3, 4, 5, 6]
    for r in records:
        assert set(r) >= {"seed", "decks", "agents", "winner", "turns", "decisions", "mulligans", "players"}
        assert not {"seconds", "games_per_second", "decisions_per_second"} & set(r)
        assert r["decks"] == {"Alice": "reference", "Bob": "reference"}
        assert r["agents"] == {"Alice": "random", "Bob": "random"}
        first = PLAYER_NAMES.index(r["first_player"])
        assert first == (r["seed"] - 3) % 2                  # game i of the run is started by player i % 2
        game = play_game([REFERENCE_DECK, REFERENCE_DECK], r["seed"], first, 40)   # the same game again
        assert r["turns"] == game.turns and r["decisions"] == game.decisions
        assert r["mulligans"] == dict(zip(PLAYER_NAMES, game.mulligans))
        if game.winner is not None:
            winner = PLAYER_NAMES[game.winner]
            assert r["winner"] == winner
            assert r["players"][winner] == {"result": "won", "turn": game.turns}        # CR 104.2a
            loser = PLAYER_NAMES[1 - game.winner]
            assert r["players"][loser] == {"result": "lost", "turn": game.turns}
    first = path.read_text()
    assert main(["simulate", "--games", "4", "--seed", "3", "--records", str(path)]) == 0
    assert path.read_text() == first                     # the same for any --jobs


def test_an_address_without_the_ray_backend_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "1", "--address", "auto"]) == 2
    assert "--backend ray" in capsys.readouterr().err


def test_records_to_a_file_that_cant_be_written_is_a_clear_error(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "1", "--records", str(tmp_path / "no" / "such" / "dir.jsonl")]) == 2
    assert "--records" in capsys.readouterr().err
