"""One-shot effects (CR 610): the game actions a spell or ability performs, first part.

Part of the card vocabulary (``cards.vocabulary``); annotations name any of its classes
(``cards.definitions`` resolves them in the whole vocabulary)."""
from __future__ import annotations

from dataclasses import dataclass

from .targets import Quantity, Ref


# -- effects ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DealDamage:
    """CR 120: the source deals damage. ``divided``: the amount is divided among the targets
    of ``to``'s target phrase as announced while casting (CR 601.2d); ``evenly``: "divided
    evenly, rounded down, among any number of targets" (Fireball): each target is dealt the
    amount divided by the number of targets chosen, even if some have become illegal.
    ``source``: the creature that deals it when that isn't the spell or ability ("Target
    creature you control deals damage equal to its power to target creature an opponent
    controls", CR 120.3); none is dealt if it is gone or an illegal target (CR 608.2b)."""

    amount: Quantity
    to: Ref
    divided: bool = False
    evenly: bool = False
    source: Ref | None = None


@dataclass(frozen=True, slots=True)
class Draw:
    """CR 121."""

    who: Ref
    amount: Quantity


@dataclass(frozen=True, slots=True)
class GainLife:
    """CR 119.3."""

    who: Ref
    amount: Quantity


@dataclass(frozen=True, slots=True)
class LoseLife:
    """CR 119.3."""

    who: Ref
    amount: Quantity


@dataclass(frozen=True, slots=True)
class Destroy:
    """CR 701.8. ``no_regenerate``: "It can't be regenerated" (CR 701.19c)."""

    what: Ref
    no_regenerate: bool = False


@dataclass(frozen=True, slots=True)
class Regenerate:
    """CR 701.19a: a regeneration shield — the next time the permanent would be destroyed this
    turn, instead remove its damage, tap it and remove it from combat."""

    what: Ref


@dataclass(frozen=True, slots=True)
class Exile:
    """CR 701.13 (move to exile). ``link``: the cards it exiles are recorded as exiled with the
    source, for the abilities linked to this one (CR 607.2a); ``until_leaves``: "until ~ leaves the
    battlefield" — they return the moment it leaves (CR 610.3), and if it left before this
    resolves they aren't exiled (610.3a-b)."""

    what: Ref
    link: str = ""
    until_leaves: bool = False


@dataclass(frozen=True, slots=True)
class ReturnToHand:
    """Return to its owner's hand."""

    what: Ref


@dataclass(frozen=True, slots=True)
class CounterSpell:
    """CR 701.6: counter a spell or ability. ``unless_pays``: "unless its controller pays
    {N}" (CR 118.12a): that player may pay this mana cost ("{X}": the resolving spell's X).
    ``to``: where a spell countered this way goes instead of its owner's graveyard
    ("library": on top of its owner's library, Memory Lapse; "hand": Remand; "exile":
    Dissipate)."""

    what: Ref
    unless_pays: str = ""
    to: str = ""


@dataclass(frozen=True, slots=True)
class Pump:
    """+N/+N (CR 613.4c) and keyword grants (layer 6), until end of turn unless permanent."""

    what: Ref
    power: int = 0
    toughness: int = 0
    keywords: frozenset[str] = frozenset()
    until_end_of_turn: bool = True
    x_sign: int = 0                  # +X/+X style: sign of X added to power and toughness
    x_power: int = 0                 # +X/+0: sign of X added to power only
    x_toughness: int = 0             # +0/+X: sign of X added to toughness only
    x_value: Quantity | None = None  # "where X is ..." (as it resolves, for each object); else the spell's X
    lasts: tuple[str, ...] = ()      # "for as long as ..." (CR 611.2b), as ``GainControl.lasts``
    in_graveyard: bool = False       # a card in a graveyard "gains flashback until end of turn" (Snapcaster Mage)
    until_next_turn: bool = False    # "until your next turn": until its controller's next turn begins


@dataclass(frozen=True, slots=True)
class TapUntap:
    """Tap or untap (CR 701.26). ``up_to``: the controller chooses up to that many of ``what``
    as it resolves ("Untap up to three lands", Frantic Search)."""

    what: Ref
    tap: bool = True
    up_to: int = 0


