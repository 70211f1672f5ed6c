"""Keyword abilities that are triggered abilities of permanents (CR 702), by their keyword: the
abilities their rules spell out, built once here for a printed keyword (``permanent_keywords``)
and for one an effect grants ("Other creatures you control have extort": the keyword, whose
abilities ``effects.triggers.keyword_triggers`` reads from :func:`keyword_triggered`)."""
from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from . import nested

from ..vocabulary import (
    AddMana, ManaRestriction, CreateToken, Condition, Designate, Drain, ExileTop, Filter, LoseLife, MayElse, MayPay, MustBlock, Myriad, Pump,
    PutCounters, Quantity, Ref, SELF, TapUntap, TargetSpec, Trigger, TriggeredAbility, n, target,
)

#: The keywords :func:`keyword_triggered` knows, as a keyword line spells them ("renown 2").
TRIGGER_KEYWORDS = re.compile(r"extort|ingest|mentor|dethrone|training|myriad|evolve|provoke|battle cry"
                              r"|(rampage|renown|fabricate|firebending|afflict|annihilator|mobilize|afterlife"
                              r"|soulshift) (\d+)")

#: Keywords whose rule is an ability the grammar reads: compiled from the rule's own words (N: the
#: keyword's number), so a keyword, printed or granted, plays as the ability it stands for.
RULES_TEXT = {
    # CR 702.86a
    "annihilator": "Whenever ~ attacks, defending player sacrifices N permanents.",
    # CR 702.181a
    "mobilize": "Whenever ~ attacks, create N tapped and attacking 1/1 red Warrior creature tokens. "
                "Sacrifice them at the beginning of the next end step.",
    # CR 702.135a
    "afterlife": "When ~ dies, create N 1/1 white and black Spirit creature tokens with flying.",
    # CR 702.91a
    "battle cry": "Whenever ~ attacks, each other attacking creature gets +1/+0 until end of turn.",
    # CR 702.46a
    "soulshift": "When ~ dies, you may return target Spirit card with mana value N or less from your graveyard to "
                 "your hand.",
}


@lru_cache(maxsize=None)
def keyword_triggered(keyword: str) -> tuple[TriggeredAbility, ...]:
    """The triggered abilities ``keyword`` (lowercase) stands for; () if it isn't one of them."""
    m = TRIGGER_KEYWORDS.fullmatch(keyword)
    if m is None:
        return ()
    name = keyword.capitalize()
    word = m.group(1) or keyword
    if word in RULES_TEXT:
        return (_from_rule(RULES_TEXT[word].replace("N", m.group(2) or ""), name),)
    if m.group(1):
        return (_numbered(m.group(1), int(m.group(2)), name),)
    return (_BUILDERS[keyword](name),)


def _from_rule(text: str, name: str) -> TriggeredAbility:
    """The triggered ability of a keyword's rule ``text`` (the grammar, through ``nested``)."""
    found = nested.script(text)
    if found is None or len(found.triggered) != 1:
        raise RuntimeError(f"the rule of {name!r} isn't read by the grammar: {text!r}")
    return replace(found.triggered[0], text=f"{name}: " + found.triggered[0].text.replace("~", "this creature"))


def _numbered(word: str, count: int, name: str) -> TriggeredAbility:
    if word == "rampage":
        # CR 702.23a: "Whenever this creature becomes blocked, it gets +N/+N until end of turn for
        # each creature blocking it beyond the first."
        return TriggeredAbility(
            Trigger("becomes_blocked"),
            (Pump(SELF, x_sign=1, x_value=Quantity(stat="blockers_beyond_first", of=SELF, scale=count)),),
            text=f"{name}: whenever this creature becomes blocked, it gets +{count}/+{count} until end of turn for "
                 f"each creature blocking it beyond the first")
    if word == "firebending":
        # CR 702.189a: "Whenever this creature attacks, add N {R}. Until end of combat, you don't
        # lose this mana as steps and phases end."
        kept = ManaRestriction("", cast_only=False, lasts="combat")
        return TriggeredAbility(
            Trigger("attacks"), (AddMana(mana=("R",), amount=count, restriction=kept),),
            text=f"{name}: whenever this creature attacks, add {'{R}' * count}; until end of combat, you don't lose "
                 "this mana as steps and phases end")
    if word == "afflict":
        # CR 702.130a: "Whenever this creature becomes blocked, defending player loses N life."
        return TriggeredAbility(
            Trigger("becomes_blocked"), (LoseLife(Ref("defending"), n(count)),),
            text=f"{name}: whenever this creature becomes blocked, defending player loses {count} life")
    if word == "renown":
        # CR 702.112a: "When this creature deals combat damage to a player, if it isn't renowned,
        # put N +1/+1 counters on it and it becomes renowned."
        return TriggeredAbility(
            Trigger("combat_damage_player"), (PutCounters(SELF, "+1/+1", n(count)), Designate(SELF, "renowned")),
            condition=Condition("designated", value="renowned", at_most=0),
            text=f"{name}: when this creature deals combat damage to a player, if it isn't renowned, put {count} "
                 f"+1/+1 counter(s) on it and it becomes renowned")
    # CR 702.123a: "When this permanent enters, you may put N +1/+1 counters on it. If you don't,
    # create N 1/1 colorless Servo artifact creature tokens."
    servo = CreateToken(n(count), "Servo Token", 1, 1, (), ("Artifact", "Creature"), ("Servo",))
    return TriggeredAbility(
        Trigger("enters"),
        (MayElse((PutCounters(SELF, "+1/+1", n(count)),), (servo,),
                 prompt=f"put {count} +1/+1 counter(s) on it (no: create {count} Servo(s))"),),
        text=f"{name}: when this permanent enters, you may put {count} +1/+1 counter(s) on it; if you don't, "
             f"create {count} 1/1 colorless Servo artifact creature token(s)")


