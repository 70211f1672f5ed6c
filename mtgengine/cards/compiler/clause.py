"""The grammar of one instruction of an effect (CR 608.2c, 701): ``EFFECTS``, the table every
effect template is a rule of ("{NUM} damage to ...", "draw {NUM} cards", "destroy target ...").

The templates are grouped by what they do, each group in its module — ``zones`` (moving
objects between zones: destroy, exile, return, draw, discard, search...), ``damage_life``
(damage, life, prevention), ``permanents`` (P/T, abilities, counters, tapping, control),
``tokens_copies`` (tokens, copies, doubling, text changes) — which ``sentences`` imports in that
order to register them. A builder receives the match and the ability's ``targets.Parse``.
"""
from __future__ import annotations

import re
from dataclasses import replace

from .filters import it_predicate
from .grammar import Grammar
from .mana import parse_add_mana
from .targets import Parse, last_target
from .text import fullmatch, marker, undo
from ..vocabulary import Effect

#: Every effect template, in the order they are tried.
EFFECTS: Grammar[list[Effect]] = Grammar("effect")
effect_rule = EFFECTS.rule


def parse_clause(s: str, st: Parse) -> list[Effect] | None:
    """The effects of one instruction, or None if no template reads all of it."""
    add = parse_add_mana(s)
    if add is not None:
        return [add]
    found = EFFECTS.parse(s, st)
    if found is not None:
        return found
    if check := fullmatch(_IF_IT, s, re.I):
        return _if_it(check, st)
    return None


_IF_IT = r"(.+) if it(?:'s| is| has) (.+)"


def _if_it(m: object, st: Parse) -> list[Effect] | None:
    """ "Destroy target creature if it has mana value 2 or less" (Fatal Push), "Counter target spell
    if it's blue" (Pyroblast): the target is checked as the spell resolves (CR 608.2c); the
    target itself may be any creature or spell (CR 115.1)."""
    read = marker(m.group(0))               # type: ignore[attr-defined]
    flt = it_predicate(m.group(2))          # type: ignore[attr-defined]
    saved = st.mark()
    body = parse_clause(m.group(1), st) if flt is not None else None      # type: ignore[attr-defined]
    last = last_target(st)
    if body is None or len(body) != 1 or last is None or getattr(body[0], "what", None) != last:
        st.rollback(saved)
        undo(read)
        return None
    m.consume()                             # type: ignore[attr-defined]
    return [replace(body[0], what=replace(last, filter=flt))]
