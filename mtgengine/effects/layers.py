"""Characteristics are derived, not stored: the layer system (CR 613).

``characteristics(state, oid)`` starts from the copiable values (CR 707.2: the printed face,
or a face-down 2/2, CR 708.2a) and applies continuous effects layer by layer, in timestamp
order within a layer (CR 613.7). Results are memoized until the state changes.
"""
from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from ..cards.compiler.lexicon import BASIC_LAND_MANA
from ..cards.vocabulary import CardScript, ChangeAbilities, ChangeText, Filter
from ..core.enums import COMBAT_STEPS, Zone
from ..core.memo import LIMIT as MEMO_LIMIT
from ..state.game_state import SHARED_CHARACTERISTICS, UNCHANGED_ZONES, VOLATILE
from .characteristics import Characteristics, matches_characteristics, matches_keywords_and_power
# layer 1 and the resolved effects' index, kept in their own modules; their names that the
# rest of the package reads here are imported here too
from .copiable import (
    VALUE_CHOICES as _VALUE_CHOICES, copiable_values, copy_values, double_faced_copy, face_index as _face_index,
    only_printed as _only_printed,
)
from .effects_index import ContinuousEffect, effects_index as _effects_index, lasting_effects
from .layer_dependency import apply_layer
from .layer_effects import (
    LAYERS, Effect, keyword_counters, modify, pt_counters, reads_off_battlefield, static_effect,
)
from .link_records import linked_matches
from .printed_values import COMBINED, _basic_land_abilities, meld_front_total, meld_result, printed
from .layer_memo import RECORD, LayerRecord, incremental, local_plan, moved, new_record, replay, resolved_effects

if TYPE_CHECKING:
    from ..state.game_state import GameState


def duration_holds(state: GameState, lasts: tuple[str, ...], source: int, controller: int,
                   affected: frozenset[int] = frozenset()) -> bool:
    """CR 611.2b: whether a "for as long as" duration still holds: "source_on_battlefield" (the
    same object, CR 400.7), "you_control_source", "source_tapped", "power_le_source" (each
    affected permanent's power is at most the source's)."""
    o = state.objects.get(source)
    on = o is not None and o.zone is Zone.BATTLEFIELD
    for cond in lasts:
        if not on:
            return False
        if cond == "you_control_source" and controller_of(state, source) != controller:
            return False
        if cond == "source_tapped" and not o.tapped:
            return False
        if cond == "power_le_source":
            most = characteristics(state, source).power or 0
            if any((characteristics(state, t).power or 0) > most for t in affected
                   if t in state.objects and state.objects[t].zone is Zone.BATTLEFIELD):
                return False
    return True


_NO_IDS: frozenset[int] = frozenset()


#: Zones the memo's paths test, as module constants: reading a member off the Enum class
#: (``Zone.BATTLEFIELD``) costs several times a global's in CPython 3.11 (as in ``primitives``)
_BATTLEFIELD, _STACK = Zone.BATTLEFIELD, Zone.STACK


def characteristics(state: GameState, oid: int) -> Characteristics:
    """The object's characteristics after all layers (CR 613.1), memoized per state version."""
    chars = state._chars
    cached = chars.get(oid)
    if cached is not None:
        return cached
    on_battlefield = chars.get(0)           # (a local pass leaves them there only: ``_remember_local``)
    if on_battlefield is not None:
        cached = on_battlefield.get(oid)
        if cached is not None:
            return cached
    o = state.objects[oid]
    if o.zone is _BATTLEFIELD:
        return _battlefield(state)[oid]
    # a card off the battlefield with only its printed values (CR 707.2) and no effect on it
    # shares them with every such card; otherwise they're derived (CR 604.3, 611). (The
    # memo's lookup of ``_shared_printed`` written out, with ``_face_index``'s common case: every
    # card drawn, cast or put into a graveyard is asked about as it moves)
    card = o.card
    shared: Any = False
    if _only_printed(state, oid, o):
        shared = _PLAIN.get((card.name, o.face if not (o.transformed or card.is_split) else _face_index(o, card),
                             o.controller))
        if shared is None:
            shared = _shared_printed(state, oid, o)
    if shared and o.zone in UNCHANGED_ZONES:
        chars[oid] = shared
        return shared
    ch = shared or _card_characteristics(state, oid)
    chars[oid] = ch
    # forgotten at the next change off the battlefield (``GameState.changed_off_battlefield``)
    chars[VOLATILE] = chars.get(VOLATILE, ()) + (oid,)      # type: ignore[call-overload, index]
    return ch


