"""Static abilities (CR 604): continuous effects, replacement effects (CR 614) and player statics.

Part of the card vocabulary (``cards.vocabulary``); annotations name any of its classes
(``cards.definitions`` resolves them in the whole vocabulary)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .abilities import ActivatedAbility, SpellAbility, TriggeredAbility


@dataclass(frozen=True, slots=True)
class StaticAbility:
    """A static ability producing a continuous effect (CR 604, 611.3).

    affects: "enchanted", "equipped", "self", or "each" (the permanents matching ``filter``).
    ``power``/``toughness`` are a layer 7c modification and ``keywords`` a layer 6 grant;
    ``mods`` are further modifications in their layers. ``cda``: a characteristic-defining
    ability (CR 604.3), which applies in every zone and before other effects in its layer.
    ``condition``: the effect exists only while it holds for the controller (CR 611.3b:
    checked each time the effect would apply, against the characteristics as they stand).
    """

    affects: str
    power: int = 0
    toughness: int = 0
    keywords: frozenset[str] = frozenset()
    filter: Filter | None = None
    text: str = ""
    mods: tuple[Modification, ...] = ()
    cda: bool = False
    condition: Condition | None = None    # "as long as you control a Forest" (Kird Ape): applies only while true


Ability = Union[SpellAbility, ActivatedAbility, TriggeredAbility, StaticAbility]


@dataclass(frozen=True, slots=True)
class ReplacementAbility:
    """A replacement or prevention effect (CR 614, 615): "If [an event] would happen,
    [a modified event happens] instead." Carried out by ``effects.replacement``.

    A permanent's static ability (CR 614.1a, 614.1d; how it enters itself: CR 614.1c, 614.12),
    a spell's self-replacement effect (``self_replacement``: it modifies only the events of
    that spell's own instructions as it resolves, and applies before other effects, CR
    614.15, 616.1a), or the effect a resolved ``PreventDamage`` creates.

    ``event`` is what it watches: "damage" (a source would deal damage), "gain_life",
    "draw" (a player would draw a card), "counters" (counters would be put on a permanent
    or player), "tokens" (tokens would be created), "enters" (a permanent would enter the
    battlefield), "tapped_for_mana" (a permanent tapped for mana would produce mana, CR
    106.12b), "proliferate" (a player would proliferate, CR 701.34a), "life_reduced" (a
    player's life total would be reduced to 0 or less, by life loss or damage, CR 120.3a).

    Which of those events, all conditions given holding ("you" is its controller):
    ``who``: who gains the life, draws, or gets the tokens: "you", "opponent" ("" anyone);
    ``source``: what deals the damage ("a creature you control"; CR 609.7c);
    ``to``: what is dealt the damage, gets the counters or enters (``players``: players too;
    ``Filter(players=True, objects=False, controller="you")`` is you);
    ``itself``: that is this permanent itself ("~ enters tapped", CR 614.12);
    ``combat``: combat damage only; ``noncombat``: noncombat damage only;
    ``counter_kind``: counters of this kind only; ``to`` of a "tokens" effect: the tokens
    ("creature tokens"); ``source`` of a "tapped_for_mana" effect: the permanent tapped;
    ``except_first_draw``: not the first card you draw in each of your draw steps;
    ``condition``: only while it holds ("instead if you control three or more artifacts").

    What happens instead: the amount (damage, life, counters, tokens) times ``multiply``
    ("twice that much" 2) plus ``add`` ("that many plus one" 1), or ``amount`` itself
    ("deals 4 damage instead"); ``draw``: that many cards are drawn instead, each a new
    draw this effect doesn't replace again (CR 614.5, 614.11); ``prevent``: the damage is
    prevented (CR 615.1a); ``tapped``: it enters tapped (CR 614.1d); ``enters_counters``:
    it enters with ``amount`` counters of that kind (CR 614.1c, 122.6; X is the spell's,
    CR 107.3m); for "tapped_for_mana", each type of mana produced times ``multiply``; for
    "proliferate", ``multiply`` proliferations; for "life_reduced", ``transform``: this
    permanent transforms and the life total becomes ``amount`` (CR 119.5) — if it didn't
    transform, the player loses the game (Enduring Angel). ``also``: effects its controller
    performs in addition ("instead you draw two cards and you lose 1 life").

    "dies" (a permanent matching ``to`` would be put into a graveyard from the battlefield,
    CR 700.4) with ``exile``: it is exiled instead (Void Maw, CR 614.1a); with ``link``, the
    cards exiled this way are linked to the abilities of the source that read that link
    (CR 607.2b: "cards exiled with ~").
    """

    event: str
    who: str = ""
    source: Filter | None = None
    to: Filter | None = None
    itself: bool = False
    combat: bool = False
    counter_kind: str = ""
    except_first_draw: bool = False
    condition: Condition | None = None
    multiply: int = 1
    add: int = 0
    amount: Quantity | None = None
    draw: int = 0
    prevent: bool = False
    tapped: bool = False
    enters_counters: str = ""
    enters_keywords: frozenset[str] = frozenset()   # "it enters with ... counters on it and with trample"
    self_replacement: bool = False
    text: str = ""
    noncombat: bool = False
    transform: bool = False
    also: tuple[Effect, ...] = ()
    exile: bool = False
    link: str = ""
    from_itself: bool = False      # "damage that would be dealt by ~" (Fog Bank): this permanent is the source
    unless_life: int = 0           # "you may pay 2 life. If you don't, it enters tapped" (CR 614.12, 119.4)
    optional: bool = False         # "You may have ~ enter with an additional +1/+1 counter on it" (unleash, riot,
                                   # CR 702.98a, 702.136a): chosen by the player it enters under as it enters
    declined_keywords: frozenset[str] = frozenset()   # riot's "If you don't, it gains haste" (CR 702.136a)


@dataclass(frozen=True, slots=True)
class EntersAsCopy:
    """"You may have this permanent enter as a copy of ..." (CR 707.5, 614.1c): a
    replacement effect of the permanent itself, with the choice made as it enters.
    ``zone``: where the copied object is ("battlefield", or "graveyard" for Body Double)."""

    filter: Filter
    zone: str = "battlefield"
    exception: CopyException | None = None
    optional: bool = True
    when_you_do: tuple[Effect, ...] = ()   # "When you do, ...": a reflexive trigger linked to this ability
    when_you_do_text: str = ""             # (CR 603.12, 607.2h); {kind: remembered} is the copied object


@dataclass(frozen=True, slots=True)
class PlayerStatic:
    """A static ability that affects players (CR 604.1), while its source is on the battlefield
    and ``condition`` (from its controller's point of view) holds. ``who``: "you" (its
    controller), "opponents", "each" or "enchanted" (the player it enchants, CR 303.4b).
    ``grants``: "cant_gain_life" (CR 119.7), "skip_untap", "skip_draw" (the player skips
    their untap or draw step, a replacement effect, CR 614.10), "hexproof" (CR 702.11c), "no_zero_life_loss" (the player doesn't
    lose the game for having 0 or less life, an exception to CR 704.5a), "damage_as_infect"
    (damage is dealt to the player as though its source had infect: poison counters instead
    of life loss, CR 702.90b), "no_max_hand_size" (the player has no maximum hand size, CR 402.2);
    ``hand_size``: added to the player's maximum hand size ("is reduced by one": -1, CR 402.2,
    613.11; with the grant "hand_size"). The land plays (``effects.land_plays``, CR 305.2):
    ``land_plays`` more lands on each of the player's turns (grant "land_plays", CR 305.2a),
    "any_land_plays" (any number), "cant_play_lands" (CR 305.2b), "lands_from_graveyard" and
    "lands_from_library" (from the graveyard, from the top of the library, CR 305.1);
    "look_top_card" (the player may look at the top card of their library any time) and
    "top_card_revealed" (they play with it revealed, CR 401.5)."""

    grants: frozenset[str]
    who: str = "you"
    condition: Condition | None = None
    text: str = ""
    hand_size: int = 0
    land_plays: int = 0
