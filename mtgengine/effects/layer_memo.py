"""Characteristics derived again only for the permanents a change can alter (CR 613).

Most continuous effects are *local*: whether one applies to a permanent, and what it does to it,
depends on that permanent's own characteristics as the layers stand and on its source only
(an anthem, a lord, a pump, an Aura's grant, a resolved spell's effect on its targets). When all
of them are (``local_plan``), the layer system needs no dependency order (CR 613.8: nothing one
effect writes is read by another) and each permanent's characteristics are its copiable values
with the effects applied in order (``replay``, the same steps as applying each layer to all
permanents at once). A change to a permanent that is the source of no static ability — a token
entering, a creature leaving, counters, a new or ended "until end of turn" effect on some
creatures — then alters no other permanent: the last pass (``LayerRecord``, kept in the memo
across ``GameState.changed``) is compared with the state (``incremental``) and only the
permanents that changed are derived again. A change to a source, or effects that read more
(a condition, a count, a text change, a dependency), makes the whole layer pass run again.
"""
from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from operator import is_not
from typing import TYPE_CHECKING, Any

from ..cards.compiler.lexicon import CHOSEN_PROTECTION
from ..cards.vocabulary import ChangeAbilities, ChangeColors, ChangeText, Filter, ModifyPT, Modification, Quantity, SetPT
from ..state.game_state import LAYER_RECORD
from .characteristics import Characteristics, copy_characteristics, matches_characteristics
from .layer_dependency import effect_writes, reads
from .layer_effects import (
    ATTACHED, LAYERS, RESOLVED, SELF, Effect, chooses, keyword_counters, pt_counters, reads_status, status_selects,
)

if TYPE_CHECKING:
    from ..state.game_state import GameState

#: The memo's key of the last layer pass (``GameState.changed`` keeps it).
RECORD = LAYER_RECORD
#: The choices (``GameObject.choices``) the copiable values and class levels read
#: (``layers._VALUE_CHOICES`` and "level", CR 716.2a).
CHARACTERISTIC_CHOICES = frozenset({"dfc_faces", "emblem", "token_def", "melded", "spliced", "prototype", "level",
                                    "solved", "unlocked"})      # "unlocked": a Room's doors (CR 709.5)

_ANY = Filter()


def _local_quantity(q: Quantity | None) -> bool:
    return q is None or (q.per is None and not q.link and q.stat in ("", "mana_value"))


def _local_mod(mod: Modification) -> bool:
    """A modification that reads only the object it modifies (not a count of other permanents
    for each, CR 613.4c; not a life total, hand or choice, CR 604.3; not a text, CR 612)."""
    cls = mod.__class__
    if cls is ModifyPT:
        return mod.per is None and mod.count is None                             # type: ignore[union-attr]
    if cls is SetPT:
        return _local_quantity(mod.power) and _local_quantity(mod.toughness)    # type: ignore[union-attr]
    if cls is ChangeColors:
        return not mod.pregame                                                  # type: ignore[union-attr]
    return cls is not ChangeText


class Plan:
    """The order the effects apply in: for each layer that has some, its effects in order
    (``layers``); what the static abilities' effects read and all the effects write (``read``,
    ``written``: they don't meet, ``local_plan``)."""

    __slots__ = ("layers", "read", "written")

    def __init__(self, layers: tuple[tuple[str, tuple[Effect, ...]], ...], read: int, written: int) -> None:
        self.layers = layers
        self.read = read
        self.written = written


def _local_effect(e: Effect) -> bool:
    for mods in e.layers.values():
        for mod in mods:
            if not _local_mod(mod):
                return False
    return True


