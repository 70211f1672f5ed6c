from __future__ import annotations

import re



_LASTS = {"~ remains on the battlefield": "source_on_battlefield", "you control ~": "you_control_source",
          "~ remains tapped": "source_tapped",
          "that creature's power remains less than or equal to ~'s power": "power_le_source"}


def as_long_as(text: str) -> tuple[str, ...] | None:
    """The conditions of a "for as long as" duration (CR 611.2b), each of ``_LASTS``."""
    out = []
    for part in re.split(r" and ", text.strip().rstrip(".")):
        if part.lower() not in _LASTS:
            return None
        out.append(_LASTS[part.lower()])
    return tuple(out)
