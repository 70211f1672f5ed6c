"""A client that plays a seat over the WebSocket, picking its answers from the board messages
alone (what the page gets): the load benchmark's players and the web tests' opponents.

``choose(decision, rng)`` picks an answer from a decision as the page sees it (``present.decision``);
``fallback(decision)`` is the answer it gives when the server refused the first (the fewest
blocks, the first option, a pass), as simulated games do (``simulate.answer_pending``).
"""
from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

_MULTI = ("attackers", "blockers", "order", "damage_assignment", "bottom", "discard")


def choose(d: dict[str, Any], rng: random.Random) -> Any:
    kind, opts, info = d["kind"], [o["value"] for o in d["options"]], d.get("info") or {}
    if kind == "mulligan":
        return True
    if kind == "x" or (kind == "number" and not opts):
        return info.get("min", 0)
    if not opts:
        return (info.get("suggestions") or ["Forest"])[0]
    if kind == "divide":
        total = info.get("total", len(opts))
        out = {str(o): 1 for o in opts}
        out[str(opts[0])] += total - len(opts)
        return out
    if kind == "damage_assignment":
        return [o for o in opts if o >= 0]
    if kind == "blockers":
        return list(info.get("required", []))
    if kind == "attackers":
        return [o for o in opts if rng.random() < 0.5]
    if kind == "order":
        return opts
    if d.get("multi") or kind in _MULTI:
        size = (info.get("sizes") or [d["min"]])[0]
        return rng.sample(opts, min(size, len(opts)))
    if kind == "priority":
        plays = [o for o in opts if o.get("action") == "play"]
        if plays:
            return plays[0]
        return rng.choice(opts)
    return rng.choice(opts)


def fallback(d: dict[str, Any]) -> Any:
    kind, opts, info = d["kind"], [o["value"] for o in d["options"]], d.get("info") or {}
    if kind == "priority":
        return {"action": "pass"}
    if kind == "blockers":
        return list(info.get("required", []))
    if kind == "attackers":
        return []
    if d.get("multi") or kind in _MULTI:
        size = (info.get("sizes") or [d["min"]])[0]
        return opts[:size]
    return opts[0] if opts else choose(d, random.Random(0))


@dataclass
class BotResult:
    """What a bot saw: the latency of each answer (seconds from sending it to the server's next
    board, its reply), answers sent and refused, the last board, the messages (``keep``)."""

    latencies: list[float] = field(default_factory=list)
    sent: int = 0
    refused: int = 0
    last: dict[str, Any] | None = None
    received: list[str] = field(default_factory=list)
    error: str | None = None

    @property
    def accepted(self) -> int:
        return self.sent - self.refused


async def play_seat(ws_url: str, game_id: str, token: str, seed: int, max_answers: int = 100_000,
                    deadline: float | None = None, keep: bool = False, think: float = 0.0) -> BotResult:
    """Plays the seat until the game ends, ``max_answers`` are given or ``deadline``
    (``time.monotonic()``) passes; ``think``: seconds to wait before each answer (a person's
    pace). ``keep``: keep every message received (``received``)."""
    import asyncio

    import websockets
    rng = random.Random(seed)
    out = BotResult()
    async with websockets.connect(f"{ws_url}/ws/{game_id}", max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: float | None = None
        answered = -1
        retried = -1

        async def send(no: int, answer: Any) -> None:
            nonlocal sent_at
            sent_at = time.perf_counter()
            out.sent += 1
            await ws.send(json.dumps({"type": "answer", "decision": no, "answer": answer}))

        while deadline is None or time.monotonic() < deadline:
            text = await ws.recv()
            if keep:
                out.received.append(text)
            msg = json.loads(text)
            if sent_at is not None and msg["type"] in ("board", "error"):
                out.latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if msg["type"] == "error":
                out.refused += 1
                board = out.last
                if board is None or board.get("decision") is None or retried == board["decision_no"]:
                    out.error = msg["message"]
                    break
                retried = board["decision_no"]
                await send(retried, fallback(board["decision"]))
                continue
            if msg["type"] != "board":
                continue
            out.last = msg
            d = msg.get("decision")
            if msg["over"] is not None or out.sent >= max_answers:
                break
            if d is None or msg["decision_no"] == answered:
                continue
            answered = msg["decision_no"]
            if think:
                await asyncio.sleep(think * (0.5 + rng.random()))
            await send(answered, choose(d, rng))
    return out


__all__ = ["BotResult", "choose", "fallback", "play_seat"]
