"""Keyword abilities of permanents (CR 702) and keyword actions (CR 701), each compiled from its
rule for every card that has it.

A keyword paragraph ("Modular 2", "Fabricate 1", "Cumulative upkeep {1}") becomes the abilities
its rule says it means, built in the vocabulary and carried out by the existing pipelines:
"enters with counters" through the replacement pipeline (CR 614.1c), triggered abilities
through ``effects.triggers``, counters, life and zone changes through ``effects.primitives``
(the one-shot effects of ``vocabulary.keyword_actions``). Keyword actions inside an effect
("bolster 2", "amass Orcs 2", "it connives", "support 2") are effect templates (``clause``).
Registered by importing this module (``paragraphs``).
"""
from __future__ import annotations

from dataclasses import replace

from .clause import effect_rule
from .conditions import CONDITIONS
from .keyword_triggers import keyword_triggered
from .keywords import KEYWORD_PARAGRAPHS
from .lexicon import creature_type_plural, creature_types, num
from .script_builder import ScriptBuilder
from .sentences import MULTI_SENTENCE, parse_effects
from .targets import Parse, it_ref, target_ref
from .text import SpanMatch
from ..vocabulary import (
    ActivatedAbility, Amass, BackupGrant, Bolster, CREATURE, Clash, CardScript, ChangeAbilities, Condition, Connive, Cost, CostObjects, CreateToken, CumulativeUpkeep,
    Designate, DoAction, Drain, Effect, Learn, Monstrosity, Myriad, ExileTop, Filter, MayElse, MayPay, MustBlock, Pump, PutCounters, Quantity, Ref,
    RemoveCounters, ReplacementAbility, ReturnToBattlefield, SELF, SUNBURST, SacrificePermanent, StaticAbility, TapUntap, TargetSpec, Trigger,
    TriggeredAbility, n, target,
)

_keyword = KEYWORD_PARAGRAPHS.rule
_COST = r"((?:\{[0-9WUBRGCX/]+\})+)"
_N = r"(\d+|x)"


def _enters_with(face: ScriptBuilder, kind: str, amount: Quantity, *, optional: bool = False,
                 declined: frozenset[str] = frozenset()) -> None:
    """ "This permanent enters with N [kind] counters on it" (CR 614.1c, 122.6)."""
    face.replacements.append(ReplacementAbility("enters", itself=True, enters_counters=kind, amount=amount,
                                                optional=optional, declined_keywords=declined, text=face.raw))


