from __future__ import annotations

import re
from functools import cache, lru_cache

from ...core.rules_index import rule_text
from ..vocabulary import (Quantity, n)


NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "x": 0,
}


TYPE_WORDS = {
    "creature": "Creature", "artifact": "Artifact", "enchantment": "Enchantment",
    "land": "Land", "planeswalker": "Planeswalker", "permanent": "", "instant": "Instant",
    "sorcery": "Sorcery", "battle": "Battle",
}


def num(word: str) -> Quantity:
    word = word.lower()
    if word == "x":
        return Quantity(x=True)
    if word.isdigit():
        return n(int(word))
    return n(NUMBERS[word])


NUM = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|x|\d+)"


SUPERTYPE_WORDS = {"legendary": "Legendary", "basic": "Basic", "snow": "Snow"}


LAND_TYPE_WORDS = {w + s: w.capitalize() for w in ("plains", "island", "swamp", "mountain", "forest")
                    for s in ("", "s") if w + s != "plainss"}


def creature_type_plural(kind: str) -> str:
    """The plural of a creature type in rules text ("Goblins", "Elves", "Merfolk")."""
    irregular = {v: k.capitalize() for k, v in IRREGULAR_PLURALS.items()}
    if kind in irregular:
        return irregular[kind]
    if kind.endswith("folk") or kind in ("Sheep", "Fish", "Kithkin", "Samurai"):
        return kind
    return kind + ("es" if kind.endswith(("s", "x", "ch", "sh")) else "s")


PERMANENT_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"})


UP_TO = r"(?:(?:up to (one|two|three|four|five|\d+)|any number of) )?"


PT = r"([+-]\d+|[+-]x)/([+-]\d+|[+-]x)"


def pt_value(value: str) -> tuple[int, int]:
    """(fixed, x sign) of "+3" / "-x"."""
    if value[1:].lower() == "x":
        return 0, (1 if value[0] == "+" else -1)
    return int(value), 0


MANA_SYMBOL = r"\{[WUBRGC]\}"


ALL_COLORS = frozenset("WUBRG")


BASIC_PLURALS = {"plains": "Plains", "islands": "Island", "swamps": "Swamp", "mountains": "Mountain",
                  "forests": "Forest"}


CREATURES = frozenset({"Creature"})


CARD_TYPE_WORDS = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment", "land": "Land"}


IRREGULAR_PLURALS = {"elves": "Elf", "dwarves": "Dwarf", "wolves": "Wolf", "werewolves": "Werewolf",
                      "mice": "Mouse", "fungi": "Fungus", "octopi": "Octopus", "sphinxes": "Sphinx"}


COUNT = r"(one|two|three|four|five|six|seven|eight|nine|ten|\d+)"


@cache
def creature_types() -> tuple[str, ...]:
    """The creature types listed in CR 205.3m (read from the shipped rules)."""
    text = rule_text("205.3m")
    found = ["Time Lord"] if "Time Lord" in text else []
    tail = text.split("one word long:", 1)[-1]
    found += [w for w in re.findall(r"[A-Z][A-Za-z'-]+", tail)]
    return tuple(dict.fromkeys(found))


@lru_cache(maxsize=1)
def creature_type_words() -> dict[str, str]:
    """The creature types (CR 205.3m) by their lowercase spelling ("vampire": "Vampire")."""
    return {kind.lower(): kind for kind in creature_types()}


TIMES = {"double": 2, "twice": 2, "triple": 3, "three times": 3}


#: Basic land types and the mana their intrinsic ability adds (CR 305.6).
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
