"""Characteristics are derived, not stored: the layer system (CR 613).

``characteristics(state, oid)`` starts from the copiable values (CR 707.2: the printed face,
or a face-down 2/2, CR 708.2a) and applies continuous effects layer by layer, in timestamp
order within a layer (CR 613.7). Results are memoized until the state changes.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..cards.definitions import apply_definition
from ..cards.oracle import BASIC_LAND_MANA, compile_text
from ..cards.vocabulary import (
    ActivatedAbility, AddMana, CardScript, Cost, CreateToken, Filter, StaticAbility,
)
from ..core.enums import Zone
from ..core.mana import ManaCost

if TYPE_CHECKING:
    from ..state.game_state import GameState


@dataclass(slots=True)
class Characteristics:
    """An object's current characteristics (CR 109.3) plus its controller (layer 2)."""

    name: str
    mana_cost: ManaCost | None
    colors: frozenset[str]
    supertypes: frozenset[str]
    types: frozenset[str]
    subtypes: frozenset[str]
    script: CardScript
    keywords: frozenset[str]
    power: int | None
    toughness: int | None
    loyalty: int | None
    controller: int
    text: str

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords


@dataclass(frozen=True, slots=True)
class ContinuousEffect:
    """A continuous effect from a resolved spell or ability (CR 611.2).

    ``affected`` is locked in as the effect begins (CR 611.2c). ``until`` is "end_of_turn"
    (CR 514.2) or "" (indefinite).
    """

    timestamp: int
    affected: frozenset[int]
    power: int = 0
    toughness: int = 0
    keywords: frozenset[str] = frozenset()
    until: str = "end_of_turn"
    source_id: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"timestamp": self.timestamp, "affected": sorted(self.affected), "power": self.power,
                "toughness": self.toughness, "keywords": sorted(self.keywords), "until": self.until,
                "source_id": self.source_id}


FACE_DOWN_SCRIPT = CardScript()
_EMPTY: frozenset[str] = frozenset()


def _int(value: str | None) -> int | None:
    """Printed P/T: "*" counts as 0 until a characteristic-defining ability says more (CR 208.2a)."""
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        digits = "".join(ch for ch in value if ch.isdigit() or ch == "-")
        return int(digits) if digits not in ("", "-") else 0


def _basic_land_abilities(subtypes: frozenset[str]) -> tuple[ActivatedAbility, ...]:
    """CR 305.6: a basic land type gives "{T}: Add [its mana]"."""
    return tuple(
        ActivatedAbility(Cost(tap=True), (AddMana(mana=(BASIC_LAND_MANA[t],)),),
                         text=f"{{T}}: Add {{{BASIC_LAND_MANA[t]}}}.", is_mana=True)
        for t in sorted(subtypes) if t in BASIC_LAND_MANA
    )


def face_script(face: Any) -> CardScript:
    """The abilities of a card face: its compiled text with its card definition applied, if any."""
    types = face.types
    compiled = compile_text(face.name, face.oracle_text or "", "Instant" in types or "Sorcery" in types)
    return apply_definition(face, compiled)


_BASE: dict[tuple[str, int], Characteristics] = {}


COMBINED = -1   # face index of a split card's two halves combined (CR 709.4)


def _combined(card: Any) -> Characteristics:
    """CR 709.4: off the stack a split card has both names, the combined mana cost (and so
    the colors and mana value of it, 709.4b), each half's types (709.4c) and abilities."""
    halves = [printed(card, i) for i in range(len(card.faces))]
    script = CardScript(
        keywords=frozenset().union(*(h.script.keywords for h in halves)),
        activated=tuple(a for h in halves for a in h.script.activated),
        triggered=tuple(a for h in halves for a in h.script.triggered),
        static=tuple(a for h in halves for a in h.script.static),
        unimplemented=tuple(u for h in halves for u in h.script.unimplemented),
    )
    return Characteristics(
        card.name, card.mana_cost, frozenset(card.colors), frozenset().union(*(h.supertypes for h in halves)),
        frozenset().union(*(h.types for h in halves)), frozenset().union(*(h.subtypes for h in halves)),
        script, script.keywords, None, None, None, 0, "\n//\n".join(h.text for h in halves),
    )


