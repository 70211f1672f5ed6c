"""Costs (CR 118, 602.1) and the spell, activated and triggered abilities (CR 113.3a-c, 603) with
their trigger conditions.

Part of the card vocabulary (``cards.vocabulary``); annotations name any of its classes
(``cards.definitions`` resolves them in the whole vocabulary)."""
from __future__ import annotations

from dataclasses import dataclass


# -- costs --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class CostObjects:
    """A part of an activation cost that uses objects (CR 118.3, 602.2b): ``verb`` "sacrifice"
    (permanents you control, CR 701.21a), "discard" (cards in your hand, CR 701.9a), "exile"
    (cards in your graveyard) or "remove_counters" (counters from among permanents you
    control) — ``count`` of them, the objects matching ``filter``; "crew": tap untapped creatures
    matching ``filter`` with total power ``count`` or greater (CR 702.122a); "linked_to_graveyard": put
    cards linked to the source (``filter.linked``: "a card exiled with ~") into their owners'
    graveyards (CR 607.2b); "tap": tap untapped permanents you control matching ``filter`` ("Tap
    an untapped creature you control", CR 118.3: a summoning-sick creature too, 302.6 being only
    about {T} costs)."""

    verb: str
    count: int = 1
    filter: Filter | None = None


@dataclass(frozen=True, slots=True)
class Cost:
    """An activation cost (CR 602.1a, 118): mana and other parts."""

    mana: str = ""             # a mana cost string, "" for none
    tap: bool = False          # {T}
    sacrifice_self: bool = False
    pay_life: int = 0
    loyalty: int | None = None  # a loyalty ability's cost (CR 606.2, 606.4): put (+N) or remove (-N) loyalty
                                # counters; 0 is "[0]:", a loyalty ability with no counters to move; None: not one
    exile: Filter | None = None            # "Exile a creature card from your graveyard" (``zone``: where)
    pay_exiled_mana_cost: bool = False     # "... and pay its mana cost" (CR 118.6: none is unpayable)
    objects: tuple[CostObjects, ...] = ()  # "Sacrifice two other creatures", "Discard two cards", ...
    x_is: "Quantity | None" = None         # "X is the mana value of the exiled card": X isn't announced
                                           # but set by the game (Soul Foundry; linked, CR 607.3: the sum)
    discard_self: bool = False             # "Discard this card" (transmute, CR 702.53a)
    exile_self: str = ""                   # the zone the source is exiled from: "graveyard" ("Exile this card
                                           # from your graveyard": scavenge, embalm, CR 702.97a, 702.128a; the
                                           # ability refers to the exiled card, "remembered"), "battlefield"
                                           # ("{1}, Exile ~: Exile all graveyards", Relic of Progenitus)
    untap: bool = False                    # {Q}: untap this permanent (CR 107.6)
    energy: int = 0                        # {E}...: pay that many energy counters (CR 107.14)
    put_counter: str = ""                  # "Put a -0/-1 counter on ~" (Wall of Roots, CR 118.3)
    remove_counter: str = ""               # "Remove a charge counter from ~" (the Vivid lands, CR 118.3):
                                           # unpayable without one (CR 118.3)
    remove_counter_amount: int = 1         # "Remove three spore counters from ~": that many of them
    remove_counter_x: bool = False         # "Remove X storage counters from ~" / "any number of": X of them,
                                           # X announced with the cost (CR 107.3a, 601.2b via 602.2b)
    less: str = ""                         # "This ability costs {1} less to activate for each legendary
    less_per: Filter | None = None         # creature you control" (the channel lands): ``less`` off the
                                           # generic mana once per permanent matching (CR 601.2f, 602.2b)


# -- abilities ----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SpellAbility:
    """The effects an instant or sorcery spell has as it resolves (CR 113.3a).

    A modal spell (CR 700.2) has ``modes``, each a SpellAbility with its own targets, and
    its controller chooses between ``min_modes`` and ``max_modes`` of them."""

    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()
    text: str = ""
    modes: tuple["SpellAbility", ...] = ()
    min_modes: int = 1
    max_modes: int = 1
    implemented: bool = True      # False: a mode the engine can't do yet (refused if chosen)
    repeat_modes: bool = False    # "You may choose the same mode more than once." (CR 700.2d)
    cost: str = ""                # a mode's additional mana cost, paid if it is chosen (CR 700.2h; spree, 702.172a)


@dataclass(frozen=True, slots=True)
class ActivatedAbility:
    """CR 602: "[Cost]: [Effect]." A mana ability (CR 605.1a) resolves at once."""

    cost: Cost
    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()
    text: str = ""
    is_mana: bool = False
    sorcery_speed: bool = False
    condition: "Condition | None" = None   # "Activate only if ..." (a restriction, CR 602.5b)
    zone: str = ""                # "hand": it functions only while the card is in its owner's hand
                                  # (transmute, CR 702.53a); "graveyard": in its owner's graveyard (unearth,
                                  # CR 702.84a); "": on the battlefield
    per_turn: int = 0             # "Activate only once each turn" 1, "no more than twice each turn" 2 (CR 602.5b)
    cycling: bool = False         # a cycling ability: activating it is cycling the card (CR 702.29a, 702.29c)
    once: bool = False            # "Activate only once" (CR 602.5b; exhaust, 702.177a): once for this object


