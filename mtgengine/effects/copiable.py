"""Layer 1: an object's copiable values (CR 613.2, 707.2) — its printed face, token definition or
emblem, the copy effects on it (layer 1a) and its face-down status (layer 1b, CR 708.2a) — and
what copying it gives (CR 707.2-707.9). Moved out of ``layers``, behaviour unchanged."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..cards.compiler import compile_text
from ..cards.vocabulary import CardScript, CopyException, CopyOf, CreateToken, Filter, SetPT, SpellAbility
from ..core.enums import Zone
from ..core.mana import ManaCost
from .characteristics import FACE_DOWN_SCRIPT, Characteristics, copy_characteristics as _copy
from .effects_index import effects_index
from .link_records import relink
from .printed_values import COMBINED, LOCKED, _shift_targets, meld_colors, meld_result, printed

if TYPE_CHECKING:
    from ..state.game_state import GameState


_EMPTY: frozenset[str] = frozenset()
_STACK = Zone.STACK

_DISGUISED = frozenset({"ward {2}"})      # CR 702.168a: the disguise effect's ward


def copiable_values(state: GameState, oid: int, face_up: bool = False, status: bool = True) -> Characteristics:
    """Layer 1 (CR 613.2, 707.2): the printed face or token definition, then copy effects
    (layer 1a), then face-down status (layer 1b, CR 708.2a). ``face_up``: the values a
    face-down permanent would have face up — those it copied, if it became a copy while face
    down (CR 708.10), which say whether it has a morph cost (CR 702.37e, 707.3). ``status``
    False: a flip card's values before its flipped status picks a half (what a copy copies,
    CR 707.2, 707.3, 110.5c)."""
    o = state.objects[oid]
    if only_printed(state, oid, o) and not o.card.meld:
        # a card with only its printed values (the common case, the same values as below)
        return _copy(printed(o.card, face_index(o, o.card, status)), o.controller)
    if o.face_down and not face_up:
        # CR 708.2a: a 2/2 creature with no name, text, subtypes or mana cost; cast by disguise,
        # with ward {2} (CR 702.168a)
        return Characteristics("", None, _EMPTY, _EMPTY, frozenset({"Creature"}), _EMPTY,
                               FACE_DOWN_SCRIPT, _DISGUISED if o.choices.get("disguised") else _EMPTY, 2, 2, None,
                               o.controller, "", face_down=True)
    if o.card is None and o.ability is not None:
        # An ability on the stack has no characteristics of its own (CR 113.7a); it is named
        # after its source in logs and references.
        return Characteristics(o.source_name, None, _EMPTY, _EMPTY, _EMPTY, _EMPTY, FACE_DOWN_SCRIPT,
                               _EMPTY, None, None, None, o.controller, "")
    copies = [e for e in effects_index(state)[1] if oid in e.affected] if state.effects else None
    if copies:
        # CR 707.4, 613.2a: effects making it a copy, in timestamp order (the latest wins)
        last = max(copies, key=lambda e: e.timestamp)
        values = next(m.values for m in last.mods if isinstance(m, CopyOf))
        ch = _copy(_flip_status(values, o, status), o.controller, copied=True)
        # CR 707.7: copied linked abilities are linked only to each other (effects.links)
        ch.script = relink(ch.script, f"@c{last.timestamp}")
        return ch
    if o.copy_source is not None:
        # CR 707.2, 707.3: a copy's copiable values are those it copied (with its exceptions);
        # a double-faced token's, those of the face that's up (CR 707.8a, 712.8d-e)
        faces = o.choices.get("dfc_faces") if o.choices else None
        if faces:
            return _copy(faces[2 if o.transformed or o.face == 1 else 1], o.controller, copied=True)
        return _copy(_flip_status(o.copy_source, o, status), o.controller, copied=True)
    choices = o.choices
    emblem = choices.get("emblem") if choices else None
    if emblem is not None:
        # CR 114.3: an emblem has only the abilities it was created with
        script = CardScript(play_from=emblem.play_from)
        return Characteristics("Emblem", None, _EMPTY, _EMPTY, _EMPTY, _EMPTY, script, _EMPTY, None, None, None,
                               o.controller, emblem.text)
    token = choices.get("token_def") if choices else None
    if token is not None and isinstance(token, CreateToken):
        return token_values(token, o.controller)
    card = o.card
    melded = choices.get("melded") if choices else None
    if melded is not None and o.zone is Zone.BATTLEFIELD:
        # CR 712.8g: a melded permanent has only the characteristics of the combined back face
        card = meld_result(card)
        index = 0
    else:
        index = face_index(o, card, status)
    b = printed(card, index)
    if card.meld and card.meld.get("role") == "result" and not b.colors:
        # the combined back face's color indicator (CR 204), missing from the data: each meld
        # result is the colors of its pair's front faces (Brisela white, Mishra black and red)
        b = _copy(b)
        b.colors = meld_colors(card)
    if choices and choices.get("spliced") and o.zone is Zone.STACK and b.script.spell is not None:
        # CR 702.47c: the spell gains the rules text of each spliced card, whose instructions
        # follow the main spell's (702.47b); it loses them as it leaves the stack (702.47e)
        spell = _spliced_spell(b.script.spell, [printed(c, 0) for c in o.choices["spliced"]])
        b = _copy(b)
        b.script = replace(b.script, spell=spell)
        b.text = spell.text
    if choices and choices.get("alternative_spell") and o.zone is Zone.STACK:
        # cast for an alternative cost that changes its spell ability: overload's text says "each"
        # for "target" (CR 702.96a, 612); awaken's has its land target (CR 702.113a-b)
        chosen = choices["alternative_spell"]
        changed = next((a.spell for a in b.script.alternative_costs if a.name == chosen and a.spell), None)
        if changed is not None:
            b = _copy(b)
            b.script = replace(b.script, spell=changed)
    if choices and choices.get("prototype") and b.script.prototype is not None \
            and o.zone in (Zone.STACK, Zone.BATTLEFIELD):
        # CR 718.3b: a prototyped spell, and the permanent it becomes, has the prototype's mana
        # cost, power and toughness, and the colors of that mana cost; elsewhere, CR 718.4
        proto = b.script.prototype
        cost = ManaCost.parse(proto.mana)
        return Characteristics(b.name, cost, cost.colors, b.supertypes, b.types, b.subtypes, b.script,
                               b.keywords, proto.power, proto.toughness, b.loyalty, o.controller, b.text)
    if choices and status and choices.get("bestowed") and o.zone in (Zone.STACK, Zone.BATTLEFIELD):
        return bestowed(b, o.controller)
    return _copy(b, o.controller)


_AURA = frozenset({"Aura"})
_ENCHANTMENT = frozenset({"Enchantment"})
_ENCHANT_CREATURE = Filter(types=frozenset({"Creature"}))


def bestowed(values: Characteristics, controller: int | None = None) -> Characteristics:
    """CR 702.103b: a spell cast bestowed, and the permanent it becomes, "becomes an Aura
    enchantment and gains enchant creature" (its creature type and subtypes replaced, CR 205.1a)
    until it ceases to be bestowed (CR 702.103e-g: ``choices["bestowed"]`` removed). It is the
    first effect on the object (its timestamp is the cast's); like a flip card's status it is not
    a copiable value: a copy of the permanent is the creature (CR 707.2), while a copy of the
    spell is bestowed too, because it copies the spell's choices (CR 702.103c)."""
    ch = _copy(values, controller)
    ch.types = _ENCHANTMENT
    ch.subtypes = _AURA
    ch.power = ch.toughness = None
    ch.script = replace(ch.script, enchant=_ENCHANT_CREATURE)
    return ch


def token_values(token: CreateToken, controller: int) -> Characteristics:
    """The characteristics a token is created with (CR 111.1); a predefined token's abilities (CR
    111.10: a Treasure's mana ability) are compiled from its text."""
    script = replace(compile_text(token.name, token.text, False), keywords=token.keywords) if token.text \
        else CardScript(keywords=token.keywords)
    return Characteristics(token.name, None, frozenset(token.colors), _EMPTY, frozenset(token.types),
                           frozenset(token.subtypes), script, token.keywords,
                           *((token.power, token.toughness) if "Creature" in token.types else (None, None)),
                           None, controller, token.text)


def face_index(o: Any, card: Any, status: bool = True) -> int:
    """Which of a card's faces gives its printed values (``printed``), unless it is melded."""
    if o.transformed and len(card.faces) > 1 and (status or card.layout != "flip"):
        return 1                                    # CR 712.8e: the back face is up; 710.2: flipped
    if card.is_split and o.zone is not _STACK:
        if card.layout == "room" and o.zone is Zone.BATTLEFIELD:
            # CR 709.5: a Room permanent has the name, mana cost and text of its unlocked halves
            unlocked = o.choices.get("unlocked", ()) if o.choices else ()
            return COMBINED if len(unlocked) == 2 else unlocked[0] if unlocked else LOCKED
        return COMBINED                             # CR 709.4
    return o.face                                   # the half, face or Adventure in use


def _flip_status(values: Characteristics, o: Any, status: bool) -> Characteristics:
    """CR 707.3, 110.5c: a copy of a flip card has both halves; a flipped permanent (its status,
    kept in ``transformed``) has the alternative half (CR 710.2)."""
    if status and values.flipped_half is not None and o.transformed and o.zone is Zone.BATTLEFIELD:
        return values.flipped_half
    return values


def _spliced_spell(main: SpellAbility, cards: list[Characteristics]) -> SpellAbility:
    effects = main.effects
    targets = main.targets
    text = main.text
    for ch in cards:
        extra = ch.script.spell
        if extra is None:
            continue
        effects = effects + _shift_targets(extra.effects, len(targets))
        targets = targets + extra.targets
        text += "\n" + extra.text
    return SpellAbility(effects, targets, text)


#: The choices (``GameObject.choices``) that change an object's copiable values: see
#: :func:`copiable_values`.
VALUE_CHOICES = frozenset({"dfc_faces", "emblem", "token_def", "melded", "spliced", "prototype", "alternative_spell",
                            "unlocked",        # a Room permanent: its unlocked halves (CR 709.5)
                            "bestowed"})       # an Aura spell or Aura (CR 702.103b)


def only_printed(state: GameState, oid: int, o: Any) -> bool:
    """Whether the object has only its card's printed values (CR 707.2): a card, face up, not a
    copy, with no choice that changes its values and no continuous effect on it."""
    if o.card is None or o.face_down or o.copy_source is not None \
            or (o.choices and not o.choices.keys().isdisjoint(VALUE_CHOICES)):
        return False
    return not state.effects or oid not in effects_index(state)[0]


def copy_values(state: GameState, oid: int, exception: CopyException | None = None) -> Characteristics:
    """What copying ``oid`` gives (CR 707.2): its copiable values — its own copy effects and
    face-down status included (707.3, 708.2), not its counters or other effects; of a
    double-faced permanent, the face that's up (CR 707.8) — with the copy effect's exceptions
    becoming part of them (CR 707.9a-b)."""
    return _with_exception(copiable_values(state, oid, status=False), exception)


def double_faced_copy(state: GameState, oid: int,
                      exception: CopyException | None = None) -> tuple[str, Characteristics, Characteristics] | None:
    """CR 707.8a: a token that's a copy of a double-faced permanent or card is a double-faced
    token: each face copies the same face (with the copy effect's exceptions). Returns the
    layout and the two faces, or None if ``oid`` isn't double-faced (or isn't using its own
    faces: a face-down permanent, or one under a copy effect, copies as it looks, CR 707.2)."""
    o = state.objects[oid]
    if o.face_down or (o.copy_source is not None and not o.choices.get("dfc_faces")) \
            or any(oid in e.affected for e in effects_index(state)[1]):
        return None
    faces = o.choices.get("dfc_faces") if o.choices else None
    if faces is not None:
        layout, front, back = faces
    elif o.card is not None and o.card.layout in ("transform", "modal_dfc") and len(o.card.faces) == 2:
        layout, front, back = o.card.layout, printed(o.card, 0), printed(o.card, 1)
    else:
        return None
    return layout, _with_exception(front, exception), _with_exception(back, exception)


def _with_exception(values: Characteristics, exception: CopyException | None) -> Characteristics:
    """The copied values with a copy effect's exceptions made part of them (CR 707.9a-b)."""
    ch = _copy(values)
    if exception is not None:
        ch.types = ch.types | exception.add_types
        ch.subtypes = ch.subtypes | exception.add_subtypes
        if exception.set_colors is not None:
            ch.colors = exception.set_colors
        ch.supertypes = (ch.supertypes | exception.add_supertypes) - exception.remove_supertypes
        if exception.set_name:
            ch.name = exception.set_name
        if exception.no_mana_cost:
            ch.mana_cost = None                     # CR 707.9b (embalm, CR 702.128a)
        if exception.set_power is not None:
            # CR 707.9d: a characteristic-defining ability setting P/T isn't copied
            ch.power, ch.toughness = exception.set_power, exception.set_toughness
            ch.script = replace(ch.script, static=tuple(
                ab for ab in ch.script.static if not (ab.cda and any(isinstance(m, SetPT) for m in ab.mods))))
        for text in exception.add_abilities:        # CR 707.9a: part of the copiable values
            extra = compile_text(ch.name, text.replace("this creature", ch.name), False)
            ch.script = replace(ch.script, triggered=ch.script.triggered + extra.triggered,
                                activated=ch.script.activated + extra.activated,
                                static=ch.script.static + extra.static,
                                unimplemented=ch.script.unimplemented + extra.unimplemented)
            ch.keywords = ch.keywords | extra.keywords
            ch.text = (ch.text + "\n" + text).strip()
        if exception.add_triggered:                 # CR 707.9a, written out (linked ones, CR 607.1d)
            ch.script = replace(ch.script, triggered=ch.script.triggered + exception.add_triggered)
            ch.text = (ch.text + "\n" + "\n".join(ab.text for ab in exception.add_triggered)).strip()
    return ch
