"""The web server over real WebSockets on loopback: what each seat is sent (never the opponent's
hidden cards), seat tokens, refused messages that change nothing, limits, restart, undo, the
lobby's deck checks and scenarios."""
from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from websockets.sync.client import connect  # noqa: E402

from mtgengine.core.enums import Zone  # noqa: E402
from mtgengine.web.bot import play_seat  # noqa: E402
from mtgengine.web.app import MAX_MESSAGE  # noqa: E402

from web_server import Server  # noqa: E402

SCENARIO = Path(__file__).parents[1] / "scenarios" / "core" / "aura_holy_strength_saves_creature_from_bolt.yaml"
#: Bob's deck: blue cards he can never cast with Forests only, so they stay in his hand and library.
SECRET_DECK = "40 Forest\n10 Counterspell\n10 Brainstorm\n"
SECRETS = ("Counterspell", "Brainstorm")


@pytest.fixture()
def server(tmp_path: Path) -> Any:
    with Server(str(tmp_path)) as s:
        yield s


class Seat:
    """A raw WebSocket client of one seat, keeping every text it receives."""

    def __init__(self, server: Server, game_id: str, token: str) -> None:
        self.ws = connect(f"{server.ws_url}/ws/{game_id}", max_size=2**24).__enter__()
        self.received: list[str] = []
        self.ws.send(json.dumps({"type": "hello", "token": token}))

    def recv(self, timeout: float = 30) -> dict[str, Any]:
        text = self.ws.recv(timeout=timeout)
        self.received.append(text)
        return json.loads(text)

    def board(self, timeout: float = 30) -> dict[str, Any]:
        while True:
            msg = self.recv(timeout)
            if msg["type"] == "board":
                return msg

    def send(self, value: Any) -> None:
        self.ws.send(value if isinstance(value, str) else json.dumps(value))

    def answer(self, board: dict[str, Any], answer: Any) -> dict[str, Any]:
        self.send({"type": "answer", "decision": board["decision_no"], "answer": answer})
        return self.recv()

    def close(self) -> None:
        self.ws.close()


def new_game(server: Server, **form: Any) -> dict[str, Any]:
    status, r = server.post("/api/games", {"seed": 7, **form})
    assert status == 200, r
    return r


def table(server: Server, game_id: str) -> Any:
    return server.app.state.tables.live[game_id]


# -- what a client is sent -------------------------------------------------------------------
def test_a_seat_never_receives_the_opponents_hidden_cards(server: Server) -> None:
    r = new_game(server, opponent="first", deck2=SECRET_DECK, turn_cap=5)
    game_id, token = r["id"], r["seats"][0]["token"]
    result = asyncio.run(play_seat(server.ws_url, game_id, token, seed=1, max_answers=400, keep=True))
    assert result.error is None and result.received
    g = table(server, game_id).game.state
    held = [o.card.name for o in g.objects.values() if o.owner == 1 and o.card is not None and o.card.name in SECRETS]
    in_hand = [g.objects[i].card.name for i in g.zones[(1, Zone.HAND)] if g.objects[i].card.name in SECRETS]
    # the test needs Bob to hold secret cards, all of them hidden (none discarded, seed 7)
    assert in_hand and len(held) == 20 and all(g.objects[i].zone in (Zone.HAND, Zone.LIBRARY)
                                               for i in g.objects if g.objects[i].owner == 1
                                               and g.objects[i].card.name in SECRETS)
    assert g.turn == 5
    for text in result.received:
        for name in SECRETS:
            assert name not in text
        msg = json.loads(text)
        if msg["type"] != "board":
            continue
        assert "rng" not in text and "unseen" not in msg
        assert all(o["zone"] != "library" for o in msg["objects"].values() if "zone" in o)
        for oid in msg["zones"][1]["hand"]:           # Bob's hand: ids, no cards
            assert msg["objects"][str(oid)] == {"id": oid, "owner": 1, "controller": 1, "zone": "hand",
                                                "hidden": True, "face_down": False, "name": "a hidden card"}
    # Alice's own hand is shown to her
    last = result.last
    assert last is not None and all("type_line" in last["objects"][str(i)] for i in last["zones"][0]["hand"])


