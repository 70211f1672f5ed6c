"""Replacement and prevention effects (CR 614, 615): static "If ... would ..., ... instead"
paragraphs (``REPLACEMENTS``), "~ enters tapped" and "enters with counters" (CR 614.1c-d,
614.12), a spell's self-replacement effect (CR 614.15). Prevention instructions of spells
("Prevent all combat damage ... this turn") are effects (``damage_life``)."""
from __future__ import annotations

import re
from dataclasses import replace

from ...core.mana import COLOR_WORDS
from .amounts import count_phrase, each_phrase
from .conditions import RESOLUTION_CONDITIONS, negated_condition, parse_condition
from .filters import creature_type_filter, parse_filter
from .grammar import Grammar, attempt, template
from .keywords import counter_kind_ok, keyword_list
from .lexicon import TIMES, TYPE_WORDS, num
from .normalize import ability_word
from .script_builder import ScriptBuilder
from .sentences import parse_effects
from .targets import Parse
from .text import Span, SpanMatch, consume, fullmatch, sub
from ..vocabulary import Condition, Filter, LoseLife, PutCounters, Quantity, ReplacementAbility, SELF, YOU


_YOU = Filter(players=True, objects=False, controller="you")


@attempt
def _damage_source(phrase: str) -> tuple[Filter | None, bool] | None:
    """(source filter, itself) of "a source", "a source you control", "a red source you
    control", "another red source you control", "a creature you control", "~"."""
    p = phrase.lower().strip()
    if p == "~":
        consume(p)
        return None, True
    m = fullmatch(r"(?:a|an|any|another) (?:(white|blue|black|red|green) )?source"
                  r"( you control| an opponent controls)?", p)
    if m:
        m.consume()
        flt = Filter(colors=frozenset({COLOR_WORDS[m.group(1)]}) if m.group(1) else frozenset(),
                     controller={" you control": "you", " an opponent controls": "opponent"}.get(m.group(2) or ""),
                     other=p.startswith("another"))
        return (None if flt == Filter() else flt), False
    m = fullmatch(r"(?:a|an) (.+)", p)
    flt = parse_filter(m.group(1)) if m else None
    if m is None or flt is None or flt.spells:
        return None
    m.consume()
    return flt, False


#: Damage recipients named by a fixed phrase: (filter, the source itself).
_RECIPIENTS: dict[str, tuple[Filter | None, bool]] = {
    "a permanent or player": (None, False), "a player or permanent": (None, False), "any target": (None, False),
    "~": (None, True), "you": (_YOU, False),
    "a player": (Filter(players=True, objects=False), False),
    "an opponent": (Filter(players=True, objects=False, controller="opponent"), False),
    "an opponent or a permanent an opponent controls": (Filter(players=True, controller="opponent"), False),
}


@attempt
def _damage_recipient(phrase: str) -> tuple[Filter | None, bool] | None:
    """(recipient filter, itself) of "a permanent or player", "you", "~", "an opponent or a
    permanent an opponent controls", "a creature you control"."""
    p = phrase.lower().strip()
    if p in _RECIPIENTS:
        consume(p)
        return _RECIPIENTS[p]
    m = fullmatch(r"(?:a|an) (.+)", p)
    flt = parse_filter(m.group(1)) if m else None
    if m is None or flt is None or flt.spells:
        return None
    m.consume()
    return flt, False


def _amount_change(text: str) -> tuple[int, int] | None:
    """(multiply, add) of "double that damage", "twice that much", "that much damage plus 2"."""
    t = text.lower()
    if m := fullmatch(r"(double|triple|twice|three times) that (?:much )?(?:damage|life)?", t):
        m.consume()
        return TIMES[m.group(1)], 0
    if m := fullmatch(r"that much (?:damage|life) plus (\d+|one|two|three)", t):
        m.consume()
        return 1, num(m.group(1)).fixed
    return None


def _rep_damage(m: SpanMatch) -> ReplacementAbility | None:
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


def _rep_life(m: SpanMatch) -> ReplacementAbility | None:
    """ "If you would gain life (while you have 5 or less life), you gain twice that much life
    instead" (Boon Reflection; Phial of Galadriel: only while the condition holds)."""
    change = _amount_change(m.group(2))
    condition = Condition("life", at_most=int(m.group(1))) if m.group(1) else None
    return ReplacementAbility("gain_life", who="you", multiply=change[0], add=change[1],
                              condition=condition) if change else None


