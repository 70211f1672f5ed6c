"""The words of rules text the other parts look up: numbers, card types and supertypes, basic land
types, creature types (CR 205.3m) and their plurals, and the basic lands' mana (CR 305.6).

No rules here read text; they are the dictionary the grammar's rules consult."""
from __future__ import annotations

import re
from functools import cache
from importlib import resources

from ...core.rules_index import rule_text
from ..vocabulary import Quantity, n

#: Number words (CR 107.1); "x" is X (CR 107.3), read by :func:`num`.
NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "x": 0,
}
#: "two times", "twice": how many times a doubling effect applies (CR 701.10, 701.11).
TIMES = {"double": 2, "twice": 2, "triple": 3, "three times": 3}


def num(word: str) -> Quantity:
    """The quantity a number word (or numeral, or X) stands for."""
    word = word.lower()
    if word == "x":
        return Quantity(x=True)
    if word.isdigit():
        return n(int(word))
    return n(NUMBERS[word])


def pt_value(value: str) -> tuple[int, int]:
    """(fixed, x sign) of one half of a P/T change: "+3" -> (3, 0), "-x" -> (0, -1)."""
    if value[1:].lower() == "x":
        return 0, (1 if value[0] == "+" else -1)
    return int(value), 0


# -- types (CR 205) ------------------------------------------------------------------------------
#: Card type words (CR 205.2a) to the type; "permanent" stands for no one type.
TYPE_WORDS = {
    "creature": "Creature", "artifact": "Artifact", "enchantment": "Enchantment",
    "land": "Land", "planeswalker": "Planeswalker", "permanent": "", "instant": "Instant",
    "sorcery": "Sorcery", "battle": "Battle",
}
#: The card types a becoming effect may name ("is a blue Frog creature", CR 205.1a).
CARD_TYPE_WORDS = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment", "land": "Land"}
#: The permanent types (CR 110.4a): a "permanent card" off the battlefield has one of them.
PERMANENT_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"})
CREATURES = frozenset({"Creature"})
SUPERTYPE_WORDS = {"legendary": "Legendary", "basic": "Basic", "snow": "Snow"}       # CR 205.4a
#: The basic land types, singular and plural, to the type (CR 205.3i).
LAND_TYPE_WORDS = {w + s: w.capitalize() for w in ("plains", "island", "swamp", "mountain", "forest")
                   for s in ("", "s") if w + s != "plainss"}
#: A basic land type's plural to the type ("Islands": Island).
BASIC_PLURALS = {"plains": "Plains", "islands": "Island", "swamps": "Swamp", "mountains": "Mountain",
                 "forests": "Forest"}
#: Basic land types and the mana their intrinsic ability adds (CR 305.6).
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
ALL_COLORS = frozenset("WUBRG")          # "colorless": none of the five colors (CR 105.2c)
#: Creature type plurals that don't add "s" ("Elves": Elf).
IRREGULAR_PLURALS = {"elves": "Elf", "dwarves": "Dwarf", "wolves": "Wolf", "werewolves": "Werewolf",
                     "mice": "Mouse", "fungi": "Fungus", "octopi": "Octopus", "sphinxes": "Sphinx"}
_SINGULAR_TO_PLURAL = {v: k.capitalize() for k, v in IRREGULAR_PLURALS.items()}


def creature_type_plural(kind: str) -> str:
    """The plural of a creature type in rules text ("Goblins", "Elves", "Merfolk")."""
    if kind in _SINGULAR_TO_PLURAL:
        return _SINGULAR_TO_PLURAL[kind]
    if kind.endswith("folk") or kind in ("Sheep", "Fish", "Kithkin", "Samurai"):
        return kind
    return kind + ("es" if kind.endswith(("s", "x", "ch", "sh")) else "s")


