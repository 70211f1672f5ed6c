from __future__ import annotations

import re
from dataclasses import replace

from .filters import spell_filter
from .lexicon import MANA_SYMBOL
from ..vocabulary import (AddMana, ManaRestriction)


def split_mana_restriction(text: str) -> tuple[str, ManaRestriction | None | bool]:
    """Splits a mana ability's last sentence "Spend this mana only to cast artifact spells." /
    "... or activate abilities of colorless Eldrazi." / "This mana can't be spent to cast
    nonartifact spells." off its effect (CR 106.6). Returns the rest and the restriction (None:
    there is none; False: there is one this doesn't understand)."""
    if r := re.fullmatch(r"(.+?\.) (if that mana is spent on (?:an? )?(.+?), that spell can't be countered)\.",
                         text.strip(), re.I | re.S):
        flt = spell_filter(r.group(3))                      # a rider (Boseiju, Who Shelters All)
        if flt is None:
            return text, False
        return r.group(1), ManaRestriction(r.group(2) + ".", cast_only=False, uncounterable=flt)
    m = re.fullmatch(r"(.+?\.) (spend this mana only (.+?)|this mana can't be spent to cast (.+?))\.", text.strip(),
                     re.I | re.S)
    if not m:
        return text, None
    body, sentence = m.group(1), m.group(2)
    if m.group(4):                                           # "can't be spent to cast nonartifact spells"
        flt = spell_filter(m.group(4))
        if flt is None or not flt.not_types:
            return text, False
        return body, ManaRestriction(sentence + ".", spell=replace(flt, types=flt.not_types, not_types=frozenset()),
                                     cast_only=False)
    what = m.group(3)
    ability = None
    if am := re.fullmatch(r"(.+?) or activate abilities of (.+)", what, re.I):
        what, ability = am.group(1), spell_filter(am.group(2) + " spell")
        if ability is None:
            return text, False
    if not what.lower().startswith("to cast "):
        return text, False
    spell_text = what[len("to cast "):]
    multicolored = bool(re.match(r"(?:an? )?multicolored ", spell_text, re.I))
    if multicolored:
        spell_text = re.sub(r"^(?:an? )?multicolored ", "", spell_text, flags=re.I)
    flt = spell_filter(spell_text)
    if flt is None:
        return text, False
    everything = flt == spell_filter("spell")
    return body, ManaRestriction(sentence + ".", spell=None if everything else flt, ability=ability,
                                 multicolored=multicolored)


def parse_add_mana(text: str) -> AddMana | None:
    t = text.strip().rstrip(".")
    m = re.fullmatch(r"add ((?:" + MANA_SYMBOL + r")+)", t, re.IGNORECASE)
    if m:
        return AddMana(mana=tuple(re.findall(r"[WUBRGC]", m.group(1))))
    m = re.fullmatch(r"add (" + MANA_SYMBOL + r")(?:, (" + MANA_SYMBOL + r"))*,? or (" + MANA_SYMBOL + r")", t, re.IGNORECASE)
    if m:
        return AddMana(choice=tuple(re.findall(r"[WUBRGC]", t)))
    if re.fullmatch(r"add one mana of any color", t, re.IGNORECASE):
        return AddMana(choice=("W", "U", "B", "R", "G"))
    return None
