"""Effect templates that make combat requirements and restrictions until end of turn (CR
508.1c-d, 509.1b-c, 611.2a): "All creatures able to block target creature this turn do so"
(Bloodscent, a Lure that lasts the turn, read by ``effects.links.block_requirements``), "Target
creature attacks this turn if able", "Creatures without flying can't block this turn", each
granted like an ability in layer 6."""
from __future__ import annotations

from .clause import effect_rule
from .combat_rules import MUST_BE_BLOCKED
from .filters import parse_filter
from .keywords import ATTACKS_EACH_COMBAT, LURE
from .targets import Parse, it_ref, target_ref
from .text import SpanMatch, consume
from ..vocabulary import BlockAdditional, Effect, MustBlock, Pump, Ref, SELF


@effect_rule(r"all creatures able to block (target .+?|it|that creature|~) this turn do so")
def _lure_this_turn(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Bloodscent, Mortipede's "{2}{G}: All creatures able to block ~ this turn do so": each
    creature of the defending player able to block it must (CR 509.1c)."""
    what = m.group(1).lower()
    ref: Ref | None
    if what == "~":
        consume(what)
        ref = SELF
    elif what.startswith("target "):
        ref = target_ref(what, st)
    else:
        ref = it_ref(st, what)
    return [Pump(ref, keywords=frozenset({LURE}))] if ref is not None else None


def _subject(what: str, st: Parse) -> Ref | None:
    """ "target creature", "~", "it" / "that creature"."""
    if what == "~":
        consume(what)
        return SELF
    if what.startswith("target ") or what.startswith("up to "):
        return target_ref(what, st)
    return it_ref(st, what)


@effect_rule(r"(target .+?|~|it|that creature) attacks this turn if able")
def _attacks_this_turn(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Boiling Blood: an attacking requirement until end of turn (CR 508.1d), as "attacks each
    combat if able" granted for the turn."""
    ref = _subject(m.group(1).lower(), st)
    return [Pump(ref, keywords=frozenset({ATTACKS_EACH_COMBAT}))] if ref is not None else None


@effect_rule(r"(target .+?|~|it|that creature) must be blocked this turn if able")
def _must_be_blocked_this_turn(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Compelled Duel: a blocking requirement until end of turn (CR 509.1c)."""
    ref = _subject(m.group(1).lower(), st)
    return [Pump(ref, keywords=frozenset({MUST_BE_BLOCKED}))] if ref is not None else None


@effect_rule(r"(creatures (?:with|without) [a-z ]+?) can't block this turn")
def _creatures_cant_block(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Falter: "Creatures without flying can't block this turn": each creature matching as it
    resolves (CR 611.2c) gets the restriction (CR 509.1b) until end of turn."""
    flt = parse_filter(m.group(1))
    if flt is None or flt.spells or flt.controller or "Creature" not in flt.types:
        return None
    return [Pump(Ref("each", filter=flt), keywords=frozenset({"can't block"}))]


@effect_rule(r"(target .+?|it|that creature) (blocks|can't block) ~ this turn(?: if able)?")
def _blocks_source(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """ "{3}: Target creature blocks ~ this turn if able" (Rampant Elephant, CR 509.1c), "{2}:
    Target creature can't block ~ this turn" (Duct Crawler, CR 509.1b): the target and this
    object, for this turn."""
    requirement = m.group(2).lower() == "blocks"
    if requirement != m.group(0).lower().endswith(" if able"):
        return None
    ref = _subject(m.group(1).lower(), st)
    return [MustBlock(ref, cant=not requirement)] if ref is not None else None


@effect_rule(r"(~|target .+?|it|that creature) can block an additional creature this turn")
def _block_additional(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Coastline Chimera's "{1}{W}: ~ can block an additional creature this turn" (CR 509.1a)."""
    ref = _subject(m.group(1).lower(), st)
    return [BlockAdditional(ref)] if ref is not None else None