def local_plan(statics: list[Effect], resolved: list[Effect]) -> Plan | None:
    """The order the effects apply in, each layer's in timestamp order after the
    characteristic-defining abilities (CR 613.3, 613.7), if every effect is local and none reads
    what another writes (so none depends on another, CR 613.8a, and every static ability's
    effect exists in the first layer it applies in: nothing removes abilities); else None."""
    read = 0
    for e in statics:
        ab = e.ability
        assert ab is not None
        flt = ab.filter
        if ab.condition is not None or (flt is not None and (flt.controller_in or flt.chosen_color or flt.chosen_name
                                                             or flt.linked or flt.chosen_type
                                                             or flt.controller == "enchanted")) \
                or CHOSEN_PROTECTION in ab.keywords or chooses(ab):      # (the source's choice, CR 607.2d;
            return None                 # the enchanted player's: read off the source's attachment)
        if flt is not None and (flt.attacking is not None or flt.in_combat is not None):
            return None                 # combat roles: not in a permanent's ``snapshot``
        read |= reads(e)
    written = 0
    by_layer: dict[str, list[Effect]] = {}
    for group in (statics, resolved):
        for e in group:
            if not _local_effect(e):
                return None
            for layer in e.layers:
                by_layer.setdefault(layer, []).append(e)
            written |= effect_writes(e)
    if read & written:
        return None
    return Plan(tuple((layer, tuple(sorted(by_layer[layer], key=_order))) for layer in LAYERS if layer in by_layer),
                read, written)


def extended_plan(plan: Plan, added: list[Effect]) -> Plan | None:
    """``plan`` with resolved effects that have just begun (CR 611.2): the latest timestamps
    (CR 613.7a), so last in each of their layers; None if one isn't local or reads meet writes."""
    written = plan.written
    layers = dict(plan.layers)
    for e in added:
        if not _local_effect(e) or e.cda:
            return None
        written |= effect_writes(e)
        for layer in e.layers:
            if layer in LAYERS:
                effects = layers.get(layer, ())
                if effects and effects[-1].timestamp > e.timestamp:
                    return None
                layers[layer] = effects + (e,)
    if plan.read & written:
        return None
    return Plan(tuple((layer, layers[layer]) for layer in LAYERS if layer in layers), plan.read, written)


def _order(eff: Effect) -> tuple[bool, int]:
    return not eff.cda, eff.timestamp


def _selects(state: GameState, eff: Effect, oid: int, ch: Characteristics) -> bool:
    """Whether a static ability's effect applies to ``oid`` (CR 611.3a), decided in the first
    layer it applies in (CR 613.6), as ``Effect.targets`` decides it for every permanent:
    "you" is its source's controller (with nothing changing controllers when the filter reads
    them: ``local_plan``)."""
    kind = eff.kind
    sid = eff.source
    if kind == SELF:
        return oid == sid
    if kind == ATTACHED:
        return state.objects[sid].attached_to == oid
    ab = eff.ability
    assert ab is not None
    flt = ab.filter or _ANY
    if flt.other and oid == sid:
        return False
    if not matches_characteristics(flt, ch, ch.controller, state.objects[sid].controller):
        return False
    return not reads_status(flt) or status_selects(state, flt, oid, ch)


def replay(state: GameState, oid: int, ch: Characteristics, plan: Plan,
           intrinsic: Callable[[Characteristics], None]) -> Characteristics:
    """``ch`` (the permanent's copiable values and class levels) with the plan's effects
    applied, layer by layer: keyword counters in layer 6 (CR 122.1b), the basic land types'
    mana abilities after layer 4 (CR 305.6, ``intrinsic``), P/T counters after layer 7c (CR
    613.4c)."""
    counters = state.objects[oid].counters
    one = {oid: ch}
    member: dict[Effect, bool] = {}
    done4 = done6 = done7 = False
    for layer, effects in plan.layers:
        if not done4 and layer > "4":
            done4 = True
            if "Land" in ch.types:
                intrinsic(ch)
        if not done6 and layer >= "6":
            done6 = True
            if counters:
                keyword_counters(counters, ch)
        if not done7 and layer > "7c":
            done7 = True
            if counters:
                pt_counters(counters, ch)
        for eff in effects:
            if eff.kind == RESOLVED:
                hit = oid in eff.affected                        # type: ignore[operator]
            else:
                hit = member.get(eff)                            # type: ignore[assignment]
                if hit is None:
                    hit = member[eff] = _selects(state, eff, oid, ch)
            if hit:
                eff.apply_to(state, one, oid, ch, eff.layers[layer])
    if not done4 and "Land" in ch.types:
        intrinsic(ch)
    if not done6 and counters:
        keyword_counters(counters, ch)
    if not done7 and counters:
        pt_counters(counters, ch)
    return ch


