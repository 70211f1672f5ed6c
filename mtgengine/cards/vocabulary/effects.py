"""One-shot effects (CR 610), second part — delayed triggers, copies, choices, conditionals — and
the ``Effect`` union of all of them.

Part of the card vocabulary (``cards.vocabulary``); annotations name any of its classes
(``cards.definitions`` resolves them in the whole vocabulary)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .targets import Quantity, Ref
from .actions import (
    AddMana, Attach, BecomeColor, CounterSpell, CreateToken, DamageCantBePrevented, DealDamage,
    Destroy, Discard, Draw, Exile, ExileIfDies, ExtraTurn, Fight, GainControl, GainLife, LookAtTop,
    LoseLife, Mill, NoRegenerationThisTurn, Pump, PutCounters, Regenerate, ReturnToBattlefield, ReturnToHand, Sacrifice,
    SacrificePermanent, Scry, Search, TapUntap, Unattach, WinGame, LoseGame,
)
from .keyword_actions import Amass, BackupGrant, Bolster, Clash, Connive, CumulativeUpkeep, Designate, Drain, Learn, MayElse, Monstrosity, Myriad
from .card_zones import DiscardHand, ExileTopToPlay, LookAtCards, PutIntoLibrary, ShuffleZonesIntoLibrary
from .designations import BecomeDayNight, BecomeMonarch, IncreaseSpeed, TakeInitiative, Venture
from .land_plays import AdditionalLandPlays, CantPlayLands


@dataclass(frozen=True, slots=True)
class CreateDelayedTrigger:
    """CR 603.7: creates a delayed triggered ability ("At the beginning of the next end step,
    return that card ..."). It triggers once, the next time its event happens (CR 603.7b); its
    source and controller are those of the spell or ability that created it (CR 603.7d-e).
    ``remember``: the objects it refers to, fixed as it is created (its effects name them with
    ``{kind: remembered, index: i}``); if one has changed zones since, it isn't found (CR 603.7c)."""

    trigger: "Trigger"
    effects: tuple["Effect", ...]
    remember: Ref | None = None
    text: str = ""
    also: tuple[str, ...] = ()   # more events of the source that trigger it, whichever comes first
                                 # ("When ~ leaves the battlefield or becomes untapped", Merieke Ri Berit)


@dataclass(frozen=True, slots=True)
class IfKicked:
    """CR 702.33e: "If this spell was kicked, ..." — ``effects`` if kicked, else ``otherwise``."""

    effects: tuple["Effect", ...]
    otherwise: tuple["Effect", ...] = ()


@dataclass(frozen=True, slots=True)
class FlipCoin:
    """CR 705: "Flip a coin. If you win the flip, [effects]. If you lose the flip, [otherwise]."
    The coin is the game's RNG (CR 705.1); the player who flips wins or loses (CR 705.2)."""

    effects: tuple["Effect", ...] = ()       # if the flip is won
    otherwise: tuple["Effect", ...] = ()     # if the flip is lost


@dataclass(frozen=True, slots=True)
class PreventDamage:
    """CR 615: a prevention effect a resolving spell or ability creates, lasting this turn.

    ``amount`` None prevents all the damage ("Prevent all combat damage that would be dealt
    this turn", Fog); a number makes a shield for each of ``to`` (CR 615.7, 615.11: "Prevent
    the next 3 damage that would be dealt to any target this turn"). ``to`` None: damage to
    anything; the permanents and players it names are fixed as it resolves (CR 611.2c).
    ``combat``: combat damage only."""

    amount: Quantity | None = None
    to: Ref | None = None
    combat: bool = False
    source_choice: Filter | None = None   # "the next time a red source of your choice would deal damage
                                          # to you this turn, prevent that damage" (CR 609.7a-b): once
    by: Ref | None = None                 # "that would be dealt by target creature this turn": the
                                          # damage those sources deal, fixed as it resolves (CR 611.2c)


@dataclass(frozen=True, slots=True)
class Double:
    """The keyword actions double (CR 701.10) and triple (CR 701.11, ``times`` 3), each carried
    out as the event the rules say it is, so replacement effects apply to that event:

    ``value`` "power", "toughness" or "power_toughness": the creature gets +X/+0, +0/+X or
    +X/+Y in layer 7c (CR 613.4c), X being (``times`` - 1) times the value as it resolves,
    negative values giving -X (CR 701.10a-c, 701.11a-c), until end of turn unless
    ``until_end_of_turn`` is false;
    "life": the player gains or loses life (CR 701.10d), so "twice that much life" makes a
    doubling three times the total, never four;
    "counters": ``kind`` counters ("" each kind) are put on it, as many as it has (CR 701.10e);
    "mana": the player adds as much of each type of unspent mana as they have (CR 701.10f), a
    mana event that "tapped for mana" replacement effects modify when the ability doing it
    has {T} in its cost (CR 106.12b);
    "x": the value of X of a spell (Unbound Flourishing; not the keyword action)."""

    what: Ref
    value: str
    kind: str = ""
    times: int = 2
    until_end_of_turn: bool = True


@dataclass(frozen=True, slots=True)
class Proliferate:
    """CR 701.34a: choose any number of permanents and/or players that have a counter, then
    give each one additional counter of each kind already there. An event replacement
    effects may replace ("proliferate twice instead")."""


@dataclass(frozen=True, slots=True)
class ShuffleIntoLibrary:
    """ "Shuffle ~ into its owner's library": the object goes to its owner's library, which is
    then shuffled (CR 701.24a)."""

    what: Ref = Ref("self")


@dataclass(frozen=True, slots=True)
class Transform:
    """CR 701.27a: turn a double-faced permanent over; a permanent that isn't double-faced
    doesn't (CR 701.27c)."""

    what: Ref = Ref("self")


@dataclass(frozen=True, slots=True)
class Flip:
    """CR 710.2: flip a flip card permanent: its alternative characteristics apply from then on,
    one way (710.4); a permanent that isn't a flip card (nor a copy of one) flips all the same,
    a status of no relevance (CR 110.5c)."""

    what: Ref = Ref("self")


@dataclass(frozen=True, slots=True)
class Solve:
    """CR 719.3a-b: the source (a Case) becomes solved, a designation it keeps until it leaves
    the battlefield; not a copiable value."""


@dataclass(frozen=True, slots=True)
class RemoveCounters:
    """CR 122.1: remove ``amount`` counters of ``kind`` from ``what``; "If you can't, [effects]"
    (``if_cant``, fading's sacrifice, CR 702.32a) happens when none could be removed."""

    what: Ref
    kind: str
    amount: "Quantity"
    if_cant: tuple["Effect", ...] = ()
    move_to: Ref | None = None      # "move a +1/+1 counter from ~ onto that creature" (graft, CR 122.5): those
                                    # removed are put on it


@dataclass(frozen=True, slots=True)
class Manifest:
    """CR 701.40a: ``who`` manifests the top ``amount`` cards of their library, one at a time
    (701.40e): each is turned face down and put onto the battlefield as a 2/2 face-down
    creature, which may be turned face up for its mana cost if it's a creature card (701.40b)."""

    who: Ref = Ref("you")
    amount: Quantity = Quantity(fixed=1)


@dataclass(frozen=True, slots=True)
class TurnFaceDown:
    """CR 708.2a: turn permanents face down; each becomes a 2/2 creature with no name, text,
    subtypes or mana cost. One already face down (CR 708.2b) or double-faced (CR 712.16)
    doesn't change."""

    what: Ref


@dataclass(frozen=True, slots=True)
class CopyException:
    """Exceptions a copy effect makes (CR 707.9): they become part of the copy's copiable
    values (707.9a-b) — added types, a set color, name or P/T, no supertype — or, for ``extra_counters``,
    an additional effect as it enters (707.9e)."""

    add_types: frozenset[str] = frozenset()
    add_subtypes: frozenset[str] = frozenset()
    set_colors: frozenset[str] | None = None
    remove_supertypes: frozenset[str] = frozenset()
    extra_counters: tuple[tuple[str, int], ...] = ()
    add_abilities: tuple[str, ...] = ()           # rules text of abilities the copy has (707.9a)
    add_triggered: tuple["TriggeredAbility", ...] = ()   # the same, written out (a linked one: Hofri
                                                         # Ghostforge's "return the exiled card", CR 607.1d)
    set_name: str = ""                            # "except its name is ..." (CR 707.9b)
    add_supertypes: frozenset[str] = frozenset()  # "it's legendary in addition to its other types"
    set_power: int | None = None                  # "except it's 7/7": base P/T, and no P/T-defining
    set_toughness: int | None = None              # ability is copied (CR 707.9b, 707.9d)
    no_mana_cost: bool = False                    # "it has no mana cost" (embalm, eternalize, CR 702.128a)


@dataclass(frozen=True, slots=True)
class CopySpell:
    """CR 707.10: put a copy of a spell on the stack, with every choice made for it; its
    controller may choose new targets (707.10c) when ``new_targets``."""

    what: Ref
    new_targets: bool = True
    exception: CopyException | None = None
    optional: bool = False          # "they may copy this spell" (Chain Lightning)
    amount: Quantity = Quantity(fixed=1)    # "copy it for each other spell cast before it this turn" (storm)


@dataclass(frozen=True, slots=True)
class CopyCards:
    """CR 707.12: ``who`` copies each card ``what`` names (the copy is created in the zone the card
    is in; its owner is that player, CR 112.2a) and may cast each copy while this resolves
    (CR 608.2g), without paying its mana cost when ``free`` (CR 118.9). ``optional``: "you may
    copy [it]. If you do, ..." (asked for each card). A copy not cast ceases to exist (CR 704.5e)."""

    what: Ref
    who: Ref = Ref("you")
    optional: bool = False
    free: bool = True


@dataclass(frozen=True, slots=True)
class BecomeCopy:
    """CR 707.4: ``what`` becomes a copy of ``of`` (its copiable values as the effect begins,
    CR 707.2b) — a layer 1a effect (CR 613.2a), until end of turn or indefinitely.
    ``exclude_of``: "each other creature" — not the copied object itself."""

    what: Ref
    of: Ref
    until_end_of_turn: bool = False
    exclude_of: bool = False
    keep_this_ability: bool = False    # "except it has this ability" (CR 707.9a: Unstable Shapeshifter)


@dataclass(frozen=True, slots=True)
class CreateTokenCopy:
    """CR 111.1, 707.2: create tokens that are copies of an object (its copiable values)."""

    what: Ref
    amount: Quantity = Quantity(fixed=1)
    exception: CopyException | None = None
    link: str = ""                   # the tokens are recorded as created with the source (CR 607.2c)
    share_link: str = ""             # the cards this resolution exiled with this link are linked to the
                                     # tokens as well (CR 607.1d: Hofri Ghostforge's Spirit)


@dataclass(frozen=True, slots=True)
class AddManaOfCost:
    """Add mana equal to an object's mana cost (Elemental Resonance): each colored or Phyrexian
    symbol adds one mana of its color (CR 106.9), a generic symbol that much colorless mana
    (106.10), {C} one colorless, {S} one colorless (106.11); for a hybrid symbol the player
    chooses one half (106.8). X is 0 off the stack (CR 107.3g); no mana cost adds nothing."""

    of: Ref


@dataclass(frozen=True, slots=True)
class CounterIfPaid:
    """Ice Cave: "any other player may pay that spell's mana cost. If a player does, counter the
    spell." Each player other than the spell's controller, in turn order (CR 101.4), may pay its
    mana cost, colors included (X as chosen for it, CR 107.3h); once one does, it is countered."""

    what: Ref


@dataclass(frozen=True, slots=True)
class RevealTop:
    """Delver of Secrets: "look at the top card of your library. You may reveal that card. If
    [a card matching ``filter``] is revealed this way, [``effects``]" (CR 701.20a, 701.20b)."""

    who: Ref
    filter: Filter
    effects: tuple["Effect", ...]
    optional: bool = True
    to_hand: bool = False      # "If it's a land card, that player puts it into their hand" (Goblin Guide)
    to_battlefield: bool = False   # "If it's a land card, put it onto the battlefield" (Coiling Oracle)
    else_hand: bool = False        # "Otherwise, put that card into your hand" (Coiling Oracle)


@dataclass(frozen=True, slots=True)
class Meld:
    """CR 701.42a: "exile them, then meld them into [result]": this permanent and the permanent
    named ``partner`` its controller owns and controls are exiled, then put onto the battlefield
    as one melded permanent with the characteristics of ``result`` (CR 712.4a, 712.8g). Cards
    that can't be melded stay in exile (701.42c)."""

    partner: str
    result: str


@dataclass(frozen=True, slots=True)
class Choose:
    """A choice the abilities linked to this one read (CR 607.2d, 607.2f, 607.2g): ``kind``
    "number" (from ``low`` to ``high``), "color", "word" (one of ``options``, words with no rules
    meaning — "war" or "peace" — and anchor words, CR 614.12c), "card_name" (the name of a card
    matching ``filter``), "creature_type", "basic_land_type" (CR 205.3i), or "pay_life" (pay any amount of life, CR 119.4: the
    amount paid is recorded). ``who``: "you", or "each_player" (in APNAP order, CR 101.4; the
    players who chose each word are also recorded under "word:LINK"). ``optional``: "you may
    choose". A new choice replaces the last ("the last chosen number"). Recorded for the object
    this ability belongs to; an object that never made it has an undefined choice (CR 607.5a)."""

    link: str
    kind: str
    options: tuple[str, ...] = ()
    low: int = 0
    high: int = 0
    who: str = "you"
    optional: bool = False
    filter: Filter | None = None


@dataclass(frozen=True, slots=True)
class Note:
    """CR 607.2e: information noted for the abilities linked to this one: ``what`` "life" (your
    life total now)."""

    link: str
    what: str = "life"


@dataclass(frozen=True, slots=True)
class UnlessPays:
    """"[effects] unless you pay [mana]" (CR 118.12): the ability's controller may pay ``mana`` as
    it resolves; if they don't, ``effects`` happen ("sacrifice ~ unless you pay {U}{U}").
    ``payer``: another player who may pay ("you may draw a card unless that player pays {1}",
    Rhystic Study); None: the controller."""

    mana: str
    effects: tuple["Effect", ...]
    payer: "Ref | None" = None


@dataclass(frozen=True, slots=True)
class Explore:
    """CR 701.44a: ``what`` explores ``times`` times: its controller reveals the top card of their
    library; a land card goes to their hand; otherwise the permanent gets a +1/+1 counter and the
    player may put the card into their graveyard."""

    what: Ref
    times: int = 1


@dataclass(frozen=True, slots=True)
class Adapt:
    """CR 701.46a: "Adapt N": if ``what`` has no +1/+1 counters on it, put N on it."""

    what: Ref
    amount: int


@dataclass(frozen=True, slots=True)
class PayEcho:
    """CR 702.30a: echo's upkeep trigger. The source is noted as checked under its controller
    (the condition "echo_due" then no longer holds for it), then sacrificed unless its controller
    pays ``mana``."""

    mana: str


@dataclass(frozen=True, slots=True)
class ExileTop:
    """"[who] exiles the top [amount] cards of their library" (CR 701.13a); ``link``: exiled with the
    source, for its linked abilities (CR 607.2a); ``face_down``: exiled face down (CR 406.3a)."""

    who: Ref
    amount: Quantity = Quantity(fixed=1)
    link: str = ""
    face_down: bool = False
    whole_zone: str = ""             # "graveyard": every card of that zone ("Exile all graveyards")


@dataclass(frozen=True, slots=True)
class CreateEmblem:
    """CR 114.1-114.2: "[you] get an emblem with [ability]": an emblem in its controller's command
    zone with these abilities, which work there (CR 114.4). Its abilities are linked to the
    abilities of the object that made it (CR 607.1d): it reads that object's records."""

    play_from: tuple["PlayFrom", ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class Pregame:
    """A static ability that functions before the game begins (CR 103.2, 113.6n). ``kind``
    "exile_outside": "before you shuffle your deck to start the game, you may reveal this card from
    your deck and exile [a card matching ``filter``] that isn't in your deck" — the card comes from
    outside the game (CR 400.11a) and is exiled "with cards named ~" for ``link`` (CR 607.2n);
    "commander_color": "if ~ is your commander, choose a color before the game begins", recorded
    for the card itself, kept through zone changes (CR 607.2p, 903.4b); "opening_hand_battlefield":
    "if ~ is in your opening hand, you may begin the game with it on the battlefield" (CR 103.6a)."""

    kind: str
    link: str
    filter: Filter | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class PlayFrom:
    """"You may play lands and cast spells from among cards exiled with ~" (CR 601.3, 305.1): the
    source's controller (``who`` "you") may play the cards linked to it by ``link`` (CR 607.2a);
    ``lands`` / ``spells``: which; ``any_color``: mana may be spent as though it were mana of any
    color to cast them (CR 609.4b)."""

    link: str
    lands: bool = True
    spells: bool = True
    any_color: bool = False
    who: str = "you"
    text: str = ""


@dataclass(frozen=True, slots=True)
class ExileChosen:
    """"[You may] exile a [filter] card from your [zone]" (imprint, CR 701.13a): the player chooses
    ``amount`` such cards; ``link``: exiled with the source (CR 607.2a)."""

    filter: Filter
    zone: str = "hand"
    amount: int = 1
    optional: bool = True
    link: str = ""
    whose: str = "you"               # "each_opponent": for each opponent, a card of theirs, revealed
                                     # (Valki: "each opponent reveals their hand ... exile a creature card")
    until_leaves: bool = False       # "... until ~ leaves the battlefield" (CR 610.3)
    who: Ref | None = None           # "Target player exiles a card from their graveyard" (Relic of Progenitus):
                                     # each such player chooses a card of their own zone and exiles it


@dataclass(frozen=True, slots=True)
class PutIntoGraveyard:
    """"Return the exiled card to its owner's graveyard" (CR 400.3): ``what`` goes to its owner's
    graveyard (not destroyed, not a sacrifice)."""

    what: Ref


@dataclass(frozen=True, slots=True)
class GainAbilities:
    """"~ gains all activated abilities of target creature until end of turn" (Quicksilver
    Elemental): ``what`` gets the activated abilities ``of`` has as this resolves, in layer 6
    (CR 613.1f). Gained together, a linked pair among them stays linked, to each other only
    (CR 607.5); a reference to the other creature's name means this one (its abilities say "~")."""

    what: Ref
    of: Ref
    until_end_of_turn: bool = True


@dataclass(frozen=True, slots=True)
class MustBlock:
    """"Target creature blocks ~ this turn if able": a blocking requirement (CR 509.1c) on ``what``,
    to block the source if it attacks this turn; ``cant``: "Target creature can't block ~ this
    turn", a blocking restriction instead (CR 509.1b)."""

    what: Ref
    cant: bool = False


@dataclass(frozen=True, slots=True)
class BlockAdditional:
    """"~ can block an additional creature this turn" (Coastline Chimera): one more attacker
    ``what`` may block this turn (CR 509.1a); each resolution adds one (the cards' rulings)."""

    what: Ref


@dataclass(frozen=True, slots=True)
class CastLinked:
    """"[who] may cast a spell from among [other] cards exiled with ~ without paying its mana cost"
    (Knowledge Pool): cast while this resolves (CR 608.2g), from the cards linked to the source
    (CR 607.2a) — ``other``: not those this resolution exiled (CR 607.1c: an ability linked to
    itself); ``if_exiled``: "If the player does", only if this resolution exiled one; ``free``:
    without paying its mana cost (CR 118.9)."""

    link: str
    who: Ref = Ref("you")
    free: bool = True
    other: bool = False
    if_exiled: bool = False


@dataclass(frozen=True, slots=True)
class CastCard:
    """ "You may cast it by paying [mana] rather than its mana cost" (miracle, CR 702.94a): the
    player may cast ``what`` while this resolves (CR 608.2g), paying ``mana`` as an alternative
    cost (CR 118.9)."""

    what: Ref
    mana: str = ""
    optional: bool = True


@dataclass(frozen=True, slots=True)
class Cascade:
    """CR 702.85a: "exile cards from the top of your library until you exile a nonland card whose
    mana value is less than this spell's mana value. You may cast that card without paying its
    mana cost if the resulting spell's mana value is less than this spell's mana value. Then put
    all cards exiled this way that weren't cast on the bottom of your library in a random order."
    """


@dataclass(frozen=True, slots=True)
class Ripple:
    """CR 702.60a: "you may reveal the top N cards of your library ... you may cast any of those
    cards with the same name as this spell without paying their mana costs, then put all revealed
    cards not cast this way on the bottom of your library in any order"."""

    count: int


@dataclass(frozen=True, slots=True)
class CastFromExile:
    """The source, a card in exile, may be cast by its owner while this resolves (CR 608.2g): for
    its alternative cost named ``cost`` ("madness": "its owner may cast it by paying [cost]
    rather than paying its mana cost", CR 702.35a), or without paying its mana cost when
    ``cost`` is "" (rebound, CR 702.88a). ``otherwise_graveyard``: "If that player doesn't, they
    put this card into their graveyard" (madness)."""

    cost: str = ""
    otherwise_graveyard: bool = False
    haste: bool = False              # suspend: "If you cast a creature spell this way, it gains haste" (CR 702.62a)


@dataclass(frozen=True, slots=True)
class ExileWarped:
    """CR 702.185a-b: "exile the permanent this spell becomes": ``what`` is exiled and becomes a
    warped card, which its owner may cast after the current turn has ended for as long as it
    remains exiled."""

    what: Ref


@dataclass(frozen=True, slots=True)
class EnterAttacking:
    """CR 702.49a, 702.49c: "Put this card onto the battlefield from your hand tapped and
    attacking": the source card, still in its owner's hand, enters tapped, unblocked and attacking
    the player or planeswalker the creature its ninjutsu cost returned was attacking."""


@dataclass(frozen=True, slots=True)
class Encore:
    """CR 702.141a: "For each opponent, create a token that's a copy of this card that attacks
    that opponent this turn if able. The tokens gain haste. Sacrifice them at the beginning of
    the next end step." ``what``: the card (exiled by the ability's cost)."""

    what: Ref


@dataclass(frozen=True, slots=True)
class SuspendTick:
    """CR 702.62a: "At the beginning of your upkeep, if this card is suspended, remove a time
    counter from it" and "When the last time counter is removed from this card, if it's exiled,
    you may play it without paying its mana cost if able": the source card's tick."""


@dataclass(frozen=True, slots=True)
class PutOnBottom:
    """"Put [what] on the bottom of their owners' libraries" (CR 401.4)."""

    what: Ref


@dataclass(frozen=True, slots=True)
class PutOntoBattlefieldFromHand:
    """ "[You may] put a land card from your hand onto the battlefield [tapped]" (Growth Spiral):
    the controller chooses such a card of their hand, or none if ``optional``, and puts it onto
    the battlefield (CR 110.2: under their control; no land is played, CR 305.4)."""

    filter: "Filter"
    tapped: bool = False
    optional: bool = True


@dataclass(frozen=True, slots=True)
class PutFromHand:
    """ "Put two cards from your hand on top of your library in any order" (Brainstorm, CR
    401.4): ``who`` chooses ``amount`` cards of their hand and their order (first listed: the
    top card)."""

    who: Ref
    amount: Quantity


@dataclass(frozen=True, slots=True)
class ReturnChosen:
    """ "Return a land you control to its owner's hand" (Boros Garrison, Kor Skyfisher): each
    player ``who`` chooses ``amount`` permanents they control matching ``filter`` as it resolves
    (not a target, CR 115.10)."""

    who: Ref
    filter: Filter
    amount: Quantity = Quantity(fixed=1)


@dataclass(frozen=True, slots=True)
class HoldTapped:
    """ "It doesn't untap during its controller's untap step for as long as you control ~" (CR
    502.3): ``what`` stays tapped while the source stays under this effect's controller's control."""

    what: Ref


@dataclass(frozen=True, slots=True)
class SkipNextUntap:
    """ "It doesn't untap during its controller's next untap step" (CR 502.3): ``what`` stays
    tapped through the next untap step of the player who controls it as this resolves ("your
    next untap step": ``what`` is the source, controlled by you)."""

    what: Ref


@dataclass(frozen=True, slots=True)
class SetLevel:
    """ "This Class's level becomes N" (CR 716.2a)."""

    level: int


@dataclass(frozen=True, slots=True)
class MayPay:
    """"You may pay [mana]. If you do, [effects]" (CR 118.12, 608.2c)."""

    mana: str
    effects: tuple["Effect", ...]


@dataclass(frozen=True, slots=True)
class DoAction:
    """A player's action inside a resolving ability, paid like a cost (mana, life, objects to
    sacrifice or discard, CR 118.3): "[you may] sacrifice an artifact. When you do, ..." creates
    ``reflexive``, a reflexive triggered ability that triggers only if the action was taken and
    goes on the stack the next time a player would receive priority, its targets chosen then
    (CR 603.12, 603.3); "... If you do, ..." does ``then`` at once (CR 608.2c). ``cost`` None:
    the action is ``action``, effects of the ability itself."""

    cost: "Cost | None"
    optional: bool = True
    reflexive: "TriggeredAbility | None" = None
    action: tuple["Effect", ...] = ()   # an action that is no cost ("Create two 1/1 ... tokens. When you
                                        # do, ..."): it happened if it changed the game (events)
    then: tuple["Effect", ...] = ()
    text: str = ""                  # the action as written ("sacrifice an artifact")
    who: "Ref | None" = None        # another player takes the action (Chain Lightning: "that player or that
                                    # permanent's controller may pay {R}{R}"); "they" in ``then`` is that player


@dataclass(frozen=True, slots=True)
class ReplaceWords:
    """ "Change the text of target permanent by replacing all instances of one color word with
    another" (Sleight of Mind, Magical Hack, Mind Bend, Artificial Evolution): as it resolves its
    controller chooses the two words, of one of ``kinds``; the text change lasts indefinitely
    (CR 612, 611.2a). ``not_new``: words the new one can't be ("can't be Wall")."""

    what: Ref
    kinds: tuple[str, ...]
    not_new: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Conditional:
    """"If [condition], [effects]" inside a resolving ability (CR 608.2c), else ``otherwise``."""

    condition: "Condition"
    effects: tuple["Effect", ...]
    otherwise: tuple["Effect", ...] = ()



@dataclass(frozen=True, slots=True)
class IfMatches:
    """"Exile target card from a graveyard. If it was a creature card, ..." (Scavenging Ooze): the
    object ``what`` refers to — the one the instruction before moved, as it is now, else as it last
    existed (CR 608.2c, 608.2h, 400.7) — matches ``filter``: ``effects``, else ``otherwise``."""

    what: "Ref"
    filter: "Filter"
    effects: tuple["Effect", ...]
    otherwise: tuple["Effect", ...] = ()


@dataclass(frozen=True, slots=True)
class ApplyModifications:
    """A continuous effect a resolving spell or ability creates on ``what`` (CR 611.2): its
    modifications apply in their layers (CR 613.1: Turn's "loses all abilities and becomes a red
    Weird with base power and toughness 0/1" is layers 4, 5, 6 and 7b), until end of turn (CR
    514.2) or indefinitely; the objects it affects are fixed as it begins (CR 611.2c)."""

    what: Ref
    mods: tuple["Modification", ...]
    until_end_of_turn: bool = True


Effect = Union[
    DealDamage, Draw, GainLife, LoseLife, Destroy, Exile, ReturnToHand, CounterSpell, Pump,
    TapUntap, AddMana, PutCounters, CreateToken, Discard, Mill, IfKicked, DamageCantBePrevented,
    Scry, LookAtTop, ExtraTurn, ExileIfDies, NoRegenerationThisTurn, BecomeColor, Fight, Sacrifice, Search, ReturnToBattlefield,
    Attach, Unattach, GainControl, SacrificePermanent, WinGame, LoseGame, CreateDelayedTrigger,
    PreventDamage, CopySpell, CopyCards, CreateTokenCopy, BecomeCopy, Regenerate,
    Double, Proliferate, ShuffleIntoLibrary, Transform, Flip, Solve, TurnFaceDown, RemoveCounters, Manifest,
    AddManaOfCost, FlipCoin, CounterIfPaid, RevealTop, Meld, ApplyModifications,
    Choose, Note, Conditional, IfMatches, UnlessPays, MayPay, DoAction, ReplaceWords, ExileTop, ExileChosen, PutIntoGraveyard, GainAbilities,
    MustBlock, BlockAdditional, CastLinked, CastCard, PutOnBottom, HoldTapped, SkipNextUntap, SetLevel, CreateEmblem, PutFromHand,
    ReturnChosen, PutOntoBattlefieldFromHand, Cascade, Ripple, CastFromExile, SuspendTick, ExileWarped, EnterAttacking, Encore,
    MayElse, Designate, Monstrosity, Clash, CumulativeUpkeep, Drain, Bolster, Amass, Connive, BackupGrant, Learn, Myriad,   # (keyword_actions)
    PutIntoLibrary, ExileTopToPlay, LookAtCards, DiscardHand, ShuffleZonesIntoLibrary,      # (card_zones)
    BecomeMonarch, TakeInitiative, Venture, BecomeDayNight, IncreaseSpeed,      # (designations)
    AdditionalLandPlays, CantPlayLands,          # (land_plays)
]
