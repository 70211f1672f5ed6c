"""Class level bars (CR 716.2): "[Cost]: Level N" and the abilities printed below it.

"[Cost]: Level N — [Abilities]" means "[Cost]: This Class's level becomes N. Activate only if
this Class is level N-1 and only as a sorcery" and "As long as this Class is level N or greater,
it has [abilities]" (CR 716.2a). The activated ability is one of the Class's own; the paragraphs
after the bar, up to the next one, are read as usual and then moved into its ``ClassLevel``
(``with_class_levels``), which ``effects.layers`` grants while the level is N or greater. The
abilities above the first bar are the Class's at all times (CR 716.3). "When this Class becomes
level N" is a triggered ability on the level changing (``Trigger("class_level", number=N)``).
"""
from __future__ import annotations

from dataclasses import replace

from .costs import parse_cost
from .script_builder import ScriptBuilder
from .text import Span, SpanMatch, fullmatch
from .triggers import TRIGGERS
from ..vocabulary import ActivatedAbility, CardScript, ClassLevel, Condition, SetLevel, Trigger


def read_level_bar(para: Span, face: ScriptBuilder) -> bool:
    """ "{2}{U}: Level 2": the level bar's activated ability (CR 716.2a); the paragraphs that follow
    are that level's."""
    m = fullmatch(r"([^:\"]+): Level (\d+)", para)
    if m is None:
        return False
    cost = parse_cost(m.group(1))
    if cost is None:
        return face.not_implemented()
    m.consume()
    level = int(m.group(2))
    face.activated.append(ActivatedAbility(cost, (SetLevel(level),), (), face.raw, sorcery_speed=True,
                                           condition=Condition("level", at_least=level - 1, at_most=level - 1)))
    face.level_bars.append((level, face.number, _sizes(face)))
    return True


def _sizes(face: ScriptBuilder) -> tuple[int, ...]:
    """How many abilities of each kind the face has so far (a level section starts after them)."""
    return (len(face.static), len(face.triggered), len(face.activated), len(face.replacements),
            len(face.player_statics), len(face.keywords), len(face.extra_triggers), len(face.cost_abilities))


def with_class_levels(script: CardScript, face: ScriptBuilder, lines: list[str]) -> CardScript:
    """The script with each level section's abilities moved into its ``ClassLevel`` (CR 716.2a).
    A section with an ability a level can't hold (a keyword, a replacement effect, a cost change,
    a player's static ability) makes its paragraphs unimplemented, never granted at all times."""
    bars = face.level_bars
    if not bars:
        return script
    static, triggered, activated = script.static, script.triggered, script.activated
    first = bars[0][2]
    keep_activated = list(activated[:first[2] - 1])        # the abilities above the first bar (CR 716.3)
    levels = []
    unimplemented = list(script.unimplemented)
    for i, (level, number, start) in enumerate(bars):
        last = i + 1 == len(bars)
        end = _sizes(face) if last else bars[i + 1][2]
        upto = len(lines) if last else bars[i + 1][1] - 1          # the section's last paragraph
        keep_activated.append(activated[start[2] - 1])           # the bar's own ability stays the Class's
        section = [(n, lines[n - 1]) for n in range(number + 1, upto + 1) if lines[n - 1].strip()]
        if any(end[k] != start[k] for k in range(3, len(start))):
            unimplemented.extend(section)
        levels.append(ClassLevel(level, static[start[0]:end[0]], triggered[start[1]:end[1]],
                                 activated=activated[start[2]:end[2] - (0 if last else 1)],
                                 text=" ".join(text for _n, text in section)))
    return replace(script, static=static[:first[0]], triggered=triggered[:first[1]], activated=tuple(keep_activated),
                   class_levels=tuple(levels), unimplemented=tuple(unimplemented))


@TRIGGERS.rule(r"when ~ becomes level (\d+)")
def _becomes_level(m: SpanMatch) -> list[Trigger]:
    """ "When this Class becomes level 2" (CR 716.2a): as its level bar's ability resolves."""
    return [Trigger("class_level", number=int(m.group(1)))]