@_keyword(r"modular " + _N)
def _modular(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.43a: "This permanent enters with N +1/+1 counters on it" and "When this permanent is
    # put into a graveyard from the battlefield, you may put a +1/+1 counter on target artifact
    # creature for each +1/+1 counter on this permanent" (as it last existed, CR 603.10a, 608.2h).
    _enters_with(face, "+1/+1", num(m.group(1)))
    face.triggered.append(TriggeredAbility(
        Trigger("dies"),
        (PutCounters(target(0), "+1/+1", Quantity(stat="last_counters:+1/+1")),),
        (TargetSpec(Filter(types=frozenset({"Creature"}), all_types=frozenset({"Artifact"})),
                    "target artifact creature"),),
        text=f"Modular {m.group(1)}: when {face.name} dies, you may put a +1/+1 counter on target artifact "
             f"creature for each +1/+1 counter on it", optional=True))
    return True


@_keyword(r"bloodthirst (\d+)")
def _bloodthirst(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.54a: "If an opponent was dealt damage this turn, this permanent enters with N +1/+1
    # counters on it."
    face.replacements.append(ReplacementAbility("enters", itself=True, enters_counters="+1/+1",
                                                amount=num(m.group(1)), text=face.raw,
                                                condition=Condition("opponent_dealt_damage")))
    return True


@_keyword(r"devour (\d+)")
def _devour(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.82a: "As this object enters, you may sacrifice any number of creatures. This
    # permanent enters with N +1/+1 counters on it for each creature sacrificed this way."
    _enters_with(face, "+1/+1", Quantity(stat="devoured", scale=int(m.group(1))))
    return True


@_keyword(r"sunburst")
def _sunburst(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.44a: "If this object is entering the battlefield as a creature, it enters with a
    # +1/+1 counter on it for each color of mana spent to cast it. Otherwise, it enters with a
    # charge counter on it for each color of mana spent to cast it."
    _enters_with(face, SUNBURST, Quantity(stat="colors_spent"))
    return True


@_keyword(r"graft (\d+)")
def _graft(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.58a: "This permanent enters with N +1/+1 counters on it" and "Whenever another
    # creature enters, if this permanent has a +1/+1 counter on it, you may move a +1/+1 counter
    # from this permanent onto that creature" (moving: removed from one, put on the other, CR 122.5)
    _enters_with(face, "+1/+1", num(m.group(1)))
    face.triggered.append(TriggeredAbility(
        Trigger("enters", "any", Filter(types=frozenset({"Creature"}), other=True)),
        (RemoveCounters(SELF, "+1/+1", n(1), move_to=Ref("triggering")),),
        condition=Condition("source_counters", value="+1/+1", at_least=1), optional=True,
        text=f"Graft {m.group(1)}: whenever another creature enters, if {face.name} has a +1/+1 counter on it, "
             f"you may move a +1/+1 counter from it onto that creature"))
    return True


@_keyword(r"(extort|ingest|mentor|dethrone|training|myriad|evolve|provoke|battle cry"
          r"|(?:rampage|renown|fabricate|afflict|annihilator|mobilize|afterlife|soulshift) \d+)")
def _triggered_keyword(m: SpanMatch, face: ScriptBuilder) -> bool:
    # extort (CR 702.101a), ingest (702.115a), mentor (702.134a), dethrone (702.105a), training
    # (702.149a), myriad (702.116a), evolve (702.100a), provoke (702.39a), rampage (702.23a), renown
    # (702.112a), fabricate (702.123a), afflict (702.130a), annihilator (702.86a), mobilize
    # (702.181a), afterlife (702.135a), battle cry (702.91a), soulshift (702.46a): the triggered
    # abilities of ``keyword_triggers``
    face.triggered.extend(keyword_triggered(m.group(1).lower()))
    return True


@_keyword(r"unleash")
def _unleash(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.98a: "You may have this permanent enter with an additional +1/+1 counter on it" and
    # "This permanent can't block as long as it has a +1/+1 counter on it."
    _enters_with(face, "+1/+1", n(1), optional=True)
    face.static.append(StaticAbility("self", keywords=frozenset({"can't block"}), text=face.raw,
                                     condition=Condition("source_counters", value="+1/+1", at_least=1)))
    return True


@_keyword(r"riot")
def _riot(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.136a: "You may have this permanent enter with an additional +1/+1 counter on it. If
    # you don't, it gains haste."
    _enters_with(face, "+1/+1", n(1), optional=True, declined=frozenset({"haste"}))
    return True


@_keyword(r"cumulative upkeep(?: " + _COST + r"|\s?[-—–]\s?pay (\d+) life\.?)")
def _cumulative_upkeep(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.24a: "At the beginning of your upkeep, if this permanent is on the battlefield, put an
    # age counter on this permanent. Then you may pay [cost] for each age counter on it. If you
    # don't, sacrifice it."
    mana, life = (m.group(1) or "").upper(), int(m.group(2) or 0)
    cost = mana or f"{life} life"
    face.triggered.append(TriggeredAbility(
        Trigger("upkeep", "you"), (CumulativeUpkeep(mana=mana, life=life),),
        text=f"Cumulative upkeep {cost}: at the beginning of your upkeep, put an age counter on {face.name}, "
             f"then pay {cost} for each age counter on it or sacrifice it"))
    return True


@_keyword(r"outlast " + _COST)
def _outlast(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.107a: "[Cost], {T}: Put a +1/+1 counter on this creature. Activate only as a sorcery."
    face.activated.append(ActivatedAbility(Cost(mana=m.group(1).upper(), tap=True),
                                           (PutCounters(SELF, "+1/+1", n(1)),), (), face.raw, False, True))
    return True


@_keyword(r"reinforce " + _N + r"\s?[-—–]\s?" + _COST)
def _reinforce(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.77a: "[Cost], Discard this card: Put N +1/+1 counters on target creature", from the hand
    face.activated.append(ActivatedAbility(
        Cost(mana=m.group(2).upper(), discard_self=True), (PutCounters(target(0), "+1/+1", num(m.group(1))),),
        (TargetSpec(CREATURE, "target creature"),), face.raw, False, False, zone="hand"))
    return True


@_keyword(r"vanishing(?: (\d+))?")
def _vanishing(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.63a: "This permanent enters with N time counters on it," "At the beginning of your
    # upkeep, if this permanent has a time counter on it, remove a time counter from it," and
    # "When the last time counter is removed from this permanent, sacrifice it."
    # CR 702.63b: without a number, only the two triggered abilities
    if m.group(1):
        _enters_with(face, "time", num(m.group(1)))
    face.triggered.append(TriggeredAbility(
        Trigger("upkeep", "you"), (RemoveCounters(SELF, "time", n(1)),),
        condition=Condition("source_counters", value="time", at_least=1),
        text=f"Vanishing: at the beginning of your upkeep, if {face.name} has a time counter on it, "
             f"remove a time counter from it"))
    face.triggered.append(TriggeredAbility(
        Trigger("last_counter_removed:time"), (SacrificePermanent(SELF),),
        text=f"Vanishing: when the last time counter is removed from {face.name}, sacrifice it"))
    return True


@_keyword(r"exploit")
def _exploit(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.110a: "When this creature enters, you may sacrifice a creature."
    face.triggered.append(_exploit_ability(None))
    return True


_EXPLOIT_TEXT = "Exploit: when this creature enters, you may sacrifice a creature"


def _exploit_ability(when: TriggeredAbility | None) -> TriggeredAbility:
    """Exploit's ability; ``when``: the card's "When ~ exploits a creature, ..." ability, which
    triggers when this ability's controller sacrifices a creature as it resolves (CR 702.110b)."""
    sacrifice = Cost(objects=(CostObjects("sacrifice", 1, Filter(types=frozenset({"Creature"}))),))
    return TriggeredAbility(Trigger("enters"), (DoAction(sacrifice, True, when, text="sacrifice a creature"),),
                            text=_EXPLOIT_TEXT)


@_keyword(r"when ~ exploits a creature, (.+)")
def _exploits(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.110b: "exploits a creature": the exploit ability's controller sacrifices a creature
    # as it resolves — the trigger event of this ability, which is linked to it
    found = [i for i, ab in enumerate(face.triggered) if ab.text == _EXPLOIT_TEXT]
    if not found:
        return False
    st = Parse()
    effects = parse_effects(m.group(1), st)
    if effects is None:
        return face.not_implemented()
    when = TriggeredAbility(Trigger("reflexive", "you"), tuple(effects), tuple(st.targets), text=face.raw)
    face.triggered[found[-1]] = _exploit_ability(when)
    return True


@_keyword(r"ward\s?[-—–]\s?(pay (\d+) life|discard a card)\.?")
def _ward_in_words(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.21a: "Whenever this permanent becomes the target of a spell or ability an opponent
    # controls, counter that spell or ability unless that player pays [cost]" (a keyword: the
    # triggered ability is ``effects.triggers.keyword_triggers``')
    face.keywords.add("ward—" + m.group(1).lower())
    return True


@_keyword(r"tribute (\d+)")
def _tribute(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.104a: "As this creature enters, choose an opponent. That player may put an
    # additional N +1/+1 counters on it as it enters." (``effects.tribute``)
    _enters_with(face, "+1/+1", Quantity(fixed=int(m.group(1)), stat="tribute"))
    return True


@_keyword(r"when ~ enters(?: the battlefield)?, if tribute wasn't paid, (.+)")
def _tribute_unpaid(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.104b: "if tribute wasn't paid": the opponent chosen didn't have it enter with the
    # counters (noted on the permanent as it entered)
    st = Parse()
    effects = parse_effects(m.group(1), st)
    if effects is None:
        return face.not_implemented()
    face.triggered.append(TriggeredAbility(Trigger("enters"), tuple(effects), tuple(st.targets), text=face.raw,
                                           condition=Condition("designated", value="tribute_unpaid", at_least=1)))
    return True


@_keyword(r"dredge (\d+)")
def _dredge(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.52a: a static ability of the card in a graveyard, a replacement effect of its owner's
    # draws (``effects.dredge``)
    face.keywords.add(f"dredge {int(m.group(1))}")
    return True


@_keyword(r"backup (\d+)")
def _backup(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.165a: "When this creature enters, put N +1/+1 counters on target creature. If that's
    # another creature, it also gains the non-backup abilities of this creature printed below this
    # one until end of turn." (Those abilities are known once the face is read: ``with_backup``.)
    below = (len(face.triggered) + 1, len(face.activated), len(face.static), len(face.replacements),
             len(face.player_statics))
    face.triggered.append(TriggeredAbility(
        Trigger("enters"),
        (PutCounters(target(0), "+1/+1", num(m.group(1))),
         BackupGrant(target(0), below=below, keywords_before=frozenset(face.keywords), paragraph=face.number)),
        (TargetSpec(CREATURE, "target creature"),), text=face.raw))
    return True


def with_backup(script: CardScript) -> CardScript:
    """Fills in each backup ability's grant (CR 702.165a): the keywords, triggered and activated
    abilities printed below it. An ability below that can't be granted (a static, replacement or
    player ability) leaves the backup paragraph unimplemented."""
    found = [(i, ab) for i, ab in enumerate(script.triggered)
             if len(ab.effects) == 2 and isinstance(ab.effects[1], BackupGrant) and not ab.effects[1].mods]
    if not found:
        return script
    triggered = list(script.triggered)
    unimplemented = list(script.unimplemented)
    for i, ab in found:
        grant = ab.effects[1]
        assert isinstance(grant, BackupGrant)
        t_from, a_from, s_from, r_from, p_from = grant.below
        later = [t for t in script.triggered[t_from:]
                 if not any(isinstance(e, BackupGrant) for e in t.effects)]       # "non-backup abilities"
        if script.static[s_from:] or script.replacements[r_from:] or script.player_statics[p_from:]:
            unimplemented.append((grant.paragraph, ab.text))
            continue
        mods = (ChangeAbilities(add_keywords=script.keywords - grant.keywords_before,
                                add_triggered=tuple(later), add_activated=script.activated[a_from:]),)
        triggered[i] = replace(ab, effects=(ab.effects[0], replace(grant, mods=mods)))
    return replace(script, triggered=tuple(triggered), unimplemented=tuple(unimplemented))


@CONDITIONS.rule(r"(?:~|it) ?(is|'s|isn't) (renowned|monstrous|saddled)")
def _renowned(m: SpanMatch) -> Condition:
    """ "As long as ~ is renowned", "if it isn't renowned", "as long as ~ is monstrous", "if ~ is
    saddled": the designation (CR 702.112b, 701.37b, 702.171b)."""
    if m.group(1).lower() in ("is", "'s"):
        return Condition("designated", value=m.group(2).lower(), at_least=1)
    return Condition("designated", value=m.group(2).lower(), at_most=0)


# -- keyword actions (CR 701) inside effects ---------------------------------------------------
@effect_rule(r"bolster {NUM}")
def _bolster(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """CR 701.39a."""
    return [Bolster(num(m.group(1)))]


@effect_rule(r"[Aa]mass ([A-Z][a-z]+) {NUM}", flags=0)
def _amass(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """CR 701.47a: "amass Orcs 2" (the subtype by its plural, CR 205.3m)."""
    plural = m.group(1)
    subtype = next((t for t in creature_types() if creature_type_plural(t) == plural), None)
    return [Amass(subtype, num(m.group(2)))] if subtype is not None else None


@effect_rule(r"[Aa]mass {NUM}", flags=0)
def _amass_zombies(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """CR 701.47d: "amass N" of older cards means "amass Zombies N"."""
    return [Amass("Zombie", num(m.group(1)))]


@effect_rule(r"(?:return|put) ({UP_TO}target .+? (?:from|in) your graveyard) (?:to|onto) the battlefield( tapped)? "
             r"with an? (finality|shield|stun) counter on it")
def _reanimate_with_counter(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "Return target creature card from your graveyard to the battlefield with a finality
    counter on it" (Rite of the Moth): it enters with the counter (CR 122.6), whose rule then
    applies (CR 122.1c, 122.1d, 122.1h)."""
    ref = target_ref(m.group(1), st)
    return [ReturnToBattlefield(ref, tapped=bool(m.group(3)), counter=m.group(4).lower())] if ref else None


@effect_rule(r"monstrosity {NUM}")
def _monstrosity(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """CR 701.37a: "{3}{G}{W}: Monstrosity 1" (X: the X paid for the ability, CR 107.3)."""
    return [Monstrosity(num(m.group(1)))]


@MULTI_SENTENCE.rule(r"clash with an opponent\.(?: if you win, (.+?)\.)?")
def _clash(m: SpanMatch, st: Parse) -> list[Effect] | bool:
    """CR 701.30b, 701.30d: "Clash with an opponent. If you win, put a +1/+1 counter on ~"."""
    won = parse_effects(m.group(1), st) if m.group(1) else []
    return [Clash(tuple(won))] if won is not None else False


@effect_rule(r"learn")
def _learn(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """CR 701.48a."""
    return [Learn()]


@effect_rule(r"support {NUM}")
def _support(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """CR 701.41a: "Support N" on a permanent: "Put a +1/+1 counter on each of up to N other
    target creatures." (On an instant or sorcery: ``_support_spell``.)"""
    return [_support_effect(m, st, other=True)]


def _support_effect(m: SpanMatch, st: Parse, other: bool) -> Effect:
    count = int(num(m.group(1)).fixed)
    spec = TargetSpec(Filter(types=frozenset({"Creature"}), other=other),
                      f"up to {count} {'other ' if other else ''}target creatures", min=0, max=count)
    return PutCounters(st.add_target(spec), "+1/+1", n(1))


@_keyword(r"support (\w+)\.")
def _support_spell(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 701.41a: "Support N" on an instant or sorcery spell: "Put a +1/+1 counter on each of up
    # to N target creatures."
    if not face.is_spell:
        return False
    st = Parse()
    st.targets = face.spell_targets
    face.spell_effects.append(_support_effect(m, st, other=False))
    return True


@effect_rule(r"(~|it|target creature you control) connives")
def _connive(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """CR 701.50a: "When ~ enters, it connives"."""
    words = m.group(1).lower()
    if words == "~":
        ref: Ref | None = SELF
    elif words == "it":
        ref = it_ref(st, words) if st.targets else (st.it or SELF)
    else:
        ref = st.add_target(TargetSpec(Filter(types=frozenset({"Creature"}), controller="you"),
                                       "target creature you control"))
    return [Connive(ref)] if ref is not None else None
