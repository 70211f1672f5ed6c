"""Durations (CR 611.2): "until end of turn" is part of each effect's template; "for as long as
..." (CR 611.2b) is read here into the conditions ``ContinuousEffect.lasts`` keeps."""
from __future__ import annotations

from .grammar import attempt
from .text import consume, split

#: The conditions of a "for as long as" duration, by their wording.
_LASTS = {"~ remains on the battlefield": "source_on_battlefield", "you control ~": "you_control_source",
          "~ remains tapped": "source_tapped",
          "that creature's power remains less than or equal to ~'s power": "power_le_source"}


@attempt
def as_long_as(text: str) -> tuple[str, ...] | None:
    """The conditions of a "for as long as" duration (CR 611.2b), each of ``_LASTS``."""
    out = []
    whole = text.strip().rstrip(".")
    for part in split(r" and ", whole):
        if part.lower() not in _LASTS:
            return None
        out.append(_LASTS[part.lower()])
    consume(whole)
    return tuple(out)
