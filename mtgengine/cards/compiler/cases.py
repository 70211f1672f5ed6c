"""Case cards (CR 719.3): "To solve — [Condition]" and "Solved — [Ability text]".

"To solve — [Condition]" means "At the beginning of your end step, if [condition] and this Case
is not solved, this Case becomes solved" (CR 719.3a): a triggered ability with an intervening
"if" (``Condition.also``). "Solved — [Ability text]" is an ability the Case has only while it
has the solved designation (CR 719.3c): the text after the dash is read by the other paragraph
readers, and what it added is moved into ``CardScript.solved`` (``with_solved``), which
``effects.layers`` grants while the Case is solved.
"""
from __future__ import annotations

import re
from dataclasses import replace

from .conditions import parse_condition
from . import nested
from .script_builder import ScriptBuilder
from .text import Span, consume, fullmatch, match
from ..vocabulary import CardScript, Condition, Solve, Solved, Trigger, TriggeredAbility

#: "and this Case is not solved" (CR 719.3a)
_UNSOLVED = Condition("solved", at_most=0)


def read_to_solve(para: Span, face: ScriptBuilder) -> bool:
    """ "To solve — You control seven or more lands." (CR 719.3a)"""
    m = fullmatch(r"to solve — (.+?)\.?", para, re.I)
    if m is None:
        return False
    cond = parse_condition(m.group(1))
    if cond is None:
        return face.not_implemented()
    m.consume()
    face.triggered.append(TriggeredAbility(Trigger("end_step", "you"), (Solve(),), text=face.raw,
                                           condition=replace(cond, also=_UNSOLVED)))
    return True


def read_solved(para: Span, face: ScriptBuilder) -> bool:
    """ "Solved — [ability]" (CR 719.3c): the ability, read as any paragraph, is the solved one."""
    m = match(r"solved — ", para, re.I)
    if m is None or face.solved_mark is not None:
        return False
    consume(para[:m.end()])
    before = (len(face.static), len(face.triggered), len(face.activated))
    others = _others(face)
    unimplemented = len(face.unimplemented)
    rest = para[m.end():]
    if not nested.read_paragraph(rest, face, read_solved):
        face.not_implemented()
    elif len(face.unimplemented) == unimplemented and _others(face) != others:
        face.not_implemented()             # (an ability a solved Case can't hold yet: a replacement effect...)
    face.solved_mark = before + (len(face.static), len(face.triggered), len(face.activated))
    face.solved_text = str(rest)
    return True


def _others(face: ScriptBuilder) -> tuple[int, ...]:
    """How many abilities of the kinds ``Solved`` can't hold the face has."""
    return (len(face.replacements), len(face.player_statics), len(face.cost_abilities), len(face.keywords),
            len(face.extra_triggers))


def with_solved(script: CardScript, face: ScriptBuilder) -> CardScript:
    """The script with its "Solved —" abilities moved into ``solved`` (CR 719.3c)."""
    mark = face.solved_mark
    if mark is None:
        return script
    s0, t0, a0, s1, t1, a1 = mark
    solved = Solved(script.static[s0:s1], script.triggered[t0:t1], script.activated[a0:a1], face.solved_text)
    return replace(script, static=script.static[:s0] + script.static[s1:],
                   triggered=script.triggered[:t0] + script.triggered[t1:],
                   activated=script.activated[:a0] + script.activated[a1:], solved=solved)
