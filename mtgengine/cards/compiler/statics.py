from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from ...core.mana import COLOR_WORDS
from .conditions import STATIC_CONDITION_KINDS, cda_quantity, parse_condition
from .keywords import keyword_list
from .lexicon import BASIC_PLURALS, CARD_TYPE_WORDS, CREATURES
from ..vocabulary import (ChangeAbilities, ChangeColors, ChangeTypes, Filter, PlayerStatic, Quantity, SetController, SetPT, StaticAbility, n)


def player_static(para: str, raw: str) -> PlayerStatic | None:
    """Static abilities that affect their controller (CR 604.1): "You have hexproof." (CR
    702.11c), "You don't lose the game for having 0 or less life." (an exception to CR
    704.5a), "As long as you have 0 or less life, all damage is dealt to you as though its
    source had infect." (CR 702.90b)."""
    t = para.strip().rstrip(".").lower()
    condition = None
    if m := re.fullmatch(r"as long as (.+?), (.+)", t):
        condition = parse_condition(m.group(1))
        if condition is None:
            return None
        t = m.group(2)
    if m := re.fullmatch(r"(players|you|your opponents)? ?skip (?:their|your) (untap|draw) steps?", t):
        who = {"players": "each", "your opponents": "opponents"}.get(m.group(1) or "you", "you")
        return PlayerStatic(frozenset({f"skip_{m.group(2)}"}), who=who, condition=condition, text=raw)   # CR 614.10
    grant = {"you have hexproof": "hexproof",
             "you don't lose the game for having 0 or less life": "no_zero_life_loss",
             "all damage is dealt to you as though its source had infect": "damage_as_infect"}.get(t)
    return PlayerStatic(frozenset({grant}), condition=condition, text=raw) if grant else None


def becomes(text: str) -> tuple[Any, ...] | None:
    """What an Aura makes of the enchanted creature, clause by clause (Lignify: "is a Treefolk
    with base power and toughness 0/4 and loses all abilities"; Deep Freeze: "has base power and
    toughness 0/4, has defender, loses all other abilities, and is a blue Wall in addition to its
    other colors and types"): its layer 4-7b modifications (CR 613.1d-f, 613.4b), or None if a
    clause isn't one of these or none changes more than abilities.

    "Is a Treefolk" replaces the creature types, and "is a blue Frog creature" also the colors and
    card types (CR 205.1a-b, 105.3); "in addition to its other colors and types" adds them."""
    t = re.sub(r"\bpower and toughness\b", "power_and_toughness", text.lower()).replace("colors and types", "colors_and_types")
    t = t.replace("loses all other abilities, card types, and creature types", "loses all other abilities")
    clauses = [c.strip() for c in re.split(r",? and (?:it )?|, ", t) if c.strip()]
    remove_all, keywords, pt, types = False, frozenset(), None, None
    for clause in clauses:
        if clause in ("loses all abilities", "loses all other abilities"):
            remove_all = True
        elif pm := re.fullmatch(r"has base power_and_toughness (\d+)/(\d+)", clause):
            pt = (int(pm.group(1)), int(pm.group(2)))
        elif im := re.fullmatch(r"is an? ([a-z ]+?)(?: with base power_and_toughness (\d+)/(\d+))?"
                                r"( in addition to its other (?:colors_and_)?types)?", clause, re.I):
            if im.group(2):
                pt = (int(im.group(2)), int(im.group(3)))
            words = im.group(1).split()
            colors = frozenset(COLOR_WORDS[w] for w in words if w in COLOR_WORDS)
            cards = frozenset(CARD_TYPE_WORDS[w] for w in words if w in CARD_TYPE_WORDS)
            # creature types are capitalized in Oracle text: read them from the original words
            original = re.search(re.escape(im.group(1)), text, re.I)
            subs = frozenset(w for w in (original.group(0) if original else "").split() if w[:1].isupper())
            if len(colors) + len(cards) + len(subs) != len(words) or not subs:
                return None
            add = im.group(4) is not None
            types = (ChangeTypes(add_types=cards, add_subtypes=subs) if add else
                     ChangeTypes(set_types=cards or None, set_subtypes=subs),)
            if colors:
                types += (ChangeColors(add_colors=colors) if add else ChangeColors(set_colors=colors),)
        elif hm := re.fullmatch(r"has (.+)", clause):
            kws = keyword_list(hm.group(1))
            if kws is None:
                return None
            keywords |= kws
        else:
            return None
    if pt is None and types is None and not remove_all:
        return None
    mods: list[Any] = list(types or ())
    if remove_all or keywords:
        mods.append(ChangeAbilities(remove_all=remove_all, add_keywords=keywords))
    if pt is not None:
        mods.append(SetPT(n(pt[0]), n(pt[1])))
    return tuple(mods)


