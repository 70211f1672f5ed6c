"""Keyword abilities (CR 702) and the restrictions granted like them.

A keyword line ("Flying, vigilance", "Protection from red", "Ward {2}") adds its keywords to the
face, carried out where each one's rule is; the keywords that stand for an ability ("Equip
{2}", "Cycling {1}", "Echo {R}", "Afterlife 2") compile to the ability their rule spells out.
"""
from __future__ import annotations

import re
from dataclasses import replace

from .. import lazy_re                                              # patterns compiled at first use
from .combat_rules import combat_restriction
from .filters import card_filter
from .grammar import Grammar, attempt
from .keyword_triggers import TRIGGER_KEYWORDS
from .lexicon import creature_type_plurals_lower, creature_type_words, num
from .script_builder import ScriptBuilder
from .spell_costs import cost_parts
from .text import Span, SpanMatch, consume, fullmatch, span_of, split, sub
from ...core.rules_index import rule_text
from ..vocabulary import (
    ActivatedAbility, AlternativeCost, ApplyModifications, Attach, ChangeColors, ChangeTypes, Condition, Cost,
    CostObjects, Designate, Draw, Effect, Filter, PayEcho, Pregame, RemoveCounters, ReplacementAbility, SELF, SacrificePermanent, Search,
    StaticAbility, TargetSpec, Trigger, TriggeredAbility, Unattach, YOU, n, target,
)


#: Keyword abilities the engine implements (CR 702), by their Oracle spelling.
KEYWORDS = (
    "flying", "first strike", "double strike", "deathtouch", "lifelink", "trample",
    "vigilance", "haste", "reach", "menace", "defender", "indestructible", "hexproof",
    "shroud", "flash", "intimidate", "fear", "shadow", "skulk", "horsemanship",
    "infect", "wither",              # damage as counters (CR 702.90, 702.80), see effects.primitives.deal_damage
    "prowess", "living weapon",      # triggered abilities (CR 702.108a, 702.92a, 702.79a, 702.93a),
    "for mirrodin!", "job select",    # (702.163a, 702.182a)
    "persist", "undying", "exalted", "flanking",   # (702.83a, 702.25a) see effects.keyword_triggered.KEYWORD_TRIGGERS
    "storm",                          # CR 702.40a, see effects.keyword_triggered.STORM
    "umbra armor",                    # CR 702.89a, see effects.resolve.destroy
    "delve", "convoke", "improvise",  # ways to pay (CR 702.66, 702.51, 702.126), see rules.mana_payment
    "fuse",                           # CR 702.102, see rules.casting
    "partner",                        # two commanders (CR 702.124a), see rules.pregame
    "ascend",                         # the city's blessing (CR 702.131), see effects.resolutions.designations
    "enlist",                         # CR 702.154a, see effects.enlist (an optional cost to attack, 508.1g)
    "phasing",                        # CR 702.26a, see effects.phasing (the untap step, CR 502.1)
    "daybound", "nightbound",         # CR 702.145, see effects.day_night (day and night, CR 730)
)


_KEYWORD_SET = frozenset(KEYWORDS)


#: Keywords with a parameter: protection from a color (CR 702.16), landwalk (CR 702.14).
_PARAM_KEYWORD = lazy_re.compile(r"protection from (white|blue|black|red|green|creatures|everything|the color of your choice"
                                 r"|artifacts or from the color of your choice"
                                 r"|the chosen color)"      # a static's: the color chosen as it entered (choices)
                                 r"|(plains|island|swamp|mountain|forest)walk"
                                 r"|ward (?:\{[0-9WUBRGC]+\})+"     # CR 702.21a (effects.triggers.keyword_triggers)
                                 r"|toxic \d+"                       # CR 702.164 (effects.primitives.deal_damage)
                                 r"|bushido \d+")                     # CR 702.45a (effects.triggers.keyword_triggers)


#: "This spell can't be countered" (CR 101.2), a rule of the spell kept with its keywords
UNCOUNTERABLE = "can't be countered"


#: "All creatures able to block [it] do so" (Lure): a blocking requirement (CR 509.1c)
LURE = "all creatures able to block it do so"


