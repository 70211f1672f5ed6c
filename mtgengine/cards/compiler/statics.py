"""Static abilities (CR 604, 611.3, 613): what a permanent's rules text says is true while it is
on the battlefield — an Aura's or Equipment's bonus, an anthem, a restriction, a change of type
or control, a characteristic-defining ability (CR 604.3) — and the statics about players
("You have hexproof", CR 604.1).

``STATIC_PARAGRAPHS`` is the grammar of static paragraphs, tried in order; each rule adds its
ability to the face and returns True, or None when the paragraph isn't what it reads.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from ...core.mana import COLOR_WORDS
from .amounts import count_phrase, each_phrase
from .combat_rules import ASSIGNS_AS_UNBLOCKED, BLOCKED_BY_POWER_BELOW_OWN
from .conditions import cda_quantity, parse_condition
from . import nested
from .filters import counts_characteristics, creature_type_filter, parse_filter
from .grammar import Grammar, attempt
from .land_plays import land_play_static
from .keywords import LURE, UNCOUNTERABLE, keyword_list, restrictions
from .lexicon import (
    BASIC_PLURALS, CARD_TYPE_WORDS, CHOSEN_PROTECTION, CHOSEN_TYPE, CREATURES, creature_type_words, num, pt_value,
)
from .normalize import strip_reminder
from .script_builder import ScriptBuilder
from .static_conditions import static_ability_condition
from .text import Span, SpanMatch, consume, fullmatch, split, sub
from .tokens_copies import parse_enters_as_copy
from ..vocabulary import (
    CardScript, ChangeAbilities, ChangeColors, ChangeTypes, Filter, ModifyPT, PlayerStatic, Quantity, SetController,
    SetPT, StaticAbility, n,
)


@attempt
def player_static(para: str, raw: str) -> PlayerStatic | None:
    """Static abilities that affect their controller (CR 604.1): "You have hexproof." (CR
    702.11c), "You don't lose the game for having 0 or less life." (an exception to CR
    704.5a), "As long as you have 0 or less life, all damage is dealt to you as though its
    source had infect." (CR 702.90b)."""
    t = para.strip().rstrip(".").lower()
    condition = None
    if m := fullmatch(r"as long as (.+?), (.+)", t):
        condition = parse_condition(m.group(1))
        if condition is None:
            return None
        m.consume()
        t = m.group(2)
    if m := fullmatch(r"(players|you|your opponents)? ?skip (?:their|your) (untap|draw) steps?", t):
        m.consume()
        who = {"players": "each", "your opponents": "opponents"}.get(m.group(1) or "you", "you")
        return PlayerStatic(frozenset({f"skip_{m.group(2)}"}), who=who, condition=condition, text=raw)   # CR 614.10
    if m := fullmatch(r"(your|each opponent's) maximum hand size is (increased|reduced) by (\w+)", t):
        # CR 402.2, 613.11: a rule of the game modified for the player
        amount = num(m.group(3)).fixed
        m.consume()
        return PlayerStatic(frozenset({"hand_size"}), who="you" if m.group(1) == "your" else "opponents",
                            condition=condition, text=raw,
                            hand_size=amount if m.group(2) == "increased" else -amount)
    if m := fullmatch(r"(you|your opponents|players|enchanted player|enchanted opponent) can't gain life", t):
        m.consume()                                                               # CR 119.7
        return PlayerStatic(frozenset({"cant_gain_life"}), who=_PLAYER_WHO[m.group(1)], condition=condition, text=raw)
    if (plays := land_play_static(t, condition, raw)) is not None:
        return plays                                    # CR 305.2, 305.1, 401.5
    grant = _PLAYER_GRANTS.get(t)
    if grant is None:
        return None
    consume(t)
    return PlayerStatic(frozenset({grant}), condition=condition, text=raw)


#: Whom a static ability about players applies to (``PlayerStatic.who``).
_PLAYER_WHO = {"you": "you", "your opponents": "opponents", "players": "each", "enchanted player": "enchanted",
               "enchanted opponent": "enchanted"}
_PLAYER_GRANTS = {"you have hexproof": "hexproof",
                  "you don't lose the game for having 0 or less life": "no_zero_life_loss",
                  "all damage is dealt to you as though its source had infect": "damage_as_infect",
                  "you have no maximum hand size": "no_max_hand_size"}                 # CR 402.2


