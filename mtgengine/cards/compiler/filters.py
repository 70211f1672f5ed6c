from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from ...core.mana import COLOR_WORDS
from .lexicon import (
    ALL_COLORS, BASIC_LAND_MANA, BASIC_PLURALS, IRREGULAR_PLURALS, LAND_TYPE_WORDS, PERMANENT_TYPES, SUPERTYPE_WORDS, TYPE_WORDS,
    creature_type_plural, creature_type_words, creature_types,
)
from ..vocabulary import (Filter, n)


def parse_filter(text: str) -> Filter | None:
    """Parses "nonblack creature an opponent controls", "artifact or enchantment", "spell",
    "attacking or blocking creature", "creature with power 4 or greater"."""
    text = text.strip().lower()
    extra: dict[str, Any] = {}
    if text.endswith(" with power less than or equal to ~'s power"):
        text = text[: -len(" with power less than or equal to ~'s power")]
        extra["power_max_source"] = True
    if m := re.search(r" whose controller controls an? (plains|island|swamp|mountain|forest)$", text):
        text = text[: m.start()]
        extra["controller_controls"] = m.group(1).capitalize()
    power_min = power_max = None
    if m := re.search(r" with power (\d+) or (greater|less)$", text):
        text = text[: m.start()]
        if m.group(2) == "greater":
            power_min = int(m.group(1))
        else:
            power_max = int(m.group(1))
    mv_min = mv_max = None
    if m := re.search(r" with mana value (\d+)(?: or (greater|less))?$", text):
        # CR 202.3: "spell with mana value 4 or greater", "with mana value 2"
        text = text[: m.start()]
        mv_min = int(m.group(1)) if m.group(2) != "less" else None
        mv_max = int(m.group(1)) if m.group(2) != "greater" else None
    keywords: frozenset[str] = frozenset()
    not_keywords: frozenset[str] = frozenset()
    if m := re.search(r" (with|without) (flying|reach|defender|first strike|deathtouch|trample|haste|vigilance"
                      r"|lifelink|menace|hexproof|indestructible|flying or reach)$", text):
        # "creature with flying" (Plummet), "creature without flying" (CR 702.9b's kin)
        text = text[: m.start()]
        kws = frozenset(m.group(2).split(" or ")) if m.group(2) != "first strike" else frozenset({"first strike"})
        if m.group(1) == "with":
            keywords = kws
        else:
            not_keywords = kws
    blocking = None
    if text.startswith("attacking or blocking "):
        text = text[len("attacking or blocking "):]
        blocking = True
    controller = None
    for suffix, who in ((" you control", "you"), (" an opponent controls", "opponent"),
                        (" your opponents control", "opponent"), (" you don't control", "opponent")):
        if text.endswith(suffix):
            text = text[: -len(suffix)]
            controller = who
    spells = False
    if text.endswith(" spell") or text == "spell":
        spells = True
        text = text[: -len("spell")].strip()
    tapped = None
    attacking = None
    words = text.replace(",", "").split()
    types: set[str] = set()
    not_types: set[str] = set()
    colors: set[str] = set()
    not_colors: set[str] = set()
    supers: set[str] = set()
    not_super: set[str] = set()
    subtypes: set[str] = set()
    not_subtypes: set[str] = set()
    for word in words:
        if word in ("or", "and/or", "another", "other", "all"):
            continue
        if word in LAND_TYPE_WORDS:
            subtypes.add(LAND_TYPE_WORDS[word])         # "an Island you control" (Daze), "two Mountains"
            continue
        if word == "tapped":
            tapped = True
            continue
        if word == "colorless":
            not_colors.update(COLOR_WORDS.values())     # CR 105.2c: no color ("target colorless creature")
            continue
        if word in ("monocolored", "multicolored"):
            extra["color_count"] = word[:-len("colored")]          # "mono" / "multi" (CR 105.2a-b)
            continue
        if word == "attacking":
            attacking = True
            continue
        if word == "blocking":
            attacking = False               # "target blocking creature" (Righteousness)
            blocking = True
            continue
        neg = word.startswith("non") and word not in ("none",)
        base = word[3:].lstrip("-") if neg else word
        if word.startswith("non-") and (kind := creature_type_words().get(base)):
            not_subtypes.add(kind)              # "non-Vampire, non-Werewolf, non-Zombie creature" (CR 205.3m)
            continue
        base = base[:-1] if base.endswith("s") and base[:-1] in TYPE_WORDS else base
        if base in SUPERTYPE_WORDS:
            (not_super if neg else supers).add(SUPERTYPE_WORDS[base])
            continue
        if base in TYPE_WORDS:
            if TYPE_WORDS[base]:
                (not_types if neg else types).add(TYPE_WORDS[base])
        elif base in COLOR_WORDS:
            (not_colors if neg else colors).add(COLOR_WORDS[base])
        else:
            return None
    if not spells and not types and "permanent" not in words and "permanents" not in words:
        if not (types or not_types or colors or not_colors or subtypes or "color_count" in extra):
            return None
    if subtypes:
        extra["subtypes"] = frozenset(subtypes)
    if not_subtypes:
        extra["not_subtypes"] = frozenset(not_subtypes)
    return Filter(
        types=frozenset(types), not_types=frozenset(not_types), colors=frozenset(colors),
        not_colors=frozenset(not_colors), controller=controller, spells=spells,
        tapped=tapped, attacking=attacking, other="another" in words or "other" in words,
        power_min=power_min, power_max=power_max, in_combat=blocking,
        supertypes=frozenset(supers), not_supertypes=frozenset(not_super),
        mana_value_min=mv_min, mana_value_max=mv_max, keywords=keywords, not_keywords=not_keywords, **extra,
    )