def printed(card: Any, index: int) -> Characteristics:
    """The printed characteristics of one face, compiled once per card face (CR 707.2)."""
    key = (card.name, index)
    base = _BASE.get(key)
    if base is None and index == COMBINED:
        base = _BASE[key] = _combined(card)
    if base is None:
        face = card.faces[index]
        script = face_script(face)
        subtypes = frozenset(face.subtypes)
        if "Land" in face.types and any(t in BASIC_LAND_MANA for t in subtypes):
            script = replace(script, activated=_basic_land_abilities(subtypes) + script.activated)
        base = Characteristics(
            face.name, face.mana_cost, frozenset(face.colors), frozenset(face.supertypes),
            frozenset(face.types), subtypes, script, script.keywords, _int(face.power),
            _int(face.toughness), _int(face.loyalty), 0, face.oracle_text or "",
        )
        _BASE[key] = base
    return base


def copiable_values(state: GameState, oid: int) -> Characteristics:
    """Layer 1 (CR 613.2, 707.2): the printed face, token definition or face-down status."""
    o = state.objects[oid]
    if o.face_down:
        # CR 708.2a: a 2/2 creature with no name, text, subtypes or mana cost.
        return Characteristics("", None, _EMPTY, _EMPTY, frozenset({"Creature"}), _EMPTY,
                               FACE_DOWN_SCRIPT, _EMPTY, 2, 2, None, o.controller, "")
    if o.card is None and o.ability is not None:
        # An ability on the stack has no characteristics of its own (CR 113.7a); it is named
        # after its source in logs and references.
        return Characteristics(o.source_name, None, _EMPTY, _EMPTY, _EMPTY, _EMPTY, FACE_DOWN_SCRIPT,
                               _EMPTY, None, None, None, o.controller, "")
    token = o.choices.get("token_def") if o.choices else None
    if isinstance(token, CreateToken):
        script = CardScript(keywords=token.keywords)
        return Characteristics(token.name, None, frozenset(token.colors), _EMPTY, frozenset(token.types),
                               frozenset(token.subtypes), script, token.keywords, token.power,
                               token.toughness, None, o.controller, "")
    card = o.card
    if o.transformed and len(card.faces) > 1:
        index = 1                                   # CR 712.8e: the back face is up
    elif card.is_split and o.zone is not Zone.STACK:
        index = COMBINED                            # CR 709.4
    else:
        index = o.face                              # the half, face or Adventure in use
    b = printed(card, index)
    return Characteristics(b.name, b.mana_cost, b.colors, b.supertypes, b.types, b.subtypes, b.script,
                           b.keywords, b.power, b.toughness, b.loyalty, o.controller, b.text)


def characteristics(state: GameState, oid: int) -> Characteristics:
    """The object's characteristics after all layers (CR 613.1), memoized per state version."""
    cached = state._chars.get(oid)
    if cached is not None:
        return cached
    ch = copiable_values(state, oid)
    o = state.objects[oid]
    if o.zone is Zone.BATTLEFIELD:
        _apply_battlefield_layers(state, oid, ch)
    state._chars[oid] = ch
    return ch


def _static_sources(state: GameState) -> list[tuple[int, int, StaticAbility]]:
    """(timestamp, source id, ability) of every static ability on the battlefield (CR 611.3),
    memoized with the characteristics (under the key 0, which no object has)."""
    cached = state._chars.get(0)
    if cached is not None:
        return cached
    out = []
    for sid in state.battlefield:
        src = state.objects[sid]
        for ab in copiable_values(state, sid).script.static:
            out.append((src.timestamp, sid, ab))
    state._chars[0] = out
    return out


def _applies(state: GameState, ab: StaticAbility, sid: int, oid: int) -> bool:
    src = state.objects[sid]
    if ab.affects in ("enchanted", "equipped"):
        return src.attached_to == oid
    if ab.affects == "each" and ab.filter is not None:
        if ab.filter.other and sid == oid:
            return False
        return matches_base(state, oid, ab.filter, src.controller)
    return False


