"""Mana abilities' effects and the restrictions on the mana they make (CR 106, 605): "Add {G}",
"Add {R} or {G}", "Add one mana of any color", "Spend this mana only to cast artifact spells"."""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from .filters import parse_filter, spell_filter
from .lexicon import CHOSEN_COLOR, NUMBERS
from .grammar import attempt
from .text import consume, fullmatch, marker, match, sub, undo
from .amounts import count_phrase, each_phrase
from ..vocabulary import COMMANDER_IDENTITY, LANDS_COULD_PRODUCE, AddMana, ManaRestriction, Quantity, SELF

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
    if fullmatch(r"to activate abilities", what, re.I):
        consume(what)                           # Pit Automaton: abilities only, no spell (CR 106.6)
        return ManaRestriction(sentence + ".", cast_only=False, no_spells=True)
    if am := fullmatch(r"(?:to activate an ability or (?:to )?(cast .+)|to (cast .+?),? or activate an ability)", what, re.I):
        # "to cast an artifact spell or activate an ability": any ability, those spells
        found = _spend_only("to " + (am.group(1) or am.group(2)), sentence)
        if found is None:
            return None
        consume(what[:am.start(1)] if am.group(1) else what[:am.start(2)] + what[am.end(2):])
        return replace(found, cast_only=False)
    if am := fullmatch(r"(.+?),? or (?:to )?activate (?:abilities|an ability) (?:of|from) (?:an? )?(.+?)(?: sources?)?",
                       what, re.I):
        # "... or activate abilities of colorless Eldrazi", "... or activate an ability of an artifact source"
        what, ability = am.group(1), spell_filter(am.group(2) + " spell")
        if ability is None:
            return None
        consume(am.group(0)[len(am.group(1)):am.start(2)], am.group(0)[am.end(2):])
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
    # a triggered mana ability's "its controller adds an additional {G}" (Wild Growth, CR 605.1b):
    # the mana goes to the player who tapped the permanent, as "add" (``primitives._mana_triggers``)
    t = sub(r"^(?:(?:its controller|that player) adds|add) an additional ", "add ", t, re.I, understood=True)
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
    m = fullmatch(r"add ((?:" + _SYMBOL + r")+) for each (.+)", t, re.IGNORECASE)
    if m and (per := parse_filter(m.group(2))) is not None:
        # Tolarian Academy: "Add {U} for each artifact you control", counted as it resolves (CR 608.2h)
        consume(t)
        return AddMana(mana=tuple(re.findall(r"[WUBRGC]", m.group(1))), per=per)
    if (found := _add_counted(t)) is not None:
        return found
    if fullmatch(r"add one mana of any color in your commander's color identity", t, re.IGNORECASE):
        # CR 903.4, 903.4f: the colors are read as it resolves (none without a commander)
        consume(t)
        return AddMana(link=COMMANDER_IDENTITY)
    return None


_COLORS = ("W", "U", "B", "R", "G")
_SYMBOLS = r"((?:" + _SYMBOL + r")+)"
#: "two", "X": how much mana; X is bound by "where X is ..." (``amounts.where_x``) or is the
#: ability's own X, announced with its cost (CR 107.3a, 601.2b via 602.2b)
_HOW_MANY = r"(one|two|three|four|five|six|seven|eight|ten|x)"


def _how_many(word: str) -> tuple[int, Quantity | None]:
    """The ``amount`` and ``count`` of an AddMana adding ``word`` mana."""
    return (1, Quantity(x=True)) if word.lower() == "x" else (NUMBERS[word.lower()], None)


def _letters(symbols: str) -> tuple[str, ...]:
    return tuple(re.findall(r"[WUBRGC]", symbols))


