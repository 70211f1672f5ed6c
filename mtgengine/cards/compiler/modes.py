"""Modal spells and abilities (CR 700.2): "Choose one —" and the bulleted modes that follow.

A modal spell's modes are the bullets after "Choose N —" (CR 700.2a); a modal triggered ability
("When ~ enters, choose one —") has its modes chosen as it is put on the stack (CR 603.3c,
700.2b). "Choose three. You may choose the same mode more than once." lets a mode be chosen more
than once (the Confluences, CR 700.2d). Each mode is a ``SpellAbility`` with its own targets
(CR 700.2c); a bullet the compiler can't read is kept, so the numbering follows the card, as a
mode refused if chosen, and the card stays not implemented.
"""
from __future__ import annotations

import re
from dataclasses import replace

from .script_builder import ScriptBuilder
from .sentences import parse_effects
from .targets import Parse
from .text import Span, fullmatch
from .triggers import trigger_effects, trigger_head, trigger_parse
from ..vocabulary import SpellAbility, TriggeredAbility

#: "Choose one —": the least and the most modes chosen.
MODE_COUNTS = {"one": (1, 1), "two": (2, 2), "three": (3, 3), "four": (4, 4), "five": (5, 5),
               "one or both": (1, 2), "one or more": (1, 99)}
#: "up to one": a triggered ability's only (CR 603.3c: no mode chosen, it is removed from the stack)
UP_TO_COUNTS = {"up to one": (0, 1), "up to two": (0, 2), "up to three": (0, 3)}

_SAME_MODE = r"\. you may choose the same mode more than once\."
#: (the dash may be missing: some cards' text in the data, Sheoldred's Edict's, lost it; the
#: bullets that follow are the modes all the same, CR 700.2)
_SPELL_HEADER = r"choose (one|two|three|four|five|one or both|one or more)(?: —|(" + _SAME_MODE + r"))?"
_ABILITY_HEADER = r"choose (one|two|three|four|five|one or both|one or more|up to one|up to two|up to three)" \
                  r"(?: —|(" + _SAME_MODE + r"))?"


def read_modes(para: Span, face: ScriptBuilder) -> bool:
    """ "Choose one —" (CR 700.2): the bullets that follow are the spell's modes; "Choose three.
    You may choose the same mode more than once." (CR 700.2d)."""
    m = fullmatch(_SPELL_HEADER, para, re.I) if face.is_spell else None
    if m is None:
        return False
    m.consume()
    face.mode_range = MODE_COUNTS[m.group(1).lower()]
    face.repeat_modes = m.group(2) is not None
    face.modal_trigger = None
    face.mode_paragraph = face.number
    return True


def read_spree(para: Span, face: ScriptBuilder) -> bool:
    """ "Spree" (CR 702.172a): "Choose one or more modes. As an additional cost to cast this
    spell, pay the costs associated with those modes"; the modes are "+ {1} — ..." (CR 702.172b)."""
    m = fullmatch(r"spree", para, re.I) if face.is_spell else None
    if m is None:
        return False
    m.consume()
    face.mode_range = MODE_COUNTS["one or more"]
    face.spree = True
    face.modal_trigger = None
    face.mode_paragraph = face.number
    return True


def read_modal_trigger(para: Span, face: ScriptBuilder) -> bool:
    """ "When ~ enters, choose one —", "At the beginning of your upkeep, if ..., choose two —": a
    modal triggered ability (CR 700.2b); its bullets, read by :func:`read_mode`, are its modes."""
    m = fullmatch(r"((?:when|whenever|at) [^,]+), (.+)", para, re.I)
    if m is None:
        return False
    head = trigger_head(m.group(1), m.group(2))
    if head is None:
        return False
    triggers, condition, body = head
    c = fullmatch(_ABILITY_HEADER, body, re.I)
    if c is None:
        return False
    m.consume()
    c.consume()
    low, high = {**MODE_COUNTS, **UP_TO_COUNTS}[c.group(1).lower()]
    first = len(face.triggered)
    for trig in triggers:     # "When ~ enters or dies, choose one —": one modal ability per event
        face.triggered.append(TriggeredAbility(trig, (), (), face.raw, False, condition, min_modes=low,
                                               max_modes=high, repeat_modes=c.group(2) is not None))
    face.modal_trigger = (first, len(face.triggered))
    face.modal_triggers.append(face.modal_trigger)
    face.mode_paragraph = face.number
    return True


def read_mode(para: Span, face: ScriptBuilder) -> bool:
    """ "• Destroy target artifact.": one mode of the modal spell or triggered ability of the
    paragraphs just before (CR 700.2)."""
    if face.mode_paragraph != face.number - 1:
        return False
    cost = ""
    if face.spree:
        # "+ {1} — Destroy target artifact.": a spree mode and its additional cost (CR 702.172a)
        m = fullmatch(r"\+ ((?:\{[^}]+\})+) — (.+)", para)
        if m is None:
            return False
        m.consume()
        cost, text = m.group(1), m.group(2)
    elif para.startswith("•"):
        text = para[1:].strip()
    else:
        return False
    if face.modal_trigger is not None:
        return _trigger_mode(text, face)
    if face.mode_range is None:
        return False
    face.mode_paragraph = face.number
    st = Parse()
    effects = parse_effects(text, st)
    if effects is None:
        # kept as a mode (so numbering follows the card) that is refused if chosen
        face.modes.append(SpellAbility((), (), face.raw, implemented=False, cost=cost))
        face.refused.add(face.number)
        return True
    face.modes.append(SpellAbility(tuple(effects), tuple(st.targets), face.raw, cost=cost))
    return True


def _trigger_mode(text: Span, face: ScriptBuilder) -> bool:
    """A bullet of a modal triggered ability: a mode of each of its abilities ("it" and "that
    player" as its trigger event says, ``triggers.trigger_parse``)."""
    assert face.modal_trigger is not None
    first, end = face.modal_trigger
    face.mode_paragraph = face.number
    modes = []
    for ab in face.triggered[first:end]:
        st = trigger_parse(ab.trigger, ab.condition, face.link)
        effects = trigger_effects(text, st)
        if effects is None:
            modes = []
            break
        modes.append(SpellAbility(tuple(effects), tuple(st.targets), face.raw))
    if not modes:
        # a mode that can't be chosen (``legal_ability_modes``); the card is not implemented
        modes = [SpellAbility((), (), face.raw, implemented=False)] * (end - first)
        face.not_implemented()
    for i, mode in zip(range(first, end), modes):
        ab = face.triggered[i]
        face.triggered[i] = replace(ab, modes=ab.modes + (mode,))
    return True


def finish_modes(face: ScriptBuilder) -> None:
    """A modal triggered ability chooses no more modes than it has (unless a mode may be chosen
    more than once, CR 700.2d); one with no bullets is not understood."""
    for first, end in face.modal_triggers:
        for i in range(first, end):
            ab = face.triggered[i]
            if not ab.modes:
                face.unimplemented.append((0, "a modal triggered ability with no modes"))
            elif not ab.repeat_modes:
                face.triggered[i] = replace(ab, max_modes=min(ab.max_modes, len(ab.modes)))
