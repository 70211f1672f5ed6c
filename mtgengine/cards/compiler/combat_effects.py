"""Effect templates that make combat requirements until end of turn (CR 509.1c): "All
creatures able to block target creature this turn do so" (Bloodscent), a Lure that lasts the
turn (CR 611.2a), granted like an ability in layer 6 and read by ``effects.links.block_requirements``."""
from __future__ import annotations

from .clause import effect_rule
from .keywords import LURE
from .targets import Parse, it_ref, target_ref
from .text import SpanMatch, consume
from ..vocabulary import Effect, Pump, Ref, SELF


@effect_rule(r"all creatures able to block (target .+?|it|that creature|~) this turn do so")
def _lure_this_turn(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Bloodscent, Mortipede's "{2}{G}: All creatures able to block ~ this turn do so": each
    creature of the defending player able to block it must (CR 509.1c)."""
    what = m.group(1).lower()
    ref: Ref | None
    if what == "~":
        consume(what)
        ref = SELF
    elif what.startswith("target "):
        ref = target_ref(what, st)
    else:
        ref = it_ref(st, what)
    return [Pump(ref, keywords=frozenset({LURE}))] if ref is not None else None
