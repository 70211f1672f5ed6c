"""Compiles Oracle rules text into the typed vocabulary (``cards.vocabulary``).

Most staples are written in a handful of templates ("deals 3 damage to any target",
"Target creature gets +3/+3 until end of turn", "{T}: Add {G}."). Each template below
produces vocabulary data; a paragraph no template understands is recorded as
unimplemented, so the card is refused when used rather than played blank (issue 4).
"""
from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import Any, Callable

from . import lazy_re                                              # patterns compiled at first use
from ..core.mana import COLOR_WORDS
from .vocabulary import (
    AlternativeCost, Attach, Condition, CreateDelayedTrigger, ExtraTriggers, GainControl, SacrificePermanent, WinGame,
    ANY_TARGET, SELF, YOU, ActivatedAbility, AddMana, CardScript, Cost,
    CounterSpell, CreateToken, DealDamage, Destroy, Discard, Draw, Effect, Exile, Fight, Filter,
    DamageCantBePrevented, GainLife, IfKicked, LoseLife, Mill, Pump, PutCounters, Quantity, Ref,
    Manifest, RemoveCounters, ReturnToBattlefield, ReturnToHand, Sacrifice, Scry, Search, SpellAbility,
    ChangeAbilities, ChangeTypes, SetController, SetPT, Double, Proliferate, ShuffleIntoLibrary, Transform,
    PutFromHand, PutOnBottom, ReturnChosen, RevealTop,
    ApplyModifications, BecomeCopy, CopyException, CopySpell, CreateTokenCopy, EntersAsCopy, Regenerate,
    StaticAbility, TapUntap, TargetSpec, Trigger, TriggeredAbility, n, target,
)
from .vocabulary import ManaRestriction, PreventDamage, ReplacementAbility   # CR 106.6, 614, 615
from .vocabulary import ChangeColors, CostObjects, DoAction, ModifyPT, PayEcho, PlayerStatic, ReplaceWords, SkipNextUntap, UnlessPays
from .vocabulary import Adapt, Explore
from .vocabulary import BecomeColor, Conditional, CopyCards, ExileChosen, ExileIfDies, ExtraTurn, LookAtTop
from .oracle_costs import cost_paragraph, with_cost_abilities        # CR 118, 601.2b-f
from .oracle_links import link_name, with_links                     # CR 607

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

NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "x": 0,
}
TYPE_WORDS = {
    "creature": "Creature", "artifact": "Artifact", "enchantment": "Enchantment",
    "land": "Land", "planeswalker": "Planeswalker", "permanent": "", "instant": "Instant",
    "sorcery": "Sorcery", "battle": "Battle",
}


class _Parse:
    """Accumulates the targets of one ability while its sentences are parsed."""

    def __init__(self, it: Ref | None = None, link: str = "", player: Ref | None = None) -> None:
        self.targets: list[TargetSpec] = []
        self.it = it        # what "it" / "that card" means when no target was named (a delayed ability's object)
        self.link = link    # the card's exiling link (CR 607.2a): "exiled with ~", "the exiled card"
        self.player = player  # what "that player" means without a target: the player a trigger event was done to

    def add_target(self, spec: TargetSpec) -> Ref:
        self.targets.append(spec)
        return target(len(self.targets) - 1)


def _num(word: str) -> Quantity:
    word = word.lower()
    if word == "x":
        return Quantity(x=True)
    if word.isdigit():
        return n(int(word))
    return n(NUMBERS[word])


_NUM = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|x|\d+)"


_SUPERTYPE_WORDS = {"legendary": "Legendary", "basic": "Basic", "snow": "Snow"}


_LAND_TYPE_WORDS = {w + s: w.capitalize() for w in ("plains", "island", "swamp", "mountain", "forest")
                    for s in ("", "s") if w + s != "plainss"}


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
        if word in _LAND_TYPE_WORDS:
            subtypes.add(_LAND_TYPE_WORDS[word])         # "an Island you control" (Daze), "two Mountains"
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
        if word.startswith("non-") and (kind := _creature_type_words().get(base)):
            not_subtypes.add(kind)              # "non-Vampire, non-Werewolf, non-Zombie creature" (CR 205.3m)
            continue
        base = base[:-1] if base.endswith("s") and base[:-1] in TYPE_WORDS else base
        if base in _SUPERTYPE_WORDS:
            (not_super if neg else supers).add(_SUPERTYPE_WORDS[base])
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


def creature_type_plural(kind: str) -> str:
    """The plural of a creature type in rules text ("Goblins", "Elves", "Merfolk")."""
    irregular = {v: k.capitalize() for k, v in _IRREGULAR_PLURALS.items()}
    if kind in irregular:
        return irregular[kind]
    if kind.endswith("folk") or kind in ("Sheep", "Fish", "Kithkin", "Samurai"):
        return kind
    return kind + ("es" if kind.endswith(("s", "x", "ch", "sh")) else "s")


def _creature_type_filter(text: str) -> Filter | None:
    """ "Merfolk", "Goblins", "Elves": the creatures of one creature type (CR 205.3m)."""
    from ..effects.links import creature_types
    word = re.sub(r" creatures?$", "", text.strip())
    for kind in creature_types():
        if word in (kind, creature_type_plural(kind)):
            return Filter(types=frozenset({"Creature"}), subtypes=frozenset({kind}))
    return None


def _target_spec(phrase: str) -> TargetSpec | None:
    """The thing after "target": "creature", "any target", "player", "creature or player"."""
    p = phrase.lower().strip()
    if p in ("any target",):
        return TargetSpec(ANY_TARGET, "any target")
    if p in ("player", "opponent"):
        return TargetSpec(Filter(players=True, objects=False, controller="opponent" if p == "opponent" else None), "target " + p)
    if p in ("creature or player", "player or creature"):
        return TargetSpec(Filter(types=frozenset({"Creature"}), players=True), "target creature or player")
    if p in ("creature or planeswalker",):
        return TargetSpec(Filter(types=frozenset({"Creature", "Planeswalker"})), "target " + p)
    if p in ("player or planeswalker", "opponent or planeswalker"):
        return TargetSpec(Filter(types=frozenset({"Planeswalker"}), players=True), "target " + p)
    if m := re.fullmatch(r"(.*?)\s*cards?( with mana value \d+(?: or (?:greater|less))?)? (?:from|in) "
                         r"(your|a|an opponent's) graveyard", p):
        # CR 115.2: a spell or ability may say it targets a card in a graveyard.
        flt = _card_filter(m.group(1))
        if flt is None:
            return None
        if m.group(2):
            mv = parse_filter("creature" + m.group(2))     # CR 202.3: "with mana value 3 or less"
            assert mv is not None
            flt = replace(flt, mana_value_min=mv.mana_value_min, mana_value_max=mv.mana_value_max)
        owner = {"your": "you", "a": None, "an opponent's": "opponent"}[m.group(3)]
        return TargetSpec(replace(flt, zone="graveyard", controller=owner), "target " + p)
    flt = parse_filter(p) or _creature_type_filter(phrase)     # "target Dragon" (CR 205.3m)
    if flt is None:
        kind = _creature_type_words().get(p)
        if kind is None:
            return None
        flt = Filter(subtypes=frozenset({kind}))            # "target Vampire": a permanent of that type (CR 205.3m)
    return TargetSpec(flt, "target " + p)


def _card_filter(text: str) -> Filter | None:
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
    if flt is None and (kind := _creature_type_words().get(t.lower())):
        flt = Filter(subtypes=frozenset({kind}))       # "target Spirit card" (soulshift): any card of that type
    if flt is None:
        return None
    if not flt.types and re.search(r"\bpermanents?\b", t, re.I):
        # off the battlefield, a "permanent card" is one with a permanent type (CR 110.4a)
        flt = replace(flt, types=PERMANENT_TYPES - flt.not_types)
    return replace(flt, supertypes=supertypes)


PERMANENT_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"})


_UP_TO = r"(?:(?:up to (one|two|three|four|five|\d+)|any number of) )?"


def _target_ref(text: str, st: _Parse) -> Ref | None:
    """ "target creature", "up to two target creatures" (CR 601.2c: a variable number of
    targets, from zero to N, CR 115.6)."""
    if m := re.fullmatch(r"any number of target (.+)", text.strip(), re.IGNORECASE):
        # CR 601.2c, 115.6: any number of targets, none included (strive counts them, 601.2f)
        spec = _target_spec(m.group(1))
        if spec is None:
            return None
        return st.add_target(TargetSpec(spec.filter, f"any number of target {m.group(1).lower()}", 0, 99))
    if m := re.fullmatch(r"another target (.+)", text.strip(), re.IGNORECASE):
        spec = _target_spec("another " + m.group(1))       # not the source itself (Olivia Voldaren)
        return st.add_target(TargetSpec(spec.filter, "another target " + m.group(1).lower())) if spec else None
    if m := re.fullmatch(r"(two|three|four|five) target (.+)", text.strip(), re.IGNORECASE):
        # "Untap two target lands" (Garruk Wildspeaker): exactly that many targets (CR 115.1, 601.2c)
        spec = _target_spec(m.group(2))
        if spec is None:
            return None
        n = _num(m.group(1)).fixed
        return st.add_target(TargetSpec(spec.filter, f"{m.group(1).lower()} target {m.group(2).lower()}", n, n))
    m = re.fullmatch(_UP_TO + r"target (.+)", text.strip(), re.IGNORECASE)
    if not m:
        return None
    spec = _target_spec(m.group(2))
    if spec is None:
        return None
    if m.group(1):
        most = _num(m.group(1)).fixed
        spec = TargetSpec(spec.filter, f"up to {m.group(1).lower()} target {m.group(2).lower()}", 0, most)
    return st.add_target(spec)


def _last_target(st: _Parse) -> Ref | None:
    """What "it" / "that creature" refers to: the most recent target."""
    return target(len(st.targets) - 1) if st.targets else None


# -- effect sentences ------------------------------------------------------------------
_Handler = Callable[[re.Match[str], _Parse], "list[Effect] | None"]
_EFFECTS: list[tuple[re.Pattern[str], _Handler]] = []


def _effect(pattern: str) -> Callable[[_Handler], _Handler]:
    def deco(fn: _Handler) -> _Handler:
        _EFFECTS.append((lazy_re.compile(pattern + r"$", re.IGNORECASE), fn))
        return fn
    return deco


def _who(word: str, st: _Parse) -> Ref | None:
    w = word.lower()
    if w == "you":
        return YOU
    if w == "each opponent":
        return Ref("each_opponent")
    if w == "each player":
        return Ref("each_player")
    if w.startswith("target "):
        spec = _target_spec(w[len("target "):])
        return st.add_target(spec) if spec else None
    if w == "that player" and st.player is not None and not st.targets:
        return st.player                                   # the player the trigger event was done to
    last = _last_target(st)
    if last is None:
        return None
    if w in ("its controller", "that spell's controller") or re.fullmatch(
            r"that (creature|permanent|artifact|enchantment|land|planeswalker)'s controller", w):
        if st.targets[-1].filter.players and not st.targets[-1].filter.objects:
            return None
        return Ref("target_controller", last.index)        # CR 608.2h: last known information
    if w == "that player" and st.targets[-1].filter.players:
        return last
    if re.fullmatch(r"that player or that (planeswalker|permanent|creature)'s controller", w) \
            and st.targets[-1].filter.players:
        return Ref("target_controller", last.index)        # Blightning (CR 608.2h)
    return None


