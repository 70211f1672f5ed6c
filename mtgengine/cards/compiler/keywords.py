from __future__ import annotations

import re

from .. import lazy_re                                              # patterns compiled at first use
from .filters import card_filter
from .lexicon import creature_type_plural, creature_type_words, creature_types
from ...core.rules_index import rule_text
from ..vocabulary import (ActivatedAbility, ChangeTypes, Cost, Draw, Effect, Filter, Search, StaticAbility, YOU, n)


#: Keyword abilities the engine implements (CR 702), by their Oracle spelling.
KEYWORDS = (
    "flying", "first strike", "double strike", "deathtouch", "lifelink", "trample",
    "vigilance", "haste", "reach", "menace", "defender", "indestructible", "hexproof",
    "shroud", "flash", "intimidate", "fear", "shadow", "skulk", "horsemanship",
    "infect", "wither",              # damage as counters (CR 702.90, 702.80), see effects.primitives.deal_damage
    "prowess", "living weapon",      # triggered abilities (CR 702.108a, 702.92a, 702.79a, 702.93a),
    "persist", "undying", "exalted", "flanking",   # (702.83a, 702.25a) see effects.triggers.KEYWORD_TRIGGERS
    "storm",                          # CR 702.40a, see effects.triggers.STORM
    "umbra armor",                    # CR 702.89a, see effects.resolve.destroy
    "delve", "convoke", "improvise",  # ways to pay (CR 702.66, 702.51, 702.126), see rules.mana_payment
    "fuse",                           # CR 702.102, see rules.casting
    "partner",                        # two commanders (CR 702.124a), see rules.pregame
)


_KEYWORD_SET = frozenset(KEYWORDS)


#: Keywords with a parameter: protection from a color (CR 702.16), landwalk (CR 702.14).
_PARAM_KEYWORD = lazy_re.compile(r"protection from (white|blue|black|red|green|creatures|everything|the color of your choice"
                                 r"|artifacts or from the color of your choice)"
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
    parts = re.split(r",? and (?=its |can't |doesn't )", text.lower().replace("’", "'").rstrip("."))
    out: set[str] = set()
    for part in parts:
        kws = _RESTRICTION_PHRASES.get(part.strip())
        if kws is None and (m := re.fullmatch(r"can't be blocked by creatures with power (\d+) or less", part.strip())):
            kws = (m.group(0),)         # CR 509.1b (Arlinn's Wolf), read by rules.combat.evasion_allows
        if kws is None and (m := re.fullmatch(r"can't attack unless defending player controls an? "
                                              r"(plains|island|swamp|mountain|forest)", part.strip())):
            kws = (ATTACKS_ONLY_IF_DEFENDER_HAS[m.group(1).capitalize()],)      # CR 508.1c (Sea Serpent)
        if kws is None:
            return None
        out |= set(kws)
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
    return any(creature_type_plural(k).lower() == quality for k in creature_types())


def keyword_list(text: str) -> frozenset[str] | None:
    # "protection from Demons and from Dragons" (Baneslayer Angel): two protection abilities
    text = re.sub(r"(protection from [^,]+?),? and from ", r"\1, protection from ", text, flags=re.I)
    text = re.sub(r"(protection from [^,]+?), from ", r"\1, protection from ", text, flags=re.I)
    parts = [p.strip().lower() for p in re.split(r",\s*(?:and\s+)?|\s+and\s+", text) if p.strip()]
    ok = parts and all(p in _KEYWORD_SET or _PARAM_KEYWORD.fullmatch(p) or _protection_ok(p) for p in parts)
    return frozenset(parts) if ok else None


#: Granted by Vines of Vastwood; "your" becomes the name of the effect's controller as it
#: resolves (``resolve.execute``), which ``rules.targeting`` reads (CR 115.1, 702.11b's kin).
UNTARGETABLE_BY_OPPONENTS = "can't be the target of spells or abilities your opponents control"


def changeling_ability() -> StaticAbility:
    """CR 702.73a: "Changeling" is a characteristic-defining ability: "This object is every
    creature type." It works in every zone (CR 604.3); the types are CR 205.3m's list."""
    text = rule_text("205.3m")
    listed = text.split("All other creature types are one word long:", 1)[1]
    types = {t.strip().removeprefix("and ").strip() for t in re.split(r",", listed.rstrip(". \n"))}
    types = frozenset(t for t in types if t) | {"Time Lord"}
    return StaticAbility("self", text="Changeling (This card is every creature type.)", cda=True,
                         mods=(ChangeTypes(add_subtypes=types),))


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
            flt = Filter(subtypes=frozenset({creature_type_words()[kind]}))      # "Slivercycling" (CR 205.3m)
        if flt is None:
            return None
        effect = Search(YOU, flt, "hand")
    return ActivatedAbility(Cost(mana=mana, discard_self=True), (effect,), (), raw, False, False, zone="hand")


#: Counter kinds that mean something the engine doesn't carry out (keyword counters, CR
#: 122.1b; shield and stun counters, CR 122.1c-d): "enters with" them stays unimplemented.
_COUNTERS_WITH_RULES = frozenset(KEYWORDS) | {"shield", "stun", "finality", "first strike", "double strike"}


#: Keyword counters (CR 122.1b) the layer system gives their keyword (``layers.KEYWORD_COUNTERS``).
KEYWORD_COUNTER_KINDS = frozenset({"flying", "first strike", "double strike", "deathtouch", "haste", "hexproof",
                                   "indestructible", "lifelink", "menace", "reach", "shadow", "trample", "vigilance"})


def counter_kind_ok(kind: str) -> bool:
    return kind in ("+1/+1", "-1/-1") or (re.fullmatch(r"[a-z]+", kind) is not None
                                          and kind not in _COUNTERS_WITH_RULES)


#: Keyword abilities that stand for a triggered ability the compiler reads (CR 702), by their
#: Oracle spelling: the ability each one means, in the words of its rule.
_KEYWORDS_AS_TEXT: tuple[tuple[re.Pattern[str], str], ...] = (
    (lazy_re.compile(r"afterlife (\d+)", re.I),              # CR 702.135a
     "When ~ dies, create {0} 1/1 white and black Spirit creature tokens with flying."),
    (lazy_re.compile(r"battle cry", re.I),                     # CR 702.91a
     "Whenever ~ attacks, each other attacking creature gets +1/+0 until end of turn."),
    (lazy_re.compile(r"soulshift (\d+)", re.I),               # CR 702.46a
     "When ~ dies, you may return target Spirit card with mana value {0} or less from your graveyard to your hand."),
)


def keyword_as_text(para: str) -> str | None:
    """The ability a keyword paragraph stands for ("Afterlife 2": "When ~ dies, create two ..."),
    or None."""
    for pattern, text in _KEYWORDS_AS_TEXT:
        if m := pattern.fullmatch(para.strip().rstrip(".")):
            return text.format(*m.groups())
    return None
