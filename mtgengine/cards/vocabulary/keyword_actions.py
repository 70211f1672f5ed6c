"""One-shot effects of keyword abilities of permanents and of keyword actions (CR 702, 701):
fabricate's choice, renown's designation, monstrosity, cumulative upkeep, extort's drain, bolster, amass,
connive.

Part of the card vocabulary (``cards.vocabulary``); annotations name any of its classes
(``cards.definitions`` resolves them in the whole vocabulary). Resolved by
``effects.resolutions.keyword_actions``."""
from __future__ import annotations

from dataclasses import dataclass

from .targets import Quantity, Ref


@dataclass(frozen=True, slots=True)
class MayElse:
    """ "You may [effects]. If you don't, [otherwise]." (fabricate, CR 702.123a): the ability's
    controller chooses as it resolves; ``prompt`` says what the "you may" does."""

    effects: tuple["Effect", ...]
    otherwise: tuple["Effect", ...]
    prompt: str = ""


@dataclass(frozen=True, slots=True)
class Designate:
    """``what`` becomes ``designation`` ("renowned", CR 702.112b): a marker of the permanent that
    is neither an ability nor a copiable value, kept until it leaves the battlefield."""

    what: Ref
    designation: str


@dataclass(frozen=True, slots=True)
class Monstrosity:
    """CR 701.37a: "Monstrosity N": if the source isn't monstrous, put ``amount`` +1/+1 counters on
    it and it becomes monstrous (a designation kept until it leaves the battlefield, CR 701.37b)."""

    amount: Quantity


@dataclass(frozen=True, slots=True)
class Clash:
    """CR 701.30b: "clash with an opponent": you and an opponent you choose each reveal the top card
    of your libraries and may put it on the bottom (CR 701.30a, 701.30c); ``won``: the effects of
    "If you win, ..." (a higher mana value than every other card revealed, CR 701.30d)."""

    won: tuple["Effect", ...] = ()


@dataclass(frozen=True, slots=True)
class CumulativeUpkeep:
    """CR 702.24a: put an age counter on the source, then its controller may pay [cost] for each
    age counter on it; if they don't, they sacrifice it. [cost] is ``mana`` and/or ``life``
    (the whole set is paid or none of it)."""

    mana: str = ""
    life: int = 0


@dataclass(frozen=True, slots=True)
class Drain:
    """Extort's "each opponent loses [amount] life and you gain life equal to the total life
    lost this way" (CR 702.101a)."""

    amount: Quantity


@dataclass(frozen=True, slots=True)
class Bolster:
    """CR 701.39a: choose a creature you control with the least toughness among creatures you
    control; put ``amount`` +1/+1 counters on it."""

    amount: Quantity


@dataclass(frozen=True, slots=True)
class Amass:
    """CR 701.47a: amass [subtype] N: if you control no Army creature, create a 0/0 black
    [subtype] Army creature token; choose an Army creature you control, put N +1/+1 counters on
    it, and it becomes a [subtype] in addition to its other types."""

    subtype: str
    amount: Quantity


@dataclass(frozen=True, slots=True)
class Connive:
    """CR 701.50a: ``what`` connives: its controller draws a card, then discards a card; if a
    nonland card is discarded, they put a +1/+1 counter on it (CR 701.50c: even if it has left)."""

    what: Ref


@dataclass(frozen=True, slots=True)
class BackupGrant:
    """Backup's "If that's another creature, it also gains the non-backup abilities of this
    creature printed below this one until end of turn" (CR 702.165a): ``mods`` (layer 6) apply to
    ``what`` until end of turn unless it is the source itself. ``below``: where the abilities
    printed after the backup paragraph start in the face's lists (triggered, activated, static,
    replacement, player static) and the keywords printed before it — filled in by the compiler
    once the whole face is read (``compiler.permanent_keywords.with_backup``)."""

    what: Ref
    mods: tuple["Modification", ...] = ()
    below: tuple[int, ...] = ()
    keywords_before: frozenset[str] = frozenset()
    paragraph: int = 0


@dataclass(frozen=True, slots=True)
class Learn:
    """CR 701.48a: "You may discard a card. If you do, draw a card. If you didn't discard a card,
    you may reveal a Lesson card you own from outside the game and put it into your hand." """


@dataclass(frozen=True, slots=True)
class Myriad:
    """CR 702.116a: "for each opponent other than defending player, you may create a token that's a
    copy of this creature that's tapped and attacking that player or a planeswalker they control.
    If one or more tokens are created this way, exile the tokens at end of combat." (Each token
    attacks the player.)"""