#: The characteristics of a card off the battlefield with nothing but its printed values and no
#: effect applying to it, by (card name, face index, controller): the same for every such card
#: (CR 707.2; ``printed`` is keyed the same way). False: the face has a characteristic-defining
#: ability (CR 604.3), which may count anything, so it is derived each time. Characteristics
#: returned by :func:`characteristics` are never modified, so one value serves all.
_PLAIN: dict[tuple[str, int, int], Characteristics | bool] = {}


def _shared_printed(state: GameState, oid: int, o: Any) -> Characteristics | None:
    """The characteristics (``_PLAIN``) shared by every card with only its printed values
    (``_only_printed``, which the caller has checked) and this name, face and controller; None
    if the face has a characteristic-defining ability (CR 604.3)."""
    key = (o.card.name, _face_index(o, o.card), o.controller)
    ch = _PLAIN.get(key)
    if ch is None:
        ch = _card_characteristics(state, oid)
        if any(ab.cda for ab in ch.script.static):
            ch = False
        else:
            SHARED_CHARACTERISTICS.add(id(ch))
        _PLAIN[key] = ch
    return ch or None


def _card_characteristics(state: GameState, oid: int) -> Characteristics:
    """An object's characteristics off the battlefield: its copiable values, a changed text or
    granted keywords, its characteristic-defining abilities (CR 604.3), and the intrinsic mana
    abilities of basic land types (CR 305.6)."""
    ch = copiable_values(state, oid)
    granted: frozenset[str] = frozenset()
    effects = state.effects if state.effects and oid in _effects_index(state)[0] else ()
    for eff in effects:
        if oid in eff.affected:                                # a spell's changed text (CR 612, 613.1c)
            for mod in eff.mods:
                if isinstance(mod, ChangeText):
                    modify(state, oid, ch, mod, eff.controller)
                elif isinstance(mod, ChangeAbilities) and mod.add_keywords:
                    granted |= mod.add_keywords                # a card that "gains flashback" (CR 611.2, 613.1f)
    if any(ab.cda for ab in ch.script.static):
        # CR 604.3: characteristic-defining abilities function in every zone.
        one = {oid: ch}
        for eff in [static_effect(state, oid, ab, ch) for ab in ch.script.static if ab.cda]:
            for layer in eff.layers:
                eff.apply(state, one, layer)
    _intrinsic_abilities(ch)
    if granted:
        ch.keywords = ch.keywords | granted
    return ch