@cache
def counter_kinds() -> frozenset[str]:
    """The one-word counter kinds the card data names (CR 122.1: a counter's name is any word, so
    the list is the cards', ``data/counter_kinds.txt``): a word the cards never use as one isn't
    read as a counter kind."""
    text = (resources.files("mtgengine") / "data" / "counter_kinds.txt").read_text(encoding="utf-8")
    return frozenset(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#"))


@cache
def creature_types() -> tuple[str, ...]:
    """The creature types listed in CR 205.3m (read from the shipped rules)."""
    text = rule_text("205.3m")
    found = ["Time Lord"] if "Time Lord" in text else []
    tail = text.split("one word long:", 1)[-1]
    found += [w for w in re.findall(r"[A-Z][A-Za-z'-]+", tail)]
    return tuple(dict.fromkeys(found))


@cache
def artifact_enchantment_types() -> dict[str, str]:
    """The artifact types (CR 205.3g) and enchantment types (CR 205.3h) by their lowercase
    spelling ("equipment": "Equipment"), read from the rules."""
    found: dict[str, str] = {}
    for number in ("205.3g", "205.3h"):
        listed = rule_text(number).rsplit(" are ", 1)[-1]
        for word in re.findall(r"\b([A-Z][a-z]+)\b(?! \d)", re.sub(r"\(see rule [^)]*\)", "", listed)):
            found[word.lower()] = word
    return found


@cache
def creature_type_words() -> dict[str, str]:
    """The creature types (CR 205.3m) by their lowercase spelling ("vampire": "Vampire")."""
    return {kind.lower(): kind for kind in creature_types()}


@cache
def creature_type_names() -> dict[str, str]:
    """Every creature type by its singular and its plural spelling ("Goblin", "Goblins", "Elves":
    Elf), as rules text writes them (CR 205.3m)."""
    names: dict[str, str] = {}
    for kind in creature_types():
        names.setdefault(kind, kind)
        names.setdefault(creature_type_plural(kind), kind)
    return names


@cache
def creature_type_plurals_lower() -> frozenset[str]:
    """Every creature type's plural, in lowercase ("protection from demons")."""
    return frozenset(creature_type_plural(k).lower() for k in creature_types())



#: The subtype lists other than creature types (CR 205.3g-k): artifact, enchantment, land,
#: planeswalker and spell types.
_OTHER_SUBTYPE_RULES = ("205.3g", "205.3h", "205.3i", "205.3j", "205.3k")
#: CR 700.12: "outlaw" is an object with any of these creature types.
OUTLAW_TYPES = frozenset({"Assassin", "Mercenary", "Pirate", "Rogue", "Warlock"})


@cache
def subtype_names() -> dict[str, str]:
    """Every one-word subtype (CR 205.3g-m) by its lowercase singular and plural spelling
    ("vraska": Vraska, "deserts": Desert, "elves": Elf): the words a filter may name a subtype by."""
    names: dict[str, str] = {}
    for rule in _OTHER_SUBTYPE_RULES:
        tail = rule_text(rule).split(" are ", 2)[-1]
        for kind in re.findall(r"[A-Z][A-Za-z'’-]+", re.sub(r"\(see rule[^)]*\)", "", tail)):
            if kind not in ("Of", "See"):
                names.setdefault(kind.lower(), kind)
                names.setdefault(kind.lower() + "s", kind)
    for spelled, kind in creature_type_names().items():
        if " " not in spelled:
            names.setdefault(spelled.lower(), kind)
    return names


#: Placeholder links of "the chosen color / type / name", written by the grammar before the card's
#: "as ~ enters, choose" paragraph is known and renamed to its link (``choices``, CR 607.2d).
CHOSEN_COLOR = "?chosen:color"
CHOSEN_TYPE = "?chosen:type"
CHOSEN_NAME = "?chosen:name"
#: The keyword of "has protection from the chosen color" (Voice of All): a static ability's, the
#: color read from its source's choice as the effect applies (``effects.layer_effects``).
CHOSEN_PROTECTION = "protection from the chosen color"