def snapshot(o: Any) -> tuple[Any, ...]:
    """What a permanent's characteristics are derived from, on the object itself: its card,
    face and status, its copiable values, controller, timestamp, attachment, counters and the
    choices that change its values (``layers.copiable_values``, ``Effect.targets``)."""
    choices = o.choices
    return (o.card, o.face, o.transformed, o.face_down, o.copy_source, o.controller, o.timestamp, o.attached_to,
            tuple(o.counters.items()) if o.counters else (),
            tuple(item for item in choices.items() if item[0] in CHARACTERISTIC_CHOICES) if choices else ())


class LayerRecord:
    """The last layer pass of a state whose effects are all local: the permanents'
    characteristics (``chars``) and, in battlefield order (``order``), the objects they were
    derived from and a ``snapshot`` of each; the objects the state owned (``owned``: it could
    write them in place, ``GameState.obj``, so only a snapshot tells a change); the static
    abilities' effects, the resolved effects (``GameState.effects`` as it was), the plan and the
    sources of static abilities. Shared by clones: never modified but for two hints, checked
    before use, which only add work when wrong: ``owned`` grows in place (``moved``) and the
    ``witness`` (``layers._unprinted``)."""

    __slots__ = ("chars", "order", "objects", "snapshots", "owned", "statics", "effects", "plan", "sources",
                 "witness")

    def __init__(self, state: GameState, chars: dict[int, Characteristics], order: list[int], objects: list[Any],
                 snapshots: list[tuple[Any, ...]], owned: set[int], statics: list[Effect], plan: Plan,
                 sources: frozenset[int], witness: int) -> None:
        self.chars = chars
        self.order = order
        self.objects = objects
        self.snapshots = snapshots
        self.owned = owned          # (a superset: some may be shared since, or be other states' objects)
        self.statics = statics
        self.effects = list(state.effects)
        self.plan = plan
        self.sources = sources
        self.witness = witness      # a permanent with more than its printed values (0: not looked for, -1: none)

    def but(self, state: GameState, chars: dict[int, Characteristics], order: list[int], objects: list[Any],
            snapshots: list[tuple[Any, ...]], owned: set[int], plan: Plan) -> LayerRecord:
        """The record of a pass made from this one."""
        return LayerRecord(state, chars, order, objects, snapshots, owned, self.statics, plan, self.sources,
                           self.witness)


def new_record(state: GameState, chars: dict[int, Characteristics], statics: list[Effect], plan: Plan,
               witness: int) -> LayerRecord:
    """The record of a whole local pass."""
    order = list(chars)
    objects = [state.objects[oid] for oid in order]
    gen = state._gen
    return LayerRecord(state, chars, order, objects, [snapshot(o) for o in objects],
                       {o.id for o in objects if o._gen is gen}, statics, plan, frozenset(e.source for e in statics),
                       witness)


def resolved_effects(state: GameState, on_battlefield: Any) -> list[Effect]:
    """The resolved spells' and abilities' effects (CR 611.2) as the layers apply them, on the
    permanents they apply to."""
    return [Effect(e.timestamp, e.mods, e.controller, affected=e.affected & on_battlefield, source=e.source_id)
            for e in state.effects]


Derive = Callable[[int], Characteristics]
Intrinsic = Callable[[Characteristics], None]
Done = tuple[dict[int, Characteristics], LayerRecord]