def _rep_draw(m: SpanMatch) -> ReplacementAbility | None:
    return ReplacementAbility("draw", who="you", except_first_draw=bool(m.group(1)), draw=num(m.group(2)).fixed)


def _rep_draw_empty_hand(m: SpanMatch) -> ReplacementAbility | None:
    """ "If you would draw a card while you have no cards in hand, draw two cards instead"
    (Phial of Galadriel), "... instead you draw two cards and you lose 1 life" (Blood Scrivener)."""
    draws = num(m.group(1) or m.group(3)).fixed
    also = (LoseLife(YOU, num(m.group(2))),) if m.group(2) else ()
    return ReplacementAbility("draw", who="you", draw=draws, condition=Condition("hand", at_most=0), also=also)


def _rep_tokens(m: SpanMatch) -> ReplacementAbility | None:
    which = Filter(types=frozenset({TYPE_WORDS[m.group(2).lower()]})) if m.group(2) else None
    return ReplacementAbility("tokens", who="you" if m.group(1) or m.group(3) else "", to=which,
                              multiply=TIMES[m.group(4).lower()])


def _rep_mana(m: SpanMatch) -> ReplacementAbility | None:
    """CR 106.12b: "If you tap a permanent for mana, it produces twice as much of that mana
    instead" (Mana Reflection; three times, Nyxbloom Ancient)."""
    which = parse_filter(m.group(1)) if m.group(1).lower() != "permanent" else None
    if m.group(1).lower() != "permanent" and which is None:
        return None
    if which is None:
        consume(m.group(1))
    return ReplacementAbility("tapped_for_mana", who="you", source=which, multiply=TIMES[m.group(2).lower()])


def _rep_proliferate(m: SpanMatch) -> ReplacementAbility | None:
    return ReplacementAbility("proliferate", who="you", multiply=TIMES[m.group(1).lower()])   # Tekuthal


def _rep_life_reduced(m: SpanMatch) -> ReplacementAbility | None:
    """Enduring Angel: "If your life total would be reduced to 0 or less, instead transform ~
    and your life total becomes 3. Then if ~ didn't transform this way, you lose the game."."""
    return ReplacementAbility("life_reduced", who="you", transform=True, amount=num(m.group(1)))


def _rep_counters(m: SpanMatch) -> ReplacementAbility | None:
    """Doubling Season ("an effect would put one or more counters on a permanent you
    control"), Hardened Scales, Corpsejack Menace, Primal Vigor ("+1/+1 counters ... on a
    creature")."""
    kind = (m.group(1) or "").strip()
    kind_after = (m.group(4) or "").strip()
    if kind != kind_after:
        return None
    flt = parse_filter(sub(r"^(a|an|another) ", lambda w: "another " if w.group(1) == "another" else "",
                           m.group(2).lower(), understood=True))
    if flt is None or flt.spells:
        return None
    how = m.group(3).lower()
    multiply, add = (1, 1) if how == "that many plus one" else (TIMES[how], 0)
    return ReplacementAbility("counters", to=flt, counter_kind=kind, multiply=multiply, add=add)


def _rep_enters_tapped(m: SpanMatch) -> ReplacementAbility | None:
    return ReplacementAbility("enters", itself=True, tapped=True)


def _rep_enters_tapped_unless(m: SpanMatch) -> ReplacementAbility | None:
    """ "~ enters tapped unless you control two or more other lands" (CR 614.1c, 614.12): the
    replacement applies when the condition is false as it would enter."""
    cond = parse_condition(m.group(1))
    negated = negated_condition(cond) if cond is not None else None
    return ReplacementAbility("enters", itself=True, tapped=True, condition=negated) if negated else None


def _rep_enters_tapped_if(m: SpanMatch) -> ReplacementAbility | None:
    """ "If you control two or more other lands, ~ enters tapped" (Hall of Storm Giants; CR 614.1c,
    614.12): the replacement applies when the condition holds as it would enter."""
    cond = parse_condition(m.group(1))
    return ReplacementAbility("enters", itself=True, tapped=True, condition=cond) if cond is not None else None


def _rep_enters_counters(m: SpanMatch) -> ReplacementAbility | None:
    kind = m.group(2).lower()
    if not counter_kind_ok(kind):
        return None
    return ReplacementAbility("enters", itself=True, enters_counters=kind, amount=num(m.group(1)))


