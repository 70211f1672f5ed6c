"""Which cards the engine implements: every ability of every face compiles (issue 4)."""
from __future__ import annotations

from collections import Counter
from typing import Any

from .database import CardData, card_db

#: Layouts whose card-level rules (casting a half, transforming...) the engine plays.
SUPPORTED_LAYOUTS = frozenset({"normal", "split", "adventure", "modal_dfc", "transform",
                               "meld"})      # meld: CR 701.42, 712.4, 712.8g, 712.21


def face_script(face: Any) -> Any:
    """The face's abilities as the engine plays them (compiled text plus card definitions)."""
    from ..effects.layers import face_script as script_of   # cards/ must not import effects/ at load
    return script_of(face)


def missing(card: CardData) -> list[str]:
    """What keeps ``card`` from being fully implemented (empty: it is)."""
    out: list[str] = []
    if card.layout not in SUPPORTED_LAYOUTS and not (
            card.layout == "class" and all(face_script(face).class_levels for face in card.faces)):
        # a Class plays by its level bars (CR 716) once they are written (``class_levels``)
        out.append(f"the {card.layout} layout is not supported yet")
    for face in card.faces:
        script = face_script(face)
        out.extend(f"{face.name}: {text}" for _n, text in script.unimplemented)
        if script.spell is not None:
            out.extend(f"{face.name}: {m.text}" for m in script.spell.modes if not m.implemented)
        if "Aura" in face.subtypes and script.enchant is None:
            out.append(f"{face.name}: its enchant ability")
    return out


def is_implemented(card: CardData) -> bool:
    return not missing(card)


def coverage() -> dict[str, Any]:
    """Counts of fully implemented cards by layout, and their names."""
    db = card_db()
    total: Counter[str] = Counter()
    done: Counter[str] = Counter()
    names: list[str] = []
    for name in db.names():
        card = db.get(name)
        total[card.layout] += 1
        if is_implemented(card):
            done[card.layout] += 1
            names.append(card.name)
    return {"implemented": len(names), "total": sum(total.values()),
            "by_layout": {k: {"implemented": done[k], "total": total[k]} for k in sorted(total)},
            "names": names}
