"""The game log: append-only lines, shared between clones until one of them appends."""
from __future__ import annotations

from typing import Iterator, overload


_new = object.__new__


class GameLog:
    """A list of log lines whose clone is O(1).

    Clones share one Python list and each remembers its own length; a clone that appends
    to a list another clone has already extended first copies its own prefix.
    """

    __slots__ = ("_lines", "_n")

    def __init__(self, lines: list[str] | None = None, n: int | None = None) -> None:
        self._lines = lines if lines is not None else []
        self._n = len(self._lines) if n is None else n

    def append(self, line: str) -> None:
        if len(self._lines) != self._n:
            self._lines = self._lines[: self._n]
        self._lines.append(line)
        self._n += 1

    def clone(self) -> GameLog:
        twin = _new(GameLog)       # skips __init__: every game state clone clones its log
        twin._lines = self._lines
        twin._n = self._n
        return twin

    def __len__(self) -> int:
        return self._n

    def __iter__(self) -> Iterator[str]:
        return iter(self._lines[: self._n])

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> list[str]: ...
    def __getitem__(self, i: int | slice) -> str | list[str]:
        return self._lines[: self._n][i]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, GameLog):
            other = list(other)
        return isinstance(other, list) and list(self) == other

    def __repr__(self) -> str:
        return f"GameLog({self._n} lines)"