def _extort(name: str) -> TriggeredAbility:
    # CR 702.101a: "Whenever you cast a spell, you may pay {W/B}. If you do, each opponent loses 1
    # life and you gain life equal to the total life lost this way."
    return TriggeredAbility(
        Trigger("cast", "you", Filter(spells=True)), (MayPay("{W/B}", (Drain(n(1)),)),),
        text=f"{name}: whenever you cast a spell, you may pay {{W/B}}; if you do, each opponent loses 1 life and "
             "you gain life equal to the total life lost this way")


def _ingest(name: str) -> TriggeredAbility:
    # CR 702.115a: "Whenever this creature deals combat damage to a player, that player exiles the
    # top card of their library."
    return TriggeredAbility(
        Trigger("combat_damage_player"), (ExileTop(Ref("affected")),),
        text=f"{name}: whenever this creature deals combat damage to a player, that player exiles the top card "
             "of their library")


def _mentor(name: str) -> TriggeredAbility:
    # CR 702.134a: "Whenever this creature attacks, put a +1/+1 counter on target attacking
    # creature with power less than this creature's power."
    return TriggeredAbility(
        Trigger("attacks"), (PutCounters(target(0), "+1/+1", n(1)),),
        (TargetSpec(Filter(types=frozenset({"Creature"}), attacking=True, power_below_source=True),
                    "target attacking creature with power less than this creature's power"),),
        text=f"{name}: whenever this creature attacks, put a +1/+1 counter on target attacking creature with "
             "power less than this creature's power")


def _dethrone(name: str) -> TriggeredAbility:
    # CR 702.105a: "Whenever this creature attacks the player with the most life or tied for most
    # life, put a +1/+1 counter on this creature." (a condition of the event, CR 603.2)
    return TriggeredAbility(
        Trigger("attacks"), (PutCounters(SELF, "+1/+1", n(1)),),
        condition=Condition("attacking_most_life", event_only=True),
        text=f"{name}: whenever this creature attacks the player with the most life or tied for most life, "
             "put a +1/+1 counter on this creature")


def _training(name: str) -> TriggeredAbility:
    # CR 702.149a: "Whenever this creature and at least one other creature with power greater
    # than this creature's power attack, put a +1/+1 counter on this creature."
    return TriggeredAbility(
        Trigger("attacks"), (PutCounters(SELF, "+1/+1", n(1)),),
        condition=Condition("attacks_with_greater_power", event_only=True),
        text=f"{name}: whenever this creature and at least one other creature with power greater than this "
             "creature's power attack, put a +1/+1 counter on this creature")


def _myriad(name: str) -> TriggeredAbility:
    # CR 702.116a: "Whenever this creature attacks, for each opponent other than defending player,
    # you may create a token that's a copy of this creature that's tapped and attacking that player
    # or a planeswalker they control. If one or more tokens are created this way, exile the tokens
    # at end of combat."
    return TriggeredAbility(
        Trigger("attacks"), (Myriad(),),
        text=f"{name}: whenever this creature attacks, for each opponent other than defending player, you may "
             "create a token copy of it tapped and attacking that player; exile them at end of combat")


def _evolve(name: str) -> TriggeredAbility:
    # CR 702.100a: "Whenever a creature you control enters, if that creature's power is greater
    # than this creature's power and/or that creature's toughness is greater than this creature's
    # toughness, put a +1/+1 counter on this creature."
    return TriggeredAbility(
        Trigger("enters", "any", Filter(types=frozenset({"Creature"}), controller="you")),
        (PutCounters(SELF, "+1/+1", n(1)),), condition=Condition("evolve"),
        text=f"{name}: whenever a creature you control enters, if that creature's power or toughness is greater "
             "than this creature's, put a +1/+1 counter on this creature")


def _provoke(name: str) -> TriggeredAbility:
    # CR 702.39a: "Whenever this creature attacks, you may choose to have target creature
    # defending player controls block this creature this combat if able. If you do, untap that
    # creature." (a blocking requirement, CR 509.1c)
    return TriggeredAbility(
        Trigger("attacks"), (MustBlock(target(0)), TapUntap(target(0), tap=False)),
        (TargetSpec(Filter(types=frozenset({"Creature"}), controller="defending"),
                    "target creature defending player controls"),), optional=True,
        text=f"{name}: whenever this creature attacks, you may have target creature defending player controls "
             "block it this combat if able; if you do, untap that creature")


_BUILDERS = {"extort": _extort, "ingest": _ingest, "mentor": _mentor, "dethrone": _dethrone,
             "training": _training, "myriad": _myriad, "evolve": _evolve, "provoke": _provoke}