@attempt
def becomes(text: str) -> tuple[Any, ...] | None:
    """What an Aura makes of the enchanted creature, clause by clause (Lignify: "is a Treefolk
    with base power and toughness 0/4 and loses all abilities"; Deep Freeze: "has base power and
    toughness 0/4, has defender, loses all other abilities, and is a blue Wall in addition to its
    other colors and types"): its layer 4-7b modifications (CR 613.1d-f, 613.4b), or None if a
    clause isn't one of these or none changes more than abilities.

    "Is a Treefolk" replaces the creature types, and "is a blue Frog creature" also the colors and
    card types (CR 205.1a-b, 105.3); "in addition to its other colors and types" adds them."""
    t = sub(r"\bpower and toughness\b", "power_and_toughness", text.lower()).replace("colors and types", "colors_and_types")
    t = t.replace("loses all other abilities, card types, and creature types", "loses all other abilities")
    clauses = [c.strip() for c in split(r",? and (?:it )?|, ", t) if c.strip()]
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
    consume(t)                      # every clause is understood
    mods: list[Any] = list(types or ())
    if remove_all or keywords:
        mods.append(ChangeAbilities(remove_all=remove_all, add_keywords=keywords))
    if pt is not None:
        mods.append(SetPT(n(pt[0]), n(pt[1])))
    return tuple(mods)


@attempt
def conditional_static(para: str, raw: str) -> StaticAbility | None:
    """ "~ gets +1/+2 as long as you control a Forest" (Kird Ape), "As long as you control
    another Goblin, ~ gets +1/+1 and has haste", "~ has first strike as long as it's attacking",
    "As long as equipped creature is a Human, it gets an additional +1/+1", "Fateful hour — As
    long as you have 5 or less life, other creatures you control get +2/+2": a static ability
    whose effect exists only while the condition holds (CR 611.3b)."""
    t = para.strip().rstrip(".")
    if (gods := fullmatch(r"as long as (.+?), ~ isn't a creature", t, re.I)) \
            and (condition := static_ability_condition(gods.group(1))) is not None:
        # the Theros gods: in layer 4 it loses the creature type while the condition holds
        # (CR 613.1d, 611.3b), its creature types with it (CR 205.3d)
        gods.consume()
        return StaticAbility("self", text=raw, condition=condition,
                             mods=(ChangeTypes(remove_types=frozenset({"Creature"})),))
    m = fullmatch(r"(.+?) ((?:gets|get|has|have|can't) .+?) as long as (.+)", t) or \
        fullmatch(r"[Aa]s long as (.+?), (.+?) ((?:gets|get|has|have|can't) .+)", t)
    if m is None:
        return None
    front = not t.lower().startswith("as long as")
    subject, what, cond_text = (m.group(1), m.group(2), m.group(3)) if front else (m.group(2), m.group(3), m.group(1))
    condition = static_ability_condition(cond_text)
    if condition is None:
        return None
    granted = self_grants(what)
    if granted is None:
        return None
    p, tgh, kws = granted
    s = subject.lower()
    if s == "it":
        # "As long as equipped creature is a Human, it gets ...": the condition's subject
        c = str(cond_text).lower()
        who = "enchanted" if c.startswith("enchanted ") else "equipped" if c.startswith("equipped ") else "self"
    elif s in ("~", "enchanted creature", "equipped creature", "enchanted permanent"):
        who = {"~": "self"}.get(s, s.split()[0])
    else:
        flt = anthem_subject(subject, grants=bool(kws))
        if flt is None:
            return None
        m.consume()
        return StaticAbility("each", p, tgh, kws, filter=flt, text=raw, condition=condition)
    m.consume()
    consume(subject)
    return StaticAbility(who, p, tgh, kws, text=raw, condition=condition)


@attempt
def self_grants(text: str) -> tuple[int, int, frozenset[str]] | None:
    """What a conditional static gives (CR 613.4c, 613.1f): "gets +1/+1", "gets an additional
    +1/+1", "gets +2/+2 and has trample", "has first strike", "gets +2/+2 and can't block" (a
    restriction, granted like an ability, CR 509.1b), "gets +1/+1, has flying, and can't block"."""
    p = tgh = 0
    rest: str | None = text
    if m := fullmatch(r"gets? (?:an additional )?([+-]\d+)/([+-]\d+)(?:,? and (.+)|, (.+))?", text):
        m.consume()
        p, tgh = int(m.group(1)), int(m.group(2))
        rest = m.group(3) or m.group(4)
    kws: frozenset[str] = frozenset()
    if rest is None:
        return p, tgh, kws
    if m := fullmatch(r"(?:has|have) (.+?)(?:,? and ((?:can't|doesn't) .+))?", rest):
        found = keyword_list(m.group(1))
        more = restrictions(m.group(2)) if m.group(2) else frozenset()
        if found is None or more is None:
            return None
        m.consume()
        return p, tgh, found | more
    found = restrictions(rest)
    return None if found is None else (p, tgh, found)


