"""Keyword abilities that are triggered abilities (CR 702): prowess, living weapon, for Mirrodin!, job select, persist,
undying, exalted, flanking, storm, ward and bushido, as TriggeredAbility values; and an object's
triggered abilities, its script's and its keywords' (which may have been granted, CR 613.1f)."""
from __future__ import annotations

from typing import Any

from ..cards.compiler.keyword_triggers import keyword_triggered
from ..cards.vocabulary import (
    Attach, Condition, CopySpell, CounterSpell, CreateToken, Filter, Pump, Quantity, Ref, ReturnToBattlefield, Trigger,
    TriggeredAbility, n,
)

# -- keyword abilities that are triggered abilities --------------------------------------------
#: CR 702.108a: "Whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn."
PROWESS = TriggeredAbility(
    Trigger("cast", "you", Filter(not_types=frozenset({"Creature"}), spells=True)),
    (Pump(Ref("self"), 1, 1),), text="Prowess")
#: CR 702.92a: "When this Equipment enters, create a 0/0 black Phyrexian Germ creature token,
#: then attach this Equipment to it."
LIVING_WEAPON = TriggeredAbility(
    Trigger("enters"),
    (CreateToken(n(1), "Phyrexian Germ Token", 0, 0, ("B",), ("Creature",), ("Phyrexian", "Germ")),
     Attach(Ref("created"))),
    text="Living weapon")
#: CR 702.163a: "When this Equipment enters, create a 2/2 red Rebel creature token, then attach
#: this Equipment to it."
FOR_MIRRODIN = TriggeredAbility(
    Trigger("enters"),
    (CreateToken(n(1), "Rebel Token", 2, 2, ("R",), ("Creature",), ("Rebel",)), Attach(Ref("created"))),
    text="For Mirrodin!")
#: CR 702.182a: "When this Equipment enters, create a 1/1 colorless Hero creature token, then
#: attach this Equipment to it."
JOB_SELECT = TriggeredAbility(
    Trigger("enters"),
    (CreateToken(n(1), "Hero Token", 1, 1, (), ("Creature",), ("Hero",)), Attach(Ref("created"))),
    text="Job select")
#: CR 702.79a: "When this permanent is put into a graveyard from the battlefield, if it had no
#: -1/-1 counters on it, return it to the battlefield under its owner's control with a -1/-1
#: counter on it." CR 702.93a (undying): the same with +1/+1 counters.
PERSIST, UNDYING = (TriggeredAbility(
    Trigger("dies"), (ReturnToBattlefield(Ref("triggering"), under_owner=True, counter=kind),),
    condition=Condition("had_no_counters", value=kind), text=name) for name, kind in (("Persist", "-1/-1"),
                                                                                       ("Undying", "+1/+1")))
#: CR 702.83a: "Whenever a creature you control attacks alone, that creature gets +1/+1 until end
#: of turn" (alone: the only creature declared as an attacker, CR 702.83b, 506.5).
EXALTED = TriggeredAbility(Trigger("attacks_alone", "you"), (Pump(Ref("triggering"), 1, 1),), text="Exalted")
#: CR 702.25a: "Whenever this creature becomes blocked by a creature without flanking, the
#: blocking creature gets -1/-1 until end of turn" (its event: "flanked", about that blocker).
FLANKING = TriggeredAbility(Trigger("flanked"), (Pump(Ref("triggering"), -1, -1),), text="Flanking")
#: CR 702.40a: "When you cast this spell, copy it for each other spell that was cast before it
#: this turn. If the spell has any targets, you may choose new targets for any of the copies."
#: (The count is the spells cast before it as it was cast: the trigger's amount.)
STORM = TriggeredAbility(Trigger("cast", "self"),
                         (CopySpell(Ref("triggering"), amount=Quantity(stat="that_much")),), text="Storm")
KEYWORD_TRIGGERS = {"prowess": PROWESS, "living weapon": LIVING_WEAPON, "for mirrodin!": FOR_MIRRODIN,
                    "job select": JOB_SELECT, "persist": PERSIST, "undying": UNDYING,
                    "exalted": EXALTED, "flanking": FLANKING, "storm": STORM}


def keyword_triggers(keywords: frozenset[str]) -> tuple[TriggeredAbility, ...]:
    """The triggered abilities that keywords are (``KEYWORD_TRIGGERS``, ward and bushido), in
    keyword order. CR 702.21a: "Ward [cost]" means "Whenever this permanent becomes the target
    of a spell or ability an opponent controls, counter that spell or ability unless that player
    pays [cost]" (its event: "ward")."""
    found = _KEYWORD_TRIGGERS_OF.get(keywords)
    if found is None:
        found = tuple(ab for k in sorted(keywords) for ab in _keyword_trigger(k))
        _KEYWORD_TRIGGERS_OF[keywords] = found
    return found


def _keyword_trigger(keyword: str) -> tuple[TriggeredAbility, ...]:
    """The triggered abilities one keyword is (none for most keywords)."""
    if keyword in KEYWORD_TRIGGERS:
        return (KEYWORD_TRIGGERS[keyword],)
    if found := keyword_triggered(keyword):
        return found                    # extort, mentor, renown N... (cards.compiler.keyword_triggers)
    if keyword.startswith("ward—"):
        # CR 702.21a with a cost in words: "Ward—Pay 2 life", "Ward—Discard a card"
        return (TriggeredAbility(Trigger("ward"), (CounterSpell(Ref("triggering"), unless_pays=keyword[len("ward—"):]),),
                                 text=keyword.capitalize()),)
    if keyword.startswith("ward {"):
        return (TriggeredAbility(Trigger("ward"), (CounterSpell(Ref("triggering"), unless_pays=keyword[len("ward "):]),),
                                 text=keyword.capitalize()),)
    if keyword.startswith("bushido "):
        # CR 702.45a: "Whenever this creature blocks or becomes blocked, it gets +N/+N until end
        # of turn" (a creature does one or the other in a combat: one ability per event)
        n_ = int(keyword[len("bushido "):])
        return tuple(TriggeredAbility(Trigger(event), (Pump(Ref("self"), n_, n_),), text=keyword.capitalize())
                     for event in ("blocks", "becomes_blocked"))
    return ()


#: keyword_triggers by keyword set (few distinct sets: characteristics share them).
_KEYWORD_TRIGGERS_OF: dict[frozenset[str], tuple[TriggeredAbility, ...]] = {}

def triggered_abilities(ch: Any) -> tuple[TriggeredAbility, ...]:
    """An object's triggered abilities: its script's, and those of its keywords
    (``keyword_triggers``), which may have been granted (CR 613.1f)."""
    own = ch.script.triggered
    extra = _KEYWORD_TRIGGERS_OF.get(ch.keywords)
    if extra is None:
        extra = keyword_triggers(ch.keywords)
    return own + extra if extra else own
