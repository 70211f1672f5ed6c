"""One-shot effects on the hidden and card zones (CR 401 library, 402 hand, 404 graveyard):
putting an object into its owner's library at a position, exiling the top cards of a library
for a player to play for a while (impulse draw), looking at a player's hand.

Part of the card vocabulary (``cards.vocabulary``); annotations name any of its classes
(``cards.definitions`` resolves them in the whole vocabulary). Resolved by
``effects.resolutions.card_zones``."""
from __future__ import annotations

from dataclasses import dataclass

from .targets import Quantity, Ref


@dataclass(frozen=True, slots=True)
class PutIntoLibrary:
    """ "Put target creature on top of its owner's library" (``from_top`` 1), "... second from
    the top" (2), "... third from the top" (3, Teferi, Hero of Dominaria): into its owner's
    library, ``from_top`` - 1 cards above it (CR 401.7: on the bottom if fewer are there)."""

    what: Ref
    from_top: int = 1


@dataclass(frozen=True, slots=True)
class ExileTopToPlay:
    """ "Exile the top N cards of [who]'s library. Until [end of turn | the end of your next
    turn], you may [play | cast] those cards." (impulse draw; Ragavan): each card exiled this way
    may be played (``lands``: lands too; else only cast) by the effect's controller until then
    (CR 601.3, 305.1: a permission of the effect; the card keeps it while it stays in exile,
    CR 400.7). ``until``: "turn" (this turn) or "next_turn" (through the controller's next turn)."""

    who: Ref
    amount: Quantity = Quantity(fixed=1)
    until: str = "turn"
    lands: bool = True


@dataclass(frozen=True, slots=True)
class LookAtCards:
    """ "Look at target player's hand" (Gitaxian Probe, Peek), "Look at the top card of target
    player's library" (``top`` 1: Mishra's Bauble): the cards are shown to the effect's controller
    only (CR 701.20e, 402.3, 401.2); they stay where they are."""

    who: Ref
    top: int = 0


@dataclass(frozen=True, slots=True)
class DiscardHand:
    """ "Discard your hand", "Each player discards their hand" (Wheel of Fortune): every card of the
    hand is discarded (CR 701.9a), all at once."""

    who: Ref


@dataclass(frozen=True, slots=True)
class ShuffleZonesIntoLibrary:
    """ "Target player shuffles their graveyard into their library" (Reminisce), "Each player shuffles
    their hand and graveyard into their library" (Timetwister): the cards of those zones are put into
    the library, which is then shuffled — even if there were none (CR 701.24a, 701.24d)."""

    who: Ref
    hand: bool = False
    graveyard: bool = True
