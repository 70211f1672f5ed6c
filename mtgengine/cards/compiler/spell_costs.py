"""Compiling the rules text that changes what a spell costs or how it may be cast (CR 118,
601.2b, 601.2e-f): alternative costs, additional costs, cost increases and reductions,
prototype, splice and "can't cast" restrictions. ``paragraphs.compile_text`` offers each
paragraph here first; what this returns is added to the face's script.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from ...core.mana import COLOR_WORDS
from .amounts import each_phrase
from .conditions import RESOLUTION_CONDITIONS, parse_condition
from .filters import card_filter, parse_filter
from .grammar import attempt
from .lexicon import CHOSEN_NAME
from .script_builder import ScriptBuilder
from .text import Span, consume, finditer, fullmatch, match, search, split, sub
from ..vocabulary import (
    AdditionalCost, AlternativeCost, CardScript, CastRestriction, Condition, CostChange, Filter, Prototype, Quantity, Splice,
)

_MANA = r"((?:\{[0-9WUBRGCXSP/]+\})+)"
_COUNT_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


#: "... of the chosen color / type", "... with the chosen name" (CR 607.2d, ``choices``)
_CHOSEN = r" (?:of the chosen (?:color|type)|with the chosen name)$"


def _spells(words: str) -> Filter | None | bool:
    """ "Creature spells", "Noncreature spells", "Spells", "Red spells" as a filter on the spell
    (None: every spell); False if it isn't understood."""
    words = words.strip().lower()
    if words in ("spells", "spell"):
        consume(words)
        return None
    chosen = ""
    if m := search(_CHOSEN, words):
        words, chosen = words[: m.start()], words[m.start():]     # "creature spells of the chosen type"
        if words == "spells":
            flt = parse_filter("spell" + chosen)
            if flt is None:
                return False
            consume(words)
            return replace(flt, spells=False)
    if not words.endswith(" spells"):
        return False
    flt = parse_filter(words[: -len(" spells")].replace(" and ", " or ") + " spell" + chosen)
    if flt is None:
        return False                     # (parse_filter undid what it read)
    consume(words[-len(" spells"):])
    return replace(flt, spells=False)


_WHOSE = {"": "any", "you cast": "you", "your opponents cast": "opponent", "an opponent casts": "opponent",
          "that you cast": "you", "that your opponents cast": "opponent"}


