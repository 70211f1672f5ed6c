"""Keyword abilities that change how or from where a spell is cast (CR 702), each compiled from
the abilities its rule says it represents: dash and blitz (alternative costs whose permanent has
haste, CR 702.109a, 702.152a), spectacle and surge (alternative costs with a condition, CR
702.137a, 702.117a), buyback (an optional additional cost, CR 702.27a). What happens once the
spell is cast is ``rules.alternative_casts`` and ``effects.cast_keywords``.
"""
from __future__ import annotations

from .keywords import KEYWORD_PARAGRAPHS
from .script_builder import ScriptBuilder
from .spell_costs import cost_parts
from .text import SpanMatch
from ..vocabulary import (
    AdditionalCost, AlternativeCost, ChangeAbilities, Condition, Draw, StaticAbility, Trigger, TriggeredAbility, YOU,
    n,
)

_COST = r"((?:\{[^}]+\})+)"
_keyword = KEYWORD_PARAGRAPHS.rule


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


@_keyword(r"spectacle " + _COST)
def _spectacle(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.137a: "You may pay [cost] rather than pay this spell's mana cost if an opponent lost
    # life this turn."
    return _alternative(face, "spectacle", m.group(1), Condition("opponent_lost_life")) or face.not_implemented()


@_keyword(r"surge " + _COST)
def _surge(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.117a: "... if you or one of your teammates has cast another spell this turn."
    return _alternative(face, "surge", m.group(1), Condition("cast_another_spell")) or face.not_implemented()


@_keyword(r"buyback " + _COST)
def _buyback(m: SpanMatch, face: ScriptBuilder) -> bool:
    # CR 702.27a: "You may pay an additional [cost] as you cast this spell" and "If the buyback
    # cost was paid, put this spell into its owner's hand instead of into that player's graveyard
    # as it resolves" (``effects.cast_keywords.BUYBACK``)
    face.cost_abilities.append({"additional_costs": (AdditionalCost(mana=m.group(1), optional=True, name="buyback",
                                                                    itself=True, text=face.raw),)})
    return True
