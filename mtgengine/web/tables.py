"""Live games: a :class:`Table` is a game being played, its seats and the clients watching them.

Each seat is a person (answering through a WebSocket with the seat's token) or an agent by
name (``agents.registry``). After a person's answer the agents answer until a person must
decide; a person's priority question with nothing to do but pass is passed for them (as the
terminal seat does). Every answer is written to the store before any client hears of it.

One lock a table: answers, undo and the views sent are taken one at a time, so a client never
sees a game half-way through an answer, and an answer arriving while an agent thinks waits and
is then checked against the question it was given for (``decision``: the number of answers
given when it was asked) — a stale or out-of-turn answer is refused, the game unchanged.
"""
from __future__ import annotations

import asyncio
import secrets
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

from ..agents.registry import decider, make_agent
from ..core.errors import IllegalActionError
from ..engine import Game
from ..simulate import _answer_refused
from . import present
from .store import Store, same_token

PERSON = "person"
#: Live tables kept in memory; the least recently used idle ones beyond it are dropped (they
#: are all in the store and come back on the next connection).
MAX_LIVE = 500

Send = Callable[[dict[str, Any]], Awaitable[None]]


class Refused(Exception):
    """A message refused: said to the client that sent it, nothing changed."""


@dataclass(eq=False)
class Client:
    """One WebSocket connection to a table: the seats its token opened and what it was sent."""

    seats: frozenset[int]
    send: Send
    log_sent: int = 0

    def seat_now(self, game: Game) -> int:
        """The seat whose view the client sees: the one deciding, if it is one of its seats
        (a position explored alone holds both), else its first."""
        d = game.pending
        if d is not None and d.player in self.seats:
            return d.player
        return min(self.seats)


class _Recorder:
    """The game as ``simulate._answer_refused`` uses it, recording the answer it submits."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.answers: list[Any] = []

    @property
    def pending(self) -> Any:
        return self.game.pending

    def submit(self, answer: Any) -> None:
        self.game.submit(answer)
        self.answers.append(answer)


@dataclass(eq=False)
class Table:
    id: str
    meta: dict[str, Any]
    game: Game
    store: Store
    answers: int
    manual: list[tuple[int, int]]
    clients: list[Client] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    agents: dict[int, Any] = field(default_factory=dict)
    thinking: int | None = None

    # -- seats ---------------------------------------------------------------------------
    @property
    def kinds(self) -> list[str]:
        return [s["kind"] for s in self.meta["seats"]]

    def seats_of(self, token: Any) -> frozenset[int]:
        """The seats ``token`` opens (none: a wrong token)."""
        if not isinstance(token, str) or not 10 <= len(token) <= 100:
            return frozenset()
        found = set()
        for i, seat in enumerate(self.meta["seats"]):
            for d in seat.get("tokens", ()):
                if same_token(token, d):
                    found.add(i)
        return frozenset(found)

    def agent(self, seat: int) -> Any:
        if seat not in self.agents:
            seed = int(self.meta.get("seed", 0))
            self.agents[seat] = make_agent(self.kinds[seat], seed * 2 + 2 - seat, self.meta.get("ai_time"))
        return self.agents[seat]

    def undoable(self, seats: frozenset[int]) -> int | None:
        """The answer to go back to for undo by a client of ``seats``: its last answer, when
        every other seat is an agent (against a person an answer stands)."""
        if any(k == PERSON and i not in seats for i, k in enumerate(self.kinds)):
            return None
        for seq, seat in reversed(self.manual):
            if seat in seats:
                return seq
        return None

    # -- changes -------------------------------------------------------------------------
    def _submit(self, seat: int, answer: Any, manual: bool) -> None:
        self.game.submit(answer)                 # IllegalActionError: refused, game unchanged
        self.store.add_answer(self.id, self.answers, seat, manual, answer, self.game)
        if manual:
            self.manual.append((self.answers, seat))
        self.answers += 1

    async def answer(self, client: Client, decision_no: Any, answer: Any) -> None:
        """A person's answer from ``client`` to the question numbered ``decision_no``."""
        async with self.lock:
            d = self.game.pending
            if d is None:
                raise Refused("the game is over: there is no question to answer")
            if d.player not in client.seats or self.kinds[d.player] != PERSON:
                raise Refused(f"it is not your decision: {self.game.state.players[d.player].name} is deciding")
            if decision_no != self.answers:
                raise Refused("that question was already answered (the board has changed): answer the one shown now")
            try:
                self._submit(d.player, answer, True)
            except IllegalActionError as exc:
                raise Refused(f"not allowed: {exc}") from None
            await self._play_on(changed=True)

    async def undo(self, client: Client) -> None:
        async with self.lock:
            seq = self.undoable(client.seats)
            if seq is None:
                raise Refused("nothing to undo: undo takes back your own last answer, against an agent only")
            self.store.truncate(self.id, seq)
            stored = self.store.load(self.id)
            assert stored is not None
            self.game, self.answers, self.manual = stored.game, stored.answers, stored.manual
            self.agents.clear()
            for c in self.clients:
                c.log_sent = 0                   # (the log is shorter now: sent whole)
            await self._broadcast()

    async def start(self) -> None:
        """Plays the agents' and automatic answers until a person must decide (after a
        creation or a load: an agent may be deciding)."""
        async with self.lock:
            await self._play_on()

    async def _play_on(self, changed: bool = False) -> None:
        """Answers for the agents and the automatic passes, then sends every client the board
        (also before the AI thinks, which takes a while: the board shows it thinking), when
        anything was answered."""
        start = self.answers
        while True:
            d = self.game.pending
            if d is None or self.game.state.over:
                break
            seat = d.player
            if self.kinds[seat] == PERSON:
                if d.kind == "priority" and len(d.options) == 1:
                    self._submit(seat, d.options[0], False)      # nothing to do but pass
                    continue
                break
            if self.kinds[seat] == "ai":
                self.thinking = seat
                await self._broadcast()
            try:
                answers = await asyncio.to_thread(self._agent_answers, seat)
            finally:
                self.thinking = None
            for answer in answers:
                self.store.add_answer(self.id, self.answers, seat, False, answer, self.game)
                self.answers += 1
        if changed or self.answers != start:
            await self._broadcast()

    def _agent_answers(self, seat: int) -> list[Any]:
        """The agent's answer, submitted (its fallback when the rules refuse it, as in simulated
        games: ``simulate.answer_pending``); returns what was submitted."""
        game = self.game
        d = game.pending
        recorder = _Recorder(game)
        try:
            recorder.submit(decider(self.agent(seat), game, seat)(d))
        except IllegalActionError:
            _answer_refused(recorder, d)          # type: ignore[arg-type]
        return recorder.answers

    # -- what clients see ----------------------------------------------------------------
    def message(self, client: Client) -> dict[str, Any]:
        seat = client.seat_now(self.game)
        msg = present.board(self.game.view(seat), client.log_sent)
        msg["game"] = self.id
        msg["decision_no"] = self.answers
        msg["kinds"] = self.kinds
        msg["seats"] = sorted(client.seats)
        msg["thinking"] = self.thinking
        msg["can_undo"] = self.undoable(client.seats) is not None
        msg["title"] = self.meta.get("title", "")
        if msg["decision"] is not None and self.kinds[seat] != PERSON:
            msg["decision"] = None
        client.log_sent = msg["log_size"]
        return msg

    async def send_board(self, client: Client) -> None:
        await client.send(self.message(client))

    async def _broadcast(self) -> None:
        for client in list(self.clients):
            try:
                await self.send_board(client)
            except Exception:               # a client gone mid-send: it is dropped
                if client in self.clients:
                    self.clients.remove(client)