def conditional_static(para: str, raw: str) -> StaticAbility | None:
    """ "~ gets +1/+2 as long as you control a Forest" (Kird Ape), "As long as you control
    another Goblin, ~ gets +1/+1 and has haste", "~ has flying as long as ...": a static
    ability of the permanent itself whose effect exists only while the condition holds."""
    t = para.strip().rstrip(".")
    m = re.fullmatch(r"~ (gets [+-]\d+/[+-]\d+(?: and has .+?)?|has .+?) as long as (.+)", t) or \
        re.fullmatch(r"[Aa]s long as (.+?), ~ (gets [+-]\d+/[+-]\d+(?: and has .+?)?|has .+)", t)
    if m is None:
        return None
    what, cond_text = (m.group(1), m.group(2)) if t.startswith("~") else (m.group(2), m.group(1))
    condition = parse_condition(cond_text)
    if condition is None or condition.link or condition.kind not in STATIC_CONDITION_KINDS:
        return None
    p = tgh = 0
    kws: frozenset[str] | None = frozenset()
    if pm := re.fullmatch(r"gets ([+-]\d+)/([+-]\d+)(?: and has (.+))?", what):
        p, tgh = int(pm.group(1)), int(pm.group(2))
        kws = keyword_list(pm.group(3)) if pm.group(3) else frozenset()
    elif hm := re.fullmatch(r"has (.+)", what):
        kws = keyword_list(hm.group(1))
    if kws is None:
        return None
    return StaticAbility("self", p, tgh, kws, text=raw, condition=condition)


def parse_layer_static(para: str, raw: str) -> StaticAbility | None:
    """Static abilities that change types, colors, abilities, control or set P/T (CR 613.1)."""
    if m := re.fullmatch(r"all creatures lose all abilities and have base power and toughness (\d+)/(\d+)\.", para, re.I):
        return StaticAbility("each", filter=Filter(types=CREATURES), text=raw, mods=(
            ChangeAbilities(remove_all=True), SetPT(n(int(m.group(1))), n(int(m.group(2))))))   # Humility
    if re.fullmatch(r"each other non-aura enchantment is a creature in addition to its other types and has base "
                    r"power and base toughness each equal to its mana value\.", para, re.I):
        q = Quantity(stat="mana_value")                                                          # Opalescence
        return StaticAbility("each", filter=Filter(types=frozenset({"Enchantment"}), not_subtypes=frozenset({"Aura"}),
                                                   other=True), text=raw,
                             mods=(ChangeTypes(add_types=CREATURES), SetPT(q, q)))
    if m := re.fullmatch(r"nonbasic lands are (plains|islands|swamps|mountains|forests)\.", para, re.I):
        return StaticAbility("each", filter=Filter(types=frozenset({"Land"}), not_supertypes=frozenset({"Basic"})),
                             text=raw, mods=(ChangeTypes(set_land_subtypes=frozenset({BASIC_PLURALS[m.group(1).lower()]})),))
    if m := re.fullmatch(r"each land is an? (plains|island|swamp|mountain|forest) in addition to its other land types\.",
                         para, re.I):
        return StaticAbility("each", filter=Filter(types=frozenset({"Land"})), text=raw,
                             mods=(ChangeTypes(add_subtypes=frozenset({m.group(1).capitalize()})),))
    if re.fullmatch(r"you control enchanted (creature|permanent|artifact|land)\.", para, re.I):
        return StaticAbility("enchanted", text=raw, mods=(SetController(),))                    # CR 613.1b
    if m := re.fullmatch(r"~'s power is equal to (.+?) and its toughness is equal to that number plus (\d+)\.", para, re.I):
        q = cda_quantity(m.group(1))                                  # Tarmogoyf (CR 604.3)
        if q is not None:
            return StaticAbility("self", text=raw, mods=(SetPT(q, replace(q, fixed=q.fixed + int(m.group(2)))),),
                                 cda=True)
    if m := re.fullmatch(r"~'s power and toughness are each equal to (.+?)\.", para, re.I):
        q = cda_quantity(m.group(1))
        if q is not None:
            return StaticAbility("self", text=raw, mods=(SetPT(q, q),), cda=True)                # CR 604.3
    return None