#: Restrictions the compiler grants like keywords (layer 6), each carried out where the rule
#: it restricts is: "can't attack" (CR 508.1c), "can't block", "can't be blocked" (CR 509.1b),
#: "doesn't untap" (CR 502.3), "can't activate" (its activated abilities, CR 602.5).
RESTRICTIONS = ("can't attack", "can't block", "can't be blocked", "doesn't untap", "can't activate")


#: "can block only creatures with flying" (Ascending Aven): a blocking restriction (CR 509.1b)
BLOCKS_ONLY_FLYING = "can block only creatures with flying"


#: "attacks each combat if able": an attacking requirement (CR 508.1d)
ATTACKS_EACH_COMBAT = "attacks each combat if able"


#: "can't attack unless defending player controls an Island": an attacking restriction (CR
#: 508.1c), by basic land type, read by rules.combat
ATTACKS_ONLY_IF_DEFENDER_HAS = {t: f"can't attack unless defending player controls a {t}"
                                for t in ("Plains", "Island", "Swamp", "Mountain", "Forest")}


_RESTRICTION_PHRASES = {
    "can't attack or block": ("can't attack", "can't block"),
    "can't attack": ("can't attack",), "can't block": ("can't block",),
    "can't be blocked": ("can't be blocked",),
    "doesn't untap during its controller's untap step": ("doesn't untap",),
    "doesn't untap during your untap step": ("doesn't untap",),
    "its activated abilities can't be activated": ("can't activate",),
    "can block only creatures with flying": (BLOCKS_ONLY_FLYING,),
    "attacks each combat if able": (ATTACKS_EACH_COMBAT,),
}


def restrictions(text: str) -> frozenset[str] | None:
    """ "can't attack or block, and its activated abilities can't be activated" (Arrest),
    "doesn't untap during its controller's untap step" (Claustrophobia), "can't be blocked"."""
    whole = text.lower().replace("’", "'").rstrip(".")
    parts = split(r",? and (?=its |can't |doesn't )", whole)
    out: set[str] = set()
    for part in parts:
        kws = _RESTRICTION_PHRASES.get(part.strip())
        if kws is None and (m := re.fullmatch(r"can't be blocked by creatures with power (\d+) or less", part.strip())):
            kws = (m.group(0),)         # CR 509.1b (Arlinn's Wolf), read by rules.combat.evasion_allows
        if kws is None:
            kws = combat_restriction(part.strip())   # CR 508.1c, 509.1a-b (rules.combat)
        if kws is None and (m := re.fullmatch(r"can't attack unless defending player controls an? "
                                              r"(plains|island|swamp|mountain|forest)", part.strip())):
            kws = (ATTACKS_ONLY_IF_DEFENDER_HAS[m.group(1).capitalize()],)      # CR 508.1c (Sea Serpent)
        if kws is None:
            return None
        out |= set(kws)
    consume(whole)
    return frozenset(out)


#: "protection from artifacts" (CR 702.16a: a card type), and "from multicolored" (a quality)
PROTECTION_TYPES = {"artifacts": "Artifact", "enchantments": "Enchantment", "instants": "Instant",
                    "sorceries": "Sorcery", "planeswalkers": "Planeswalker", "lands": "Land"}


def _protection_ok(part: str) -> bool:
    """Protection from a card type, "multicolored" or a creature type ("from Demons", CR 702.16a)."""
    if not part.startswith("protection from "):
        return False
    quality = part[len("protection from "):]
    if quality in PROTECTION_TYPES or quality == "multicolored":
        return True
    return quality in creature_type_plurals_lower()


def keyword_list(text: str) -> frozenset[str] | None:
    """ "flying, first strike", "protection from Demons and from Dragons", "ward {2}": the
    keywords (by their lowercase Oracle spelling), or None unless every part is one."""
    # "protection from Demons and from Dragons" (Baneslayer Angel): two protection abilities
    text = sub(r"(protection from [^,]+?),? and from ", r"\1, protection from ", text, re.I)
    text = sub(r"(protection from [^,]+?), from ", r"\1, protection from ", text, re.I)
    parts = [p.strip().lower() for p in split(r",\s*(?:and\s+)?|\s+and\s+", text) if p.strip()]
    ok = parts and all(p in _KEYWORD_SET or _PARAM_KEYWORD.fullmatch(p) or _protection_ok(p)
                       or TRIGGER_KEYWORDS.fullmatch(p) for p in parts)     # (granted: "have extort")
    if not ok:
        return None
    consume(text)
    return frozenset(parts)