def _rep_enters_counted(m: SpanMatch) -> ReplacementAbility | None:
    """ "~ enters with X +1/+1 counters on it, where X is the number of ..." (CR 107.3a), "...
    with a +1/+1 counter on it for each creature card in your graveyard" (undergrowth): counted
    as it enters (CR 614.1c, 608.2h; ``amounts``)."""
    kind = m.group(2).lower()
    one = m.group(1).lower() != "x"
    if not counter_kind_ok(kind) or one != bool(m.group(4)):
        return None
    amount = each_phrase(m.group(4)) if one else count_phrase(m.group(3), SELF)
    if amount is None:
        return None
    return ReplacementAbility("enters", itself=True, enters_counters=kind, amount=amount)


def _rep_kicked_enters_counters(m: SpanMatch) -> ReplacementAbility | None:
    """"If ~ was kicked, it enters with three +1/+1 counters on it" (CR 702.33d, 614.1c)."""
    ab = _rep_enters_counters(m)
    kws = keyword_list(m.group(3)) if m.group(3) else frozenset()
    if ab is None or kws is None:
        return None
    return replace(ab, condition=Condition("kicked"), enters_keywords=kws)       # Kavu Titan: "and with trample"


def _rep_others_enter_tapped(m: SpanMatch) -> ReplacementAbility | None:
    """CR 614.1d: "Creatures your opponents control enter tapped"."""
    words = sub(r",? and ", " or ", m.group(1).lower())
    flt = parse_filter(words)
    if flt is None or flt.spells or flt.controller:
        return None
    controller = {"your opponents control": "opponent", "you control": "you"}.get((m.group(2) or "").strip())
    return ReplacementAbility("enters", to=replace(flt, controller=controller), tapped=True)


def _rep_others_enter_with_counter(m: SpanMatch) -> ReplacementAbility | None:
    """CR 614.1c: "Each other creature you control of the chosen type enters with an additional
    +1/+1 counter on it" (Metallic Mimic, Grumgully): the permanent entering as described, one
    counter more."""
    kind = m.group(2).lower()
    flt = parse_filter(m.group(1))
    if flt is None or flt.spells or not counter_kind_ok(kind):
        return None
    return ReplacementAbility("enters", to=replace(flt, other=True), enters_counters=kind, amount=Quantity(fixed=1))


def _rep_prevent(m: SpanMatch) -> ReplacementAbility | None:
    """A static prevention effect (CR 615.1a): "Prevent all damage that would be dealt to ~"."""
    recipient = _damage_recipient(m.group(2))
    if recipient is None:
        return None
    to, itself = recipient
    return ReplacementAbility("damage", to=to, itself=itself, combat=bool(m.group(1)), prevent=True)


def _rep_prevent_from(m: SpanMatch) -> ReplacementAbility | None:
    """ "Prevent all damage that would be dealt to ~ by creatures" (Champion Lancer), "... by
    Walls": only damage from such sources (CR 615.1a, 609.7c)."""
    recipient = _damage_recipient(m.group(2))
    by = str(m.group(3))
    flt = creature_type_filter(by.capitalize()) if by.lower() == "walls" else parse_filter(by)
    if recipient is None or flt is None or flt.spells or flt.controller:
        return None
    consume(m.group(3))
    to, itself = recipient
    return ReplacementAbility("damage", to=to, itself=itself, source=flt, combat=bool(m.group(1)), prevent=True)


#: "... would be put into [whose] graveyard": whose graveyard it is (its owner's, CR 400.3).
_GRAVEYARD_OWNERS = {"a": "", "an opponent's": "opponent", "your": "you"}


def _rep_to_graveyard(m: SpanMatch) -> ReplacementAbility | None:
    """ "If a card or token would be put into a graveyard from anywhere, exile it instead" (Rest in
    Peace), "If a card would be put into an opponent's graveyard from anywhere, ..." (Leyline of
    the Void): any object going to a graveyard, from any zone (CR 614.1a); "a card" isn't a token
    (CR 111.1), "a creature card" only such cards."""
    words = m.group(1)
    what = words.lower()
    if what in ("card or token", "card"):
        consume(words)
        to = None if what == "card or token" else Filter(token=False)
    else:
        flt = parse_filter(words[: -len(" card")]) if what.endswith(" card") else None
        if flt is None or flt.players or flt.spells or flt.controller or flt.zone:
            return None
        consume(words[-len(" card"):])
        to = replace(flt, token=False)
    return ReplacementAbility("to_graveyard", who=_GRAVEYARD_OWNERS[m.group(2).lower()], to=to, exile=True)


