"""Filters (which objects or players qualify, CR 109, 115): "nonblack creature an opponent
controls", "artifact or enchantment spell", "basic land card", "Goblins", "creature with power
4 or greater". Every part of rules text that names a kind of object reads it here.

A filter is read from the end (its qualifiers: "with flying", "you control", "spell") to the
words before the noun, each word a type, supertype, color, basic land type or status. Words
the vocabulary can't express are not read, so the completeness check reports them: two card
types in a row ("artifact creature": an object that is both) compile to ``Filter.all_types``
and the last type; such a run next to a union of types is not read.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from ...core.mana import COLOR_WORDS
from .grammar import attempt
from .lexicon import (
    ALL_COLORS, BASIC_LAND_MANA, CHOSEN_COLOR, CHOSEN_NAME, CHOSEN_TYPE, BASIC_PLURALS, IRREGULAR_PLURALS, LAND_TYPE_WORDS, OUTLAW_TYPES, PERMANENT_TYPES,
    SUPERTYPE_WORDS, TYPE_WORDS, artifact_enchantment_types, counter_kinds, creature_type_names, creature_type_words,
    subtype_names,
)
from .text import Span, consume, fullmatch, join, search, split, sub
from ..vocabulary import Compare, Filter, Quantity

#: Qualifiers read off the end of a filter, in this order: (pattern, what it sets).
_KEYWORD_QUALIFIER = (r" (with|without) (flying|reach|defender|first strike|deathtouch|trample|haste|vigilance"
                      r"|lifelink|menace|hexproof|indestructible|flying or reach)$")
_CONTROLLERS = ((" you control", "you"), (" an opponent controls", "opponent"),
                (" your opponents control", "opponent"), (" you don't control", "opponent"),
                (" defending player controls", "defending"))        # CR 506.2, 802.2a
#: Words of a filter that only join or qualify the others.
_JOINERS = ("or", "and/or")
_OTHER = ("another", "other", "all")


@attempt
def parse_each_of(text: str) -> Filter | None:
    """A filter after "all" or "each": "artifacts and enchantments", "artifacts, creatures, and
    enchantments" (Nevinyrral's Disk) are the permanents of any of those types — in such a list
    "and" joins the kinds each permanent may be (CR 608.2c), as "or" does in a filter."""
    flt = parse_filter(text)
    if flt is not None or not re.fullmatch(r"[a-z]+(?:, [a-z]+)*,? and [a-z]+(?: .+)?", text.lower()):
        return flt
    words = re.split(r",? and |, ", text.lower().split(" with ")[0])
    if not all(w.rstrip("s") in TYPE_WORDS or w in BASIC_PLURALS for w in words):
        return None
    return parse_filter(text.replace(", and ", " or ").replace(" and ", " or ").replace(", ", " or "))


@attempt
def parse_filter(text: str) -> Filter | None:
    """Parses "nonblack creature an opponent controls", "artifact or enchantment", "spell",
    "attacking or blocking creature", "creature with power 4 or greater"."""
    written = {w.strip(",") for w in str(text).split() if w[:1].isupper()}      # (capitalized words)
    text = text.strip().lower()
    extra: dict[str, Any] = {}
    text = _chosen_qualifier(text, extra)
    if text.endswith(" with power less than or equal to ~'s power"):
        consume(text[-len(" with power less than or equal to ~'s power"):])
        text = text[: -len(" with power less than or equal to ~'s power")]
        extra["power_max_source"] = True
    if m := search(r" whose controller controls an? (plains|island|swamp|mountain|forest)$", text):
        m.consume()
        text = text[: m.start()]
        extra["controller_controls"] = m.group(1).capitalize()
    if m := search(r" other than ~$", text):
        m.consume()                         # "permanents other than ~": not the source itself
        text = text[: m.start()]
        extra["other"] = True
    power_min = power_max = None
    if m := search(r" with power (\d+) or (greater|less)$", text):
        m.consume()
        text = text[: m.start()]
        if m.group(2) == "greater":
            power_min = int(m.group(1))
        else:
            power_max = int(m.group(1))
    mv_min = mv_max = None
    if m := search(r" with mana value (\d+)(?: or (greater|less))?$", text):
        # CR 202.3: "spell with mana value 4 or greater", "with mana value 2"
        m.consume()
        text = text[: m.start()]
        mv_min = int(m.group(1)) if m.group(2) != "less" else None
        mv_max = int(m.group(1)) if m.group(2) != "greater" else None
    elif m := search(r" with mana value (?:x(?: or (less|greater))?|(less|greater) than or equal to x)$", text):
        # "with mana value X or less" (Chord of Calling): X of the resolving spell or ability
        # (CR 107.3), a number known as it resolves
        m.consume()
        text = text[: m.start()]
        way = m.group(1) or m.group(2)
        extra["mana_value_is"] = Compare({"less": "<=", "greater": ">=", None: "="}[way], Quantity(x=True))
    if (m := search(r" with (?:a |an |one or more )?([+-]\d+/[+-]\d+ |(?!(?:two|three|four|five|six|seven|eight|nine|ten|no|x) )[a-z]+ )?"
                r"counters? on (?:it|them)$", text)) and (not m.group(1) or m.group(1)[0] in "+-"
                                                        or m.group(1).strip() in counter_kinds()):
        # "creature with a +1/+1 counter on it", "a creature with a counter on it" (CR 122.1)
        m.consume()
        text = text[: m.start()]
        extra["counter"] = m.group(1).strip() if m.group(1) else "any"
    keywords: frozenset[str] = frozenset()
    not_keywords: frozenset[str] = frozenset()
    if m := search(_KEYWORD_QUALIFIER, text):
        # "creature with flying" (Plummet), "creature without flying" (CR 702.9b's kin)
        m.consume()
        text = text[: m.start()]
        kws = frozenset(m.group(2).split(" or ")) if m.group(2) != "first strike" else frozenset({"first strike"})
        if m.group(1) == "with":
            keywords = kws
        else:
            not_keywords = kws
    blocking = None
    if text.startswith("attacking or blocking "):
        consume(text[:len("attacking or blocking ")])
        text = text[len("attacking or blocking "):]
        blocking = True
    controller = None
    for suffix, who in _CONTROLLERS:
        if text.endswith(suffix):
            consume(text[-len(suffix):])
            text = text[: -len(suffix)]
            controller = who
    text = _chosen_qualifier(text, extra)      # "creatures you control of the chosen type"
    spells = False
    if text.endswith(" spell") or text == "spell":
        spells = True
        consume(text[-len("spell"):])
        text = text[: -len("spell")].strip()
    tapped = None
    attacking = None
    pieces = [w for w in text.split() if w.replace(",", "")]
    words = [w.replace(",", "") for w in pieces]
    types: set[str] = set()
    not_types: set[str] = set()
    colors: set[str] = set()
    not_colors: set[str] = set()
    supers: set[str] = set()
    not_super: set[str] = set()
    subtypes: set[str] = set()
    not_subtypes: set[str] = set()
    read: list[Any] = []               # the words read (a type word: read unless it's one of two in a row)
    type_words: list[tuple[int, Any]] = []
    named: set[str] = set()            # the subtypes named by a capitalized word
    for i, word in enumerate(words):
        if word in _JOINERS or word in _OTHER:
            read.append(word)
            continue
        if word in LAND_TYPE_WORDS:
            subtypes.add(LAND_TYPE_WORDS[word])         # "an Island you control" (Daze), "two Mountains"
            read.append(word)
            continue
        if word in ("tapped", "untapped"):
            tapped = word == "tapped"
            read.append(word)
            continue
        if word in ("face-down", "face-up"):
            extra["face_down"] = word == "face-down"    # "a face-down creature you control" (CR 708.2)
            read.append(word)
            continue
        if word == "historic":
            extra["historic"] = True                    # CR 700.6: legendary, an artifact or a Saga
            read.append(word)
            continue
        if word in ("token", "tokens", "nontoken"):
            extra["token"] = word != "nontoken"         # "nontoken creature", "creature token" (CR 111.1)
            read.append(word)
            continue
        if word == "colorless":
            not_colors.update(COLOR_WORDS.values())     # CR 105.2c: no color ("target colorless creature")
            read.append(word)
            continue
        if word in ("monocolored", "multicolored"):
            extra["color_count"] = word[:-len("colored")]          # "mono" / "multi" (CR 105.2a-b)
            read.append(word)
            continue
        if word == "attacking":
            attacking = True
            read.append(word)
            continue
        if word == "blocking":
            attacking = False               # "target blocking creature" (Righteousness)
            blocking = True
            read.append(word)
            continue
        neg = word.startswith("non") and word not in ("none",)
        base = word[3:].lstrip("-") if neg else word
        if word.startswith("non-") and (kind := creature_type_words().get(base)):
            not_subtypes.add(kind)              # "non-Vampire, non-Werewolf, non-Zombie creature" (CR 205.3m)
            read.append(word)
            continue
        base = base[:-1] if base.endswith("s") and base[:-1] in TYPE_WORDS else base
        if base in SUPERTYPE_WORDS:
            (not_super if neg else supers).add(SUPERTYPE_WORDS[base])
            read.append(word)
            continue
        if base in TYPE_WORDS:
            if TYPE_WORDS[base]:
                (not_types if neg else types).add(TYPE_WORDS[base])
                if not neg:
                    type_words.append((i, word))
                    continue
            read.append(word)
        elif base in COLOR_WORDS:
            (not_colors if neg else colors).add(COLOR_WORDS[base])
            read.append(word)
        elif not neg and (kinds := _subtypes_named(word, written)):
            subtypes.update(kinds)          # "legendary Assassin", "Vraska planeswalker", "Spirit or Arcane spell"
            named.update(kinds if word.lower() not in ("outlaw", "outlaws") else ())
            read.append(word)
        else:
            return None
    if not spells and not types and "permanent" not in words and "permanents" not in words:
        if not (types or not_types or colors or not_colors or subtypes or "color_count" in extra
                or extra.get("token") or extra.get("historic")):    # "three or more tokens", "historic"
            return None
    consume(*read)
    # card types are joined by "or" or commas (a union); two in a row mean an object of both
    # types ("artifact creature", "enchantment creature card", CR 205.2a): the last one names
    # the kind and the ones before it must all be there too (``Filter.all_types``). A run of
    # types next to a union ("artifact creature or enchantment") can't be said: its words stay
    # unread, so the completeness check reports them.
    joined = {i for i, w in enumerate(pieces) if w.endswith(",")}
    runs: list[list[tuple[int, Any]]] = []
    for i, word in type_words:
        if runs and runs[-1][-1][0] == i - 1 and runs[-1][-1][0] not in joined:
            runs[-1].append((i, word))
        else:
            runs.append([(i, word)])
    all_types: set[str] = set()
    for run in runs:
        if len(run) == 1:
            consume(run[0][1])
        elif len(runs) == 1:
            *adjectives, (_, noun) = run
            for _, word in adjectives:
                kind = TYPE_WORDS[_singular(word)]
                all_types.add(kind)
                types.discard(kind)
            types.add(TYPE_WORDS[_singular(noun)])
            consume(*(word for _, word in run))
    if all_types:
        extra["all_types"] = frozenset(all_types)
    if subtypes:
        extra["subtypes"] = frozenset(subtypes)
    if not_subtypes:
        extra["not_subtypes"] = frozenset(not_subtypes)
    return Filter(
        types=frozenset(types), not_types=frozenset(not_types), colors=frozenset(colors),
        not_colors=frozenset(not_colors), controller=controller, spells=spells,
        tapped=tapped, attacking=attacking, other="another" in words or "other" in words or extra.pop("other", False),
        power_min=power_min, power_max=power_max, in_combat=blocking,
        supertypes=frozenset(supers), not_supertypes=frozenset(not_super),
        mana_value_min=mv_min, mana_value_max=mv_max, keywords=keywords, not_keywords=not_keywords, **extra,
    )


#: "... of the chosen color / type", "... with the chosen name": the choice made as the source
#: entered (CR 607.2d; ``choices`` renames the placeholder to the choice's link).
_CHOSEN = {" of the chosen color": ("chosen_color", CHOSEN_COLOR), " of the chosen type": ("chosen_type", CHOSEN_TYPE),
           " of the chosen creature type": ("chosen_type", CHOSEN_TYPE),
           " with the chosen name": ("chosen_name", CHOSEN_NAME)}


def _chosen_qualifier(text: str, extra: dict[str, Any]) -> str:
    for suffix, (key, placeholder) in _CHOSEN.items():
        if text.endswith(suffix) and key not in extra:
            consume(text[-len(suffix):])
            extra[key] = placeholder
            return text[: -len(suffix)]
    return text


def _subtypes_named(word: str, written: set[str]) -> frozenset[str]:
    """The subtypes a word of a filter names: a subtype written capitalized, as rules text
    writes them (CR 205.3g-m: "Assassin", "Vraska", "Deserts"), or "outlaw(s)" (CR 700.12)."""
    low = word.lower()
    if low in ("outlaw", "outlaws"):
        return OUTLAW_TYPES
    kind = subtype_names().get(low)
    return frozenset({kind}) if kind is not None and _capitalized(word, written) else frozenset()


def _capitalized(word: str, written: set[str]) -> bool:
    """Whether the word is capitalized as written on the card: a lowered Span remembers its
    source's letters; a plain string, the words of the text the filter was given."""
    if isinstance(word, Span) and word.src is not None and len(word.pos) and word.pos[0] >= 0:
        return word.src.text[word.pos[0]].isupper()
    return any(w.lower() == word for w in written)


