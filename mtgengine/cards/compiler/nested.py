"""Abilities quoted inside another ability: 'except it has "..."' (CR 707.9a). The quoted text
is rules text of its own, compiled when the copy exists; the completeness check reads it here as
a paragraph of its own, and counts its words as understood only if every one of them was.

The driver (``paragraphs``) provides the reading as it is imported: the rules that find a quoted
ability sit below it in the package, so they ask through this module instead of importing it.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

_read_whole: Callable[[str], bool] | None = None
_compile: Callable[[str], Any] | None = None
#: The paragraph readers (``paragraphs.READERS``): an ability after a dash ("Solved — ...",
#: "Max speed — ...") is read by them as a paragraph of its own.
_readers: tuple[Callable[[Any, Any], bool], ...] = ()


def provide_readers(readers: tuple[Callable[[Any, Any], bool], ...]) -> None:
    """Sets the paragraph readers (the driver provides them as it is imported)."""
    global _readers
    _readers = readers


def read_paragraph(para: Any, face: Any, skip: Callable[[Any, Any], bool]) -> bool:
    """Whether a paragraph reader other than ``skip`` (the one asking) read ``para`` into ``face``."""
    return any(reader(para, face) for reader in _readers if reader is not skip)


def provide(read_whole: Callable[[str], bool]) -> None:
    """Sets the reading: True if every paragraph of the text compiles with every word read."""
    global _read_whole
    _read_whole = read_whole


def understood(text: str) -> bool:
    """Whether every word of the quoted ability ``text`` was understood."""
    return _read_whole is not None and _read_whole(str.__str__(text))


def provide_script(compile_ability: Callable[[str], Any]) -> None:
    """Sets the compiling of a quoted ability: its text's ``CardScript``, "~" being the object that
    has it."""
    global _compile
    _compile = compile_ability


def script(text: str) -> Any:
    """The ``CardScript`` of the quoted ability ``text`` if every word of it was understood, else
    None: an ability a static ability grants ('Enchanted creature has "{T}: Add {G}."', CR 613.1f)
    is compiled with the card that grants it."""
    if _compile is None or not understood(text):
        return None
    return _compile(str.__str__(text))