@dataclass(frozen=True, slots=True)
class NoRegenerationThisTurn:
    """ "A creature dealt damage this way can't be regenerated this turn" (Incinerate): each
    creature this resolution dealt damage to can't be regenerated for the rest of the turn
    (CR 701.19c)."""


@dataclass(frozen=True, slots=True)
class ExileIfDies:
    """ "If that creature would die this turn, exile it instead" (Magma Spray, Anger of the Gods):
    a replacement effect for the rest of the turn (CR 614.1a, 700.4) on ``what`` (None: each
    creature dealt damage by this resolution, "a creature dealt damage this way")."""

    what: Ref | None = None


@dataclass(frozen=True, slots=True)
class BecomeColor:
    """ "~ becomes the color of your choice until end of turn" (Spiritmonger): the color is
    chosen as it resolves (CR 608.2d); layer 5 (CR 613.1e)."""

    what: Ref


@dataclass(frozen=True, slots=True)
class ExtraTurn:
    """ "Take an extra turn after this one" (CR 500.7): ``who`` takes it."""

    who: Ref


@dataclass(frozen=True, slots=True)
class LookAtTop:
    """ "Look at the top N cards of your library" (CR 401.2 allows it only by an effect):
    ``to_hand`` of them (chosen) go into the hand, the rest go to ``rest`` — "top" (any order,
    Ponder), "bottom" (any order, Impulse) or "graveyard" (Forbidden Alchemy), or "stay" where they
    are, in their order (no instruction moves them). ``may_shuffle``:
    "You may shuffle." afterwards (CR 701.24a)."""

    who: Ref
    amount: Quantity
    to_hand: int = 0
    rest: str = "top"
    may_shuffle: bool = False
    piles: bool = False   # Fact or Fiction: revealed; an opponent separates them into two piles, one pile
                          # goes into the hand and the other into the graveyard (``rest``)
    filter: Filter | None = None   # "you may reveal a creature card from among them and put it into your hand":
                                   # up to ``to_hand`` of the cards matching it (none allowed)
    random_order: bool = False     # "put the rest on the bottom of your library in a random order"
    take_all: bool = False         # "Put all creature cards revealed this way into your hand": every card
                                   # matching ``filter`` goes, none chosen
    reveal: str = ""               # "all": "Reveal the top N cards" (CR 701.20a); "chosen": the cards put
                                   # into the hand are revealed ("you may reveal ... and put it into your hand")


@dataclass(frozen=True, slots=True)
class ManaRestriction:
    """How mana may be spent (CR 106.6): "Spend this mana only to cast artifact spells" (``spell``:
    the spells it may pay for; ``cast_only``: not for abilities), "... or activate abilities of
    colorless Eldrazi" (``ability``: the sources whose abilities it may pay for), "This mana can't
    be spent to cast nonartifact spells" (``spell`` only, abilities allowed). ``multicolored``:
    the spell must be multicolored (CR 105.4). ``spell.chosen_type`` names the link of a type
    chosen as the source entered (Cavern of Souls), read as the mana is produced. A rider
    (CR 106.6): ``uncounterable``, the spells that can't be countered when this mana is spent
    on them ("that spell can't be countered"; an empty filter: any). It doesn't change the
    mana's type (CR 106.6)."""

    text: str
    spell: Filter | None = None
    cast_only: bool = True
    ability: Filter | None = None
    multicolored: bool = False
    uncounterable: Filter | None = None
    no_spells: bool = False         # "Spend this mana only to activate abilities": no spell at all
    lasts: str = ""                 # "Until end of turn, you don't lose this mana as steps and phases end"
                                    # ("turn"; firebending's "until end of combat": "combat"): the pool
                                    # keeps it as steps end until then (CR 106.4, 702.189a)