def _battlefield(state: GameState) -> dict[int, Characteristics]:
    """Every permanent's characteristics, all layers applied together (CR 613): layer by
    layer, each layer's effects in timestamp order (CR 613.7) unless one depends on another
    (CR 613.8), characteristic-defining abilities first (CR 613.3).

    Three ways, the cheapest that applies: the printed values when nothing applies to any
    permanent (``_printed_battlefield``); when every effect is local (``layer_memo``), the last
    pass with only the permanents that changed derived again, or each permanent derived alone;
    otherwise all layers applied to all permanents together."""
    memo = state._chars
    cached = memo.get(0)
    if cached is not None:
        return cached
    record = memo.get(RECORD)                                 # type: ignore[call-overload]
    if record is None or not _unprinted(state, record):
        chars = _printed_battlefield(state)
        if chars is not None:
            return _remember_printed(state, chars)
    if record is not None:
        done = incremental(state, record, partial(_base, state), _intrinsic_abilities)
        if done is not None:
            return _remember_local(state, *done)
    chars = {oid: _base(state, oid) for oid in state.battlefield}
    effects = [static_effect(state, sid, ab, chars[sid]) for sid in state.battlefield
               for ab in chars[sid].script.static]
    resolved = resolved_effects(state, frozenset(chars))
    plan = local_plan(effects, resolved)
    if plan is not None:
        # CR 613: each permanent alone (no effect reads another permanent or depends on another)
        chars = {oid: replay(state, oid, ch, plan, _intrinsic_abilities) for oid, ch in chars.items()}
        return _remember_local(state, chars, new_record(state, chars, effects, plan,
                                                        record.witness if record is not None else 0))
    effects += resolved
    pending_text = frozenset(oid for e in effects if "3" in e.layers for oid in (e.affected or ()))
    before_text = {oid: chars[oid].script.static for oid in pending_text if oid in chars}
    pending_text = frozenset(before_text)
    by_layer: dict[str, list[Effect]] = {}                    # each layer's effects, in order
    for e in effects:
        for layer in e.layers:
            by_layer.setdefault(layer, []).append(e)
    objects = state.objects
    for layer in LAYERS:
        if layer == "6":
            for oid, ch in chars.items():                      # CR 122.1b, 613.1f: keyword counters
                counters = objects[oid].counters
                if counters:
                    keyword_counters(counters, ch)
        pending = by_layer.get(layer)
        if pending:
            apply_layer(state, chars, pending, layer)
        if layer == "3" and pending_text:
            # CR 612.1, 613.1c: a changed text's new static abilities generate their effects
            # from layer 4 on; the replaced ones stopped existing (``Effect.exists``)
            changed_text = [static_effect(state, sid, ab, chars[sid]) for sid in sorted(pending_text)
                            for ab in chars[sid].script.static if ab not in before_text[sid]]
            effects += changed_text
            for e in changed_text:
                for later in e.layers:
                    by_layer.setdefault(later, []).append(e)
        if layer == "4":
            for ch in chars.values():
                if "Land" in ch.types:
                    _intrinsic_abilities(ch)
        if layer == "7c":
            for oid, ch in chars.items():                      # CR 613.4c: counters
                counters = objects[oid].counters
                if counters:
                    pt_counters(counters, ch)
    return _remember(state, chars, effects)


def _base(state: GameState, oid: int) -> Characteristics:
    """A permanent's values before layers 2-7: its copiable values (layer 1) and the abilities
    its class level gives (CR 716.2a: not copiable, 716.2b)."""
    ch = copiable_values(state, oid)
    if ch.script.class_levels:
        _class_levels(state, oid, ch)
    if ch.script.solved is not None and state.objects[oid].choices.get("solved"):
        _solved(ch)
    return ch


def _unprinted(state: GameState, record: LayerRecord) -> bool:
    """Whether some permanent has more than its printed values whatever the effects, so
    ``_printed_battlefield`` would find one: the record's witness, still there, or the first one
    found (kept as the witness; -1 if none was, then False without looking: a wrong False only
    costs ``_printed_battlefield``'s own look)."""
    objects = state.objects
    w = record.witness
    if w < 0:
        return False                        # none when last looked for: not looked for again
    o = objects.get(w) if w else None
    if o is not None and o.zone is _BATTLEFIELD and _more_than_printed(o):
        return True
    for oid in state.battlefield:
        if _more_than_printed(objects[oid]):
            record.witness = oid            # (a hint, checked before each use: clones may share it)
            return True
    record.witness = -1
    return False


def _more_than_printed(o: Any) -> bool:
    """A permanent ``_printed_permanent`` refuses whatever effects apply: a token, a copy, a
    face-down permanent, one with counters or a choice that changes its values, or whose printed
    face has a static ability, a class level or a characteristic-defining ability (as far as
    ``_PLAIN`` knows: nothing is derived here)."""
    card = o.card
    if o.counters or card is None or o.face_down or o.copy_source is not None or card.layout == "room" \
            or (o.choices and not o.choices.keys().isdisjoint(_VALUE_CHOICES)):
        return True
    face = 1 if o.transformed and len(card.faces) > 1 else COMBINED if card.is_split else o.face
    ch = _PLAIN.get((card.name, face, o.controller))
    return ch is False or (ch is not None and bool(ch.script.static or ch.script.class_levels or ch.script.solved))


