"""What an Aura or Equipment can be attached to (CR 301.5, 303.4a, 701.3a): read when an effect
attaches it (``resolutions.permanents.attach``) and when an Aura enters the battlefield other
than by resolving (``primitives``, CR 303.4f).
"""
from __future__ import annotations

from typing import Any

from ..core.enums import Zone
from .layers import characteristics, matches


def can_attach(g: Any, what: int, to: int) -> bool:
    """CR 301.5, 303.4a, 701.3a: an Equipment can equip a creature (not itself, and not while it is a
    creature, CR 301.5c, unless it has reconfigure, 702.151a); an Aura can enchant what its enchant ability allows."""
    if to not in g.objects or g.objects[to].zone is not Zone.BATTLEFIELD or to == what:
        return False
    ch = characteristics(g, what)
    if "Equipment" in ch.subtypes:
        return ("Creature" not in ch.types or "reconfigure" in ch.keywords) and "Creature" in characteristics(g, to).types
    if "Aura" in ch.subtypes:
        return ch.script.enchant is None or matches(g, to, ch.script.enchant, ch.controller)
    return False