#: The static replacement and prevention effects (CR 614, 615). One reading per wording: the
#: first template that fits decides.
REPLACEMENTS: Grammar[ReplacementAbility] = Grammar("replacement effect", first_match=True)
REPLACEMENTS.add(r"if (.+?) would deal (combat |noncombat )?damage to (.+?), it deals (.+?)"
                 r"(?: to that (?:permanent or player|player or permanent|player|permanent|creature))? instead",
                 _rep_damage)
REPLACEMENTS.add(r"if you would gain life(?: while you have (\d+) or less life)?, you gain (.+?) instead",
                 _rep_life)
REPLACEMENTS.add(r"if you would draw a card( except the first one you draw in each of your draw steps)?, "
                 r"draw (two|three) cards instead",
                 _rep_draw)
REPLACEMENTS.add(r"if you would draw a card while you have no cards in hand, (?:instead you draw (two|three) cards "
                 r"and you lose {NUM} life|draw (two|three) cards instead)",
                 _rep_draw_empty_hand)
REPLACEMENTS.add(r"if (?:an effect would create one or more tokens( under your control), it creates"
                 r"|one or more (?:(creature|artifact) )?tokens would be created( under your control)?,) "
                 r"(twice|three times) that many of those tokens(?: are created)? instead",
                 _rep_tokens)
REPLACEMENTS.add(r"if you tap an? (.+?) for mana, it produces (twice|three times) as much of that mana instead",
                 _rep_mana)
REPLACEMENTS.add(r"if you would proliferate, proliferate (twice|three times) instead",
                 _rep_proliferate)
REPLACEMENTS.add(r"if your life total would be reduced to 0 or less, instead transform ~ and your life total becomes "
                 r"(\d+)\. then if ~ didn't transform this way, you lose the game",
                 _rep_life_reduced)
REPLACEMENTS.add(r"if (?:an effect would put )?one or more (\+1/\+1 )?counters (?:would be put )?on (.+?), "
                 r"(?:it puts )?(twice|three times|that many plus one) (?:that many )?(?:of those )?(\+1/\+1 )?"
                 r"counters (?:are put )?on (?:it|that permanent|that creature) instead",
                 _rep_counters)
REPLACEMENTS.add(r"~ enters(?: the battlefield)? tapped",
                 _rep_enters_tapped)
REPLACEMENTS.add(r"~ enters(?: the battlefield)? tapped unless (.+)",
                 _rep_enters_tapped_unless)
REPLACEMENTS.add(r"if (.+?), ~ enters(?: the battlefield)? tapped",
                 _rep_enters_tapped_if)
REPLACEMENTS.add(r"as ~ enters(?: the battlefield)?, you may pay (\d+) life\. if you don't, it enters(?: the "
                 r"battlefield)? tapped",
                 lambda m: ReplacementAbility("enters", itself=True, tapped=True, unless_life=int(m.group(1))))
REPLACEMENTS.add(r"~ enters(?: the battlefield)? with (a|an|one|x) (\S+) counters? on it(?:, where x is (.+)| for each (.+))",
                 _rep_enters_counted)
REPLACEMENTS.add(r"~ enters(?: the battlefield)? with {NUM} (\S+) counters? on it",
                 _rep_enters_counters)
REPLACEMENTS.add(r"~ enters(?: the battlefield)? tapped with {NUM} (\S+) counters? on it",
                 lambda m: (lambda ab: replace(ab, tapped=True) if ab is not None else None)(_rep_enters_counters(m)))
REPLACEMENTS.add(r"if ~ was kicked, it enters(?: the battlefield)? with {NUM} (\S+) counters? on it"
                 r"(?: and with (.+))?",
                 _rep_kicked_enters_counters)
REPLACEMENTS.add(r"each other (.+?) enters(?: the battlefield)? with an additional (\S+) counter on it",
                 _rep_others_enter_with_counter)
REPLACEMENTS.add(r"(.+?) (your opponents control |you control )?enter(?: the battlefield)? tapped",
                 _rep_others_enter_tapped)
REPLACEMENTS.add(r"if an? (card or token|card|.+? card) would be put into (a|an opponent's|your) graveyard from anywhere, "
                 r"exile it instead",
                 _rep_to_graveyard)