def _remember_local(state: GameState, chars: dict[int, Characteristics], record: LayerRecord) -> dict[int, Characteristics]:
    """:func:`_remember` for a pass of local effects only (``layer_memo``), which read nothing
    off the battlefield (so ``("closed",)``), with its record for the next one. The permanents'
    values are under 0 only, not each under its id too (:func:`characteristics` looks there):
    such a pass often derives one permanent, and copying hundreds of entries would cost more."""
    memo = state._chars
    memo[0] = chars
    memo[("closed",)] = True                # type: ignore[index]
    memo[RECORD] = record                   # type: ignore[index]
    return chars


def _remember(state: GameState, chars: dict[int, Characteristics], effects: list[Effect]) -> dict[int, Characteristics]:
    """Puts every permanent's characteristics in the memo, marked ``("closed",)`` when none of
    the effects reads anything off the battlefield (see ``GameState.changed_off_battlefield``)."""
    state._chars.update(chars)
    state._chars[0] = chars
    if not any(reads_off_battlefield(e) for e in effects):
        state._chars[("closed",)] = True    # type: ignore[index]
    return chars


def _remember_printed(state: GameState, chars: dict[int, Characteristics]) -> dict[int, Characteristics]:
    """:func:`_remember` for the permanents' printed values (``_printed_battlefield``), marked
    ``_PRINTED`` for :func:`permanent_moved`. (Resolved effects may exist, applying to no
    permanent: they are looked at for the ``("closed",)`` mark.)"""
    state._chars[_PRINTED] = True           # type: ignore[index]
    return _remember(state, chars, [Effect(e.timestamp, e.mods, e.controller, affected=e.affected)
                                    for e in state.effects])


#: The memo's mark of permanents' characteristics that are their printed values alone.
_PRINTED = ("printed",)


def permanent_moved(state: GameState, entered: int) -> None:
    """``state.changed()`` for a zone change to or from the battlefield (``primitives.move``, made
    just before: ``entered`` is the new permanent, 0 if none entered). If the permanents'
    characteristics were memoized as their printed values alone (``_printed_battlefield``: no
    static ability on any permanent, no effect on any, no counters), the other permanents'
    still are, as nothing else changed since (every change of a characteristic calls
    ``changed``): only the entering permanent's own values are checked, and the memo is built
    from the old one instead of being derived again for every permanent. So it is when every
    effect is local (``layer_memo.moved``) and the memo was that pass's."""
    chars = state._chars
    old = chars.get(0)
    if old is None:
        state.changed()
        return
    lists = [(key, found) for key in _WITH_KEYS.values() if (found := chars.get(key)) is not None]
    if not chars.get(_PRINTED):                                 # type: ignore[call-overload]
        record = chars.get(RECORD)                              # type: ignore[call-overload]
        state.changed()
        if record is not None and record.chars is old:
            # local effects only (``layer_memo``): the others keep theirs, the one entering is derived
            done = moved(state, record, entered, partial(_base, state), _intrinsic_abilities)
            if done is not None:
                _carry_lists(state, _remember_local(state, *done), entered, lists)
        return
    state.changed()
    affected = _effects_index(state)[0] if state.effects else _NO_IDS    # (effects may have moved with it, CR 400.7a)
    objects = state.objects
    kept: dict[int, Characteristics] = {}
    for oid in state.battlefield:
        ch = old.get(oid)
        if ch is None:
            if oid != entered:
                return                      # (not the one change expected: derived when asked)
            ch = _printed_permanent(state, oid, objects[oid], affected)
            if ch is None:
                return
        kept[oid] = ch
    _carry_lists(state, _remember_printed(state, kept), entered, lists)


def _carry_lists(state: GameState, kept: dict[int, Characteristics], entered: int,
                 lists: list[tuple[tuple[str, str], Any]]) -> None:
    """The permanents with each kind of ability asked for (``permanents_with``), in battlefield
    order, carried across a zone change: those still there, then the one that entered (``move``
    puts it last), if it has it."""
    new = kept.get(entered) if entered else None
    if lists and (new is None or state.battlefield[-1] == entered):
        chars = state._chars
        for key, found in lists:
            carried = [item for item in found if item[0] in kept] if found else []
            if new is not None and getattr(new.script, key[1]):
                carried.append((entered, new))
            chars[key] = carried                # type: ignore[index]


