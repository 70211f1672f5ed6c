"""Memos of values derived from the engine's immutable, shared objects (card scripts, mana costs)."""
from __future__ import annotations

import functools
from typing import Any, Callable, TypeVar

T = TypeVar("T")

#: Entries a memo holds before it is emptied: copy and grant effects make new scripts each time
#: the layers are applied, so a memo of scripts would otherwise grow for the whole process.
LIMIT = 4096


def identity_memo(fn: Callable[..., T]) -> Callable[..., T]:
    """Memoizes ``fn(obj, *more)`` on the identity of ``obj``, an immutable value (hashing a
    whole script or cost would cost more than the lookup saves), and on ``more``, small hashable
    values. Each entry holds ``obj`` itself, so its id can't be reused while the entry lives,
    and an entry never goes stale. The memo is the wrapper's ``memo``: a caller in a hot loop
    may read the entry of ``f(obj)`` itself (``entry = f.memo.get(id(obj))``, valid if
    ``entry[0] is obj``; its value is ``entry[1]``)."""
    memo: dict[Any, tuple[Any, T]] = {}

    @functools.wraps(fn)
    def cached(obj: Any, *more: Any) -> T:
        key = (id(obj), *more) if more else id(obj)
        entry = memo.get(key)
        if entry is not None and entry[0] is obj:
            return entry[1]
        value = fn(obj, *more)
        if len(memo) > LIMIT:
            memo.clear()
        memo[key] = (obj, value)
        return value

    cached.memo = memo                              # type: ignore[attr-defined]
    return cached
