"""Text-changing effects (CR 612), applied in layer 3 (CR 613.1c).

A ``ChangeText`` modification replaces one color word, basic land type or creature type with
another in an object's rules text and type line, only where the word is used as such (CR
612.2): never inside the object's name. The object's abilities change with it: the word is
replaced where the compiled abilities use it (filters' colors and subtypes, keywords, type
words of effects), so a changed "forestwalk" is islandwalk, a changed "protection from black"
is protection from red and Blood Moon's changed "Mountains" makes Islands, whether the card's
abilities were compiled from its text or written in a card definition; abilities granted by
other effects are not text and don't change (CR 612.3). Text changes are not copiable values
(CR 707.2): a copy gets the original text.
"""
from __future__ import annotations

import re
from dataclasses import fields, is_dataclass, replace
from typing import Any

from ..cards.compiler.lexicon import creature_type_plural, creature_types
from ..cards.vocabulary import ChangeText, CreateToken
from ..core.mana import COLOR_WORDS

BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def _case(like: str, word: str) -> str:
    """``word`` capitalized like ``like``."""
    return word[:1].upper() + word[1:] if like[:1].isupper() else word[:1].lower() + word[1:]


def substitute(text: str, name: str, mod: ChangeText) -> str:
    """``text`` with every instance of ``mod.old`` used as a ``mod.kind`` replaced (CR 612.2)."""
    hidden = "\x00"
    masked = text.replace(name, hidden) if name else text           # CR 612.2: not in the card name
    old, new = mod.old, mod.new
    if mod.kind == "color":
        pattern = re.compile(r"\b(non-?)?(" + re.escape(old) + r")\b", re.IGNORECASE)
        out = pattern.sub(lambda m: (m.group(1) or "") + _case(m.group(2), new), masked)
    elif mod.kind == "land_type":
        forms = [old] if old == "Plains" else [old + "s", old]          # "Islands", "Island", "islandwalk"
        pattern = re.compile(r"\b(" + "|".join(forms) + r")(walk)?\b", re.IGNORECASE)

        def land(m: re.Match[str]) -> str:
            word, walk = m.group(1), m.group(2) or ""
            plural = word.lower() != old.lower()
            repl = new + "s" if plural and new != "Plains" else new
            return _case(word, repl.lower() if walk else repl) + walk
        out = pattern.sub(land, masked)
    else:
        plural_old, plural_new = creature_type_plural(old), creature_type_plural(new)
        forms = {old: new, plural_old: plural_new}
        pattern = re.compile(r"\b(" + "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True)) + r")\b"
                             r"(?=( (?:get|have|are|you control)\b)?)")

        def creature(m: re.Match[str]) -> str:
            if plural_old == old:          # "Merfolk": plural where a plural verb follows ("Other Merfolk get")
                return plural_new if m.group(2) else new
            return forms[m.group(1)]
        out = pattern.sub(creature, masked)
    return out.replace(hidden, name) if name else out


def apply(ch: Any, mod: ChangeText) -> None:
    """Layer 3: the new text, its abilities and, for a type word, the type line (CR 612.1)."""
    if mod.kind in ("land_type", "creature_type") and mod.old in ch.subtypes \
            and (mod.kind == "creature_type" or "Land" in ch.types):
        ch.subtypes = (ch.subtypes - {mod.old}) | {mod.new}
    text = substitute(ch.text, ch.name, mod)
    if text == ch.text:
        return
    script = _changed(ch.script, mod, ch.name)
    ch.keywords = (ch.keywords - ch.script.keywords) | script.keywords
    ch.script = script
    ch.text = text


_COLOR_FIELDS = frozenset({"colors", "not_colors", "set_colors", "add_colors"})
_TYPE_FIELDS = frozenset({"subtypes", "not_subtypes", "add_subtypes", "set_subtypes", "set_land_subtypes"})
_WORD_FIELDS = frozenset({"keywords", "not_keywords", "add_keywords", "remove_keywords"})


def _changed(value: Any, mod: ChangeText, name: str, field: str = "") -> Any:
    """The compiled abilities with the word changed where it is used as such (CR 612.2): in
    filters' colors or subtypes, keywords ("protection from black", "forestwalk"), the type
    words of effects (Blood Moon's Mountains) and rules texts; mana symbols don't change. The
    abilities compiled from the text and those a card definition wrote change alike."""
    if isinstance(value, str):
        if field in _WORD_FIELDS or field == "text":
            return substitute(value, name, mod)
        if field in _COLOR_FIELDS and mod.kind == "color":
            return COLOR_WORDS[mod.new] if value == COLOR_WORDS[mod.old] else value
        if field in _TYPE_FIELDS and mod.kind != "color":
            return mod.new if value == mod.old else value
        return value
    if isinstance(value, (tuple, frozenset)):
        items = [_changed(v, mod, name, field) for v in value]
        if all(a is b for a, b in zip(items, value)):
            return value
        return type(value)(items)
    if is_dataclass(value) and not isinstance(value, type):
        changed = {f.name: _changed(getattr(value, f.name), mod, name, f.name) for f in fields(value)}
        if isinstance(value, CreateToken) and changed["subtypes"] is not value.subtypes \
                and value.name == " ".join(value.subtypes) + " Token":
            # CR 612.2a: a token named after its creature types (CR 111.4) is renamed with them
            changed["name"] = " ".join(changed["subtypes"]) + " Token"
        if any(changed[k] is not getattr(value, k) for k in changed):
            return replace(value, **changed)
    return value



def words(kind: str) -> list[str]:
    """The words a text change of ``kind`` chooses among."""
    if kind == "color":
        return list(COLOR_WORDS)                       # the five color words (CR 105.1)
    if kind == "land_type":
        return list(BASIC_LAND_TYPES)
    return list(creature_types())
