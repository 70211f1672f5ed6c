"""Load on ``mtg serve``: concurrent bot games over WebSockets, loopback only, bounded.

    python3 benchmarks/bench_web.py [--games 50] [--answers 150] [--seconds 300] [--think 0.5]

Starts ``python3 -m mtgengine serve`` on a free loopback port with a fresh data directory (a
process of its own: the bots don't share its interpreter), creates ``--games`` games of two
person seats with the reference deck, and plays both seats of every game at once with the
bots of ``mtgengine.web.bot`` (one WebSocket each), each seat until the game ends, it has sent
``--answers`` answers or ``--seconds`` pass; ``--think`` seconds (on average) before each
answer, a person's pace (0: answer at once, a closed loop that measures saturation).

Reports the latency of an answer (from sending it to the server's reply, the next board):
median and 95th percentile; the server's memory (resident set) per game; and checks that no
game was lost or corrupted: every answer a bot had accepted is in the database, and each game
rebuilt from the database (another connection to it, in this process) gives the board the
server sends a newly connected seat. Target: median < 50 ms, no lost or corrupted game.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mtgengine.web import present  # noqa: E402
from mtgengine.web.bot import play_seat  # noqa: E402
from mtgengine.web.store import Store  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as r:
        return json.loads(r.read())


async def first_board(ws_url: str, game_id: str, token: str) -> dict[str, Any]:
    import websockets
    async with websockets.connect(f"{ws_url}/ws/{game_id}", max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        while True:
            msg = json.loads(await ws.recv())
            if msg["type"] == "board":
                return msg


async def run(args: argparse.Namespace, url: str, ws_url: str, pid: int, data: str) -> dict[str, Any]:
    base_rss = rss_kib(pid)
    games = []
    for i in range(args.games):
        r = await asyncio.to_thread(post, url + "/api/games", {"opponent": "person", "seed": i, "turn_cap": 40})
        games.append((r["id"], {s["seat"]: s["token"] for s in r["seats"]}))
    deadline = time.monotonic() + args.seconds
    start = time.perf_counter()
    results = await asyncio.gather(*(play_seat(ws_url, gid, tokens[seat], seed=i * 2 + seat, max_answers=args.answers,
                                               deadline=deadline, think=args.think)
                                     for i, (gid, tokens) in enumerate(games) for seat in (0, 1)),
                                   return_exceptions=True)
    elapsed = time.perf_counter() - start
    peak_rss = rss_kib(pid)
    failures = [repr(r) for r in results if isinstance(r, BaseException)]
    ok = [r for r in results if not isinstance(r, BaseException)]
    failures += [r.error for r in ok if r.error]
    latencies = sorted(x for r in ok for x in r.latencies)
    # nothing lost, nothing corrupted: the database against the bots and the live server
    store = Store(data)
    corrupted = 0
    lost = 0
    for i, (gid, tokens) in enumerate(games):
        stored = store.load(gid)
        if stored is None:
            lost += 1
            continue
        for seat in (0, 1):
            r = results[i * 2 + seat]
            if isinstance(r, BaseException):
                continue
            in_db = store.db.execute("SELECT count(*) FROM answers WHERE game = ? AND seat = ? AND manual = 1",
                                     (gid, seat)).fetchone()[0]
            if in_db != r.accepted:
                lost += 1
        live = await first_board(ws_url, gid, tokens[0])
        rebuilt = present.board(stored.game.view(live["you"]), 0)
        if any(live[k] != rebuilt[k] for k in rebuilt) or live["decision_no"] != stored.answers:
            corrupted += 1
    store.close()
    over = sum(1 for r in ok if r.last is not None and r.last["over"] is not None)
    return {
        "games": args.games, "answers": len(latencies), "seconds": round(elapsed, 1),
        "answers_per_second": round(len(latencies) / elapsed, 1),
        "median_ms": round(statistics.median(latencies) * 1000, 1) if latencies else None,
        "p95_ms": round(latencies[int(0.95 * (len(latencies) - 1))] * 1000, 1) if latencies else None,
        "max_ms": round(latencies[-1] * 1000, 1) if latencies else None,
        "memory_per_game_kib": round((peak_rss - base_rss) / args.games),
        "server_rss_mib": round(peak_rss / 1024, 1),
        "seats_finished_games": over, "failures": failures[:5], "lost": lost, "corrupted": corrupted,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--answers", type=int, default=150, help="answers a seat gives at most (default 150)")
    parser.add_argument("--seconds", type=float, default=300, help="time limit of the run (default 300)")
    parser.add_argument("--think", type=float, default=0.5, help="mean seconds before each answer (default 0.5)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    port = free_port()
    data = tempfile.mkdtemp(prefix="bench-web-")
    server = subprocess.Popen([sys.executable, "-m", "mtgengine", "serve", "--port", str(port), "--data", data],
                              cwd=ROOT, stdout=subprocess.DEVNULL, env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        url = f"http://127.0.0.1:{port}"
        for _ in range(200):
            try:
                urllib.request.urlopen(url + "/", timeout=1).read()
                break
            except OSError:
                time.sleep(0.05)
        result = asyncio.run(run(args, url, f"ws://127.0.0.1:{port}", server.pid, data))
    finally:
        server.terminate()
        server.wait(timeout=30)
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        print(f"{result['games']} games, {result['answers']} answers in {result['seconds']} s "
              f"({result['answers_per_second']}/s), think {args.think} s")
        print(f"latency per answer: median {result['median_ms']} ms, p95 {result['p95_ms']} ms, "
              f"max {result['max_ms']} ms")
        print(f"memory: {result['memory_per_game_kib']} KiB per game (server {result['server_rss_mib']} MiB)")
        print(f"seats whose game ended: {result['seats_finished_games']} of {2 * result['games']}; "
              f"lost {result['lost']}, corrupted {result['corrupted']}, failures {len(result['failures'])}")
        for f in result["failures"]:
            print("  " + f)
    bad = result["lost"] or result["corrupted"] or result["failures"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