#: Granted by Vines of Vastwood; "your" becomes the name of the effect's controller as it
#: resolves (``resolve.execute``), which ``rules.targeting`` reads (CR 115.1, 702.11b's kin).
UNTARGETABLE_BY_OPPONENTS = "can't be the target of spells or abilities your opponents control"


def all_creature_types() -> frozenset[str]:
    """Every creature type: CR 205.3m's list (its one two-word type, Time Lord, named before it)."""
    text = rule_text("205.3m")
    listed = text.split("All other creature types are one word long:", 1)[1]
    types = {t.strip().removeprefix("and ").strip() for t in re.split(r",", listed.rstrip(". \n"))}
    return frozenset(t for t in types if t) | {"Time Lord"}


def changeling_ability() -> StaticAbility:
    """CR 702.73a: "Changeling" is a characteristic-defining ability: "This object is every
    creature type." It works in every zone (CR 604.3)."""
    return StaticAbility("self", text="Changeling (This card is every creature type.)", cda=True,
                         mods=(ChangeTypes(add_subtypes=all_creature_types()),))


@attempt
def cycling_ability(kind: str, mana: str, raw: str) -> ActivatedAbility | None:
    """CR 702.29a: "Cycling [cost]" means "[Cost], Discard this card: Draw a card", an ability
    that functions only from the hand; CR 702.29e: "[Type]cycling [cost]" searches the library
    for a [type] card instead, reveals it and puts it into the hand, then shuffles. ``kind``:
    "" (cycling), "basic land", "land", "plains", "sliver"... (None: a type not understood)."""
    kind = kind.strip().lower()
    if not kind:
        effect: Effect = Draw(YOU, n(1))
    else:
        flt = card_filter(kind)
        if flt is None and kind in creature_type_words():
            consume(kind)
            flt = Filter(subtypes=frozenset({creature_type_words()[kind]}))      # "Slivercycling" (CR 205.3m)
        if flt is None:
            return None
        effect = Search(YOU, flt, "hand")
    return ActivatedAbility(Cost(mana=mana, discard_self=True), (effect,), (), raw, False, False, zone="hand",
                            cycling=True)


#: Counter kinds that mean something the engine doesn't carry out (keyword counters, CR
#: 122.1b): "enters with" them stays unimplemented. (Stun counters, CR 122.1d, are carried out by
#: ``effects.primitives.set_tapped``; shield and finality counters, CR 122.1c, 122.1h, by
#: ``effects.counter_rules``.)
_COUNTERS_WITH_RULES = frozenset(KEYWORDS) | {"first strike", "double strike"}


#: Keyword counters (CR 122.1b) the layer system gives their keyword (``layers.KEYWORD_COUNTERS``).
KEYWORD_COUNTER_KINDS = frozenset({"flying", "first strike", "double strike", "deathtouch", "haste", "hexproof",
                                   "indestructible", "lifelink", "menace", "reach", "shadow", "trample", "vigilance"})


def counter_kind_ok(kind: str) -> bool:
    return kind in ("+1/+1", "-1/-1") or (re.fullmatch(r"[a-z]+", kind) is not None
                                          and kind not in _COUNTERS_WITH_RULES)


def keyword_as_text(para: Span) -> Span:
    """The paragraph to read for a keyword known by an older name: "Totem armor" as "Umbra armor"
    (CR 702.89b). Any other paragraph is itself. (A keyword that stands for a triggered ability is
    read from its rule's words: ``keyword_triggers.RULES_TEXT``.)"""
    if para.lower() == "totem armor":
        consume(para)
        return span_of("Umbra armor")
    return para