#: ``AddMana.link`` of "one mana of any color in your commander's color identity" (Command Tower):
#: not a linked record but the colors of the controller's commanders' color identity (CR 903.4).
COMMANDER_IDENTITY = "commander's color identity"
#: ``ReplacementAbility.enters_counters`` of sunburst (CR 702.44a): +1/+1 counters if the permanent
#: enters as a creature, else charge counters.
SUNBURST = "sunburst"
#: ``AddMana.link`` of "one mana of any color that a land an opponent controls could produce"
#: (Exotic Orchard) and "... any type that a land you control could produce" (Reflecting Pool), by
#: (color or type, whose lands): the mana those lands' mana abilities could produce (CR 106.7).
LANDS_COULD_PRODUCE = {("color", "an opponent"): "colors an opponent's land could produce",
                       ("color", "you"): "colors a land you control could produce",
                       ("type", "an opponent"): "types an opponent's land could produce",
                       ("type", "you"): "types a land you control could produce"}


@dataclass(frozen=True, slots=True)
class AddMana:
    """CR 106: add mana. ``choice`` lists alternatives ("{R} or {G}", any color)."""

    mana: tuple[str, ...] = ()                 # fixed symbols added together
    choice: tuple[str, ...] = ()               # add one of these
    amount: int = 1
    produced: bool = False                     # "one mana of any type that land produced" (a triggered
                                               # mana ability, CR 605.1b: the mana the land just produced)
    link: str = ""                             # "of the chosen color" / "of any of the exiled card's colors":
                                               # a color in the source's record, or a color of a linked
                                               # object (CR 607.2a, 607.2d); none: no mana (CR 607.5a)
    restriction: ManaRestriction | None = None # "Spend this mana only ..." (CR 106.6)
    per: Filter | None = None                  # "Add {U} for each artifact you control" (Tolarian Academy):
                                               # ``amount`` times the permanents matching, counted as it
                                               # resolves (CR 106.3, 608.2h)
    combos: tuple[str, ...] = ()               # "Add {W}{W}, {W}{U}, or {U}{U}" (the filter lands): one of
                                               # these strings of mana symbols, chosen (CR 106.1)
    any_combination: bool = False              # "two mana in any combination of {W} and/or {U}" / "of
                                               # colors": each mana chosen separately from ``choice``
    count: Quantity | None = None              # how many (instead of ``amount``) as it resolves: "X mana
                                               # of any one color, where X is ~'s power" (CR 107.3a), an
                                               # amount of {G} equal to it; X alone: the ability's X,
                                               # announced with its cost ("Remove X storage counters")


@dataclass(frozen=True, slots=True)
class PutCounters:
    """CR 122.1: put counters on an object."""

    what: Ref
    kind: str
    amount: Quantity


@dataclass(frozen=True, slots=True)
class CreateToken:
    """CR 111.1: create tokens with the given characteristics."""

    amount: Quantity
    name: str
    power: int
    toughness: int
    colors: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    keywords: frozenset[str] = frozenset()
    pt: Quantity | None = None       # "an X/X ... token, where X is ...": power and toughness as it resolves
    who: Ref | None = None           # who creates them (CR 111.2: and controls them); None: the controller
    text: str = ""                   # its rules text: a predefined token's abilities (CR 111.10)
    tapped: bool = False             # "create a tapped Powerstone token": it enters tapped (CR 111.1, 110.5b)
    #: "... token that's tapped and attacking [that player]": put onto the battlefield attacking
    #: (CR 508.4), what it attacks being ``attacking_whom`` if given, else its controller's choice
    attacking: bool = False
    attacking_whom: Ref | None = None
    back: CreateToken | None = None  # a double-faced token's back face (CR 111.10i: an Incubator's Phyrexian)
    counters: Quantity | None = None  # it enters with that many +1/+1 counters (CR 701.53a: incubate N)


@dataclass(frozen=True, slots=True)
class Discard:
    """CR 701.9: ``who`` discards ``amount`` cards of their choice; with ``chooser`` "you", the
    effect's controller chooses them among the cards matching ``filter`` after the player
    reveals their hand (Duress, CR 701.9b, 701.20a)."""

    who: Ref
    amount: Quantity
    chooser: str = ""
    filter: Filter | None = None


@dataclass(frozen=True, slots=True)
class Mill:
    who: Ref
    amount: Quantity


@dataclass(frozen=True, slots=True)
class DamageCantBePrevented:
    """CR 615.12: damage can't be prevented this turn. ``life``: instead, players can't gain
    life this turn (CR 119.7, Skullcrack)."""

    life: bool = False