@attempt
def parse_layer_static(para: str, raw: str) -> StaticAbility | None:
    """Static abilities that change types, colors, abilities, control or set P/T (CR 613.1)."""
    return LAYER_STATICS.parse(para, raw)


#: Whole paragraphs of layer effects (CR 613.1): their templates and abilities.
LAYER_STATICS: Grammar[StaticAbility] = Grammar("layer static")
_layer = LAYER_STATICS.rule


@_layer(r"all creatures lose all abilities and have base power and toughness (\d+)/(\d+)\.")
def _humility(m: SpanMatch, raw: str) -> StaticAbility:
    return StaticAbility("each", filter=Filter(types=CREATURES), text=raw, mods=(
        ChangeAbilities(remove_all=True), SetPT(n(int(m.group(1))), n(int(m.group(2))))))   # Humility


@_layer(r"(?:all )?((?:other )?creatures(?: you control| your opponents control)?) lose all abilities\.")
def _lose_all_abilities(m: SpanMatch, raw: str) -> StaticAbility | None:
    """Dress Down: "Creatures lose all abilities." — layer 6 (CR 613.1f), each creature matching."""
    flt = parse_filter(m.group(1))
    if flt is None:
        return None
    return StaticAbility("each", filter=flt, text=raw, mods=(ChangeAbilities(remove_all=True),))


@_layer(r"each other non-aura enchantment is a creature in addition to its other types and has base "
        r"power and base toughness each equal to its mana value\.")
def _opalescence(m: SpanMatch, raw: str) -> StaticAbility:
    q = Quantity(stat="mana_value")                                                          # Opalescence
    return StaticAbility("each", filter=Filter(types=frozenset({"Enchantment"}), not_subtypes=frozenset({"Aura"}),
                                               other=True), text=raw,
                         mods=(ChangeTypes(add_types=CREATURES), SetPT(q, q)))


@_layer(r"nonbasic lands are (plains|islands|swamps|mountains|forests)\.")
def _blood_moon(m: SpanMatch, raw: str) -> StaticAbility:
    return StaticAbility("each", filter=Filter(types=frozenset({"Land"}), not_supertypes=frozenset({"Basic"})),
                         text=raw, mods=(ChangeTypes(set_land_subtypes=frozenset({BASIC_PLURALS[m.group(1).lower()]})),))


@_layer(r"each land is an? (plains|island|swamp|mountain|forest) in addition to its other land types\.")
def _land_type_added(m: SpanMatch, raw: str) -> StaticAbility:
    return StaticAbility("each", filter=Filter(types=frozenset({"Land"})), text=raw,
                         mods=(ChangeTypes(add_subtypes=frozenset({m.group(1).capitalize()})),))


@_layer(r"(enchanted land|.+?) (?:is|are) every basic land type in addition to (?:its|their) other types\.")
def _every_basic_type(m: SpanMatch, raw: str) -> StaticAbility | None:
    """ "Lands you control are every basic land type in addition to their other types" (Prismatic
    Omen, Dryad of the Ilysian Grove), "Enchanted land is ..." (Nylea's Presence): layer 4 (CR
    613.1d); the lands have the five types' mana abilities (CR 305.6)."""
    mods = (ChangeTypes(add_subtypes=frozenset(BASIC_PLURALS.values())),)
    if m.group(1).lower() == "enchanted land":
        consume(m.group(1))
        return StaticAbility("enchanted", text=raw, mods=mods)
    flt = anthem_subject(m.group(1), grants=False)
    if flt is None or "Land" not in flt.types:
        return None
    return StaticAbility("each", filter=flt, text=raw, mods=mods)


