"""The layer system as it was before issue 17, kept as the oracle of the faster one: every
permanent's characteristics derived from scratch, each layer's effects ordered by *trial*
(CR 613.8a: the other effect applied to copies of every permanent's characteristics, and the
first one's existence and affected set compared), each static ability's affected set found by
asking its filter about every permanent, one at a time.

``reference_battlefield(state, check)`` returns what ``layers.permanents`` must equal; at every
step of every layer, ``check(state, chars, group)`` may compare the new decisions with the trial
(``agree`` does: ``layer_dependency`` against ``trial_depends``, ``Effect.targets`` against
``reference_targets``)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mtgengine.cards.vocabulary import Filter
from mtgengine.effects import layers
from mtgengine.effects.characteristics import copy_characteristics, matches_characteristics
from mtgengine.effects.layer_dependency import depends, effect_writes, reads
from mtgengine.effects.layer_effects import (
    LAYERS, Effect, keyword_counters, linked_select, pt_counters, static_condition, static_effect,
)


def reference_targets(state: Any, chars: dict[int, Any], eff: Effect) -> frozenset[int]:
    """What ``eff`` applies to, asked of each object in ``chars`` (the select functions the
    layer system built for each static ability before)."""
    if eff.affected is not None:
        return eff.affected
    ab = eff.ability
    assert ab is not None
    sid = eff.source

    def select(oid: int) -> bool:
        if ab.affects == "self":
            ok = oid == sid
        elif ab.affects in ("enchanted", "equipped"):
            ok = state.objects[sid].attached_to == oid
        else:
            flt = ab.filter or Filter()
            you = chars[sid].controller if sid in chars else state.objects[sid].controller
            ok = (not (flt.other and oid == sid)
                  and matches_characteristics(flt, chars[oid], chars[oid].controller, you)
                  and linked_select(state, chars, oid, flt, sid))
        return ok and (ab.condition is None or static_condition(state, chars, sid, ab.condition))
    return frozenset(oid for oid in chars if select(oid))


def reference_apply(state: Any, chars: dict[int, Any], eff: Effect, layer: str) -> None:
    if eff.affected is None:
        eff.affected = reference_targets(state, chars, eff)     # CR 613.6: locked in
    for oid in sorted(eff.affected):
        ch = chars.get(oid)
        if ch is not None:
            eff.apply_to(state, chars, oid, ch, eff.layers.get(layer, ()))


def _trial_layer(b: Effect, a: Effect) -> str:
    return next(layer for layer in LAYERS if layer in a.layers and layer in b.layers)


def trial_depends(state: Any, chars: dict[int, Any], a: Effect, b: Effect) -> bool:
    """CR 613.8a by trial: would applying ``b`` change whether ``a`` exists or what it applies to?"""
    if a.affected is not None and a.ability is None:
        return False                       # a locked-in resolved effect is settled
    before = (a.exists(chars), reference_targets(state, chars, a))
    trial = {oid: copy_characteristics(ch) for oid, ch in chars.items()}
    saved = b.affected
    for layer in b.layers:
        if layer == _trial_layer(b, a):
            reference_apply(state, trial, b, layer)
    b.affected = saved
    return before != (a.exists(trial), reference_targets(state, trial, a))


def reference_next(state: Any, chars: dict[int, Any], pending: list[Effect],
                   check: Callable[[Any, dict[int, Any], list[Effect]], None] | None) -> Effect:
    """CR 613.3, 613.8: CDAs first; then the earliest effect depending on no other waiting one."""
    cdas = [e for e in pending if e.cda]
    group = sorted(cdas or pending, key=lambda e: e.timestamp)
    if check is not None:
        check(state, chars, group)
    if len(group) == 1:
        return group[0]
    free = [a for a in group if not any(trial_depends(state, chars, a, b) for b in group if b is not a)]
    return free[0] if free else group[0]


def reference_battlefield(state: Any, check: Callable[[Any, dict[int, Any], list[Effect]], None] | None = None
                          ) -> dict[int, Any]:
    """Every permanent's characteristics, derived from scratch as before issue 17."""
    chars = {oid: layers.copiable_values(state, oid) for oid in state.battlefield}
    for oid, ch in chars.items():
        if ch.script.class_levels:
            layers._class_levels(state, oid, ch)
    effects = [static_effect(state, sid, ab, chars[sid]) for sid in state.battlefield
               for ab in chars[sid].script.static]
    on_battlefield = frozenset(chars)
    effects += [Effect(e.timestamp, e.mods, e.controller, affected=e.affected & on_battlefield, source=e.source_id)
                for e in state.effects]
    pending_text = frozenset(oid for e in effects if "3" in e.layers for oid in (e.affected or ()))
    before_text = {oid: chars[oid].script.static for oid in pending_text if oid in chars}
    by_layer: dict[str, list[Effect]] = {}
    for e in effects:
        for layer in e.layers:
            by_layer.setdefault(layer, []).append(e)
    for layer in LAYERS:
        if layer == "6":
            for oid, ch in chars.items():
                if state.objects[oid].counters:
                    keyword_counters(state.objects[oid].counters, ch)
        pending = list(by_layer.get(layer, ()))
        while pending:
            eff = reference_next(state, chars, pending, check)
            pending.remove(eff)
            if eff.exists(chars):
                reference_apply(state, chars, eff, layer)
        if layer == "3" and before_text:
            changed = [static_effect(state, sid, ab, chars[sid]) for sid in sorted(before_text)
                       for ab in chars[sid].script.static if ab not in before_text[sid]]
            for e in changed:
                for later in e.layers:
                    by_layer.setdefault(later, []).append(e)
        if layer == "4":
            for ch in chars.values():
                if "Land" in ch.types:
                    layers._intrinsic_abilities(ch)
        if layer == "7c":
            for oid, ch in chars.items():
                if state.objects[oid].counters:
                    pt_counters(state.objects[oid].counters, ch)
    return chars


class Agreement:
    """A ``check`` for :func:`reference_battlefield` that compares, at each step of each layer,
    the new decisions with the trial for every ordered pair of waiting effects, and counts them."""

    def __init__(self) -> None:
        self.pairs = self.tried = self.dependent = self.targets = 0

    def __call__(self, state: Any, chars: dict[int, Any], group: list[Effect]) -> None:
        for a in group:
            if a.affected is None:
                assert a.targets(state, chars) == reference_targets(state, chars, a)
                self.targets += 1
            for b in group:
                if b is a:
                    continue
                old = trial_depends(state, chars, a, b)
                may = bool(reads(a) & effect_writes(b))
                new = may and depends(state, chars, a, b)
                assert new == old, (a.ability or a.layers, b.ability or b.layers)
                self.pairs += 1
                self.tried += may
                self.dependent += old