@dataclass(frozen=True, slots=True)
class Scry:
    """CR 701.22a: look at the top N cards, put any number on the bottom and the rest on top,
    each group in any order. ``surveil``: any number go to the graveyard instead (CR 701.25a)."""

    who: Ref
    amount: Quantity
    surveil: bool = False
    library: "Ref | None" = None   # whose library, when not ``who``'s: fateseal (CR 701.29a), Jace's +2


@dataclass(frozen=True, slots=True)
class Fight:
    """CR 701.14a: each creature deals damage equal to its power to the other."""

    first: Ref
    second: Ref


@dataclass(frozen=True, slots=True)
class Sacrifice:
    """CR 701.21a: each player ``who`` sacrifices ``amount`` permanents matching ``filter``
    that they control, chosen by them."""

    who: Ref
    filter: Filter
    amount: Quantity = Quantity(fixed=1)


@dataclass(frozen=True, slots=True)
class Search:
    """CR 701.23: ``who`` searches their library for up to ``amount`` cards matching ``filter``
    (they may find fewer, CR 701.23b), puts them ``to`` "battlefield" (``tapped``), "hand" or
    "graveyard" (Entomb), then shuffles (CR 701.24a); or ``to`` "top": shuffles, then puts them
    on top (Vampiric Tutor). ``optional``: "may search" (CR 701.23g)."""

    who: Ref
    filter: Filter
    to: str = "hand"
    tapped: bool = False
    amount: int = 1
    optional: bool = False
    one_to_battlefield: bool = False   # "put one onto the battlefield tapped and the other into your hand" (Cultivate)
    named_self: bool = False           # "cards named ~": with the resolving source's name (Squadron Hawk)
    same_mana_value: bool = False    # "a card with the same mana value as the discarded card" (transmute,
                                     # CR 702.53a): the source's, as it last existed
    named: str = ""                  # "a card named [name]" (partner with, CR 702.124j): that English name


@dataclass(frozen=True, slots=True)
class ReturnToBattlefield:
    """Put a card (e.g. from a graveyard) onto the battlefield; it enters under the control of
    the player the effect instructs, the effect's controller (CR 110.2a)."""

    what: Ref
    tapped: bool = False
    under_owner: bool = False        # "under its owner's control" (else the effect's controller's)
    counter: str = ""                # "with a +1/+1 counter on it": its kind (CR 122.6)
    counter_amount: int = 1
    transformed: bool = False        # "return it ... transformed": it enters with its back face up (CR 712.14a)
    exile_if_leaves: bool = False    # "If it would leave the battlefield, exile it instead of putting it anywhere
                                     # else" (unearth, CR 702.84a): a replacement effect on the permanent it becomes


@dataclass(frozen=True, slots=True)
class Attach:
    """CR 701.3a: attach the Aura or Equipment ``what`` to ``to``. It doesn't move if it can't
    legally be attached to that object or is already attached to it (CR 701.3b); attached to
    a new object, it gets a new timestamp (CR 701.3c). Equip (CR 702.6a) is
    ``Attach(to={target: 0})`` with a "target creature you control"."""

    to: Ref
    what: Ref = Ref("self")


@dataclass(frozen=True, slots=True)
class Unattach:
    """CR 701.3d: ``what`` (an Equipment) stays on the battlefield, attached to nothing."""

    what: Ref = Ref("self")


@dataclass(frozen=True, slots=True)
class GainControl:
    """A control-changing effect (layer 2, CR 613.1b): the effect's controller gains control
    of ``what``, until end of turn (CR 514.2) or indefinitely, or "for as long as" each of
    ``lasts`` holds (CR 611.2b): "source_on_battlefield" (~ remains on the battlefield),
    "you_control_source" (you control ~), "source_tapped" (~ remains tapped)."""

    what: Ref
    until_end_of_turn: bool = False
    lasts: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SacrificePermanent:
    """CR 701.21a: "Sacrifice ~" — the effect's controller sacrifices ``what`` if they control it."""

    what: Ref = Ref("self")


@dataclass(frozen=True, slots=True)
class LoseGame:
    """CR 104.3e: an effect states that a player loses the game: each player ``who`` refers to."""

    who: Ref = Ref("you")


@dataclass(frozen=True, slots=True)
class WinGame:
    """CR 104.2b: the effect's controller wins the game."""
