"""Choices made as a permanent enters (CR 614.12, 614.1c) and the abilities linked to them (CR
607.2d): "As ~ enters, choose a color / a creature type / a basic land type / a [nonland] card
name", read by the card's other abilities as "the chosen color", "creatures of the chosen type",
"spells with the chosen name".

The other paragraphs are compiled before the choice's link is known: the grammar writes a
placeholder link of the choice's kind (``CHOSEN_COLOR``, ``CHOSEN_TYPE``, ``CHOSEN_NAME``), and
:func:`with_choices` renames it to the link of the card's choice of that kind (named after the
card and the choosing paragraph, as ``links.link_name``). A placeholder the card makes no choice
for (or two choices of one kind) leaves the card unimplemented: nothing would be chosen for it.
The record is the object's, so a new object after a zone change has none (CR 400.7).
"""
from __future__ import annotations

import dataclasses
import re
from typing import Any

from .lexicon import CHOSEN_COLOR, CHOSEN_NAME, CHOSEN_PROTECTION, CHOSEN_TYPE
from .links import link_name
from .script_builder import ScriptBuilder
from .text import Span, fullmatch
from ..vocabulary import CardScript, Choose, Filter


#: The choice's words -> (Choose kind, filter of the names allowed).
_KINDS: dict[str, tuple[str, Filter | None]] = {
    "a color": ("color", None),
    "a creature type": ("creature_type", None),
    "a basic land type": ("basic_land_type", None),
    "a card name": ("card_name", None),
    "a nonland card name": ("card_name", Filter(not_types=frozenset({"Land"}))),
}
#: The placeholder that stands for each kind of choice ("the chosen type": a creature or land type).
_PLACEHOLDERS = {"color": CHOSEN_COLOR, "creature_type": CHOSEN_TYPE, "basic_land_type": CHOSEN_TYPE,
                 "card_name": CHOSEN_NAME}
_AS_ENTERS = r"as ~ enters(?: the battlefield)?, choose (a color|a creature type|a basic land type|a card name" \
             r"|a nonland card name)\."
#: The fields of vocabulary values that name a link (as ``effects.link_records.LINK_FIELDS``).
_LINK_FIELDS = ("link", "chosen_color", "chosen_name", "chosen_type")


def read_as_enters_choice(para: Span, face: ScriptBuilder) -> bool:
    """ "As ~ enters, choose a color." (CR 614.12): the choice is made as the permanent enters,
    before anything sees it, and recorded for it (CR 607.2d)."""
    if face.is_spell:
        return False
    m = fullmatch(_AS_ENTERS, para, re.I)
    if m is None:
        return False
    m.consume()
    kind, names = _KINDS[m.group(1).lower()]
    face.as_enters.append(Choose(link_name(face.name, face.number), kind, filter=names))
    return True


def with_choices(script: CardScript) -> CardScript:
    """The script with each placeholder renamed to the link of its choice (see the module
    docstring); unimplemented if a placeholder has no single choice of its kind."""
    links: dict[str, list[str]] = {}
    for eff in script.as_enters:
        if isinstance(eff, Choose) and eff.kind in _PLACEHOLDERS:
            links.setdefault(_PLACEHOLDERS[eff.kind], []).append(eff.link)
    used: set[str] = set()
    renamed = _rename(script, {k: v[0] for k, v in links.items() if len(v) == 1}, used)
    if CHOSEN_PROTECTION in script.keywords:
        used.add("?chosen:printed protection")      # (only a static ability reads its source's choice)
    missing = used - {k for k, v in links.items() if len(v) == 1}
    if not missing:
        return renamed
    return dataclasses.replace(script, unimplemented=script.unimplemented + tuple(
        (0, f"the chosen {p.split(':')[1]} is never chosen as it enters") for p in sorted(missing)))


def _rename(value: Any, names: dict[str, str], used: set[str]) -> Any:
    if isinstance(value, frozenset):
        if CHOSEN_PROTECTION in value:
            used.add(CHOSEN_COLOR)                  # a static's keyword (``effects.layer_effects``)
        return value
    if isinstance(value, tuple):
        items = tuple(_rename(v, names, used) for v in value)
        return items if any(a is not b for a, b in zip(items, value)) else value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            if f.name in _LINK_FIELDS and isinstance(v, str) and v.startswith("?chosen:"):
                used.add(v)
                if v in names:
                    changes[f.name] = names[v]
            elif isinstance(v, (tuple, frozenset)) or (dataclasses.is_dataclass(v) and not isinstance(v, type)):
                new = _rename(v, names, used)
                if new is not v:
                    changes[f.name] = new
        return dataclasses.replace(value, **changes) if changes else value
    return value