@_layer(r"(~|enchanted land|.+?) (?:is|are) the chosen type( in addition to (?:its|their) other types)?\.")
def _chosen_type(m: SpanMatch, raw: str) -> StaticAbility | None:
    """Metallic Mimic: "~ is the chosen type in addition to its other types"; Phantasmal Terrain:
    "Enchanted land is the chosen type" (its land types become it, CR 305.7); "Lands you control
    are the chosen type in addition to their other types": layer 4 (CR 613.1d), the type its
    source chose as it entered (CR 607.2d)."""
    who, added = m.group(1).lower(), bool(m.group(2))
    if who == "enchanted land":
        if added:
            return None
        consume(m.group(1))
        return StaticAbility("enchanted", text=raw, mods=(ChangeTypes(chosen_type=CHOSEN_TYPE, chosen_land=True),))
    if not added:
        return None
    if who == "~":
        consume(m.group(1))
        return StaticAbility("self", text=raw, mods=(ChangeTypes(chosen_type=CHOSEN_TYPE),))
    flt = anthem_subject(m.group(1), grants=False)
    if flt is None:
        return None
    return StaticAbility("each", filter=flt, text=raw, mods=(ChangeTypes(chosen_type=CHOSEN_TYPE),))


@_layer(r"you control enchanted (?:creature|permanent|artifact|land)\.")
def _control_enchanted(m: SpanMatch, raw: str) -> StaticAbility:
    return StaticAbility("enchanted", text=raw, mods=(SetController(),))                    # CR 613.1b


@_layer(r"~'s power is equal to (.+?) and its toughness is equal to that number plus (\d+)\.")
def _tarmogoyf(m: SpanMatch, raw: str) -> StaticAbility | None:
    q = cda_quantity(m.group(1))                                  # Tarmogoyf (CR 604.3)
    if q is None:
        return None
    return StaticAbility("self", text=raw, mods=(SetPT(q, replace(q, fixed=q.fixed + int(m.group(2)))),), cda=True)


@_layer(r"~'s power and toughness are each equal to (.+?)\.")
def _counted_pt(m: SpanMatch, raw: str) -> StaticAbility | None:
    q = cda_count(m.group(1))
    if q is None:
        return None
    return StaticAbility("self", text=raw, mods=(SetPT(q, q),), cda=True)                # CR 604.3


@_layer(r"~'s (power|toughness) is equal to (.+?)\.")
def _counted_power(m: SpanMatch, raw: str) -> StaticAbility | None:
    """ "~'s power is equal to the number of creatures you control" (Ironroot Warlord): a
    characteristic-defining ability of one value (CR 604.3), the other printed (CR 208.2a)."""
    q = cda_count(m.group(2))
    if q is None:
        return None
    mod = SetPT(power=q) if m.group(1).lower() == "power" else SetPT(toughness=q)
    return StaticAbility("self", text=raw, mods=(mod,), cda=True)


@attempt
def cda_count(text: str) -> Quantity | None:
    """The number a characteristic-defining ability counts (CR 604.3): ``cda_quantity``'s, or a
    count (``amounts.count_phrase``: "1 plus the number of lands you control", "twice the number
    of basic land types among lands you control", "the number of creature cards in all
    graveyards") of what ``layer_effects.value_of`` counts as the layers apply: permanents by
    their characteristics, cards in graveyards, domain."""
    q = cda_quantity(text)
    if q is not None:
        return q
    q = count_phrase(text)
    if q is None or q.of is not None or q.x or q.link:
        return None
    if q.stat == "" and q.per is not None and counts_characteristics(q.per):
        return q
    if q.stat == "domain" or (q.stat in ("cards_in:graveyard", "cards_in:all_graveyards")
                              and (q.per is None or counts_characteristics(q.per))):
        return q
    return None


# -- the static paragraphs ------------------------------------------------------------------------
STATIC_PARAGRAPHS: Grammar[bool] = Grammar("static paragraph")
_static = STATIC_PARAGRAPHS.rule


#: "Enchant player" / "Enchant opponent" (CR 702.5d): players only, never permanents.
_ENCHANT_PLAYERS = {"player": Filter(players=True, objects=False),
                    "opponent": Filter(players=True, objects=False, controller="opponent")}


@_static(r"enchant (.+)")
def _enchant(m: SpanMatch, face: ScriptBuilder) -> bool:
    what = m.group(1)
    face.enchant = _ENCHANT_PLAYERS.get(what.lower()) or parse_filter(what)     # CR 303.4a, 702.5a
    if face.enchant is not None and what.lower() in _ENCHANT_PLAYERS:
        consume(what)
    return True if face.enchant is not None else face.not_implemented()


