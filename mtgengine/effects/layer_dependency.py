"""The order of the continuous effects within a layer: characteristic-defining abilities first
(CR 613.3), then timestamp order (CR 613.7) unless an effect depends on another (CR 613.8).

CR 613.8a: an effect depends on another if both apply in the same layer or sublayer and
applying the other would change the existence of the first or what it applies to (this layer
system decides these two; "what it does" is not tried). Whether that can happen is decided
first from what each effect *reads* and what each modification *writes* (``reads``,
``writes``), which only depend on the abilities and modifications themselves:

- a static ability's effect exists while its source has the ability (CR 611.3a): it reads its
  source's static abilities, which only a text change (layer 3), a land type that removes the
  rules text (layer 4, CR 305.7) or "loses all abilities" (layer 6) write;
- its affected set reads the characteristics its filter and its condition look at (types,
  colors, subtypes, supertypes, controllers, a chosen name), each written by one layer's kind
  of modification (layer 2 controllers, layer 4 types, layer 5 colors); only a P/T effect's
  filter reads keywords ("creatures with flying get +1/+0": its affected set is locked in in
  layer 7c, after layer 6 wrote them, CR 613.6), and none reads power and toughness, so layer
  7 can't change an affected set;
- an effect that has begun to apply has its affected set locked in (CR 613.6) and exists
  until it ends: nothing can change either, and no resolved effect depends on another.

Only where some effect's reads meet what the other effects of its layer write is the real
question asked (``depends``): the other effect applied to copies of the objects it applies
to, and the first one's existence and affected set compared. Everywhere else, which is almost
everywhere (anthems, lords, pumps), the layer's effects apply in timestamp order at once.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.vocabulary import (
    ChangeAbilities, ChangeColors, ChangeText, ChangeTypes, Filter, ModifyPT, Modification, SetController, SetPT,
    StaticAbility, SwitchPT,
)
from ..core.memo import LIMIT as MEMO_LIMIT
from .characteristics import Characteristics, copy_characteristics
from .layer_effects import LAYERS, Effect

if TYPE_CHECKING:
    from ..state.game_state import GameState

#: What an effect reads and a modification writes, one bit per characteristic (``STATIC``: the
#: source's static abilities; ``ABILITIES``: its other abilities).
CONTROLLER, TYPES, SUBTYPES, SUPERTYPES, COLORS, NAME, STATIC, KEYWORDS, PT, ABILITIES = (1 << i for i in range(10))
EVERYTHING = (1 << 10) - 1

_ANY = Filter()


def filter_reads(flt: Filter) -> int:
    """The characteristics ``layer_effects.Effect.targets`` reads to match ``flt`` (the filter
    conditions of ``matches_characteristics`` and ``layer_effects.linked_select``)."""
    r = 0
    if flt.types or flt.all_types or flt.not_types:
        r |= TYPES
    if flt.colors or flt.not_colors or flt.color_count or flt.chosen_color:
        r |= COLORS
    if flt.subtypes or flt.not_subtypes or flt.chosen_type:
        r |= SUBTYPES
    if flt.supertypes or flt.not_supertypes:
        r |= SUPERTYPES
    if flt.controller in ("you", "opponent", "enchanted") or flt.controller_in:
        r |= CONTROLLER
    if flt.chosen_name:
        r |= NAME
    if flt.keywords or flt.not_keywords:
        r |= KEYWORDS                   # "other creatures you control with flying get +1/+0" (a P/T effect's)
    return r


def ability_reads(ab: StaticAbility) -> int:
    """What the effect of static ability ``ab`` reads before it begins to apply: its source's
    static abilities (its existence, CR 611.3a), the characteristics its filter matches and its
    condition counts (CR 611.3b: "you" is the source's controller)."""
    r = STATIC
    if ab.affects not in ("self", "enchanted", "equipped"):
        r |= filter_reads(ab.filter or _ANY)
    cond = ab.condition
    if cond is not None:
        r |= CONTROLLER
        if cond.kind in ("control", "opponent_controls", "attached_is"):
            r |= filter_reads(cond.filter or _ANY)
        elif cond.kind == "source_attached":
            r |= SUBTYPES                       # an Equipment / Aura attached to it (``static_conditions``)
    return r


#: Memo of :func:`ability_reads`, keyed on the ability's identity (hashing a whole ability costs
#: more than the lookup saves); each entry holds the ability, so its id isn't reused meanwhile.
_READS: dict[int, tuple[StaticAbility, int]] = {}


def reads(eff: Effect) -> int:
    """What ``eff``'s existence and affected set read while it may still change (none once it
    has begun to apply, or for a resolved effect: CR 611.2c, 613.6)."""
    if eff.affected is not None or eff.ability is None:
        return 0
    r = eff.reads
    if r < 0:
        ab = eff.ability
        entry = _READS.get(id(ab))
        if entry is None or entry[0] is not ab:
            if len(_READS) > MEMO_LIMIT:
                _READS.clear()
            entry = _READS[id(ab)] = (ab, ability_reads(ab))
        r = eff.reads = entry[1]
    return r


def writes(mod: Modification) -> int:
    """The characteristics one modification may change (``layer_effects.modify``)."""
    cls = mod.__class__
    if cls is ModifyPT or cls is SetPT or cls is SwitchPT:
        return PT
    if cls is ChangeAbilities:
        w = KEYWORDS | (STATIC | ABILITIES if mod.remove_all else 0)            # type: ignore[union-attr]
        return w | (ABILITIES if mod.add_triggered or mod.add_activated else 0)  # type: ignore[union-attr]
    if cls is ChangeColors:
        return COLORS
    if cls is SetController:
        return CONTROLLER
    if cls is ChangeTypes:
        w = TYPES if mod.set_types is not None or mod.add_types else 0         # type: ignore[union-attr]
        if mod.set_subtypes is not None or mod.add_subtypes:                    # type: ignore[union-attr]
            w |= SUBTYPES
        if mod.set_land_subtypes:                                               # type: ignore[union-attr]
            w |= SUBTYPES | STATIC | KEYWORDS | ABILITIES                       # CR 305.7: loses its rules text
        return w
    if cls is ChangeText:
        return EVERYTHING & ~NAME            # CR 612.2: the rules text and type line, never the name
    return EVERYTHING


def effect_writes(eff: Effect) -> int:
    """What ``eff`` may change, in all its layers but layer 1 (copy effects are part of the
    copiable values, applied before the others: they never share a layer with them)."""
    w = eff.writes
    if w < 0:
        w = 0
        for layer, mods in eff.layers.items():
            if layer != "1a":
                for mod in mods:
                    w |= writes(mod)
        eff.writes = w
    return w


def shared_layer(b: Effect, a: Effect) -> str:
    """The layer a dependency of ``a`` on ``b`` is tried in: the first one both apply in."""
    return next(layer for layer in LAYERS if layer in a.layers and layer in b.layers)


def depends(state: GameState, chars: dict[int, Characteristics], a: Effect, b: Effect) -> bool:
    """CR 613.8a: would applying ``b`` (in the first layer both apply in) change whether ``a``
    exists or what it applies to? ``b`` is applied to copies of the objects it applies to."""
    if a.affected is not None:
        return False                       # locked in and begun (CR 613.6), or resolved (611.2c)
    before = (a.exists(chars), a.targets(state, chars))
    saved = b.affected
    touched = saved if saved is not None else b.targets(state, chars)
    trial = dict(chars)
    for oid in touched:
        ch = trial.get(oid)
        if ch is not None:
            trial[oid] = copy_characteristics(ch)
    b.affected = touched
    try:
        mods = b.layers[shared_layer(b, a)]
        for oid in sorted(touched):
            ch = trial.get(oid)
            if ch is not None:
                b.apply_to(state, trial, oid, ch, mods)
    finally:
        b.affected = saved
    return before != (a.exists(trial), a.targets(state, trial))


def _order(eff: Effect) -> tuple[bool, int]:
    return not eff.cda, eff.timestamp


def apply_layer(state: GameState, chars: dict[int, Characteristics], pending: list[Effect], layer: str) -> None:
    """Applies the effects of one layer or sublayer (those still existing, CR 611.3a) to
    ``chars``: characteristic-defining abilities first (CR 613.3), then in timestamp order
    (CR 613.7), except that an effect that depends on others waits for them (CR 613.8b); in a
    dependency loop, timestamp order (CR 613.8b)."""
    if len(pending) > 1 and may_depend(pending):
        pending = list(pending)
        while pending:
            eff = _next_effect(state, chars, pending)
            pending.remove(eff)
            if eff.exists(chars):
                eff.apply(state, chars, layer)
        return
    for eff in sorted(pending, key=_order) if len(pending) > 1 else pending:
        if eff.exists(chars):
            eff.apply(state, chars, layer)


def may_depend(effects: list[Effect]) -> bool:
    """Whether any of these effects reads a characteristic another may write (a superset of
    the pairs where one may depend on the other: ``depends`` decides)."""
    read = 0
    for eff in effects:
        if eff.affected is None and eff.ability is not None:
            read |= reads(eff)
    if not read:
        return False
    written = 0
    for eff in effects:
        written |= effect_writes(eff)
    return bool(read & written)


def _next_effect(state: GameState, chars: dict[int, Characteristics], pending: list[Effect]) -> Effect:
    """CR 613.3 / 613.8b: characteristic-defining abilities first; then the earliest effect
    that depends on no other waiting effect; in a dependency loop, timestamp order."""
    cdas = [e for e in pending if e.cda]
    group = sorted(cdas or pending, key=lambda e: e.timestamp)
    if len(group) == 1:
        return group[0]
    for a in group:
        r = reads(a)
        if not r or not any(r & effect_writes(b) and depends(state, chars, a, b) for b in group if b is not a):
            return a
    return group[0]

