"""Effect templates that change permanents (CR 611, 613, 701): P/T and abilities until end of
turn, restrictions for the turn, counters, tapping and untapping, control, transforming,
exploring and adapting, regeneration."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from .clause import effect_rule
from .durations import as_long_as
from .filters import creature_type_filter, parse_filter
from . import nested
from .keywords import (
    KEYWORD_COUNTER_KINDS, UNTARGETABLE_BY_OPPONENTS, all_creature_types, counter_kind_ok, keyword_list, restrictions,
)
from .lexicon import CARD_TYPE_WORDS, creature_types, num, pt_value
from ...core.mana import COLOR_WORDS
from .targets import EACH_CREATURE_YOU_CONTROL, Parse, each_controlled, it_ref, last_target, target_ref, target_spec
from .text import SpanMatch, consume, search
from ..vocabulary import (
    Adapt, ApplyModifications, Attach, BecomeColor, ChangeAbilities, ChangeColors, ChangeTypes, Effect, Explore, GainControl, Proliferate,
    Pump, PutCounters, Ref, Regenerate, SELF, SetPT, SkipNextUntap, TapUntap, Transform, YOU, n,
)


@effect_rule(r"(target (?:.+?) card in your graveyard) gains flashback until end of turn")
def _gains_flashback(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Snapcaster Mage: the card has flashback until end of turn; "The flashback cost is equal to
    its mana cost" follows (CR 702.34a), a granted "flashback" with no cost of its own."""
    ref = target_ref(m.group(1), st)
    if ref is None or st.targets[ref.index].filter.zone != "graveyard":
        return None
    return [Pump(ref, keywords=frozenset({"flashback"}), in_graveyard=True)]