# -- the keyword paragraphs ------------------------------------------------------------------
#: Keyword paragraphs that stand for an ability or a rule of the face; each builder adds it to
#: the face (``ScriptBuilder``) and returns True.
KEYWORD_PARAGRAPHS: Grammar[bool] = Grammar("keyword paragraph", first_match=True)
_COST = r"((?:\{[^}]+\})+)"
_keyword = KEYWORD_PARAGRAPHS.rule


@_keyword(r"changeling")
def _changeling(m: SpanMatch, face: ScriptBuilder) -> bool:
    face.static.append(changeling_ability())            # CR 702.73a: every creature type
    return True


@_keyword(r"living metal")
def _living_metal(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.161a: "During your turn, this permanent is an artifact creature in addition to its
    # other types" (layer 4, CR 613.1d)
    face.static.append(StaticAbility("self", text=face.raw, condition=Condition("turn", value="you"),
                                     mods=(ChangeTypes(add_types=frozenset({"Artifact", "Creature"})),)))
    return True


@_keyword(r"devoid")
def _devoid(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.114a: a characteristic-defining ability, "This object is colorless", in every zone
    # (CR 604.3)
    face.static.append(StaticAbility("self", text=face.raw, cda=True, mods=(ChangeColors(set_colors=frozenset()),)))
    return True


@_keyword(r"(mega)?morph " + _COST)
def _morph(m: SpanMatch, face: ScriptBuilder) -> bool:
    face.morph = m.group(2)                              # CR 702.37a
    face.megamorph = bool(m.group(1))                    # CR 702.37b
    return True


@_keyword(r"disguise " + _COST)
def _disguise(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.168a: "You may cast this card as a 2/2 face-down creature with ward {2}, no name, no
    # subtypes, and no mana cost by paying {3} rather than paying its mana cost"; turned face up
    # for its disguise cost (CR 702.168d): morph's procedure (``rules.morph``) with ward {2}
    face.morph = m.group(1)
    face.disguise = True
    return True


@_keyword(r"echo " + _COST)
def _echo(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.30a: "At the beginning of your upkeep, if this permanent came under your control
    # since the beginning of your last upkeep, sacrifice it unless you pay [cost]."
    cost = m.group(1)
    face.triggered.append(TriggeredAbility(
        Trigger("upkeep", "you"), (PayEcho(cost.upper()),), condition=Condition("echo_due"),
        text=f"Echo {cost}: at the beginning of your upkeep, if {face.name} came under your control since "
             f"the beginning of your last upkeep, sacrifice it unless you pay {cost}."))
    return True


@_keyword(r"fading (\d+)")
def _fading(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.32a: "This permanent enters with N fade counters on it" and "At the beginning of
    # your upkeep, remove a fade counter from this permanent. If you can't, sacrifice the permanent."
    face.replacements.append(ReplacementAbility("enters", itself=True, enters_counters="fade",
                                                amount=num(m.group(1)), text=face.raw))
    face.triggered.append(TriggeredAbility(
        Trigger("upkeep", "you"),
        (RemoveCounters(SELF, "fade", num("1"), if_cant=(SacrificePermanent(),)),),
        text=f"Fading {m.group(1)}: at the beginning of your upkeep, remove a fade counter from {face.name}. "
             f"If you can't, sacrifice it."))
    return True


@_keyword(r"evoke " + _COST)
def _evoke(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.74a: an alternative cost, and "When this permanent enters, if its evoke cost was
    # paid, its controller sacrifices it."
    face.cost_abilities.append({"alternative_costs": (AlternativeCost(mana=m.group(1), name="evoke", itself=True,
                                                                      text=face.raw),)})
    face.triggered.append(_evoke_sacrifice())
    return True


def _evoke_sacrifice() -> TriggeredAbility:
    """CR 702.74a: "When this permanent enters, if its evoke cost was paid, its controller
    sacrifices it." """
    return TriggeredAbility(Trigger("enters"), (SacrificePermanent(SELF),),
                            text="When this permanent enters, if its evoke cost was paid, its "
                                 "controller sacrifices it (evoke, CR 702.74a)",
                            condition=Condition("evoked"))


@_keyword(r"evoke ?[-—–] ?(.+?)\.?")
def _evoke_in_words(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.74a with a cost in words: "Evoke—Exile a black card from your hand" (Grief)
    parts = cost_parts(m.group(1))
    if parts is None:
        return False
    mana, life, objects = parts
    face.cost_abilities.append({"alternative_costs": (AlternativeCost(mana=mana, life=life, name="evoke", itself=True,
                                                                      objects=objects, text=face.raw),)})
    face.triggered.append(_evoke_sacrifice())
    return True


@_keyword(r"if ~ is in your opening hand, you may begin the game with it on the battlefield\.?")
def _leyline(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 103.6a: an action its owner may take once the mulligans are done (``rules.pregame``)
    face.cost_abilities.append({"pregame": (Pregame("opening_hand_battlefield", link="", text=face.raw),)})
    return True


@_keyword(r"kicker " + _COST + r"(?: and/or " + _COST + r")?")
def _kicker(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.33a; "Kicker [cost 1] and/or [cost 2]": each may be paid, or both (CR 702.33d)
    face.kicker.append(m.group(1))
    if m.group(2):
        face.kicker.append(m.group(2))
    return True


@_keyword(r"multikicker " + _COST)
def _multikicker(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.33c: "You may pay an additional [cost] any number of times as you cast this spell";
    # kicked if it was paid once or more (702.33e), each payment counted ("for each time it was
    # kicked": ``Quantity(stat="times_kicked")``)
    if face.kicker:
        return face.not_implemented()
    face.kicker.append(m.group(1))
    face.multikicker = True
    return True


def read_keyword_paragraph(para: Span, face: ScriptBuilder) -> bool:
    """Changeling, devoid, morph, echo, fading, evoke, a Leyline's opening hand, kicker."""
    return bool(KEYWORD_PARAGRAPHS.parse(para, face))


def read_keyword_line(para: Span, face: ScriptBuilder) -> bool:
    """ "Flying, vigilance": keyword abilities (CR 702)."""
    kws = keyword_list(para)
    if kws is None:
        return False
    face.keywords |= kws
    return True


#: The keyword abilities that are activated abilities, read after the face's other abilities.
ACTIVATED_KEYWORDS: Grammar[bool] = Grammar("activated keyword", first_match=True)
_activated_keyword = ACTIVATED_KEYWORDS.rule


@_activated_keyword(r"(?:([^—:.]+) — )?equip ((?:\{[0-9WUBRGC]+\})+)")
def _equip(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.6a: "[Cost]: Attach this permanent to target creature you control. Activate only as
    # a sorcery." ("Murasame — Equip {5}": a flavor word, without rules meaning, CR 207.2d)
    if m.group(1):
        consume(m.group(1))
    face.activated.append(ActivatedAbility(
        Cost(mana=m.group(2)), (Attach(target(0)),),
        (TargetSpec(Filter(types=frozenset({"Creature"}), controller="you"), "target creature you control"),),
        face.raw, False, True))
    return True


@_activated_keyword(r"reconfigure ((?:\{[0-9WUBRGC]+\})+)")
def _reconfigure(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.151a: "[Cost]: Attach this permanent to another target creature you control. Activate
    # only as a sorcery" and "[Cost]: Unattach this permanent. Activate only if this permanent is
    # attached to a creature and only as a sorcery"; CR 702.151b: attached, it isn't a creature
    # (an Equipment artifact, CR 205.1a) — and it may equip while a creature (CR 301.5c: the keyword)
    cost = m.group(1)
    creature = Filter(types=frozenset({"Creature"}))
    face.keywords.add("reconfigure")
    face.activated.append(ActivatedAbility(
        Cost(mana=cost), (Attach(target(0)),),
        (TargetSpec(Filter(types=frozenset({"Creature"}), controller="you", other=True),
                    "another target creature you control"),), face.raw, False, True))
    face.activated.append(ActivatedAbility(Cost(mana=cost), (Unattach(),), (), face.raw, False, True,
                                           condition=Condition("attached_to_creature")))
    face.static.append(StaticAbility("self", text=face.raw, condition=Condition("attached_is", creature, at_least=1),
                                     mods=(ChangeTypes(set_types=frozenset({"Artifact"}),
                                                       set_subtypes=frozenset({"Equipment"})),)))
    return True


@_activated_keyword(r"transmute ((?:\{[0-9WUBRGC]+\})+)")
def _transmute(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.53a: "[Cost], Discard this card: Search your library for a card with the same mana
    # value as the discarded card, reveal that card, and put it into your hand. Then shuffle your
    # library. Activate only as a sorcery." (from the hand only)
    face.activated.append(ActivatedAbility(
        Cost(mana=m.group(1), discard_self=True), (Search(YOU, Filter(), "hand", same_mana_value=True),),
        (), face.raw, False, True, zone="hand"))
    return True


@_activated_keyword(r"crew (\d+)")
def _crew(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.122a: "Tap any number of other untapped creatures you control with total power N or
    # greater: This permanent becomes an artifact creature until end of turn."
    crew = CostObjects("crew", int(m.group(1)), Filter(types=frozenset({"Creature"}), tapped=False,
                                                        controller="you", other=True))
    face.activated.append(ActivatedAbility(
        Cost(objects=(crew,)),
        (ApplyModifications(SELF, (ChangeTypes(add_types=frozenset({"Artifact", "Creature"})),)),),
        (), face.raw, False, False))
    return True


@_activated_keyword(r"saddle (\d+)")
def _saddle(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.171a: "Tap any number of other untapped creatures you control with total power N or
    # greater: This permanent becomes saddled until end of turn. Activate only as a sorcery."
    saddle = CostObjects("saddle", int(m.group(1)), Filter(types=frozenset({"Creature"}), tapped=False,
                                                            controller="you", other=True))
    face.activated.append(ActivatedAbility(Cost(objects=(saddle,)), (Designate(SELF, "saddled"),), (), face.raw,
                                           sorcery_speed=True))
    return True


#: A cycling keyword with a mana cost (hybrid symbols too: "Cycling {U/B}").
_CYCLING = r"((?:basic )?[a-z]*)cycling ((?:\{[0-9WUBRGC]+(?:/[WUBRGP])?\})+)"


@_activated_keyword(_CYCLING)
def _cycling(m: SpanMatch, face: ScriptBuilder) -> bool:
    cycling = cycling_ability(m.group(1), m.group(2), face.raw)
    if cycling is None:
        return face.not_implemented()
    face.activated.append(cycling)
    return True


@_activated_keyword(_CYCLING + r"((?:, " + _CYCLING + r")+)")
def _cyclings(m: SpanMatch, face: ScriptBuilder) -> bool:
    """ "Swampcycling {2}, mountaincycling {2}": two cycling abilities, each its own (CR 702.29e)."""
    for part in split(r", ", m.group(0)):
        one = fullmatch(_CYCLING, part, re.I)
        # each its own text, so that "ability: mountaincycling" names one of them
        cycling = cycling_ability(one.group(1), one.group(2), str(part)) if one is not None else None
        if cycling is None:
            return face.not_implemented()
        one.consume()
        face.activated.append(cycling)
    return True


@_activated_keyword(r"cycling ?[-—–] ?(.+?)\.?")
def _cycling_in_words(m: SpanMatch, face: ScriptBuilder) -> bool:
    """ "Cycling—Pay 2 life" (Street Wraith), "Cycling—Sacrifice a land" (Edge of Autumn): a cost
    in words, paid with the discard of the card (CR 702.29a, 118.3)."""
    parts = cost_parts(m.group(1))
    if parts is None:
        return face.not_implemented()
    mana, life, extra = parts
    objects = []
    for add in extra:
        if add.sacrifice is None or add.exile or add.discard or add.bounce or add.tap or add.optional:
            return face.not_implemented()
        objects.append(CostObjects("sacrifice", add.count, replace(add.sacrifice, controller="you")))
    cycling = cycling_ability("", "", face.raw)
    assert cycling is not None
    face.activated.append(replace(cycling, cost=replace(cycling.cost, mana=mana, pay_life=life,
                                                        objects=tuple(objects))))
    return True


def read_activated_keyword(para: Span, face: ScriptBuilder) -> bool:
    """Equip, reconfigure, transmute, crew, cycling and typecycling."""
    return bool(ACTIVATED_KEYWORDS.parse(para, face))
