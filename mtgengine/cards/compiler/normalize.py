"""A paragraph as the grammar reads it: reminder text removed (CR 207.2a: it has no rules
meaning), the card's own name (and a legendary card's short name, CR 201.5c) and "this
creature" / "this spell" written "~" (CR 201.5), an ability word (CR 207.2c) taken off; and its
sentences."""
from __future__ import annotations

import re

from .text import split

#: The ability words of CR 207.2c: labels without rules meaning (unlike "Max speed —", CR 702.178a).
ABILITY_WORDS = frozenset({
    "adamant", "addendum", "alliance", "battalion", "bloodrush", "celebration", "channel", "chroma", "cohort",
    "constellation", "converge", "council's dilemma", "coven", "delirium", "descend 4", "descend 8", "domain",
    "eerie", "eminence", "enrage", "fateful hour", "fathomless descent", "ferocious", "flurry", "formidable",
    "grandeur", "hellbent", "heroic", "imprint", "inspired", "join forces", "kinship", "landfall", "lieutenant",
    "magecraft", "metalcraft", "morbid", "pack tactics", "paradox", "parley", "radiance", "raid", "rally",
    "renew", "revolt", "secret council", "spell mastery", "strive", "survival", "sweep", "tempting offer",
    "threshold", "undergrowth", "valiant", "vivid", "void", "will of the council",
})
_THIS_CASE = re.compile(r"\bthis Case\b")        # (capitalized: "in this case" is not a Case)
_REMINDER = re.compile(r"\s*\([^)]*\)")
_THIS = re.compile(r"\bthis (creature|spell|permanent|artifact|enchantment|land|card|token|Saga|Class|Equipment|Aura"
                   r"|Vehicle|Spacecraft|Planet)\b", re.IGNORECASE)


def split_sentences(text: str) -> list[str]:
    """The sentences of a text (each ends with its period, or with the closing quote of a quoted
    ability that ends it: 'with "... on it." It's still a land.')."""
    return [s.strip() for s in split(r'(?<=\.)\s+|(?<=\.")\s+(?=[A-Z])', text.strip()) if s.strip()]


def strip_reminder(text: str) -> str:
    """The text without its reminder text (parenthesized, CR 207.2a)."""
    return _REMINDER.sub("", text).strip()


def _self_names(name: str) -> list[str]:
    names = [name]
    if "," in name:
        names.append(name.split(",")[0])   # "Gisela, the Broken Blade" is called "Gisela"
    return names


def normalize_self(text: str, name: str) -> str:
    """The text with the card's names and "this creature" etc. written "~"."""
    for nm in sorted(_self_names(name), key=len, reverse=True):
        text = text.replace(nm, "~")
    return _THIS_CASE.sub("~", _THIS.sub("~", text))


def ability_word(para: str) -> int:
    """Where the paragraph's text starts after an ability word ("Landfall — "), or 0."""
    dash = para.find(" — ")
    if dash > 0 and para[:dash].lower().replace("’", "'") in ABILITY_WORDS and "—" not in para[:dash]:
        return dash + len(" — ")
    return 0