@_static(r"(enchanted creature|equipped creature|~) gets ([+-]\d+)/([+-]\d+) for each (.+?)(?: and has (.+?))?\.")
def _attached_per(m: SpanMatch, face: ScriptBuilder) -> bool:
    # "Enchanted creature gets +1/+1 for each Forest you control" (Blanchwood Armor), "~ gets
    # +1/+1 for each artifact you control" (Nim Lasher): a layer 7c effect counted as it applies
    # (CR 611.3a, 613.4c); "for each card in your hand" counts off the battlefield
    who = {"~": "self"}.get(m.group(1), m.group(1).lower().split()[0])
    kw = keyword_list(m.group(5)) if m.group(5) else frozenset()
    p, t = int(m.group(2)), int(m.group(3))
    count = _OFF_BATTLEFIELD_COUNTS.get(m.group(4).lower()) if who == "self" else None
    if count is None and (each := each_phrase(m.group(4))) is not None and each.stat.startswith("cards_in:") \
            and (who == "self" or each.stat == "cards_in:all_graveyards") and counts_cards(each):
        # "~ gets +1/+1 for each land card in your graveyard" (Knight of the Reliquary): "your" is
        # its controller's, so only ~ itself counts a graveyard of one player (``layer_effects.value_of``)
        count = each
    if count is not None and kw is not None:
        consume(m.group(4))
        face.static.append(StaticAbility(who, keywords=kw, text=face.raw, mods=(ModifyPT(p, t, count=count),)))
        return True
    per = parse_filter(m.group(4))
    if per is None or kw is None or not counts_characteristics(per):
        return face.not_implemented()
    face.static.append(StaticAbility(who, keywords=kw, text=face.raw, mods=(ModifyPT(p, t, per=per),)))
    return True


@_static(r"(enchanted creature|equipped creature|~) gets ([+-])(X|0)/([+-])(X|0),? where X is (.+?)\.")
def _attached_x(m: SpanMatch, face: ScriptBuilder) -> bool:
    """ "~ gets -X/-X, where X is your life total" (Death's Shadow), "Enchanted creature gets
    +X/+X, where X is the number of creatures you control": a layer 7c effect whose X is counted
    each time the layers apply (CR 611.3a, 613.4c). Of an Aura or Equipment only permanents are
    counted ("you" its controller, ``layer_effects.counted``) and cards in all graveyards; a hand,
    graveyard or life count is read for the object's controller, the source's only for ~ itself."""
    who = {"~": "self"}.get(m.group(1), m.group(1).lower().split()[0])
    if m.group(3) == m.group(5) == "0":
        return face.not_implemented()
    p = (1 if m.group(2) == "+" else -1) if m.group(3) == "X" else 0
    t = (1 if m.group(4) == "+" else -1) if m.group(5) == "X" else 0
    q = cda_count(m.group(6))
    if q is None:
        return face.not_implemented()
    if q.per is not None and not q.stat and q.fixed == 0 and q.scale == 1:
        mod = ModifyPT(p, t, per=q.per)
    elif who == "self" or q.stat == "cards_in:all_graveyards":     # all graveyards: no one's in particular
        mod = ModifyPT(p, t, count=q)
    else:
        return face.not_implemented()
    face.static.append(StaticAbility(who, text=face.raw, mods=(mod,)))
    return True


@_static(r'(.+?) (?:gets? ([+-]\d+)/([+-]\d+),? and )?(?:has|have) (?:(.+?),? and )?"(.+)"')
def _granted_quoted(m: SpanMatch, face: ScriptBuilder) -> bool | None:
    """ 'Enchanted creature has "{R}: This creature deals 1 damage to any target."', 'All Slivers
    have "Sacrifice this permanent: Add {B}{B}."', 'Equipped creature gets +1/+1 and has "Whenever
    this creature ..."': the quoted triggered or activated abilities granted in layer 6 (CR
    613.1f), "this creature" being the object that has them (CR 113.7; linked only among
    themselves, CR 607.5, ``layer_effects.Effect.apply_to``)."""
    granted = _quoted_abilities(face)
    if granted is None:
        return None
    p = int(m.group(2)) if m.group(2) else 0
    t = int(m.group(3)) if m.group(3) else 0
    kws = keyword_list(m.group(4)) if m.group(4) else frozenset()
    if kws is None:
        return None
    subject = m.group(1)
    s = subject.lower()
    flt = None
    if s in ("enchanted creature", "equipped creature", "enchanted permanent", "enchanted land",
             "enchanted artifact", "~"):
        who = {"~": "self"}.get(s, s.split()[0])
        consume(subject)
    else:
        flt = anthem_subject(subject, grants=True)
        if flt is None:
            return None
        who = "each"
    consume(m.group(5))                         # (read whole: ``nested.script``)
    face.static.append(StaticAbility(who, p, t, kws | granted.keywords, filter=flt, text=face.raw, mods=(
        ChangeAbilities(add_triggered=granted.triggered, add_activated=granted.activated),)))
    return True


