from __future__ import annotations

import re
from dataclasses import replace

from .filters import parse_filter, subject_filter
from .lexicon import COUNT, num
from ..vocabulary import (Condition, Filter, Quantity)


def cda_quantity(text: str) -> Quantity | None:
    """The number a characteristic-defining ability counts (CR 604.3)."""
    t = text.lower()
    if t == "your life total":
        return Quantity(stat="life")
    if t == "the number of cards in your hand":
        return Quantity(stat="hand")
    if t == "the number of card types among cards in all graveyards":
        return Quantity(stat="graveyard_card_types")
    if m := re.fullmatch(r"the number of (.+?) you control", t):
        flt = parse_filter(m.group(1))
        if flt is not None:
            return Quantity(per=Filter(types=flt.types, not_types=flt.not_types, colors=flt.colors,
                                       not_colors=flt.not_colors, controller="you"))
    return None


#: The conditions a static ability of a permanent may have (CR 611.3b): each reads only what the
#: characteristics memo follows (``GameState.changed`` and ``changed_off_battlefield``: the
#: permanents, life totals and the cards in a zone), never the step or the turn, which the memo
#: doesn't follow ("as long as it's your turn" would go stale).
STATIC_CONDITION_KINDS = frozenset({"control", "life", "hand", "graveyard", "library"})


#: Conditions a resolving spell or ability can check ("If you control a Wizard, ..."): about the
#: game now, from its controller's point of view (``effects.triggers.condition_holds``).
RESOLUTION_CONDITIONS = frozenset({"control", "battlefield", "life", "hand", "graveyard", "attacked_with",
                                    "main_phase", "landfall", "morbid", "revolt"})


def parse_condition(text: str) -> Condition | None:
    """An intervening "if" (CR 603.4) or a state trigger's state (CR 603.8)."""
    t = text.strip().rstrip(".")
    low = t.lower()
    if low in ("it was kicked", "~ was kicked"):
        return Condition("kicked")                                                   # CR 702.33d
    if m := re.fullmatch(r"an opponent controls more (.+?) than you", t, re.I):
        flt = subject_filter(m.group(1), plural=True)               # Knight of the White Orchid
        return Condition("opponent_more", flt) if flt else None
    if low == "you had a land enter the battlefield under your control this turn":
        return Condition("landfall")                                                 # Groundswell
    if low == "a creature died this turn":
        return Condition("morbid")                                                   # CR 700.4
    if low in ("a permanent you controlled left the battlefield this turn",
               "a permanent you controlled left the battlefield during this turn"):
        return Condition("revolt")
    if low in ("you cast this spell during your main phase", "you cast ~ during your main phase"):
        # a spell cast in a main phase resolves in it: the stack empties before a step ends (CR 500.2)
        return Condition("main_phase")
    if m := re.fullmatch(r"you attacked with " + COUNT + r" or more creatures this turn", t, re.I):
        return Condition("attacked_with", at_least=num(m.group(1)).fixed)          # CR 508.1
    if m := re.fullmatch(r"you control no (other )?(.+)", t, re.I):
        flt = subject_filter(m.group(2), plural=True)
        return Condition("control", replace(flt, other=bool(m.group(1))), at_most=0) if flt else None
    if m := re.fullmatch(r"you control (a|an|another) (.+)", t, re.I):
        flt = subject_filter(re.sub(r" or an? ", " or ", m.group(2)))      # "a Mountain or a Plains"
        return Condition("control", replace(flt, other=m.group(1).lower() == "another"), at_least=1) if flt else None
    if m := re.fullmatch(r"you control " + COUNT + r" or fewer (other )?(.+)", t, re.I):
        flt = subject_filter(m.group(3), plural=True)               # Spirebluff Canal (CR 614.12)
        return Condition("control", replace(flt, other=bool(m.group(2))), at_most=num(m.group(1)).fixed) if flt else None
    if m := re.fullmatch(r"you control " + COUNT + r" or more (other )?(.+)", t, re.I):
        flt = subject_filter(m.group(3), plural=True)
        return Condition("control", replace(flt, other=bool(m.group(2))), at_least=num(m.group(1)).fixed) if flt else None
    if m := re.fullmatch(r"(?:there are no|no) (.+?) (?:are )?on the battlefield", t, re.I):
        flt = subject_filter(m.group(1), plural=True)
        return Condition("battlefield", flt, at_most=0) if flt else None
    if m := re.fullmatch(r"you have " + COUNT + r" or (more|less) life", t, re.I):
        value = num(m.group(1)).fixed
        return Condition("life", at_least=value) if m.group(2).lower() == "more" else Condition("life", at_most=value)
    if m := re.fullmatch(r"your life total is " + COUNT + r" or (less|greater)", t, re.I):
        value = num(m.group(1)).fixed
        return Condition("life", at_most=value) if m.group(2).lower() == "less" else Condition("life", at_least=value)
    if m := re.fullmatch(r"your life total is (less|greater) than " + COUNT, t, re.I):
        value = num(m.group(2)).fixed
        return Condition("life", at_most=value - 1) if m.group(1).lower() == "less" else Condition("life", at_least=value + 1)
    if low == "~ is untapped":
        return Condition("source_untapped")                      # Howling Mine (CR 603.4)
    if low == "you have no cards in hand":
        return Condition("hand", at_most=0)
    if m := re.fullmatch(r"you have " + COUNT + r" or (more|fewer) cards in (?:your )?hand", t, re.I):
        value = num(m.group(1)).fixed
        return Condition("hand", at_least=value) if m.group(2).lower() == "more" else Condition("hand", at_most=value)
    if low == "there are no cards in your graveyard":
        return Condition("graveyard", at_most=0)
    # threshold, in both wordings: "there are seven or more cards in your graveyard" and the
    # older "seven or more cards are in your graveyard" (Werebear, CR 207.2c)
    if m := re.fullmatch(r"there are " + COUNT + r" or more cards in your graveyard", t, re.I) or \
            re.fullmatch(COUNT + r" or more cards are in your graveyard", t, re.I):
        return Condition("graveyard", at_least=num(m.group(1)).fixed)
    return None


def negated_condition(cond: Condition) -> Condition | None:
    """The condition's opposite, for a count with one bound ("N or more" <-> "N-1 or fewer")."""
    if cond.kind not in ("control", "battlefield", "life", "hand", "graveyard", "library") or cond.link:
        return None
    if cond.at_least is not None and cond.at_most is None:
        return replace(cond, at_least=None, at_most=cond.at_least - 1)
    if cond.at_most is not None and cond.at_least is None:
        return replace(cond, at_least=cond.at_most + 1, at_most=None)
    return None