def _singular(word: str) -> str:
    """A card type word without its plural "s" ("creatures"), as the loop above reads it."""
    base = word.replace(",", "")
    return base[:-1] if base.endswith("s") and base[:-1] in TYPE_WORDS else base


@attempt
def creature_type_filter(text: str) -> Filter | None:
    """ "Merfolk", "Goblins", "Elves": the creatures of one creature type (CR 205.3m)."""
    word = sub(r" creatures?$", "", text.strip(), understood=True)
    kind = creature_type_names().get(word)
    if kind is None:
        return None
    consume(word)
    return Filter(types=frozenset({"Creature"}), subtypes=frozenset({kind}))


@attempt
def card_filter(text: str) -> Filter | None:
    """A card description in a hidden zone or graveyard: "basic land", "Forest", "Plains,
    Island, Swamp, or Mountain", "creature", "" (any card)."""
    t = text.strip()
    supertypes: frozenset[str] = frozenset()
    if t.lower().startswith("basic "):
        supertypes = frozenset({"Basic"})
        consume(t[:len("basic ")])
        t = t[len("basic "):]
    names = [x for x in split(r",\s*(?:or\s+)?|\s+or\s+", t) if x]
    if names and all(x in BASIC_LAND_MANA for x in names):
        consume(t)
        return Filter(subtypes=frozenset(names), supertypes=supertypes)
    if t.lower() in ("", "card"):
        consume(t)
        return Filter(supertypes=supertypes)
    if kind := creature_type_words().get(t.lower()):
        consume(t)
        flt: Filter | None = Filter(subtypes=frozenset({kind}))   # "target Spirit card" (soulshift): any card of that type
    else:
        flt = parse_filter(t)
    if flt is None:
        flt = _subtype_card(t)
    if flt is None:
        return None
    if not flt.types and search(r"\bpermanents?\b", t, re.I):
        # off the battlefield, a "permanent card" is one with a permanent type (CR 110.4a)
        flt = replace(flt, types=PERMANENT_TYPES - flt.not_types)
    return replace(flt, supertypes=supertypes)