def incremental(state: GameState, record: LayerRecord, base: Derive, intrinsic: Intrinsic) -> Done | None:
    """The permanents' characteristics derived again for those that changed since ``record``
    (and the record of this pass), or None if a source of static abilities changed, entered or
    left, or the effects are no longer all local: the whole pass must run.

    A permanent changed if it is another object (a zone change, CR 400.7, or a copy made to write
    it) whose snapshot differs, or an object the state could write in place whose snapshot
    differs, or one a resolved effect that began or ended applies to (CR 611.2c)."""
    objects = state.objects
    battlefield = state.battlefield
    effects = state.effects
    plan = record.plan
    touched: Any = ()
    pumps: list[Effect] | None = None
    before = record.effects
    k = len(before)
    if len(effects) != k or any(map(is_not, effects, before)):
        # resolved effects began or ended: the permanents they apply to change (CR 611.2c)
        if len(effects) > k and not any(map(is_not, effects, before)):
            added = effects[k:]                    # (``map`` stops at the shorter: ``before``)
            touched = set().union(*(e.affected for e in added))
            fresh = [Effect(e.timestamp, e.mods, e.controller, affected=e.affected, source=e.source_id) for e in added]
            new_plan = extended_plan(plan, fresh)
            if new_plan is not None and all(map(_pump, fresh)) and new_plan.layers[-1][0] != "7d":
                pumps = fresh
        else:
            now_ids = {id(e) for e in effects}
            was_ids = {id(e) for e in before}
            touched = set()
            for e in effects:
                if id(e) not in was_ids:
                    touched |= e.affected
            for e in before:
                if id(e) not in now_ids:
                    touched |= e.affected
            new_plan = local_plan(record.statics, resolved_effects(state, frozenset(battlefield)))
        if new_plan is None:
            return None
        plan = new_plan
    old = record.chars
    now = list(map(objects.__getitem__, battlefield))
    gen = state._gen
    if battlefield == record.order:
        # the same permanents: only other objects, objects written in place and those a new or
        # ended effect applies to may have changed (the rest in C: identity comparisons)
        snapshots = record.snapshots
        positions = range(len(now))
        suspects = set(compress(positions, map(is_not, now, record.objects)))
        if record.owned:
            suspects.update(compress(positions, map(record.owned.__contains__, battlefield)))
        if touched:
            suspects.update(compress(positions, map(touched.__contains__, battlefield)))
        dirty = []
        pumped = []
        for i in sorted(suspects):
            if snapshot(now[i]) != snapshots[i]:
                dirty.append(i)
            elif battlefield[i] in touched:
                (pumped if pumps is not None else dirty).append(i)
        owned = {battlefield[i] for i in suspects if now[i]._gen is gen}
        if not dirty and not pumped:
            return old, record.but(state, old, record.order, now, snapshots, owned, plan)
        chars = dict(old)
        for i in pumped:
            oid = battlefield[i]
            chars[oid] = _pumped(state, oid, old[oid], pumps)   # type: ignore[arg-type]
        return _derive(state, record, chars, battlefield[:], now, list(snapshots), dirty, owned, plan, base,
                       intrinsic)
    left = set(old).difference(battlefield)
    if not record.sources.isdisjoint(left):
        return None                                           # a source left the battlefield
    was = dict(zip(record.order, zip(record.objects, record.snapshots)))
    owned_before = record.owned
    chars = {}
    snaps: list[tuple[Any, ...]] = []
    dirty = []
    for i, (oid, o) in enumerate(zip(battlefield, now)):
        ch = old.get(oid)
        entry = was.get(oid)
        snap = entry[1] if entry is not None else ()
        if ch is None or oid in touched or ((o is not entry[0] or oid in owned_before)     # type: ignore[index]
                                            and snapshot(o) != snap):
            dirty.append(i)
        chars[oid] = ch                                       # type: ignore[assignment]  (set below)
        snaps.append(snap)
    owned = {o.id for o in now if o._gen is gen}
    return _derive(state, record, chars, battlefield[:], now, snaps, dirty, owned, plan, base, intrinsic)