def test_the_second_seat_sees_its_own_hand_and_not_the_first(server: Server) -> None:
    r = new_game(server, opponent="person", deck1=SECRET_DECK)
    game_id = r["id"]
    bob_token = next(s["token"] for s in r["seats"] if s["seat"] == 1)
    bob = Seat(server, game_id, bob_token)
    board = bob.board()
    assert board["you"] == 1 and board["seats"] == [1]
    assert all(o.get("hidden") for o in (board["objects"][str(i)] for i in board["zones"][0]["hand"]))
    assert all("type_line" in board["objects"][str(i)] for i in board["zones"][1]["hand"])
    assert not any(name in bob.received[0] for name in SECRETS)
    bob.close()


# -- seat tokens -----------------------------------------------------------------------------
def test_a_wrong_token_opens_no_seat(server: Server) -> None:
    r = new_game(server, opponent="random")
    seat = Seat(server, r["id"], "x" * 32)
    msg = seat.recv()
    assert msg["type"] == "error" and "token" in msg["message"]
    with pytest.raises(Exception):
        seat.recv(timeout=5)
    assert seat.ws.close_code == 4403


def test_a_seat_token_answers_for_its_seat_only(server: Server) -> None:
    r = new_game(server, opponent="person", seat=0)
    tokens = {s["seat"]: s["token"] for s in r["seats"]}
    alice, bob = Seat(server, r["id"], tokens[0]), Seat(server, r["id"], tokens[1])
    a, b = alice.board(), bob.board()
    assert a["decision"]["kind"] == "mulligan" and b["decision"] is None      # Alice decides first
    before = table(server, r["id"]).game.save()
    refused = bob.answer(a, True)                   # Bob answers Alice's question
    assert refused["type"] == "error" and "not your decision" in refused["message"]
    assert table(server, r["id"]).game.save() == before
    after = alice.answer(a, True)
    assert after["type"] == "board" and after["decision_no"] == a["decision_no"] + 1
    alice.close()
    bob.close()


# -- refused messages ------------------------------------------------------------------------
@pytest.mark.parametrize("message, expected", [
    ("not json", "JSON object"),
    ("[1, 2]", "JSON object"),
    ('{"type": "shout"}', "unknown message type"),
    ('{"type": "answer", "decision": 0, "answer": "maybe"}', "not allowed"),
    ('{"type": "answer", "decision": 0, "answer": {"action": "cast", "object": 99999}}', "not allowed"),
    ('{"type": "answer", "decision": 5, "answer": true}', "already answered"),
    ('{"type": "answer", "answer": true}', "already answered"),
    ('{"type": "undo"}', "nothing to undo"),
    ("x" * (MAX_MESSAGE + 1), "at most"),
])
def test_a_malformed_or_out_of_turn_message_is_refused_and_changes_nothing(server: Server, message: str,
                                                                           expected: str) -> None:
    r = new_game(server, opponent="random")
    seat = Seat(server, r["id"], r["seats"][0]["token"])
    board = seat.board()
    assert board["decision_no"] == 0
    before = table(server, r["id"]).game.save()
    seat.send(message)
    msg = seat.recv()
    assert msg["type"] == "error" and expected in msg["message"], msg
    assert table(server, r["id"]).game.save() == before
    after = seat.answer(board, True)                 # the connection still works
    assert after["type"] == "board" and after["decision_no"] > 0
    seat.close()


def test_a_client_sending_too_fast_is_refused_then_closed(server: Server) -> None:
    r = new_game(server, opponent="random")
    seat = Seat(server, r["id"], r["seats"][0]["token"])
    seat.board()
    for _ in range(200):
        try:
            seat.send({"type": "ping"})
        except Exception:
            break
    kinds = []
    try:
        while True:
            kinds.append(seat.recv(timeout=5)["type"])
    except Exception:
        pass
    assert kinds.count("pong") < 200 and "error" in kinds
    assert seat.ws.close_code == 4429


def test_an_oversized_request_and_a_bad_form_are_refused(server: Server) -> None:
    status, r = server.post("/api/decks/check", {"deck": "x" * 5_000_000})
    assert status == 413
    status, r = server.post("/api/games", {"opponent": "nobody"})
    assert status == 400 and "opponent" in r["error"]
    status, r = server.post("/api/games", {"seed": -1})
    assert status == 400 and "seed" in r["error"]