class Tables:
    """The live tables, loaded from the store on demand."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.live: OrderedDict[str, Table] = OrderedDict()

    def create(self, game: Game, kinds: list[str], meta: dict[str, Any], explore: bool = False) -> tuple[str, list[str]]:
        """A new table; returns its id and a token for each seat (``explore``: one token for
        both seats, given twice)."""
        game_id = secrets.token_urlsafe(9)
        from .store import digest
        if explore:
            token = secrets.token_urlsafe(24)
            tokens = [token, token]
        else:
            tokens = [secrets.token_urlsafe(24) for _ in kinds]
        meta = {**meta, "seats": [{"kind": k, "tokens": [digest(t)] if k == PERSON else []}
                                  for k, t in zip(kinds, tokens)]}
        self.store.create(game_id, meta, game)
        self.live[game_id] = Table(game_id, meta, game, self.store, 0, [])
        self._evict()
        return game_id, [t if k == PERSON else "" for k, t in zip(kinds, tokens)]

    def get(self, game_id: str) -> Table | None:
        table = self.live.get(game_id)
        if table is None:
            if not isinstance(game_id, str) or len(game_id) > 40:
                return None
            stored = self.store.load(game_id)
            if stored is None:
                return None
            table = Table(game_id, stored.meta, stored.game, self.store, stored.answers, stored.manual)
            self.live[game_id] = table
            self._evict()
        self.live.move_to_end(game_id)
        return table

    def _evict(self) -> None:
        idle = [k for k, t in self.live.items() if not t.clients and not t.lock.locked()]
        while len(self.live) > MAX_LIVE and idle:
            del self.live[idle.pop(0)]


__all__ = ["Client", "PERSON", "Refused", "Table", "Tables"]
