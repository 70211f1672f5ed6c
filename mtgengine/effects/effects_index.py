"""The index of the resolved continuous effects (CR 611.2): which objects some effect applies to,
which effects make objects copies (CR 707.4), which last "for as long as" something holds (CR
611.2b). Moved out of ``layers`` (which derives characteristics from them), behaviour unchanged."""
from __future__ import annotations

from dataclasses import dataclass
from operator import is_not
from typing import TYPE_CHECKING

from ..cards.vocabulary import CopyOf, Modification
from ..core.memo import LIMIT as MEMO_LIMIT
from ..state.game_state import EFFECTS_INDEX

if TYPE_CHECKING:
    from ..state.game_state import GameState


@dataclass(frozen=True, slots=True)
class ContinuousEffect:
    """A continuous effect from a resolved spell or ability (CR 611.2).

    Its modifications may span several layers (CR 613.6). ``affected`` is locked in as the
    effect begins (CR 611.2c). ``until`` is "end_of_turn" (CR 514.2), "next_turn" ("until your next turn": until
    ``controller``'s next turn begins, CR 611.2a, 800.4m) or "" (indefinite).
    ``controller`` is the controller of the spell or ability that made it ("you").
    ``lasts``: a "for as long as" duration (CR 611.2b), see ``duration_holds``.
    """

    timestamp: int
    mods: tuple[Modification, ...]
    affected: frozenset[int]
    until: str = "end_of_turn"
    source_id: int = 0
    controller: int = 0
    lasts: tuple[str, ...] = ()


#: The index of this state version (``effects_index``), forgotten at every change.
_EFFECTS_NOW = ("effects now",)
Index = tuple[frozenset[int], tuple["ContinuousEffect", ...], tuple["ContinuousEffect", ...]]


def effects_index(state: GameState) -> Index:
    """The objects some resolved effect applies to (CR 611.2c), the effects that make objects
    copies (CR 707.4) and those that last "for as long as" something holds (CR 611.2b). Kept
    across changes (``GameState.changed``, under ``EFFECTS_INDEX``) with the effects it was made
    from: when effects were only added since (CR 611.2a, a new "until end of turn" effect), only
    those are read, so a pile of them costs each decision nothing more."""
    memo = state._chars
    index = memo.get(_EFFECTS_NOW)                           # type: ignore[call-overload]
    if index is not None:
        return index
    effects = state.effects
    entry = memo.get(EFFECTS_INDEX)                          # type: ignore[call-overload]
    if entry is not None and len(effects) >= len(entry[0]) and not any(map(is_not, effects, entry[0])):
        seen, index = entry                                  # (``map`` stops at ``seen``'s end)
        if len(effects) > len(seen):
            added = effects[len(seen):]
            index = _index_of(added, index)
            memo[EFFECTS_INDEX] = (tuple(effects), index)    # type: ignore[index]
    else:
        index = _index_of(effects, (frozenset(), (), ()))
        memo[EFFECTS_INDEX] = (tuple(effects), index)        # type: ignore[index]
    memo[_EFFECTS_NOW] = index                               # type: ignore[index]
    return index


def _index_of(effects: list[ContinuousEffect], before: Index) -> Index:
    """``before`` with ``effects`` added (``effects_index``)."""
    return (before[0].union(*(e.affected for e in effects)),
            before[1] + tuple(e for e in effects if _copies(e.mods)),
            before[2] + tuple(e for e in effects if e.lasts))


def lasting_effects(state: GameState) -> tuple[ContinuousEffect, ...]:
    """The effects that last "for as long as" something holds (CR 611.2b)."""
    return effects_index(state)[2] if state.effects else ()


#: Whether modifications make a copy (CR 707.4), keyed on the tuple's identity (effects made by
#: one ability share theirs; the entry holds the tuple, so its id isn't reused meanwhile).
_COPIES: dict[int, tuple[tuple[Modification, ...], bool]] = {}


def _copies(mods: tuple[Modification, ...]) -> bool:
    entry = _COPIES.get(id(mods))
    if entry is None or entry[0] is not mods:
        if len(_COPIES) > MEMO_LIMIT:
            _COPIES.clear()
        entry = _COPIES[id(mods)] = (mods, any(m.__class__ is CopyOf for m in mods))
    return entry[1]
