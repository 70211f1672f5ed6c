"""The random-card fuzzer (issue 17) in CI: a fixed-seed run of random decks of implemented
cards finds no failure, and at every priority decision of some games every listed option is
accepted and can be completed (CR 117.1). The full run is a benchmark (benchmarks/README.md)."""
from __future__ import annotations

import pytest

from mtgengine.core.enums import Zone
from mtgengine.engine import Game
from mtgengine.fuzz import Settings, fuzz, fuzz_game, implemented_pool, random_decks
from mtgengine.state.invariants import violations

GAMES = 240


def _report(result: dict) -> str:
    lines = [f"{result['failed']} of {result['games']} games failed"]
    for group in result["failures"]:
        lines.append(f"{group['games']} game(s): {group['cause']}: {group['example']['error']} "
                     f"(replay: {group['replay']})")
    return "\n".join(lines)


def test_fixed_seed_fuzz_run_finds_no_failure() -> None:
    result = fuzz(GAMES, seed=20261201, jobs=0, settings=Settings(turn_cap=20, timeout=120))
    assert result["games"] == GAMES
    assert result["failed"] == 0, _report(result)
    # the run did check something
    assert result["checks"]["invariants"] > GAMES and result["checks"]["options"] > 50
    assert result["checks"]["save-load"] > 10 and result["checks"]["clone"] > 10


@pytest.mark.parametrize("seed", [7, 8, 9, 10])
def test_every_listed_option_is_accepted_at_every_priority_decision(seed: int) -> None:
    settings = Settings(turn_cap=10, timeout=120, check_rate=1, replay_every=1,
                        options_sampled=10_000, every_option=True)
    report = fuzz_game(seed, implemented_pool(), settings)
    assert not report.failures, report.failures[0]
    assert report.checks["options"] > 20


def test_decks_depend_only_on_the_seed() -> None:
    pool = implemented_pool()
    assert random_decks(3, pool) == random_decks(3, pool)
    assert random_decks(3, pool) != random_decks(4, pool)
    for deck in random_decks(5, pool):
        assert len(deck) == 60 and len(set(deck[:36])) == 36


@pytest.mark.parametrize("breaks, words", [
    (lambda g: g.zones[(1, Zone.LIBRARY)].append(g.zones[(0, Zone.LIBRARY)][0]), "two zones"),
    (lambda g: g.objects[g.zones[(0, Zone.LIBRARY)][0]].counters.update({"+1/+1": -1}), "0 or more"),
    (lambda g: setattr(g.objects[g.zones[(0, Zone.LIBRARY)][1]], "damage", -2), "0 or more"),
    (lambda g: setattr(g.players[1], "life", 2.5), "life total is a whole number"),
    (lambda g: setattr(g.players[0], "poison", True), "whole number"),
    (lambda g: g.players[0].pool.update({"G": -1}), "0 or more"),
])
def test_a_broken_state_is_reported(breaks, words: str) -> None:
    game = Game.new_game([["Forest"] * 40, ["Mountain"] * 40], seed=1)
    assert violations(game.state) == []
    breaks(game.state)
    found = violations(game.state)
    assert found and words in found[0], found


def test_mtg_fuzz_logs_each_game_as_a_json_line(tmp_path, capsys) -> None:
    import json
    from mtgengine.cli import main
    log = tmp_path / "fuzz.jsonl"
    assert main(["fuzz", "--games", "2", "--seed", "3", "--turn-cap", "6", "--log", str(log), "--json"]) == 0
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert [line["seed"] for line in lines] == [3, 4] and all(line["failures"] == [] for line in lines)
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 2 and report["failed"] == 0
