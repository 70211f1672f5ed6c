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
from typing import Callable

from .vocabulary import (
    ANY_TARGET, CREATURE, PLAYER, SELF, YOU, ActivatedAbility, AddMana, CardScript, Cost,
    CounterSpell, CreateToken, DealDamage, Destroy, Discard, Draw, Effect, Exile, Fight, Filter,
    DamageCantBePrevented, GainLife, IfKicked, LoseLife, Mill, Pump, PutCounters, Quantity, Ref,
    ReturnToBattlefield, ReturnToHand, Sacrifice, Scry, Search, SpellAbility,
    StaticAbility, TapUntap, TargetSpec, Trigger, TriggeredAbility, n, target,
)

#: Keyword abilities the engine implements (CR 702), by their Oracle spelling.
KEYWORDS = (
    "flying", "first strike", "double strike", "deathtouch", "lifelink", "trample",
    "vigilance", "haste", "reach", "menace", "defender", "indestructible", "hexproof",
    "shroud", "flash",
)
_KEYWORD_SET = frozenset(KEYWORDS)

NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "x": 0,
}
COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
TYPE_WORDS = {
    "creature": "Creature", "artifact": "Artifact", "enchantment": "Enchantment",
    "land": "Land", "planeswalker": "Planeswalker", "permanent": "", "instant": "Instant",
    "sorcery": "Sorcery", "battle": "Battle",
}


class _Parse:
    """Accumulates the targets of one ability while its sentences are parsed."""

    def __init__(self) -> None:
        self.targets: list[TargetSpec] = []

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


def parse_filter(text: str) -> Filter | None:
    """Parses "nonblack creature an opponent controls", "artifact or enchantment", "spell",
    "attacking or blocking creature", "creature with power 4 or greater"."""
    text = text.strip().lower()
    power_min = power_max = None
    if m := re.search(r" with power (\d+) or (greater|less)$", text):
        text = text[: m.start()]
        if m.group(2) == "greater":
            power_min = int(m.group(1))
        else:
            power_max = int(m.group(1))
    blocking = None
    if text.startswith("attacking or blocking "):
        text = text[len("attacking or blocking "):]
        blocking = True
    controller = None
    for suffix, who in ((" you control", "you"), (" an opponent controls", "opponent"),
                        (" you don't control", "opponent")):
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
    for word in words:
        if word in ("or", "and/or", "another", "other"):
            continue
        if word == "tapped":
            tapped = True
            continue
        if word == "attacking":
            attacking = True
            continue
        neg = word.startswith("non") and word not in ("none",)
        base = word[3:].lstrip("-") if neg else word
        base = base[:-1] if base.endswith("s") and base[:-1] in TYPE_WORDS else base
        if base in TYPE_WORDS:
            if TYPE_WORDS[base]:
                (not_types if neg else types).add(TYPE_WORDS[base])
        elif base in COLOR_WORDS:
            (not_colors if neg else colors).add(COLOR_WORDS[base])
        else:
            return None
    if not spells and not types and "permanent" not in words and "permanents" not in words:
        if not (types or not_types or colors or not_colors):
            return None
    return Filter(
        types=frozenset(types), not_types=frozenset(not_types), colors=frozenset(colors),
        not_colors=frozenset(not_colors), controller=controller, spells=spells,
        tapped=tapped, attacking=attacking, other="another" in words or "other" in words,
        power_min=power_min, power_max=power_max, in_combat=blocking,
    )


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
    if m := re.fullmatch(r"(.*?)\s*cards? (?:from|in) (your|a|an opponent's) graveyard", p):
        # CR 115.2: a spell or ability may say it targets a card in a graveyard.
        flt = _card_filter(m.group(1))
        if flt is None:
            return None
        owner = {"your": "you", "a": None, "an opponent's": "opponent"}[m.group(2)]
        return TargetSpec(replace(flt, zone="graveyard", controller=owner), "target " + p)
    flt = parse_filter(p)
    if flt is None:
        return None
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
    if flt is None:
        return None
    if not flt.types and re.search(r"\bpermanents?\b", t, re.I):
        # off the battlefield, a "permanent card" is one with a permanent type (CR 110.4a)
        flt = replace(flt, types=PERMANENT_TYPES - flt.not_types)
    return replace(flt, supertypes=supertypes)


PERMANENT_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"})


_UP_TO = r"(?:up to (one|two|three|four|five|\d+) )?"


