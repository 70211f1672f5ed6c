"""Triggered abilities (CR 603): "[When/Whenever/At] [trigger condition], [if condition,]
[effect]", state triggers (CR 603.8) and "triggers an additional time" (CR 603.2d).

``TRIGGERS`` is the grammar of trigger conditions; each rule builds the Trigger(s) it stands
for ("Whenever ~ enters or leaves the battlefield" is two abilities with one text).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from .conditions import parse_condition
from .filters import card_filter, it_predicate, parse_filter, subject_filter
from .grammar import Grammar
from .lexicon import NUMBERS, PERMANENT_TYPES
from .script_builder import ScriptBuilder
from .sentences import parse_effects
from .targets import Parse
from .text import Span, SpanMatch, consume, fullmatch, match, search, sub
from ..vocabulary import (Condition, DoAction, Effect, ExileChosen, ExtraTriggers, Filter, Ref, SELF, TargetedBy,
                          Trigger, TriggeredAbility, UnlessPays)

_ENTERS = r"enters(?: the battlefield)?"
_A = r"(a|an|another)"

#: Trigger conditions (CR 603.1) and the Trigger(s) each compiles to.
TRIGGERS: Grammar[list[Trigger]] = Grammar("trigger condition")
_trigger = TRIGGERS.rule


def _self_events(*events: str) -> Callable[[SpanMatch], list[Trigger]]:
    return lambda m: [Trigger(e) for e in events]


#: The source's own events: the pattern and the events it triggers on.
for _pattern, _events in (
    (r"when(?:ever)? ~ " + _ENTERS, ("enters",)),                                   # CR 603.6a
    (r"when(?:ever)? ~ " + _ENTERS + r" or dies", ("enters", "dies")),
    (r"when(?:ever)? ~ " + _ENTERS + r" or is put into a graveyard from the battlefield", ("enters", "dies")),
    (r"when(?:ever)? ~ " + _ENTERS + r" or attacks", ("enters", "attacks")),        # CR 603.6a, 508.3a
    (r"when(?:ever)? ~ (?:enters or leaves|enters the battlefield or leaves) the battlefield", ("enters", "leaves")),
    (r"when(?:ever)? ~ (?:dies|is put into a graveyard from the battlefield)", ("dies",)),   # CR 700.4
    (r"when(?:ever)? ~ leaves the battlefield", ("leaves",)),                       # CR 603.6c
    (r"when(?:ever)? ~ is put into a graveyard from anywhere", ("put_into_graveyard",)),    # CR 603.2
    (r"when(?:ever)? ~ attacks", ("attacks",)),                                    # CR 508.3a
    (r"when(?:ever)? ~ attacks alone", ("attacks_alone",)),                        # CR 506.5
    (r"when(?:ever)? ~ blocks", ("blocks",)),                                      # CR 509.3a
    (r"when(?:ever)? ~ becomes blocked", ("becomes_blocked",)),                    # CR 509.3c
    (r"when(?:ever)? ~ blocks or becomes blocked", ("blocks", "becomes_blocked")),
    (r"when(?:ever)? ~ attacks or blocks", ("attacks", "blocks")),
    (r"when(?:ever)? ~ deals damage", ("deals_damage",)),
    (r"when(?:ever)? ~ deals combat damage", ("deals_combat_damage",)),
    (r"when(?:ever)? ~ deals combat damage to a player", ("combat_damage_player",)),
    (r"when(?:ever)? ~ deals combat damage to a player or (?:a )?planeswalker",       # CR 510.2, 603.2
     ("combat_damage_player_or_planeswalker",)),
    (r"when(?:ever)? ~ deals damage to a player", ("damage_player",)),
    (r"when(?:ever)? ~ deals damage to an opponent", ("damage_opponent",)),
    (r"when(?:ever)? ~ deals damage to a creature", ("damage_creature",)),
    (r"when(?:ever)? ~ deals combat damage to a creature", ("combat_damage_creature",)),
    (r"when(?:ever)? ~ is dealt damage", ("dealt_damage",)),                       # CR 120.3
    (r"when(?:ever)? ~ becomes tapped", ("becomes_tapped",)),                      # CR 701.26a
    (r"when(?:ever)? ~ becomes untapped", ("becomes_untapped",)),                  # CR 701.26b
    (r"when you unlock this door", ("unlock_door",)),                             # CR 709.5h
    (r"when(?:ever)? ~ becomes monstrous", ("becomes_monstrous",)),                # CR 701.37b
    (r"when(?:ever)? ~ becomes saddled", ("becomes_saddled",)),                    # CR 702.171b
    (r"when(?:ever)? ~ is turned face up", ("turned_face_up",)),                   # CR 708.8, 702.37e
    (r"when(?:ever)? ~ " + _ENTERS + r" or is turned face up", ("enters", "turned_face_up")),   # CR 708.3, 708.8
):
    TRIGGERS.add(_pattern, _self_events(*_events))


@_trigger(r"when(?:ever)? ~ (blocks|becomes blocked by|blocks or becomes blocked by) (a|an|one or more) (.+?)")
def _t_block_pair(m: SpanMatch) -> list[Trigger] | None:
    """ "Whenever ~ blocks a creature with flying" (CR 509.3b: once per creature it blocks),
    "Whenever ~ becomes blocked by a non-Wall creature" (CR 509.3d: once per creature blocking
    it): an event of the pair, its filter about the other creature, which is "that creature"."""
    if m.group(2).lower() == "one or more":
        return None
    flt = subject_filter(m.group(3))
    if flt is None or flt.spells or flt.players:
        return None
    events = {"blocks": ("blocks_creature",), "becomes blocked by": ("blocked_by_creature",),
              "blocks or becomes blocked by": ("blocks_creature", "blocked_by_creature")}[m.group(1).lower()]
    return [Trigger(e, "self", flt) for e in events]


def _any(event: str, article: str, phrase: str, controller: str | None = None) -> list[Trigger] | None:
    flt = subject_filter(phrase)
    if flt is None or flt.spells:
        return None
    flt = replace(flt, other=flt.other or article.lower() == "another", controller=controller or flt.controller)
    return [Trigger(event, "any", flt)]


@_trigger(r"when(?:ever)? " + _A + r" (.+?) " + _ENTERS + r"(?: under (your|an opponent's|enchanted player's) control)?")
def _t_enters(m: SpanMatch) -> list[Trigger] | None:
    """ "Whenever another creature enters" (CR 603.6a: permanents already there and the newcomers);
    "under enchanted player's control" (Trespasser's Curse): the player the source enchants (CR 303.4b)."""
    who = {"your": "you", "an opponent's": "opponent", "enchanted player's": "enchanted"}.get((m.group(3) or "").lower())
    return _any("enters", m.group(1), m.group(2), who)


@_trigger(r"whenever " + _A + r" (.+?) " + _ENTERS + r" tapped and under (your|an opponent's) control")
def _t_enters_tapped(m: SpanMatch) -> list[Trigger] | None:
    """ "Whenever a permanent enters the battlefield tapped and under your control" (Amulet of
    Vigor): the permanent as it is just after the event, tapped (CR 603.6a, 614.1c)."""
    found = _any("enters", m.group(1), m.group(2), "you" if m.group(3).lower() == "your" else "opponent")
    return None if found is None else [replace(t, filter=replace(t.filter, tapped=True)) for t in found]


@_trigger(r"whenever " + _A + r" (.+?) (dies|is put into a graveyard from the battlefield|attacks|attacks alone|"
          r"deals combat damage to a player|becomes tapped|becomes untapped|is dealt damage)")
def _t_others(m: SpanMatch) -> list[Trigger] | None:
    """ "Whenever a creature you control attacks alone" (CR 506.5), "Whenever an artifact is put
    into a graveyard from the battlefield" (CR 700.4, 603.6c)."""
    event = {"dies": "dies", "is put into a graveyard from the battlefield": "dies", "attacks": "attacks",
             "becomes tapped": "becomes_tapped", "becomes untapped": "becomes_untapped",
             "is dealt damage": "dealt_damage"}.get(m.group(3).lower(), "combat_damage_player")
    if m.group(3).lower() == "attacks alone":
        # a player's event (``effects.triggers``: exalted's), about the creature that attacked
        found = _any("attacks_alone", m.group(1), m.group(2))
        return [replace(t, whose=t.filter.controller or "any", filter=replace(t.filter, controller=None))
                for t in found] if found and found[0].filter else None
    return _any(event, m.group(1), m.group(2))


@_trigger(r"whenever " + _A + r" (.+?) attacks (you or a planeswalker you control|you|enchanted player)")
def _t_attacks_whom(m: SpanMatch) -> list[Trigger] | None:
    """ "Whenever a creature attacks you or a planeswalker you control", "Whenever a creature
    attacks enchanted player" (Curse of Predation, CR 303.4b): once per creature declared as an
    attacker (CR 508.3a), attacking that player (or planeswalker, CR 508.1b)."""
    found = _any("attacks", m.group(1), m.group(2))
    attacked = {"you": "you", "you or a planeswalker you control": "you_or_planeswalker",
                "enchanted player": "enchanted"}[m.group(3).lower()]
    return [replace(t, attacked=attacked) for t in found] if found else None


@_trigger(r"whenever " + _A + r" (.+?) is turned face up")
def _t_face_up(m: SpanMatch) -> list[Trigger] | None:
    """ "Whenever a permanent you control is turned face up" (CR 708.8): not when a manifested or
    cloaked instant or sorcery card is revealed and stays face down (CR 701.40g, 701.58g). "A
    face-down permanent" is every one that can be: it is face up once the event has happened."""
    found = _any("turned_face_up", m.group(1), m.group(2))
    return [replace(t, filter=replace(t.filter, face_down=None)) if t.filter else t for t in found] if found else None


@_trigger(r"whenever ~ or another (.+?) is turned face up")
def _t_self_or_other_face_up(m: SpanMatch) -> list[Trigger] | None:
    """ "Whenever ~ or another creature you control is turned face up" (CR 708.8)."""
    others = _any("turned_face_up", "another", m.group(1))
    return [Trigger("turned_face_up")] + others if others else None


@_trigger(r"(when(?:ever)? .+?) and (whenever .+?)")
def _t_and_whenever(m: SpanMatch) -> list[Trigger] | None:
    """ "Whenever a Detective enters under your control and whenever a Detective you control is
    turned face up": one ability with two trigger events (CR 603.2), each read on its own."""
    first, second = _parse_trigger(m.group(1)), _parse_trigger(m.group(2))
    return first + second if first and second else None


@_trigger(r"whenever ~ or another (.+?) dies")
def _t_self_or_other_dies(m: SpanMatch) -> list[Trigger] | None:
    """Blood Artist: itself or another creature — any creature that dies."""
    return _any("dies", "a", m.group(1))


@_trigger(r"whenever ~ or another (.+?) " + _ENTERS + r"(?: under (your|an opponent's) control)?")
def _t_self_or_other_enters(m: SpanMatch) -> list[Trigger] | None:
    """Rally: "Whenever ~ or another Ally enters the battlefield under your control" — its own
    entering, or another permanent's that matches (CR 603.6a)."""
    who = {"your": "you", "an opponent's": "opponent"}.get((m.group(2) or "").lower())
    others = _any("enters", "another", m.group(1), who)
    return [Trigger("enters")] + others if others else None


#: Who does a player's act: "you", "a player", "an opponent", and the player an Aura enchants
#: ("Whenever enchanted player casts a spell", CR 303.4b).
_PLAYER = {"you": "you", "a player": "any", "an opponent": "opponent", "enchanted player": "enchanted",
           "enchanted opponent": "enchanted"}
_WHO = r"(you|a player|an opponent|enchanted player|enchanted opponent)"


@_trigger(r"when(?:ever)? you sacrifice ~")
def _t_sacrificed_self(m: SpanMatch) -> list[Trigger] | None:
    """CR 701.21a: "When you sacrifice ~" (Daring Sleuth), a leaves-the-battlefield ability."""
    return [Trigger("sacrificed")]


@_trigger(r"when(?:ever)? (you|an opponent|a player) sacrifices? " + _A + r" (.+?)")
def _t_sacrificed(m: SpanMatch) -> list[Trigger] | None:
    """ "Whenever you sacrifice a Treasure" (Captain Lannery Storm), "Whenever an opponent sacrifices
    a creature" (Malik): once per permanent sacrificed (CR 701.21a, 603.2c); only a permanent's
    controller can sacrifice it, so "you" is its controller as it last existed (CR 603.10a)."""
    who = _PLAYER[m.group(1).lower()]
    return _any("sacrificed", m.group(2), m.group(3), None if who == "any" else who)


@_trigger(r"when you cast (?:~|this spell)")
def _t_cast_self(m: SpanMatch) -> list[Trigger] | None:
    """CR 113.6k, 601.2i: "When you cast this spell" triggers from the stack."""
    return [Trigger("cast", "self")]


@_trigger(r"whenever you cast (?:a|an) (.+?) that targets ~")
def _t_cast_targeting(m: SpanMatch) -> list[Trigger] | None:
    """Heroic (CR 207.2c): "Whenever you cast a spell that targets ~" (CR 601.2i, 115.1): an event
    of the permanent targeted, about the spell, which its caster controls."""
    flt = parse_filter(m.group(1))
    if flt is None or not flt.spells or flt.controller:
        return None
    return [Trigger("cast_targeting", "self", replace(flt, controller="you"))]


@_trigger(r"whenever you cast your (first|second|third) spell each turn")
def _t_cast_nth(m: SpanMatch) -> list[Trigger] | None:
    """ "Whenever you cast your second spell each turn" (CR 601.2i): as the spell that is the
    caster's Nth this turn becomes cast."""
    return [Trigger("cast", "you", Filter(spells=True), number=("first", "second", "third").index(m.group(1).lower()) + 1)]


@_trigger(r"when(?:ever)? " + _WHO + r" casts? (?:a|an) (.+?)( with a mana cost that contains \{x\})?")
def _t_cast(m: SpanMatch) -> list[Trigger] | None:
    """CR 601.2i: "Whenever you cast a noncreature spell"; "a permanent spell with a mana cost
    that contains {X}" (Unbound Flourishing, CR 107.3); "an instant or sorcery card" (Eye of the
    Storm): a spell that is a card, not a copy of one (CR 108.2, 707.12)."""
    what = m.group(2)
    card = bool(re.search(r" card$", what, re.I))
    if card:
        consume(what[-len(" card"):])
        what = what[: -len(" card")] + " spell"
    flt = parse_filter(what)
    if flt is None or not flt.spells or flt.controller:
        return None
    if re.search(r"\bpermanent\b", m.group(2), re.I) and not flt.types:
        flt = replace(flt, types=PERMANENT_TYPES - flt.not_types)   # a permanent spell (CR 110.4a)
    if m.group(3):
        flt = replace(flt, x_in_cost=True)
    if card:
        flt = replace(flt, card=True)
    return [Trigger("cast", _PLAYER[m.group(1).lower()], flt)]


@_trigger(r"whenever " + _WHO + r" plays? (?:a|an) (.+?)")
def _t_play_land(m: SpanMatch) -> list[Trigger] | None:
    """ "Whenever you play a land" (Fastbond), "Whenever an opponent plays a land" (Burgeoning):
    a player's act, the special action of playing a land (CR 305.1, 116.2a), not a land put onto
    the battlefield otherwise; "it" is the land, "that player" who played it."""
    flt = parse_filter(m.group(2))
    if flt is None or flt.spells or flt.players or flt.controller or "Land" not in flt.types:
        return None
    return [Trigger("play_land", _PLAYER[m.group(1).lower()], flt)]


@_trigger(r"whenever " + _WHO + r" plays? (?:a|an) (.+?) or casts? (?:a|an) (.+?)")
def _t_play_or_cast(m: SpanMatch) -> list[Trigger] | None:
    """ "Whenever you play a land or cast a spell" (Infernal Sovereign), "... a legendary land or
    cast a legendary spell" (Shanid): two trigger events, a land played (CR 305.1) and a spell
    cast (CR 601.2i); "it" is the land or the spell."""
    who = _PLAYER[m.group(1).lower()]
    land, spell = parse_filter(m.group(2)), parse_filter(m.group(3))
    if land is None or land.spells or land.players or land.controller or "Land" not in land.types:
        return None
    if spell is None or not spell.spells or spell.controller:
        return None
    return [Trigger("play_land", who, land), Trigger("cast", who, spell)]


@_trigger(r"whenever you cast an instant or sorcery spell or activate an ability")
def _t_cast_or_activate(m: SpanMatch) -> list[Trigger] | None:
    """Unbound Flourishing: two trigger events, a spell cast (CR 601.2i) and an ability
    activated (CR 602.2); the condition on {X} follows as an intervening "if"."""
    return [Trigger("cast", "you", Filter(types=frozenset({"Instant", "Sorcery"}), spells=True)),
            Trigger("activate", "you")]


@_trigger(r"whenever (a player|you) taps? an? (.+?) for mana")
def _t_tapped_for_mana(m: SpanMatch) -> list[Trigger] | None:
    """A triggered mana ability (CR 605.1b, 106.12a): Heartbeat of Spring; "Whenever you tap a
    Swamp for mana" (Crypt Ghast)."""
    flt = parse_filter(m.group(2))
    whose = "you" if m.group(1).lower() == "you" else "any"
    return [Trigger("tapped_for_mana", whose, flt)] if flt is not None and not flt.spells else None


@_trigger(r"whenever enchanted land is tapped for mana")
def _t_enchanted_tapped_for_mana(m: SpanMatch) -> list[Trigger] | None:
    """A triggered mana ability of an Aura (CR 605.1b, 106.12a): Wild Growth, Fertile Ground."""
    return [Trigger("tapped_for_mana", "enchanted")]


@_trigger(r"when(?:ever)? (enchanted|equipped) (?:creature|land|artifact|permanent) (deals combat damage to a player|"
          r"deals combat damage|deals damage|attacks|dies|becomes tapped|becomes untapped|is dealt damage|is turned face up)")
def _t_attached(m: SpanMatch) -> list[Trigger] | None:
    """ "Whenever enchanted creature deals combat damage to a player" (Celestial Mantle): the
    object the source is attached to."""
    event = {"deals combat damage to a player": "combat_damage_player", "deals combat damage": "deals_combat_damage",
             "deals damage": "deals_damage", "attacks": "attacks", "dies": "dies", "becomes tapped": "becomes_tapped",
             "becomes untapped": "becomes_untapped", "is dealt damage": "dealt_damage",
             "is turned face up": "turned_face_up"}[m.group(2).lower()]
    return [Trigger(event, m.group(1).lower())]


def _targeted_by(words: str) -> TargetedBy | None:
    """ "a spell", "an Aura spell", "a spell or ability an opponent controls", "a spell or ability
    you control for the first time each turn" (CR 115.1): what the targeting must be."""
    m = fullmatch(r"(?:a|an) (aura )?(spell or ability|spell|ability)(?: (you control|an opponent controls|"
                  r"your opponents control))?( for the first time each turn)?", words, re.I)
    if m is None or (m.group(1) and m.group(2).lower() != "spell"):
        return None
    m.consume()
    kind = m.group(2).lower()
    return TargetedBy(spell=kind != "ability", ability=kind != "spell",
                      filter=Filter(subtypes=frozenset({"Aura"}), spells=True) if m.group(1) else None,
                      controller="you" if m.group(3) and m.group(3).lower() == "you control" else
                      "opponent" if m.group(3) else "", first_each_turn=bool(m.group(4)))


@_trigger(r"when(?:ever)? ~ (?:(attacks|" + _ENTERS + r") or )?becomes the target of (.+?)")
def _t_becomes_target(m: SpanMatch) -> list[Trigger] | None:
    """ "Whenever ~ becomes the target of a spell or ability an opponent controls" (CR 115.1, 603.2);
    "Whenever ~ attacks or becomes the target of a spell" (Goldspan Dragon: two abilities)."""
    by = _targeted_by(m.group(2))
    if by is None:
        return None
    also = [] if m.group(1) is None else [Trigger("attacks" if m.group(1).lower() == "attacks" else "enters")]
    return also + [Trigger("becomes_target", targeted_by=by)]


@_trigger(r"when(?:ever)? (?:(enchanted|equipped) (?:creature|permanent)|" + _A + r" (.+?)) becomes the target of (.+?)")
def _t_other_becomes_target(m: SpanMatch) -> list[Trigger] | None:
    """ "Whenever a creature you control becomes the target of a spell or ability an opponent
    controls", "When enchanted creature becomes the target of a spell or ability" (Ice Cage)."""
    by = _targeted_by(m.group(4))
    if by is None:
        return None
    if m.group(1):
        return [Trigger("becomes_target", m.group(1).lower(), targeted_by=by)]
    found = _any("becomes_target", m.group(2), m.group(3))
    return [replace(t, targeted_by=by) for t in found] if found else None


@_trigger(r"whenever a creature dealt damage by ~ this turn dies")
def _t_damaged_dies(m: SpanMatch) -> list[Trigger] | None:
    """Sengir Vampire (CR 700.4): a creature this object dealt damage to this turn dies."""
    return [Trigger("dies", "any", Filter(types=frozenset({"Creature"})), damaged_by_source=True)]


@_trigger(r"whenever " + _WHO + r" discards? (?:a|an) (.+?)")
def _t_discard(m: SpanMatch) -> list[Trigger] | None:
    """CR 701.9a: "Whenever an opponent discards a card": once per card discarded (CR 603.2c);
    "a creature card": the card as it is in the zone it went to."""
    what = m.group(2)
    if what.lower() == "card":
        consume(what)
        return [Trigger("discard", _PLAYER[m.group(1).lower()])]
    if not what.lower().endswith(" card"):
        return None
    flt = card_filter(what[: -len(" card")])
    if flt is None:
        return None
    consume(what[-len("card"):])
    return [Trigger("discard", _PLAYER[m.group(1).lower()], flt)]


@_trigger(r"whenever you cycle or discard a card")
def _t_cycle_or_discard(m: SpanMatch) -> list[Trigger] | None:
    """CR 702.29d: "cycles or discards" triggers once when a card is cycled: cycling discards it."""
    return [Trigger("discard", "you")]


@_trigger(r"whenever " + _WHO + r" cycles? (?:a|another) card")
def _t_cycle(m: SpanMatch) -> list[Trigger] | None:
    """CR 702.29a: a player cycles a card as they activate its cycling ability."""
    return [Trigger("cycle", _PLAYER[m.group(1).lower()])]


@_trigger(r"when(?:ever)? you cycle ~( or it dies)?")
def _t_cycled(m: SpanMatch) -> list[Trigger] | None:
    """CR 702.29c: "When you cycle this card" triggers from the zone the card went to (the
    graveyard, as its cycling cost discarded it)."""
    return [Trigger("cycled")] + ([Trigger("dies")] if m.group(1) else [])


@_trigger(r"whenever " + _WHO + r" draws? a card")
def _t_draw(m: SpanMatch) -> list[Trigger] | None:
    return [Trigger("draw", _PLAYER[m.group(1).lower()])]


@_trigger(r"whenever (you|an opponent|a player) draws? (?:your|their|his or her) second card each turn")
def _t_draw_second(m: SpanMatch) -> list[Trigger] | None:
    """ "Whenever you draw your second card each turn" (CR 121.1, 603.2): as that card is drawn."""
    return [Trigger("draw_second", _PLAYER[m.group(1).lower()])]


@_trigger(r"whenever you gain life")
def _t_gain_life(m: SpanMatch) -> list[Trigger] | None:
    return [Trigger("gain_life", whose="you")]                                     # CR 119.9


_STEPS = {"upkeep": "upkeep", "draw step": "draw_step", "end step": "end_step",
          "precombat main phase": "precombat_main", "first main phase": "precombat_main",
          "postcombat main phase": "postcombat_main", "second main phase": "postcombat_main"}   # CR 505.1a


_WHOSE_STEP = {"your": "you", "each": "any", "each player's": "any", "the": "any", "each opponent's": "opponent",
               "enchanted player's": "enchanted", "enchanted opponent's": "enchanted"}


@_trigger(r"at the beginning of (your|each|each player's|each opponent's|the|enchanted player's|enchanted opponent's) "
          r"(upkeep|draw step|end step|precombat main phase|first main phase|postcombat main phase|second main phase)")
def _t_step(m: SpanMatch) -> list[Trigger] | None:
    """CR 603.2b: as the step begins."""
    return [Trigger(_STEPS[m.group(2).lower()], _WHOSE_STEP[m.group(1).lower()])]


@_trigger(r"at the beginning of the (upkeep|end step) of enchanted creature's controller")
def _t_enchanted_controller_step(m: SpanMatch) -> list[Trigger] | None:
    """ "At the beginning of the upkeep of enchanted creature's controller" (Soul Bleed, CR 603.2b):
    the step of the player who controls the permanent the source enchants, "that player"."""
    return [Trigger(_STEPS[m.group(1).lower()], "enchanted_controller")]


@_trigger(r"at the beginning of (combat on your turn|each combat)")
def _t_combat(m: SpanMatch) -> list[Trigger] | None:
    return [Trigger("beginning_of_combat", "you" if m.group(1).lower().startswith("combat on") else "any")]


@_trigger(r"at end of combat( on your turn)?")
def _t_end_of_combat(m: SpanMatch) -> list[Trigger] | None:
    """CR 511.2: "at end of combat" abilities trigger as the end of combat step begins."""
    return [Trigger("end_of_combat", "you" if m.group(1) else "any")]


@_trigger(r"whenever you attack(?: with {COUNT} or more creatures)?")
def _t_you_attack(m: SpanMatch) -> list[Trigger] | None:
    """CR 508.3d: "Whenever you attack" triggers once as one or more creatures you control are
    declared as attackers; "with three or more creatures": that many at least."""
    count = m.group(1)
    return [Trigger("you_attack", "you", number=int(count) if count and count.isdigit() else NUMBERS.get(
        (count or "").lower(), 0))]


def _parse_trigger(text: str) -> list[Trigger] | None:
    return TRIGGERS.parse(text.strip())


def _state_trigger(text: str) -> Condition | None:
    """CR 603.8: "When you control no Islands", "When there are no creatures on the battlefield"."""
    m = fullmatch(r"when(?:ever)? (.+)", text.strip(), re.I)
    if not m:
        return None
    cond = parse_condition(m.group(1))
    if cond is not None and cond.kind in ("control", "battlefield", "hand", "graveyard"):
        m.consume()
        return cond
    return None


def _subject_condition(text: str, triggers: list[Trigger]) -> Condition | None:
    """ "if it's a creature" after a trigger event about an object (CR 603.4): the object the
    ability refers to must match, as it triggers and as it resolves — on the battlefield, so not
    after an event of leaving it (whose object is gone, CR 400.7)."""
    if not all(t.event in OBJECT_TRIGGER_EVENTS and t.event not in ("leaves", "dies") for t in triggers):
        return None
    m = fullmatch(r"it's (an? .+)", text.strip(), re.I)
    flt = it_predicate(m.group(1)) if m else None
    if m is None or flt is None:
        return None
    consume(text.strip()[: len("it's ")])
    return Condition("subject_is", filter=flt)


def trigger_head(text: str, body: Span) -> tuple[list[Trigger], Condition | None, Span] | None:
    """ "[When/Whenever/At] [trigger]" and an intervening "if [condition]," (CR 603.1, 603.4): the
    trigger events, the condition and the rest of the body (None: not understood)."""
    condition = None
    if w := fullmatch(r"(when(?:ever)? ~ attacks) while saddled", text.strip(), re.I):
        # CR 702.171b: a condition of the trigger event, checked only as it attacks (CR 508.3a)
        w.consume()
        text = w.group(1)
        condition = Condition("designated", value="saddled", at_least=1, event_only=True)
    triggers = _parse_trigger(text)
    if triggers is not None and (x := match(r"if that spell's mana cost or that ability's activation cost contains "
                                            r"\{x\}, ", body, re.I)):
        # an intervening "if" (CR 603.4) on a value that can't change: read as part of the
        # trigger event (the spell or ability has {X} in its cost, CR 107.3)
        x.consume()
        triggers = [replace(t, filter=replace(t.filter or Filter(spells=True), x_in_cost=True)) for t in triggers]
        body = body[x.end():]
    if triggers is None:
        condition = _state_trigger(text)
        if condition is None:
            return None
        triggers = [Trigger("state", "you")]
    elif m := fullmatch(r"if ([^,]+), (.+)", body, re.I):
        if condition is not None:
            return None             # (one condition per ability: "while saddled" and an "if")
        condition = _subject_condition(m.group(1), triggers) or parse_condition(m.group(1))
        if condition is None:
            return None
        m.consume()
        body = m.group(2)
    return triggers, condition, body


def trigger_parse(trig: Trigger, condition: Condition | None, link: str) -> Parse:
    """The parse state of a triggered ability's effects: what "it", "that player" and "that
    creature" refer to after its trigger event."""
    it = SELF if trig.whose == "self" else Ref("triggering") \
        if trig.event in OBJECT_TRIGGER_EVENTS or trig.event in ("cast", "discard", "play_land") else None
    if it is None and condition is not None and condition.kind in ("source_tapped", "source_untapped"):
        it = SELF           # "if ~ is tapped, put a storage counter on it": ~ (the storage lands)
    # "Whenever ~ deals damage to an opponent, that player ...": the damaged player
    # "At the beginning of each player's upkeep, ... that player": the player whose step it is
    # "Whenever a player casts a spell / an opponent draws a card, ... that player": the player who did it
    player_event = trig.event in PLAYER_DAMAGE_EVENTS or (trig.event in _STEPS.values() and trig.whose != "you") \
        or (trig.event in _PLAYER_ACTS and trig.whose in ("any", "opponent", "enchanted"))
    # "Whenever ~ blocks a creature / deals combat damage to a creature, ... that creature": the
    # other creature of the event (what it was done to)
    other = Ref("affected") if trig.event in _OTHER_CREATURE_EVENTS else None
    player = Ref("affected") if player_event else None
    spell = None
    if trig.event == "becomes_target":
        # the ability refers to the spell or ability that targeted ("that spell", "that player":
        # its controller) and to the object it targeted ("it", "that creature": CR 603.2)
        spell, player = Ref("triggering"), Ref("triggering_controller")
        if trig.whose != "self":
            it = other = Ref("affected")
    if trig.filter is not None and trig.filter.controller == "enchanted":
        # "Whenever a creature enters under enchanted player's control, that player ...": the
        # controller of the object the event is about (CR 303.4b)
        player = Ref("triggering_controller")
    return Parse(it=it, link=link, player=player, other=other, spell=spell)


def trigger_effects(body: Span, st: Parse) -> list[Effect] | None:
    """A triggered ability's instructions ("they" read as "that player" after a player's event)."""
    return parse_effects(they_as_that_player(body) if st.player is not None else body, st)


def triggered_abilities(text: str, body: str, raw: str, link: str = "") -> list[TriggeredAbility] | None:
    """ "[When/Whenever/At] [trigger], [if condition,] [effect]" (CR 603.1, 603.4)."""
    head = trigger_head(text, body)
    if head is None:
        return None
    triggers, condition, body = head
    optional = False
    if body.lower().startswith("you may ") and not match(r"you may [^.]+\. (?:when|if) you do, ", body, re.I):
        optional = True
        consume(body[:len("you may ")])
        body = body[len("you may "):]
    out = []
    for trig in triggers:
        st = trigger_parse(trig, condition, link)
        # CR 113.6m: "return ~ from your graveyard ..." makes the ability function only in the
        # graveyard — unless its trigger puts the card there (a self event) or it is an Aura's
        # and the trigger is its creature leaving (Screams from Within): not read so
        st.card_zones = trig.whose not in ("self", "enchanted")
        effects = trigger_effects(body, st)
        if effects is None:
            return None
        may = optional
        if optional and len(effects) == 1 and isinstance(effects[0], ExileChosen):
            may = False         # imprint's "you may exile a card": one choice, of a card or none
        elif optional and len(effects) == 1 and isinstance(effects[0], UnlessPays) and effects[0].payer is not None:
            # "you may draw a card unless that player pays {1}" (Rhystic Study): that player
            # decides first, then "you may" is chosen (its rulings; CR 118.12, 608.2c)
            effects = [replace(effects[0], effects=(DoAction(None, True, action=effects[0].effects,
                                                              text=body.split(" unless ")[0]),))]
            may = False
        out.append(TriggeredAbility(trig, tuple(effects), tuple(st.targets), raw, may, condition,
                                    zone=st.functions_in))
    return out


#: Trigger events about two creatures, the second (``Ref("affected")``) being "that creature".
_OTHER_CREATURE_EVENTS = frozenset({"blocks_creature", "blocked_by_creature", "combat_damage_creature",
                                    "damage_creature"})

#: Trigger events that are a player's own acts (CR 601.2i, 121.1, 119.3): "that player" is who did it.
_PLAYER_ACTS = frozenset({"cast", "draw", "gain_life", "draw_second", "discard", "cycle", "play_land"})


#: Trigger events about an object (the others are about players or steps).
#: Trigger events done to a player, who is "that player" (``Ref("affected")``).
PLAYER_DAMAGE_EVENTS = frozenset({"combat_damage_player", "damage_player", "damage_opponent"})


OBJECT_TRIGGER_EVENTS = frozenset({"enters", "leaves", "dies", "sacrificed", "attacks", "blocks", "becomes_blocked", "becomes_target",
                                   "deals_damage", "deals_combat_damage", "combat_damage_player",
                                   "becomes_tapped", "becomes_untapped", "damage_player", "damage_opponent",
                                   "dealt_damage", "blocks_creature", "blocked_by_creature", "combat_damage_creature",
                                   "damage_creature", "attacks_alone", "turned_face_up", "put_into_graveyard"})


#: The verbs a player does, after "they", and their third person singular.
_THEY_VERBS = {"may": "may", "can't": "can't", "don't": "doesn't", "lose": "loses", "gain": "gains", "draw": "draws",
               "discard": "discards", "sacrifice": "sacrifices", "mill": "mills", "reveal": "reveals",
               "search": "searches", "shuffle": "shuffles", "put": "puts", "exile": "exiles", "create": "creates",
               "pay": "pays", "choose": "chooses", "get": "gets", "skip": "skips", "look": "looks",
               "return": "returns", "take": "takes"}
_THEY = r"\b(they) (" + "|".join(re.escape(v) for v in _THEY_VERBS) + r")\b"


def they_as_that_player(body: Span) -> Span:
    """In a triggered ability about a player's act or a player's step, modern Oracle text calls
    that player "they" / "them" ("Whenever an opponent draws a card, they lose 2 life"): the same
    player as "that player" (CR 608.2c reads the text as written; the Oracle update of 2018
    replaced "that player" by "they" with no change of meaning). Rewritten so the player rules read
    it; a "they" meaning objects is followed by no player verb, or fails to parse as a player."""
    body = sub(_THEY, lambda m: "that player " + _THEY_VERBS[m.group(2).lower()], body, re.I)
    return sub(r"\bto them\b", "to that player", body, re.I)


def parse_extra_triggers(para: str, raw: str) -> ExtraTriggers | None:
    """CR 603.2d: Panharmonicon ("If an artifact or creature entering causes a triggered
    ability of a permanent you control to trigger, that ability triggers an additional time.")."""
    m = fullmatch(r"if an? (.+?) (entering(?: the battlefield)?|dying) causes a triggered ability of a permanent you "
                  r"control to trigger, that ability triggers an additional time\.", para, re.I)
    if not m:
        return None
    flt = parse_filter(m.group(1))
    if flt is None:
        return None
    m.consume()
    event = "dies" if m.group(2).lower() == "dying" else "enters"          # Drivnod: "a creature dying"
    return ExtraTriggers(event, flt, "you", 1, raw)


def read_triggered(para: Span, face: ScriptBuilder) -> bool:
    """ "When ~ enters, draw a card.": a triggered ability (CR 603.1)."""
    m = fullmatch(r"((?:when|whenever|at) [^,]+), (.+)", para, re.I)
    if m is None or face.is_spell and match(r"at the beginning of (?:your |the )?next ", para, re.I):
        return False        # (an instant's "At the beginning of your next upkeep, ...": a delayed ability, CR 603.7)
    abilities = triggered_abilities(m.group(1), m.group(2), face.raw, face.link)
    if abilities is None:
        return face.not_implemented()
    m.consume()
    face.triggered.extend(abilities)
    return True


def read_extra_triggers(para: Span, face: ScriptBuilder) -> bool:
    """ "... that ability triggers an additional time." (CR 603.2d)"""
    extra = parse_extra_triggers(para, face.raw)
    if extra is None:
        return False
    face.extra_triggers.append(extra)
    return True
