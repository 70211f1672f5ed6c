"""The ``mtg`` command, run in-process, and the game runner under it (mtgengine.simulate).

Turn caps are small so that each game takes a fraction of a second."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mtgengine import cli
from mtgengine.agents.agents import RandomAgent
from mtgengine.agents.decisions import Decision
from mtgengine.decklist import REFERENCE_DECK
from mtgengine.simulate import TIMING_FIELDS, play_game

SIMULATE_KEYS = {"games", "wins", "draws", "capped", "turns", "decisions",
                 "seconds", "games_per_second", "decisions_per_second"}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_json_is_reproducible_except_for_timing(capsys: pytest.CaptureFixture[str]) -> None:
    results = []
    for _ in range(2):
        code, out, _ = run(capsys, "simulate", "--games", "2", "--turn-cap", "6", "--json")
        assert code == 0
        results.append(json.loads(out))
    first, second = results
    assert SIMULATE_KEYS <= first.keys()
    assert first["games"] == 2 and set(first["wins"]) == {"Alice", "Bob"}
    assert sum(first["wins"].values()) + first["draws"] + first["capped"] == 2
    assert first["turns"] <= 2 * 6 and first["decisions"] > 0
    untimed = {key: value for key, value in first.items() if key not in TIMING_FIELDS}
    assert untimed == {key: value for key, value in second.items() if key not in TIMING_FIELDS}


def test_simulate_with_worker_processes_plays_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    # Each game is seeded on its own and counted in seed order, so workers change nothing but
    # the timing: game by game (the summaries in order) and in the totals the command prints.
    from mtgengine.decklist import REFERENCE_DECK
    from mtgengine.simulate import _summaries
    tasks = [((REFERENCE_DECK, REFERENCE_DECK), seed, seed % 2, 8, None, None, False) for seed in range(4)]
    with _summaries(tasks, 1) as alone, _summaries(tasks, 2) as pooled:
        one_by_one, by_workers = list(alone), list(pooled)
    assert one_by_one == by_workers and len(set(one_by_one)) > 1
    totals = []
    for jobs in ("1", "2"):
        code, out, _ = run(capsys, "simulate", "--games", "4", "--turn-cap", "8", "--jobs", jobs, "--json")
        assert code == 0
        totals.append({key: value for key, value in json.loads(out).items() if key not in TIMING_FIELDS})
    assert totals[0] == totals[1]


def test_simulate_prints_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "--games", "1", "--turn-cap", "2")
    assert code == 0
    assert "1 game(s), seeds 0..0, turn cap 2" in out
    assert "games/s" in out
    assert err == ""  # no progress bar when stderr is not a terminal


def test_play_prints_the_log_and_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--seed", "3", "--turn-cap", "6")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("[CR ")
    assert lines[-1].startswith("Result: ")


def test_play_accepts_deck_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    deck = tmp_path / "mono-red.txt"
    deck.write_text("Deck\n24 Mountain\n16 Hill Giant\n", encoding="utf-8")
    code, out, _ = run(capsys, "play", "--deck", str(deck), "--turn-cap", "2")
    assert code == 0
    assert "Forest" not in out  # both players use the file's deck, not the reference deck


def test_a_missing_deck_file_is_a_one_line_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "simulate", "--deck", str(tmp_path / "nope.txt"))
    assert code == 2 and out == ""
    assert err.startswith("mtg: error: ") and "nope.txt" in err
    assert len(err.splitlines()) == 1


def test_a_bad_deck_line_names_the_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    deck = tmp_path / "typo.txt"
    deck.write_text("20 Mountain\n4 Lightnig Bolt\n", encoding="utf-8")
    code, _, err = run(capsys, "play", "--deck2", str(deck))
    assert code == 2
    assert "typo.txt, line 2" in err and "Lightning Bolt" in err
    assert "Traceback" not in err


def test_commands_of_modules_not_written_yet_are_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "PLUGGED_COMMANDS", (("mtgengine.no_such_module", "add_x_parser"),
                                                  ("mtgengine.decklist", "add_x_parser")))
    parser = cli.build_parser()
    assert parser.parse_args(["play"]).func is cli.run_play


class IllegalBlocks:
    """A random agent whose every blockers answer is illegal (a blocker that does not exist)."""

    def __init__(self, seed: int) -> None:
        self.random = RandomAgent(seed)
        self.blocks_asked = 0

    def decide(self, decision: Decision) -> Any:
        if decision.kind == "blockers":
            self.blocks_asked += 1
            return [[10_000, 10_000]]
        return self.random.decide(decision)


def test_play_game_declares_no_blocks_when_an_agent_blocks_illegally() -> None:
    agents = (IllegalBlocks(5), IllegalBlocks(6))
    # Seed 2 is a game where blocks are asked for within 8 turns.
    result = play_game((REFERENCE_DECK, REFERENCE_DECK), seed=2, first_player=0, turn_cap=8, agents=agents)
    assert sum(agent.blocks_asked for agent in agents) > 0
    assert result.turns == 8 or result.winner is not None
    assert not any("blocks" in line for line in result.log)


def test_a_game_stops_as_capped_after_the_decision_cap() -> None:
    """Random agents can loop on a free action forever (an {X} ability at X=0): the decision
    cap ends such a game as capped, like the turn cap."""
    result = play_game((REFERENCE_DECK, REFERENCE_DECK), seed=0, first_player=0, turn_cap=40,
                       decision_cap=25)
    assert result.decisions == 25
    assert result.capped and result.winner is None and not result.draw


# -- issue 17: any bad input is one line on stderr and a non-zero exit, never a traceback -----
def test_a_seed_beyond_the_generator_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(["simulate", "--seed", str(10**30)])
    assert exit_.value.code == 2
    assert "argument --seed: must be at most 9223372036854775806" in capsys.readouterr().err
    code, out, err = run(capsys, "simulate", "--seed", "9223372036854775806", "--games", "2")
    assert code == 2 and out == ""
    assert err == ("mtg: error: --seed 9223372036854775806 --games 2: the seeds of the games go up to "
                   "9223372036854775807, above the largest seed 9223372036854775806\n")


@pytest.mark.parametrize(("content", "message"), [
    ("1000000000 Forest\n", "line 1 ('1000000000 Forest'): a deck list holds at most 10,000 cards"),
    ("1 " + "Forest " * 200_000 + "\n", "line 1 ('1 Forest Forest"),
], ids=["a billion cards", "a 1.4 MB line"])
def test_a_deck_file_over_a_cap_is_one_short_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                   content: str, message: str) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, "simulate", "--deck", str(deck))
    assert code == 2 and out == ""
    assert err.startswith(f"mtg: error: {deck}, ") and message in err
    assert err.count("\n") == 1 and len(err) < 400


def test_a_commander_that_can_t_be_one_names_the_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    deck = tmp_path / "edh.txt"
    deck.write_text("Commander\n1 Grizzly Bears\nDeck\n20 Forest\n", encoding="utf-8")
    code, out, err = run(capsys, "play", "--deck", str(deck))
    assert code == 2 and out == ""
    assert err == (f"mtg: error: {deck}, Commander section: Alice: Grizzly Bears can't be a commander: it is not a "
                   "legendary creature, Vehicle or Spacecraft card and doesn't say it can be your commander "
                   "(CR 903.3, 903.3a)\n")


def test_simulate_plays_free_for_all_games_with_a_deck_per_seat(capsys: pytest.CaptureFixture[str],
                                                                  tmp_path: Path) -> None:
    bolts = tmp_path / "bolts.txt"
    bolts.write_text("24 Mountain\n36 Lightning Bolt\n", encoding="utf-8")
    code, out, _ = run(capsys, "simulate", "--games", "3", "--players", "3", "--turn-cap", "30",
                       "--deck", str(bolts), "--json", "--records", str(tmp_path / "r.jsonl"))
    assert code == 0
    result = json.loads(out)
    assert set(result["wins"]) == {"Alice", "Bob", "Carol"}
    assert sum(result["wins"].values()) + result["draws"] + result["capped"] == 3
    records = [json.loads(line) for line in (tmp_path / "r.jsonl").read_text().splitlines()]
    # the first player goes round the three seats; Bob and Carol play Alice's deck
    assert [r["first_player"] for r in records] == ["Alice", "Bob", "Carol"]
    assert records[0]["decks"] == {"Alice": str(bolts), "Bob": str(bolts), "Carol": str(bolts)}
    code, out, err = run(capsys, "simulate", "--games", "1", "--players", "3", "--turn-cap", "3",
                       "--deck", str(bolts), "--deck", str(bolts), "--deck", str(bolts), "--deck", str(bolts))
    assert code == 2 and "--deck given 4 times for a game of 3 players" in err


def test_simulate_refuses_seven_players(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["simulate", "--players", "7"])
    assert "2 to 6 players" in capsys.readouterr().err


def test_fuzz_plays_four_player_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "fuzz", "--games", "2", "--players", "4", "--turn-cap", "8", "--json")
    assert code == 0, out
    result = json.loads(out)
    assert result["players"] == 4 and result["failed"] == 0
