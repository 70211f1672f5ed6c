"""Conditions (CR 603.4, 603.8, 611.3b, 608.2c) and the numbers abilities count (CR 604.3).

``CONDITIONS`` is the grammar of the conditions an ability may have: an intervening "if" of a
triggered ability, a state trigger's state, "as long as ..." of a static ability, "If ..., "
checked as a spell resolves, "Activate only if ...". Which of them each kind of ability may
use is said where it is read (``STATIC_CONDITION_KINDS``, ``RESOLUTION_CONDITIONS``).
"""
from __future__ import annotations

import re
from dataclasses import replace

from .filters import card_filter, counts_characteristics, parse_filter, subject_filter
from .grammar import Grammar, attempt
from .lexicon import num
from .text import Span, SpanMatch, consume, finditer, fullmatch, sub
from ..vocabulary import Condition, Filter, Quantity

#: The conditions a static ability of a permanent may have (CR 611.3b): each reads only what the
#: characteristics memo follows (``GameState.changed`` and ``changed_off_battlefield``: the
#: permanents, life totals and the cards in a zone), and whose turn it is (CR 500: the memo is
#: forgotten as each turn begins, ``rules.turn``); never the step, which the memo doesn't follow.
#: "designated": "as long as ~ is monstrous / renowned" (CR 701.37b, 702.112b; becoming it calls
#: ``GameState.changed``).
STATIC_CONDITION_KINDS = frozenset({"control", "life", "lowest_life", "hand", "graveyard", "library", "turn", "monarch", "initiative",
                                    "completed_dungeon", "blessing", "designated", "graveyard_card_types"})
#: Conditions a resolving spell or ability can check ("If you control a Wizard, ..."): about the
#: game now, from its controller's point of view (``effects.triggers.condition_holds``).
RESOLUTION_CONDITIONS = frozenset({"control", "battlefield", "life", "hand", "graveyard", "attacked_with",
                                   "main_phase", "landfall", "morbid", "revolt", "source_counters", "monarch",
                                   "initiative", "completed_dungeon", "blessing", "graveyard_card_types",
                                   "optional_paid", "cost_paid", "total_power", "opponent_controls"})     # "if this spell was bargained" (CR 702.166b)

#: One reading per wording: the first template that fits decides.
CONDITIONS: Grammar[Condition] = Grammar("condition", first_match=True)
_condition = CONDITIONS.rule


def parse_condition(text: str) -> Condition | None:
    """An intervening "if" (CR 603.4), a state trigger's state (CR 603.8), an "as long as";
    failing one reading, two conditions joined by "and" / "or" (:func:`joined_condition`)."""
    text = text.strip().rstrip(".")
    return CONDITIONS.parse(text) or joined_condition(text)




@_condition(r"there are {COUNT} or more card types among cards in your graveyard")
def _delirium(m: SpanMatch) -> Condition:
    # delirium (CR 207.2c): the card types (CR 205.2a) among the cards in its controller's graveyard
    return Condition("graveyard_card_types", at_least=num(m.group(1)).fixed)


@_condition(r"it's (not )?your turn|it is (not )?your turn")
def _your_turn(m: SpanMatch) -> Condition:
    # "As long as it's your turn" (Dapper Shieldmate): you are the active player (CR 102.1)
    return Condition("turn", value="opponent" if (m.group(1) or m.group(2)) else "you")


@_condition(r"you (have|don't have) max speed")
def _max_speed(m: SpanMatch) -> Condition:
    # CR 702.179e: "if you have max speed": your speed is 4 (none is 0, 702.179f)
    return Condition("speed", at_least=4) if m.group(1) == "have" else Condition("speed", at_most=3)


@_condition(r"(you're|you are|an opponent is) the monarch|there is no monarch")
def _monarch(m: SpanMatch) -> Condition:
    # CR 724.1: "if you're the monarch" (Throne Warden), "if an opponent is the monarch" (Queen
    # Marchesa), "if there is no monarch" (Crown of Gondor)
    who = (m.group(1) or "").lower()
    return Condition("monarch", value="none" if not who else "opponent" if who.startswith("an") else "you")


@_condition(r"no spells were cast last turn|a player cast two or more spells last turn")
def _spells_last_turn(m: SpanMatch) -> Condition:
    # the old werewolves' intervening "if" (CR 603.4): the spells cast during the previous turn
    # (``effects.day_night.record_last_turn``)
    return Condition("spells_last_turn", value="none" if m.group(0).lower().startswith("no") else "two_by_a_player")


@_condition(r"you have the city's blessing")
def _blessing(m: SpanMatch) -> Condition:
    return Condition("blessing")                                                 # CR 702.131c


