"""The lobby's requests: checking a deck list, starting a game, opening a scenario's position.

Deck lists are read by the engine's deck reader (``decklist.parse_deck``: the Arena / Moxfield
text form, sections Deck, Sideboard, Commander, Companion); a bad line is reported with its
number and cause, and the cards the engine doesn't implement (``engine.unimplemented``) are
listed before the game starts (issue 17: refused unless the player opts in).
"""
from __future__ import annotations

import os
import tempfile
from typing import Any

from ..agents.registry import AGENT_NAMES
from ..cards.database import card_db
from ..core.errors import DeckError, MtgError
from ..decklist import MAX_FILE_BYTES, REFERENCE_DECK, Deck, parse_deck
from ..engine import Game, unimplemented
from .tables import PERSON

#: Who may sit opposite: an agent by name, a second person (a join link), or (a scenario only)
#: the same person playing both sides.
OPPONENTS = (*AGENT_NAMES, PERSON)
PLAYER_NAMES = ("Alice", "Bob")
MAX_SEED = 2**63 - 2


class BadRequest(Exception):
    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def _deck(text: Any, what: str) -> Deck:
    if text is None or (isinstance(text, str) and not text.strip()):
        return Deck(main=list(REFERENCE_DECK))
    if not isinstance(text, str):
        raise BadRequest(f"{what}: expected the text of a deck list")
    if len(text) > MAX_FILE_BYTES:
        raise BadRequest(f"{what}: a deck list has at most {MAX_FILE_BYTES:,} characters")
    return parse_deck(text, source=what)


def _missing(deck: Deck) -> list[dict[str, Any]]:
    db = card_db()
    cards = [db.get(n) for n in dict.fromkeys(deck.main + deck.sideboard + deck.commander)]
    return [{"name": name, "missing": gaps} for name, _where, gaps in unimplemented([("deck", cards)])]


def check_deck(text: Any, what: str) -> dict[str, Any]:
    """The report the lobby shows under a deck list: its cards, or the line that is wrong, and
    the cards the engine doesn't implement."""
    try:
        deck = _deck(text, what)
    except DeckError as exc:
        return {"ok": False, "error": str(exc)}
    return {"ok": True, "main": len(deck.main), "sideboard": len(deck.sideboard),
            "commander": deck.commander, "unimplemented": _missing(deck),
            "names": sorted(set(deck.main))[:200]}


def _choice(data: dict[str, Any], key: str, choices: tuple[str, ...], default: str) -> str:
    value = data.get(key, default)
    if value not in choices:
        raise BadRequest(f"{key}: one of {', '.join(choices)}, got {str(value)[:40]!r}")
    return value


def _number(data: dict[str, Any], key: str, low: int, high: int, default: int) -> int:
    value = data.get(key)
    if value is None or value == "":
        return default
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise BadRequest(f"{key}: a whole number from {low} to {high}, got {str(value)[:40]!r}")
    return value


def _ai_time(data: dict[str, Any]) -> float | None:
    value = data.get("ai_time")
    if value is None or value == "":
        return None
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0.05 <= value <= 30:
        raise BadRequest("ai_time: seconds per decision, from 0.05 to 30")
    return float(value)


def new_game(data: dict[str, Any]) -> tuple[Game, list[str], dict[str, Any]]:
    """A game from the lobby's form: the decks (the reference deck when empty), the opponent,
    the person's seat (0 plays first), the seed (random when empty)."""
    opponent = _choice(data, "opponent", OPPONENTS, "ai")
    seat = _number(data, "seat", 0, 1, 0)
    seed = _number(data, "seed", 0, MAX_SEED, int.from_bytes(os.urandom(6), "big"))
    turn_cap = _number(data, "turn_cap", 0, 10_000, 0)
    allow = data.get("allow_unimplemented", False)
    if not isinstance(allow, bool):
        raise BadRequest("allow_unimplemented: true or false")
    decks = [_deck(data.get("deck1"), "Alice's deck"), _deck(data.get("deck2"), "Bob's deck")]
    extra: dict[str, Any] = {}
    if any(d.sideboard for d in decks):
        extra["sideboards"] = [d.sideboard for d in decks]
    if any(d.commander for d in decks):
        extra["commanders"] = [d.commander for d in decks]
    game = Game.new_game([d.main for d in decks], names=PLAYER_NAMES, seed=seed, first_player=0, turn_cap=turn_cap,
                         allow_unimplemented=allow, **extra)
    kinds = [PERSON, PERSON]
    kinds[1 - seat] = opponent
    title = f"{PLAYER_NAMES[seat]} vs {opponent if opponent != PERSON else 'a person'} (seed {seed})"
    return game, kinds, {"title": title, "seed": seed, "opponent": opponent, "ai_time": _ai_time(data)}


def scenario_game(data: dict[str, Any]) -> tuple[Game, list[str], dict[str, Any]]:
    """The position a scenario file sets up (its ``players`` and ``turn``, SCENARIO-FORMAT), its
    script not played: a position to explore, alone (both seats) or against an agent."""
    from ..scenario.loader import ScenarioError, load_file
    from ..scenario.runner import Runner
    text = data.get("scenario")
    if not isinstance(text, str) or not text.strip():
        raise BadRequest("scenario: the text of a scenario file (YAML)")
    if len(text) > MAX_FILE_BYTES:
        raise BadRequest(f"scenario: at most {MAX_FILE_BYTES:,} characters")
    opponent = _choice(data, "opponent", ("self", *AGENT_NAMES), "self")
    index = _number(data, "index", 0, 1000, 0)
    with tempfile.TemporaryDirectory() as tmp:        # (the loader reads files: its bounds and line numbers)
        path = os.path.join(tmp, "scenario.yaml")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        docs = load_file(path)
    if index >= len(docs):
        raise BadRequest(f"index: the file has {len(docs)} scenario(s)")
    doc = docs[index]
    if doc.error:
        raise BadRequest(doc.error.replace(path, "scenario"))
    runner = Runner(doc)
    try:
        runner.start()
    except (ScenarioError, MtgError, ValueError) as exc:
        raise BadRequest(f"scenario: {exc}") from None
    game = runner.game
    if len(game.state.players) != 2:
        raise BadRequest("scenario: the board plays two-player games")
    kinds = [PERSON, PERSON] if opponent == "self" else [PERSON, opponent]
    return game, kinds, {"title": f"scenario: {doc.name}", "seed": 0, "opponent": opponent}


__all__ = ["BadRequest", "OPPONENTS", "check_deck", "new_game", "scenario_game"]
