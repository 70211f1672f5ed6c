"""Bad scenario files (issue 17): each FAILs with one short message naming the file, the place
and the cause — never a traceback, an "internal error", a hang or a pass."""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from mtgengine import cli
from mtgengine.scenario.cli import run_paths
from mtgengine.scenario.loader import load_file

PLAYERS = "players: {Alice: {}, Bob: {}}\n"


def _failures(tmp_path: Path, content: str | bytes) -> str:
    path = tmp_path / "bad.yaml"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    results = run_paths([str(path)])
    assert results and not any(r.passed for r in results), "the scenario was expected to FAIL"
    message = " | ".join(f for r in results for f in r.failures)
    assert "internal error" not in message and "Traceback" not in message
    assert str(path) in message
    return message


@pytest.mark.parametrize(("text", "fragment"), [
    # numbers of the position: type and range, the field named (each used to be accepted)
    ("players: {Alice: {counters: {energy: -2}}, Bob: {}}", "players.Alice.counters.energy: expected a whole number from 0"),
    ("players: {Alice: {battlefield: [{card: Grizzly Bears, counters: {'+1/+1': -1}}]}, Bob: {}}",
     "players.Alice.battlefield[0].counters.+1/+1: expected a whole number from 0"),
    ("players: {Alice: {battlefield: [{card: Grizzly Bears, damage: -3}]}, Bob: {}}",
     "players.Alice.battlefield[0].damage: expected a whole number from 0"),
    ("players: {Alice: {poison: -1}, Bob: {}}", "players.Alice.poison: expected a whole number from 0"),
    ("players: {Alice: {life: 10000000000}, Bob: {}}", "players.Alice.life: expected a whole number from -1,000,000,000"),
    (PLAYERS + "turn: {number: -4}", "turn.number: expected a whole number from 1 to 1,000,000, got -4"),
    (PLAYERS + "seed: 1000000000000000000000000000000",
     "seed: expected a whole number from 0 to 18,446,744,073,709,551,615"),        # was an internal error
    (PLAYERS + "seed: -1", "seed: expected a whole number from 0"),
    (PLAYERS + "seed: 2020-01-01", "seed: expected a whole number, got datetime.date(2020, 1, 1)"),
    # counts: a hang and a wrong "unknown card"
    ("players: {Alice: {battlefield: [Mountain x10000000]}, Bob: {}}",
     "the count of 'Mountain': expected a whole number from 0 to 10,000, got 10000000"),
    ("players: {Alice: {battlefield: [Mountain x-3]}, Bob: {}}",
     "the count of 'Mountain': expected a whole number from 0 to 10,000, got -3"),
    ("players: {Alice: {hand: [{card: Mountain, count: 20000}]}, Bob: {}}",
     "players.Alice.hand[0].count: expected a whole number from 0 to 10,000"),
    ("players: {Alice: {hand: [Mountain x6000], library: [Forest x6000]}, Bob: {}}",
     "players.Alice.library[0]: a scenario holds at most 10,000 cards (with this entry: 12,000)"),
    # flags and names
    ("players: {Alice: {battlefield: [{card: Grizzly Bears, tapped: 'no'}]}, Bob: {}}",
     "players.Alice.battlefield[0].tapped: expected true or false, got 'no'"),
    ("players: {Alice: {hand: ['" + "B" * 300 + "']}, Bob: {}}", "a card name is a text of 1 to 200 characters"),
    ("players: {Alice: {hand: [{card: [Shock]}]}, Bob: {}}", "players.Alice.hand[0].card: expected a card name"),
    ("players: {Alice: {}, 1: {}, '1': {}}", "players: two players are named '1'"),
    (PLAYERS + "strict: 'no'", "strict: expected true or false, got 'no'"),
    # script steps
    (PLAYERS + "script: [{pass: 100000}]", "pass: the number of passes is at most 10,000"),
    ("players: {Alice: {hand: [Blaze], battlefield: [Mountain]}, Bob: {}}\nscript: [{cast: Blaze, x: -1}]",
     "x: expected a whole number from 0"),
    ("players: {Alice: {hand: [Blaze], battlefield: [Mountain]}, Bob: {}}\nscript: [{cast: Blaze, x: 1.5}]",
     "x: expected a whole number from 0 to 1,000,000,000, got 1.5"),
    ("players: {Alice: {hand: [Boros Charm]}, Bob: {}}\nscript: [{cast: Boros Charm, modes: [0]}]",
     "modes: expected a list of mode numbers"),
    ("players: {Alice: {hand: [Shock]}, Bob: {}}\nscript: [{cast: Shock, illegal: 3}]",
     "illegal: expected true or a part of the expected message, got 3"),
    # checks
    (PLAYERS + "expect: {permanents: [{ref: Grizzly Bears, count: -1}]}", "permanents: count: expected a whole number 0"),
    (PLAYERS + "expect: {permanents: [{ref: Grizzly Bears, tapped: 'yes'}]}", "permanents: tapped: expected true or false"),
    (PLAYERS + "expect: {poison: {Bob: -1}}", "poison.Bob: expected a whole number 0 or more"),
    (PLAYERS + "expect: {life: [20]}", "life: expected a mapping of players, got [20]"),
    (PLAYERS + "expect: {zones: {Alice: {hand: Shock}}}", "zones.Alice.hand: expected a list of names or a count"),
    (PLAYERS + "expect: {winner: Carol}", "winner: unknown player 'Carol'"),
])
def test_a_bad_field_is_named(tmp_path: Path, text: str, fragment: str) -> None:
    message = _failures(tmp_path, "name: bad field\n" + text + "\n")
    assert fragment in message
    assert len(message) < 600