@effect_rule(r"(?:that creature|it) becomes an? ([A-Z][a-z]+) in addition to its other types")
def _becomes_subtype(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Olivia Voldaren: "That creature becomes a Vampire in addition to its other types" — a
    layer 4 effect with no duration (CR 613.1d, 611.2a)."""
    ref = last_target(st)
    if ref is None or m.group(1) not in creature_types():
        return None
    return [ApplyModifications(ref, (ChangeTypes(add_subtypes=frozenset({m.group(1)})),), until_end_of_turn=False)]


@effect_rule(r"(until end of turn, )?~ becomes an? (\d+)/(\d+) ((?:[\w-]+ )*?)creature(?: with (.+?))?"
             r"( until end of turn)?")
def _becomes_creature(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """A manland: "~ becomes a 3/3 green Ape creature with trample until end of turn" (Treetop
    Village). Its types become the new ones (CR 205.1a; "It's still a land" keeps them, CR 205.1b,
    read by the sentence after), its colors those named (CR 105.3), its base power and toughness
    that (layer 7b, CR 613.4b), until end of turn (CR 514.2)."""
    if bool(m.group(1)) == bool(m.group(6)):
        return None
    colors: set[str] = set()
    cards: set[str] = {"Creature"}
    subtypes: set[str] = set()
    for word in m.group(4).split():
        if word == "and" and colors:
            continue                                # "white and blue" (Celestial Colonnade)
        if word in COLOR_WORDS:
            colors.add(COLOR_WORDS[word])
        elif word in CARD_TYPE_WORDS:
            cards.add(CARD_TYPE_WORDS[word])
        elif word in creature_types():
            subtypes.add(word)                      # creature types are capitalized in Oracle text
        else:
            return None
    granted = _granted(m.group(5)) if m.group(5) else (frozenset(), False, (), ())
    if granted is None:
        return None
    keywords, every_type, triggered, activated = granted
    if every_type:
        subtypes |= all_creature_types()            # Mutavault: "with all creature types" (CR 205.3m)
    mods: list[Any] = [ChangeTypes(set_types=frozenset(cards), set_subtypes=frozenset(subtypes))]
    if colors:
        mods.append(ChangeColors(set_colors=frozenset(colors)))
    if keywords or triggered or activated:
        mods.append(ChangeAbilities(add_keywords=keywords, add_triggered=triggered, add_activated=activated))
    mods.append(SetPT(n(int(m.group(2))), n(int(m.group(3)))))
    return [ApplyModifications(SELF, tuple(mods))]


def _granted(words: Any) -> tuple[frozenset[str], bool, tuple[Any, ...], tuple[Any, ...]] | None:
    """What a manland gains as it becomes a creature: keywords, "all creature types", and quoted
    triggered and activated abilities ('with "Whenever this creature attacks, ..."', Den of the
    Bugbear: layer 6, CR 613.1f), each quoted ability compiled whole (``nested.script``)."""
    triggered: list[Any] = []
    activated: list[Any] = []
    rest = words
    while (q := search(r'(?:,? and |^)"([^"]+)"', rest)) is not None:
        script = nested.script(q.group(1))
        if script is None or script.static or script.spell is not None or script.keywords:
            return None
        consume(q.group(0))
        triggered += script.triggered
        activated += script.activated
        rest = rest[:q.start()] + rest[q.end():]
    rest = rest.strip()
    every_type = False
    if (t := search(r"(?:,? and |^)all creature types$", rest)) is not None:
        every_type = True
        consume(t.group(0))
        rest = rest[:t.start()]
    keywords = keyword_list(rest) if rest else frozenset()
    if keywords is None:
        return None
    return keywords, every_type, tuple(triggered), tuple(activated)


@effect_rule(r"(?:that token|those tokens) gains? (.+?)")
def _token_gains(m: SpanMatch, st: Parse) -> list[Effect] | None:
    kws = keyword_list(m.group(1))
    return [Pump(Ref("created"), keywords=kws, until_end_of_turn=False)] if kws else None


@effect_rule(r"regenerate (~|enchanted creature|equipped creature|target (.+?))")
def _regenerate(m: SpanMatch, st: Parse) -> list[Effect] | None:
    if m.group(1) == "~":
        return [Regenerate(SELF)]                                               # CR 701.19a
    if m.group(2) is None:
        return [Regenerate(Ref(m.group(1).split()[0].lower()))]               # the creature it's attached to
    spec = target_spec(m.group(2))
    return [Regenerate(st.add_target(spec))] if spec else None


@effect_rule(r"until end of turn, (target .+?) loses all abilities and has base power and toughness (\d+)/(\d+)")
def _lose_abilities_base_pt(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Ovinize: layer 6 (CR 613.1f) and layer 7b (CR 613.4b) until end of turn."""
    ref = target_ref(m.group(1), st)
    if ref is None or st.targets[ref.index].filter.players:
        return None
    return [ApplyModifications(ref, (ChangeAbilities(remove_all=True), SetPT(n(int(m.group(2))), n(int(m.group(3))))))]


@effect_rule(r"proliferate")
def _proliferate(m: SpanMatch, st: Parse) -> list[Effect] | None:
    return [Proliferate()]                                           # CR 701.34a


@effect_rule(r"transform ~")
def _transform_self(m: SpanMatch, st: Parse) -> list[Effect] | None:
    return [Transform(SELF)]                                          # CR 701.27a


@effect_rule(r"((?:up to (?:one|two|three) |two |three |another )?target (.+?)|~|enchanted creature|equipped creature|it|"
             r"that creature) (?:each )?gets? {PT}(?: and gains? (.+?))? until end of turn")
def _pump(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Target creature gets +3/+3 until end of turn"; "Up to two target creatures each get
    +2/+2 and gain trample until end of turn" (each target, CR 115.6, 601.2c)."""
    subject = m.group(1).lower()
    if not subject.startswith(("target ", "~", "enchanted", "equipped", "it", "that")):
        ref = target_ref(m.group(1), st)
        if ref is None:
            return None
    elif subject.startswith("target "):
        spec = target_spec(m.group(2))
        if spec is None:
            return None
        ref = st.add_target(spec)
    elif subject == "~":
        ref = SELF
    elif subject in ("it", "that creature"):
        found = it_ref(st, subject)            # Vines of Vastwood: "that creature gets +4/+4"
        if found is None:
            return None
        ref = found
    else:
        ref = Ref(subject.split()[0])
    p, px = pt_value(m.group(3))
    t, tx = pt_value(m.group(4))
    if px != tx and px and tx:
        return None
    kws = frozenset()
    if m.group(5):
        parsed = keyword_list(m.group(5))
        if parsed is None:
            return None
        kws = parsed
    return [_x_pump(Pump(ref, p, t, kws), px, tx)]


@effect_rule(r"((?:up to (?:one|two|three) )?target .+?|~|it|that creature|(?:other )?creatures (?:you|your opponents) control"
             r"|creatures target player controls) (can't block|can't be blocked|can't attack or block) this turn")
def _restricted_this_turn(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Target creature can't block this turn" (Cartouche of Zeal), "... can't be blocked this turn"
    (Artful Dodge): a restriction until end of turn (CR 509.1b, 611.2a)."""
    subject = m.group(1).lower()
    if "target" in subject and "controls" not in subject:
        ref = target_ref(m.group(1), st)
    elif subject == "~":
        consume(subject)
        ref = SELF
    elif subject in ("it", "that creature"):
        ref = it_ref(st, subject)
    else:
        ref = each_controlled(subject, st)
    kws = restrictions(m.group(2))
    return [Pump(ref, keywords=kws)] if ref is not None and kws else None


@effect_rule(r"target (.+?) can't be the target of spells or abilities your opponents control this turn")
def _untargetable(m: SpanMatch, st: Parse) -> list[Effect] | None:
    spec = target_spec(m.group(1))
    if spec is None or spec.filter.players:
        return None
    return [Pump(st.add_target(spec), keywords=frozenset({UNTARGETABLE_BY_OPPONENTS}))]


@effect_rule(r"(?:each )?(other )?(.+?)( you control)? gets? {PT}(?: and gains? (.+?))? until end of turn")
def _mass_pump(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Creatures you control get +2/+1 until end of turn", "Attacking creatures get +2/+0
    until end of turn": the creatures are those matching as it resolves (CR 611.2c)."""
    flt = creature_type_filter(m.group(2)) or parse_filter(m.group(2))     # "Goblins": Goblin creatures
    if flt is None or flt.spells or flt.controller or "Creature" not in flt.types:
        return None
    flt = replace(flt, controller="you" if m.group(3) else None, other=bool(m.group(1)) or flt.other)
    p, px = pt_value(m.group(4))
    t, tx = pt_value(m.group(5))
    kws = keyword_list(m.group(6)) if m.group(6) else frozenset()
    if kws is None:
        return None
    return [_x_pump(Pump(Ref("each", filter=flt), p, t, kws), px, tx)]


def _x_pump(pump: Pump, px: int, tx: int) -> Pump:
    """ "get -X/-X": the sign of X in each half (X: the spell's, or a count, ``amounts``)."""
    if px and px == tx:
        return replace(pump, x_sign=px)
    return replace(pump, x_power=px, x_toughness=tx) if px or tx else pump


@effect_rule(r"(other )?((?:attacking |blocking )?(?:creatures|permanents|[a-z]+ creatures))( you control| your opponents control)? "
             r"(?:get {PT}(?: and gain (.+?))?|gain (.+?) and get {PT}|gain (.+?)) until end of turn")
def _mass_pump_or_gain(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Creatures you control get +2/+1 until end of turn" (Inspired Charge), "Permanents you
    control gain hexproof and indestructible until end of turn" (Heroic Intervention), "Attacking
    creatures get +2/+0 until end of turn", "creatures you control gain trample and get +X/+X
    until end of turn" (Craterhoof Behemoth): the affected set is fixed as it resolves (CR 611.2c)."""
    flt = parse_filter(m.group(2))
    if flt is None or flt.spells:
        return None
    controller = {" you control": "you", " your opponents control": "opponent"}.get(m.group(3) or "")
    flt = replace(flt, controller=controller, other=bool(m.group(1)))
    kw_text = m.group(6) or m.group(7) or m.group(10)
    kws = keyword_list(kw_text) if kw_text else frozenset()
    if kws is None:
        return None
    power, toughness = (m.group(4), m.group(5)) if m.group(4) else (m.group(8), m.group(9))
    p, px = pt_value(power) if power else (0, 0)
    t, tx = pt_value(toughness) if toughness else (0, 0)
    return [_x_pump(Pump(Ref("each", filter=flt), p, t, kws), px, tx)]


@effect_rule(r"((?:another )?target (.+?)|~) gains (.+?) until end of turn")
def _gain_keywords(m: SpanMatch, st: Parse) -> list[Effect] | None:
    kws = keyword_list(m.group(3))
    if kws is None:
        return None
    if m.group(1).startswith("~"):
        return [Pump(SELF, keywords=kws)]
    spec = target_spec(m.group(2))
    if spec is not None and m.group(1).lower().startswith("another "):
        spec = replace(spec, filter=replace(spec.filter, other=True), text="another " + spec.text)
    return [Pump(st.add_target(spec), keywords=kws)] if spec else None


@effect_rule(r"you get ((?:\{E\})+)")
def _get_energy(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """CR 107.14, 122.1: "you get {E}{E}": that many energy counters on you."""
    return [PutCounters(YOU, "energy", n(m.group(1).upper().count("{E}")))]


@effect_rule(r"put {NUM} ([+-]1/[+-]1|first strike|double strike|[a-z]+) counters? on "
             r"(target (.+)|~|each (.+)|it|that creature|that permanent)")
def _counters(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """+1/+1 and -1/-1 counters (CR 122.1a), keyword counters (CR 122.1b: "Put an indestructible
    counter on ~") and counters without rules of their own."""
    kind = m.group(2).lower()
    if kind not in ("+1/+1", "-1/-1") and kind not in KEYWORD_COUNTER_KINDS and not counter_kind_ok(kind):
        return None
    amount = num(m.group(1))
    where = m.group(3).lower()
    if where == "~":
        ref = SELF
    elif where == "each creature you control":
        consume(m.group(5))            # (a slot of the pattern: read here)
        ref = EACH_CREATURE_YOU_CONTROL
    elif m.group(5) is not None:
        # "on each artifact creature you control" (Steel Overseer), "on each other creature you
        # control": each permanent the filter matches as it resolves (CR 608.2c)
        flt = parse_filter(m.group(5))
        if flt is None or flt.players or flt.spells:
            return None
        ref = Ref("each", filter=flt)
    elif m.group(4) is None:
        it = it_ref(st, where)             # "put a +1/+1 counter on that creature" (Anointer of Valor)
        if it is None:
            return None
        ref = it
    else:
        spec = target_spec(m.group(4))
        if spec is None:
            return None
        ref = st.add_target(spec)
    return [PutCounters(ref, m.group(2), amount)]


@effect_rule(r"(~|it|target creature you control) explores(, then it explores again)?")
def _explore(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """CR 701.44a: "When ~ enters, it explores" (Merfolk Branchwalker)."""
    words = m.group(1).lower()
    if words == "~":
        ref: Ref | None = SELF
    elif words == "it":
        ref = it_ref(st, words) if st.targets else (st.it or SELF)     # "When ~ enters, it explores"
    else:
        ref = target_ref(m.group(1), st)
    return [Explore(ref, 2 if m.group(2) else 1)] if ref is not None else None


@effect_rule(r"adapt (\d+)")
def _adapt(m: SpanMatch, st: Parse) -> list[Effect] | None:
    return [Adapt(SELF, int(m.group(1)))]                       # CR 701.46a


@effect_rule(r"gain control of (target .+?|it|that creature|that permanent)( until end of turn| for as long as .+)?")
def _gain_control(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """A control-changing effect (layer 2, CR 613.1b): Threaten, Act of Treason, Mind Control's
    kin; "for as long as ..." (Sower of Temptation, Rubinia Soulsinger, CR 611.2b)."""
    phrase = m.group(1)
    lasts: tuple[str, ...] = ()
    if m.group(2) and m.group(2).lower().startswith(" for as long as "):
        lasts = as_long_as(m.group(2)[len(" for as long as "):]) or ()
        if not lasts:
            return None
    duration = m.group(2)
    consume(duration[:len(" for as long as ")] if lasts else duration)     # (the conditions are read)
    ref = target_ref(phrase, st) if phrase.lower().startswith("target ") else it_ref(st, phrase)
    if ref is None or (ref.kind == "target" and st.targets[ref.index].filter.players):
        return None
    return [GainControl(ref, until_end_of_turn=m.group(2) is not None and not lasts, lasts=lasts)]


@effect_rule(r"(untap|tap) up to {NUM} (.+)")
def _tap_up_to(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Untap up to three lands" (Frantic Search): chosen as it resolves, not targeted (CR 701.26)."""
    words = m.group(3).lower()
    if "target" in words:
        return None
    flt = parse_filter(words)
    if flt is None or flt.spells:
        return None
    n = num(m.group(2)).fixed
    return [TapUntap(Ref("each", filter=flt), tap=m.group(1).lower() == "tap", up_to=n)]


@effect_rule(r"(~|target creature|target permanent) becomes the color of your choice until end of turn")
def _become_color(m: SpanMatch, st: Parse) -> list[Effect] | None:
    ref = SELF if m.group(1) == "~" else target_ref(m.group(1), st)       # Spiritmonger
    return [BecomeColor(ref)] if ref is not None else None


@effect_rule(r"(untap|tap) all (.+)")
def _tap_all(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Tap all creatures your opponents control" (Cryptic Command, CR 701.26a), "Tap all
    creatures target player controls" (Sleep)."""
    what = each_controlled(m.group(2), st)
    return [TapUntap(what, tap=m.group(1).lower() == "tap")] if what is not None else None


@effect_rule(r"(untap|tap) (enchanted creature|equipped creature|enchanted permanent|~)")
def _tap_attached(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Claustrophobia: "When ~ enters, tap enchanted creature" (CR 701.26a)."""
    what = m.group(2).lower()
    ref = SELF if what == "~" else Ref(what.split()[0])
    return [TapUntap(ref, tap=m.group(1).lower() == "tap")]


@effect_rule(r"attach (~|it|this (?:equipment|aura)) to (target .+|that creature)")
def _attach_to(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "When ~ enters, attach it to target creature you control" (Dueling Rapier); "attach this
    Aura to that creature" (Brilliant Wings): CR 701.3a (it doesn't move if it can't legally be
    attached, 701.3b)."""
    what = SELF if m.group(1).lower() != "it" else it_ref(st, m.group(1))
    if what is None:
        return None
    to = target_ref(m.group(2), st) if m.group(2).lower().startswith("target ") else it_ref(st, m.group(2))
    if to is None or to == what or (st.targets and st.targets[-1].filter.players):
        return None
    return [Attach(to, what)]


@effect_rule(r"(untap|tap) (it|that creature|that permanent)")
def _tap_it(m: SpanMatch, st: Parse) -> list[Effect] | None:
    ref = it_ref(st, m.group(2))
    return [TapUntap(ref, tap=m.group(1).lower() == "tap")] if ref else None


@effect_rule(r"(it|that creature|that land|that permanent|they|those creatures|~|target .+?) (?:doesn't|don't) untap "
             r"during (?:its controller's|their controllers?'s?|your) next untap steps?")
def _skip_next_untap(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Tap target creature. It doesn't untap during its controller's next untap step" (CR 502.3);
    "those creatures"/"they": every target of the last target phrase."""
    words = m.group(1).lower()
    if words == "~":
        ref: Ref | None = SELF
    elif words.startswith("target "):
        ref = target_ref(m.group(1), st)
    elif words in ("they", "those creatures"):
        # only after a phrase that targets several: "Tap up to two target creatures. Those ..."
        ref = last_target(st) if st.targets and st.targets[-1].max > 1 and not st.targets[-1].filter.players else None
    else:
        ref = it_ref(st, "it" if words in ("that land",) else words)
    if ref is None:
        return None
    if not words.startswith("target "):
        consume(words)
    return [SkipNextUntap(ref)]


@effect_rule(r"(it|that creature) gains (.+?)( until end of turn)?")
def _it_gains(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "That creature gains flying until end of turn"; "Return target creature card ... to the
    battlefield. It gains haste." (Goryo's Vengeance): no duration, so for as long as it stays
    (CR 611.2a, 611.2c)."""
    ref = it_ref(st, m.group(1))
    kws = keyword_list(m.group(2))
    return [Pump(ref, keywords=kws, until_end_of_turn=bool(m.group(3)))] if ref and kws else None
