"""A resolved spell's or ability's continuous effect begins (CR 611.2), with its own timestamp
(CR 613.7a) — and an identical earlier effect it makes redundant stops being carried.

"{0}: ~ becomes a 3/3 Turtle artifact creature until end of turn" activated a thousand times
would pile up a thousand effects that the layer system applies one after another, for nothing:
each does exactly what the one before it did. An earlier effect is *superseded* by the new one
when both are the same (modifications, affected objects locked in as each began, CR 611.2c,
source, controller and duration, so they end together, CR 514.2, 611.2b), every modification is
idempotent (applying it again changes nothing: base power and toughness set to numbers, CR
613.4b; types, colors set or added, CR 613.1d-e; keywords whose multiple instances are
redundant, CR 702.2f and kin), and no other effect applies in between (CR 613.7: no resolved
effect on those objects in those layers, no static ability, with a timestamp between them). Then
applying the earlier effect and the new one in timestamp order gives what the new one alone
gives, in every layer (CR 613.8 dependencies included: whatever depends on one depends on the
other), for as long as either lasts, so the earlier one is dropped. Games play the same; only
the pile stays bounded.
"""
from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Any, Callable

from ..cards.vocabulary import ChangeAbilities, ChangeColors, ChangeTypes, Modification, ModifyPT, SetPT, SwitchPT
from ..core.enums import Zone
from ..core.rules_index import rules_under
from .layer_effects import layer_of
from .layers import ContinuousEffect, permanents_with

if TYPE_CHECKING:
    from ..state.game_state import GameState


def begin(g: GameState, effect: ContinuousEffect) -> None:
    """Adds ``effect`` to the game's continuous effects (CR 611.2), dropping the earlier effect
    it supersedes (see the module's docstring); the caller calls ``changed()``. An effect that
    undoes the earlier identical one — switching power and toughness again, CR 613.4d: two
    switches in a row are none — cancels it instead: neither is kept ("{0}: Switch ~'s power and
    toughness until end of turn", Wandering Fumarole, activated again and again)."""
    old = _superseded(g, effect, _idempotent)
    if old is not None:
        g.effects = [e for e in g.effects if e is not old]
    elif (undone := _superseded(g, effect, _involution)) is not None:
        g.effects = [e for e in g.effects if e is not undone]
        return
    elif any(m.__class__ is ModifyPT for m in effect.mods) \
            and (earlier := _superseded(g, effect, _summable, _sum_of)) is not None:
        # "{0}: ~ gets -1/-0 and gains swampwalk until end of turn" (Viscid Lemures) again and
        # again: layer 7c only adds (CR 613.4c), so two such effects with nothing between them are
        # one that adds both; the rest of each is idempotent
        g.effects = [e for e in g.effects if e is not earlier]
        effect = ContinuousEffect(effect.timestamp, _sum_of(earlier.mods, effect.mods) or effect.mods,
                                  effect.affected, effect.until, effect.source_id, effect.controller, effect.lasts)
    g.effects.append(effect)


def _summable(mod: Modification) -> bool:
    """A fixed +N/+N (CR 613.4c) or an idempotent modification."""
    return _fixed_pt(mod) or _idempotent(mod)


def _fixed_pt(mod: Modification) -> bool:
    return mod.__class__ is ModifyPT and mod.per is None and mod.count is None       # type: ignore[union-attr]


def _sum_of(old: tuple[Modification, ...], new: tuple[Modification, ...]) -> tuple[Modification, ...] | None:
    """The modifications of two effects of the same shape as one: the fixed +N/+N added up, the
    idempotent ones equal; None if they differ otherwise."""
    if len(old) != len(new):
        return None
    out: list[Modification] = []
    for a, b in zip(old, new):
        if _fixed_pt(a) and _fixed_pt(b):
            out.append(ModifyPT(a.power + b.power, a.toughness + b.toughness))    # type: ignore[union-attr]
        elif a == b and _idempotent(b):
            out.append(b)
        else:
            return None
    return tuple(out)


def _involution(mod: Modification) -> bool:
    """Whether applying ``mod`` twice in a row does nothing (CR 613.4d: a switch of power and toughness)."""
    return mod.__class__ is SwitchPT


