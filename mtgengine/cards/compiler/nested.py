"""Abilities quoted inside another ability: 'except it has "..."' (CR 707.9a). The quoted text
is rules text of its own, compiled when the copy exists; the completeness check reads it here as
a paragraph of its own, and counts its words as understood only if every one of them was.

The driver (``paragraphs``) provides the reading as it is imported: the rules that find a quoted
ability sit below it in the package, so they ask through this module instead of importing it.
"""
from __future__ import annotations

from collections.abc import Callable

_read_whole: Callable[[str], bool] | None = None


def provide(read_whole: Callable[[str], bool]) -> None:
    """Sets the reading: True if every paragraph of the text compiles with every word read."""
    global _read_whole
    _read_whole = read_whole


def understood(text: str) -> bool:
    """Whether every word of the quoted ability ``text`` was understood."""
    return _read_whole is not None and _read_whole(str.__str__(text))
