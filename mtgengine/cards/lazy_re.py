"""Regular expressions compiled at their first use instead of at import.

The Oracle compiler (``cards/compiler``) has a few hundred patterns; compiling them all when
the module is imported costs about 50 ms of every process, even one that compiles no card
text or only a deck's few cards. ``lazy_re.compile`` has the signature of ``re.compile`` and
returns an object with the methods of the pattern it stands for, compiled when one of them is
first read; the bound method is then kept on the object, so later calls cost what a pattern's
own do. (The grammar tables, ``compiler.grammar``, compile their templates the same way, at
their first use: ``Rule.pattern``.)
"""
from __future__ import annotations

import re
from typing import Any


class LazyPattern:
    """``re.compile(pattern, flags)`` on first use of any attribute (``match``, ``sub``,
    ``pattern``...)."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self._source = (pattern, flags)
        self._compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        # only called for attributes not yet kept on the object
        if name.startswith("__"):
            raise AttributeError(name)
        compiled = self._compiled
        if compiled is None:
            compiled = self._compiled = re.compile(*self._source)
        value = getattr(compiled, name)
        setattr(self, name, value)
        return value

    def __repr__(self) -> str:
        return f"lazy_re.compile({self._source[0]!r}, {self._source[1]!r})"


def compile(pattern: str, flags: int = 0) -> re.Pattern[str]:     # noqa: A001 - re.compile's name
    """A pattern like ``re.compile(pattern, flags)``'s, compiled when first used."""
    return LazyPattern(pattern, flags)      # type: ignore[return-value]  (it has re.Pattern's methods)
