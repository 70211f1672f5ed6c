"""The ASGI app of ``mtg serve`` (Starlette): the lobby's JSON API, the pages, a WebSocket per seat.

HTTP:
    GET  /                     the lobby page          GET /play/{id}   the board page
    POST /api/decks/check      {deck}: the cards, or the line that is wrong, and the
                               unimplemented cards (before a game starts)
    POST /api/games            {deck1, deck2, opponent, seat, seed, turn_cap, allow_unimplemented}
    POST /api/scenarios        {scenario (YAML text), index, opponent}: a position to explore
    POST /api/games/status     {games: [{id, token}]}: the resume list of the browser's games
    GET  /api/rules/{number}   a rule's text from the shipped Comprehensive Rules
WebSocket /ws/{id}: the first message is ``{"type": "hello", "token": ...}``; then the client
sends ``{"type": "answer", "decision": n, "answer": ...}``, ``{"type": "undo"}`` or
``{"type": "ping"}`` and is sent ``board`` messages (``present.board``) and ``error`` ones.

Limits: a WebSocket message of at most :data:`MAX_MESSAGE` bytes, at most :data:`RATE` messages
a second over a burst of :data:`BURST` (more are refused; a client that keeps on is closed), a
request body of at most :data:`MAX_BODY` bytes. A refused message is answered with an error to
its client only and changes nothing.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..core.errors import MtgError
from . import lobby
from .store import Store
from .tables import Client, Refused, Tables

MAX_MESSAGE = 64 * 1024
MAX_BODY = 4_500_000
RATE = 10.0
BURST = 30
#: Refused messages over the rate after which the connection is closed.
MAX_REFUSED = 50
#: Seconds a client has to say hello.
HELLO_SECONDS = 10.0
_STATIC = Path(str(resources.files("mtgengine") / "web" / "static"))


class Bucket:
    """A token bucket: ``take()`` is false when the client sends faster than it may."""

    def __init__(self, rate: float = RATE, burst: int = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.when = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.when) * self.rate)
        self.when = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def _closing(store: Store) -> Any:
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        store.close()
    return lifespan


def create_app(data_dir: str | Path) -> Starlette:
    store = Store(data_dir)
    tables = Tables(store)
    creations: dict[str, Bucket] = {}

    async def body(request: Request) -> dict[str, Any]:
        raw = b""
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > MAX_BODY:
                raise lobby.BadRequest(f"a request has at most {MAX_BODY:,} bytes", 413)
        try:
            data = json.loads(raw or b"{}")
        except ValueError:
            raise lobby.BadRequest("the request is not JSON") from None
        if not isinstance(data, dict):
            raise lobby.BadRequest("the request is a JSON object")
        return data

    def limited(request: Request) -> None:
        host = request.client.host if request.client else "?"
        bucket = creations.setdefault(host, Bucket(rate=2.0, burst=100))
        if not bucket.take():
            raise lobby.BadRequest("too many games created: wait a little", 429)

    def api(handler: Any, limit: bool = False) -> Any:
        async def endpoint(request: Request) -> Response:
            try:
                if limit:
                    limited(request)
                return JSONResponse(await handler(await body(request)))
            except lobby.BadRequest as exc:
                return JSONResponse({"error": str(exc)}, status_code=exc.status)
            except MtgError as exc:
                return JSONResponse({"error": " ".join(str(exc).split())}, status_code=400)
        return endpoint

    async def check_deck(data: dict[str, Any]) -> dict[str, Any]:
        return lobby.check_deck(data.get("deck"), "the deck list")

    async def new_game(data: dict[str, Any]) -> dict[str, Any]:
        game, kinds, meta = lobby.new_game(data)
        return await _opened(game, kinds, meta)

    async def new_scenario(data: dict[str, Any]) -> dict[str, Any]:
        game, kinds, meta = lobby.scenario_game(data)
        return await _opened(game, kinds, meta, explore=meta["opponent"] == "self")

    async def _opened(game: Any, kinds: list[str], meta: dict[str, Any], explore: bool = False) -> dict[str, Any]:
        game_id, tokens = tables.create(game, kinds, meta, explore)
        out: dict[str, Any] = {"id": game_id, "seats": []}
        for seat, token in enumerate(tokens):
            if token:
                out["seats"].append({"seat": seat, "token": token, "url": f"/play/{game_id}#{token}"})
        return out

    async def status(data: dict[str, Any]) -> dict[str, Any]:
        games = data.get("games")
        if not isinstance(games, list) or len(games) > 200:
            raise lobby.BadRequest("games: a list of at most 200 {id, token}")
        out = []
        for entry in games:
            if not isinstance(entry, dict):
                continue
            table = tables.get(entry.get("id")) if isinstance(entry.get("id"), str) else None
            seats = table.seats_of(entry.get("token")) if table is not None else frozenset()
            if table is None or not seats:
                out.append({"id": entry.get("id"), "found": False})
                continue
            g = table.game
            d = g.pending
            out.append({"id": table.id, "found": True, "title": table.meta.get("title", ""), "turn": g.state.turn,
                        "over": g.state.over, "your_move": d is not None and d.player in seats,
                        "answers": table.answers})
        return {"games": out}

    async def rule(request: Request) -> Response:
        from ..core.rules_index import rule_text
        number = request.path_params["number"]
        try:
            return JSONResponse({"number": number, "text": rule_text(number)})
        except KeyError:
            return JSONResponse({"error": f"no rule {number[:20]!r} in the Comprehensive Rules"}, status_code=404)

    async def page(name: str) -> Response:
        return FileResponse(_STATIC / name, headers={"Cache-Control": "no-store"})

    async def lobby_page(request: Request) -> Response:
        return await page("lobby.html")

    async def board_page(request: Request) -> Response:
        return await page("board.html")

    async def seat_socket(ws: WebSocket) -> None:
        await ws.accept()
        table = tables.get(ws.path_params["game"])
        if table is None:
            await _error(ws, "no such game")
            await ws.close(code=4404)
            return
        try:
            hello = await _receive(ws, HELLO_SECONDS)
        except (WebSocketDisconnect, Refused, TimeoutError):
            await ws.close(code=4400)
            return
        seats = table.seats_of(hello.get("token")) if hello.get("type") == "hello" else frozenset()
        if not seats:
            await _error(ws, "this seat's token is wrong: open the game with the link you were given")
            await ws.close(code=4403)
            return

        async def send(msg: dict[str, Any]) -> None:
            await ws.send_text(json.dumps(msg, separators=(",", ":")))

        client = Client(seats, send)
        async with table.lock:
            table.clients.append(client)
            await table.send_board(client)
        await table.start()
        bucket, refused = Bucket(), 0
        try:
            while True:
                try:
                    msg = await _receive(ws)
                    if not bucket.take():
                        refused += 1
                        if refused > MAX_REFUSED:
                            await _error(ws, "too many messages: closed")
                            await ws.close(code=4429)
                            return
                        raise Refused(f"too many messages (at most {RATE:g} a second): this one was ignored")
                    kind = msg.get("type")
                    if kind == "answer":
                        await table.answer(client, msg.get("decision"), msg.get("answer"))
                    elif kind == "undo":
                        await table.undo(client)
                    elif kind == "ping":
                        await send({"type": "pong"})
                    else:
                        raise Refused(f"unknown message type {str(kind)[:30]!r} (answer, undo, ping)")
                except Refused as exc:
                    await _error(ws, str(exc))
        except WebSocketDisconnect:
            pass
        finally:
            if client in table.clients:
                table.clients.remove(client)

    async def _receive(ws: WebSocket, timeout: float | None = None) -> dict[str, Any]:
        message = await asyncio.wait_for(ws.receive(), timeout)
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        text = message.get("text")
        if text is None:
            data = message.get("bytes") or b""
            if len(data) > MAX_MESSAGE:
                raise Refused(f"a message has at most {MAX_MESSAGE:,} bytes")
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                raise Refused("a message is UTF-8 JSON text") from None
        if len(text) > MAX_MESSAGE:
            raise Refused(f"a message has at most {MAX_MESSAGE:,} bytes")
        try:
            msg = json.loads(text)
        except (ValueError, RecursionError):
            raise Refused("a message is a JSON object, such as {\"type\": \"answer\", ...}") from None
        if not isinstance(msg, dict):
            raise Refused("a message is a JSON object, such as {\"type\": \"answer\", ...}")
        return msg

    async def _error(ws: WebSocket, text: str) -> None:
        await ws.send_text(json.dumps({"type": "error", "message": text}))

    app = Starlette(routes=[
        Route("/", lobby_page),
        Route("/play/{game}", board_page),
        Route("/api/decks/check", api(check_deck), methods=["POST"]),
        Route("/api/games", api(new_game, limit=True), methods=["POST"]),
        Route("/api/scenarios", api(new_scenario, limit=True), methods=["POST"]),
        Route("/api/games/status", api(status), methods=["POST"]),
        Route("/api/rules/{number}", rule),
        WebSocketRoute("/ws/{game}", seat_socket),
        Mount("/static", StaticFiles(directory=_STATIC), name="static"),
    ], lifespan=_closing(store))
    app.state.tables = tables
    app.state.store = store
    return app


__all__ = ["BURST", "MAX_BODY", "MAX_MESSAGE", "RATE", "create_app"]
