"""Replacement and prevention effects (CR 614-616): the pipeline every event passes through.

``apply_replacements`` offers an event that would happen to each applicable replacement
effect once (CR 614.5); when several apply, the affected player or controller chooses the
order (CR 616.1). The effects issue adds the sources (doublers, "enters with", prevention);
the pipeline itself is already the only way events happen.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, TypeVar

if TYPE_CHECKING:
    from ..rules.context import Ctx

E = TypeVar("E")

#: Functions that list the replacement effects applying to an event: each returns a list of
#: (name, apply) pairs where ``apply(ctx, event) -> event | None``.
REPLACEMENT_SOURCES: list[Callable[[Any, Any], list[tuple[str, Callable[[Any, Any], Any]]]]] = []


def apply_replacements(ctx: Ctx, event: E) -> E | None:
    """Applies every applicable replacement effect to ``event`` once (CR 614.5, 616.1)."""
    applied: set[str] = set()
    while event is not None:
        candidates = [(name, fn) for source in REPLACEMENT_SOURCES for name, fn in source(ctx, event)
                      if name not in applied]
        if not candidates:
            return event
        name, fn = candidates[0]
        applied.add(name)
        event = fn(ctx, event)
    return None