REPLACEMENTS.add(r"prevent all (combat )?damage that would be dealt to (.+?) by ((?:[a-z]+ )?creatures|walls)",
                 _rep_prevent_from)
REPLACEMENTS.add(r"prevent all (combat )?damage that would be dealt to (.+?)",
                 _rep_prevent)


_SELF_REPLACEMENT = template(r"(?:(?:~|it) deals (x plus \d+|{NUM}) damage|you gain {NUM} life)"
                             r" instead if (.+)")


@attempt
def _self_replacement(text: str) -> ReplacementAbility | None:
    """A spell's self-replacement effect (CR 614.15): "~ deals 4 damage instead if you control
    three or more artifacts" (Galvanic Blast), "~ deals 6 damage instead if there are four or more
    card types among cards in your graveyard" (Unholy Heat), "You gain 10 life instead if you control a
    creature with power 4 or greater" (Feed the Clan)."""
    m = fullmatch(_SELF_REPLACEMENT, text, re.I)
    if not m:
        return None
    # checked as the spell resolves (CR 608.2c): "if you control three or more artifacts",
    # delirium's "if there are four or more card types among cards in your graveyard"
    condition = parse_condition(m.group(4))
    if condition is None or condition.kind not in RESOLUTION_CONDITIONS:
        return None
    m.consume()
    if m.group(1):
        words = m.group(1).lower()
        amount = Quantity(fixed=int(words.split()[-1]), x=True) if words.startswith("x plus") else num(words)
        return ReplacementAbility("damage", amount=amount, condition=condition, self_replacement=True)
    return ReplacementAbility("gain_life", who="you", amount=num(m.group(3)), condition=condition,
                              self_replacement=True)


def replacement_paragraph(para: str, raw: str, is_spell: bool) -> ReplacementAbility | None:
    """The replacement or prevention effect a paragraph states (``para`` normalized, ``raw``
    as printed), or None. An ability word before it (CR 207.2c) is only a label."""
    text = para.strip().rstrip(".")
    if start := ability_word(text):
        consume(text[:start])
        text = text[start:]
    ab = _self_replacement(text) if is_spell else REPLACEMENTS.parse(text)
    return None if ab is None else replace(ab, text=raw)


def read_replacement(para: Span, face: ScriptBuilder) -> bool:
    """A replacement or prevention effect's paragraph (CR 614, 615)."""
    ab = replacement_paragraph(para, face.raw, face.is_spell)
    if ab is None:
        return False
    face.replacements.append(ab)
    return True


def read_as_turned_face_up(para: Span, face: ScriptBuilder) -> bool:
    """ "As ~ is turned face up, put four +1/+1 counters on it" (CR 708.11): applied while the
    permanent is being turned face up (``rules.morph``), before anything sees it face up. "As ~
    enters or is turned face up, put X +1/+1 counters on it, where X is ...": as it enters, too,
    the replacement effect "it enters with" them (CR 614.1c)."""
    m = fullmatch(r"as ~ (enters(?: the battlefield)? or )?is turned face up, (.+)", para, re.I)
    if face.is_spell or m is None:
        return False
    st = Parse(it=SELF, link=face.link)
    effects = parse_effects(m.group(2), st)
    if effects is None or st.targets:                  # (nothing is targeted: it isn't an ability)
        return face.not_implemented()
    if m.group(1):
        if len(effects) != 1 or not isinstance(effects[0], PutCounters) or effects[0].what != SELF \
                or not counter_kind_ok(effects[0].kind):
            return face.not_implemented()
        face.replacements.append(ReplacementAbility("enters", itself=True, enters_counters=effects[0].kind,
                                                    amount=effects[0].amount, text=face.raw))
    m.consume()
    face.as_turned_face_up.extend(effects)
    return True


def read_fog_bank(para: Span, face: ScriptBuilder) -> bool:
    """CR 615.1a: "Prevent all [combat] damage that would be dealt to and dealt by ~" (Fog Bank):
    prevention effects on damage to it and from it."""
    m = fullmatch(r"prevent all (combat )?damage that would be dealt (to and dealt by|by) ~\.?", para, re.I)
    if face.is_spell or m is None:
        return False
    m.consume()
    combat = bool(m.group(1))
    if m.group(2).lower().startswith("to"):
        face.replacements.append(ReplacementAbility("damage", itself=True, combat=combat, prevent=True, text=face.raw))
    face.replacements.append(ReplacementAbility("damage", from_itself=True, combat=combat, prevent=True, text=face.raw))
    return True