def _quoted_abilities(face: ScriptBuilder) -> Any:
    """The script of the paragraph's one quoted ability if it is only triggered and activated
    abilities and keywords, every word understood, and it doesn't name the card granting it (whose
    "~" a granted ability couldn't tell from its own); else None."""
    raw = strip_reminder(face.raw)
    if raw.count('"') != 2:
        return None
    quoted = raw[raw.index('"') + 1: raw.rindex('"')]
    if any(name in quoted for name in {face.name, face.name.split(",")[0]}):
        return None
    script = nested.script(quoted)
    if script is None or replace(script, triggered=(), activated=(), keywords=frozenset()) != CardScript():
        return None
    return script


def counts_cards(q: Quantity) -> bool:
    """Whether a count of cards in a zone reads only what cards there have (CR 707.2)."""
    return q.per is None or counts_characteristics(q.per)


#: "for each card in your hand" (Dread Slag): numbers a self static counts off the battlefield,
#: "your" being its controller (the stats ``layer_effects.value_of`` reads).
_OFF_BATTLEFIELD_COUNTS = {"card in your hand": Quantity(stat="hand")}


@_static(r"(enchanted|equipped) creature gets {PT}(?:, has (.+?),)? and is an? ([A-Za-z]+) in addition to its "
         r"other types\.")
def _attached_pt_type(m: SpanMatch, face: ScriptBuilder) -> bool | None:
    """ "Equipped creature gets +1/+0 and is a Monk in addition to its other types" (the job
    select Equipment): layer 7c, layer 6 and a creature type added in layer 4 (CR 613.1d, 205.3m)."""
    p, px = pt_value(m.group(2))
    t, tx = pt_value(m.group(3))
    kw = keyword_list(m.group(4)) if m.group(4) else frozenset()
    subtype = creature_type_words().get(m.group(5).lower())
    if px or tx or kw is None or subtype is None:
        return None
    face.static.append(StaticAbility(m.group(1).lower(), p, t, kw, text=face.raw,
                                     mods=(ChangeTypes(add_subtypes=frozenset({subtype})),)))
    return True


@_static(r"(enchanted|equipped) creature gets {PT}(?: and (?:has (.+?)|(can't .+?|attacks each combat if able|"
         r"doesn't untap during its controller's untap step)))?\.")
def _attached_pt(m: SpanMatch, face: ScriptBuilder) -> bool:
    """ "Enchanted creature gets +2/+2 and has flying"; "... gets -2/-0 and can't block" (Cast
    into Darkness): a restriction or requirement granted like an ability (CR 509.1b, 508.1d, 302.6)."""
    p, px = pt_value(m.group(2))
    t, tx = pt_value(m.group(3))
    kw = keyword_list(m.group(4)) if m.group(4) else restrictions(m.group(5)) if m.group(5) else frozenset()
    if px or tx or kw is None:
        return face.not_implemented()
    face.static.append(StaticAbility(m.group(1).lower(), p, t, kw, text=face.raw))
    return True


@_static(r"enchanted creature (.+)\.")
def _attached_becomes(m: SpanMatch, face: ScriptBuilder) -> bool | None:
    mods = becomes(m.group(1))
    if mods is None:
        return None
    face.static.append(StaticAbility("enchanted", text=face.raw, mods=mods))   # Lignify, Deep Freeze
    return True


@_static(r"all creatures able to block (enchanted creature|equipped creature|~) do so\.")
def _lure(m: SpanMatch, face: ScriptBuilder) -> bool:
    # Lure (CR 509.1c): a blocking requirement for every creature that could block it, granted to
    # the permanent like an ability (layer 6) and read by combat
    face.static.append(StaticAbility({"~": "self"}.get(m.group(1).lower(), m.group(1).lower().split()[0]),
                                     keywords=frozenset({LURE}), text=face.raw))
    return True


