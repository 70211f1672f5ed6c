"""Aftermath (CR 702.127): a split card's half that is cast from a graveyard only.

"Aftermath" means "You may cast this half of this split card from your graveyard," "This half
of this split card can't be cast from any zone other than a graveyard," and "If this spell was
cast from a graveyard, exile it instead of putting it anywhere else any time it would leave the
stack" (CR 702.127a). The other half is cast as any split card's half (CR 709.3); the exile is
the replacement ``effects.replacement`` applies to a spell marked ``choices["aftermath"]``.
"""
from __future__ import annotations

from typing import Any

from ..cards.scripts import face_script
from ..core.enums import Zone
from ..core.errors import IllegalActionError

AFTERMATH = "aftermath"


def is_aftermath_half(card: Any, face: int) -> bool:
    """Whether half ``face`` of ``card`` has aftermath (CR 702.127a)."""
    return card is not None and card.layout == AFTERMATH and 0 <= face < len(card.faces) \
        and AFTERMATH in face_script(card.faces[face]).keywords


def castable_from(card: Any, face: int, zone: Zone) -> bool:
    """Whether half ``face`` may be cast from ``zone`` as far as aftermath says: an aftermath half
    only from a graveyard (CR 702.127a); the other halves as usual."""
    return zone is Zone.GRAVEYARD if is_aftermath_half(card, face) else True


def permission(card: Any, face: int, from_zone: Zone, owner: int, player: int) -> bool:
    """CR 702.127a: whether this cast is allowed by aftermath (an aftermath half from its
    owner's graveyard, by its owner); raises if an aftermath half is cast from another zone."""
    if not is_aftermath_half(card, face):
        return False
    if from_zone is not Zone.GRAVEYARD:
        raise IllegalActionError(f"{card.faces[face].name} has aftermath: it can be cast only from a graveyard "
                                 "(CR 702.127a)")
    return owner == player