def _printed_permanent(state: GameState, oid: int, o: Any, affected: Any) -> Characteristics | None:
    """The permanent's printed values if it has nothing else (``_printed_battlefield``:
    ``_only_printed``, ``_shared_printed`` and ``_face_index`` of a permanent, inlined; ``affected``:
    the objects the continuous effects apply to) and no static ability or class level; else None."""
    card = o.card
    if o.counters or card is None or o.face_down or o.copy_source is not None or oid in affected \
            or card.layout == "room" or (o.choices and not o.choices.keys().isdisjoint(_VALUE_CHOICES)):
        return None
    face = 1 if o.transformed and len(card.faces) > 1 else COMBINED if card.is_split else o.face
    ch = _PLAIN.get((card.name, face, o.controller))
    if ch is None:
        ch = _shared_printed(state, oid, o)
    if not ch or ch.script.static or ch.script.class_levels or ch.script.solved:
        return None
    return ch


def _printed_battlefield(state: GameState) -> dict[int, Characteristics] | None:
    """Every permanent's characteristics when no continuous effect applies to any of them: the
    printed values they share with cards elsewhere (``_shared_printed``); None otherwise.

    The layers change a permanent's copiable values (CR 613.1) only through the effects that
    :func:`_battlefield` gathers — the permanents' static abilities (CR 611.3) and the effects
    of resolved spells and abilities (CR 611.2) — and through its class level (CR 716.2a) and
    its counters (CR 613.1f, 613.4c); its basic land types' mana abilities (CR 305.6) are in the
    shared values. So with no static ability on any permanent, no resolved effect on any, no
    class levels and no counters, each has exactly its printed values: no layer has anything
    to apply, to it or across permanents."""
    objects = state.objects
    affected = _effects_index(state)[0] if state.effects else _NO_IDS
    chars: dict[int, Characteristics] = {}
    for oid in state.battlefield:
        ch = _printed_permanent(state, oid, objects[oid], affected)
        if ch is None:
            return None
        chars[oid] = ch
    return chars


#: Memo of :func:`_intrinsic_abilities`: {(id(script), subtypes): (script, script with the
#: basic land types' abilities)}. Keyed on the script's identity, as hashing a whole script
#: costs more than the lookup saves; each entry holds the script, so its id can't be reused
#: while the entry lives (scripts are immutable). Emptied when it grows large, since copy and
#: grant effects make new scripts each time the layers are applied.
_WITH_INTRINSIC: dict[tuple[int, frozenset[str]], tuple[CardScript, CardScript]] = {}


def _intrinsic_abilities(ch: Characteristics) -> None:
    """CR 305.6: a land with a basic land type has that type's mana ability."""
    if "Land" not in ch.types:
        return
    key = (id(ch.script), ch.subtypes)
    entry = _WITH_INTRINSIC.get(key)
    if entry is None or entry[0] is not ch.script:
        wanted = _basic_land_abilities(ch.subtypes & frozenset(BASIC_LAND_MANA))
        # (a printed "{T}: Add {U}." of a land that is no Island stays: only the types' own are
        # not repeated, CR 305.6)
        current = tuple(ab for ab in ch.script.activated if ab not in wanted)
        if len(_WITH_INTRINSIC) > MEMO_LIMIT:
            _WITH_INTRINSIC.clear()
        entry = _WITH_INTRINSIC[key] = (ch.script, replace(ch.script, activated=wanted + current))
    ch.script = entry[1]


def permanents(state: GameState) -> dict[int, Characteristics]:
    """Every permanent's characteristics, in battlefield order (the same values
    :func:`characteristics` gives; the dictionary is the memo's: don't modify it)."""
    chars = state._chars.get(0)
    return chars if chars is not None else _battlefield(state)


#: The memo's keys of :func:`permanents_with`, by the CardScript field asked (``permanent_moved``
#: carries their lists across a zone change).
_WITH_KEYS: dict[str, tuple[str, str]] = {}


def permanents_with(state: GameState, field: str) -> list[tuple[int, Characteristics]]:
    """Permanents whose abilities include some of ``field`` (a CardScript field such as
    "cost_changes"), memoized with the characteristics: most game states have none, and
    rules that look for them run for every action considered."""
    key = _WITH_KEYS.get(field)
    if key is None:
        key = _WITH_KEYS[field] = ("with", field)
    cached = state._chars.get(key)          # type: ignore[call-overload]
    if cached is None:
        cached = [(sid, ch) for sid, ch in _battlefield(state).items() if getattr(ch.script, field)]
        state._chars[key] = cached          # type: ignore[index]
    return cached