def _target_ref(text: str, st: _Parse) -> Ref | None:
    """ "target creature", "up to two target creatures" (CR 601.2c: a variable number of
    targets, from zero to N, CR 115.6)."""
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
        _EFFECTS.append((re.compile(pattern + r"$", re.IGNORECASE), fn))
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
    last = _last_target(st)
    if last is None:
        return None
    if w in ("its controller", "that creature's controller", "that permanent's controller",
             "that spell's controller"):
        if st.targets[-1].filter.players and not st.targets[-1].filter.objects:
            return None
        return Ref("target_controller", last.index)        # CR 608.2h: last known information
    if w == "that player" and st.targets[-1].filter.players:
        return last
    return None


@_effect(r"(?:~|it) deals " + _NUM + r" damage divided as you choose among (one or two|one, two, or three|any number of) targets")
def _divided_damage(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    most = {"one or two": 2, "one, two, or three": 3}.get(m.group(2).lower(), 99)
    amount = _num(m.group(1))
    ref = st.add_target(TargetSpec(ANY_TARGET, f"{m.group(2)} targets", 1, most))
    return [DealDamage(amount, ref, divided=True)]


@_effect(r"damage can't be prevented this turn")
def _unpreventable(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    return [DamageCantBePrevented()]


@_effect(r"(?:~|it) deals " + _NUM + r" damage to (.+)")
def _damage(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    amount = _num(m.group(1))
    dest = m.group(2).lower()
    if dest == "any target":
        return [DealDamage(amount, st.add_target(TargetSpec(ANY_TARGET, "any target")))]
    if dest.startswith("target "):
        spec = _target_spec(dest[7:])
        return [DealDamage(amount, st.add_target(spec))] if spec else None
    if dest == "each opponent":
        return [DealDamage(amount, Ref("each_opponent"))]
    if dest == "each player":
        return [DealDamage(amount, Ref("each_player"))]
    if dest == "you":
        return [DealDamage(amount, YOU)]
    if dest.startswith("each "):
        flt = parse_filter(dest[5:])
        return [DealDamage(amount, Ref("each", filter=flt))] if flt else None
    who = _who(dest, st)
    return [DealDamage(amount, who)] if who is not None else None


@_effect(r"(you|target player|target opponent|each player|each opponent) (?:draw|draws) " + _NUM + r" cards?")
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


@_effect(r"(destroy|exile|tap|untap) (" + _UP_TO + r"target .+)")
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


@_effect(r"(target (.+?)|~|it) fights (" + _UP_TO + r"(?:another )?target .+)")
def _fight(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """CR 701.14a: "Target creature you control fights target creature you don't control"."""
    subject = m.group(1).lower()
    if subject == "~":
        first: Ref | None = SELF
    elif subject == "it":
        first = _last_target(st)
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
         r"(a|an|up to (?:one|two|three|four|\d+)) (?:(.+?) )?cards?, (?:reveal (?:it|that card|them|those cards), )?"
         r"put (?:it|that card|them|those cards) (onto the battlefield( tapped)?|into (?:your|their) hand), "
         r"then shuffle")
def _search(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    """CR 701.23: search a library for cards, put them somewhere, then shuffle (CR 701.24a)."""
    who = _who(m.group(1), st) if m.group(1) else YOU
    flt = _card_filter(m.group(4) or "")
    if who is None or flt is None:
        return None
    count = m.group(3).lower()
    amount = _num(count.split()[-1]).fixed if count.startswith("up to") else 1
    to = "battlefield" if m.group(5).lower().startswith("onto") else "hand"
    return [Search(who, flt, to, tapped=bool(m.group(6)), amount=amount, optional=bool(m.group(2)))]


_PT = r"([+-]\d+|[+-]x)/([+-]\d+|[+-]x)"


def _pt(value: str) -> tuple[int, int]:
    """(fixed, x sign) of "+3" / "-x"."""
    if value[1:].lower() == "x":
        return 0, (1 if value[0] == "+" else -1)
    return int(value), 0


def _keyword_list(text: str) -> frozenset[str] | None:
    parts = [p.strip().lower() for p in re.split(r",\s*(?:and\s+)?|\s+and\s+", text) if p.strip()]
    return frozenset(parts) if parts and all(p in _KEYWORD_SET for p in parts) else None


@_effect(r"(target (.+?)|~|enchanted creature|equipped creature) gets? " + _PT +
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


@_effect(r"(target (.+?)|~) gains (.+?) until end of turn")
def _gain_keywords(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    kws = _keyword_list(m.group(3))
    if kws is None:
        return None
    if m.group(1).startswith("~"):
        return [Pump(SELF, keywords=kws)]
    spec = _target_spec(m.group(2))
    return [Pump(st.add_target(spec), keywords=kws)] if spec else None


@_effect(r"put " + _NUM + r" ([+-]1/[+-]1) counters? on (target (.+)|~|each creature you control)")
def _counters(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    amount = _num(m.group(1))
    where = m.group(3).lower()
    if where == "~":
        ref = SELF
    elif where == "each creature you control":
        ref = Ref("each", filter=Filter(types=frozenset({"Creature"}), controller="you"))
    else:
        spec = _target_spec(m.group(4))
        if spec is None:
            return None
        ref = st.add_target(spec)
    return [PutCounters(ref, m.group(2), amount)]


@_effect(r"(target player|target opponent|each opponent|each player) discards " + _NUM + r" cards?")
def _discard(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    who = _who(m.group(1), st)
    return [Discard(who, _num(m.group(2)))] if who else None


@_effect(r"(target player|target opponent|each opponent|each player|you) mills? " + _NUM + r" cards?")
def _mill(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    who = _who(m.group(1), st)
    return [Mill(who, _num(m.group(2)))] if who else None


@_effect(r"create " + _NUM + r" (\d+)/(\d+) ((?:white|blue|black|red|green|colorless)(?: and (?:white|blue|black|red|green))?) ([A-Z][A-Za-z ]*?) (artifact )?creature tokens?(?: with (.+))?")
def _token(m: re.Match[str], st: _Parse) -> list[Effect] | None:
    colors = tuple(COLOR_WORDS[c] for c in m.group(4).lower().split(" and ") if c in COLOR_WORDS)
    subtypes = tuple(m.group(5).split())
    kws = frozenset()
    if m.group(7):
        parsed = _keyword_list(m.group(7))
        if parsed is None:
            return None
        kws = parsed
    types = ("Artifact", "Creature") if m.group(6) else ("Creature",)
    return [CreateToken(_num(m.group(1)), " ".join(subtypes), int(m.group(2)), int(m.group(3)),
                        colors, types, subtypes, kws)]


_MANA_SYM = r"\{[WUBRGC]\}"


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


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=\.)\s+", text.strip()) if s.strip()]


#: Sentences that do nothing while regeneration (CR 701.19) is not modelled: nothing can
#: regenerate, so "can't be regenerated" changes no outcome.
_NO_OP = re.compile(r"(it|they) can't be regenerated|a creature dealt damage this way can't be regenerated this turn",
                    re.IGNORECASE)


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
    return None


def parse_effects(text: str, st: _Parse) -> list[Effect] | None:
    """Parses a whole effect text (one or more sentences); None if any part is unknown.

    A sentence joining two effects with "and" ("deals 3 damage to any target and you gain 3
    life", "Target player draws two cards and loses 2 life") is parsed as both, the second
    keeping the first one's subject when it has none."""
    effects: list[Effect] = []
    for sentence in _sentences(text):
        s = sentence.rstrip(".").strip()
        s = re.sub(r"^then,? ", "", s, flags=re.IGNORECASE)
        if _NO_OP.fullmatch(s):
            continue
        kicked = re.fullmatch(r"if (?:~|this spell) was kicked, (.+)", s, re.IGNORECASE)
        if kicked:
            body = kicked.group(1)
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
        if result is None:
            result = _parse_compound(s, st)
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
    return effects


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
    return re.sub(r"\bthis (creature|spell|permanent|artifact|enchantment|land|card)\b", "~", text,
                  flags=re.IGNORECASE)


_TRIGGERS: list[tuple[re.Pattern[str], Trigger]] = [
    (re.compile(r"^when(?:ever)? ~ enters(?: the battlefield)?$", re.I), Trigger("enters")),
    (re.compile(r"^when(?:ever)? ~ dies$", re.I), Trigger("dies")),
    (re.compile(r"^when(?:ever)? ~ attacks$", re.I), Trigger("attacks")),
    (re.compile(r"^at the beginning of your upkeep$", re.I), Trigger("upkeep", whose="you")),
    (re.compile(r"^at the beginning of your end step$", re.I), Trigger("end_step", whose="you")),
    (re.compile(r"^whenever ~ deals combat damage to a player$", re.I), Trigger("combat_damage_player")),
    (re.compile(r"^whenever you gain life$", re.I), Trigger("gain_life", whose="you")),      # CR 119.9
]


def _parse_cost(text: str) -> Cost | None:
    parts = [p.strip() for p in text.split(",")]
    mana = ""
    tap = sac = False
    life = 0
    for part in parts:
        if part == "{T}":
            tap = True
        elif re.fullmatch(r"(\{[0-9WUBRGCX/P]+\})+", part):
            mana += part
        elif part.lower() == "sacrifice ~":
            sac = True
        elif m := re.fullmatch(r"pay (\d+) life", part, re.I):
            life = int(m.group(1))
        else:
            return None
    return Cost(mana=mana, tap=tap, sacrifice_self=sac, pay_life=life)


@lru_cache(maxsize=None)
def compile_text(name: str, oracle_text: str, is_spell: bool) -> CardScript:
    """Compiles one face's rules text (``is_spell``: an instant or sorcery)."""
    keywords: set[str] = set()
    spell_effects: list[Effect] = []
    spell_targets: list[TargetSpec] = []
    activated: list[ActivatedAbility] = []
    triggered: list[TriggeredAbility] = []
    static: list[StaticAbility] = []
    enchant: Filter | None = None
    unimplemented: list[tuple[int, str]] = []
    kicker: list[str] = []
    modes: list[SpellAbility] = []
    mode_range: tuple[int, int] | None = None
    for number, raw in enumerate(oracle_text.split("\n"), start=1):
        para = _strip_reminder(_normalize_self(raw, name))
        if not para:
            continue
        if m := re.fullmatch(r"kicker ((?:\{[^}]+\})+)", para, re.I):
            kicker.append(m.group(1))                       # CR 702.33a
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
        if m := re.fullmatch(r"enchant (.+)", para, re.I):
            enchant = parse_filter(m.group(1))
            if enchant is None:
                unimplemented.append((number, raw))
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
        if m := re.fullmatch(r"(enchanted|equipped) creature can't (attack or block|attack|block)\.", para, re.I):
            # CR 508.1c / 509.1b restrictions, granted like abilities in layer 6.
            kw = frozenset({"can't attack", "can't block"} if "or" in m.group(2) else {"can't " + m.group(2).lower()})
            static.append(StaticAbility(m.group(1).lower(), keywords=kw, text=raw))
            continue
        if m := re.fullmatch(r"(enchanted|equipped) creature has (.+?)\.", para, re.I):
            kw = _keyword_list(m.group(2))
            if kw is None:
                unimplemented.append((number, raw))
            else:
                static.append(StaticAbility(m.group(1).lower(), keywords=kw, text=raw))
            continue
        if m := re.fullmatch(r"(other )?(.+?) you control get " + _PT + r"(?: and have (.+?))?\.", para, re.I):
            flt = parse_filter(m.group(2))
            p, px = _pt(m.group(3))
            t, tx = _pt(m.group(4))
            kw = _keyword_list(m.group(5)) if m.group(5) else frozenset()
            if flt is None or px or tx or kw is None:
                unimplemented.append((number, raw))
            else:
                flt = Filter(types=flt.types, not_types=flt.not_types, colors=flt.colors,
                             controller="you", other=bool(m.group(1)))
                static.append(StaticAbility("each", p, t, kw, filter=flt, text=raw))
            continue
        if m := re.fullmatch(r"([^:\"]+): (.+)", para):
            cost = _parse_cost(m.group(1))
            st = _Parse()
            effects = parse_effects(m.group(2), st) if cost else None
            sorcery = False
            if effects is None and cost and m.group(2).endswith("Activate only as a sorcery."):
                effects = parse_effects(m.group(2)[: -len("Activate only as a sorcery.")], st)
                sorcery = True
            if cost is None or effects is None:
                unimplemented.append((number, raw))
                continue
            is_mana = (not st.targets and bool(effects)
                       and all(isinstance(e, AddMana) for e in effects))   # CR 605.1a
            activated.append(ActivatedAbility(cost, tuple(effects), tuple(st.targets), raw, is_mana, sorcery))
            continue
        if m := re.fullmatch(r"((?:when|whenever|at) [^,]+), (.+)", para, re.I):
            trig = next((t for pat, t in _TRIGGERS if pat.match(m.group(1))), None)
            body = m.group(2)
            optional = False
            if body.lower().startswith("you may "):
                optional = True
                body = body[len("you may "):]
            st = _Parse()
            effects = parse_effects(body, st) if trig else None
            if trig is None or effects is None:
                unimplemented.append((number, raw))
                continue
            triggered.append(TriggeredAbility(trig, tuple(effects), tuple(st.targets), raw, optional))
            continue
        if is_spell:
            st = _Parse()
            st.targets = spell_targets
            effects = parse_effects(para, st)
            if effects is not None:
                spell_effects.extend(effects)
                continue
        unimplemented.append((number, raw))
    spell = None
    if is_spell:
        if modes and mode_range is not None:
            if spell_effects:
                unimplemented.append((0, "effects outside the modes of a modal spell"))
            spell = SpellAbility((), (), oracle_text, tuple(modes), mode_range[0], min(mode_range[1], len(modes)))
        else:
            spell = SpellAbility(tuple(spell_effects), tuple(spell_targets), oracle_text)
    return CardScript(frozenset(keywords), spell, tuple(activated), tuple(triggered), tuple(static),
                      enchant=enchant, kicker=tuple(kicker), unimplemented=tuple(unimplemented))


#: Basic land types and the mana their intrinsic ability adds (CR 305.6).
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