@_condition(r"you have the initiative")
def _initiative(m: SpanMatch) -> Condition:
    return Condition("initiative")                                               # CR 725.1


@_condition(r"you've completed a dungeon|you have completed a dungeon")
def _completed_dungeon(m: SpanMatch) -> Condition:
    return Condition("completed_dungeon")                                        # CR 309.7


@_condition(r"(?:it|~|this spell) was kicked with its ((?:\{[^}]+\})+) kicker")
def _kicked_with(m: SpanMatch) -> Condition:
    # "if it was kicked with its {1}{B} kicker" (CR 702.33d, 607.2i): that kicker cost was paid
    return Condition("kicked", value=str.__str__(m.group(1)).upper())


@_condition(r"it was bargained|~ was bargained|this spell was bargained")
def _bargained(m: SpanMatch) -> Condition:
    # CR 702.166b: its bargain cost was paid (the permanent remembers it, CR 400.7d)
    return Condition("optional_paid", value="bargain")


#: CR 702.138b: the permanent (or spell) escaped: the spell was cast for its escape cost (the
#: permanent remembers it, CR 400.7d).
ESCAPED = Condition("cost_paid", value="escape")


@_condition(r"it escaped|~ escaped")
def _escaped(m: SpanMatch) -> Condition:
    return ESCAPED


@_condition(r"it was kicked|~ was kicked")
def _kicked(m: SpanMatch) -> Condition:
    return Condition("kicked")                                                   # CR 702.33d


@_condition(r"(?:its|~'s|his|her|their|this spell's|this creature's) (dash|blitz|prowl|sneak|freerunning|surge|"
            r"spectacle|emerge|madness) cost was paid")
def _alternative_paid(m: SpanMatch) -> Condition:
    # "When ~ enters, if its prowl cost was paid" (CR 702.76a, 118.9): the alternative cost the
    # spell was cast for, which the permanent it becomes remembers (CR 400.7d)
    return Condition("cost_paid", value=m.group(1).lower())


@_condition(r"an opponent controls more (.+?) than you")
def _opponent_more(m: SpanMatch) -> Condition | None:
    flt = subject_filter(m.group(1), plural=True)               # Knight of the White Orchid
    return Condition("opponent_more", flt) if flt else None


@_condition(r"you had a land enter the battlefield under your control this turn")
def _landfall(m: SpanMatch) -> Condition:
    return Condition("landfall")                                                 # Groundswell


@_condition(r"(it wasn't the first land|you didn't play a land|you played a land) (?:you played )?this turn")
def _lands_played(m: SpanMatch) -> Condition:
    """The lands the controller played this turn (CR 305.2): "if it wasn't the first land you
    played this turn" (Fastbond, after the land played: at least two), "if you didn't play a
    land this turn" (Mercadian Atlas)."""
    kind = m.group(1).lower()
    if kind.startswith("it"):
        return Condition("lands_played", at_least=2)
    return Condition("lands_played", at_most=0) if "didn't" in kind else Condition("lands_played", at_least=1)


@_condition(r"a creature died this turn")
def _morbid(m: SpanMatch) -> Condition:
    return Condition("morbid")                                                   # CR 700.4


@_condition(r"a permanent you controlled left the battlefield (?:during )?this turn")
def _revolt(m: SpanMatch) -> Condition:
    return Condition("revolt")


@_condition(r"you cast (?:this spell|~) during your main phase")
def _main_phase(m: SpanMatch) -> Condition:
    # a spell cast in a main phase resolves in it: the stack empties before a step ends (CR 500.2)
    return Condition("main_phase")


@_condition(r"you attacked with {COUNT} or more creatures this turn")
def _attacked_with(m: SpanMatch) -> Condition:
    return Condition("attacked_with", at_least=num(m.group(1)).fixed)          # CR 508.1


@_condition(r"you control {COUNT} or more (.+?) with different (powers|names)")
def _distinct(m: SpanMatch) -> Condition | None:
    """Coven (Candlelit Cavalry): "three or more creatures with different powers"; "four or
    more Demons with different names" (Liliana's Contract): different values among them."""
    flt = subject_filter(m.group(2), plural=True)
    return Condition("distinct", flt, at_least=num(m.group(1)).fixed, value=m.group(3).lower()[:-1]) if flt else None


@_condition(r"you control no (other )?(.+)")
def _control_none(m: SpanMatch) -> Condition | None:
    flt = subject_filter(m.group(2), plural=True)
    return Condition("control", replace(flt, other=bool(m.group(1))), at_most=0) if flt else None