def _superseded(g: GameState, new: ContinuousEffect, kind: Callable[[Modification], bool],
                matching: Callable[[tuple[Modification, ...], tuple[Modification, ...]], Any] | None = None,
                ) -> ContinuousEffect | None:
    """The earlier effect identical to ``new`` (or ``matching`` it) with nothing applying in
    between, when every modification is of ``kind`` (idempotent: ``new`` supersedes it; an
    involution: they cancel; summable: they add up)."""
    if not g.effects or not all(map(kind, new.mods)):
        return None
    old = None
    for e in reversed(g.effects):
        if ((e.mods == new.mods if matching is None else matching(e.mods, new.mods) is not None)
                and e.affected == new.affected and e.source_id == new.source_id
                and e.until == new.until and e.controller == new.controller and e.lasts == new.lasts):
            old = e
            break
    if old is None:
        return None
    layers = {layer_of(m, False) for m in new.mods}
    for e in g.effects:
        if e is not old and e.timestamp > old.timestamp and not e.affected.isdisjoint(new.affected) \
                and not layers.isdisjoint(layer_of(m, False) for m in e.mods):
            return None                                 # another effect applies in between
    objects = g.objects
    for sid, _ch in permanents_with(g, "static"):
        if objects[sid].timestamp > old.timestamp:
            return None                                 # a static ability's effect may apply in between
    for player in range(len(g.players)):
        for oid in g.zone_list(Zone.COMMAND, player):
            if objects[oid].timestamp > old.timestamp:
                return None                             # an emblem, a commander's abilities (CR 114.4)
    return old


def _idempotent(mod: Modification) -> bool:
    """Whether applying ``mod`` twice in a row does what applying it once does."""
    cls = mod.__class__
    if cls is SetPT:
        return all(q is None or (q.per is None and not q.link and q.stat == "")     # type: ignore[union-attr]
                   for q in (mod.power, mod.toughness))                              # type: ignore[union-attr]
    if cls is ChangeTypes:
        return True
    if cls is ChangeColors:
        return not mod.pregame                                                        # type: ignore[union-attr]
    if cls is ModifyPT:
        return mod.power == 0 and mod.toughness == 0 and mod.per is None and mod.count is None  # type: ignore[union-attr]
    if cls is ChangeAbilities:
        return (not mod.add_triggered and not mod.add_activated                      # type: ignore[union-attr]
                and all(map(_redundant, mod.add_keywords)))                           # type: ignore[union-attr]
    return False


def _redundant(keyword: str) -> bool:
    """Whether multiple instances of ``keyword`` on one object are redundant (CR 702.2f, 702.9c,
    702.16m ...: read from the rules), so granting it again adds nothing."""
    words, families = _redundant_keywords()
    return keyword in words or any(keyword.startswith(f) or keyword.endswith(f) for f in families)


#: The keyword rules that say so, e.g. CR 702.9c "Multiple instances of flying on the same
#: creature are redundant."
_SAYS_REDUNDANT = re.compile(r"Multiple instances of (?:the same )?(?:kind of )?(.+?) on the same "
                             r"(?:object|creature|permanent|spell)")


@cache
def _redundant_keywords() -> tuple[frozenset[str], tuple[str, ...]]:
    """The keywords CR 702 calls redundant: single words ("flying"), and families
    ("protection from ...", "...walk", "hexproof from ...", CR 702.16m, 702.14e, 702.11h)."""
    words: set[str] = set()
    for _number, text in rules_under("702"):
        for m in _SAYS_REDUNDANT.finditer(text):
            words.add(m.group(1).lower())
    families = []
    if "protection from the same quality" in words or any(w.startswith("protection") for w in words):
        families.append("protection from ")
    if "landwalk" in words:
        families.append("walk")
    if any(w.startswith("hexproof") for w in words):     # "the same hexproof ability" (CR 702.11h)
        families.append("hexproof from ")
        words.add("hexproof")
    return frozenset(w for w in words if " " not in w or w in ("first strike", "double strike", "split second",
                                                               "read ahead")), tuple(families)