@_static(r"(?:this spell|~) can't be countered(?: by spells or abilities)?\.")
def _uncounterable(m: SpanMatch, face: ScriptBuilder) -> bool | None:
    if "by spells" in m.group(0):
        return None
    # CR 101.2: a spell that "can't be countered" stays on the stack when an effect would counter
    # it (a rule of the spell, read by ``effects.resolve.counter``)
    face.keywords.add(UNCOUNTERABLE)
    return True


@_static(r"(you may choose not to untap|~ doesn't untap) ~? ?during your untap step\.")
def _untap_rule(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 502.3: untapping in the untap step is optional / doesn't happen (a rule of the permanent,
    # read as it would untap; Rubinia Soulsinger, Merieke Ri Berit)
    face.keywords.add("may choose not to untap" if m.group(1).lower().startswith("you") else "doesn't untap")
    return True


@_static(r"creatures with power less than ~'s power can't block it\.")
def _power_below_cant_block(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 509.1b: a restriction of the attacker, read by rules.combat.evasion_allows (Aura Gnarlid)
    face.static.append(StaticAbility("self", keywords=frozenset({BLOCKED_BY_POWER_BELOW_OWN}), text=face.raw))
    return True


@_static(r"you may have ~ assign its combat damage as though it weren't blocked\.")
def _assigns_as_unblocked(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 510.1b-c: a rule of the attacker, read by rules.combat.combat_damage (Thorn Elemental)
    face.static.append(StaticAbility("self", keywords=frozenset({ASSIGNS_AS_UNBLOCKED}), text=face.raw))
    return True


@_static(r"(enchanted creature|equipped creature|enchanted permanent|~) (.+?)\.")
def _restriction(m: SpanMatch, face: ScriptBuilder) -> bool | None:
    kw = restrictions(m.group(2))
    if kw is None:
        return None
    # CR 508.1c / 509.1b / 502.3 / 602.5 restrictions, granted like abilities in layer 6.
    face.static.append(StaticAbility({"~": "self"}.get(m.group(1), m.group(1).lower().split()[0]),
                                     keywords=kw, text=face.raw))
    return True


@_static(r"(enchanted|equipped) creature has (.+?)\.")
def _attached_has(m: SpanMatch, face: ScriptBuilder) -> bool:
    kw = keyword_list(m.group(2))
    if kw is None:
        return face.not_implemented()
    face.static.append(StaticAbility(m.group(1).lower(), keywords=kw, text=face.raw))
    return True


@_static(r"(.+)")
def _enters_as_copy(m: SpanMatch, face: ScriptBuilder) -> bool | None:
    copy = parse_enters_as_copy(m.group(1), face.name)          # CR 707.5
    if copy is None:
        return None
    face.enters_as_copy = copy
    return True


@_static(r"(.+)")
def _conditional(m: SpanMatch, face: ScriptBuilder) -> bool | None:
    ability = conditional_static(m.group(1), face.raw)          # Kird Ape, Wild Nacatl (CR 611.3b)
    if ability is None:
        return None
    face.static.append(ability)
    return True


@_static(r"(.+)")
def _layer_effect(m: SpanMatch, face: ScriptBuilder) -> bool | None:
    ability = parse_layer_static(m.group(1), face.raw)
    if ability is None:
        return None
    face.static.append(ability)
    return True


@_static(r"(.+)")
def _player(m: SpanMatch, face: ScriptBuilder) -> bool | None:
    ability = player_static(m.group(1), face.raw)               # "You have hexproof" (CR 604.1)
    if ability is None:
        return None
    face.player_statics.append(ability)
    return True


@_static(r"cast (?:~|this spell) only before the combat damage step\.")
def _before_combat_damage(m: SpanMatch, face: ScriptBuilder) -> bool:
    face.cast_timing = "before_combat_damage"            # CR 601.3 (Berserk)
    return True


@_static(r"(.+?) (?:have|has) (.+?)\.")
def _anthem_keywords(m: SpanMatch, face: ScriptBuilder) -> bool | None:
    """ "Creatures you control have haste" (Rage Reflection), "All Sliver creatures have first
    strike", "Each creature you control with a +1/+1 counter on it has trample": layer 6 (CR
    613.1f), the permanents its filter selects as the effect applies (CR 611.3a)."""
    kw = keyword_list(m.group(2))
    if kw is None:
        return None
    if m.group(1).strip() == "~" and CHOSEN_PROTECTION in kw:
        consume(m.group(1))     # Voice of All: its own, the color its source chose (CR 607.2d, 613.1f)
        face.static.append(StaticAbility("self", keywords=kw, text=face.raw))
        return True
    flt = anthem_subject(m.group(1), grants=True)
    if flt is None:
        return None
    face.static.append(StaticAbility("each", keywords=kw, filter=flt, text=face.raw))
    return True


@_static(r"(.+?) (attack each combat if able|can't attack or block|can't attack|can't block)\.")
def _anthem_restrictions(m: SpanMatch, face: ScriptBuilder) -> bool | None:
    """ "Creatures your opponents control attack each combat if able", "Creatures can't block",
    "Black creatures can't attack or block": an attacking or blocking requirement or restriction
    (CR 508.1c-d, 509.1a-b) each permanent its filter selects has, granted in layer 6 like the
    singular "~ can't block" (CR 613.1f)."""
    kws = restrictions(m.group(2).replace("attack each", "attacks each"))
    flt = anthem_subject(m.group(1), grants=True) if kws is not None else None
    if flt is None or kws is None:
        return None
    face.static.append(StaticAbility("each", keywords=kws, filter=flt, text=face.raw))
    return True


@_static(r"(.+?) (?:get|gets) {PT}(?: and (?:have|has) (.+?))?\.")
def _anthem(m: SpanMatch, face: ScriptBuilder) -> bool | None:
    """ "Other Merfolk get +1/+1 and have islandwalk" (any controller's), "Creatures your
    opponents control get -1/-1", "Other creatures you control with flying get +1/+0": a layer 7c
    effect (CR 613.4c), with layer 6's keywords if it grants them."""
    p, px = pt_value(m.group(2))
    t, tx = pt_value(m.group(3))
    kw = keyword_list(m.group(4)) if m.group(4) else frozenset()
    if px or tx or kw is None:
        return None
    flt = anthem_subject(m.group(1), grants=bool(kw))
    if flt is None:
        return None
    face.static.append(StaticAbility("each", p, t, kw, filter=flt, text=face.raw))
    return True


@attempt
def anthem_subject(text: str, grants: bool) -> Filter | None:
    """The permanents an anthem or lord affects (CR 611.3a): "creatures you control", "other
    Merfolk", "all Sliver creatures", "each creature you control with a +1/+1 counter on it",
    "creatures your opponents control", "creature tokens you control". Its filter reads what
    ``layer_effects.Effect.targets`` can as the layers stand: characteristics, tokens and
    counters; keywords only for an effect that grants none (``grants``: "with flying" is read
    after layer 6, CR 613.6, so a layer-6 effect can't read it)."""
    t = text.strip()
    if m := fullmatch(r"(?:all|each) (.+)", t, re.I):
        m.consume()
        t = m.group(1)
    other = False
    if m := fullmatch(r"other (.+)", t, re.I):
        m.consume()
        t, other = m.group(1), True
    enchanted = False
    if m := fullmatch(r"(.+) enchanted player controls", t, re.I):
        # "Creatures enchanted player controls get -1/-1" (Curse of Death's Hold, CR 303.4b)
        m.consume()
        t, enchanted = m.group(1), True
    flt = parse_filter(t) or creature_type_filter(t)
    if flt is not None and enchanted:
        flt = replace(flt, controller="enchanted") if flt.controller is None else None
    if flt is None and (m := fullmatch(r"(.+?) ((?:with|without) .+?) (you control|your opponents control)", t)):
        # "creatures with flying your opponents control" (Smog Elemental): the filter's other order
        flt = parse_filter(f"{m.group(1)} {m.group(3)} {m.group(2)}")
        if flt is not None:
            m.consume()
            consume(m.group(1), m.group(2), m.group(3))
    if flt is None or not static_filter_ok(flt, grants):
        return None
    return replace(flt, other=other or flt.other)


def static_filter_ok(flt: Filter, grants: bool) -> bool:
    """Whether a static ability's filter reads only what its effect can read as it applies
    (``anthem_subject``)."""
    # the choice made as its source entered is read as the effect applies (CR 607.2d)
    base = replace(flt, token=None, counter="", attacking=None, in_combat=None, chosen_color="", chosen_type="",
                   chosen_name="")
    if not grants:
        base = replace(base, keywords=frozenset(), not_keywords=frozenset())
    return counts_characteristics(base)


def read_static(para: Span, face: ScriptBuilder) -> bool:
    """A static ability's paragraph (``STATIC_PARAGRAPHS``)."""
    return bool(STATIC_PARAGRAPHS.parse(para, face))
