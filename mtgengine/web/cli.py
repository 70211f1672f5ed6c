"""``mtg serve [--host 127.0.0.1] [--port 8000] [--data DIR]``: the web board (docs/WEB.md).

The parser is registered without importing the server (``cli.PLUGGED_COMMANDS``); the command
itself needs the ``web`` extra (Starlette, uvicorn) and says so when it is missing.
"""
from __future__ import annotations

import argparse
from typing import Any

from ..core.errors import MtgError


def add_serve_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve", help="serve the web board: play in the browser against an agent or another person",
        description="Serves the lobby and the board at http://HOST:PORT/ (localhost by default). Games are "
                    "kept in DIR/games.sqlite3, written after every answer: a restart loses none, and a "
                    "reloaded page reconnects to its seat. Needs: pip install -e '.[web]'.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this "
                                                            "machine only)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--data", default="mtg-data", metavar="DIR",
                        help="directory of the games database (default ./mtg-data)")
    parser.set_defaults(func=run_serve)


def run_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from .app import MAX_MESSAGE, create_app
    except ImportError as exc:
        raise MtgError(f"mtg serve needs the web extra ({exc.name} is missing): pip install -e '.[web]'") from None
    if not 0 < args.port < 65536:
        raise MtgError(f"--port: a port number from 1 to 65535, got {args.port}")
    app = create_app(args.data)
    print(f"mtg serve: http://{args.host}:{args.port}/ (games in {args.data})", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, ws_max_size=16 * MAX_MESSAGE,
                ws_per_message_deflate=False, log_level="warning")     # (loopback or a LAN: no need to compress)
    return 0