def _subtype_card(t: Any) -> Filter | None:
    """ "Spirit" (soulshift: any card of that creature type, CR 205.3m), "Equipment", "Aura"
    (an artifact or enchantment type, CR 205.3g-h), "Rebel permanent" (a permanent card of that
    type, CR 110.4a)."""
    words = t.lower().split()
    permanent = len(words) == 2 and words[1] == "permanent"
    if len(words) != 1 and not permanent:
        return None
    kind = creature_type_words().get(words[0]) or artifact_enchantment_types().get(words[0])
    if kind is None:
        return None
    consume(t)
    return Filter(subtypes=frozenset({kind}), types=PERMANENT_TYPES if permanent else frozenset())


@attempt
def spell_filter(text: str) -> Filter | None:
    """"artifact spells", "instant and sorcery spells", "colorless Eldrazi spells": the
    characteristics a spell must have (creature types allowed, "colorless" = no color)."""
    words = sub(r"^(?:an?|the) ", "", text.strip().rstrip("."), re.I, understood=True).split()
    colorless = bool(words) and words[0].lower() == "colorless"
    if colorless:
        consume(words[0])
        words = words[1:]
    subtypes = {w for w in words if w[:1].isupper()}
    consume(*subtypes)
    rest = join(" ", [w for w in words if w not in subtypes]).replace(" and ", " or ")
    if fullmatch(r"spells?", rest.strip()):
        consume(rest)
        rest = "spell"
    elif rest.endswith("spells"):
        consume(rest[-1:])
        rest = rest[: -1]
    flt = parse_filter(rest)
    if flt is None or not flt.spells:
        return None
    return replace(flt, subtypes=frozenset(subtypes) | flt.subtypes,
                   not_colors=ALL_COLORS if colorless else flt.not_colors)


