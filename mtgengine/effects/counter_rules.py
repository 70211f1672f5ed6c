"""Counters with rules of their own that make replacement effects (CR 122.1c, 122.1h).

Shield counters (CR 122.1c): "If this permanent would be destroyed as the result of an effect,
instead remove a shield counter from it" (carried out by ``resolutions.zones.destroy``) and "If
damage would be dealt to this permanent, prevent that damage and remove a shield counter from
it", a prevention effect of the replacement pipeline (``replacement``, CR 615).

One or more shield counters make a single prevention effect: combat damage dealt to the
permanent at once (CR 510.2) is all prevented, and one counter is removed; the permanents whose
counter went in this combat damage step are noted in ``g.combat``.

Finality counters (CR 122.1h): "If this permanent would be put into a graveyard from the
battlefield, exile it instead" — a replacement effect of the pipeline for its "dies" event.
"""
from __future__ import annotations

from typing import Any

from ..cards.vocabulary import ReplacementAbility, RemoveCounters, SELF, n

#: The prevention effect of a permanent's shield counters.
SHIELD = ReplacementAbility("damage", prevent=True, also=(RemoveCounters(SELF, "shield", n(1)),),
                            text="shield counter: prevent that damage and remove a shield counter (CR 122.1c)")
#: The same effect for the rest of the combat damage dealt at once, its counter already removed.
SHIELD_SPENT = ReplacementAbility("damage", prevent=True,
                                  text="shield counter: prevent that damage (dealt at once, CR 122.1c, 510.2)")


def shield_effect(g: Any, event: Any) -> ReplacementAbility | None:
    """The shield prevention effect that applies to damage ``event``, if any."""
    o = g.objects.get(event.target)
    if o is None:
        return None
    if event.combat and (event.target, g.step.value) in g.combat.get("shielded", ()):
        return SHIELD_SPENT
    return SHIELD if o.counters.get("shield") else None


def note_shield_used(g: Any, event: Any) -> None:
    """Combat damage prevented by a shield counter: the rest dealt at once is prevented too."""
    if event.combat:
        g.combat = {**g.combat, "shielded": tuple(g.combat.get("shielded", ())) + ((event.target, g.step.value),)}


#: The replacement effect of a permanent's finality counters (CR 122.1h).
FINALITY = ReplacementAbility("dies", exile=True, text="finality counter: exile it instead (CR 122.1h)")


def finality_effect(g: Any, event: Any) -> ReplacementAbility | None:
    """The finality effect that applies to a permanent about to die (``event``), if any."""
    o = g.objects.get(event.oid)
    return FINALITY if o is not None and o.counters.get("finality") else None