def matches_base(state: GameState, oid: int, flt: Filter, you: int) -> bool:
    """Filter check on copiable values (used inside the layer system to avoid recursion)."""
    base = copiable_values(state, oid)
    return _filter_core(flt, base, state.objects[oid].controller, you)


def _filter_core(flt: Filter, ch: Characteristics, controller: int, you: int) -> bool:
    if flt.types and not (flt.types & ch.types):
        return False
    if flt.not_types & ch.types:
        return False
    if flt.colors and not (flt.colors & ch.colors):
        return False
    if flt.not_colors & ch.colors:
        return False
    if flt.subtypes and not (flt.subtypes & ch.subtypes):
        return False
    if flt.controller == "you" and controller != you:
        return False
    if flt.controller == "opponent" and controller == you:
        return False
    return True


def _apply_battlefield_layers(state: GameState, oid: int, ch: Characteristics) -> None:
    statics = [(ts, sid, ab) for ts, sid, ab in _static_sources(state) if _applies(state, ab, sid, oid)]
    resolved = [e for e in state.effects if oid in e.affected]
    # Layer 6 (CR 613.1f): ability-adding effects, in timestamp order.
    keywords = set(ch.keywords)
    for _ts, _sid, ab in sorted(statics, key=lambda t: t[0]):
        keywords |= ab.keywords
    for eff in resolved:
        keywords |= eff.keywords
    ch.keywords = frozenset(keywords)
    if ch.power is None or ch.toughness is None or "Creature" not in ch.types:
        return
    # Layer 7c (CR 613.4c): modifications from static abilities and resolved effects, then
    # counters (CR 613.4c includes +1/+1 and -1/-1 counters).
    p, t = ch.power, ch.toughness
    mods = [(ts, ab.power, ab.toughness) for ts, _sid, ab in statics]
    mods += [(e.timestamp, e.power, e.toughness) for e in resolved]
    for _ts, dp, dt in sorted(mods, key=lambda m: m[0]):
        p += dp
        t += dt
    o = state.objects[oid]
    plus = o.counters.get("+1/+1", 0)
    minus = o.counters.get("-1/-1", 0)
    ch.power = p + plus - minus
    ch.toughness = t + plus - minus


def matches(state: GameState, oid: int, flt: Filter, you: int, source_id: int | None = None) -> bool:
    """Does object ``oid`` satisfy ``flt`` from the point of view of player ``you``?"""
    if flt.other and oid == source_id:
        return False
    ch = characteristics(state, oid)
    o = state.objects[oid]
    if not _filter_core(flt, ch, o.controller, you):
        return False
    if flt.keywords and not (flt.keywords & ch.keywords):
        return False
    if flt.not_keywords & ch.keywords:
        return False
    if flt.tapped is not None and o.tapped != flt.tapped:
        return False
    if flt.attacking is not None and (o.attacking is not None) != flt.attacking:
        return False
    if flt.in_combat is not None and (o.attacking is not None or bool(o.blocking)) != flt.in_combat:
        return False
    if flt.power_max is not None and (ch.power or 0) > flt.power_max:
        return False
    if flt.power_min is not None and (ch.power or 0) < flt.power_min:
        return False
    return True


def mana_value(state: GameState, oid: int) -> int:
    """CR 202.3: X counts as its chosen value on the stack and 0 elsewhere (CR 202.3e); a
    split card off the stack has its halves' total (CR 709.4b); a transformed permanent has
    its front face's (CR 712.8e)."""
    o = state.objects[oid]
    ch = characteristics(state, oid)
    if o.face_down or o.card is None or o.choices.get("token_def") is not None:
        return ch.mana_cost.mana_value(o.x) if ch.mana_cost is not None else 0
    if o.zone is Zone.STACK:
        return ch.mana_cost.mana_value(o.x) if ch.mana_cost is not None else 0
    if o.card.is_split:
        return o.card.mana_value()
    face = o.card.faces[1 if o.transformed and len(o.card.faces) > 1 else o.face]
    return o.card.face_mana_value(face)