@_condition(r"you control (a|an|another) (.+)")
def _control_one(m: SpanMatch) -> Condition | None:
    flt = subject_filter(sub(r" or an? ", " or ", m.group(2)))      # "a Mountain or a Plains"
    return Condition("control", replace(flt, other=m.group(1).lower() == "another"), at_least=1) if flt else None


@_condition(r"you control {COUNT} or fewer (other )?(.+)")
def _control_at_most(m: SpanMatch) -> Condition | None:
    flt = subject_filter(m.group(3), plural=True)               # Spirebluff Canal (CR 614.12)
    return Condition("control", replace(flt, other=bool(m.group(2))), at_most=num(m.group(1)).fixed) if flt else None


@_condition(r"an opponent controls {COUNT} or more (.+)")
def _opponent_controls(m: SpanMatch) -> Condition | None:
    """Tectonic Edge: "Activate only if an opponent controls four or more lands" — one opponent
    has that many (CR 602.5b)."""
    flt = subject_filter(m.group(2), plural=True)
    return Condition("opponent_controls", flt, at_least=num(m.group(1)).fixed) if flt else None


@_condition(r"you control {COUNT} or more (other )?(.+)")
def _control_at_least(m: SpanMatch) -> Condition | None:
    flt = subject_filter(m.group(3), plural=True)
    return Condition("control", replace(flt, other=bool(m.group(2))), at_least=num(m.group(1)).fixed) if flt else None


@_condition(r"your opponents control {COUNT} or more (.+)")
def _opponents_control_at_least(m: SpanMatch) -> Condition | None:
    """The Turbulent lands (CR 614.12): the permanents all opponents control, counted together."""
    flt = subject_filter(m.group(2), plural=True)
    return Condition("battlefield", replace(flt, controller="opponent"), at_least=num(m.group(1)).fixed) \
        if flt and not flt.controller else None


@_condition(r"(?:there are no|no) (.+?) (?:are )?on the battlefield")
def _none_on_battlefield(m: SpanMatch) -> Condition | None:
    flt = subject_filter(m.group(1), plural=True)
    return Condition("battlefield", flt, at_most=0) if flt else None


@_condition(r"you have {COUNT} or (more|less) life")
def _life(m: SpanMatch) -> Condition:
    value = num(m.group(1)).fixed
    return Condition("life", at_least=value) if m.group(2).lower() == "more" else Condition("life", at_most=value)


@_condition(r"you have {COUNT} or more opponents")
def _opponents(m: SpanMatch) -> Condition:
    return Condition("opponents", at_least=num(m.group(1)).fixed)      # CR 102.1: the players still in the game


@_condition(r"creatures you control have total power {COUNT} or greater")
def _total_power(m: SpanMatch) -> Condition:
    # formidable (CR 207.2c): the powers of the creatures you control, added up
    return Condition("total_power", at_least=num(m.group(1)).fixed)


@_condition(r"(a player|an opponent) has {COUNT} or less life")
def _a_player_life(m: SpanMatch) -> Condition:
    # the lowest life total among the players: "a player has 13 or less life" if it is 13 or less;
    # "an opponent has 10 or less life" (Bloodghast): among your opponents in the game (CR 102.1)
    return Condition("lowest_life", at_most=num(m.group(2)).fixed,
                     value="opponent" if m.group(1).lower() == "an opponent" else "")


@_condition(r"your life total is {COUNT} or (less|greater)")
def _life_total(m: SpanMatch) -> Condition:
    value = num(m.group(1)).fixed
    return Condition("life", at_most=value) if m.group(2).lower() == "less" else Condition("life", at_least=value)


@_condition(r"your life total is (less|greater) than {COUNT}")
def _life_total_than(m: SpanMatch) -> Condition:
    value = num(m.group(2)).fixed
    return Condition("life", at_most=value - 1) if m.group(1).lower() == "less" else Condition("life", at_least=value + 1)


@_condition(r"there are no ([\w+/-]+) counters on ~")
def _no_counters_on_self(m: SpanMatch) -> Condition:
    return Condition("source_counters", value=m.group(1).lower(), at_most=0)     # the depletion lands


@_condition(r"~ is tapped")
def _tapped(m: SpanMatch) -> Condition:
    return Condition("source_tapped")                        # the storage lands (CR 603.4)


@_condition(r"~ is untapped")
def _untapped(m: SpanMatch) -> Condition:
    return Condition("source_untapped")                      # Howling Mine (CR 603.4)


@_condition(r"you have no cards in hand")
def _empty_hand(m: SpanMatch) -> Condition:
    return Condition("hand", at_most=0)


@_condition(r"you have {COUNT} or (more|fewer) cards in (?:your )?hand")
def _hand(m: SpanMatch) -> Condition:
    value = num(m.group(1)).fixed
    return Condition("hand", at_least=value) if m.group(2).lower() == "more" else Condition("hand", at_most=value)