@attempt
def _cost_change(para: str) -> CostChange | None:
    if m := fullmatch(r"(?:~|this spell) costs " + _MANA + r" (more|less) to cast if it targets (?:an? )?(.+?)\.", para,
                         re.I):
        # Mystical Dispute: decided by the targets chosen (CR 601.2c comes before 601.2f)
        flt = parse_filter(m.group(3))
        if flt is None:
            return None
        m.consume()
        amount = m.group(1)
        more, less = (amount, "") if m.group(2).lower() == "more" else ("", amount)
        return CostChange(more=more, less=less, itself=True, if_targets=flt, text=para)
    if m := fullmatch(r"(?:~|this spell) costs " + _MANA + r" (more|less) to cast if (.+?)\.", para, re.I):
        # "This spell costs {2} less to cast if you control a Wizard" (CR 601.2f): checked as
        # the total cost is determined, from the caster's point of view
        if fullmatch(r"you've cast another spell this turn", m.group(3), re.I):
            # the spell being cast is counted only once cast (CR 601.2i), after its cost (601.2f)
            consume(m.group(3))
            cond: Condition | None = Condition("spells_cast", at_least=1)
        else:
            cond = parse_condition(m.group(3))
        if cond is None or cond.kind not in RESOLUTION_CONDITIONS | {"spells_cast"}:
            return None
        m.consume()
        amount = m.group(1)
        more, less = (amount, "") if m.group(2).lower() == "more" else ("", amount)
        return CostChange(more=more, less=less, itself=True, condition=cond, text=para)
    m = fullmatch(r"(~|this spell|(?:.+? )?spells?(?: of the chosen (?:color|type)| with the chosen name)?)(?: (you cast|"
                  r"your opponents cast|that you cast|that your opponents cast))?( of the chosen (?:color|type))? costs? "
                  + _MANA + r" (more|less) to cast(?: for each (.+?))?\.", para, re.I)
    if m is None:
        return None
    subject = m.group(1).strip()
    chosen = ""
    if q := search(_CHOSEN, subject, re.I):
        subject, chosen = subject[: q.start()], subject[q.start():]
    elif m.group(3):
        chosen = m.group(3)             # "creature spells you cast of the chosen type" (Herald's Horn)
    # "Spells cost {1} more to cast" (Sphere of Resistance); not "Spells with the chosen name" (Disruptor Flute)
    every = subject.lower() in ("spells", "spell") and not chosen
    subject = sub(r" spells?$", "", subject, re.I, understood=True)
    itself = subject.lower() in ("this", "this spell", "~")
    spells = None
    if itself or every:
        consume(subject)
    else:
        plain = subject.lower() in ("spells", "spell")      # "Spells with the chosen name" (Disruptor Flute)
        spells = _spells((subject if plain else subject + " spells") + chosen)
        if spells is False:
            return None
    per = None
    per_count = None
    per_extra = False
    if m.group(6):
        each = m.group(6).strip().lower()
        if each == "target beyond the first":
            consume(each)
            per_extra = True                  # strive
        else:
            per = parse_filter(each)
            if per is None:
                counted = each_phrase(m.group(6))       # domain, cards in a graveyard (CR 118.7, 601.2f)
                if counted is None or counted.of is not None:
                    return None                         # (not an object's stat: "each +1/+1 counter on ~")
                per, per_count = counted.per if not counted.stat else None, counted if counted.stat else None
    m.consume()
    amount = m.group(4)
    more, less = (amount, "") if m.group(5).lower() == "more" else ("", amount)
    return CostChange(more=more, less=less, spells=spells, whose=_WHOSE[(m.group(2) or "").lower()],
                      itself=itself, per=per, per_extra_target=per_extra, text=para, per_count=per_count)


@attempt
def cost_parts(body: str) -> tuple[str, int, tuple[AdditionalCost, ...]] | None:
    """A cost written in words, its parts joined by "and" (CR 118.9, 702.34a): "{2}{R}", "pay 1
    life and exile a blue card from your hand", "return an Island you control to its owner's
    hand", "sacrifice two Mountains". Returns (mana, life, objects), or None if not understood."""
    mana, life, objects = "", 0, []
    body = body.strip()
    for part in split(r",? and |, ", body):
        part = part.strip()
        if m := fullmatch(r"(?:pay )?" + _MANA, part, re.I):
            m.consume()
            mana += m.group(1)
        elif m := fullmatch(r"pay (\d+) life", part, re.I):
            m.consume()
            life += int(m.group(1))
        elif (obj := _objects(part)) is not None:
            verb, flt, count = obj
            objects.append(AdditionalCost(count=count, **{verb: flt}))
        else:
            return None
    for joint in finditer(r",? and |, ", body):
        joint.consume()
    return mana, life, tuple(objects)


@attempt
def _alternative(para: str) -> AlternativeCost | None:
    not_your_turn = False
    if turn := match(r"if it's not your turn, ", para, re.I):
        # Force of Negation: the alternative cost may be paid only on another player's turn (CR 118.9)
        turn.consume()
        para = para[turn.end():]
        not_your_turn = True
    if_commander = False
    if commander := match(r"if you control a commander, ", para, re.I):
        # Fierce Guardianship: a permanent that is a commander (CR 903.3), anyone's
        commander.consume()
        para = para[commander.end():]
        if_commander = True
    cond = None if if_commander else match(r"if you control (an? .+?), ", para, re.I)
    if_control = None
    if cond is not None:
        # Snuff Out: "If you control a Swamp, you may pay 4 life rather than pay ..." (CR 118.9)
        if_control = parse_filter(sub(r"^an? ", "", cond.group(1), understood=True) + " you control")
        if if_control is None:
            return None
        cond.consume()
        para = para[cond.end():]
    if free := fullmatch(r"you may cast (?:this spell|~) without paying its mana cost\.", para, re.I):
        if not (if_commander or if_control is not None or not_your_turn):
            return None                 # (only conditioned: otherwise the card would be free)
        free.consume()
        return AlternativeCost(itself=True, text=para, if_control=if_control, not_your_turn=not_your_turn,
                               if_commander=if_commander, name="without paying its mana cost")
    m = fullmatch(r"you may (.+?) rather than pay (this spell's|~'s|the) mana cost(?: for (.+?))?\.", para, re.I)
    if m is None or if_commander:
        return None
    parts = cost_parts(m.group(1))
    if parts is None:
        return None
    mana, life, objects = parts
    target, spells_text = m.group(2).lower(), m.group(3)
    if target in ("this spell's", "~'s"):
        m.consume()
        return AlternativeCost(mana=mana, life=life, itself=True, text=para, objects=objects, if_control=if_control,
                               not_your_turn=not_your_turn)
    if spells_text is None or objects or if_control is not None or not_your_turn:
        return None
    sm = fullmatch(r"(.+?)(?: (?:that )?you cast)", spells_text.strip(), re.I)
    if sm is None:
        return None
    spells = _spells(sm.group(1))
    if spells is False:
        return None
    m.consume()
    sm.consume()
    return AlternativeCost(mana=mana, life=life, spells=spells, whose="you", text=para)


