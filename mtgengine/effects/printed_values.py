"""The printed characteristics of a card's faces (CR 707.2: what copiable values start from),
compiled once per face: one face; a split card's halves combined off the stack (CR 709.4); a
Room permanent with no door unlocked (CR 709.5); a melded permanent's combined back face
(CR 712.4a, 712.8g). ``layers`` applies the continuous effects to them."""
from __future__ import annotations

import re
from dataclasses import fields, is_dataclass, replace
from typing import Any

from ..cards.compiler.lexicon import BASIC_LAND_MANA
from ..cards.database import card_db, meld_parts
from ..cards.scripts import face_script
from ..cards.vocabulary import ActivatedAbility, AddMana, CardScript, Cost, Ref, SpellAbility
from .characteristics import Characteristics

_EMPTY: frozenset[str] = frozenset()


def _int(value: str | None) -> int | None:
    """Printed P/T: "*" counts as 0 until a characteristic-defining ability says more (CR 208.2a)."""
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        # "1+*", "7-*", "*": the number with * as 0 (CR 208.2a)
        m = re.match(r"^([+-]?\d+)", value)
        return int(m.group(1)) if m else 0


_BASIC_ABILITY = {
    t: ActivatedAbility(Cost(tap=True), (AddMana(mana=(m,)),), text=f"{{T}}: Add {{{m}}}.", is_mana=True)
    for t, m in BASIC_LAND_MANA.items()
}
_ALL_BASIC_ABILITIES = frozenset(_BASIC_ABILITY.values())


def _basic_land_abilities(subtypes: frozenset[str]) -> tuple[ActivatedAbility, ...]:
    """CR 305.6: a basic land type gives "{T}: Add [its mana]"."""
    return tuple(_BASIC_ABILITY[t] for t in sorted(subtypes) if t in _BASIC_ABILITY)


_BASE: dict[tuple[str, int], Characteristics] = {}


COMBINED = -1   # face index of a split card's two halves combined (CR 709.4)
LOCKED = -2     # a Room permanent with neither half unlocked: only the shared type line (CR 709.5)


def _combined(card: Any) -> Characteristics:
    """CR 709.4: off the stack a split card has both names, the combined mana cost (and so
    the colors and mana value of it, 709.4b), each half's types (709.4c) and abilities."""
    halves = [printed(card, i) for i in range(len(card.faces))]
    script = CardScript(
        keywords=frozenset().union(*(h.script.keywords for h in halves)),
        activated=tuple(a for h in halves for a in h.script.activated),
        triggered=tuple(a for h in halves for a in h.script.triggered),
        static=tuple(a for h in halves for a in h.script.static),
        replacements=tuple(a for h in halves for a in h.script.replacements),
        unimplemented=tuple(u for h in halves for u in h.script.unimplemented),
        spell=_fused_spell(halves),
    )
    return Characteristics(
        card.name, card.mana_cost, frozenset(card.colors), frozenset().union(*(h.supertypes for h in halves)),
        frozenset().union(*(h.types for h in halves)), frozenset().union(*(h.subtypes for h in halves)),
        script, script.keywords, None, None, None, 0, "\n//\n".join(h.text for h in halves),
    )


def _fused_spell(halves: list[Characteristics]) -> SpellAbility | None:
    """CR 702.102d: a fused split spell follows the left half's instructions, then the right
    half's; their targets are announced in that order, so the right half's target numbers
    follow the left half's."""
    spells = [h.script.spell for h in halves]
    if len(spells) != 2 or any(sp is None or sp.modes for sp in spells):
        return None
    left, right = spells
    assert left is not None and right is not None
    offset = len(left.targets)
    return SpellAbility(left.effects + _shift_targets(right.effects, offset), left.targets + right.targets,
                        left.text + "\n//\n" + right.text)


def _shift_targets(value: Any, offset: int) -> Any:
    """``value`` with every reference to target N made a reference to target N + offset."""
    if isinstance(value, Ref):
        if value.kind in ("target", "moved", "target_controller", "target_controls"):
            return replace(value, index=value.index + offset)
        return value
    if isinstance(value, tuple):
        return tuple(_shift_targets(v, offset) for v in value)
    if is_dataclass(value) and not isinstance(value, type):
        changed = {f.name: _shift_targets(getattr(value, f.name), offset) for f in fields(value)}
        if any(changed[k] is not getattr(value, k) for k in changed):
            return replace(value, **changed)
    return value


def printed(card: Any, index: int) -> Characteristics:
    """The printed characteristics of one face, compiled once per card face (CR 707.2)."""
    key = (card.name, index)
    base = _BASE.get(key)
    if base is None and index == COMBINED:
        base = _BASE[key] = _combined(card)
    if base is None and index == LOCKED:
        # CR 709.5: without an unlocked designation a half gives no name, mana cost or rules text;
        # the shared type line stays (709.5a)
        halves = [printed(card, i) for i in range(len(card.faces))]
        base = _BASE[key] = Characteristics(
            "", None, _EMPTY, frozenset().union(*(h.supertypes for h in halves)),
            frozenset().union(*(h.types for h in halves)), frozenset().union(*(h.subtypes for h in halves)),
            CardScript(), _EMPTY, None, None, None, 0, "")
    if base is None:
        face = card.faces[index]
        script = face_script(face)
        subtypes = frozenset(face.subtypes)
        base = Characteristics(
            face.name, face.mana_cost, frozenset(face.colors), frozenset(face.supertypes),
            frozenset(face.types), subtypes, script, script.keywords, _int(face.power),
            _int(face.toughness), _int(face.loyalty), 0, face.oracle_text or "",
        )
        if card.layout == "flip" and index == 0 and len(card.faces) == 2:
            base.flipped_half = printed(card, 1)    # CR 710.1b: the alternative characteristics
        _BASE[key] = base
    return base


def meld_result(card: Any) -> Any:
    """The card data of the melded permanent a meld card's pair becomes (CR 712.4a); the data
    stores the combined back face as a card of its own."""
    if card.meld and card.meld.get("role") == "part" and card.meld.get("result"):
        return card_db().get(card.meld["result"])
    return card


def meld_colors(result: Any) -> frozenset[str]:
    return frozenset(c for part in meld_parts(result.name) for c in part.front.colors)


def meld_front_total(result: Any) -> int:
    """A melded back face's mana value (CR 202.3c): its meld pair's front faces' total."""
    return sum(part.front.mana_value() for part in meld_parts(result.name))
