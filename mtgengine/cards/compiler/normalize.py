from __future__ import annotations

import re



def split_sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=\.)\s+", text.strip()) if s.strip()]


# -- paragraphs ------------------------------------------------------------------------
def strip_reminder(text: str) -> str:
    return re.sub(r"\s*\([^)]*\)", "", text).strip()


def _self_names(name: str) -> list[str]:
    names = [name]
    if "," in name:
        names.append(name.split(",")[0])   # "Gisela, the Broken Blade" is called "Gisela"
    return names


def normalize_self(text: str, name: str) -> str:
    for nm in sorted(_self_names(name), key=len, reverse=True):
        text = text.replace(nm, "~")
    return re.sub(r"\bthis (creature|spell|permanent|artifact|enchantment|land|card|token)\b", "~", text,
                  flags=re.IGNORECASE)


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
