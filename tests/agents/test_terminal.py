"""The person's seat (``mtg play --vs``): played as a person would, through a pseudo-terminal.

The pty test runs the real command, answers the questions it reads on the screen, tries a bad
answer, an undo, save and load, and plays until the turn cap ends the game. The unit tests
below read answers the way the seat does.
"""
from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

from mtgengine.agents.decisions import Decision
from mtgengine.terminal import parse_answer, play_in_terminal, render_board
from mtgengine.decklist import REFERENCE_DECK
from mtgengine.engine import Game

pexpect = pytest.importorskip("pexpect")
pytest.importorskip("prompt_toolkit")
ROOT = Path(__file__).resolve().parents[2]
PROMPT = "Alice>"


def _spawn(*args: str) -> "pexpect.spawn":
    env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm", PYTHONPATH=str(ROOT))
    return pexpect.spawn(sys.executable, ["-m", "mtgengine", "play", *args], cwd=str(ROOT), env=env,
                         encoding="utf-8", timeout=60, dimensions=(60, 160))


def test_a_person_plays_a_few_turns_in_a_pseudo_terminal(tmp_path: Path) -> None:
    child = _spawn("--vs", "greedy", "--seed", "2", "--turn-cap", "5")
    saved = tmp_path / "game.json"
    try:
        child.expect("against greedy")
        child.expect("keep this hand")
        child.expect(PROMPT)
        child.sendline("7")                           # not an option: a message, the question again
        child.expect(r"not an option number \(1 to 2\)")
        child.expect(PROMPT)
        child.sendline("1")                           # keep
        child.expect(r"=== Turn 1 \(Alice's turn\)")
        child.expect(PROMPT)
        child.sendline("help")
        child.expect("take back your last answer")
        child.expect(PROMPT)
        child.sendline("undo")                        # back to the mulligan
        child.expect("undone")
        child.expect("keep this hand")
        child.expect(PROMPT)
        child.sendline("1")
        child.expect(PROMPT)
        child.sendline(f"save {saved}")
        child.expect("saved to")
        child.expect(PROMPT)
        child.sendline(f"load {saved}")
        child.expect("loaded")
        child.expect(PROMPT)
        child.sendline("load /nonexistent/file.json")
        child.expect("can't read")
        turns_seen = set()
        for _ in range(400):
            index = child.expect([PROMPT, "Game over", pexpect.EOF])
            turns_seen |= {int(t) for t in re.findall(r"=== Turn (\d+)", child.before)}
            if index:
                break
            text = child.before
            if "(1 to 1)" in text:
                child.sendline("1")                   # a lone option without a default (a target)
            elif "play Mountain" in text or "play Forest" in text:
                number = re.search(r"(\d+)\. play (?:Mountain|Forest)", text).group(1)
                child.sendline(number)                # play a land when there is one to play
            else:
                child.sendline("")                    # pass, or the default answer
        assert index == 1, "the game did not end"
        child.expect(pexpect.EOF)
        assert max(turns_seen) >= 4
        assert "Traceback" not in (child.before or "")
    finally:
        child.close(force=True)
    assert saved.exists() and '"mtg_terminal": 1' in saved.read_text()


def test_the_board_shows_the_persons_hand_only() -> None:
    game = Game.new_game([list(REFERENCE_DECK)] * 2, seed=4)
    text = render_board(game.view(0))
    hand_line = next(line for line in text.splitlines() if line.strip().startswith("hand:"))
    names = {game.state.objects[o].card.name for o in game.state.zones[(0, __import__("mtgengine.core.enums", fromlist=["Zone"]).Zone.HAND)]}
    assert all(name in hand_line for name in names)
    assert text.count("hand:") == 1                   # Bob's hand is a count only
    assert "Opponent — Bob: life 20, hand 7" in text


def test_answers_are_read_by_number_and_bad_ones_explained() -> None:
    priority = Decision(0, "priority", "?", [{"action": "pass"}, {"action": "play", "object": 5}])
    assert parse_answer(priority, "") == {"action": "pass"}
    assert parse_answer(priority, "2") == {"action": "play", "object": 5}
    with pytest.raises(ValueError, match="not an option number"):
        parse_answer(priority, "3")
    with pytest.raises(ValueError, match="by its number"):
        parse_answer(priority, "cast bolt")
    labels = ["pass", "play Forest"]
    assert parse_answer(priority, "play forest", labels) == {"action": "play", "object": 5}   # typed
    assert parse_answer(priority, "pl", labels) == {"action": "play", "object": 5}
    discard = Decision(0, "discard", "discard two", [11, 12, 13], min=2, max=2)
    assert parse_answer(discard, "1, 3") == [11, 13]
    x = Decision(0, "x", "X?", [], info={"max": 4})
    assert parse_answer(x, "3") == 3
    with pytest.raises(ValueError, match="number for X"):
        parse_answer(x, "many")
    divide = Decision(0, "divide", "divide 3", [5, 6], info={"total": 3})
    assert parse_answer(divide, "1=2 2=1") == {"5": 2, "6": 1}
    blockers = Decision(1, "blockers", "blocks", [[7, 3]], min=0, max=1, info={"required": [[7, 3]]})
    assert parse_answer(blockers, "") == [[7, 3]]
    mulligan = Decision(0, "mulligan", "keep?", [True, False])
    assert parse_answer(mulligan, "n") is False


def test_the_seat_plays_a_scripted_game_to_its_end() -> None:
    """Without a terminal: Enter and '1' typed in turn (Enter alone is no answer to a mulligan:
    the question is asked again, and '1' keeps)."""
    lines: list[str] = []

    def read(prompt: str) -> str:
        lines.append(prompt)
        if len(lines) > 2000:
            raise AssertionError("the seat keeps asking")
        return "" if len(lines) % 2 else "1"

    out = open(os.devnull, "w", encoding="utf-8")
    try:
        code = play_in_terminal([list(REFERENCE_DECK)] * 2, seat=1, opponent="random", seed=3, turn_cap=4,
                                read=read, out=out)
    finally:
        out.close()
    assert code == 0 and lines and all(p == "Bob> " for p in lines)


def test_commands_are_not_read_as_answers_and_undo_goes_back() -> None:
    import io
    typed = iter(["help", "board", "1", "undo", "save", "bogus words", "1", "quit"])
    out = io.StringIO()
    play_in_terminal([list(REFERENCE_DECK)] * 2, seat=0, opponent="random", seed=1, turn_cap=3,
                     read=lambda prompt: next(typed), out=out)
    text = out.getvalue()
    errors = [line for line in text.splitlines() if line.startswith("!")]
    assert errors == ["! save needs a file name: save FILE",
                      "! choose one of the options by its number (1 to 2) (type 'help')"]
    assert text.count("keep this hand") == 2 and "(undone: back to your previous question)" in text
    assert text.rstrip().endswith("You left the game.")