@dataclass(frozen=True, slots=True)
class TargetedBy:
    """What the spell or ability of a "becomes the target" trigger must be (CR 115.1, 603.2):
    "of a spell", "of an Aura spell" (``filter``: the spell), "of a spell or ability an opponent
    controls" (``controller``), "... for the first time each turn" (valiant's, counted over the
    spells and abilities of that controller only)."""

    spell: bool = True            # a spell may be it
    ability: bool = True          # an activated or triggered ability may be it
    filter: Filter | None = None
    controller: str = ""          # "you" / "opponent" (of the triggered ability's controller); "": anyone
    first_each_turn: bool = False


@dataclass(frozen=True, slots=True)
class Trigger:
    """The trigger event of a triggered ability (CR 603.1), matched by ``effects.triggers``.

    Events about an object — "enters" (CR 603.6a), "leaves" (the battlefield, CR 603.6c),
    "dies", "attacks", "blocks", "becomes_blocked" (once per combat, CR 509.3c),
    "deals_damage", "deals_combat_damage", "combat_damage_player" — have ``whose`` "self"
    (this object) or "any" (any object matching ``filter``: "another creature you control"
    is ``{types: [Creature], controller: you, other: true}``). Leaves-the-battlefield
    events look back in time (CR 603.10a).

    Events about a player — "cast" (a spell matching ``filter``, CR 601.2i), "draw",
    "gain_life" (once per life-gain event, CR 119.9) — and the beginnings of steps —
    "upkeep", "draw_step", "beginning_of_combat", "end_step", "precombat_main" (CR 603.2b,
    505.1a) — have ``whose`` "you", "opponent" or "any" (whose spell, draw or turn it is), or
    "enchanted" (the player the source, an Aura, enchants: CR 303.4b); a step's also
    "enchanted_controller" (the controller of the permanent the source enchants).
    "cast" with ``whose`` "self" is "When you cast this spell", which triggers from the stack
    (CR 113.6k); "becomes_target" is "Whenever ~ / [an object matching ``filter``] becomes the
    target of a spell or ability" (``targeted_by``: which), the ability referring to that spell or
    ability ("triggering"; its controller "triggering_controller") and to the object ("affected"); "ward" (``whose`` "self")
    is ward's "Whenever this permanent becomes the target of a spell or ability an opponent
    controls" (CR 702.21a), the ability referring to that spell or ability.

    "state" (CR 603.8) triggers when the ability's ``condition`` becomes true; it doesn't
    trigger again while it is on the stack.

    "reflexive" (CR 603.12) is never matched: a resolving ability creates it when its action is
    taken (``DoAction``: "When you do, ...", exert, an "enter as a copy" choice).
    """

    event: str
    whose: str = "self"
    filter: Filter | None = None
    damaged_by_source: bool = False   # "a creature dealt damage by ~ this turn" (Sengir Vampire)
    number: int = 0                   # event "chapter": a Saga's chapter N (CR 714.2b, ``effects.sagas``); "class_level": "When ~ becomes level N" (CR 716.2a)
    targeted_by: TargetedBy | None = None   # event "becomes_target": what the spell or ability must be
    attacked: str = ""                # event "attacks": whom the creature attacks (CR 508.1b): "you", "you_or_planeswalker"
                                      # ("you or a planeswalker you control"), "enchanted" (the player the source enchants)