def test_a_binary_file_is_not_a_scenario(tmp_path: Path) -> None:
    # used to be a UnicodeDecodeError traceback
    message = _failures(tmp_path, b"name: x\n\x89PNG\r\n\x1a\n\x00\x00")
    assert "bad.yaml:2: not UTF-8 text (byte 0x89 at offset 8)" in message


def test_an_empty_file_fails_instead_of_passing_as_nothing(tmp_path: Path) -> None:
    for content in ("", "# just a comment\n", "---\n...\n"):
        assert "no scenario in the file" in _failures(tmp_path, content)


LAUGHS = "".join(f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]\n" for i in range(1, 10))


def test_billion_laughs_are_refused_at_once(tmp_path: Path) -> None:
    # 9**9 strings under a key whose value an error quotes: minutes and gigabytes before
    start = time.perf_counter()
    message = _failures(tmp_path, "name: laughs\nl0: &l0 lol\n" + LAUGHS + PLAYERS + "turn: {step: *l9}\n")
    assert "at most 100,000 values once its YAML aliases are expanded" in message
    assert "bad.yaml:8:" in message                     # where the expansion passes the bound (l6)
    assert time.perf_counter() - start < 5 and len(message) < 400


def _inline_laughs(level: int) -> str:
    """Anchors defined where they are first used: level ``n`` expands to 9**n strings."""
    if level == 0:
        return "&l0 lol"
    return f"&l{level} [" + ", ".join([_inline_laughs(level - 1)] + [f"*l{level - 1}"] * 8) + "]"


def test_aliases_under_the_bound_expand_and_an_error_quotes_them_short(tmp_path: Path) -> None:
    # 9**4 strings are within the bound; the error that quotes them quotes a short excerpt
    message = _failures(tmp_path, "name: laughs\n" + PLAYERS + "turn: {step: " + _inline_laughs(4) + "}\n")
    assert "turn.step: unknown step [[[...], [...]," in message
    assert len(message) < 400


def test_a_structure_containing_itself_is_refused(tmp_path: Path) -> None:
    message = _failures(tmp_path, "name: loop\nplayers: &p {Alice: {hand: *p}, Bob: {}}\n")
    assert "bad.yaml:2: the alias *p is inside the node it names" in message


def test_deep_nesting_is_refused_before_the_yaml_composer_crashes(tmp_path: Path) -> None:
    # libyaml's composer crashes the process (a segmentation fault) on lists nested 100,000 deep
    message = _failures(tmp_path, "name: deep\nplayers: " + "[" * 100_000 + "]" * 100_000 + "\n")
    assert "bad.yaml:2: lists and mappings nest at most 40 deep" in message


def test_a_long_value_is_refused_and_quoted_short(tmp_path: Path) -> None:
    message = _failures(tmp_path, "name: long\n" + PLAYERS + "turn: {step: " + "x" * 100_000 + "}\n")
    assert "a value has at most 1,000 characters, this one has 100,000" in message
    assert len(message) < 400


def test_a_huge_file_is_refused_unread(tmp_path: Path) -> None:
    message = _failures(tmp_path, "name: huge\n" + PLAYERS + "#" * 4_000_000 + "\n")
    assert "a scenario file has at most 4,000,000 bytes" in message


def test_mtg_run_of_a_folder_without_scenarios_is_an_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = cli.main(["run", str(tmp_path)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err == f"mtg run: no scenario file (*.yaml, *.yml) in {tmp_path}\n"


def test_load_file_keeps_the_documents_of_a_good_file(tmp_path: Path) -> None:
    path = tmp_path / "two.yaml"
    path.write_text("name: a\n" + PLAYERS + "---\nname: b\n" + PLAYERS, encoding="utf-8")
    assert [doc.name for doc in load_file(path)] == ["a", "b"]
