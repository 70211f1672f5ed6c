"""Mana abilities' effects and the restrictions on the mana they make (CR 106, 605): "Add {G}",
"Add {R} or {G}", "Add one mana of any color", "Spend this mana only to cast artifact spells"."""
from __future__ import annotations

import re
from dataclasses import replace

from .filters import parse_filter, spell_filter
from .lexicon import NUMBERS
from .grammar import attempt
from .text import consume, fullmatch, marker, match, sub, undo
from ..vocabulary import COMMANDER_IDENTITY, AddMana, ManaRestriction

_SYMBOL = r"\{[WUBRGC]\}"
_RIDER = r"(.+?\.) (if that mana is spent on (?:an? )?(.+?), that spell can't be countered)\."
_RESTRICTION = r"(.+?\.) (spend this mana only (.+?)|this mana can't be spent to cast (.+?))\."


def split_mana_restriction(text: str) -> tuple[str, ManaRestriction | None | bool]:
    """Splits a mana ability's last sentence "Spend this mana only to cast artifact spells." /
    "... or activate abilities of colorless Eldrazi." / "This mana can't be spent to cast
    nonartifact spells." off its effect (CR 106.6). Returns the rest and the restriction (None:
    there is none; False: there is one this doesn't understand)."""
    read = marker(text)
    body, restriction = _split(text)
    if restriction is False:
        undo(read)
    return body, restriction


def _split(text: str) -> tuple[str, ManaRestriction | None | bool]:
    if r := fullmatch(_RIDER, text.strip(), re.I | re.S):
        flt = spell_filter(r.group(3))                      # a rider (Boseiju, Who Shelters All)
        if flt is None:
            return text, False
        consume(r.group(2))
        return r.group(1), ManaRestriction(r.group(2) + ".", cast_only=False, uncounterable=flt)
    m = fullmatch(_RESTRICTION, text.strip(), re.I | re.S)
    if not m:
        return text, None
    body, sentence = m.group(1), m.group(2)
    if m.group(4):                                           # "can't be spent to cast nonartifact spells"
        flt = spell_filter(m.group(4))
        if flt is None or not flt.not_types:
            return text, False
        consume(sentence[:-len(m.group(4))])
        return body, ManaRestriction(sentence + ".", spell=replace(flt, types=flt.not_types, not_types=frozenset()),
                                     cast_only=False)
    restriction = _spend_only(m.group(3), sentence)
    if restriction is None:
        return text, False
    consume(sentence[:len("spend this mana only ")])
    return body, restriction


def _spend_only(what: str, sentence: str) -> ManaRestriction | None:
    ability = None
    if am := fullmatch(r"(.+?) or activate abilities of (.+)", what, re.I):
        what, ability = am.group(1), spell_filter(am.group(2) + " spell")
        if ability is None:
            return None
        consume(am.group(0)[len(am.group(1)):len(am.group(0)) - len(am.group(2))])
    if not what.lower().startswith("to cast "):
        return None
    consume(what[:len("to cast ")])
    spell_text = what[len("to cast "):]
    multicolored = bool(match(r"(?:an? )?multicolored ", spell_text, re.I))
    if multicolored:
        spell_text = sub(r"^(?:an? )?multicolored ", "", spell_text, re.I, understood=True)
    flt = spell_filter(spell_text)
    if flt is None:
        return None
    everything = flt == spell_filter("spell")
    return ManaRestriction(sentence + ".", spell=None if everything else flt, ability=ability,
                           multicolored=multicolored)


@attempt
def parse_add_mana(text: str) -> AddMana | None:
    """ "Add {G}", "Add {R}{R}", "Add {W} or {U}", "Add one mana of any color" (CR 106.1)."""
    t = text.strip().rstrip(".")
    m = fullmatch(r"add ((?:" + _SYMBOL + r")+)", t, re.IGNORECASE)
    if m:
        consume(t)
        return AddMana(mana=tuple(re.findall(r"[WUBRGC]", m.group(1))))
    m = fullmatch(r"add (" + _SYMBOL + r")(?:, (" + _SYMBOL + r"))*,? or (" + _SYMBOL + r")", t, re.IGNORECASE)
    if m:
        consume(t)
        return AddMana(choice=tuple(re.findall(r"[WUBRGC]", t)))
    if fullmatch(r"add one mana of any color", t, re.IGNORECASE):
        consume(t)
        return AddMana(choice=("W", "U", "B", "R", "G"))
    m = fullmatch(r"add (two|three|four|five) mana of any one color", t, re.IGNORECASE)
    if m:
        # Black Lotus: one color chosen, that much mana of it (CR 106.1b)
        consume(t)
        return AddMana(choice=("W", "U", "B", "R", "G"), amount=NUMBERS[m.group(1).lower()])
    m = fullmatch(r"add ((?:" + _SYMBOL + r")+) for each (.+)", t, re.IGNORECASE)
    if m and (per := parse_filter(m.group(2))) is not None:
        # Tolarian Academy: "Add {U} for each artifact you control", counted as it resolves (CR 608.2h)
        consume(t)
        return AddMana(mana=tuple(re.findall(r"[WUBRGC]", m.group(1))), per=per)
    if fullmatch(r"add one mana of any color in your commander's color identity", t, re.IGNORECASE):
        # CR 903.4, 903.4f: the colors are read as it resolves (none without a commander)
        consume(t)
        return AddMana(link=COMMANDER_IDENTITY)
    return None