def object_name(state: GameState, ref: int) -> str:
    """A readable name for an object id or player ref: a player's name, an object's current
    name, or its last known one (CR 608.2h)."""
    if ref < 0:
        return state.players[-ref - 1].name
    if ref in state.objects:
        name = characteristics(state, ref).name
        if name:
            return name
        card = state.objects[ref].card
        locked_room = card is not None and card.layout == "room" and not state.objects[ref].face_down
        return f"{card.name} (no door unlocked)" if locked_room else "a face-down permanent"   # CR 709.5
    lki = state.lki.get(ref)
    return lki.name if lki is not None else f"object {ref}"


def is_copy(state: GameState, oid: int) -> bool:
    """A spell copy, a token or permanent that is a copy, or a permanent under an effect that
    makes it a copy (CR 707.1, 707.4)."""
    o = state.objects[oid]
    return o.is_copy or any(oid in e.affected for e in _effects_index(state)[1])


def controller_of(state: GameState, oid: int) -> int:
    """The object's controller after control-changing effects (layer 2, CR 613.1b)."""
    chars = state._chars                    # the memo, as in :func:`characteristics`
    ch = chars.get(oid)
    if ch is None:
        on_battlefield = chars.get(0)
        ch = on_battlefield.get(oid) if on_battlefield is not None else None
        if ch is None:
            ch = characteristics(state, oid)
    return ch.controller


def summoning_sick(state: GameState, oid: int) -> bool:
    """CR 302.6: a permanent its controller hasn't controlled continuously since their most
    recent turn began (a creature with it can't attack or use {T} abilities without haste)."""
    o = state.objects[oid]
    return o.sick or controller_of(state, oid) != o.steady


def _defending_controls(state: GameState, controller: int, source_id: int | None) -> bool:
    """Whether ``controller`` is the defending player of the source (``defending_player``)."""
    return defending_player(state, source_id) == controller


def defending_player(state: GameState, source_id: int | None) -> int | None:
    """The defending player a source's ability means: the player the source attacks, or the
    controller of the planeswalker or battle it attacks (CR 506.2, 508.1b, 802.2a), the source being
    the attacking creature or the Aura or Equipment on it ("Whenever equipped creature attacks, tap
    target creature defending player controls"); otherwise, during the combat phase of a two-player
    game, the nonactive player (CR 506.2); None: there is none."""
    src = state.objects.get(source_id) if source_id else None
    if src is None:
        return None
    if src.attacking is None and src.attached_to is not None and src.attached_to in state.objects:
        src = state.objects[src.attached_to]
    attacked = src.attacking
    if attacked is not None:
        if attacked < 0:
            return -attacked - 1
        return controller_of(state, attacked) if attacked in state.objects else None
    in_game = [i for i, p in enumerate(state.players) if not p.lost]
    if state.step in COMBAT_STEPS and len(in_game) == 2 and state.active in in_game:
        return next(i for i in in_game if i != state.active)
    return None


def _enchanted_controls(state: GameState, controller: int, source_id: int | None) -> bool:
    """Whether ``controller`` is the player the source enchants (CR 303.4b: an Aura attached to a
    player, a negative reference)."""
    src = state.objects.get(source_id) if source_id else None
    return src is not None and src.attached_to == -(controller + 1)


