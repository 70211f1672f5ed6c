"""Keyword abilities that change how or from where a spell is cast (CR 702), each compiled from
the abilities its rule says it represents: dash and blitz (alternative costs whose permanent has
haste, CR 702.109a, 702.152a), spectacle, surge, prowl, freerunning and sneak (alternative costs
with a condition, CR 702.137a, 702.117a, 702.76a, 702.173a; sneak has no rule in the pinned CR),
bestow and awaken (alternative costs that change the spell, CR 702.103a, 702.113a), buyback,
offspring, casualty, conspire and bargain (optional additional costs, CR 702.27a, 702.175a,
702.153a, 702.78a, 702.166a), miracle (CR 702.94a); and the activated
abilities that function from the graveyard: unearth, scavenge, embalm, eternalize (CR 702.84a,
702.97a, 702.128a, 702.129a); and the permissions to cast the card from the graveyard with an
additional cost: retrace and jump-start (CR 702.81a, 702.133a); split second (CR 702.61a) and
cascade (CR 702.85a). What happens once the spell is
cast is ``rules.alternative_casts`` and ``effects.cast_keywords``. Madness (CR 702.35a): an
alternative cost paid only as its trigger resolves, the card exiled as it is discarded. Foretell,
plot and suspend (CR 702.143a, 702.170a, 702.62a): special actions that exile the card from the
hand, to be cast from exile later.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from .costs import parse_cost
from .keywords import KEYWORD_PARAGRAPHS
from .script_builder import ScriptBuilder
from .spell_costs import cost_parts
from .text import SpanMatch
from ..vocabulary import (
    ActivatedAbility, AdditionalCost, AlternativeCost, ApplyModifications, Cascade, ChangeAbilities, ChangeTypes,
    Condition, CopyException, CopySpell, Ripple, SetPT,
    Cost, CostObjects, Encore, EnterAttacking,
    CreateDelayedTrigger, CreateTokenCopy, Draw, Effect, Exile, Filter, Pump, PutCounters, Quantity, Ref, SELF,
    ReturnToBattlefield, StaticAbility, TargetSpec, Trigger, TriggeredAbility, YOU, n, target,
)

_COST = r"((?:\{[^}]+\})+)"
_keyword = KEYWORD_PARAGRAPHS.rule

#: The driver's ``compile_report`` (``paragraphs`` provides it as it is imported: it sits above
#: this module), for overload's changed text.
_compile: Callable[[str, str, bool], Any] | None = None


def provide(compile_report: Callable[[str, str, bool], Any]) -> None:
    global _compile
    _compile = compile_report


def _alternative(face: ScriptBuilder, name: str, cost: str, condition: Condition | None = None) -> bool:
    """ "You may cast this card by paying [cost] rather than its mana cost" (CR 118.9), a cost
    in symbols or in words ("Blitz—{2}{B}{B}, Pay 2 life")."""
    parts = cost_parts(cost)
    if parts is None:
        return False
    mana, life, objects = parts
    face.cost_abilities.append({"alternative_costs": (AlternativeCost(
        mana=mana, life=life, objects=objects, name=name, itself=True, text=face.raw, condition=condition),)})
    return True


def _paid(name: str) -> Condition:
    """ "As long as this permanent's [name] cost was paid" (CR 702.109a, 702.152a)."""
    return Condition("cost_paid", value=name)


@_keyword(r"dash " + _COST + r"|dash ?[-—–] ?(.+?)\.?")
def _dash(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.109a: an alternative cost; "As long as this permanent's dash cost was paid, it has
    # haste" (the return to its owner's hand: ``rules.alternative_casts``)
    if not _alternative(face, "dash", m.group(1) or m.group(2)):
        return face.not_implemented()
    face.static.append(StaticAbility("self", keywords=frozenset({"haste"}), condition=_paid("dash"),
                                     text="As long as this permanent's dash cost was paid, it has haste (CR 702.109a)"))
    return True


@_keyword(r"blitz " + _COST + r"|blitz ?[-—–] ?(.+?)\.?")
def _blitz(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.152a: an alternative cost; "As long as this permanent's blitz cost was paid, it has
    # haste and 'When this permanent is put into a graveyard from the battlefield, draw a card.'"
    # (the sacrifice at the next end step: ``rules.alternative_casts``)
    if not _alternative(face, "blitz", m.group(1) or m.group(2)):
        return face.not_implemented()
    draw = TriggeredAbility(Trigger("dies"), (Draw(YOU, n(1)),),
                            text="When this permanent is put into a graveyard from the battlefield, draw a card "
                                 "(blitz, CR 702.152a)")
    face.static.append(StaticAbility("self", condition=_paid("blitz"),
                                     mods=(ChangeAbilities(add_keywords=frozenset({"haste"}), add_triggered=(draw,)),),
                                     text="As long as this permanent's blitz cost was paid, it has haste and "
                                          "\"When this permanent is put into a graveyard from the battlefield, draw a "
                                          "card.\" (CR 702.152a)"))
    return True


@_keyword(r"bestow " + _COST + r"|bestow ?[-—–] ?(.+?)\.?")
def _bestow(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.103a: "As you cast this spell, you may choose to cast it bestowed. If you do, you
    # pay [cost] rather than its mana cost." (a creature card's; what being bestowed makes of the
    # spell and the permanent, an Aura with enchant creature: ``effects.copiable.bestowed``,
    # CR 702.103b-f); a permanent card's only (the compiler doesn't read the type line: bestow is
    # printed on creature cards alone)
    if face.is_spell:
        return face.not_implemented()
    return _alternative(face, "bestow", m.group(1) or m.group(2)) or face.not_implemented()


@_keyword(r"harmonize " + _COST)
def _harmonize(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.180a: "You may cast this card from your graveyard by paying [cost] and tapping up to
    # one untapped creature you control rather than paying this spell's mana cost", "its total
    # cost is reduced by an amount of generic mana equal to the tapped creature's power" and
    # "exile this card instead of putting it anywhere else any time it would leave the stack"
    # (``rules.alternative_casts.announce_harmonize``)
    face.cost_abilities.append({"alternative_costs": (AlternativeCost(
        mana=m.group(1), name="harmonize", itself=True, zone="graveyard", text=face.raw),)})
    return True


@_keyword(r"mayhem " + _COST)
def _mayhem(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.187b: "As long as you discarded this card this turn, you may cast it from your
    # graveyard by paying [cost] rather than paying its mana cost." (``rules.alternative_casts``)
    face.cost_abilities.append({"alternative_costs": (AlternativeCost(
        mana=m.group(1), name="mayhem", itself=True, zone="graveyard", text=face.raw),)})
    return True


@_keyword(r"warp " + _COST)
def _warp(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.185a: "You may cast this card from your hand by paying [cost] rather than its mana
    # cost" (``zone`` "hand") and "If this spell's warp cost was paid, exile the permanent this
    # spell becomes at the beginning of the next end step. Its owner may cast this card after the
    # current turn has ended for as long as it remains exiled." (``rules.alternative_casts``,
    # ``rules.special_actions.exile_permission``)
    face.cost_abilities.append({"alternative_costs": (AlternativeCost(
        mana=m.group(1), name="warp", itself=True, zone="hand", text=face.raw),)})
    return True


@_keyword(r"overload " + _COST)
def _overload(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.96a: "You may choose to pay [cost] rather than pay this spell's mana cost" and "If
    # you chose to pay this spell's overload cost, change its text by replacing all instances of
    # the word 'target' with the word 'each.'" The changed text is compiled now; the spell uses it
    # on the stack when cast for that cost (``effects.layers``, CR 612). If it can't be read, the
    # keyword isn't implemented.
    if not face.is_spell or not face.oracle_text:
        return face.not_implemented()
    changed = re.sub(r"\b(t|T)arget\b", lambda t: "each" if t.group(1) == "t" else "Each", "\n".join(
        line for line in face.oracle_text.split("\n") if not re.match(r"overload\b", line, re.I)))
    compiled = _compile(face.name, changed, True) if _compile is not None else None
    if compiled is None or not all(p.implemented and not p.unread for p in compiled.paragraphs):
        return face.not_implemented()
    spell = compiled.script.spell
    face.cost_abilities.append({"alternative_costs": (AlternativeCost(
        mana=m.group(1), name="overload", itself=True, spell=spell, text=face.raw),)})
    return True


@_keyword(r"awaken (\d+) ?[-—–] ?" + _COST)
def _awaken(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.113a: "You may pay [cost] rather than pay this spell's mana cost as you cast this
    # spell" and "If this spell's awaken cost was paid, put N +1/+1 counters on target land you
    # control. That land becomes a 0/0 Elemental creature with haste. It's still a land." The
    # target is chosen only when the awaken cost is paid (CR 702.113b): the spell ability with it
    # is the alternative cost's own, used on the stack when cast for that cost (as overload's).
    if not face.is_spell or not face.oracle_text:
        return face.not_implemented()
    rest = "\n".join(line for line in face.oracle_text.split("\n") if not re.match(r"awaken\b", line, re.I))
    compiled = _compile(face.name, rest, True) if _compile is not None else None
    if compiled is None or not all(p.implemented and not p.unread for p in compiled.paragraphs):
        return face.not_implemented()
    spell = compiled.script.spell
    if spell is None or spell.modes:
        return face.not_implemented()
    land = target(len(spell.targets))
    awakened = (PutCounters(land, "+1/+1", n(int(m.group(1)))),
                ApplyModifications(land, (ChangeTypes(add_types=frozenset({"Creature"}),
                                                      add_subtypes=frozenset({"Elemental"})),
                                          ChangeAbilities(add_keywords=frozenset({"haste"})), SetPT(n(0), n(0))),
                                   until_end_of_turn=False))
    spec = TargetSpec(Filter(types=frozenset({"Land"}), controller="you"), "target land you control")
    face.cost_abilities.append({"alternative_costs": (AlternativeCost(
        mana=m.group(2), name="awaken", itself=True, text=face.raw,
        spell=replace(spell, effects=spell.effects + awakened, targets=spell.targets + (spec,))),)})
    return True


@_keyword(r"sneak " + _COST)
def _sneak(m: SpanMatch, face: ScriptBuilder) -> bool:
    # Sneak: the pinned Comprehensive Rules (20260116) have no rule for it; its reminder text:
    # "You may cast this spell for [cost] if you also return an unblocked attacker you control to
    # hand during the declare blockers step." An alternative cost (CR 118.9) with a creature
    # returned to its owner's hand, available only during the declare blockers step of its
    # caster's turn, when it may be cast whatever its card type (``rules.castability.timing_ok``).
    # Nothing in that text says how a permanent spell cast this way enters: it enters as usual.
    unblocked = AdditionalCost(bounce=Filter(types=frozenset({"Creature"}), attacking=True, blocked=False),
                               itself=True, text="return an unblocked attacker you control to hand")
    face.cost_abilities.append({"alternative_costs": (AlternativeCost(
        mana=m.group(1), name="sneak", itself=True, objects=(unblocked,), text=face.raw,
        condition=Condition("sneak_window")),)})
    return True


@_keyword(r"emerge " + _COST)
def _emerge(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.119a: "You may cast this spell by paying [cost] and sacrificing a creature rather
    # than paying its mana cost" and "its total cost is reduced by an amount of generic mana
    # equal to the sacrificed creature's mana value" (``rules.alternative_casts.announce_emerge``)
    creature = AdditionalCost(sacrifice=Filter(types=frozenset({"Creature"})), itself=True, text=face.raw)
    face.cost_abilities.append({"alternative_costs": (AlternativeCost(
        mana=m.group(1), name="emerge", itself=True, objects=(creature,), text=face.raw),)})
    return True


@_keyword(r"spectacle " + _COST)
def _spectacle(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.137a: "You may pay [cost] rather than pay this spell's mana cost if an opponent lost
    # life this turn."
    return _alternative(face, "spectacle", m.group(1), Condition("opponent_lost_life")) or face.not_implemented()


@_keyword(r"(prowl|freerunning) " + _COST)
def _prowl_freerunning(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.76a (prowl): "You may pay [cost] rather than pay this spell's mana cost if a player was
    # dealt combat damage this turn by a source that, at the time it dealt that damage, was under
    # your control and had any of this spell's creature types." CR 702.173a (freerunning): "... by
    # a creature that ... was an Assassin creature or a commander under your control."
    keyword = m.group(1).lower()
    return _alternative(face, keyword, m.group(2), Condition(keyword)) or face.not_implemented()


@_keyword(r"surge " + _COST)
def _surge(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.117a: "... if you or one of your teammates has cast another spell this turn."
    return _alternative(face, "surge", m.group(1), Condition("cast_another_spell")) or face.not_implemented()


@_keyword(r"entwine " + _COST + r"|entwine ?[-—–] ?(.+?)\.?")
def _entwine(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.42a: "You may choose all modes of this spell instead of just the number specified.
    # If you do, you pay an additional [cost]." (a modal spell's; ``rules.alternative_casts``)
    cost = _optional_cost(face, "entwine", m.group(1) or m.group(2)) if face.is_spell and face.mode_range else None
    if cost is None:
        return face.not_implemented()
    face.cost_abilities.append({"additional_costs": (cost,)})
    return True


@_keyword(r"replicate " + _COST)
def _replicate(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.56a: "As an additional cost to cast this spell, you may pay [cost] any number of
    # times" and "When you cast this spell, if a replicate cost was paid for it, copy it for each
    # time its replicate cost was paid. If the spell has any targets, you may choose new targets
    # for any of the copies."
    face.cost_abilities.append({"additional_costs": (AdditionalCost(mana=m.group(1), optional=True, name="replicate",
                                                                    repeatable=True, itself=True, text=face.raw),)})
    face.triggered.append(TriggeredAbility(
        Trigger("cast"), (CopySpell(SELF, amount=Quantity(stat="paid:replicate", of=SELF)),),
        condition=Condition("optional_paid", value="replicate"),
        text="Replicate (CR 702.56a): when you cast this spell, if a replicate cost was paid for it, copy it for each "
             "time its replicate cost was paid; you may choose new targets for the copies"))
    return True


@_keyword(r"offspring " + _COST)
def _offspring(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.175a: "You may pay an additional [cost] as you cast this spell" and "When this
    # permanent enters, if its offspring cost was paid, create a token that's a copy of it,
    # except it's 1/1." (the permanent remembers the payment, CR 400.7d: ``effects.primitives``)
    if face.is_spell:
        return face.not_implemented()
    face.cost_abilities.append({"additional_costs": (AdditionalCost(mana=m.group(1), optional=True, name="offspring",
                                                                    itself=True, text=face.raw),)})
    face.triggered.append(TriggeredAbility(
        Trigger("enters"), (CreateTokenCopy(SELF, exception=CopyException(set_power=1, set_toughness=1)),),
        condition=Condition("optional_paid", value="offspring"),
        text="Offspring (CR 702.175a): when this permanent enters, if its offspring cost was paid, create a token "
             "that's a copy of it, except it's 1/1"))
    return True


@_keyword(r"escalate " + _COST)
def _escalate(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.120a: "For each mode you choose beyond the first as you cast this spell, you pay an
    # additional [cost]." (``rules.total_cost``)
    if not face.is_spell:
        return face.not_implemented()
    face.cost_abilities.append({"additional_costs": (AdditionalCost(mana=m.group(1), per_extra_mode=True, itself=True,
                                                                    text=face.raw),)})
    return True


@_keyword(r"buyback " + _COST + r"|buyback ?[-—–] ?(.+?)\.?")
def _buyback(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.27a: "You may pay an additional [cost] as you cast this spell" and "If the buyback
    # cost was paid, put this spell into its owner's hand instead of into that player's graveyard
    # as it resolves" (``effects.cast_keywords.BUYBACK``); a cost in words: "Buyback—Sacrifice a
    # land"
    cost = _optional_cost(face, "buyback", m.group(1) or m.group(2))
    if cost is None:
        return face.not_implemented()
    face.cost_abilities.append({"additional_costs": (cost,)})
    return True


def _optional_cost(face: ScriptBuilder, name: str, words: str) -> AdditionalCost | None:
    """A keyword's optional additional cost announced by ``name``: mana, life, or one kind of
    objects ("Sacrifice two lands", "Discard two cards"), as one AdditionalCost; None if the
    cost isn't understood or has parts of several kinds."""
    parts = cost_parts(words)
    if parts is None:
        return None
    mana, life, objects = parts
    if len(objects) > 1 or (objects and (mana or life)):
        return None
    if objects:
        return replace(objects[0], optional=True, name=name, itself=True, text=face.raw)
    return AdditionalCost(mana=mana, life=life, optional=True, name=name, itself=True, text=face.raw)


