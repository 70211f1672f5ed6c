"""Effect templates that make combat requirements and restrictions until end of turn (CR
508.1c-d, 509.1b-c, 611.2a): "All creatures able to block target creature this turn do so"
(Bloodscent, a Lure that lasts the turn, read by ``effects.links.block_requirements``), "Target
creature attacks this turn if able", "Creatures without flying can't block this turn", each
granted like an ability in layer 6; tokens created tapped and attacking (CR 508.4)."""
from __future__ import annotations

from dataclasses import replace

from .clause import effect_rule, parse_clause
from .combat_rules import MUST_BE_BLOCKED
from .filters import parse_filter
from .keywords import ATTACKS_EACH_COMBAT, LURE
from .targets import Parse, it_ref, target_ref
from .text import SpanMatch, consume
from ..vocabulary import BlockAdditional, CreateToken, Effect, MustBlock, Pump, Ref, SELF


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


#: What a token put onto the battlefield attacking attacks, when the text says (CR 508.4):
#: "that player" of a trigger about a player, the player the source attacks.
_ATTACKED = r"(?: (that player|defending player))?"


@effect_rule(r"(create .+? tokens?(?: with .+?)?),? that(?:'s| are) tapped and attacking" + _ATTACKED)
def _tokens_attacking(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Hero of Bladehold: "create two 1/1 white Soldier creature tokens that are tapped and
    attacking" (CR 508.4)."""
    return _attacking(m.group(1), m.group(2), st)


@effect_rule(r"create ({NUM}) tapped and attacking (.+? tokens?(?: with .+?)?)" + _ATTACKED)
def _attacking_tokens(m: SpanMatch, st: Parse) -> list[Effect] | None:
    """Mobilize's "create a tapped and attacking 1/1 red Warrior creature token" (CR 508.4)."""
    return _attacking(m.group(1)[:0] + "create " + m.group(1) + " " + m.group(3), m.group(4), st)


def _attacking(create: str, whom: str | None, st: Parse) -> list[Effect] | None:
    """The token-creating instruction ``create``, its tokens entering tapped and attacking
    ``whom`` (None: their controller chooses, CR 508.4)."""
    made = parse_clause(create, st)
    if not made or len(made) != 1 or not isinstance(made[0], CreateToken) or made[0].who is not None:
        return None
    ref = None
    if whom:
        ref = st.player if whom.lower() == "that player" else Ref("defending")
        if ref is None:
            return None
        consume(whom)
    return [replace(made[0], tapped=True, attacking=True, attacking_whom=ref)]