def matches(state: GameState, oid: int, flt: Filter, you: int, source_id: int | None = None,
            ch: Characteristics | None = None) -> bool:
    """Does object ``oid`` satisfy ``flt`` from the point of view of player ``you``? ``ch``: the
    characteristics it will have instead of its own now — a card about to be cast as one of its
    faces or halves has only that face's characteristics on the stack (CR 601.2a-b, 709.3, 715.3),
    which are what a cost change or an additional cost looks at (CR 601.2f)."""
    if flt.other and oid == source_id:
        return False
    o = state.objects[oid]
    as_cast = ch is not None and o.zone is not _BATTLEFIELD and o.zone is not _STACK     # (not cast yet)
    if ch is None:
        ch = characteristics(state, oid)
    if not matches_characteristics(flt, ch, ch.controller, you) or not matches_keywords_and_power(flt, ch):
        return False
    if flt.tapped is not None and o.tapped != flt.tapped:
        return False
    if flt.power_max_source and source_id in state.objects \
            and (ch.power or 0) > (characteristics(state, source_id).power or 0):
        return False                                  # "power less than or equal to ~'s power"
    if flt.controller == "defending" and not _defending_controls(state, ch.controller, source_id):
        return False                                  # "creature defending player controls" (CR 506.2)
    if flt.controller == "enchanted" and not _enchanted_controls(state, ch.controller, source_id):
        return False                                  # "creature enchanted player controls" (CR 303.4b)
    if flt.power_below_source and source_id in state.objects \
            and (ch.power or 0) >= (characteristics(state, source_id).power or 0):
        return False                                  # "power less than this creature's power" (CR 702.134a)
    if flt.controller_controls and not any(
            flt.controller_controls in characteristics(state, p).subtypes and controller_of(state, p) == ch.controller
            for p in state.battlefield):
        return False                                  # "whose controller controls an Island"
    if flt.attacking is not None and (o.attacking is not None) != flt.attacking:
        return False
    if flt.in_combat is not None and (o.attacking is not None or bool(o.blocking)) != flt.in_combat:
        return False
    if flt.shares_color and (source_id is None or source_id not in state.objects
                             or ch.colors.isdisjoint(characteristics(state, source_id).colors)):
        return False                                  # "that shares a color with it" (CR 105.4)
    if flt.blocked is not None and (o.attacking is not None and o.blocked) != flt.blocked:
        return False                                  # "unblocked attacker" (CR 509.1h)
    if flt.token is not None and o.token != flt.token:
        return False                                  # "creature token" (CR 111.1)
    if flt.counter and not has_counter(o.counters, flt.counter):
        return False                                  # "with a +1/+1 counter on it" (CR 122.1)
    if flt.face_down is not None and o.face_down != flt.face_down:
        return False                                  # "face-down creatures" (CR 708.2)
    if flt.card and (o.card is None or o.token or o.is_copy):
        return False                                  # "a card": not a copy of one, not a token (CR 108.2)
    if flt.attacked_this_turn is not None and (o.choices.get("attacked_turn") == state.turn) != flt.attacked_this_turn:
        return False                                  # "if it attacked this turn" (CR 508.1)
    if flt.x_in_cost is not None and (_x_in_cost(state, oid) if not as_cast else
                                      ch.mana_cost is not None and ch.mana_cost.x_count > 0) != flt.x_in_cost:
        return False                                  # "a mana cost that contains {X}" (CR 107.3)
    if flt.in_combat_with and not _in_combat_with(state, oid, source_id):
        return False                                  # "blocking or blocked by ~" (CR 509.1h)
    if flt.cast_from and o.choices.get("cast_from") != flt.cast_from:
        return False                                  # "a spell from their hand" (CR 601.2a)
    if (flt.linked or flt.controller_in or flt.chosen_color or flt.chosen_name or flt.chosen_type) \
            and not linked_matches(state, oid, ch, flt, source_id):
        return False                                  # linked abilities (CR 607)
    if flt.mana_value_max is not None or flt.mana_value_min is not None or flt.mana_value_is is not None:
        # CR 202.3, with X on the stack (202.3e; 0 for a card about to be cast, 202.3e too)
        if flt.mana_value_is is not None:
            raise ValueError(f"a filter's mana value compares with a number not yet known: {flt.mana_value_is}")
        mv = mana_value(state, oid) if not as_cast else ch.mana_cost.mana_value() if ch.mana_cost else 0
        if flt.mana_value_max is not None and mv > flt.mana_value_max:
            return False
        if flt.mana_value_min is not None and mv < flt.mana_value_min:
            return False
    return True


def has_counter(counters: Any, kind: str) -> bool:
    """Whether ``counters`` (a mapping, or last known (kind, number) pairs) include one of
    ``kind`` ("any": of any kind), CR 122.1."""
    pairs = counters.items() if isinstance(counters, dict) else counters
    return any(n > 0 and (kind == "any" or k == kind) for k, n in pairs)