@attempt
def _objects(text: str) -> tuple[str, Filter, int] | None:
    """ "sacrifice a creature", "discard a card", "exile a creature card from your graveyard",
    "exile two cards from your graveyard", "exile a blue card from your hand"."""
    if m := fullmatch(r"return (a|an|one|two|three) (.+?) you control to (?:its|their) owner'?s'? hands?",
                      text.strip(), re.I):
        # Daze, Gush: permanents you control returned to their owner's hand (CR 118.9)
        count = _COUNT_WORDS[m.group(1).lower()]
        what = _singular(m.group(2).strip(), count)
        flt = parse_filter(what + " you control")
        if flt is None:
            return None
        m.consume()
        return "bounce", flt, count
    m = fullmatch(r"(sacrifice|discard|exile) (a|an|one|two|three|four|five) (.+?)"
                  r"(?: from your (graveyard|hand))?", text.strip(), re.I)
    if m is None:
        return None
    verb = m.group(1).lower()
    count = _COUNT_WORDS[m.group(2).lower()]
    what = m.group(3).strip()
    if verb == "sacrifice":
        flt = parse_filter(_singular(what, count))
    else:
        what = sub(r"\bcards?\b", "", what, understood=True).strip()
        flt = card_filter(what) if what else Filter()
    if flt is None or flt.mana_value_is is not None:
        return None             # ("a card with mana value X": X is the card's, not yet read)
    m.consume()
    if verb == "exile":
        if m.group(4) is None:
            return None
        flt = replace(flt, zone=m.group(4).lower())
    elif m.group(4) is not None and not (verb == "discard" and m.group(4).lower() == "hand"):
        return None
    return verb, flt, count


def _singular(what: str, count: int) -> str:
    """ "two Mountains": the filter reads "Mountain" (the plural's "s" is read here)."""
    if what.endswith("s") and count > 1:
        consume(what[-1:])
        return what[:-1]
    return what


@attempt
def _additional(para: str) -> AdditionalCost | None:
    m = fullmatch(r"as an additional cost to cast (this spell|~|(.+?) spells)(?: you cast)?, (you may )?(.+?)\.(?: (.+))?",
                     para, re.I)
    if m is None:
        return None
    itself = m.group(1).lower() in ("this spell", "~")
    spells = None
    if not itself:
        spells = _spells(m.group(2) + " spells")
        if spells is False:
            return None
    optional = bool(m.group(3))
    body = m.group(4).strip()
    rest = (m.group(5) or "").strip()
    common: dict[str, Any] = dict(optional=optional, spells=spells, itself=itself, whose="you", text=para)
    if body.lower() == "pay any amount of mana":
        cm = fullmatch(r"if you do, that creature enters(?: the battlefield)? with that many additional "
                       r"(\+1/\+1) counters on it\.", rest, re.I)
        if rest and cm is None:
            return None
        consume(body, cm and cm.group(0))
        m.consume()
        return AdditionalCost(any_mana=True, enters_counters=cm.group(1) if cm else "", **common)
    if rest:
        return None
    if (either := _either(body)) is not None:
        m.consume()
        return AdditionalCost(either=either, **common)
    if lm := fullmatch(r"pay (\d+|x) life", body, re.I):
        lm.consume()
        m.consume()
        if lm.group(1).lower() == "x":
            return AdditionalCost(life_x=True, **common)
        return AdditionalCost(life=int(lm.group(1)), **common)
    if mm := fullmatch(r"pay " + _MANA, body, re.I):
        mm.consume()
        m.consume()
        return AdditionalCost(mana=mm.group(1), **common)
    obj = _objects(body)
    if obj is None:
        return None
    m.consume()
    verb, flt, count = obj
    return AdditionalCost(count=count, **{verb: flt}, **common)


