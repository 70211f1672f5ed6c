from __future__ import annotations

import re
from dataclasses import replace
from typing import Callable

from .. import lazy_re                                              # patterns compiled at first use
from .filters import it_predicate
from .mana import parse_add_mana
from .targets import Parse, last_target
from ..vocabulary import (Effect)


# -- effect sentences ------------------------------------------------------------------
_Handler = Callable[[re.Match[str], Parse], "list[Effect] | None"]


_EFFECTS: list[tuple[re.Pattern[str], _Handler]] = []


def effect_rule(pattern: str) -> Callable[[_Handler], _Handler]:
    def deco(fn: _Handler) -> _Handler:
        _EFFECTS.append((lazy_re.compile(pattern + r"$", re.IGNORECASE), fn))
        return fn
    return deco


def parse_clause(s: str, st: Parse) -> list[Effect] | None:
    add = parse_add_mana(s)
    if add is not None:
        return [add]
    for pattern, handler in _EFFECTS:
        m = pattern.match(s)
        if m:
            saved = len(st.targets)
            result = handler(m, st)
            if result is not None:
                return result
            del st.targets[saved:]
    if check := _IF_IT.fullmatch(s):
        return _if_it(check, st)
    return None


_IF_IT = lazy_re.compile(r"(.+) if it(?:'s| is| has) (.+)", re.I)


def _if_it(m: re.Match[str], st: Parse) -> list[Effect] | None:
    """ "Destroy target creature if it has mana value 2 or less" (Fatal Push), "Counter target spell
    if it's blue" (Pyroblast): the target is checked as the spell resolves (CR 608.2c); the
    target itself may be any creature or spell (CR 115.1)."""
    flt = it_predicate(m.group(2))
    saved = len(st.targets)
    body = parse_clause(m.group(1), st) if flt is not None else None
    last = last_target(st)
    if body is None or len(body) != 1 or last is None or getattr(body[0], "what", None) != last:
        del st.targets[saved:]
        return None
    return [replace(body[0], what=replace(last, filter=flt))]