# -- the lobby -------------------------------------------------------------------------------
def test_a_deck_list_is_checked_before_the_game(server: Server) -> None:
    _, r = server.post("/api/decks/check", {"deck": "4 Lightning Bolt\n20 Mountain\n1 Grizly Bears"})
    assert not r["ok"] and "line 3" in r["error"] and "Grizzly Bears" in r["error"]
    _, r = server.post("/api/decks/check", {"deck": "Deck\n20 Mountain\n1 Shahrazad\n\nSideboard\n2 Shock"})
    assert r["ok"] and r["main"] == 21 and r["sideboard"] == 2
    assert [u["name"] for u in r["unimplemented"]] == ["Shahrazad"]
    status, r = server.post("/api/games", {"deck1": "20 Mountain\n1 Shahrazad"})
    assert status == 400 and "Shahrazad" in r["error"]
    status, r = server.post("/api/games", {"deck1": "20 Mountain\n1 Shahrazad", "allow_unimplemented": True,
                                           "opponent": "random"})
    assert status == 200


def test_a_scenario_opens_as_a_position_to_explore_with_both_seats(server: Server) -> None:
    status, r = server.post("/api/scenarios", {"scenario": SCENARIO.read_text(), "opponent": "self"})
    assert status == 200, r
    assert len(r["seats"]) == 2 and r["seats"][0]["token"] == r["seats"][1]["token"]
    seat = Seat(server, r["id"], r["seats"][0]["token"])
    board = seat.board()
    names = sorted(board["objects"][str(i)]["name"] for i in board["battlefield"])
    assert names == ["Grizzly Bears", "Mountain", "Plains"] and board["turn"] == 2
    assert board["decision"]["kind"] == "priority" and board["seats"] == [0, 1]
    status, r = server.post("/api/scenarios", {"scenario": "name: x\nplayers: 3"})
    assert status == 400 and r["error"]
    seat.close()


def test_the_resume_list_needs_the_seat_token(server: Server) -> None:
    r = new_game(server, opponent="random")
    _, s = server.post("/api/games/status", {"games": [{"id": r["id"], "token": r["seats"][0]["token"]},
                                                      {"id": r["id"], "token": "y" * 32}]})
    assert s["games"][0]["found"] and s["games"][0]["your_move"]
    assert s["games"][1] == {"id": r["id"], "found": False}


def test_a_rule_citation_shows_the_shipped_rule_text(server: Server) -> None:
    status, body = server.get("/api/rules/704.5g")
    assert status == 200 and "lethal damage" in json.loads(body)["text"]
    status, _ = server.get("/api/rules/999.9z")
    assert status == 404


# -- restart, undo ---------------------------------------------------------------------------
def test_a_restart_of_the_server_loses_no_answer(tmp_path: Path) -> None:
    with Server(str(tmp_path)) as s:
        r = new_game(s, opponent="random")
        result = asyncio.run(play_seat(s.ws_url, r["id"], r["seats"][0]["token"], seed=3, max_answers=25))
        assert result.sent == 25 and result.accepted == 25
        saved = table(s, r["id"]).game.save()
        answers = table(s, r["id"]).answers
    with Server(str(tmp_path)) as s:              # a new process would read the same database
        seat = Seat(s, r["id"], r["seats"][0]["token"])
        board = seat.board()
        assert table(s, r["id"]).game.save() == saved and board["decision_no"] == answers
        assert board["decision"] is not None
        seat.close()


def test_undo_takes_back_the_last_answer_against_an_agent(server: Server) -> None:
    r = new_game(server, opponent="random")
    seat = Seat(server, r["id"], r["seats"][0]["token"])
    first = seat.board()
    assert not first["can_undo"]
    before = table(server, r["id"]).game.save()
    after = seat.answer(first, True)
    assert after["can_undo"] and after["decision_no"] > 1
    seat.send({"type": "undo"})
    back = seat.board()
    assert back["decision_no"] == 0 and back["decision"]["kind"] == "mulligan" and back["log_from"] == 0
    assert table(server, r["id"]).game.save() == before
    seat.close()


def test_undo_is_refused_against_a_person(server: Server) -> None:
    r = new_game(server, opponent="person")
    alice = Seat(server, r["id"], r["seats"][0]["token"])
    board = alice.answer(alice.board(), True)
    assert not board["can_undo"]
    alice.send({"type": "undo"})
    assert "nothing to undo" in alice.recv()["message"]
    alice.close()


def test_two_bot_seats_play_a_whole_game(server: Server) -> None:
    r = new_game(server, opponent="person", turn_cap=8)
    tokens = {s["seat"]: s["token"] for s in r["seats"]}

    async def both() -> list[Any]:
        return await asyncio.gather(*(play_seat(server.ws_url, r["id"], tokens[p], seed=p) for p in (0, 1)))
    results = asyncio.run(both())
    assert all(x.error is None for x in results)
    assert all(x.last is not None and x.last["over"] is not None for x in results)