def counts_characteristics(flt: Filter) -> bool:
    """Whether a "for each ..." filter of a layer effect reads only what the layers compute
    for permanents (types, colors, the controller: CR 613.1): no zone, status or choice."""
    return flt == Filter(types=flt.types, all_types=flt.all_types, not_types=flt.not_types, colors=flt.colors,
                         not_colors=flt.not_colors, color_count=flt.color_count, subtypes=flt.subtypes,
                         not_subtypes=flt.not_subtypes, supertypes=flt.supertypes,
                         not_supertypes=flt.not_supertypes, controller=flt.controller, other=flt.other,
                         historic=flt.historic)


@attempt
def it_predicate(text: str) -> Filter | None:
    """The filter of "it has mana value N or less", "it's blue", "it's an artifact"."""
    t = text.strip().lower()
    if m := fullmatch(r"mana value (\d+) or (less|greater)", t):
        m.consume()
        n = int(m.group(1))
        return Filter(mana_value_max=n) if m.group(2) == "less" else Filter(mana_value_min=n)
    if t in COLOR_WORDS:
        consume(t)
        return Filter(colors=frozenset({COLOR_WORDS[t]}))
    if t in ("tapped", "untapped"):
        consume(t)
        return Filter(tapped=t == "tapped")
    if m := fullmatch(r"an? (.+)", t):
        flt = parse_filter(m.group(1))
        if flt is not None and not flt.controller and not flt.players:
            m.consume()
            return flt
        return None
    return None


@attempt
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
            consume(*words[-len(suffix):])
            words = words[: -len(suffix)]
            controller = who
    if len(words) == 1 and words[0][:1].isupper():
        word = words[0]
        low = word.lower()
        sub_type = word
        if plural:
            sub_type = BASIC_PLURALS.get(low) or IRREGULAR_PLURALS.get(low) or (
                word[:-1] if low.endswith("s") and not low.endswith("ss") else word)
        consume(word)
        return Filter(subtypes=frozenset({sub_type}), controller=controller)
    if len(words) == 2 and words[0][:1].isupper() and words[1].lower() in ("creature", "creatures"):
        consume(*words)
        return Filter(types=frozenset({"Creature"}), subtypes=frozenset({words[0]}), controller=controller)
    return None