@_effect(r"(target (?:.+?) card in your graveyard) gains flashback until end of turn")
def _gains_flashback(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """Snapcaster Mage: the card has flashback until end of turn; "The flashback cost is equal to
    its mana cost" follows (CR 702.34a), a granted "flashback" with no cost of its own."""
    ref = _target_ref(m.group(1), st)
    if ref is None or st.targets[ref.index].filter.zone != "graveyard":
        return None
    return [Pump(ref, keywords=frozenset({"flashback"}), in_graveyard=True)]


@_effect(r"you may copy (?:this spell|~)(?: and may choose (?:a )?new targets? for (?:that|the) copy)?")
def _copy_self(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """Chain Lightning: "they may copy this spell and may choose a new target for that copy"
    (CR 707.10, 707.10c): the spell is still on the stack as it resolves."""
    return [CopySpell(SELF, new_targets="new target" in m.group(0).lower(), optional=True)]


@_effect(r"copy target (instant or sorcery|instant|sorcery|creature) spell( you control)?(?:, except (.+?))?")
def _copy_spell(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """Twincast, Fork; Double Major ("copy target creature spell you control, except it isn't
    legendary if the spell is legendary": a copy of a permanent spell becomes a token, CR 707.10f)."""
    types = frozenset(t.capitalize() for t in m.group(1).split(" or "))
    exception = _copy_exception(re.sub(r" if the spell is legendary$", "", m.group(3) or "", flags=re.I) or None)
    if exception is False:
        return None
    flt = Filter(types=types, spells=True, controller="you" if m.group(2) else None)
    ref = st.add_target(TargetSpec(flt, f"target {m.group(1)} spell{m.group(2) or ''}"))
    return [CopySpell(ref, False, exception or None)]                     # CR 707.10


@_effect(r"(that creature|it) becomes an? ([A-Z][a-z]+) in addition to its other types")
def _becomes_subtype(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """Olivia Voldaren: "That creature becomes a Vampire in addition to its other types" — a
    layer 4 effect with no duration (CR 613.1d, 611.2a)."""
    from ..effects.links import creature_types
    ref = _last_target(st)
    if ref is None or m.group(2) not in creature_types():
        return None
    return [ApplyModifications(ref, (ChangeTypes(add_subtypes=frozenset({m.group(2)})),), until_end_of_turn=False)]


@_effect(r"~ becomes a copy of (that creature|it), except it has this ability")
def _becomes_copy_keeping(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """Unstable Shapeshifter: it becomes a copy of the creature that entered, except it has this
    ability (CR 707.4, 707.9a: the exception is part of its copiable values)."""
    return [BecomeCopy(SELF, st.it, keep_this_ability=True)] if st.it is not None else None


@_effect(r"(that player|you) cop(?:y|ies) (?:each|the) (.+?) cards? exiled with ~")
def _copy_exiled_cards(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """Eye of the Storm: "that player copies each instant and sorcery card exiled with ~" — copies of
    cards, cast by the sentence that follows (CR 707.12, 607.2a)."""
    flt = _card_filter(re.sub(r" and ", " or ", m.group(2), flags=re.I))
    if flt is None or not st.link:
        return None
    who = YOU if m.group(1).lower() == "you" else Ref("triggering_controller")
    return [CopyCards(Ref("linked", filter=flt, link=st.link), who)]


@_effect(r"copy (it|that card)(,? then you may cast the copy( without paying its mana cost)?)?")
def _copy_moved_card(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """Shiko, Paragon of the Way: "exile target ... card from your graveyard. Copy it, then you may
    cast the copy without paying its mana cost" — the card the target became (CR 400.7, 707.12)."""
    last = _last_target(st)
    if last is None or not st.targets[-1].filter.zone:
        return None                                    # only a targeted card ("copy it" of a spell is CopySpell)
    # "..., then you may cast the copy [without paying its mana cost]"; else the sentence that
    # follows says how ("You may cast the copy without paying its mana cost")
    free = bool(m.group(3)) if m.group(2) else True
    return [CopyCards(Ref("moved", last.index), YOU, free=free)]


@_effect(r"(you may )?copy the exiled card")
def _copy_exiled_card(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """Isochron Scepter, Spellbinder: "[you may] copy the exiled card" (the imprinted one, CR 607.2a,
    707.12); "If you do, you may cast the copy ..." follows."""
    if not st.link:
        return None
    return [CopyCards(Ref("linked", link=st.link), YOU, optional=bool(m.group(1)))]


@_effect(r"exile (it|that spell)")
def _exile_it(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """ "Whenever a player casts ..., exile it" (Eye of the Storm): the object the trigger refers to,
    exiled with the source when the card links it (CR 607.2a)."""
    return [Exile(st.it, link=st.link)] if st.it is not None else None


@_effect(r"exile an? (.+?) card( with mana value \d+(?: or (?:greater|less))?)? from your hand")
def _exile_from_hand(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """Imprint: "[you may] exile an instant card with mana value 2 or less from your hand" (CR
    701.13a), linked to the card's other abilities (CR 607.2a)."""
    flt = _card_filter(m.group(1) + (m.group(2) or ""))
    return [ExileChosen(flt, "hand", link=st.link)] if flt is not None else None


@_effect(r"(?:~|it) deals damage equal to the sacrificed (creature|artifact|permanent)'s (power|toughness) to (.+)")
def _damage_sacrificed(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """Fling: the power of the creature sacrificed to cast it, as it last existed (CR 608.2h); a
    copy of the spell uses the original's (CR 707.10)."""
    what = m.group(3).strip().lower()
    to = st.add_target(TargetSpec(ANY_TARGET, "any target")) if what == "any target" else \
        _target_ref(what, st) if "target" in what else None
    if to is None:
        return None
    return [DealDamage(Quantity(stat=m.group(2).lower(), of=Ref("paid", link="cost:sacrificed")), to)]


@_effect(r"discard " + _NUM + r" cards?")
def _discard_you(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """ "Draw two cards, then discard two cards" (Izzet Charm): you discard (CR 701.9a)."""
    return [Discard(YOU, _num(m.group(1)))]


@_effect(r"create a token that's a copy of (target .+?|equipped creature|enchanted creature)(?:, except (.+?))?")
def _token_copy(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    exception = _copy_exception((m.group(2) or "").replace("the token isn't", "it isn't"))
    if exception is False:
        return None
    what = m.group(1).lower()
    if what.startswith("target "):
        spec = _target_spec(what[len("target "):])
        if spec is None:
            return None
        return [CreateTokenCopy(st.add_target(spec), exception=exception or None)]
    return [CreateTokenCopy(Ref(what.split()[0]), exception=exception or None)]


@_effect(r"(you|target player) gains? that much life")
def _that_much_life(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    who = _who(m.group(1), st)
    return [GainLife(who, Quantity(stat="that_much"))] if who else None      # the trigger event's amount


@_effect(r"(?:that token|those tokens) gains? (.+?)")
def _token_gains(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    kws = _keyword_list(m.group(1))
    return [Pump(Ref("created"), keywords=kws, until_end_of_turn=False)] if kws else None


@_effect(r"regenerate (~|target (.+?))")
def _regenerate(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    if m.group(1) == "~":
        return [Regenerate(SELF)]                                               # CR 701.19a
    spec = _target_spec(m.group(2))
    return [Regenerate(st.add_target(spec))] if spec else None


@_effect(r"each other creature becomes a copy of target (.+?) until end of turn")
def _mirrorweave(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    spec = _target_spec(m.group(1))
    if spec is None:
        return None
    ref = st.add_target(spec)
    return [BecomeCopy(Ref("each", filter=Filter(types=frozenset({"Creature"}))), ref, True, True)]  # CR 707.4


@_effect(r"target (.+?) becomes a copy of another target (.+?)")
def _become_copy(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    first, second = _target_spec(m.group(1)), _target_spec(m.group(2))
    if first is None or second is None:
        return None
    return [BecomeCopy(st.add_target(first), st.add_target(second))]             # CR 707.4


@_effect(r"copy target (triggered|activated) ability you control")
def _copy_ability(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    kind = m.group(1).lower()
    ref = st.add_target(TargetSpec(Filter(spells=True, abilities=kind, controller="you"),
                                   f"target {kind} ability you control"))
    return [CopySpell(ref, False)]                                               # CR 707.10


@_effect(r"(?:~|it) deals " + _NUM + r" damage divided as you choose among (one or two|one, two, or three|any number of) targets")
def _divided_damage(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    most = {"one or two": 2, "one, two, or three": 3}.get(m.group(2).lower(), 99)
    amount = _num(m.group(1))
    ref = st.add_target(TargetSpec(ANY_TARGET, f"{m.group(2)} targets", 1, most))
    return [DealDamage(amount, ref, divided=True)]


@_effect(r"(?:~|it) deals " + _NUM + r" damage divided evenly, rounded down, among any number of targets")
def _evenly_divided_damage(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """Fireball: X damage divided evenly, rounded down, among the targets chosen (CR 601.2c)."""
    ref = st.add_target(TargetSpec(ANY_TARGET, "any number of targets", 0, 99))
    return [DealDamage(_num(m.group(1)), ref, evenly=True)]


@_effect(r"damage can't be prevented this turn")
def _unpreventable(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    return [DamageCantBePrevented()]


@_effect(r"players can't gain life this turn")
def _no_life_gain(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    return [DamageCantBePrevented(life=True)]                          # CR 119.7 (Skullcrack)


# -- double and triple (CR 701.10, 701.11) ---------------------------------------------------
_LIFE_OWNER = r"(your|target player's|target opponent's|each player's|each opponent's|its controller's)"


def _life_owner(word: str, st: _Parse) -> Ref | None:
    """Whose life total: "your", "target player's", "its controller's" (in a trigger about an
    object, the controller of that object: Celestial Mantle)."""
    w = word.lower()
    if w == "its controller's":
        return Ref("triggering_controller") if st.it is not None and st.it.kind == "triggering" else None
    return _who(w[:-2] if w.endswith("'s") else "you", st)


@_effect(r"(double|triple) " + _LIFE_OWNER + r" life total")
def _double_life(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """CR 701.10d: the player gains or loses life so the total becomes twice what it was."""
    who = _life_owner(m.group(2), st)
    return [Double(who, "life", times=_TIMES[m.group(1).lower()])] if who else None


_DOUBLE_WHAT = r"(each (?:other )?creature you control|each (?:other )?[A-Z][a-z]+ you control|target (?:.+?)|~)"


def _double_subject(what: str, st: _Parse) -> Ref | None:
    """What a doubling acts on: "each creature you control", "each other creature you control",
    "each Dragon you control", "target creature (you control)", "~"."""
    if what == "~":
        return SELF
    if what.lower().startswith("target "):
        return _target_ref(what, st)
    m = re.fullmatch(r"each (other )?(.+?) you control", what)
    flt = _subject_filter(m.group(2)) if m else None
    if flt is None or flt.spells:
        return None
    if not flt.types:
        flt = replace(flt, types=frozenset({"Creature"}))
    return Ref("each", filter=replace(flt, controller="you", other=bool(m.group(1))))


@_effect(r"(double|triple) the (power and toughness|power|toughness) of " + _DOUBLE_WHAT + r"( until end of turn)?")
def _double_power_toughness(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """CR 701.10a-c, 701.11: +X/+0, +0/+X or +X/+Y in layer 7c, fixed as it resolves."""
    ref = _double_subject(m.group(3), st)
    if ref is None or (ref.kind == "target" and st.targets[ref.index].filter.players):
        return None
    value = m.group(2).lower().replace(" and ", "_")
    return [Double(ref, value, times=_TIMES[m.group(1).lower()], until_end_of_turn=bool(m.group(4)))]


@_effect(r"(double|triple) (target .+?'s|~'s) (power and toughness|power|toughness)( until end of turn)?")
def _double_power(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """ "Double target creature's power until end of turn" (Bulk Up, Choose Your Weapon)."""
    ref = _double_subject(m.group(2)[:-2], st)
    if ref is None or (ref.kind == "target" and st.targets[ref.index].filter.players):
        return None
    value = m.group(3).lower().replace(" and ", "_")
    return [Double(ref, value, times=_TIMES[m.group(1).lower()], until_end_of_turn=bool(m.group(4)))]


@_effect(r"choose any number of target (.+)")
def _choose_targets(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """ "Choose any number of target creatures." (CR 601.2c, 115.1d): the targets the next
    sentence's "each of them" acts on."""
    phrase = re.sub(r"s$", "", m.group(1).lower())
    spec = _target_spec(phrase)
    if spec is None or spec.filter.players:
        return None
    st.add_target(TargetSpec(spec.filter, "any number of target " + m.group(1).lower(), 0, 99))
    return []


@_effect(r"(double|triple) the number of (each kind of counter|(?:\+1/\+1|-1/-1|[a-z]+) counters) on "
         r"(each of them|it|that creature|that permanent|" + _DOUBLE_WHAT[1:-1] + r")")
def _double_counters(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """CR 701.10e: as many more of those counters as it has ("each kind": every kind it has)."""
    where = m.group(3)
    if where.lower() in ("each of them", "it", "that creature", "that permanent"):
        ref: Ref | None = _last_target(st) or st.it
    else:
        ref = _double_subject(where, st)
    if ref is None:
        return None
    kind = "" if m.group(2).lower().startswith("each kind") else m.group(2).lower().rsplit(" ", 1)[0]
    return [Double(ref, "counters", kind, times=_TIMES[m.group(1).lower()])]


@_effect(r"(double|triple) the amount of each type of unspent mana you have")
def _double_mana(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """CR 701.10f (Doubling Cube)."""
    return [Double(YOU, "mana", times=_TIMES[m.group(1).lower()])]


@_effect(r"double the value of x")
def _double_x(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """Unbound Flourishing: the X of the spell the trigger refers to (CR 107.3)."""
    return [Double(Ref("triggering"), "x")]


@_effect(r"copy that (spell|spell or ability|ability)")
def _copy_that(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """ "Whenever you cast ..., copy that spell" (Swarm Intelligence, Reflections of Littjara):
    the spell or ability the trigger refers to (CR 707.10); "You may choose new targets for
    the copy" follows as its own sentence."""
    return [CopySpell(Ref("triggering"), False)]


@_effect(r"that player adds one mana of any type that (?:land|permanent) produced")
def _mana_produced(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """A triggered mana ability's mana (Heartbeat of Spring, CR 605.1b)."""
    return [AddMana(produced=True)]


@_effect(r"for each creature token you control, create a token that's a copy of that creature")
def _copy_each_token(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """Rhys the Redeemed: a token copy of each creature token you control (CR 707.2, 111.1)."""
    return [CreateTokenCopy(Ref("each", filter=Filter(types=frozenset({"Creature"}), controller="you", token=True)))]


@_effect(r"(create .+? creature tokens?) for each ([a-z0-9+/-]+) counter on ~")
def _tokens_per_counter(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """ "Create a 1/1 green Snake creature token for each charge counter on ~" (Orochi Hatchery):
    counted as it resolves (CR 608.2h)."""
    made = _parse_clause(m.group(1), st)
    if not made or len(made) != 1 or not isinstance(made[0], CreateToken) or made[0].amount != n(1):
        return None
    return [replace(made[0], amount=Quantity(stat="counters:" + m.group(2).lower(), of=SELF))]


@_effect(r"until end of turn, (target .+?) loses all abilities and has base power and toughness (\d+)/(\d+)")
def _lose_abilities_base_pt(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """Ovinize: layer 6 (CR 613.1f) and layer 7b (CR 613.4b) until end of turn."""
    ref = _target_ref(m.group(1), st)
    if ref is None or st.targets[ref.index].filter.players:
        return None
    return [ApplyModifications(ref, (ChangeAbilities(remove_all=True), SetPT(n(int(m.group(2))), n(int(m.group(3))))))]


@_effect(r"proliferate")
def _proliferate(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    return [Proliferate()]                                           # CR 701.34a


@_effect(r"shuffle ~ into its owner's library")
def _shuffle_self(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    return [ShuffleIntoLibrary(SELF)]                                 # CR 701.24a


@_effect(r"manifest the top (card|(\w+) cards) of your library")
def _manifest(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    return [Manifest(YOU, _num(m.group(2)) if m.group(2) else n(1))]   # CR 701.40a


@_effect(r"transform ~")
def _transform_self(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    return [Transform(SELF)]                                          # CR 701.27a


@_effect(r"(target opponent|target player|each opponent) loses half (?:their|his or her) life, rounded (up|down)")
def _half_life(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """Revenge: half of the player's life, rounded up (CR 107.1a)."""
    if m.group(2).lower() != "up":
        return None
    who = _who(m.group(1), st)
    return [LoseLife(who, Quantity(stat="half_life"))] if who else None


@_effect(r"(each opponent|each player|target opponent|target player) loses life equal to the life (?:they|he or she) "
         r"lost this turn")
def _life_lost_again(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """Wound Reflection: each player's own loss this turn (CR 119.3)."""
    who = _who(m.group(1), st)
    return [LoseLife(who, Quantity(stat="life_lost_this_turn"))] if who else None


@_effect(r"(?:~|it) deals " + _NUM + r" damage to (.+)")
def _damage(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    amount = _num(m.group(1))
    dest = m.group(2).lower()
    if dest == "any target":
        return [DealDamage(amount, st.add_target(TargetSpec(ANY_TARGET, "any target")))]
    if dest.startswith("another target "):
        ref = _target_ref(dest, st)
        return [DealDamage(amount, ref)] if ref else None
    if dest.startswith("target "):
        spec = _target_spec(dest[7:])
        return [DealDamage(amount, st.add_target(spec))] if spec else None
    if dest == "each opponent":
        return [DealDamage(amount, Ref("each_opponent"))]
    if dest == "each player":
        return [DealDamage(amount, Ref("each_player"))]
    if dest == "you":
        return [DealDamage(amount, YOU)]
    if m2 := re.fullmatch(r"each (.+?) and each (player|opponent)", dest):
        # Pestilence, Hurricane ("each creature with flying and each player"), Earthquake
        flt = parse_filter(m2.group(1))
        players = Ref("each_player" if m2.group(2) == "player" else "each_opponent")
        return [DealDamage(amount, Ref("each", filter=flt)), DealDamage(amount, players)] if flt else None
    if dest.startswith("each "):
        flt = parse_filter(dest[5:])
        return [DealDamage(amount, Ref("each", filter=flt))] if flt else None
    who = _who(dest, st)
    return [DealDamage(amount, who)] if who is not None else None


@_effect(r"(you|target player|target opponent|each player|each opponent|that player) (?:draw|draws) " + _NUM
         + r" (?:additional )?cards?")
def _draw_who(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    who = _who(m.group(1), st)
    return [Draw(who, _num(m.group(2)))] if who else None


@_effect(r"draw " + _NUM + r" cards?")
def _draw(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    return [Draw(YOU, _num(m.group(1)))]


_SUBJECT = (r"(you|target player|target opponent|each player|each opponent|its controller|that player|"
            r"that creature's controller|that permanent's controller)")


@_effect(_SUBJECT + r" (gain|gains|lose|loses) life equal to (?:its|that creature's|that card's) "
         r"(power|toughness|mana value)")
def _life_equal(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """ "Its controller gains life equal to its power": the target's characteristics as they
    are, or as they last were if it has left its zone (CR 608.2h)."""
    of = _last_target(st)
    who = _who(m.group(1), st)
    if who is None or of is None:
        return None
    amount = Quantity(stat=m.group(3).lower().replace(" ", "_"), of=of)
    return [GainLife(who, amount) if m.group(2).lower().startswith("gain") else LoseLife(who, amount)]


@_effect(_SUBJECT + r" (gain|gains|lose|loses) " + _NUM + r" life")
def _life(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    who = _who(m.group(1), st)
    if who is None:
        return None
    amount = _num(m.group(3))
    return [GainLife(who, amount) if m.group(2).startswith("gain") else LoseLife(who, amount)]


@_effect(r"(destroy|exile|tap|untap) (" + _UP_TO + r"(?:(?:two|three|four|five) )?target .+)")
def _target_verb(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    ref = _target_ref(m.group(2), st)
    if ref is None:
        return None
    spec = st.targets[ref.index]
    verb = m.group(1).lower()
    if spec.filter.players or (spec.filter.zone == "graveyard" and verb != "exile"):
        return None
    if verb == "destroy":
        return [Destroy(ref)]
    if verb == "exile":
        return [Exile(ref)]
    return [TapUntap(ref, tap=verb == "tap")]


@_effect(r"destroy (it|that creature|that permanent|that land)")
def _destroy_it(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """ "destroy that creature" (a delayed ability's object, Merieke Ri Berit), "destroy it" (the
    triggering object, Blight): CR 701.8a."""
    ref = _it(st, "it" if m.group(1).lower() == "that land" else m.group(1))
    return [Destroy(ref)] if ref is not None else None


@_effect(r"destroy all (.+)")
def _destroy_all(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    flt = parse_filter(m.group(1))
    return [Destroy(Ref("each", filter=flt))] if flt else None


@_effect(r"return (" + _UP_TO + r"target .+?) to (?:its|their) owner'?s'? hands?")
def _bounce(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    ref = _target_ref(m.group(1), st)
    return [ReturnToHand(ref)] if ref else None


@_effect(r"return (" + _UP_TO + r"target .+? (?:from|in) your graveyard) to your hand")
def _regrow(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """Raise Dead: a card in a graveyard is targeted (CR 115.2) and returned to its owner's hand."""
    ref = _target_ref(m.group(1), st)
    return [ReturnToHand(ref)] if ref else None


@_effect(r"(?:return|put) (" + _UP_TO + r"target .+? (?:from|in) (?:your|a) graveyard) "
         r"(?:to|onto) the battlefield( tapped)?( under your control)?")
def _reanimate(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    ref = _target_ref(m.group(1), st)
    return [ReturnToBattlefield(ref, tapped=bool(m.group(3)))] if ref else None


@_effect(r"counter target (.+?)(?: unless its controller pays ((?:\{[0-9X]+\})+))?")
def _counter(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    phrase = m.group(1).lower()
    spec = _target_spec(phrase)
    if spec is None or not spec.filter.spells:
        return None
    return [CounterSpell(st.add_target(spec), unless_pays=m.group(2) or "")]


@_effect(r"scry " + _NUM)
def _scry(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    return [Scry(YOU, _num(m.group(1)))]


@_effect(r"fateseal " + _NUM)
def _fateseal(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    # CR 701.29a: scry an opponent's library; the opponent is chosen as it resolves (one opponent
    # in a two-player game)
    return [Scry(YOU, _num(m.group(1)), library=Ref("each_opponent"))]


@_effect(r"surveil " + _NUM)
def _surveil(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    return [Scry(YOU, _num(m.group(1)), surveil=True)]                 # CR 701.25a


@_effect(r"(target (.+?)|~|it) fights (" + _UP_TO + r"(?:another )?target .+)")
def _fight(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """CR 701.14a: "Target creature you control fights target creature you don't control"."""
    subject = m.group(1).lower()
    if subject == "~":
        first: Ref | None = SELF
    elif subject == "it":
        first = _last_target(st) or st.it        # a reflexive ability's "it" (Back for More)
    else:
        spec = _target_spec(m.group(2))
        first = st.add_target(spec) if spec else None
    if first is None:
        return None
    second = _target_ref(m.group(3), st)
    return [Fight(first, second)] if second else None


@_effect(r"(target player|target opponent|each player|each opponent|you) sacrifices? " + _NUM + r" (.+)")
def _sacrifice(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """CR 701.21a: "Target player sacrifices a creature" (Diabolic Edict)."""
    flt = parse_filter(m.group(3))
    if flt is None or flt.spells or flt.controller:
        return None
    who = _who(m.group(1), st)
    return [Sacrifice(who, flt, _num(m.group(2)))] if who else None


@_effect(r"(?:(you|its controller|that player|target player) (may )?)?search(?:es)? (?:your|their) library for "
         r"(a|an|up to (?:one|two|three|four|\d+)) (?:(.+?) )?cards?(?= named ~,|,)(?P<named> named ~)?, "
         r"(?:reveal (?:it|that card|them|those cards), )?"
         r"put (?:it|that card|them|those cards|(one) onto the battlefield tapped and the other into your hand)"
         r"(?: (onto the battlefield( tapped)?|into (?:your|their) hand))?, then shuffle")
def _search(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """CR 701.23: search a library for cards, put them somewhere, then shuffle (CR 701.24a)."""
    who = _who(m.group(1), st) if m.group(1) else YOU
    flt = _card_filter(m.group(4) or "")
    if who is None or flt is None:
        return None
    count = m.group(3).lower()
    amount = _num(count.split()[-1]).fixed if count.startswith("up to") else 1
    named = bool(m.group("named"))          # "cards named ~" (Squadron Hawk): the source's name
    if m.group(6):
        # Cultivate, Kodama's Reach: the player chooses which one goes onto the battlefield
        return [Search(who, flt, "hand", tapped=True, amount=amount, optional=bool(m.group(2)),
                       one_to_battlefield=True, named_self=named)] if amount == 2 and not m.group(7) else None
    if not m.group(7):
        return None
    to = "battlefield" if m.group(7).lower().startswith("onto") else "hand"
    return [Search(who, flt, to, tapped=bool(m.group(8)), amount=amount, optional=bool(m.group(2)),
                   named_self=named)]


_PT = r"([+-]\d+|[+-]x)/([+-]\d+|[+-]x)"


def _pt(value: str) -> tuple[int, int]:
    """(fixed, x sign) of "+3" / "-x"."""
    if value[1:].lower() == "x":
        return 0, (1 if value[0] == "+" else -1)
    return int(value), 0


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
    from ..effects.links import creature_types
    return any(creature_type_plural(k).lower() == quality for k in creature_types())


def _keyword_list(text: str) -> frozenset[str] | None:
    # "protection from Demons and from Dragons" (Baneslayer Angel): two protection abilities
    text = re.sub(r"(protection from [^,]+?),? and from ", r"\1, protection from ", text, flags=re.I)
    text = re.sub(r"(protection from [^,]+?), from ", r"\1, protection from ", text, flags=re.I)
    parts = [p.strip().lower() for p in re.split(r",\s*(?:and\s+)?|\s+and\s+", text) if p.strip()]
    ok = parts and all(p in _KEYWORD_SET or _PARAM_KEYWORD.fullmatch(p) or _protection_ok(p) for p in parts)
    return frozenset(parts) if ok else None


@_effect(r"(target (.+?)|~|enchanted creature|equipped creature|it|that creature) gets? " + _PT +
         r"(?: and gains (.+?))? until end of turn")
def _pump(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    subject = m.group(1).lower()
    if subject.startswith("target "):
        spec = _target_spec(m.group(2))
        if spec is None:
            return None
        ref = st.add_target(spec)
    elif subject == "~":
        ref = SELF
    elif subject in ("it", "that creature"):
        found = _it(st, subject)            # Vines of Vastwood: "that creature gets +4/+4"
        if found is None:
            return None
        ref = found
    else:
        ref = Ref(subject.split()[0])
    p, px = _pt(m.group(3))
    t, tx = _pt(m.group(4))
    if px != tx and px and tx:
        return None
    kws = frozenset()
    if m.group(5):
        parsed = _keyword_list(m.group(5))
        if parsed is None:
            return None
        kws = parsed
    return [Pump(ref, p, t, kws, x_sign=px or tx)]


@_effect(r"((?:up to (?:one|two|three) )?target .+?|~|it|that creature|(?:other )?creatures (?:you|your opponents) control"
         r"|creatures target player controls) (can't block|can't be blocked|can't attack or block) this turn")
def _restricted_this_turn(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """ "Target creature can't block this turn" (Cartouche of Zeal), "... can't be blocked this turn"
    (Artful Dodge): a restriction until end of turn (CR 509.1b, 611.2a)."""
    subject = m.group(1).lower()
    if "target" in subject and "controls" not in subject:
        ref = _target_ref(m.group(1), st)
    elif subject == "~":
        ref = SELF
    elif subject in ("it", "that creature"):
        ref = _it(st, subject)
    else:
        ref = _each_controlled(subject, st)
    kws = restrictions(m.group(2))
    return [Pump(ref, keywords=kws)] if ref is not None and kws else None


#: Granted by Vines of Vastwood; "your" becomes the name of the effect's controller as it
#: resolves (``resolve.execute``), which ``rules.targeting`` reads (CR 115.1, 702.11b's kin).
UNTARGETABLE_BY_OPPONENTS = "can't be the target of spells or abilities your opponents control"


@_effect(r"(target (.+?)) can't be the target of spells or abilities your opponents control this turn")
def _untargetable(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    spec = _target_spec(m.group(2))
    if spec is None or spec.filter.players:
        return None
    return [Pump(st.add_target(spec), keywords=frozenset({UNTARGETABLE_BY_OPPONENTS}))]


@_effect(r"(?:each )?(other )?(.+?)( you control)? gets? " + _PT + r"(?: and gains? (.+?))? until end of turn")
def _mass_pump(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """ "Creatures you control get +2/+1 until end of turn", "Attacking creatures get +2/+0
    until end of turn": the creatures are those matching as it resolves (CR 611.2c)."""
    flt = parse_filter(m.group(2)) or _creature_type_filter(m.group(2))
    if flt is None or flt.spells or flt.controller or "Creature" not in flt.types:
        return None
    flt = replace(flt, controller="you" if m.group(3) else None, other=bool(m.group(1)) or flt.other)
    p, px = _pt(m.group(4))
    t, tx = _pt(m.group(5))
    kws = _keyword_list(m.group(6)) if m.group(6) else frozenset()
    if px or tx or kws is None:
        return None
    return [Pump(Ref("each", filter=flt), p, t, kws)]


@_effect(r"(other )?((?:attacking |blocking )?(?:creatures|permanents|[a-z]+ creatures))( you control| your opponents control)? "
         r"(?:get " + _PT + r"(?: and gain (.+?))?|gain (.+?)) until end of turn")
def _mass_pump_or_gain(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """ "Creatures you control get +2/+1 until end of turn" (Inspired Charge), "Permanents you
    control gain hexproof and indestructible until end of turn" (Heroic Intervention), "Attacking
    creatures get +2/+0 until end of turn": the affected set is fixed as it resolves (CR 611.2c)."""
    flt = parse_filter(m.group(2))
    if flt is None or flt.spells:
        return None
    controller = {" you control": "you", " your opponents control": "opponent"}.get(m.group(3) or "")
    flt = replace(flt, controller=controller, other=bool(m.group(1)))
    kw_text = m.group(6) or m.group(7)
    kws = _keyword_list(kw_text) if kw_text else frozenset()
    if kws is None:
        return None
    p, px = _pt(m.group(4)) if m.group(4) else (0, 0)
    t, tx = _pt(m.group(5)) if m.group(5) else (0, 0)
    if px or tx:
        return None
    return [Pump(Ref("each", filter=flt), p, t, kws)]


@_effect(r"((?:another )?target (.+?)|~) gains (.+?) until end of turn")
def _gain_keywords(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    kws = _keyword_list(m.group(3))
    if kws is None:
        return None
    if m.group(1).startswith("~"):
        return [Pump(SELF, keywords=kws)]
    spec = _target_spec(m.group(2))
    if spec is not None and m.group(1).lower().startswith("another "):
        spec = replace(spec, filter=replace(spec.filter, other=True), text="another " + spec.text)
    return [Pump(st.add_target(spec), keywords=kws)] if spec else None


@_effect(r"you get ((?:\{E\})+)")
def _get_energy(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """CR 107.14, 122.1: "you get {E}{E}": that many energy counters on you."""
    return [PutCounters(YOU, "energy", n(m.group(1).upper().count("{E}")))]


_EACH_CREATURE_YOU_CONTROL = Ref("each", filter=Filter(types=frozenset({"Creature"}), controller="you"))


@_effect(r"put " + _NUM + r" ([+-]1/[+-]1|first strike|double strike|[a-z]+) counters? on "
         r"(target (.+)|~|each creature you control|it|that creature|that permanent)")
def _counters(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """+1/+1 and -1/-1 counters (CR 122.1a), keyword counters (CR 122.1b: "Put an indestructible
    counter on ~") and counters without rules of their own."""
    kind = m.group(2).lower()
    if kind not in ("+1/+1", "-1/-1") and kind not in KEYWORD_COUNTER_KINDS and not _counter_kind_ok(kind):
        return None
    amount = _num(m.group(1))
    where = m.group(3).lower()
    if where == "~":
        ref = SELF
    elif where == "each creature you control":
        ref = _EACH_CREATURE_YOU_CONTROL
    elif m.group(4) is None:
        it = _it(st, where)             # "put a +1/+1 counter on that creature" (Anointer of Valor)
        if it is None:
            return None
        ref = it
    else:
        spec = _target_spec(m.group(4))
        if spec is None:
            return None
        ref = st.add_target(spec)
    return [PutCounters(ref, m.group(2), amount)]


@_effect(r"(target player|target opponent|each opponent|each player|that player|you|"
         r"that player or that (?:planeswalker|permanent|creature)'s controller) discards? " + _NUM + r" cards?( at random)?")
def _discard(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """ "Target player discards two cards" (Mind Rot); "Draw two cards, then discard two
    cards" (Careful Study: the subject "you" is implied, CR 701.9a); "at random" (CR 701.9b)."""
    who = _who(m.group(1), st)
    return [Discard(who, _num(m.group(2)), chooser="random" if m.group(3) else "")] if who else None


@_effect(r"return " + _NUM + r" (.+?) you control to (?:its|their) owner'?s'? hands?")
def _return_own(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """Boros Garrison: "return a land you control to its owner's hand" (chosen, not targeted)."""
    flt = parse_filter(m.group(2))
    if flt is None or flt.spells or flt.controller:
        return None
    return [ReturnChosen(YOU, flt, _num(m.group(1)))]


@_effect(r"put (target .+?) on the bottom of (?:its|their) owner'?s'? librar(?:y|ies)")
def _tuck(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """Condemn: "Put target attacking creature on the bottom of its owner's library" (CR 401.4)."""
    ref = _target_ref(m.group(1), st)
    if ref is None or st.targets[ref.index].filter.players:
        return None
    return [PutOnBottom(ref)]


@_effect(r"put " + _NUM + r" cards? from your hand on top of your library(?: in any order)?")
def _put_back(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    return [PutFromHand(YOU, _num(m.group(1)))]                 # Brainstorm (CR 401.4)


@_effect(r"discard " + _NUM + r" cards?")
def _discard_yourself(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    return [Discard(YOU, _num(m.group(1)))]


@_effect(r"(?:(target player|target opponent|each opponent|each player|you|its controller) )?mills? " + _NUM + r" cards?")
def _mill(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """CR 701.17a; the imperative "Mill two cards" is the controller's."""
    who = _who(m.group(1), st) if m.group(1) else YOU
    return [Mill(who, _num(m.group(2)))] if who else None


#: Who creates tokens, when not the effect's controller: "Its controller creates ..." (Beast Within).
_CREATOR = r"(?:(its controller|that (?:creature|permanent)'s controller|each player|each opponent) )?creates? "


def _creator(words: str | None, st: _Parse) -> Ref | None | bool:
    """The ``who`` of a token-creating effect: None for the controller, False if not understood."""
    if not words:
        return None
    return _who(words, st) or False


@_effect(_CREATOR + _NUM + r" (\d+)/(\d+) ((?:white|blue|black|red|green|colorless)(?: and (?:white|blue|black|red|green))?) ([A-Z][A-Za-z ]*?) ((?:artifact |enchantment )+)?creature tokens?(?: with (.+))?")
def _token(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """ "Create two 1/1 white Soldier creature tokens"; "Its controller creates a 3/3 green Beast
    creature token" (Beast Within): the target's controller, as last known (CR 608.2h), creates
    and controls it (CR 111.2)."""
    who = _creator(m.group(1), st)
    if who is False:
        return None
    colors = tuple(COLOR_WORDS[c] for c in m.group(5).lower().split(" and ") if c in COLOR_WORDS)
    subtypes = tuple(m.group(6).split())
    kws = frozenset()
    if m.group(8):
        parsed = _keyword_list(m.group(8))
        if parsed is None:
            return None
        kws = parsed
    # "a 2/2 blue Bird enchantment creature token" (Aerie Worshippers): card types before "creature"
    types = tuple(w.capitalize() for w in (m.group(7) or "").split()) + ("Creature",)
    # CR 111.4: unnamed, a token is named after its subtypes plus the word "Token"
    return [CreateToken(_num(m.group(2)), " ".join(subtypes) + " Token", int(m.group(3)), int(m.group(4)),
                        colors, types, subtypes, kws, who=who)]


#: The predefined tokens (CR 111.10): card types, subtypes and rules text ("this token": itself).
PREDEFINED_TOKENS: dict[str, tuple[tuple[str, ...], str]] = {
    "Treasure": (("Artifact",), "{T}, Sacrifice this token: Add one mana of any color."),         # 111.10a
    "Food": (("Artifact",), "{2}, {T}, Sacrifice this token: You gain 3 life."),                   # 111.10b
    "Gold": (("Artifact",), "Sacrifice this token: Add one mana of any color."),                   # 111.10c
    "Shard": (("Enchantment",), "{2}, Sacrifice this token: Scry 1, then draw a card."),           # 111.10e
    "Clue": (("Artifact",), "{2}, Sacrifice this token: Draw a card."),                            # 111.10f
    "Blood": (("Artifact",), "{1}, {T}, Discard a card, Sacrifice this token: Draw a card."),       # 111.10g
}


def predefined_token(name: str, amount: Quantity, who: Ref | None = None) -> CreateToken:
    """CR 111.10: a colorless token of that subtype with its predefined ability, named after its
    subtype plus the word "Token" (CR 111.4)."""
    types, text = PREDEFINED_TOKENS[name]
    return CreateToken(amount, name + " Token", 0, 0, (), types, (name,), who=who, text=text)


@_effect(_CREATOR + _NUM + r" (Treasure|Food|Gold|Shard|Clue|Blood) tokens?")
def _predefined_token(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """ "Create a Treasure token" (CR 111.10a)."""
    who = _creator(m.group(1), st)
    return [predefined_token(m.group(3), _num(m.group(2)), who)] if who is not False else None


@_effect(r"(~|it|target creature you control) explores(, then it explores again)?")
def _explore(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """CR 701.44a: "When ~ enters, it explores" (Merfolk Branchwalker)."""
    words = m.group(1).lower()
    if words == "~":
        ref: Ref | None = SELF
    elif words == "it":
        ref = _it(st, words) if st.targets else (st.it or SELF)     # "When ~ enters, it explores"
    else:
        ref = _target_ref(m.group(1), st)
    return [Explore(ref, 2 if m.group(2) else 1)] if ref is not None else None


@_effect(r"adapt (\d+)")
def _adapt(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    return [Adapt(SELF, int(m.group(1)))]                       # CR 701.46a


@_effect(r"investigate(?: " + _NUM + r" times)?")
def _investigate(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """CR 701.16a: "Investigate" means "Create a Clue token"."""
    return [predefined_token("Clue", _num(m.group(1) or "1"))]


def _it(st: _Parse, words: str) -> Ref | None:
    """ "it" / "that creature" / "that card": the most recent target, else what the context says
    (a delayed triggered ability's object)."""
    if words.lower() not in ("it", "that creature", "that card", "that permanent"):
        return None
    return _last_target(st) or st.it


@_effect(r"gain control of (target .+?|it|that creature|that permanent)( until end of turn| for as long as .+)?")
def _gain_control(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """A control-changing effect (layer 2, CR 613.1b): Threaten, Act of Treason, Mind Control's
    kin; "for as long as ..." (Sower of Temptation, Rubinia Soulsinger, CR 611.2b)."""
    phrase = m.group(1)
    lasts: tuple[str, ...] = ()
    if m.group(2) and m.group(2).lower().startswith(" for as long as "):
        lasts = _as_long_as(m.group(2)[len(" for as long as "):]) or ()
        if not lasts:
            return None
    ref = _target_ref(phrase, st) if phrase.lower().startswith("target ") else _it(st, phrase)
    if ref is None or (ref.kind == "target" and st.targets[ref.index].filter.players):
        return None
    return [GainControl(ref, until_end_of_turn=m.group(2) is not None and not lasts, lasts=lasts)]


_LASTS = {"~ remains on the battlefield": "source_on_battlefield", "you control ~": "you_control_source",
          "~ remains tapped": "source_tapped",
          "that creature's power remains less than or equal to ~'s power": "power_le_source"}


def _as_long_as(text: str) -> tuple[str, ...] | None:
    """The conditions of a "for as long as" duration (CR 611.2b), each of ``_LASTS``."""
    out = []
    for part in re.split(r" and ", text.strip().rstrip(".")):
        if part.lower() not in _LASTS:
            return None
        out.append(_LASTS[part.lower()])
    return tuple(out)


@_effect(r"(untap|tap) up to " + _NUM + r" (.+)")
def _tap_up_to(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """ "Untap up to three lands" (Frantic Search): chosen as it resolves, not targeted (CR 701.26)."""
    words = m.group(3).lower()
    if "target" in words:
        return None
    flt = parse_filter(words)
    if flt is None or flt.spells:
        return None
    n = _num(m.group(2)).fixed
    return [TapUntap(Ref("each", filter=flt), tap=m.group(1).lower() == "tap", up_to=n)]


@_effect(r"(~|target creature|target permanent) becomes the color of your choice until end of turn")
def _become_color(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    ref = SELF if m.group(1) == "~" else _target_ref(m.group(1), st)       # Spiritmonger
    return [BecomeColor(ref)] if ref is not None else None


@_effect(r"(?:(target player|you) )?takes? an extra turn after this one")
def _extra_turn(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    who = _who(m.group(1), st) if m.group(1) else YOU                   # Time Walk (CR 500.7)
    return [ExtraTurn(who)] if who else None


@_effect(r"look at the top " + _NUM + r" cards of your library(?:,? then put them back in any order)?")
def _look_at_top(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """Ponder: "Look at the top three cards of your library, then put them back in any order"."""
    return [LookAtTop(YOU, _num(m.group(1)))]


@_effect(r"(untap|tap) all (.+)")
def _tap_all(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """ "Tap all creatures your opponents control" (Cryptic Command, CR 701.26a), "Tap all
    creatures target player controls" (Sleep)."""
    what = _each_controlled(m.group(2), st)
    return [TapUntap(what, tap=m.group(1).lower() == "tap")] if what is not None else None


def _each_controlled(words: str, st: _Parse) -> Ref | None:
    """ "creatures your opponents control": every permanent matching; "creatures target player
    controls": those the target player controls as the effect happens (CR 608.2c)."""
    if m := re.fullmatch(r"(.+) (target (?:player|opponent)) controls", words, re.I):
        flt = parse_filter(m.group(1))
        who = _who(m.group(2), st) if flt is not None and not flt.spells and not flt.controller else None
        return Ref("target_controls", who.index, filter=flt) if who is not None else None
    flt = parse_filter(words)
    return Ref("each", filter=flt) if flt is not None and not flt.spells else None


@_effect(r"(untap|tap) (enchanted creature|equipped creature|enchanted permanent|~)")
def _tap_attached(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """Claustrophobia: "When ~ enters, tap enchanted creature" (CR 701.26a)."""
    what = m.group(2).lower()
    ref = SELF if what == "~" else Ref(what.split()[0])
    return [TapUntap(ref, tap=m.group(1).lower() == "tap")]


@_effect(r"return ~ to (?:its|their) owner'?s'? hand")
def _return_self(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """Rancor: "When ~ is put into a graveyard from the battlefield, return ~ to its owner's
    hand": the source is the new object it became in the graveyard (CR 400.7e); from the
    battlefield, it bounces itself."""
    return [ReturnToHand(SELF)]


@_effect(r"(untap|tap) (it|that creature|that permanent)")
def _tap_it(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    ref = _it(st, m.group(2))
    return [TapUntap(ref, tap=m.group(1).lower() == "tap")] if ref else None


@_effect(r"(it|that creature|that land|that permanent|they|those creatures|~|target .+?) (?:doesn't|don't) untap "
         r"during (?:its controller's|their controllers?'s?|your) next untap steps?")
def _skip_next_untap(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """ "Tap target creature. It doesn't untap during its controller's next untap step" (CR 502.3);
    "those creatures"/"they": every target of the last target phrase."""
    words = m.group(1).lower()
    if words == "~":
        ref: Ref | None = SELF
    elif words.startswith("target "):
        ref = _target_ref(m.group(1), st)
    elif words in ("they", "those creatures"):
        # only after a phrase that targets several: "Tap up to two target creatures. Those ..."
        ref = _last_target(st) if st.targets and st.targets[-1].max > 1 and not st.targets[-1].filter.players else None
    else:
        ref = _it(st, "it" if words in ("that land",) else words)
    return [SkipNextUntap(ref)] if ref is not None else None


@_effect(r"(it|that creature) gains (.+?) until end of turn")
def _it_gains(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    ref = _it(st, m.group(1))
    kws = _keyword_list(m.group(2))
    return [Pump(ref, keywords=kws)] if ref and kws else None


@_effect(r"sacrifice (?:~|it)")
def _sacrifice_self(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    return [SacrificePermanent(SELF)]                           # CR 701.21a


@_effect(r"you win the game")
def _win(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    return [WinGame()]                                          # CR 104.2b


@_effect(r"return (it|that card|that creature) to the battlefield( tapped)?( and transformed)? under "
         r"(your|its owner's|their owner's) control(?: with an? ([+-]1/[+-]1) counter on it)?")
def _return_it(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """ "Exile target creature, then return that card to the battlefield" (Cloudshift): the new
    object the exiled card became (CR 400.7); in a delayed ability, the object it remembers."""
    last = _last_target(st)
    if last is not None:
        ref: Ref | None = Ref("moved", last.index)
    else:
        ref = st.it
    if ref is None:
        return None
    # "tapped and transformed": it enters so (CR 712.14a; Ojer Taq)
    return [ReturnToBattlefield(ref, tapped=bool(m.group(2)), under_owner=m.group(4).lower() != "your",
                                counter=m.group(5) or "", transformed=bool(m.group(3)))]


#: Delayed triggers a spell's sentence may create (CR 603.7): "At the beginning of the next end step, ...".
_DELAYED = {
    "the next end step": Trigger("end_step", whose="any"),
    "the next turn's upkeep": Trigger("upkeep", whose="any"),
    "the next end step of this turn": Trigger("end_step", whose="any"),
    "your next upkeep": Trigger("upkeep", whose="you"),
    "the next upkeep": Trigger("upkeep", whose="any"),
}


def _delayed(sentence: str, st: _Parse) -> list[Effect] | None:
    """CR 603.7: "At the beginning of the next end step, return that card ..." — a delayed
    triggered ability about the object the previous instruction moved. "Draw a card at the
    beginning of the next turn's upkeep" (Arcane Denial) is the same ability, worded the other way."""
    if (after := re.fullmatch(r"(.+?) at the beginning of (.+)", sentence, re.IGNORECASE)) \
            and after.group(2).lower() in _DELAYED:
        sentence = f"at the beginning of {after.group(2)}, {after.group(1)}"
    m = re.fullmatch(r"at the beginning of (.+?), (.+)", sentence, re.IGNORECASE)
    events: tuple[str, ...] = ()
    if s := re.fullmatch(r"when ~ (leaves the battlefield|becomes untapped)(?: or (leaves the battlefield|becomes "
                         r"untapped))?, (.+)", sentence, re.IGNORECASE):
        # CR 603.7: a delayed ability waiting for its source's events (Merieke Ri Berit)
        names = {"leaves the battlefield": "leaves", "becomes untapped": "becomes_untapped"}
        events = tuple(names[g.lower()] for g in s.groups()[:2] if g)
        m = s
    elif not m or m.group(1).lower() not in _DELAYED:
        return None
    last = _last_target(st)
    inner = _Parse(it=Ref("remembered", 0))
    effects = parse_effects(m.group(m.lastindex or 2) + ".", inner)
    if effects is None or inner.targets:
        return None
    # the object the previous instruction moved, or (not moved: "gain control of target creature")
    # the target itself
    remember = (Ref("target", last.index) if events else Ref("moved", last.index)) if last is not None else None
    uses = any(r.kind == "remembered" for r in _refs_of(effects))
    if uses and remember is None:
        return None
    trigger = Trigger(events[0], "self") if events else _DELAYED[m.group(1).lower()]
    return [CreateDelayedTrigger(trigger, tuple(effects), remember if uses else None,
                                 text=sentence[0].upper() + sentence[1:] + ".", also=events[1:])]


def _refs_of(effects: list[Effect]) -> list[Ref]:
    out: list[Ref] = []
    for eff in effects:
        for name in getattr(eff, "__dataclass_fields__", {}):
            value = getattr(eff, name)
            if isinstance(value, Ref):
                out.append(value)
    return out


_MANA_SYM = r"\{[WUBRGC]\}"

_COLORLESS = frozenset("WUBRG")


def _split_mana_restriction(text: str) -> tuple[str, ManaRestriction | None | bool]:
    """Splits a mana ability's last sentence "Spend this mana only to cast artifact spells." /
    "... or activate abilities of colorless Eldrazi." / "This mana can't be spent to cast
    nonartifact spells." off its effect (CR 106.6). Returns the rest and the restriction (None:
    there is none; False: there is one this doesn't understand)."""
    if r := re.fullmatch(r"(.+?\.) (if that mana is spent on (?:an? )?(.+?), that spell can't be countered)\.",
                         text.strip(), re.I | re.S):
        flt = _spell_filter(r.group(3))                      # a rider (Boseiju, Who Shelters All)
        if flt is None:
            return text, False
        return r.group(1), ManaRestriction(r.group(2) + ".", cast_only=False, uncounterable=flt)
    m = re.fullmatch(r"(.+?\.) (spend this mana only (.+?)|this mana can't be spent to cast (.+?))\.", text.strip(),
                     re.I | re.S)
    if not m:
        return text, None
    body, sentence = m.group(1), m.group(2)
    if m.group(4):                                           # "can't be spent to cast nonartifact spells"
        flt = _spell_filter(m.group(4))
        if flt is None or not flt.not_types:
            return text, False
        return body, ManaRestriction(sentence + ".", spell=replace(flt, types=flt.not_types, not_types=frozenset()),
                                     cast_only=False)
    what = m.group(3)
    ability = None
    if am := re.fullmatch(r"(.+?) or activate abilities of (.+)", what, re.I):
        what, ability = am.group(1), _spell_filter(am.group(2) + " spell")
        if ability is None:
            return text, False
    if not what.lower().startswith("to cast "):
        return text, False
    spell_text = what[len("to cast "):]
    multicolored = bool(re.match(r"(?:an? )?multicolored ", spell_text, re.I))
    if multicolored:
        spell_text = re.sub(r"^(?:an? )?multicolored ", "", spell_text, flags=re.I)
    flt = _spell_filter(spell_text)
    if flt is None:
        return text, False
    everything = flt == _spell_filter("spell")
    return body, ManaRestriction(sentence + ".", spell=None if everything else flt, ability=ability,
                                 multicolored=multicolored)


def _spell_filter(text: str) -> Filter | None:
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
                   not_colors=_COLORLESS if colorless else flt.not_colors)


def _parse_add_mana(text: str) -> AddMana | None:
    t = text.strip().rstrip(".")
    m = re.fullmatch(r"add ((?:" + _MANA_SYM + r")+)", t, re.IGNORECASE)
    if m:
        return AddMana(mana=tuple(re.findall(r"[WUBRGC]", m.group(1))))
    m = re.fullmatch(r"add (" + _MANA_SYM + r")(?:, (" + _MANA_SYM + r"))*,? or (" + _MANA_SYM + r")", t, re.IGNORECASE)
    if m:
        return AddMana(choice=tuple(re.findall(r"[WUBRGC]", t)))
    if re.fullmatch(r"add one mana of any color", t, re.IGNORECASE):
        return AddMana(choice=("W", "U", "B", "R", "G"))
    return None


_BASIC_PLURALS = {"plains": "Plains", "islands": "Island", "swamps": "Swamp", "mountains": "Mountain",
                  "forests": "Forest"}
_CREATURES = frozenset({"Creature"})


def _cda_quantity(text: str) -> Quantity | None:
    """The number a characteristic-defining ability counts (CR 604.3)."""
    t = text.lower()
    if t == "your life total":
        return Quantity(stat="life")
    if t == "the number of cards in your hand":
        return Quantity(stat="hand")
    if t == "the number of card types among cards in all graveyards":
        return Quantity(stat="graveyard_card_types")
    if m := re.fullmatch(r"the number of (.+?) you control", t):
        flt = parse_filter(m.group(1))
        if flt is not None:
            return Quantity(per=Filter(types=flt.types, not_types=flt.not_types, colors=flt.colors,
                                       not_colors=flt.not_colors, controller="you"))
    return None



def _copy_exception(text: str | None, self_name: str = "") -> CopyException | None | bool:
    """The "except ..." of a copy effect (CR 707.9); False if not understood. ``self_name``:
    the name "~" stands for in "its name is ~" (the card whose ability it is)."""
    if not text:
        return None
    add_types: set[str] = set()
    add_subtypes: set[str] = set()
    colors: frozenset[str] | None = None
    no_super: set[str] = set()
    counters: list[tuple[str, int]] = []
    continue_abilities: list[str] = []
    name = ""
    add_super: set[str] = set()
    pt: tuple[int | None, int | None] = (None, None)
    quoted = re.findall(r'"[^"]*"', text)
    masked = text
    for i, q in enumerate(quoted):
        masked = masked.replace(q, f"\x00{i}\x00")
    parts = [re.sub(r"\x00(\d+)\x00", lambda mm: quoted[int(mm.group(1))], part)
             for part in re.split(r",? and |, ", masked.strip().rstrip("."))]
    for part in parts:
        p = part.strip().lower()
        if m := re.fullmatch(r"(?:that )?the copy is (white|blue|black|red|green)", p):
            colors = frozenset({COLOR_WORDS[m.group(1)]})
        elif m := re.fullmatch(r"it's (?:an? )?([\w' ]+?) in addition to its other types", part.strip(), re.I):
            # "an artifact", "a Wall", "a Shapeshifter Rogue", "legendary" (CR 707.9b)
            for word in m.group(1).split():
                if word.lower() in ("artifact", "enchantment", "creature"):
                    add_types.add(word.capitalize())
                elif word.lower() in ("legendary", "snow"):
                    add_super.add(word.capitalize())
                else:
                    add_subtypes.add(word[0].upper() + word[1:])
        elif m := re.fullmatch(r'it has "(.+)"', part.strip(), re.I):
            text = m.group(1)                          # CR 707.9a: it gains an ability
            continue_abilities.append(text)
        elif m := re.fullmatch(r"(?:its|the copy's) name is (.+)", part.strip(), re.I):
            name = m.group(1).strip()                  # CR 707.9b: "except its name is ..."
            if name == "~":
                if not self_name:
                    return False
                name = self_name
        elif m := re.fullmatch(r"it's (\d+)/(\d+)", p):
            pt = (int(m.group(1)), int(m.group(2)))    # CR 707.9b, 707.9d
        elif p in ("it isn't legendary", "the copy isn't legendary"):
            no_super.add("Legendary")
        elif p == "it enters with an additional +1/+1 counter on it if it's a creature":
            counters.append(("+1/+1", 1))
        elif p == "it enters with an additional loyalty counter on it if it's a planeswalker":
            counters.append(("loyalty", 1))
        else:
            return False
    return CopyException(frozenset(add_types), frozenset(add_subtypes), colors, frozenset(no_super), tuple(counters),
                         tuple(continue_abilities), set_name=name, add_supertypes=frozenset(add_super),
                         set_power=pt[0], set_toughness=pt[1])


def _enters_as_copy(para: str, name: str = "") -> EntersAsCopy | None:
    """"You may have ~ enter (the battlefield) as a copy of any creature on the battlefield
    (, except ...)." (CR 707.5)."""
    m = re.fullmatch(r"you may have ~ enter(?: the battlefield)? as a copy of (?:any|a|an) (.+?)"
                     r"( on the battlefield| in a graveyard)?(?:, except (.+))?", para.removesuffix("."), re.I)
    if not m:
        return None
    what = m.group(1).lower()
    zone = "graveyard" if m.group(2) and "graveyard" in m.group(2) else "battlefield"
    what = re.sub(r" cards?$", "", what)
    flt = parse_filter(what)
    exception = _copy_exception(m.group(3), name)
    if flt is None or exception is False:
        return None
    return EntersAsCopy(flt, zone, exception or None)


def _player_static(para: str, raw: str) -> PlayerStatic | None:
    """Static abilities that affect their controller (CR 604.1): "You have hexproof." (CR
    702.11c), "You don't lose the game for having 0 or less life." (an exception to CR
    704.5a), "As long as you have 0 or less life, all damage is dealt to you as though its
    source had infect." (CR 702.90b)."""
    t = para.strip().rstrip(".").lower()
    condition = None
    if m := re.fullmatch(r"as long as (.+?), (.+)", t):
        condition = _parse_condition(m.group(1))
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


#: The conditions a static ability of a permanent may have (CR 611.3b): each reads only what the
#: characteristics memo follows (``GameState.changed`` and ``changed_off_battlefield``: the
#: permanents, life totals and the cards in a zone), never the step or the turn, which the memo
#: doesn't follow ("as long as it's your turn" would go stale).
STATIC_CONDITION_KINDS = frozenset({"control", "life", "hand", "graveyard", "library"})


def changeling_ability() -> StaticAbility:
    """CR 702.73a: "Changeling" is a characteristic-defining ability: "This object is every
    creature type." It works in every zone (CR 604.3); the types are CR 205.3m's list."""
    from ..core.rules_index import rule_text
    text = rule_text("205.3m")
    listed = text.split("All other creature types are one word long:", 1)[1]
    types = {t.strip().removeprefix("and ").strip() for t in re.split(r",", listed.rstrip(". \n"))}
    types = frozenset(t for t in types if t) | {"Time Lord"}
    return StaticAbility("self", text="Changeling (This card is every creature type.)", cda=True,
                         mods=(ChangeTypes(add_subtypes=types),))


_CARD_TYPE_WORDS = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment", "land": "Land"}


def _becomes(text: str) -> tuple[Any, ...] | None:
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
            cards = frozenset(_CARD_TYPE_WORDS[w] for w in words if w in _CARD_TYPE_WORDS)
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
            kws = _keyword_list(hm.group(1))
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


def _counts_characteristics(flt: Filter) -> bool:
    """Whether a "for each ..." filter of a layer effect reads only what the layers compute
    for permanents (types, colors, the controller: CR 613.1): no zone, status or choice."""
    return flt == Filter(types=flt.types, not_types=flt.not_types, colors=flt.colors, not_colors=flt.not_colors,
                         subtypes=flt.subtypes, not_subtypes=flt.not_subtypes, supertypes=flt.supertypes,
                         not_supertypes=flt.not_supertypes, controller=flt.controller, other=flt.other)


def _conditional_static(para: str, raw: str) -> StaticAbility | None:
    """ "~ gets +1/+2 as long as you control a Forest" (Kird Ape), "As long as you control
    another Goblin, ~ gets +1/+1 and has haste", "~ has flying as long as ...": a static
    ability of the permanent itself whose effect exists only while the condition holds."""
    t = para.strip().rstrip(".")
    m = re.fullmatch(r"~ (gets [+-]\d+/[+-]\d+(?: and has .+?)?|has .+?) as long as (.+)", t) or \
        re.fullmatch(r"[Aa]s long as (.+?), ~ (gets [+-]\d+/[+-]\d+(?: and has .+?)?|has .+)", t)
    if m is None:
        return None
    what, cond_text = (m.group(1), m.group(2)) if t.startswith("~") else (m.group(2), m.group(1))
    condition = _parse_condition(cond_text)
    if condition is None or condition.link or condition.kind not in STATIC_CONDITION_KINDS:
        return None
    p = tgh = 0
    kws: frozenset[str] | None = frozenset()
    if pm := re.fullmatch(r"gets ([+-]\d+)/([+-]\d+)(?: and has (.+))?", what):
        p, tgh = int(pm.group(1)), int(pm.group(2))
        kws = _keyword_list(pm.group(3)) if pm.group(3) else frozenset()
    elif hm := re.fullmatch(r"has (.+)", what):
        kws = _keyword_list(hm.group(1))
    if kws is None:
        return None
    return StaticAbility("self", p, tgh, kws, text=raw, condition=condition)


def _layer_static(para: str, raw: str) -> StaticAbility | None:
    """Static abilities that change types, colors, abilities, control or set P/T (CR 613.1)."""
    if m := re.fullmatch(r"all creatures lose all abilities and have base power and toughness (\d+)/(\d+)\.", para, re.I):
        return StaticAbility("each", filter=Filter(types=_CREATURES), text=raw, mods=(
            ChangeAbilities(remove_all=True), SetPT(n(int(m.group(1))), n(int(m.group(2))))))   # Humility
    if re.fullmatch(r"each other non-aura enchantment is a creature in addition to its other types and has base "
                    r"power and base toughness each equal to its mana value\.", para, re.I):
        q = Quantity(stat="mana_value")                                                          # Opalescence
        return StaticAbility("each", filter=Filter(types=frozenset({"Enchantment"}), not_subtypes=frozenset({"Aura"}),
                                                   other=True), text=raw,
                             mods=(ChangeTypes(add_types=_CREATURES), SetPT(q, q)))
    if m := re.fullmatch(r"nonbasic lands are (plains|islands|swamps|mountains|forests)\.", para, re.I):
        return StaticAbility("each", filter=Filter(types=frozenset({"Land"}), not_supertypes=frozenset({"Basic"})),
                             text=raw, mods=(ChangeTypes(set_land_subtypes=frozenset({_BASIC_PLURALS[m.group(1).lower()]})),))
    if m := re.fullmatch(r"each land is an? (plains|island|swamp|mountain|forest) in addition to its other land types\.",
                         para, re.I):
        return StaticAbility("each", filter=Filter(types=frozenset({"Land"})), text=raw,
                             mods=(ChangeTypes(add_subtypes=frozenset({m.group(1).capitalize()})),))
    if re.fullmatch(r"you control enchanted (creature|permanent|artifact|land)\.", para, re.I):
        return StaticAbility("enchanted", text=raw, mods=(SetController(),))                    # CR 613.1b
    if m := re.fullmatch(r"~'s power is equal to (.+?) and its toughness is equal to that number plus (\d+)\.", para, re.I):
        q = _cda_quantity(m.group(1))                                  # Tarmogoyf (CR 604.3)
        if q is not None:
            return StaticAbility("self", text=raw, mods=(SetPT(q, replace(q, fixed=q.fixed + int(m.group(2)))),),
                                 cda=True)
    if m := re.fullmatch(r"~'s power and toughness are each equal to (.+?)\.", para, re.I):
        q = _cda_quantity(m.group(1))
        if q is not None:
            return StaticAbility("self", text=raw, mods=(SetPT(q, q),), cda=True)                # CR 604.3
    return None


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=\.)\s+", text.strip()) if s.strip()]


#: Sentences that do nothing while regeneration (CR 701.19) is not modelled: nothing can
#: regenerate, so "can't be regenerated" changes no outcome.
_NO_OP = lazy_re.compile(r"a creature dealt damage this way can't be regenerated this turn", re.IGNORECASE)
_NO_REGEN = lazy_re.compile(r"(it|they) can't be regenerated", re.IGNORECASE)


_REVEAL_TOP_LAND = lazy_re.compile(r"(defending player|each opponent|target opponent|target player) reveals the top card of "
                                   r"(?:their|his or her) library\. if it's an? (.+?) card, (?:that player|they) puts? it "
                                   r"into (?:their|his or her) hand\.?", re.I)


def _parse_clause(s: str, st: _Parse) -> list[Effect] | None:
    add = _parse_add_mana(s)
    if add is not None:
        return [add]
    for pattern, handler in _EFFECTS:
        m = pattern.match(s)
        if m:
            saved = len(st.targets)
            result = handler(m, st)
            if result is not None:
                return result
            del st.targets[saved:]
    if check := _IF_IT.fullmatch(s):
        return _if_it(check, st)
    return None


_IF_IT = lazy_re.compile(r"(.+) if it(?:'s| is| has) (.+)", re.I)


def _if_it(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """ "Destroy target creature if it has mana value 2 or less" (Fatal Push), "Counter target spell
    if it's blue" (Pyroblast): the target is checked as the spell resolves (CR 608.2c); the
    target itself may be any creature or spell (CR 115.1)."""
    flt = _it_predicate(m.group(2))
    saved = len(st.targets)
    body = _parse_clause(m.group(1), st) if flt is not None else None
    last = _last_target(st)
    if body is None or len(body) != 1 or last is None or getattr(body[0], "what", None) != last:
        del st.targets[saved:]
        return None
    return [replace(body[0], what=replace(last, filter=flt))]


def _it_predicate(text: str) -> Filter | None:
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


_COUNTERED_ELSEWHERE = lazy_re.compile(
    r"if that spell is countered this way, (?:put it (?:on top of|into) its owner's (?:library|hand) instead of into "
    r"that player's graveyard|exile it instead of putting it into its owner's graveyard)", re.I)
_REVEAL_DISCARD = lazy_re.compile(r"(target player|target opponent|each opponent) reveals (?:their|his or her) hand\. "
                                  r"you choose " + _NUM + r" (.*?) ?cards? from it\. (?:that player|they) discards? "
                                  r"(?:that card|those cards)\.\s*", re.I)


_LOOK_TOP_BOTTOM = lazy_re.compile(r"look at the top card of (target player|target opponent)'s library\. you may put "
                                   r"that card on the bottom of that player's library\.", re.I)
_PILES = lazy_re.compile(r"reveal the top " + _NUM + r" cards of your library\. an opponent separates those cards into two "
                         r"piles\. put one pile into your hand and the other into your graveyard\.?", re.I)
_REVEAL_TOP_PUT = lazy_re.compile(r"reveal the top card of your library\. if it's an? (.+?) card, put it onto the "
                                  r"battlefield\. otherwise, put that card into your hand\.?", re.I)


def parse_effects(text: str, st: _Parse) -> list[Effect] | None:
    """Parses a whole effect text (one or more sentences); None if any part is unknown.

    A sentence joining two effects with "and" ("deals 3 damage to any target and you gain 3
    life", "Target player draws two cards and loses 2 life") is parsed as both, the second
    keeping the first one's subject when it has none."""
    effects: list[Effect] = []
    if m := _REVEAL_TOP_LAND.fullmatch(text.strip()):
        # Goblin Guide (CR 701.20a): the top card is revealed; a matching card goes to its owner's hand
        who = Ref("defending") if m.group(1).lower() == "defending player" else _who(m.group(1), st)
        flt = _card_filter(m.group(2))
        if who is None or flt is None:
            return None
        return [RevealTop(who, flt, (), optional=False, to_hand=True)]
    if m := _PILES.fullmatch(text.strip()):
        return [LookAtTop(YOU, _num(m.group(1)), rest="graveyard", piles=True)]     # Fact or Fiction
    if m := _REVEAL_TOP_PUT.fullmatch(text.strip()):
        flt = _card_filter(m.group(1))                         # Coiling Oracle (CR 701.20a)
        return [RevealTop(YOU, flt, (), optional=False, to_battlefield=True, else_hand=True)] if flt else None
    if m := _REVEAL_DISCARD.match(text):
        # Duress, Thoughtseize: one instruction over three sentences (CR 701.9b, 701.20a)
        who = _who(m.group(1), st)
        flt = _card_filter(m.group(3))
        if who is None or flt is None:
            return None
        effects.append(Discard(who, _num(m.group(2)), chooser="you", filter=flt))
        text = text[m.end():]
    if m := _LOOK_TOP_BOTTOM.fullmatch(text.strip()):
        # Jace, the Mind Sculptor's +2: "Look at the top card of target player's library. You may
        # put that card on the bottom of that player's library." -- a scry 1 of that library (CR 701.29a)
        lib = _who(m.group(1), st)
        return [Scry(YOU, _num("1"), library=lib)] if lib is not None else None
    sentences = _sentences(text)
    for i, sentence in enumerate(sentences):
        if sentence is None:
            continue                     # consumed by the action before it
        s = sentence.rstrip(".").strip()
        s = re.sub(r"^then,? ", "", s, flags=re.IGNORECASE)
        if i + 1 < len(sentences) and (act := _action_then(s, sentences, i + 1, st)) is not None:
            effects.append(act)
            continue
        if (those := re.match(r"those creatures (gain|get) ", s, re.I)) and effects \
                and getattr(effects[-1], "what", None) == _EACH_CREATURE_YOU_CONTROL:
            # Ajani Goldmane: "Put a +1/+1 counter on each creature you control. Those creatures
            # gain vigilance until end of turn." -- the same creatures, fixed as it resolves (CR 611.2c)
            s = "creatures you control " + s[those.start(1):]
        if re.fullmatch(r"(?:those creatures|they) don't untap during (?:that player's|their controllers?'s?) next "
                        r"untap steps?", s, re.I) and effects and isinstance(effects[-1], TapUntap) \
                and effects[-1].tap and effects[-1].what.kind in ("each", "target_controls"):
            # Sleep: "Tap all creatures target player controls. Those creatures don't untap during
            # that player's next untap step." (CR 502.3)
            effects.append(SkipNextUntap(effects[-1].what))
            continue
        if _NO_OP.fullmatch(s):
            continue   # no damage-this-way tracking yet: only regeneration could tell (CR 701.19c)
        if _NO_REGEN.fullmatch(s) and effects and isinstance(effects[-1], Destroy):
            effects[-1] = replace(effects[-1], no_regenerate=True)              # CR 701.19c
            continue
        if _NO_REGEN.fullmatch(s) and effects and isinstance(effects[-1], CreateDelayedTrigger) \
                and effects[-1].effects and isinstance(effects[-1].effects[-1], Destroy):
            inner_effects = effects[-1].effects[:-1] + (replace(effects[-1].effects[-1], no_regenerate=True),)
            effects[-1] = replace(effects[-1], effects=inner_effects, text=effects[-1].text + " " + sentence.strip())
            continue
        if (nw := re.fullmatch(r"the new (?:creature type|color|basic land type) can't be (\w+)", s, re.I)) \
                and effects and isinstance(effects[-1], ReplaceWords):
            effects[-1] = replace(effects[-1], not_new=effects[-1].not_new + (nw.group(1),))   # "can't be Wall"
            continue
        if (dies := re.fullmatch(r"if (that creature|that creature or planeswalker|that permanent|it|a creature dealt "
                                 r"damage this way) would die this turn, exile it instead", s, re.I)) \
                and effects and isinstance(effects[-1], DealDamage):
            # Magma Spray, Anger of the Gods (CR 614.1a): a replacement effect for the turn
            if dies.group(1).lower().startswith("a creature"):
                effects.append(ExileIfDies())
                continue
            last = _last_target(st)
            if last is None or effects[-1].to != last:
                return None
            effects.append(ExileIfDies(last))
            continue
        if re.fullmatch(r"the flashback cost is equal to (?:its|that card's) mana cost", s, re.I) and effects \
                and isinstance(effects[-1], Pump) and effects[-1].in_graveyard:
            continue                     # the granted flashback's cost (casting.py reads it, CR 702.34a)
        if s.lower() == "you may shuffle" and effects and isinstance(effects[-1], LookAtTop):
            effects[-1] = replace(effects[-1], may_shuffle=True)                  # Ponder (CR 701.24a)
            continue
        if effects and isinstance(effects[-1], LookAtTop) and effects[-1].rest == "top" and not effects[-1].to_hand \
                and (put := re.fullmatch(r"put (one|two|three) of them into your hand and the rest (?:on the bottom "
                                         r"of your library in any order|into your graveyard)", s, re.I)):
            # Impulse, Forbidden Alchemy: the player chooses which (CR 608.2d)
            effects[-1] = replace(effects[-1], to_hand=_num(put.group(1)).fixed,
                                  rest="graveyard" if s.lower().endswith("graveyard") else "bottom")
            continue
        if s.lower() == "you may choose new targets for the copy" and effects and isinstance(effects[-1], CopySpell):
            effects[-1] = replace(effects[-1], new_targets=True)              # CR 707.10c
            continue
        if (elsewhere := _COUNTERED_ELSEWHERE.fullmatch(s)) and effects and isinstance(effects[-1], CounterSpell):
            to = "library" if "library" in elsewhere.group(0).lower() else "hand" if "hand" in elsewhere.group(0).lower() \
                else "exile"
            effects[-1] = replace(effects[-1], to=to)                   # Memory Lapse, Remand, Dissipate
            continue
        if effects and isinstance(effects[-1], CopyCards) and (cast := re.fullmatch(
                r"(?:for each copy, (?:the|that) player|if you do, you|you) may cast the copy( without paying its mana cost)?",
                s, re.IGNORECASE)):
            effects[-1] = replace(effects[-1], free=bool(cast.group(1)))       # CR 707.12, 118.9
            continue
        # "<effect> instead" under a condition checked as it resolves (CR 608.2c): the same kind of
        # effect on the same targets, done in place of the one before. Might of Old Krosa: "If you
        # cast this spell during your main phase, that creature gets +4/+4 until end of turn
        # instead." (pumps only); Tragic Slip: "That creature gets -13/-13 until end of turn
        # instead if a creature died this turn."
        instead = None
        if (cond := re.fullmatch(r"if ([^,]+), (.+) instead", s, re.IGNORECASE)) and effects \
                and isinstance(effects[-1], Pump):
            instead = cond.group(1), cond.group(2)
        elif cond := re.fullmatch(r"(.+) instead if (.+)", s, re.IGNORECASE):
            instead = cond.group(2), cond.group(1)
        if instead and effects and (condition := _parse_condition(instead[0])) is not None \
                and condition.kind in _RESOLUTION_CONDITIONS:
            saved = len(st.targets)
            body = _parse_clause(instead[1], st)
            if body and len(st.targets) == saved and all(type(e) is type(effects[-1]) for e in body):
                effects[-1] = Conditional(condition, tuple(body), (effects[-1],))
                continue
            del st.targets[saved:]
            return None
        if (cond := re.fullmatch(r"if ([^,]+), (.+)", s, re.IGNORECASE)) and not re.match(r"(?:~|this spell|it) was kicked",
                                                                                           cond.group(1), re.I):
            # "If you control a Wizard, draw a card." (Stream of Unconsciousness): checked as that
            # part of the effect is carried out (CR 608.2c)
            condition = _parse_condition(cond.group(1))
            body = parse_effects(cond.group(2) + ".", st) if condition is not None else None
            if condition is None or body is None or condition.kind not in _RESOLUTION_CONDITIONS:
                return None
            effects.append(Conditional(condition, tuple(body)))
            continue
        kicked = re.fullmatch(r"if (?:~|this spell) was kicked, (.+)", s, re.IGNORECASE)
        if kicked:
            body = kicked.group(1)
            more = re.fullmatch(r"create " + _NUM + r" of those tokens instead", body, re.IGNORECASE)
            if more and effects and isinstance(effects[-1], CreateTokenCopy):
                base = effects.pop()
                effects.append(IfKicked((replace(base, amount=_num(more.group(1))),), (base,)))
                continue
            instead = re.fullmatch(r"it deals " + _NUM + r" damage(?: to (?:that \w+|it))? instead", body, re.IGNORECASE)
            if instead and effects and isinstance(effects[-1], DealDamage):
                # "... deals 2 damage ... If this spell was kicked, it deals 4 damage instead."
                base = effects.pop()
                effects.append(IfKicked((DealDamage(_num(instead.group(1)), base.to),), (base,)))
                continue
            extra = parse_effects(body, st)
            if extra is None:
                return None
            effects.append(IfKicked(tuple(extra)))
            continue
        result = _parse_clause(s, st)
        if result is None and (dur := re.fullmatch(r"(.+) for as long as (.+)", s, re.I)) \
                and (lasts := _as_long_as(dur.group(2))):
            # "... gains indestructible for as long as you control ~" (CR 611.2b): read as the
            # effect "until end of turn", then given the duration
            saved = len(st.targets)
            inner = _parse_clause(dur.group(1) + " until end of turn", st)
            if inner and all(isinstance(e, Pump) and e.until_end_of_turn for e in inner):
                result = [replace(e, until_end_of_turn=False, lasts=lasts) for e in inner]
            else:
                del st.targets[saved:]
        if result is None and (up := re.fullmatch(r"(.+?) unless you pay ((?:\{[0-9WUBRGC]\})+)", s, re.I)):
            # "sacrifice ~ unless you pay {U}" (Stasis, CR 118.12): done unless its controller pays
            inner = parse_effects(up.group(1), st)
            result = [UnlessPays(up.group(2).upper(), tuple(inner))] if inner else None
        if result is None:
            result = _parse_compound(s, st)
        if result is None:
            result = _delayed(s, st)
        if result is None and ", then " in s:
            # "Scry 2, then draw a card." (CR 608.2c: in the order written)
            saved = len(st.targets)
            result = []
            for part in s.split(", then "):
                more = _parse_clause(part, st) or _parse_compound(part, st)
                if more is None:
                    del st.targets[saved:]
                    result = None
                    break
                result.extend(more)
        if result is None:
            return None
        effects.extend(result)
        if st.it is None and not st.targets and s.startswith("~ "):
            st.it = Ref("self")          # "~ gets +2/+0 ... Tap it.": "it" is the object named before
    return _follow_moves(effects)


#: Effects that move their target to another zone, where it is a new object (CR 400.7).
_MOVERS = (ReturnToBattlefield, ReturnToHand)


def _follow_moves(effects: list[Effect]) -> list[Effect]:
    """ "Return target creature card from your graveyard to the battlefield. Put a +1/+1 counter
    on it." (Miraculous Recovery): once an effect has moved a target, "it" in the effects after
    is the new object the card became (CR 400.7), ``Ref("moved")``, not the card that is gone."""
    moved: set[int] = set()
    out = []
    for eff in effects:
        what = getattr(eff, "what", None)
        if isinstance(what, Ref) and what.kind == "target" and what.index in moved and what.filter is None:
            eff = replace(eff, what=Ref("moved", what.index))
        elif isinstance(eff, _MOVERS) and isinstance(what, Ref) and what.kind == "target":
            moved.add(what.index)
        out.append(eff)
    return out


_WORD_KINDS = {"color word": "color", "basic land type": "land_type", "creature type": "creature_type"}


@_effect(r"change the text of target (permanent|spell or permanent) by replacing all instances of one "
         r"(color word|basic land type|creature type) with another(?: or one (color word|basic land type|creature type) "
         r"with another)?")
def _replace_words(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """Sleight of Mind, Magical Hack, Mind Bend, Artificial Evolution (CR 612)."""
    kinds = tuple(_WORD_KINDS[k.lower()] for k in (m.group(2), m.group(3)) if k)
    both = m.group(1).lower() == "spell or permanent"
    spec = TargetSpec(Filter(zone="stack_or_battlefield") if both else Filter(types=PERMANENT_TYPES),
                      "target " + m.group(1).lower())
    return [ReplaceWords(st.add_target(spec), kinds)]


def _action_then(s: str, sentences: list, nxt: int, st: _Parse) -> DoAction | None:
    """ "[You may] <action>. When you do, <effect>" (a reflexive trigger, CR 603.12: everything
    after "When you do" is its text, its targets its own) and "[You may] <action>. If you do,
    <effect>" (CR 608.2c). The action is paid like a cost (CR 118.3): mana, life, sacrificing or
    discarding. Consumes the sentences it uses (set to None)."""
    m = re.match(r"(when|if) (?:you do|the player does|they do), (.+)", sentences[nxt], re.IGNORECASE | re.DOTALL)
    if m is None:
        return None
    actor = None
    if (other := re.fullmatch(r"(that player or that (?:permanent|creature)'s controller|that player|its controller) "
                              r"(may .+)", s, re.I)) and m.group(1).lower() == "if":
        # Chain Lightning: another player takes the action (CR 608.2c); "they" is that player
        actor = _who(other.group(1), st)
        if actor is None:
            return None
        s = "you " + other.group(2)
    elif not re.match(r"you do", m.group(0)[len(m.group(1)) + 1:], re.I):
        return None
    optional = s.lower().startswith("you may ")
    action = s[len("you may "):] if optional else s
    cost = _action_cost(action)
    effect_action: list[Effect] | None = None
    saved = len(st.targets)
    if cost is None:
        effect_action = parse_effects(action, st)        # "Create two ... tokens. When you do, ..."
        if effect_action is None or m.group(1).lower() == "if":
            del st.targets[saved:]
            return None
    if m.group(1).lower() == "if":
        then = parse_effects(re.sub(r"^they ", "you ", m.group(2), flags=re.I) if actor else m.group(2), st)
        if then is None:
            return None
        sentences[nxt] = None
        return DoAction(cost, optional, then=tuple(then), text=action, who=actor)
    rest = " ".join([m.group(2)] + [x for x in sentences[nxt + 1:] if x is not None])
    # CR 603.12, 400.7: in the reflexive ability "it" is what the action did something to (the
    # new object a returned card became: Back for More), remembered as it triggers
    inner = _Parse(it=Ref("remembered", 0) if effect_action and len(st.targets) > saved else st.it)
    effects = parse_effects(rest, inner)
    if effects is None:
        return None
    for k in range(nxt, len(sentences)):
        sentences[k] = None
    text = "When you do, " + rest
    return DoAction(cost, optional, TriggeredAbility(Trigger("reflexive", "you"), tuple(effects), tuple(inner.targets),
                                                     text), text=action, action=tuple(effect_action or ()))


def _action_cost(text: str) -> Cost | None:
    """The action of "you may pay {1}", "you may pay 2 life", "you may sacrifice another
    creature", "you may discard a nonland card", "sacrifice ~" as a cost (CR 118.3)."""
    t = re.sub(r"^pay (?=\{)", "", text.strip(), flags=re.IGNORECASE)
    t = re.sub(r"^sacrifice another ", "sacrifice one other ", t, flags=re.IGNORECASE)
    t = re.sub(r"^sacrifice (it|this (?:creature|artifact|enchantment|land|permanent))$", "sacrifice ~", t,
               flags=re.IGNORECASE)
    if "," in t:
        return None
    cost = _parse_cost(t)
    if cost is None or cost.tap or cost.untap or cost.energy or "X" in cost.mana:
        return None
    return cost


#: Conditions a resolving spell or ability can check ("If you control a Wizard, ..."): about the
#: game now, from its controller's point of view (``effects.triggers.condition_holds``).
_RESOLUTION_CONDITIONS = frozenset({"control", "battlefield", "life", "hand", "graveyard", "attacked_with",
                                    "main_phase", "landfall", "morbid", "revolt"})


def _parse_compound(s: str, st: _Parse) -> list[Effect] | None:
    for m in re.finditer(r" and ", s):
        first, second = s[: m.start()], s[m.end():]
        saved = len(st.targets)
        a = _parse_clause(first, st)
        if a is None:
            del st.targets[saved:]
            continue
        b = _parse_clause(second, st)
        if b is None and re.match(_NUM + r" damage to ", second, re.I):
            # "~ deals 4 damage to target creature and 2 damage to that creature's controller"
            b = _parse_clause("~ deals " + second, st)
        if b is None:
            subject = re.match(r"(you|target player|target opponent|each player|each opponent) ", first, re.I)
            if subject and subject.group(1).lower().startswith("target"):
                # the same player: refer to the target already chosen, not a new one
                who = target(len(st.targets) - 1)
                verb = re.fullmatch(r"(gains|loses) " + _NUM + " life", second, re.I)
                if verb:
                    amount = _num(verb.group(2))
                    b = [GainLife(who, amount) if verb.group(1).lower() == "gains" else LoseLife(who, amount)]
            elif subject:
                b = _parse_clause(subject.group(0) + second, st)
        if b is not None:
            return a + b
        del st.targets[saved:]
    return None


# -- paragraphs ------------------------------------------------------------------------
def _strip_reminder(text: str) -> str:
    return re.sub(r"\s*\([^)]*\)", "", text).strip()


def _self_names(name: str) -> list[str]:
    names = [name]
    if "," in name:
        names.append(name.split(",")[0])   # "Gisela, the Broken Blade" is called "Gisela"
    return names


def _normalize_self(text: str, name: str) -> str:
    for nm in sorted(_self_names(name), key=len, reverse=True):
        text = text.replace(nm, "~")
    return re.sub(r"\bthis (creature|spell|permanent|artifact|enchantment|land|card|token)\b", "~", text,
                  flags=re.IGNORECASE)


_IRREGULAR_PLURALS = {"elves": "Elf", "dwarves": "Dwarf", "wolves": "Wolf", "werewolves": "Werewolf",
                      "mice": "Mouse", "fungi": "Fungus", "octopi": "Octopus", "sphinxes": "Sphinx"}


def _subject_filter(text: str, plural: bool = False) -> Filter | None:
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
            sub = _BASIC_PLURALS_T.get(low) or _IRREGULAR_PLURALS.get(low) or (
                word[:-1] if low.endswith("s") and not low.endswith("ss") else word)
        return Filter(subtypes=frozenset({sub}), controller=controller)
    if len(words) == 2 and words[0][:1].isupper() and words[1].lower() in ("creature", "creatures"):
        return Filter(types=frozenset({"Creature"}), subtypes=frozenset({words[0]}), controller=controller)
    return None


_BASIC_PLURALS_T = {"plains": "Plains", "islands": "Island", "swamps": "Swamp", "mountains": "Mountain",
                    "forests": "Forest"}
_ENTERS = r"enters(?: the battlefield)?"
_A = r"(a|an|another)"
_TriggerBuilder = Callable[[re.Match[str]], "list[Trigger] | None"]
#: Trigger conditions (CR 603.1) and the Trigger(s) each compiles to. "Whenever ~ enters or
#: leaves the battlefield" is two abilities with one text.
_TRIGGERS: list[tuple[re.Pattern[str], _TriggerBuilder]] = []


def _trigger(pattern: str) -> Callable[[_TriggerBuilder], _TriggerBuilder]:
    def deco(fn: _TriggerBuilder) -> _TriggerBuilder:
        _TRIGGERS.append((lazy_re.compile("^" + pattern + "$", re.IGNORECASE), fn))
        return fn
    return deco


def _self_events(*events: str) -> _TriggerBuilder:
    return lambda m: [Trigger(e) for e in events]


for _pattern, _events in (
    (r"when(?:ever)? ~ " + _ENTERS, ("enters",)),                                   # CR 603.6a
    (r"when(?:ever)? ~ " + _ENTERS + r" or dies", ("enters", "dies")),
    (r"when(?:ever)? ~ (?:enters or leaves|enters the battlefield or leaves) the battlefield", ("enters", "leaves")),
    (r"when(?:ever)? ~ (?:dies|is put into a graveyard from the battlefield)", ("dies",)),   # CR 700.4
    (r"when(?:ever)? ~ leaves the battlefield", ("leaves",)),                       # CR 603.6c
    (r"whenever ~ attacks", ("attacks",)),
    (r"whenever ~ blocks", ("blocks",)),
    (r"whenever ~ becomes blocked", ("becomes_blocked",)),                        # CR 509.3c
    (r"whenever ~ blocks or becomes blocked", ("blocks", "becomes_blocked")),
    (r"whenever ~ attacks or blocks", ("attacks", "blocks")),
    (r"whenever ~ deals damage", ("deals_damage",)),
    (r"whenever ~ deals combat damage", ("deals_combat_damage",)),
    (r"whenever ~ deals combat damage to a player", ("combat_damage_player",)),
    (r"whenever ~ deals damage to a player", ("damage_player",)),
    (r"whenever ~ deals damage to an opponent", ("damage_opponent",)),
    (r"whenever ~ deals damage to a creature", ("damage_creature",)),
    (r"when(?:ever)? ~ becomes the target of a spell or ability", ("becomes_target",)),   # CR 115.1
    (r"when(?:ever)? ~ becomes tapped", ("becomes_tapped",)),                      # CR 701.26a
    (r"when(?:ever)? ~ becomes untapped", ("becomes_untapped",)),                  # CR 701.26b
):
    _trigger(_pattern)(_self_events(*_events))


def _any(event: str, article: str, phrase: str, controller: str | None = None) -> list[Trigger] | None:
    flt = _subject_filter(phrase)
    if flt is None or flt.spells:
        return None
    flt = replace(flt, other=flt.other or article.lower() == "another", controller=controller or flt.controller)
    return [Trigger(event, "any", flt)]


@_trigger(r"when(?:ever)? " + _A + r" (.+?) " + _ENTERS + r"(?: under (your|an opponent's) control)?")
def _t_enters(m: re.Match[str]) -> list[Trigger] | None:
    """ "Whenever another creature enters" (CR 603.6a: permanents already there and the newcomers)."""
    who = {"your": "you", "an opponent's": "opponent"}.get((m.group(3) or "").lower())
    return _any("enters", m.group(1), m.group(2), who)


@_trigger(r"whenever " + _A + r" (.+?) (dies|attacks|deals combat damage to a player|becomes tapped|becomes untapped)")
def _t_others(m: re.Match[str]) -> list[Trigger] | None:
    event = {"dies": "dies", "attacks": "attacks", "becomes tapped": "becomes_tapped",
             "becomes untapped": "becomes_untapped"}.get(m.group(3).lower(), "combat_damage_player")
    return _any(event, m.group(1), m.group(2))


@_trigger(r"whenever ~ or another (.+?) dies")
def _t_self_or_other_dies(m: re.Match[str]) -> list[Trigger] | None:
    """Blood Artist: itself or another creature — any creature that dies."""
    return _any("dies", "a", m.group(1))


_PLAYER = {"you": "you", "a player": "any", "an opponent": "opponent"}


@_trigger(r"when you cast (?:~|this spell)")
def _t_cast_self(m: re.Match[str]) -> list[Trigger] | None:
    """CR 113.6k, 601.2i: "When you cast this spell" triggers from the stack."""
    return [Trigger("cast", "self")]


@_trigger(r"whenever (you|a player|an opponent) casts? (?:a|an) (.+?)( with a mana cost that contains \{x\})?")
def _t_cast(m: re.Match[str]) -> list[Trigger] | None:
    """CR 601.2i: "Whenever you cast a noncreature spell"; "a permanent spell with a mana cost
    that contains {X}" (Unbound Flourishing, CR 107.3); "an instant or sorcery card" (Eye of the
    Storm): a spell that is a card, not a copy of one (CR 108.2, 707.12)."""
    what = m.group(2)
    card = bool(re.search(r" card$", what, re.I))
    if card:
        what = what[: -len(" card")] + " spell"
    flt = parse_filter(what)
    if flt is None or not flt.spells or flt.controller:
        return None
    if re.search(r"\bpermanent\b", m.group(2), re.I) and not flt.types:
        flt = replace(flt, types=PERMANENT_TYPES - flt.not_types)   # a permanent spell (CR 110.4a)
    if m.group(3):
        flt = replace(flt, x_in_cost=True)
    if card:
        flt = replace(flt, card=True)
    return [Trigger("cast", _PLAYER[m.group(1).lower()], flt)]


@_trigger(r"whenever you cast an instant or sorcery spell or activate an ability")
def _t_cast_or_activate(m: re.Match[str]) -> list[Trigger] | None:
    """Unbound Flourishing: two trigger events, a spell cast (CR 601.2i) and an ability
    activated (CR 602.2); the condition on {X} follows as an intervening "if"."""
    return [Trigger("cast", "you", Filter(types=frozenset({"Instant", "Sorcery"}), spells=True)),
            Trigger("activate", "you")]


@_trigger(r"whenever a player taps an? (.+?) for mana")
def _t_tapped_for_mana(m: re.Match[str]) -> list[Trigger] | None:
    """A triggered mana ability (CR 605.1b, 106.12a): Heartbeat of Spring."""
    flt = parse_filter(m.group(1))
    return [Trigger("tapped_for_mana", "any", flt)] if flt is not None and not flt.spells else None


@_trigger(r"when(?:ever)? (enchanted|equipped) (?:creature|land|artifact|permanent) (deals combat damage to a player|"
          r"deals combat damage|deals damage|attacks|dies|becomes tapped|becomes untapped)")
def _t_attached(m: re.Match[str]) -> list[Trigger] | None:
    """ "Whenever enchanted creature deals combat damage to a player" (Celestial Mantle): the
    object the source is attached to."""
    event = {"deals combat damage to a player": "combat_damage_player", "deals combat damage": "deals_combat_damage",
             "deals damage": "deals_damage", "attacks": "attacks", "dies": "dies", "becomes tapped": "becomes_tapped",
             "becomes untapped": "becomes_untapped"}[m.group(2).lower()]
    return [Trigger(event, m.group(1).lower())]


@_trigger(r"whenever a creature dealt damage by ~ this turn dies")
def _t_damaged_dies(m: re.Match[str]) -> list[Trigger] | None:
    """Sengir Vampire (CR 700.4): a creature this object dealt damage to this turn dies."""
    return [Trigger("dies", "any", Filter(types=frozenset({"Creature"})), damaged_by_source=True)]


@_trigger(r"whenever (you|a player|an opponent) draws? a card")
def _t_draw(m: re.Match[str]) -> list[Trigger] | None:
    return [Trigger("draw", _PLAYER[m.group(1).lower()])]


@_trigger(r"whenever you gain life")
def _t_gain_life(m: re.Match[str]) -> list[Trigger] | None:
    return [Trigger("gain_life", whose="you")]                                     # CR 119.9


_STEPS = {"upkeep": "upkeep", "draw step": "draw_step", "end step": "end_step",
          "precombat main phase": "precombat_main", "first main phase": "precombat_main"}
_WHOSE_STEP = {"your": "you", "each": "any", "each player's": "any", "the": "any", "each opponent's": "opponent"}


@_trigger(r"at the beginning of (your|each|each player's|each opponent's|the) "
          r"(upkeep|draw step|end step|precombat main phase|first main phase)")
def _t_step(m: re.Match[str]) -> list[Trigger] | None:
    """CR 603.2b: as the step begins."""
    return [Trigger(_STEPS[m.group(2).lower()], _WHOSE_STEP[m.group(1).lower()])]


@_trigger(r"at the beginning of (combat on your turn|each combat)")
def _t_combat(m: re.Match[str]) -> list[Trigger] | None:
    return [Trigger("beginning_of_combat", "you" if m.group(1).lower().startswith("combat on") else "any")]


def _parse_trigger(text: str) -> list[Trigger] | None:
    for pattern, build in _TRIGGERS:
        m = pattern.match(text.strip())
        if m:
            result = build(m)
            if result is not None:
                return result
    return None


_COUNT = r"(one|two|three|four|five|six|seven|eight|nine|ten|\d+)"


def _parse_condition(text: str) -> Condition | None:
    """An intervening "if" (CR 603.4) or a state trigger's state (CR 603.8)."""
    t = text.strip().rstrip(".")
    low = t.lower()
    if low in ("it was kicked", "~ was kicked"):
        return Condition("kicked")                                                   # CR 702.33d
    if m := re.fullmatch(r"an opponent controls more (.+?) than you", t, re.I):
        flt = _subject_filter(m.group(1), plural=True)               # Knight of the White Orchid
        return Condition("opponent_more", flt) if flt else None
    if low == "you had a land enter the battlefield under your control this turn":
        return Condition("landfall")                                                 # Groundswell
    if low == "a creature died this turn":
        return Condition("morbid")                                                   # CR 700.4
    if low in ("a permanent you controlled left the battlefield this turn",
               "a permanent you controlled left the battlefield during this turn"):
        return Condition("revolt")
    if low in ("you cast this spell during your main phase", "you cast ~ during your main phase"):
        # a spell cast in a main phase resolves in it: the stack empties before a step ends (CR 500.2)
        return Condition("main_phase")
    if m := re.fullmatch(r"you attacked with " + _COUNT + r" or more creatures this turn", t, re.I):
        return Condition("attacked_with", at_least=_num(m.group(1)).fixed)          # CR 508.1
    if m := re.fullmatch(r"you control no (other )?(.+)", t, re.I):
        flt = _subject_filter(m.group(2), plural=True)
        return Condition("control", replace(flt, other=bool(m.group(1))), at_most=0) if flt else None
    if m := re.fullmatch(r"you control (a|an|another) (.+)", t, re.I):
        flt = _subject_filter(re.sub(r" or an? ", " or ", m.group(2)))      # "a Mountain or a Plains"
        return Condition("control", replace(flt, other=m.group(1).lower() == "another"), at_least=1) if flt else None
    if m := re.fullmatch(r"you control " + _COUNT + r" or fewer (other )?(.+)", t, re.I):
        flt = _subject_filter(m.group(3), plural=True)               # Spirebluff Canal (CR 614.12)
        return Condition("control", replace(flt, other=bool(m.group(2))), at_most=_num(m.group(1)).fixed) if flt else None
    if m := re.fullmatch(r"you control " + _COUNT + r" or more (other )?(.+)", t, re.I):
        flt = _subject_filter(m.group(3), plural=True)
        return Condition("control", replace(flt, other=bool(m.group(2))), at_least=_num(m.group(1)).fixed) if flt else None
    if m := re.fullmatch(r"(?:there are no|no) (.+?) (?:are )?on the battlefield", t, re.I):
        flt = _subject_filter(m.group(1), plural=True)
        return Condition("battlefield", flt, at_most=0) if flt else None
    if m := re.fullmatch(r"you have " + _COUNT + r" or (more|less) life", t, re.I):
        value = _num(m.group(1)).fixed
        return Condition("life", at_least=value) if m.group(2).lower() == "more" else Condition("life", at_most=value)
    if m := re.fullmatch(r"your life total is " + _COUNT + r" or (less|greater)", t, re.I):
        value = _num(m.group(1)).fixed
        return Condition("life", at_most=value) if m.group(2).lower() == "less" else Condition("life", at_least=value)
    if m := re.fullmatch(r"your life total is (less|greater) than " + _COUNT, t, re.I):
        value = _num(m.group(2)).fixed
        return Condition("life", at_most=value - 1) if m.group(1).lower() == "less" else Condition("life", at_least=value + 1)
    if low == "~ is untapped":
        return Condition("source_untapped")                      # Howling Mine (CR 603.4)
    if low == "you have no cards in hand":
        return Condition("hand", at_most=0)
    if m := re.fullmatch(r"you have " + _COUNT + r" or (more|fewer) cards in (?:your )?hand", t, re.I):
        value = _num(m.group(1)).fixed
        return Condition("hand", at_least=value) if m.group(2).lower() == "more" else Condition("hand", at_most=value)
    if low == "there are no cards in your graveyard":
        return Condition("graveyard", at_most=0)
    # threshold, in both wordings: "there are seven or more cards in your graveyard" and the
    # older "seven or more cards are in your graveyard" (Werebear, CR 207.2c)
    if m := re.fullmatch(r"there are " + _COUNT + r" or more cards in your graveyard", t, re.I) or \
            re.fullmatch(_COUNT + r" or more cards are in your graveyard", t, re.I):
        return Condition("graveyard", at_least=_num(m.group(1)).fixed)
    return None


def _state_trigger(text: str) -> Condition | None:
    """CR 603.8: "When you control no Islands", "When there are no creatures on the battlefield"."""
    m = re.fullmatch(r"when(?:ever)? (.+)", text.strip(), re.I)
    if not m:
        return None
    cond = _parse_condition(m.group(1))
    return cond if cond is not None and cond.kind in ("control", "battlefield", "hand", "graveyard") else None


def _triggered(text: str, body: str, raw: str, link: str = "") -> list[TriggeredAbility] | None:
    """ "[When/Whenever/At] [trigger], [if condition,] [effect]" (CR 603.1, 603.4)."""
    triggers = _parse_trigger(text)
    condition = None
    if triggers is not None and (x := re.match(r"if that spell's mana cost or that ability's activation cost contains "
                                               r"\{x\}, ", body, re.I)):
        # an intervening "if" (CR 603.4) on a value that can't change: read as part of the
        # trigger event (the spell or ability has {X} in its cost, CR 107.3)
        triggers = [replace(t, filter=replace(t.filter or Filter(spells=True), x_in_cost=True)) for t in triggers]
        body = body[x.end():]
    if triggers is None:
        condition = _state_trigger(text)
        if condition is None:
            return None
        triggers = [Trigger("state", "you")]
    elif m := re.fullmatch(r"if ([^,]+), (.+)", body, re.I):
        condition = _parse_condition(m.group(1))
        if condition is None:
            return None
        body = m.group(2)
    optional = False
    if body.lower().startswith("you may ") and not re.match(r"you may [^.]+\. (?:when|if) you do, ", body, re.I):
        optional = True
        body = body[len("you may "):]
    out = []
    for trig in triggers:
        it = SELF if trig.whose == "self" else Ref("triggering") \
            if trig.event in OBJECT_TRIGGER_EVENTS or trig.event == "cast" else None
        # "Whenever ~ deals damage to an opponent, that player ...": the damaged player
        # "At the beginning of each player's upkeep, ... that player": the player whose step it is
        player_event = trig.event in PLAYER_DAMAGE_EVENTS or (trig.event in _STEPS.values() and trig.whose != "you")
        st = _Parse(it=it, link=link, player=Ref("affected") if player_event else None)
        effects = parse_effects(body, st)
        if effects is None:
            return None
        may = optional
        if optional and len(effects) == 1 and isinstance(effects[0], ExileChosen):
            may = False         # imprint's "you may exile a card": one choice, of a card or none
        out.append(TriggeredAbility(trig, tuple(effects), tuple(st.targets), raw, may, condition))
    return out


#: Trigger events about an object (the others are about players or steps).
#: Trigger events done to a player, who is "that player" (``Ref("affected")``).
PLAYER_DAMAGE_EVENTS = frozenset({"combat_damage_player", "damage_player", "damage_opponent"})
OBJECT_TRIGGER_EVENTS = frozenset({"enters", "leaves", "dies", "attacks", "blocks", "becomes_blocked", "becomes_target",
                                   "deals_damage", "deals_combat_damage", "combat_damage_player",
                                   "becomes_tapped", "becomes_untapped", "damage_player", "damage_opponent"})


def _cycling(kind: str, mana: str, raw: str) -> ActivatedAbility | None:
    """CR 702.29a: "Cycling [cost]" means "[Cost], Discard this card: Draw a card", an ability
    that functions only from the hand; CR 702.29e: "[Type]cycling [cost]" searches the library
    for a [type] card instead, reveals it and puts it into the hand, then shuffles. ``kind``:
    "" (cycling), "basic land", "land", "plains", "sliver"... (None: a type not understood)."""
    kind = kind.strip().lower()
    if not kind:
        effect: Effect = Draw(YOU, n(1))
    else:
        flt = _card_filter(kind)
        if flt is None and kind in _creature_type_words():
            flt = Filter(subtypes=frozenset({_creature_type_words()[kind]}))      # "Slivercycling" (CR 205.3m)
        if flt is None:
            return None
        effect = Search(YOU, flt, "hand")
    return ActivatedAbility(Cost(mana=mana, discard_self=True), (effect,), (), raw, False, False, zone="hand")


@lru_cache(maxsize=1)
def _creature_type_words() -> dict[str, str]:
    """The creature types (CR 205.3m) by their lowercase spelling ("vampire": "Vampire")."""
    from ..effects.links import creature_types
    return {kind.lower(): kind for kind in creature_types()}


def _extra_triggers(para: str, raw: str) -> ExtraTriggers | None:
    """CR 603.2d: Panharmonicon ("If an artifact or creature entering causes a triggered
    ability of a permanent you control to trigger, that ability triggers an additional time.")."""
    m = re.fullmatch(r"if an? (.+?) (entering(?: the battlefield)?|dying) causes a triggered ability of a permanent you "
                     r"control to trigger, that ability triggers an additional time\.", para, re.I)
    if not m:
        return None
    flt = parse_filter(m.group(1))
    event = "dies" if m.group(2).lower() == "dying" else "enters"          # Drivnod: "a creature dying"
    return ExtraTriggers(event, flt, "you", 1, raw) if flt is not None else None


def _parse_cost(text: str) -> Cost | None:
    objects: list[CostObjects] = []
    # "Remove three counters from among other artifacts, creatures, and planeswalkers you
    # control" has commas of its own: taken out before the cost is split into its parts
    if m := re.search(r"(?:^|, )remove " + _NUM + r" counters from among (.+?) you control(?=,|$)", text, re.I):
        flt = parse_filter(re.sub(r",? and |, ", " or ", m.group(2)))
        if flt is None or flt.spells:
            return None
        objects.append(CostObjects("remove_counters", _num(m.group(1)).fixed, replace(flt, controller="you")))
        text = text[: m.start()] + text[m.end():]
    parts = [p.strip() for p in text.split(",") if p.strip()]
    mana = ""
    tap = sac = untap = False
    life = energy = 0
    loyalty: int | None = None
    put_counter = ""
    for part in parts:
        if lm := re.fullmatch(r"\[?(?:([+−-])(\d+)|(0))\]?", part):
            # CR 606.2, 606.4: [+1], [−2], and [0] (a loyalty ability whose cost moves no counters)
            loyalty = 0 if lm.group(3) else int(lm.group(2)) * (1 if lm.group(1) == "+" else -1)
            if len(parts) > 1:
                return None
        elif part == "{T}":
            tap = True
        elif part == "{Q}":
            untap = True                                   # CR 107.6
        elif m := re.fullmatch(r"(?:pay )?((?:\{E\})+)", part, re.I):
            energy += m.group(1).upper().count("{E}")     # CR 107.14
        elif re.fullmatch(r"(\{[0-9WUBRGCSX/P]+\})+", part):
            mana += part
        elif part.lower() == "sacrifice ~":
            sac = True
        elif (pc := re.fullmatch(r"put an? ([+-]\d+/[+-]\d+) counter on ~", part, re.I)) and not put_counter:
            put_counter = pc.group(1)                                   # Wall of Roots
        elif m := re.fullmatch(r"pay (\d+) life", part, re.I):
            life = int(m.group(1))
        elif (obj := _cost_objects(part)) is not None:
            objects.append(obj)
        else:
            return None
    return Cost(mana=mana, tap=tap, sacrifice_self=sac, pay_life=life, objects=tuple(objects), untap=untap,
                energy=energy, loyalty=loyalty, put_counter=put_counter)


def _cost_objects(part: str) -> CostObjects | None:
    """ "Sacrifice two other artifacts and/or creatures", "Discard two cards", "Exile three
    creature cards from your graveyard" (CR 118.3, 602.2b; the Dominus cycle)."""
    if m := re.fullmatch(r"sacrifice " + _NUM + r" (other )?(.+)", part, re.I):
        flt = parse_filter(m.group(3).replace("and/or", "or"))
        if flt is None or flt.spells or flt.controller:
            return None
        return CostObjects("sacrifice", _num(m.group(1)).fixed, replace(flt, controller="you", other=bool(m.group(2))))
    if m := re.fullmatch(r"discard " + _NUM + r" cards?", part, re.I):
        return CostObjects("discard", _num(m.group(1)).fixed)
    if (m := re.fullmatch(r"discard " + _NUM + r" (.+?) cards?", part, re.I)) and (flt := parse_filter(m.group(2))):
        return CostObjects("discard", _num(m.group(1)).fixed, flt)      # "discard a nonland card"
    if m := re.fullmatch(r"exile " + _NUM + r" (.+?) cards? from your graveyard", part, re.I):
        flt = _card_filter(m.group(2))
        return CostObjects("exile", _num(m.group(1)).fixed, flt) if flt is not None else None
    return None



# -- replacement and prevention effects (CR 614, 615) -------------------------------------
# Static "If ... would ..., ... instead" paragraphs become ReplacementAbility entries of the
# script; a spell's "... instead if you control ..." paragraph is its self-replacement effect
# (CR 614.15); "Prevent ..." sentences of spells are PreventDamage effects.

_TIMES = {"double": 2, "twice": 2, "triple": 3, "three times": 3}
_YOU = Filter(players=True, objects=False, controller="you")
#: Counter kinds that mean something the engine doesn't carry out (keyword counters, CR
#: 122.1b; shield and stun counters, CR 122.1c-d): "enters with" them stays unimplemented.
_COUNTERS_WITH_RULES = frozenset(KEYWORDS) | {"shield", "stun", "finality", "first strike", "double strike"}
#: Keyword counters (CR 122.1b) the layer system gives their keyword (``layers.KEYWORD_COUNTERS``).
KEYWORD_COUNTER_KINDS = frozenset({"flying", "first strike", "double strike", "deathtouch", "haste", "hexproof",
                                   "indestructible", "lifelink", "menace", "reach", "shadow", "trample", "vigilance"})


def _counter_kind_ok(kind: str) -> bool:
    return kind in ("+1/+1", "-1/-1") or (re.fullmatch(r"[a-z]+", kind) is not None
                                          and kind not in _COUNTERS_WITH_RULES)


def _damage_source(phrase: str) -> tuple[Filter | None, bool] | None:
    """(source filter, itself) of "a source", "a source you control", "a red source you
    control", "another red source you control", "a creature you control", "~"."""
    p = phrase.lower().strip()
    if p == "~":
        return None, True
    m = re.fullmatch(r"(?:a|an|any|another) (?:(white|blue|black|red|green) )?source"
                     r"( you control| an opponent controls)?", p)
    if m:
        flt = Filter(colors=frozenset({COLOR_WORDS[m.group(1)]}) if m.group(1) else frozenset(),
                     controller={" you control": "you", " an opponent controls": "opponent"}.get(m.group(2) or ""),
                     other=p.startswith("another"))
        return (None if flt == Filter() else flt), False
    m = re.fullmatch(r"(?:a|an) (.+)", p)
    flt = parse_filter(m.group(1)) if m else None
    if flt is None or flt.spells:
        return None
    return flt, False


def _damage_recipient(phrase: str) -> tuple[Filter | None, bool] | None:
    """(recipient filter, itself) of "a permanent or player", "you", "~", "an opponent or a
    permanent an opponent controls", "a creature you control"."""
    p = phrase.lower().strip()
    if p in ("a permanent or player", "a player or permanent", "any target"):
        return None, False
    if p == "~":
        return None, True
    if p == "you":
        return _YOU, False
    if p in ("a player",):
        return Filter(players=True, objects=False), False
    if p in ("an opponent",):
        return Filter(players=True, objects=False, controller="opponent"), False
    if p in ("an opponent or a permanent an opponent controls",):
        return Filter(players=True, controller="opponent"), False
    m = re.fullmatch(r"(?:a|an) (.+)", p)
    flt = parse_filter(m.group(1)) if m else None
    if flt is None or flt.spells:
        return None
    return flt, False


def _amount_change(text: str) -> tuple[int, int] | None:
    """(multiply, add) of "double that damage", "twice that much", "that much damage plus 2"."""
    t = text.lower()
    if m := re.fullmatch(r"(double|triple|twice|three times) that (?:much )?(?:damage|life)?", t):
        return _TIMES[m.group(1)], 0
    if m := re.fullmatch(r"that much (?:damage|life) plus (\d+|one|two|three)", t):
        return 1, _num(m.group(1)).fixed
    return None


def _rep_damage(m: re.Match[str]) -> ReplacementAbility | None:
    source = _damage_source(m.group(1))
    recipient = _damage_recipient(m.group(3))
    change = _amount_change(m.group(4))
    if source is None or recipient is None or change is None:
        return None
    kind = (m.group(2) or "").strip().lower()
    (src, from_itself), (to, to_itself) = source, recipient
    if from_itself:
        return None                             # "If ~ would deal damage": the source itself isn't read yet
    return ReplacementAbility("damage", source=src, to=to, itself=to_itself, combat=kind == "combat",
                              noncombat=kind == "noncombat", multiply=change[0], add=change[1])


def _rep_life(m: re.Match[str]) -> ReplacementAbility | None:
    """ "If you would gain life (while you have 5 or less life), you gain twice that much life
    instead" (Boon Reflection; Phial of Galadriel: only while the condition holds)."""
    change = _amount_change(m.group(2))
    condition = Condition("life", at_most=int(m.group(1))) if m.group(1) else None
    return ReplacementAbility("gain_life", who="you", multiply=change[0], add=change[1],
                              condition=condition) if change else None


def _rep_draw(m: re.Match[str]) -> ReplacementAbility | None:
    return ReplacementAbility("draw", who="you", except_first_draw=bool(m.group(1)), draw=_num(m.group(2)).fixed)


def _rep_draw_empty_hand(m: re.Match[str]) -> ReplacementAbility | None:
    """ "If you would draw a card while you have no cards in hand, draw two cards instead"
    (Phial of Galadriel), "... instead you draw two cards and you lose 1 life" (Blood Scrivener)."""
    draws = _num(m.group(1) or m.group(3)).fixed
    also = (LoseLife(YOU, _num(m.group(2))),) if m.group(2) else ()
    return ReplacementAbility("draw", who="you", draw=draws, condition=Condition("hand", at_most=0), also=also)


def _rep_tokens(m: re.Match[str]) -> ReplacementAbility | None:
    which = Filter(types=frozenset({TYPE_WORDS[m.group(2).lower()]})) if m.group(2) else None
    return ReplacementAbility("tokens", who="you" if m.group(1) or m.group(3) else "", to=which,
                              multiply=_TIMES[m.group(4).lower()])


def _rep_mana(m: re.Match[str]) -> ReplacementAbility | None:
    """CR 106.12b: "If you tap a permanent for mana, it produces twice as much of that mana
    instead" (Mana Reflection; three times, Nyxbloom Ancient)."""
    which = parse_filter(m.group(1)) if m.group(1).lower() != "permanent" else None
    if m.group(1).lower() != "permanent" and which is None:
        return None
    return ReplacementAbility("tapped_for_mana", who="you", source=which, multiply=_TIMES[m.group(2).lower()])


def _rep_proliferate(m: re.Match[str]) -> ReplacementAbility | None:
    return ReplacementAbility("proliferate", who="you", multiply=_TIMES[m.group(1).lower()])   # Tekuthal


def _rep_life_reduced(m: re.Match[str]) -> ReplacementAbility | None:
    """Enduring Angel: "If your life total would be reduced to 0 or less, instead transform ~
    and your life total becomes 3. Then if ~ didn't transform this way, you lose the game."."""
    return ReplacementAbility("life_reduced", who="you", transform=True, amount=_num(m.group(1)))


def _rep_counters(m: re.Match[str]) -> ReplacementAbility | None:
    """Doubling Season ("an effect would put one or more counters on a permanent you
    control"), Hardened Scales, Corpsejack Menace, Primal Vigor ("+1/+1 counters ... on a
    creature")."""
    kind = (m.group(1) or "").strip()
    kind_after = (m.group(4) or "").strip()
    if kind != kind_after:
        return None
    flt = parse_filter(re.sub(r"^(a|an|another) ", lambda w: "another " if w.group(1) == "another" else "",
                              m.group(2).lower()))
    if flt is None or flt.spells:
        return None
    how = m.group(3).lower()
    multiply, add = (1, 1) if how == "that many plus one" else (_TIMES[how], 0)
    return ReplacementAbility("counters", to=flt, counter_kind=kind, multiply=multiply, add=add)


def _rep_enters_tapped(m: re.Match[str]) -> ReplacementAbility | None:
    return ReplacementAbility("enters", itself=True, tapped=True)


def _rep_enters_tapped_unless(m: re.Match[str]) -> ReplacementAbility | None:
    """ "~ enters tapped unless you control two or more other lands" (CR 614.1c, 614.12): the
    replacement applies when the condition is false as it would enter."""
    cond = _parse_condition(m.group(1))
    negated = _negated(cond) if cond is not None else None
    return ReplacementAbility("enters", itself=True, tapped=True, condition=negated) if negated else None


def _negated(cond: Condition) -> Condition | None:
    """The condition's opposite, for a count with one bound ("N or more" <-> "N-1 or fewer")."""
    if cond.kind not in ("control", "battlefield", "life", "hand", "graveyard", "library") or cond.link:
        return None
    if cond.at_least is not None and cond.at_most is None:
        return replace(cond, at_least=None, at_most=cond.at_least - 1)
    if cond.at_most is not None and cond.at_least is None:
        return replace(cond, at_least=cond.at_most + 1, at_most=None)
    return None


def _rep_enters_counters(m: re.Match[str]) -> ReplacementAbility | None:
    kind = m.group(2).lower()
    if not _counter_kind_ok(kind):
        return None
    return ReplacementAbility("enters", itself=True, enters_counters=kind, amount=_num(m.group(1)))


def _rep_kicked_enters_counters(m: re.Match[str]) -> ReplacementAbility | None:
    """"If ~ was kicked, it enters with three +1/+1 counters on it" (CR 702.33d, 614.1c)."""
    ab = _rep_enters_counters(m)
    kws = _keyword_list(m.group(3)) if m.group(3) else frozenset()
    if ab is None or kws is None:
        return None
    return replace(ab, condition=Condition("kicked"), enters_keywords=kws)       # Kavu Titan: "and with trample"


def _rep_others_enter_tapped(m: re.Match[str]) -> ReplacementAbility | None:
    """CR 614.1d: "Creatures your opponents control enter tapped"."""
    words = re.sub(r",? and ", " or ", m.group(1).lower())
    flt = parse_filter(words)
    if flt is None or flt.spells or flt.controller:
        return None
    controller = {"your opponents control": "opponent", "you control": "you"}.get((m.group(2) or "").strip())
    return ReplacementAbility("enters", to=replace(flt, controller=controller), tapped=True)


def _rep_prevent(m: re.Match[str]) -> ReplacementAbility | None:
    """A static prevention effect (CR 615.1a): "Prevent all damage that would be dealt to ~"."""
    recipient = _damage_recipient(m.group(2))
    if recipient is None:
        return None
    to, itself = recipient
    return ReplacementAbility("damage", to=to, itself=itself, combat=bool(m.group(1)), prevent=True)


_REPLACEMENTS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], "ReplacementAbility | None"]]] = [
    (lazy_re.compile(r"if (.+?) would deal (combat |noncombat )?damage to (.+?), it deals (.+?)"
                     r"(?: to that (?:permanent or player|player or permanent|player|permanent|creature))? instead", re.I),
     _rep_damage),
    (lazy_re.compile(r"if you would gain life(?: while you have (\d+) or less life)?, you gain (.+?) instead", re.I),
     _rep_life),
    (lazy_re.compile(r"if you would draw a card( except the first one you draw in each of your draw steps)?, "
                     r"draw (two|three) cards instead", re.I), _rep_draw),
    (lazy_re.compile(r"if you would draw a card while you have no cards in hand, (?:instead you draw (two|three) cards "
                     r"and you lose " + _NUM + r" life|draw (two|three) cards instead)", re.I), _rep_draw_empty_hand),
    (lazy_re.compile(r"if (?:an effect would create one or more tokens( under your control), it creates"
                     r"|one or more (?:(creature|artifact) )?tokens would be created( under your control)?,) "
                     r"(twice|three times) that many of those tokens(?: are created)? instead", re.I), _rep_tokens),
    (lazy_re.compile(r"if you tap an? (.+?) for mana, it produces (twice|three times) as much of that mana instead", re.I),
     _rep_mana),
    (lazy_re.compile(r"if you would proliferate, proliferate (twice|three times) instead", re.I), _rep_proliferate),
    (lazy_re.compile(r"if your life total would be reduced to 0 or less, instead transform ~ and your life total becomes "
                     r"(\d+)\. then if ~ didn't transform this way, you lose the game", re.I), _rep_life_reduced),
    (lazy_re.compile(r"if (?:an effect would put )?one or more (\+1/\+1 )?counters (?:would be put )?on (.+?), "
                     r"(?:it puts )?(twice|three times|that many plus one) (?:that many )?(?:of those )?(\+1/\+1 )?"
                     r"counters (?:are put )?on (?:it|that permanent|that creature) instead", re.I), _rep_counters),
    (lazy_re.compile(r"~ enters(?: the battlefield)? tapped", re.I), _rep_enters_tapped),
    (lazy_re.compile(r"~ enters(?: the battlefield)? tapped unless (.+)", re.I), _rep_enters_tapped_unless),
    (lazy_re.compile(r"as ~ enters(?: the battlefield)?, you may pay (\d+) life\. if you don't, it enters(?: the "
                     r"battlefield)? tapped", re.I),
     lambda m: ReplacementAbility("enters", itself=True, tapped=True, unless_life=int(m.group(1)))),
    (lazy_re.compile(r"~ enters(?: the battlefield)? with " + _NUM + r" (\S+) counters? on it", re.I), _rep_enters_counters),
    (lazy_re.compile(r"if ~ was kicked, it enters(?: the battlefield)? with " + _NUM + r" (\S+) counters? on it"
                     r"(?: and with (.+))?", re.I), _rep_kicked_enters_counters),
    (lazy_re.compile(r"(.+?) (your opponents control |you control )?enter(?: the battlefield)? tapped", re.I),
     _rep_others_enter_tapped),
    (lazy_re.compile(r"prevent all (combat )?damage that would be dealt to (.+?)", re.I), _rep_prevent),
]


def _self_replacement(text: str) -> ReplacementAbility | None:
    """A spell's self-replacement effect (CR 614.15): "~ deals 4 damage instead if you control
    three or more artifacts" (Galvanic Blast), "You gain 10 life instead if you control a
    creature with power 4 or greater" (Feed the Clan)."""
    m = re.fullmatch(r"(?:(?:~|it) deals (x plus \d+|" + _NUM + r") damage|you gain " + _NUM + r" life)"
                     r" instead if you control (a|an|one|two|three|four|five|\d+)(?: or more)? (.+)", text, re.I)
    if not m:
        return None
    flt = parse_filter(m.group(5))
    if flt is None or flt.spells or flt.controller:
        return None
    condition = Condition("control", flt, at_least=_num(m.group(4)).fixed)
    if m.group(1):
        words = m.group(1).lower()
        amount = Quantity(fixed=int(words.split()[-1]), x=True) if words.startswith("x plus") else _num(words)
        return ReplacementAbility("damage", amount=amount, condition=condition, self_replacement=True)
    return ReplacementAbility("gain_life", who="you", amount=_num(m.group(3)), condition=condition,
                              self_replacement=True)


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


def replacement_paragraph(para: str, raw: str, is_spell: bool) -> ReplacementAbility | None:
    """The replacement or prevention effect a paragraph states (``para`` normalized, ``raw``
    as printed), or None. An ability word before it (CR 207.2c) is only a label."""
    text = para.strip().rstrip(".")
    if (m := re.match(r"([^—]+) — ", text)) and m.group(1).lower().replace("’", "'") in ABILITY_WORDS:
        text = text[m.end():]
    if is_spell:
        ab = _self_replacement(text)
    else:
        ab = None
        for pattern, handler in _REPLACEMENTS:
            if m := pattern.fullmatch(text):
                ab = handler(m)
                break
    return None if ab is None else replace(ab, text=raw)


def _prevent_ref(phrase: str, st: _Parse) -> Ref | None:
    p = phrase.lower()
    if p == "any target":
        return st.add_target(TargetSpec(ANY_TARGET, "any target"))
    if p == "you":
        return YOU
    if p.startswith("target "):
        return _target_ref(p, st)
    if m := re.fullmatch(r"(?:each )?(.+?)", p):
        flt = parse_filter(m.group(1))
        if flt is not None and not flt.spells and (flt.types or flt.controller):
            return Ref("each", filter=flt)
    return None


@_effect(r"prevent all (combat )?damage that would be dealt(?: to (.+?))? this turn")
def _prevent_all(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """Fog (CR 615.1a): a prevention effect lasting this turn."""
    to = _prevent_ref(m.group(2), st) if m.group(2) else None
    if m.group(2) and to is None:
        return None
    return [PreventDamage(None, to, combat=bool(m.group(1)))]


@_effect(r"the next time an? ((?:(?:white|blue|black|red|green|colorless) )?)source of your choice would deal damage "
         r"to (you|target creature|any target) this turn, prevent that damage")
def _prevent_next_time(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """The Circles of Protection (CR 609.7a-b): a source chosen as it resolves, a shield used
    up by the next damage it would deal."""
    color = m.group(1).strip().lower()
    flt = Filter(colors=frozenset({COLOR_WORDS[color]})) if color and color != "colorless" else Filter()
    if color == "colorless":
        flt = Filter(not_colors=frozenset(COLOR_WORDS.values()))
    to = _prevent_ref(m.group(2), st)
    return [PreventDamage(None, to, source_choice=flt)] if to is not None else None


@_effect(r"prevent the next " + _NUM + r" damage that would be dealt to (.+?) this turn")
def _prevent_next(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """A prevention shield (CR 615.7): "Prevent the next 3 damage that would be dealt to any target this turn"."""
    to = _prevent_ref(m.group(2), st)
    return [PreventDamage(_num(m.group(1)), to)] if to is not None else None


@lru_cache(maxsize=None)
def compile_text(name: str, oracle_text: str, is_spell: bool) -> CardScript:
    """Compiles one face's rules text (``is_spell``: an instant or sorcery)."""
    keywords: set[str] = set()
    spell_effects: list[Effect] = []
    last_spell_para: tuple[str, int, int] | None = None
    spell_targets: list[TargetSpec] = []
    activated: list[ActivatedAbility] = []
    triggered: list[TriggeredAbility] = []
    static: list[StaticAbility] = []
    enchant: Filter | None = None
    unimplemented: list[tuple[int, str]] = []
    kicker: list[str] = []
    morph = ""
    megamorph = False
    enters_as_copy: EntersAsCopy | None = None
    extra_triggers: list[ExtraTriggers] = []
    modes: list[SpellAbility] = []
    mode_range: tuple[int, int] | None = None
    replacements: list[ReplacementAbility] = []
    player_statics: list[PlayerStatic] = []
    cast_timing = ""
    cost_abilities: list[dict[str, Any]] = []
    # CR 607.2a: the paragraph that exiles is the linking ability; "exiled with ~" and "the exiled
    # card" in it or in another paragraph refer to the same record
    exiling = [i for i, raw in enumerate(oracle_text.split("\n"), start=1) if re.search(r"\bexile\b", raw, re.I)]
    link = link_name(name, exiling[0]) if exiling else ""
    for number, raw in enumerate(oracle_text.split("\n"), start=1):
        para = _strip_reminder(_normalize_self(raw, name))
        if (aw := re.match(r"([^—]+) — ", para)) and aw.group(1).lower().replace("’", "'") in ABILITY_WORDS:
            para = para[aw.end():]          # an ability word is only a label (CR 207.2c): "Strive — ..."
        if not para:
            continue
        if para.lower() == "changeling":
            static.append(changeling_ability())            # CR 702.73a: every creature type
            continue
        if para.lower() == "devoid":
            # CR 702.114a: a characteristic-defining ability, "This object is colorless", in
            # every zone (CR 604.3)
            static.append(StaticAbility("self", text=raw, cda=True, mods=(ChangeColors(set_colors=frozenset()),)))
            continue
        if m := re.fullmatch(r"(mega)?morph ((?:\{[^}]+\})+)", para, re.I):
            morph = m.group(2)                              # CR 702.37a
            megamorph = bool(m.group(1))                    # CR 702.37b
            continue
        if para.lower() == "totem armor":
            para = "Umbra armor"                # CR 702.89b: the older name of the same ability
        if (expanded := _keyword_as_text(para)) is not None:
            para = expanded                     # a keyword defined by the ability it stands for (CR 702)
        if m := re.fullmatch(r"echo ((?:\{[^}]+\})+)", para, re.I):
            # CR 702.30a: "At the beginning of your upkeep, if this permanent came under your
            # control since the beginning of your last upkeep, sacrifice it unless you pay [cost]."
            triggered.append(TriggeredAbility(
                Trigger("upkeep", "you"), (PayEcho(m.group(1).upper()),), condition=Condition("echo_due"),
                text=f"Echo {m.group(1)}: at the beginning of your upkeep, if {name} came under your control since "
                     f"the beginning of your last upkeep, sacrifice it unless you pay {m.group(1)}."))
            continue
        if m := re.fullmatch(r"fading (\d+)", para, re.I):
            # CR 702.32a: "This permanent enters with N fade counters on it" and "At the
            # beginning of your upkeep, remove a fade counter from this permanent. If you
            # can't, sacrifice the permanent."
            replacements.append(ReplacementAbility("enters", itself=True, enters_counters="fade",
                                                   amount=_num(m.group(1)), text=raw))
            triggered.append(TriggeredAbility(
                Trigger("upkeep", "you"),
                (RemoveCounters(SELF, "fade", _num("1"), if_cant=(SacrificePermanent(),)),),
                text=f"Fading {m.group(1)}: at the beginning of your upkeep, remove a fade counter from {name}. "
                     f"If you can't, sacrifice it."))
            continue
        if m := re.fullmatch(r"evoke ((?:\{[^}]+\})+)", para, re.I):
            # CR 702.74a: an alternative cost, and "When this permanent enters, if its evoke cost
            # was paid, its controller sacrifices it."
            cost_abilities.append({"alternative_costs": (AlternativeCost(mana=m.group(1), name="evoke", itself=True,
                                                                         text=raw),)})
            triggered.append(TriggeredAbility(Trigger("enters"), (SacrificePermanent(SELF),),
                                              text="When this permanent enters, if its evoke cost was paid, its "
                                                   "controller sacrifices it (evoke, CR 702.74a)",
                                              condition=Condition("evoked")))
            continue
        if m := re.fullmatch(r"kicker ((?:\{[^}]+\})+)", para, re.I):
            kicker.append(m.group(1))                       # CR 702.33a
            continue
        if (cost_fields := cost_paragraph(para, raw)) is not None:
            cost_abilities.append(cost_fields)              # CR 118, 601.2b, 601.2e-f
            continue
        if is_spell and (m := re.fullmatch(r"choose (one|two|three|one or both|one or more) —", para, re.I)):
            mode_range = {"one": (1, 1), "two": (2, 2), "three": (3, 3), "one or both": (1, 2),
                          "one or more": (1, 99)}[m.group(1).lower()]   # CR 700.2
            continue
        if mode_range is not None and para.startswith("•"):
            st = _Parse()
            effects = parse_effects(para[1:].strip(), st)
            if effects is None:
                # kept as a mode (so numbering follows the card) that is refused if chosen
                modes.append(SpellAbility((), (), raw, implemented=False))
            else:
                modes.append(SpellAbility(tuple(effects), tuple(st.targets), raw))
            continue
        kws = _keyword_list(para)
        if kws is not None:
            keywords |= kws
            continue
        if not is_spell and (m := re.fullmatch(r"prevent all (combat )?damage that would be dealt (to and dealt by|by) ~\.?",
                                               para, re.I)):
            # CR 615.1a: Fog Bank ("to and dealt by ~"): prevention effects on damage to it and from it
            combat = bool(m.group(1))
            if m.group(2).lower().startswith("to"):
                replacements.append(ReplacementAbility("damage", itself=True, combat=combat, prevent=True, text=raw))
            replacements.append(ReplacementAbility("damage", from_itself=True, combat=combat, prevent=True, text=raw))
            continue
        if (rep := replacement_paragraph(para, raw, is_spell)) is not None:
            replacements.append(rep)                        # CR 614, 615
            continue
        if m := re.fullmatch(r"enchant (.+)", para, re.I):
            enchant = parse_filter(m.group(1))
            if enchant is None:
                unimplemented.append((number, raw))
            continue
        if m := re.fullmatch(r"(enchanted|equipped) creature gets ([+-]\d+)/([+-]\d+) for each (.+?)"
                             r"(?: and has (.+?))?\.", para, re.I):
            # "Enchanted creature gets +1/+1 for each Forest you control" (Blanchwood Armor): a
            # layer 7c effect counted as it applies (CR 611.3a, 613.4c)
            per = parse_filter(m.group(4))
            kw = _keyword_list(m.group(5)) if m.group(5) else frozenset()
            if per is None or kw is None or not _counts_characteristics(per):
                unimplemented.append((number, raw))
            else:
                static.append(StaticAbility(m.group(1).lower(), keywords=kw, text=raw,
                                            mods=(ModifyPT(int(m.group(2)), int(m.group(3)), per=per),)))
            continue
        if m := re.fullmatch(r"(enchanted|equipped) creature gets " + _PT + r"(?: and has (.+?))?\.", para, re.I):
            p, px = _pt(m.group(2))
            t, tx = _pt(m.group(3))
            kw = _keyword_list(m.group(4)) if m.group(4) else frozenset()
            if px or tx or kw is None:
                unimplemented.append((number, raw))
            else:
                static.append(StaticAbility(m.group(1).lower(), p, t, kw, text=raw))
            continue
        if (m := re.fullmatch(r"enchanted creature (.+)\.", para, re.I)) \
                and (mods := _becomes(m.group(1))) is not None:
            static.append(StaticAbility("enchanted", text=raw, mods=mods))   # Lignify, Deep Freeze
            continue
        if m := re.fullmatch(r"all creatures able to block (enchanted creature|equipped creature|~) do so\.", para, re.I):
            # Lure (CR 509.1c): a blocking requirement for every creature that could block it,
            # granted to the permanent like an ability (layer 6) and read by combat
            static.append(StaticAbility({"~": "self"}.get(m.group(1).lower(), m.group(1).lower().split()[0]),
                                        keywords=frozenset({LURE}), text=raw))
            continue
        if re.fullmatch(r"(?:this spell|~) can't be countered(?: by spells or abilities)?\.", para, re.I) \
                and "by spells" not in para:
            # CR 101.2: a spell that "can't be countered" stays on the stack when an effect would
            # counter it (a rule of the spell, read by ``effects.resolve.counter``)
            keywords.add(UNCOUNTERABLE)
            continue
        if m := re.fullmatch(r"(you may choose not to untap|~ doesn't untap) ~? ?during your untap step\.", para, re.I):
            # CR 502.3: untapping in the untap step is optional / doesn't happen (a rule of the
            # permanent, read as it would untap; Rubinia Soulsinger, Merieke Ri Berit)
            keywords.add("may choose not to untap" if m.group(1).lower().startswith("you") else "doesn't untap")
            continue
        if (m := re.fullmatch(r"(enchanted creature|equipped creature|enchanted permanent|~) (.+?)\.", para, re.I)) \
                and (kw := restrictions(m.group(2))) is not None:
            # CR 508.1c / 509.1b / 502.3 / 602.5 restrictions, granted like abilities in layer 6.
            static.append(StaticAbility({"~": "self"}.get(m.group(1), m.group(1).lower().split()[0]),
                                        keywords=kw, text=raw))
            continue
        if m := re.fullmatch(r"(enchanted|equipped) creature has (.+?)\.", para, re.I):
            kw = _keyword_list(m.group(2))
            if kw is None:
                unimplemented.append((number, raw))
            else:
                static.append(StaticAbility(m.group(1).lower(), keywords=kw, text=raw))
            continue
        copy = _enters_as_copy(para, name)
        if copy is not None:
            enters_as_copy = copy
            continue
        if (conditional := _conditional_static(para, raw)) is not None:
            static.append(conditional)                      # Kird Ape, Wild Nacatl (CR 611.3b)
            continue
        layer_static = _layer_static(para, raw)
        if layer_static is not None:
            static.append(layer_static)
            continue
        if (ps := _player_static(para, raw)) is not None:
            player_statics.append(ps)                       # "You have hexproof" (CR 604.1)
            continue
        if re.fullmatch(r"cast (?:~|this spell) only before the combat damage step\.", para, re.I):
            cast_timing = "before_combat_damage"            # CR 601.3 (Berserk)
            continue
        if m := re.fullmatch(r"(other )?(.+?) you control have (.+?)\.", para, re.I):
            flt = parse_filter(m.group(2))
            kw = _keyword_list(m.group(3))
            if flt is None or flt.spells or kw is None:
                unimplemented.append((number, raw))
            else:                                           # layer 6 (CR 613.1f): Rage Reflection
                flt = Filter(types=flt.types, not_types=flt.not_types, colors=flt.colors,
                             controller="you", other=bool(m.group(1)))
                static.append(StaticAbility("each", keywords=kw, filter=flt, text=raw))
            continue
        if m := re.fullmatch(r"(other )?(.+?)( you control)? get " + _PT + r"(?: and have (.+?))?\.", para, re.I):
            # "Other Merfolk get +1/+1" (any controller's); the hand-written definitions of
            # Crusade, Bad Moon and Goblin Chieftain document the definition format
            flt = parse_filter(m.group(2)) if m.group(3) else _creature_type_filter(m.group(2))
            p, px = _pt(m.group(4))
            t, tx = _pt(m.group(5))
            kw = _keyword_list(m.group(6)) if m.group(6) else frozenset()
            if flt is None or px or tx or kw is None or flt.spells or flt.controller:
                unimplemented.append((number, raw))
            else:                      # "Other Merfolk get +1/+1 and have islandwalk" (any controller's)
                flt = Filter(types=flt.types, not_types=flt.not_types, colors=flt.colors, not_colors=flt.not_colors,
                             subtypes=flt.subtypes, supertypes=flt.supertypes,
                             controller="you" if m.group(3) else None, other=bool(m.group(1)))
                static.append(StaticAbility("each", p, t, kw, filter=flt, text=raw))
            continue
        if m := re.fullmatch(r"([^:\"]+): (.+)", para):
            cost = _parse_cost(m.group(1))
            st = _Parse(link=link)
            body, spending = _split_mana_restriction(m.group(2))
            effects = parse_effects(body, st) if cost and spending is not False else None
            if effects is not None and spending is not None:
                if not any(isinstance(e, AddMana) for e in effects):
                    effects = None
                else:                                       # CR 106.6: on the mana the ability adds
                    effects = [replace(e, restriction=spending) if isinstance(e, AddMana) else e for e in effects]
            sorcery = False
            restriction = None
            per_turn = 0
            if effects is None and cost and (lim := re.fullmatch(
                    r"(.+?) Activate (?:only once|no more than (twice|three times)) each turn\.", m.group(2))):
                per_turn = {None: 1, "twice": 2, "three times": 3}[lim.group(2)]     # CR 602.5b
                effects = parse_effects(lim.group(1), st)
            if effects is None and cost and m.group(2).endswith("Activate only as a sorcery."):
                effects = parse_effects(m.group(2)[: -len("Activate only as a sorcery.")], st)
                sorcery = True
            if effects is None and cost and (r := re.fullmatch(r"(.+?) Activate only if (.+?)( and only as a sorcery)?\.",
                                                               m.group(2))):
                # "Activate only if ..." (a restriction, CR 602.5b)
                restriction = _parse_condition(r.group(2))
                effects = parse_effects(r.group(1), st) if restriction is not None else None
                sorcery = bool(r.group(3))
            if cost is None or effects is None:
                unimplemented.append((number, raw))
                continue
            sorcery = sorcery or cost.loyalty is not None    # CR 606.3: loyalty abilities, as a sorcery
            # CR 605.1a: no target, could add mana (a painland's damage doesn't change that), not loyalty
            is_mana = (not st.targets and cost.loyalty is None
                       and any(isinstance(e, AddMana) or (isinstance(e, Double) and e.value == "mana")
                               for e in effects))
            activated.append(ActivatedAbility(cost, tuple(effects), tuple(st.targets), raw, is_mana, sorcery,
                                              condition=restriction, per_turn=per_turn))
            continue
        if m := re.fullmatch(r"((?:when|whenever|at) [^,]+), (.+)", para, re.I):
            abilities = _triggered(m.group(1), m.group(2), raw, link)
            if abilities is None:
                unimplemented.append((number, raw))
            else:
                triggered.extend(abilities)
            continue
        if m := re.fullmatch(r"equip ((?:\{[0-9WUBRGC]+\})+)", para, re.I):
            # CR 702.6a: "[Cost]: Attach this permanent to target creature you control. Activate
            # only as a sorcery."
            activated.append(ActivatedAbility(
                Cost(mana=m.group(1)), (Attach(target(0)),),
                (TargetSpec(Filter(types=frozenset({"Creature"}), controller="you"), "target creature you control"),),
                raw, False, True))
            continue
        if m := re.fullmatch(r"transmute ((?:\{[0-9WUBRGC]+\})+)", para, re.I):
            # CR 702.53a: "[Cost], Discard this card: Search your library for a card with the
            # same mana value as the discarded card, reveal that card, and put it into your
            # hand. Then shuffle your library. Activate only as a sorcery." (from the hand only)
            activated.append(ActivatedAbility(
                Cost(mana=m.group(1), discard_self=True), (Search(YOU, Filter(), "hand", same_mana_value=True),),
                (), raw, False, True, zone="hand"))
            continue
        if m := re.fullmatch(r"crew (\d+)", para, re.I):
            # CR 702.122a: "Tap any number of other untapped creatures you control with total
            # power N or greater: This permanent becomes an artifact creature until end of turn."
            crew = CostObjects("crew", int(m.group(1)), Filter(types=frozenset({"Creature"}), tapped=False,
                                                                controller="you", other=True))
            activated.append(ActivatedAbility(
                Cost(objects=(crew,)),
                (ApplyModifications(SELF, (ChangeTypes(add_types=frozenset({"Artifact", "Creature"})),)),),
                (), raw, False, False))
            continue
        if m := re.fullmatch(r"((?:basic )?[a-z]*)cycling ((?:\{[0-9WUBRGC]+\})+)", para, re.I):
            cycling = _cycling(m.group(1), m.group(2), raw)
            if cycling is None:
                unimplemented.append((number, raw))
            else:
                activated.append(cycling)
            continue
        extra = _extra_triggers(para, raw)
        if extra is not None:
            extra_triggers.append(extra)
            continue
        if is_spell:
            st = _Parse()
            st.targets = spell_targets
            before_targets = len(spell_targets)
            effects = parse_effects(para, st)
            if effects is not None:
                last_spell_para = (para, len(spell_effects), before_targets)
                spell_effects.extend(effects)
                continue
            if last_spell_para is not None and re.search(r" instead(?: if .+)?\.?$", para, re.I):
                # "Landfall — If ..., that creature gets +4/+4 until end of turn instead." (Groundswell),
                # "Morbid — That creature gets -13/-13 until end of turn instead if a creature died this
                # turn." (Tragic Slip): a paragraph that modifies the one before it is read together with it
                prev, n_effects, n_targets = last_spell_para
                saved_effects, saved_targets = spell_effects[n_effects:], spell_targets[n_targets:]
                del spell_effects[n_effects:], spell_targets[n_targets:]
                effects = parse_effects(prev + " " + para, st)
                if effects is not None:
                    last_spell_para = None
                    spell_effects.extend(effects)
                    continue
                spell_effects.extend(saved_effects)
                spell_targets.extend(saved_targets)
        unimplemented.append((number, raw))
    spell = None
    if is_spell:
        if modes and mode_range is not None:
            if spell_effects:
                unimplemented.append((0, "effects outside the modes of a modal spell"))
            spell = SpellAbility((), (), oracle_text, tuple(modes), mode_range[0], min(mode_range[1], len(modes)))
        else:
            spell = SpellAbility(tuple(spell_effects), tuple(spell_targets), oracle_text)
    return with_links(name, oracle_text, with_cost_abilities(CardScript(frozenset(keywords), spell, tuple(activated), tuple(triggered), tuple(static),
                      enchant=enchant, kicker=tuple(kicker), unimplemented=tuple(unimplemented),
                      extra_triggers=tuple(extra_triggers), replacements=tuple(replacements),
                      enters_as_copy=enters_as_copy, morph=morph, megamorph=megamorph, player_statics=tuple(player_statics),
                      cast_timing=cast_timing), cost_abilities))      # linked pairs (CR 607): oracle_links


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


def _keyword_as_text(para: str) -> str | None:
    """The ability a keyword paragraph stands for ("Afterlife 2": "When ~ dies, create two ..."),
    or None."""
    for pattern, text in _KEYWORDS_AS_TEXT:
        if m := pattern.fullmatch(para.strip().rstrip(".")):
            return text.format(*m.groups())
    return None


#: Basic land types and the mana their intrinsic ability adds (CR 305.6).
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