def _pump(e: Effect) -> bool:
    """An effect that only gives keywords (layer 6) and +N/+N (layer 7c without "for each"):
    "gets -1/-0 and gains flying until end of turn" (CR 613.1f, 613.4c)."""
    for layer, mods in e.layers.items():
        for mod in mods:
            cls = mod.__class__
            if layer == "6" and cls is ChangeAbilities:
                if mod.remove_all or mod.remove_keywords or mod.add_triggered or mod.add_activated:  # type: ignore[union-attr]
                    return False
            elif layer != "7c" or cls is not ModifyPT or mod.per is not None or mod.count is not None:  # type: ignore[union-attr]
                return False
    return True


def _pumped(state: GameState, oid: int, ch: Characteristics, pumps: list[Effect]) -> Characteristics:
    """A permanent's characteristics with new pumps (``_pump``, the latest effects: last in layers 6
    and 7c) applied on top of its values: nothing after them in layer order reads or writes
    keywords, and P/T counters (CR 613.4c) add as the pumps do (no layer 7d effect: the caller
    checks), so the result is the one of applying all layers again."""
    ch = copy_characteristics(ch)
    one = {oid: ch}
    for e in pumps:
        if oid in e.affected:                                  # type: ignore[operator]
            for mods in e.layers.values():
                e.apply_to(state, one, oid, ch, mods)
    return ch


def _derive(state: GameState, record: LayerRecord, chars: dict[int, Characteristics], order: list[int],
            objects: list[Any], snapshots: list[tuple[Any, ...]], dirty: list[int], owned: set[int], plan: Plan,
            base: Derive, intrinsic: Intrinsic) -> Done | None:
    """``chars`` with the permanents at the ``dirty`` positions of ``order`` derived again
    (``replay``; ``snapshots``, a copy, updated), and its record; None if one is (or becomes) a
    source of static abilities."""
    sources = record.sources
    for i in dirty:
        oid = order[i]
        if oid in sources:
            return None
        ch = base(oid)
        if ch.script.static:
            return None                                        # a new source of static abilities
        chars[oid] = replay(state, oid, ch, plan, intrinsic)
        snapshots[i] = snapshot(objects[i])
    return chars, record.but(state, chars, order, objects, snapshots, owned, plan)


def moved(state: GameState, record: LayerRecord, entered: int, base: Derive, intrinsic: Intrinsic) -> Done | None:
    """After one zone change to or from the battlefield, when the record's characteristics were
    still valid just before it (``GameState.changed`` not called since): every other permanent
    keeps its values (no effect reads another permanent), the one that left is dropped and the
    one that ``entered`` (``move`` puts it last) is derived. None if that isn't the one change
    (effects moved with it, CR 400.7a), or a source of static abilities entered or left."""
    battlefield = state.battlefield
    old = record.chars
    if len(state.effects) != len(record.effects) or any(map(is_not, state.effects, record.effects)):
        return None
    grown = len(battlefield) - len(old)
    if entered:
        if battlefield[-1] != entered or entered in old or grown not in (0, 1):
            return None
    elif grown != -1:
        return None
    chars = dict(old)
    order = record.order[:]
    objects = record.objects[:]
    snapshots = record.snapshots[:]
    owned = record.owned
    if grown < 1:
        left = set(old).difference(battlefield)
        if len(left) != 1 or not record.sources.isdisjoint(left):
            return None
        (gone,) = left
        i = order.index(gone)
        del chars[gone], order[i], objects[i], snapshots[i]
    if entered:
        o = state.objects[entered]
        order.append(entered)
        objects.append(o)
        snapshots.append(())
        if o._gen is state._gen:
            # (in place, though clones may share the set: one more member only costs a check)
            owned.add(entered)
        chars[entered] = None                                  # type: ignore[assignment]  (set below)
    if order != battlefield:
        return None
    if entered:
        return _derive(state, record, chars, order, objects, snapshots, [len(order) - 1], owned, record.plan, base,
                       intrinsic)
    return chars, record.but(state, chars, order, objects, snapshots, owned, record.plan)