def creature_type_filter(text: str) -> Filter | None:
    """ "Merfolk", "Goblins", "Elves": the creatures of one creature type (CR 205.3m)."""
    word = re.sub(r" creatures?$", "", text.strip())
    for kind in creature_types():
        if word in (kind, creature_type_plural(kind)):
            return Filter(types=frozenset({"Creature"}), subtypes=frozenset({kind}))
    return None


def card_filter(text: str) -> Filter | None:
    """A card description in a hidden zone or graveyard: "basic land", "Forest", "Plains,
    Island, Swamp, or Mountain", "creature", "" (any card)."""
    t = text.strip()
    supertypes: frozenset[str] = frozenset()
    if t.lower().startswith("basic "):
        supertypes = frozenset({"Basic"})
        t = t[len("basic "):]
    names = [x for x in re.split(r",\s*(?:or\s+)?|\s+or\s+", t) if x]
    if names and all(x in BASIC_LAND_MANA for x in names):
        return Filter(subtypes=frozenset(names), supertypes=supertypes)
    if t.lower() in ("", "card"):
        return Filter(supertypes=supertypes)
    flt = parse_filter(t)
    if flt is None and (kind := creature_type_words().get(t.lower())):
        flt = Filter(subtypes=frozenset({kind}))       # "target Spirit card" (soulshift): any card of that type
    if flt is None:
        return None
    if not flt.types and re.search(r"\bpermanents?\b", t, re.I):
        # off the battlefield, a "permanent card" is one with a permanent type (CR 110.4a)
        flt = replace(flt, types=PERMANENT_TYPES - flt.not_types)
    return replace(flt, supertypes=supertypes)


def spell_filter(text: str) -> Filter | None:
    """"artifact spells", "instant and sorcery spells", "colorless Eldrazi spells": the
    characteristics a spell must have (creature types allowed, "colorless" = no color)."""
    words = re.sub(r"^(?:an?|the) ", "", text.strip().rstrip("."), flags=re.I).split()
    colorless = bool(words) and words[0].lower() == "colorless"
    if colorless:
        words = words[1:]
    subtypes = {w for w in words if w[:1].isupper()}
    rest = " ".join(w for w in words if w not in subtypes).replace(" and ", " or ")
    if re.fullmatch(r"spells?", rest.strip()):
        rest = "spell"
    elif rest.endswith("spells"):
        rest = rest[: -1]
    flt = parse_filter(rest)
    if flt is None or not flt.spells:
        return None
    return replace(flt, subtypes=frozenset(subtypes) | flt.subtypes,
                   not_colors=ALL_COLORS if colorless else flt.not_colors)


def counts_characteristics(flt: Filter) -> bool:
    """Whether a "for each ..." filter of a layer effect reads only what the layers compute
    for permanents (types, colors, the controller: CR 613.1): no zone, status or choice."""
    return flt == Filter(types=flt.types, not_types=flt.not_types, colors=flt.colors, not_colors=flt.not_colors,
                         subtypes=flt.subtypes, not_subtypes=flt.not_subtypes, supertypes=flt.supertypes,
                         not_supertypes=flt.not_supertypes, controller=flt.controller, other=flt.other)


def it_predicate(text: str) -> Filter | None:
    """The filter of "it has mana value N or less", "it's blue", "it's an artifact"."""
    t = text.strip().lower()
    if m := re.fullmatch(r"mana value (\d+) or (less|greater)", t):
        n = int(m.group(1))
        return Filter(mana_value_max=n) if m.group(2) == "less" else Filter(mana_value_min=n)
    if t in COLOR_WORDS:
        return Filter(colors=frozenset({COLOR_WORDS[t]}))
    if t in ("tapped", "untapped"):
        return Filter(tapped=t == "tapped")
    if m := re.fullmatch(r"an? (.+)", t):
        flt = parse_filter(m.group(1))
        return flt if flt is not None and not flt.controller and not flt.players else None
    return None


def subject_filter(text: str, plural: bool = False) -> Filter | None:
    """What a trigger or condition is about: "creature", "creature you control", "artifact or
    creature", "creatures", "Islands", "Snake" (a single capitalized word is a subtype; with
    ``plural``, a plural one: "you control no Snakes")."""
    t = text.strip()
    flt = parse_filter(t)
    if flt is not None:
        return flt
    words = t.split()
    controller = None
    for suffix, who in ((["you", "control"], "you"), (["an", "opponent", "controls"], "opponent")):
        if words[-len(suffix):] == suffix:
            words = words[: -len(suffix)]
            controller = who
    if len(words) == 1 and words[0][:1].isupper():
        word = words[0]
        low = word.lower()
        sub = word
        if plural:
            sub = BASIC_PLURALS.get(low) or IRREGULAR_PLURALS.get(low) or (
                word[:-1] if low.endswith("s") and not low.endswith("ss") else word)
        return Filter(subtypes=frozenset({sub}), controller=controller)
    if len(words) == 2 and words[0][:1].isupper() and words[1].lower() in ("creature", "creatures"):
        return Filter(types=frozenset({"Creature"}), subtypes=frozenset({words[0]}), controller=controller)
    return None