def _either(body: str) -> tuple[AdditionalCost, ...] | None:
    """ "sacrifice a creature or pay {3}", "pay {2} or sacrifice an artifact or creature", "discard
    a card or pay {1}": two costs, the first "or" that leaves both readable splitting them."""
    for joint in finditer(r" or (?=pay |sacrifice |discard |exile )", body, re.I):
        first, second = _one_cost(body[:joint.start()]), None
        if first is not None:
            second = _one_cost(body[joint.end():])
        if first is not None and second is not None:
            joint.consume()
            return first, second
    return None


@attempt
def _one_cost(text: str) -> AdditionalCost | None:
    """One cost of an "either" additional cost: "pay {3}", "pay 2 life", "sacrifice a creature"."""
    if mm := fullmatch(r"pay " + _MANA, text, re.I):
        mm.consume()
        return AdditionalCost(mana=mm.group(1))
    if lm := fullmatch(r"pay (\d+) life", text, re.I):
        lm.consume()
        return AdditionalCost(life=int(lm.group(1)))
    obj = _objects(text)
    if obj is None:
        return None
    verb, flt, count = obj
    return AdditionalCost(count=count, **{verb: flt})


@attempt
def _restriction(para: str) -> CastRestriction | None:
    if m := fullmatch(r"spells with the chosen name can't be cast\.", para, re.I):
        m.consume()                     # Meddling Mage: the name chosen as it entered (CR 601.2e, 607.2d)
        return CastRestriction(Filter(chosen_name=CHOSEN_NAME), "any", para)
    if m := fullmatch(r"activated abilities of sources with the chosen name can't be activated"
                      r"( unless they're mana abilities)?\.", para, re.I):
        m.consume()                     # Pithing Needle (CR 602.5, 605.1a, 607.2d)
        return CastRestriction(Filter(chosen_name=CHOSEN_NAME), "any", para, abilities=True,
                               except_mana=bool(m.group(1)))
    if m := fullmatch(r"activated abilities of (.+?) can't be activated( unless they're mana abilities)?\.", para,
                      re.I):
        # Stony Silence: "Activated abilities of artifacts can't be activated"; Linvala, Keeper of
        # Silence: "... of creatures your opponents control ..." — mana abilities too, unless excepted
        # (CR 602.5, 605.1a); "your" is the permanent's controller
        flt = parse_filter(m.group(1))
        if flt is None or flt.players or flt.spells or flt.zone:
            return None
        m.consume()
        return CastRestriction(flt, "any", para, abilities=True, except_mana=bool(m.group(2)))
    if m := fullmatch(r"(each player|your opponents|each opponent|you) can't cast more than (one|two|three) (.+?) "
                      r"each turn\.", para, re.I):
        # Rule of Law, Deafening Silence: a spell matching is forbidden once the player has cast
        # that many this turn (CR 601.2e); they are counted by card type as cast
        flt = parse_filter(sub(r"\bspells?\b", "spell", m.group(3), re.I))
        if flt is None or not flt.spells or replace(flt, types=frozenset(), not_types=frozenset()) != Filter(spells=True):
            return None
        m.consume()
        whose = {"each player": "any", "your opponents": "opponent", "each opponent": "opponent", "you": "you"}[
            m.group(1).lower()]
        return CastRestriction(replace(flt, spells=False), whose, para, per_turn=_COUNT_WORDS[m.group(2).lower()])
    m = fullmatch(r"(your opponents|you|players|each opponent) can't cast (.+?)\.", para, re.I)
    if m is None:
        return None
    flt = parse_filter(sub(r"\bspells\b", "spell", m.group(2), re.I))
    if flt is None or not flt.spells:
        return None
    m.consume()
    whose = {"your opponents": "opponent", "each opponent": "opponent", "you": "you", "players": "any"}[
        m.group(1).lower()]
    return CastRestriction(replace(flt, spells=False), whose, para)


