"""Games on disk: an SQLite database under ``mtg serve --data DIR``.

A game is kept as its setup (a ``Game.save()`` text of the position it started from), every
answer given since in order, and checkpoints (``Game.save()`` after some answer): loading
one is the latest checkpoint and the answers after it, replayed (the engine is
deterministic: same state and answers, same game byte for byte). An answer is one small row
written before the client hears of it, so a restart of the server loses no answer; a
checkpoint every :data:`CHECKPOINT_EVERY` answers keeps a reload short. Undo deletes the
answers from one on (the game is then rebuilt from what is left).

Seat tokens are never stored, only their SHA-256 digests.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine import Game

#: A checkpoint is written after this many answers since the last one.
CHECKPOINT_EVERY = 100

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    meta TEXT NOT NULL,            -- JSON: title, seats (kind, token digest), options
    answers INTEGER NOT NULL       -- the number of answers given
);
CREATE TABLE IF NOT EXISTS answers (
    game TEXT NOT NULL, seq INTEGER NOT NULL, seat INTEGER NOT NULL,
    manual INTEGER NOT NULL,       -- 1: given by a person (undo goes back to one), 0: by an agent or an
                                   -- automatic pass
    answer TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
CREATE TABLE IF NOT EXISTS checkpoints (
    game TEXT NOT NULL, seq INTEGER NOT NULL, save TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
"""


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def same_token(token: str, stored_digest: str) -> bool:
    """Whether ``token`` is the one whose digest was stored (in constant time)."""
    return hmac.compare_digest(digest(token), stored_digest)


@dataclass(slots=True)
class Stored:
    """A game as the database holds it: its metadata and the game rebuilt."""

    id: str
    meta: dict[str, Any]
    game: Game
    answers: int                 # answers given, the number of the next one
    manual: list[tuple[int, int]]   # (seq, seat) of each answer a person gave, in order (for undo)


class Store:
    """The database (module docstring). One connection, used from the server's event loop."""

    def __init__(self, data_dir: str | Path) -> None:
        path = Path(data_dir)
        path.mkdir(parents=True, exist_ok=True)
        self.path = path / "games.sqlite3"
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")      # WAL: a crash of the process loses nothing
        self.db.executescript(_SCHEMA)

    def close(self) -> None:
        self.db.close()

    # -- writing ------------------------------------------------------------------------
    def create(self, game_id: str, meta: dict[str, Any], game: Game) -> None:
        now = time.time()
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT INTO games VALUES (?, ?, ?, ?, 0)", (game_id, now, now, json.dumps(meta)))
            self.db.execute("INSERT INTO checkpoints VALUES (?, 0, ?)", (game_id, game.save()))

    def add_answer(self, game_id: str, seq: int, seat: int, manual: bool, answer: Any, game: Game) -> None:
        """Answer number ``seq`` (from 0) by ``seat``; ``game``: the game after it (checkpointed
        every :data:`CHECKPOINT_EVERY` answers)."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT INTO answers VALUES (?, ?, ?, ?, ?)",
                            (game_id, seq, seat, int(manual), json.dumps(answer, separators=(",", ":"))))
            self.db.execute("UPDATE games SET answers = ?, updated = ? WHERE id = ?", (seq + 1, time.time(), game_id))
            if (seq + 1) % CHECKPOINT_EVERY == 0:
                self.db.execute("INSERT OR REPLACE INTO checkpoints VALUES (?, ?, ?)", (game_id, seq + 1, game.save()))

    def truncate(self, game_id: str, seq: int) -> None:
        """Forgets answers ``seq`` and after (undo)."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("DELETE FROM answers WHERE game = ? AND seq >= ?", (game_id, seq))
            self.db.execute("DELETE FROM checkpoints WHERE game = ? AND seq > ?", (game_id, seq))
            self.db.execute("UPDATE games SET answers = ?, updated = ? WHERE id = ?", (seq, time.time(), game_id))

    def set_meta(self, game_id: str, meta: dict[str, Any]) -> None:
        with self.db:
            self.db.execute("UPDATE games SET meta = ? WHERE id = ?", (json.dumps(meta), game_id))

    # -- reading ------------------------------------------------------------------------
    def meta(self, game_id: str) -> dict[str, Any] | None:
        row = self.db.execute("SELECT meta FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else json.loads(row[0])

    def load(self, game_id: str) -> Stored | None:
        """The game rebuilt from its latest checkpoint and the answers after it (None: no such
        game)."""
        row = self.db.execute("SELECT meta, answers FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            return None
        meta, count = json.loads(row[0]), row[1]
        seq, save = self.db.execute("SELECT seq, save FROM checkpoints WHERE game = ? AND seq <= ? "
                                    "ORDER BY seq DESC LIMIT 1", (game_id, count)).fetchone()
        game = Game.load(save)
        manual: list[tuple[int, int]] = []
        for n, seat, by_person, answer in self.db.execute("SELECT seq, seat, manual, answer FROM answers "
                                                          "WHERE game = ? ORDER BY seq", (game_id,)):
            if by_person:
                manual.append((n, seat))
            if n >= seq:
                game.submit(json.loads(answer))
        return Stored(game_id, meta, game, count, manual)

    def games(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT id FROM games ORDER BY updated DESC")]


__all__ = ["CHECKPOINT_EVERY", "Store", "Stored", "digest", "same_token"]