@_condition(r"there are no cards in your graveyard")
def _empty_graveyard(m: SpanMatch) -> Condition:
    return Condition("graveyard", at_most=0)


# threshold, in both wordings: "there are seven or more cards in your graveyard" and the older
# "seven or more cards are in your graveyard" (Werebear, CR 207.2c)
@_condition(r"there are {COUNT} or more cards in your graveyard")
@_condition(r"{COUNT} or more cards are in your graveyard")
def _threshold(m: SpanMatch) -> Condition:
    return Condition("graveyard", at_least=num(m.group(1)).fixed)


@_condition(r"there is an? (.+?) card in your (graveyard|hand)")
def _card_in_zone(m: SpanMatch) -> Condition | None:
    flt = card_filter(m.group(1))                   # "there is a Desert card in your graveyard"
    return Condition(m.group(2).lower(), flt, at_least=1) if flt is not None else None


#: The conditions that may be joined by "and" / "or" into one: those every kind of ability
#: reads the same way (``STATIC_CONDITION_KINDS`` and ``RESOLUTION_CONDITIONS`` both).
_JOINABLE = frozenset({"control", "life", "hand", "graveyard"})
#: The subject a second condition may leave out ("if you control an artifact and an
#: enchantment", "if you control no other permanents and have no cards in hand").
_SUBJECTS = ("you control ", "you ")


@attempt
def joined_condition(text: str) -> Condition | None:
    """Two conditions joined: "you control an artifact and an enchantment" (both hold), "you
    control a Desert or there is a Desert card in your graveyard" (either holds). The second
    may leave out the first one's subject ("... and have no cards in hand")."""
    src = text.src if isinstance(text, Span) else None
    for m in finditer(r" (and|or) ", text, re.I):
        read = src.mark() if src is not None else 0
        cond = _joined_at(text, m)
        if cond is not None:
            return cond
        if src is not None:
            src.rollback(read)
    return None


def _joined_at(text: str, m: SpanMatch) -> Condition | None:
    first = CONDITIONS.parse(text[: m.start()])
    if first is None or first.kind not in _JOINABLE or first.link:
        return None
    rest = text[m.end():]
    second = parse_condition(rest)
    for subject in _SUBJECTS:
        if second is None and text.lower().startswith(subject) and not rest.lower().startswith("you "):
            second = parse_condition(subject + rest)
    if second is None or second.kind not in _JOINABLE or second.link:
        return None
    consume(m.group(0))
    return replace(first, also=second) if m.group(1).lower() == "and" else replace(first, either=second)


def static_condition_ok(cond: Condition) -> bool:
    """Whether a static ability's condition (CR 611.3b) can be read as the layers stand
    (``effects.layer_effects.static_condition``): a kind of ``STATIC_CONDITION_KINDS``, and a
    count of permanents only by their characteristics (not tapped, tokens or counters), those
    joined to it too."""
    if cond.link or cond.kind not in STATIC_CONDITION_KINDS:
        return False
    if cond.filter is not None and (cond.kind != "control" or not counts_characteristics(cond.filter)):
        return False
    return all(static_condition_ok(c) for c in (cond.also, cond.either) if c is not None)


def negated_condition(cond: Condition) -> Condition | None:
    """The condition's opposite, for a count with one bound ("N or more" <-> "N-1 or fewer")."""
    if cond.kind not in ("control", "battlefield", "life", "hand", "graveyard", "library", "opponents",
                         "lowest_life") or cond.link \
            or cond.also or cond.either or cond.filter and cond.kind not in ("control", "battlefield"):
        return None
    if cond.at_least is not None and cond.at_most is None:
        return replace(cond, at_least=None, at_most=cond.at_least - 1)
    if cond.at_most is not None and cond.at_least is None:
        return replace(cond, at_least=cond.at_most + 1, at_most=None)
    return None


# -- quantities -------------------------------------------------------------------------------
_CDA_STATS = {"your life total": "life", "the number of cards in your hand": "hand",
              "the number of card types among cards in all graveyards": "graveyard_card_types"}


@attempt
def cda_quantity(text: str) -> Quantity | None:
    """The number a characteristic-defining ability counts (CR 604.3)."""
    t = text.lower()
    if t in _CDA_STATS:
        consume(t)
        return Quantity(stat=_CDA_STATS[t])
    if m := fullmatch(r"the number of (.+?) you control", t):
        flt = parse_filter(m.group(1))
        if flt is not None and counts_characteristics(flt) and not flt.controller:
            m.consume()
            return Quantity(per=replace(flt, controller="you"))
    return None