def cost_paragraph(para: str, raw: str) -> dict[str, Any] | None:
    """The script fields a paragraph about costs or ways to cast gives, or None if it isn't one.
    ``para`` has its reminder text removed and the card's name replaced by "~"."""
    if m := fullmatch(r"prototype " + _MANA + r" ?[-—–] ?(\d+)/(\d+)", para, re.I):
        m.consume()
        return {"prototype": Prototype(m.group(1), int(m.group(2)), int(m.group(3)))}     # CR 702.160a
    if m := fullmatch(r"splice onto (arcane|instant or sorcery) " + _MANA, para, re.I):
        m.consume()
        onto = Filter(subtypes=frozenset({"Arcane"})) if m.group(1).lower() == "arcane" else \
            Filter(types=frozenset({"Instant", "Sorcery"}))
        return {"splice": Splice(onto, m.group(2))}                                    # CR 702.47a
    if m := fullmatch(r"affinity for (artifacts|creatures|enchantments|lands)", para, re.I):
        # CR 702.41a: "This spell costs {1} less to cast for each [text] you control."
        m.consume()
        per = parse_filter(m.group(1)[:-1] + " you control")
        return {"cost_changes": (CostChange(less="{1}", itself=True, per=per, text=raw),)}
    if m := fullmatch(r"undaunted", para, re.I):
        # CR 702.125a: "This spell costs {1} less to cast for each opponent you have."
        m.consume()
        return {"cost_changes": (CostChange(less="{1}", itself=True, per_count=Quantity(stat="opponents"), text=raw),)}
    if m := fullmatch(r"spend only (white|blue|black|red|green) mana on x\.", para, re.I):
        # a restriction on the mana that pays the X of the spell's cost (CR 107.3a, 601.2h)
        m.consume()
        return {"x_mana": COLOR_WORDS[m.group(1).lower()]}
    if (m := fullmatch(r"flashback(?: |\s?[-—–]\s?)(.+?)\.?", para, re.I)) \
            and (parts := cost_parts(m.group(1))) is not None:
        m.consume()
        # CR 702.34a: "You may cast this card from your graveyard if the resulting spell is an
        # instant or sorcery spell by paying [cost] rather than paying its mana cost" (Lava Dart:
        # "Flashback—Sacrifice a Mountain")
        mana, life, objects = parts
        return {"alternative_costs": (AlternativeCost(mana=mana, life=life, name="flashback", itself=True, text=raw,
                                                      zone="graveyard", objects=objects),)}
    if (cc := _cost_change(para)) is not None:
        return {"cost_changes": (replace(cc, text=raw),)}
    if (alt := _alternative(para)) is not None:
        return {"alternative_costs": (replace(alt, text=raw),)}
    if (add := _additional(para)) is not None:
        return {"additional_costs": (replace(add, text=raw),)}
    if (r := _restriction(para)) is not None:
        return {"cast_restrictions": (replace(r, text=raw),)}
    return None


def with_cost_abilities(script: CardScript, found: list[dict[str, Any]]) -> CardScript:
    """Adds what :func:`cost_paragraph` found to a compiled script."""
    if not found:
        return script
    fields: dict[str, Any] = {}
    for item in found:
        for key, value in item.items():
            if isinstance(value, tuple):
                fields[key] = fields.get(key, getattr(script, key)) + value
            else:
                fields[key] = value
    return replace(script, **fields)


def read_cost_paragraph(para: Span, face: ScriptBuilder) -> bool:
    """A paragraph about what the spell costs or how it may be cast (CR 118, 601.2b-f)."""
    fields = cost_paragraph(para, face.raw)
    if fields is None:
        return False
    face.cost_abilities.append(fields)
    return True