def _add_counted(t: str) -> AddMana | None:
    """The mana abilities whose mana is a combination or a number (CR 106.1, 106.3): "Add {W}{W},
    {W}{U}, or {U}{U}" (one of these strings, the filter lands), "Add two mana in any combination
    of {R} and/or {G}" / "of colors" (each chosen), "Add X mana of any one color" (one color
    chosen, CR 106.1b), "Add six {G}", "Add an amount of {G} equal to ~'s power", "one mana of
    any color that a land an opponent controls could produce" (CR 106.7)."""
    if m := fullmatch(r"add " + _SYMBOLS + r"((?:, (?:" + _SYMBOL + r")+)*),? or " + _SYMBOLS, t, re.I):
        combos = tuple("".join(_letters(p)) for p in re.findall(r"(?:" + _SYMBOL + r")+", t))
        if any(len(c) > 1 for c in combos):
            consume(t)
            return AddMana(combos=combos)
        return None
    if m := fullmatch(r"add " + _HOW_MANY + r" mana in any combination of (?:colors|" + _SYMBOLS
                      + r" and/or " + _SYMBOLS + r")", t, re.I):
        amount, count = _how_many(m.group(1))
        choice = _letters(m.group(2) + m.group(3)) if m.group(2) else _COLORS
        consume(t)
        return AddMana(choice=choice, amount=amount, count=count, any_combination=True)
    if m := fullmatch(r"add " + _HOW_MANY + r" mana of any one color", t, re.I):
        # Black Lotus: one color chosen, that much mana of it (CR 106.1b)
        amount, count = _how_many(m.group(1))
        consume(t)
        return AddMana(choice=_COLORS, amount=amount, count=count)
    if (m := fullmatch(r"add " + _HOW_MANY + r" " + _SYMBOLS, t, re.I)) and m.group(1).lower() != "one":
        amount, count = _how_many(m.group(1))               # "Add six {G}" (Castle Garenbrig)
        consume(t)
        return AddMana(mana=_letters(m.group(2)), amount=amount, count=count)
    if m := fullmatch(r"add " + _SYMBOLS + r" for each [\w+/-]+ counter removed this way", t, re.I):
        consume(t)                          # the storage lands: X is the counters removed (CR 107.3a)
        return AddMana(mana=_letters(m.group(1)), count=Quantity(x=True))
    if (m := fullmatch(r"add (" + _SYMBOL + r"), then add an additional (" + _SYMBOL
                       + r") for each [\w+/-]+ counter removed this way", t, re.I)) and m.group(1) == m.group(2):
        consume(t)                          # the Mana Batteries: one, and one more for each
        return AddMana(mana=_letters(m.group(1)), count=Quantity(fixed=1, x=True))
    if (m := fullmatch(r"add " + _SYMBOLS + r" for each (.+)", t, re.I)) and (q := each_phrase(m.group(2))) is not None:
        consume(t[:m.start(2)])             # "for each creature in your party", "... card in your hand"
        return AddMana(mana=_letters(m.group(1)), count=q)
    if m := fullmatch(r"add an amount of " + _SYMBOLS + r" equal to (.+)", t, re.I):
        how_many = count_phrase(sub(r"^(?:this creature|this artifact)'s ", "~'s ", m.group(2), re.I,
                                    understood=True), SELF)
        if how_many is None or len(_letters(m.group(1))) != 1:
            return None
        consume(t[:m.start(2)])
        return AddMana(mana=_letters(m.group(1)), count=how_many)
    if fullmatch(r"add one mana of the chosen color", t, re.I):
        consume(t)                          # Coldsteel Heart: the color chosen as it entered (CR 607.2d)
        return AddMana(link=CHOSEN_COLOR)
    if fullmatch(r"add one mana of any type that (?:land|permanent) produced", t, re.I):
        consume(t)                          # Mirari's Wake: a triggered mana ability (CR 605.1b)
        return AddMana(produced=True)
    if m := fullmatch(r"add one mana of any (color|type) that a land (you|an opponent) controls? could produce",
                      t, re.I):
        consume(t)
        return AddMana(link=LANDS_COULD_PRODUCE[(m.group(1).lower(), m.group(2).lower())])
    return None


def lasting_mana(effects: list[Any], until: str) -> bool | None:
    """ "Until end of turn, you don't lose this mana as steps and phases end" (CR 106.4): the mana
    of the last "add" before it is kept in the pool until then ("turn" or "combat"); None if no
    mana was added before it."""
    for i in range(len(effects) - 1, -1, -1):
        eff = effects[i]
        if isinstance(eff, AddMana):
            kept = eff.restriction or ManaRestriction("", cast_only=False)   # (spent on anything)
            effects[i] = replace(eff, restriction=replace(kept, lasts=until.lower()))
            return True
    return None