@dataclass(frozen=True, slots=True)
class Condition:
    """A condition (the intervening "if" of a triggered ability, CR 603.4, or a state
    trigger's, CR 603.8), from the point of view of the ability's controller.

    kind: "control" (the number of permanents you control matching ``filter``; ``other``
    leaves the source out), "battlefield" (all permanents matching ``filter``), "life"
    (your life total), "hand" / "graveyard" / "library" (the number of cards in that zone
    of yours), "kicked" (the source was kicked, CR 702.33d), "evoked" (the source's evoke cost
    was paid, CR 702.74a), "meld" (you own and control the
    source and a creature named as its meld partner, CR 701.42a), "attacked_with" (the number of
    creatures you attacked with this turn, CR 508.1), "opponent_more" (an opponent controls more
    permanents matching ``filter`` than you), "opponent_controls" (the most permanents matching
    ``filter`` one opponent controls), "landfall" (a land entered the battlefield under
    your control this turn), "morbid" (a creature died this turn, CR 700.4), "revolt" (a permanent
    you controlled left the battlefield this turn), "echo_due" (the source came under your control
    since its echo was last checked, CR 702.30a), "main_phase" (it is your main phase: "if
    you cast this spell during your main phase", CR 505.1), "had_no_counters" (the source as it
    last existed had no counters of kind ``value``: persist and undying, CR 702.79a, 702.93a),
    "source_counters" (the number of counters of kind ``value`` on the source: a leveler's level
    symbol, CR 711.2a), "solved" (1 if the source is solved, else 0: a Case, CR 719.3a-b),
    "designated" (1 if the source has the designation ``value``, else 0: "if it isn't renowned", CR
    702.112a), "attacking_most_life" (the source attacks a player with the most life or tied for it,
    CR 702.105a), "attacks_with_greater_power" (another creature with greater power than the source
    attacks too, CR 702.149a), "evolve" (the creature the ability refers to has greater power or
    toughness than the source, CR 702.100a), "opponent_dealt_damage" (an opponent was dealt damage
    this turn, CR 702.54a), "monarch" (``value`` "you", "opponent" or "none": who is the monarch,
    CR 724.1), "initiative" (you have it, CR 725.1), "completed_dungeon" (you have completed a
    dungeon, CR 309.7), "blessing" (you have the city's blessing, CR 702.131c), "subject_is" (the
    object the triggered ability refers to is on the battlefield and matches ``filter``: "if it's a creature").
    "distinct" (how many different values of ``value``, "power" or "name", the permanents you
    control matching ``filter`` have: coven's "three or more creatures with different powers").
    "hand" / "graveyard" / "library" with a ``filter`` count only the cards matching it;
    "opponents" (how many opponents are still in the game), "lowest_life" (the lowest life total
    among the players in the game), "turn" (``value`` "you" / "opponent": whose turn it is) and
    "step" (``value`` the step it is: "upkeep", "combat", "before_attackers", ...: activation
    instructions, CR 602.5).
    Static abilities' only (``effects.static_conditions``, CR 611.3b): "graveyard_card_types" (card
    types among cards in your graveyard: delirium), "opponent_graveyard" (the most cards in an
    opponent's graveyard), "opponent_controls" (the most permanents matching ``filter`` one opponent
    controls), "source_attacking" / "source_blocking" (1 while the source is, CR 506.4),
    "source_counter" (counters of kind ``value``, "any": all, on the source), "source_attached"
    (the permanents with subtype ``value``, "Equipment" or "Aura", attached to it), "attached_is" (1
    if what the source is attached to matches ``filter``).
    The number must be at least
    ``at_least`` and at most ``at_most`` (None: no bound).

    Linked abilities (CR 607), for the source's record of ``link``: "chosen" (the last choice
    is ``value``: an anchor word, CR 607.2m; "kicked" with a ``value`` is "kicked with its
    ``value`` kicker", CR 607.2i), "linked" (the number of linked objects still there: "three or
    more cards exiled with ~"), "life_vs_noted" (your life total is at least the last noted one,
    CR 607.2e). An undefined choice or note makes the condition false (CR 607.5a)."""

    kind: str
    filter: Filter | None = None
    at_least: int | None = None
    at_most: int | None = None
    link: str = ""
    value: str = ""
    also: "Condition | None" = None     # "... and [another condition]": both must hold
    event_only: bool = False            # a condition of the trigger event itself, checked only as it triggers
                                        # (dethrone's "attacks the player with the most life", CR 702.105a), not
                                        # an intervening "if" checked again on resolution (CR 603.4)
    either: "Condition | None" = None   # "... or [another condition]": one of them must hold


@dataclass(frozen=True, slots=True)
class TriggeredAbility:
    trigger: Trigger
    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()
    text: str = ""
    optional: bool = False        # "you may"
    condition: Condition | None = None   # intervening "if" (CR 603.4); a state trigger's state
    #: a modal triggered ability ("When ~ enters, choose one —", CR 700.2b): its modes, each a
    #: SpellAbility with its own targets, chosen as it is put on the stack (CR 603.3c)
    modes: tuple[SpellAbility, ...] = ()
    min_modes: int = 1
    max_modes: int = 1
    repeat_modes: bool = False           # CR 700.2d
    #: "graveyard": it functions only while its card is in its owner's graveyard, its effect moving
    #: the card out of there ("Whenever a land you control enters, you may return ~ from your
    #: graveyard to the battlefield", Bloodghast; CR 113.6m)
    zone: str = ""


@dataclass(frozen=True, slots=True)
class ExtraTriggers:
    """CR 603.2d: a triggered ability of a permanent whose controller is ``controller``
    ("you": this permanent's controller) triggers ``times`` additional times when its event
    is ``event`` happening to an object matching ``cause`` (Panharmonicon: an artifact or
    creature entering)."""

    event: str = "enters"
    cause: Filter | None = None
    controller: str = "you"
    times: int = 1
    text: str = ""