def _class_levels(state: GameState, oid: int, ch: Characteristics) -> None:
    """CR 716.2a: "As long as this Class is level N or greater, it has [abilities]" — granted by
    its own class level bar, so they count as printed on it (CR 607.1a). Its level is 1 until a
    level ability resolves (CR 716.2d)."""
    level = state.objects[oid].choices.get("level", 1)
    script = ch.script
    for lv in script.class_levels:
        if lv.level <= level:
            script = replace(script, static=script.static + lv.static, triggered=script.triggered + lv.triggered,
                             play_from=script.play_from + lv.play_from, activated=script.activated + lv.activated)
    ch.script = script


def _solved(ch: Characteristics) -> None:
    """CR 719.3c: a solved Case has its "Solved —" abilities (the designation is not copiable,
    CR 719.3b: it is the permanent's, read here after its copiable values)."""
    script, solved = ch.script, ch.script.solved
    assert solved is not None
    ch.script = replace(script, static=script.static + solved.static, triggered=script.triggered + solved.triggered,
                        activated=script.activated + solved.activated)


def _in_combat_with(state: GameState, oid: int, source: int | None) -> bool:
    """``oid`` is blocking ``source``, or blocked by it."""
    if source is None or source not in state.objects:
        return False
    return source in state.objects[oid].blocking or oid in state.objects[source].blocking


def _x_in_cost(state: GameState, oid: int) -> bool:
    """Whether a spell's mana cost, or an ability's activation cost, contains {X} (CR 107.3)."""
    o = state.objects[oid]
    if o.ability is not None:
        cost = getattr(o.ability, "cost", None)
        return cost is not None and "{X}" in (cost.mana or "")
    ch = characteristics(state, oid)
    return ch.mana_cost is not None and ch.mana_cost.x_count > 0


def mana_value(state: GameState, oid: int) -> int:
    """CR 202.3: the total amount of mana in the object's mana cost, whatever paid for it
    (alternative and additional costs and cost changes never change it, CR 118.8d, 118.9c).

    X counts as its chosen value on the stack and 0 elsewhere (CR 202.3e); a split card off the
    stack, or a fused split spell, has its halves' total (CR 202.3d, 709.4b); a spell cast as
    one half, an Adventure or a modal double-faced card's face, the mana cost of that half or
    face (709.3b, 715.3b, 712.8f); a prototyped spell or permanent, the prototype's (718.3b);
    a transformed permanent, its front face's (CR 202.3b, 712.8e); a melded permanent, the sum
    of its two cards' front faces (CR 202.3c, 712.8g). A copy has the mana cost it copied (CR
    707.2): a copy of a back face or of a melded permanent has none, so 0 (202.3b-c); so has a
    token that isn't a copy (CR 202.1b, 202.3a)."""
    o = state.objects[oid]
    ch = characteristics(state, oid)
    x = o.x if o.zone is Zone.STACK else 0
    if o.face_down or o.card is None or o.copy_source is not None or o.choices.get("token_def") is not None \
            or ch.name != copiable_name(state, oid):
        return ch.mana_cost.mana_value(x) if ch.mana_cost is not None else 0
    card = o.card
    melded = o.choices.get("melded")
    if melded is not None and o.zone is Zone.BATTLEFIELD:
        return card.front.mana_value() + melded.front.mana_value()
    if card.meld and card.meld.get("role") == "result":
        return meld_front_total(card)
    if o.transformed and card.layout == "transform" and len(card.faces) > 1:
        return card.front.mana_value(x)
    return ch.mana_cost.mana_value(x) if ch.mana_cost is not None else 0


def copiable_name(state: GameState, oid: int) -> str:
    """The name printed on the face in use (to tell a copy effect from the object's own face)."""
    o = state.objects[oid]
    card = o.card
    melded = o.choices.get("melded") if o.choices else None
    if melded is not None and o.zone is Zone.BATTLEFIELD:
        return meld_result(card).name
    if o.transformed and len(card.faces) > 1:
        return card.faces[1].name
    if card.is_split and o.zone is not Zone.STACK:
        return card.name
    return printed(card, o.face).name