# -- activated abilities that function in the graveyard (CR 113.6m) --------------------------
def _graveyard_ability(face: ScriptBuilder, cost_text: str, effects: tuple[Effect, ...], exile_self: bool,
                       targets: tuple[TargetSpec, ...] = ()) -> bool:
    """ "[Cost][, Exile this card from your graveyard]: [effects]. Activate only as a sorcery.",
    an ability of the card in its owner's graveyard; the cost in symbols or in words
    ("Eternalize—{2}{B}{B}, Discard a card")."""
    cost = parse_cost(cost_text)
    if cost is None or cost.tap or cost.sacrifice_self or cost.discard_self or cost.loyalty is not None:
        return face.not_implemented()
    face.activated.append(ActivatedAbility(replace(cost, exile_self="graveyard" if exile_self else ""), effects,
                                           targets, face.raw,
                                           sorcery_speed=True, zone="graveyard"))
    return True


_CARD = Ref("remembered", 0)          # the card the ability's cost exiled (``rules.activation``)


@_keyword(r"unearth " + _COST + r"|unearth ?[-—–] ?(.+?)\.?")
def _unearth(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.84a: "[Cost]: Return this card from your graveyard to the battlefield. It gains
    # haste. Exile it at the beginning of the next end step. If it would leave the battlefield,
    # exile it instead of putting it anywhere else. Activate only as a sorcery."
    it = Ref("moved_self")           # the new object the card became (CR 400.7)
    effects = (ReturnToBattlefield(SELF, exile_if_leaves=True),
               Pump(it, keywords=frozenset({"haste"}), until_end_of_turn=False),
               CreateDelayedTrigger(Trigger("end_step", whose="any"), (Exile(Ref("remembered", 0)),), remember=it,
                                    text="unearth: exile it at the beginning of the next end step (CR 702.84a)"))
    return _graveyard_ability(face, m.group(1) or m.group(2), effects, exile_self=False)


@_keyword(r"scavenge " + _COST)
def _scavenge(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.97a: "[Cost], Exile this card from your graveyard: Put a number of +1/+1 counters
    # equal to the power of the card you exiled on target creature. Activate only as a sorcery."
    effects = (PutCounters(target(0), "+1/+1", Quantity(stat="power", of=_CARD)),)
    return _graveyard_ability(face, m.group(1), effects, exile_self=True,
                              targets=(TargetSpec(Filter(types=frozenset({"Creature"})), "target creature"),))


@_keyword(r"encore " + _COST)
def _encore(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.141a: "[Cost], Exile this card from your graveyard: For each opponent, create a token
    # that's a copy of this card that attacks that opponent this turn if able. The tokens gain
    # haste. Sacrifice them at the beginning of the next end step. Activate only as a sorcery."
    return _graveyard_ability(face, m.group(1), (Encore(_CARD),), exile_self=True)


@_keyword(r"(embalm|eternalize) " + _COST + r"|(embalm|eternalize) ?[-—–] ?(.+?)\.?")
def _embalm(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.128a: "[Cost], Exile this card from your graveyard: Create a token that's a copy of
    # this card, except it's white, it has no mana cost, and it's a Zombie in addition to its
    # other types. Activate only as a sorcery." CR 702.129a (eternalize): "... except it's
    # black, it's 4/4, it has no mana cost, and it's a Zombie in addition to its other types."
    keyword = (m.group(1) or m.group(3)).lower()
    if keyword == "embalm":
        exception = CopyException(add_subtypes=frozenset({"Zombie"}), set_colors=frozenset({"W"}), no_mana_cost=True)
    else:
        exception = CopyException(add_subtypes=frozenset({"Zombie"}), set_colors=frozenset({"B"}), no_mana_cost=True,
                                  set_power=4, set_toughness=4)
    return _graveyard_ability(face, m.group(2) or m.group(4), (CreateTokenCopy(_CARD, exception=exception),),
                              exile_self=True)


# -- cast from the graveyard ------------------------------------------------------------------
@_keyword(r"(retrace|jump-start)")
def _from_graveyard(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.81a: "You may cast this card from your graveyard by discarding a land card as an
    # additional cost to cast it." CR 702.133a: "You may cast this card from your graveyard if
    # the resulting spell is an instant or sorcery spell by discarding a card as an additional
    # cost to cast it" and "If this spell was cast using its jump-start ability, exile this card
    # instead of putting it anywhere else any time it would leave the stack."
    keyword = m.group(1).lower()
    discard = Filter(types=frozenset({"Land"})) if keyword == "retrace" else Filter()
    face.keywords.add(keyword)
    face.cost_abilities.append({"additional_costs": (AdditionalCost(discard=discard, itself=True, only_from="graveyard",
                                                                    text=face.raw),)})
    return True


# -- while the spell is on the stack ----------------------------------------------------------
@_keyword(r"rebound")
def _rebound(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.88a: "If this spell was cast from your hand, instead of putting it into your graveyard
    # as it resolves, exile it and, at the beginning of your next upkeep, you may cast this card
    # from exile without paying its mana cost." (``effects.cast_keywords.REBOUND``,
    # ``rules.alternative_casts.spell_left_stack``)
    face.keywords.add("rebound")
    return True


@_keyword(r"split second")
def _split_second(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.61a: "As long as this spell is on the stack, players can't cast other spells or
    # activate abilities that aren't mana abilities." (``effects.cast_keywords.split_second``)
    face.keywords.add("split second")
    return True


@_keyword(r"ripple (\d+)")
def _ripple(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.60a: "When you cast this spell, you may reveal the top N cards of your library ..."
    # (a triggered ability that functions only while the spell is on the stack)
    count = int(m.group(1))
    face.triggered.append(TriggeredAbility(Trigger("cast"), (Ripple(count),),
                                           text=f"Ripple {count} (CR 702.60a): when you cast this spell, you may "
                                                f"reveal the top {count} cards of your library and cast those with "
                                                "its name without paying their mana costs; the rest go on the bottom"))
    return True


@_keyword(r"cascade((?:, cascade)*)")
def _cascade(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.85a: "When you cast this spell, exile cards from the top of your library until ...";
    # each instance triggers separately (CR 702.85c)
    for _ in range(1 + m.group(1).count(",")):
        face.triggered.append(TriggeredAbility(Trigger("cast"), (Cascade(),),
                                               text="Cascade (CR 702.85a): when you cast this spell, exile cards from "
                                                    "the top of your library until you exile a nonland card that costs "
                                                    "less. You may cast it without paying its mana cost. Put the "
                                                    "exiled cards on the bottom in a random order."))
    return True


@_keyword(r"madness " + _COST + r"|madness ?[-—–] ?(.+?)\.?")
def _madness(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.35a: "If a player would discard this card, that player discards it, but exiles it
    # instead of putting it into their graveyard" and "When this card is exiled this way, its
    # owner may cast it by paying [cost] rather than paying its mana cost. If that player
    # doesn't, they put this card into their graveyard." (``effects.cast_keywords``: the
    # replacement and the trigger; the cost is paid only from exile, as the trigger resolves)
    parts = cost_parts(m.group(1) or m.group(2))
    if parts is None:
        return face.not_implemented()
    mana, life, objects = parts
    if objects:
        return face.not_implemented()
    face.keywords.add("madness")
    face.cost_abilities.append({"alternative_costs": (AlternativeCost(
        mana=mana, life=life, name="madness", itself=True, zone="exile", text=face.raw),)})
    return True


@_keyword(r"miracle " + _COST)
def _miracle(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.94a: "You may reveal this card from your hand as you draw it if it's the first card
    # you've drawn this turn. When you reveal this card this way, you may cast it by paying
    # [cost] rather than its mana cost." (``effects.triggers.miracle``)
    face.cost_abilities.append({"miracle": m.group(1)})
    return True


@_keyword(r"bargain")
def _bargain(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.166a: "You may sacrifice an artifact, enchantment, or token as you cast this spell"
    # (an optional additional cost, one of two kinds of permanent, announced by name: ``additional:
    # {bargain: true, sacrifice: [...]}``); CR 702.166b: "bargained" if it was paid
    face.cost_abilities.append({"additional_costs": (AdditionalCost(
        either=(AdditionalCost(sacrifice=Filter(types=frozenset({"Artifact", "Enchantment"}))),
                AdditionalCost(sacrifice=Filter(token=True))),
        optional=True, name="bargain", itself=True, text=face.raw),)})
    return True


@_keyword(r"conspire")
def _conspire(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.78a: "As an additional cost to cast this spell, you may tap two untapped creatures you
    # control that each share a color with it" and "When you cast this spell, if its conspire cost
    # was paid, copy it. If the spell has any targets, you may choose new targets for the copy."
    # (announced by name, ``additional: {conspire: true}``; the creatures chosen as it is paid)
    creatures = Filter(types=frozenset({"Creature"}), shares_color=True)
    face.cost_abilities.append({"additional_costs": (AdditionalCost(tap=creatures, count=2, optional=True,
                                                                    name="conspire", itself=True, text=face.raw),)})
    face.triggered.append(TriggeredAbility(
        Trigger("cast"), (CopySpell(SELF, amount=n(1)),), condition=Condition("optional_paid", value="conspire"),
        text="Conspire (CR 702.78a): when you cast this spell, if its conspire cost was paid, copy it; you may "
             "choose new targets for the copy"))
    return True


@_keyword(r"casualty (\d+)")
def _casualty(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.153a: "As an additional cost to cast this spell, you may sacrifice a creature with
    # power N or greater" and "When you cast this spell, if a casualty cost was paid for it, copy
    # it. If the spell has any targets, you may choose new targets for the copy." (announced by
    # name, ``additional: {casualty: true}``; the creature is chosen as the cost is paid)
    creature = Filter(types=frozenset({"Creature"}), power_min=int(m.group(1)))
    face.cost_abilities.append({"additional_costs": (AdditionalCost(sacrifice=creature, optional=True, name="casualty",
                                                                    itself=True, text=face.raw),)})
    face.triggered.append(TriggeredAbility(
        Trigger("cast"), (CopySpell(SELF, amount=n(1)),), condition=Condition("optional_paid", value="casualty"),
        text="Casualty (CR 702.153a): when you cast this spell, if a casualty cost was paid for it, copy it; you may "
             "choose new targets for the copy"))
    return True


# -- special actions from the hand, cast from exile later (CR 116.2; ``rules.special_actions``) --
@_keyword(r"foretell " + _COST)
def _foretell(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.143a: during your turn, pay {2} and exile this card from your hand face down; cast
    # it after this turn by paying its foretell cost rather than its mana cost
    face.keywords.add("foretell")
    face.cost_abilities.append({"alternative_costs": (AlternativeCost(
        mana=m.group(1), name="foretell", itself=True, zone="exile", text=face.raw),)})
    return True


@_keyword(r"plot " + _COST)
def _plot(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.170a: "Any time you have priority during your main phase while the stack is empty,
    # you may exile this card from your hand and pay [cost]. It becomes a plotted card." (the
    # keyword keeps its cost, as ward's does)
    face.keywords.add("plot " + m.group(1).upper())
    return True


@_keyword(r"suspend (\d+) ?[-—–] ?" + _COST)
def _suspend(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.62a: "Suspend N—[cost]": pay [cost] and exile it from your hand with N time
    # counters; one is removed at the beginning of your upkeep; when the last is, you may cast it
    # without paying its mana cost (a creature spell gains haste)
    face.keywords.add(f"suspend {int(m.group(1))}—{m.group(2).upper()}")
    return True


# -- from the hand during combat ---------------------------------------------------------------
@_keyword(r"ninjutsu " + _COST)
def _ninjutsu(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.49a: "[Cost], Reveal this card from your hand, Return an unblocked attacking creature
    # you control to its owner's hand: Put this card onto the battlefield from your hand tapped and
    # attacking." (an ability of the card in the hand; ``rules.ability_costs``'s "return_unblocked")
    face.activated.append(ActivatedAbility(Cost(mana=m.group(1), objects=(CostObjects("return_unblocked", 1, None),)),
                                           (EnterAttacking(),), (), face.raw, zone="hand"))
    return True
