"""The driver: a face's rules text, paragraph by paragraph, into its CardScript.

Each paragraph is normalized (``normalize``: reminder text off, the card's name as "~", an
ability word taken off) and offered to the paragraph readers in the order of ``READERS``; the
first that knows its kind adds the ability (or records the paragraph as unimplemented, so the
card is refused when used rather than played blank). A paragraph no reader takes is
unimplemented too. The linked pairs (CR 607) and the cost abilities are added last.

Every paragraph is read as a ``text.Source``, which records the words the rules that built its
ability read: ``compile_report`` returns them with the script, for the completeness check
(``completeness``) and for saying which words of an unimplemented paragraph were not understood.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .activated import read_activated
from .keywords import keyword_as_text, read_activated_keyword, read_keyword_line, read_keyword_paragraph
from .choices import read_as_enters_choice, with_choices
from .links import link_name, with_links
from . import nested
from .normalize import ability_word, normalize_self, strip_reminder
from .replacements import read_as_turned_face_up, read_fog_bank, read_replacement
from . import cases
from .cases import read_solved, read_to_solve, with_solved
from .classes import read_level_bar, with_class_levels
from . import max_speed
from .max_speed import read_max_speed, read_start_your_engines
from .station import read_station, read_station_pt, read_station_symbol, with_station_symbols
from .levels import read_level_pt, read_level_symbol, read_level_up, with_level_symbols
from . import aftermath, flip_cards  # noqa: F401  (their rules: "Aftermath", CR 702.127; "flip ~", CR 710)
from . import casting_keywords  # noqa: F401  (dash, blitz, buyback, ...: CR 702, rules.alternative_casts)
from . import escape  # noqa: F401  (escape, CR 702.138)
from . import day_night  # noqa: F401  (day and night, CR 730)
from . import disturb  # noqa: F401  (disturb, CR 702.146)
from . import commander_rules  # noqa: F401  (partner abilities, CR 702.124; "can be your commander", 903.3a)
from . import combat_restrictions  # noqa: F401  (Moat, Ensnaring Bridge: CR 508.1c, 509.1b)
from .permanent_keywords import with_backup     # (and keyword abilities of permanents, CR 702; actions, CR 701)
from .modes import finish_modes, read_modal_trigger, read_mode, read_modes, read_spree
from .sagas import read_chapter
from .script_builder import Reader, ScriptBuilder
from .sentences import parse_effects
from . import sentence_groups  # noqa: F401  (the instructions over several sentences, CR 608.2c)
from .spell_costs import read_cost_paragraph, with_cost_abilities
from .statics import read_static
from .targets import Parse
from .text import Source, Span, combine, consume, search, strip_spans
from .triggers import read_extra_triggers, read_triggered
from ..vocabulary import CardScript

def _read_spell(para: Span, face: ScriptBuilder) -> bool:
    """A paragraph of an instant's or sorcery's spell ability (CR 113.3a): its instructions, in
    the order written; a paragraph that modifies the one before ("... instead") is read with it."""
    if not face.is_spell:
        return False
    st = Parse()
    st.targets = face.spell_targets
    before_targets = len(face.spell_targets)
    effects = parse_effects(para, st)
    if effects is not None:
        face.last_spell_para = (para, len(face.spell_effects), before_targets)
        face.spell_effects.extend(effects)
        return True
    if face.last_spell_para is not None and search(r" instead(?: if .+)?\.?$", para, re.I):
        # "Landfall — If ..., that creature gets +4/+4 until end of turn instead." (Groundswell),
        # "Morbid — That creature gets -13/-13 until end of turn instead if a creature died this
        # turn." (Tragic Slip): a paragraph that modifies the one before it is read together with it
        prev, n_effects, n_targets = face.last_spell_para
        saved_effects, saved_targets = face.spell_effects[n_effects:], face.spell_targets[n_targets:]
        del face.spell_effects[n_effects:], face.spell_targets[n_targets:]
        both, settle = combine(prev, para)
        effects = parse_effects(both, st)
        if effects is not None:
            settle()
            face.last_spell_para = None
            face.spell_effects.extend(effects)
            return True
        face.spell_effects.extend(saved_effects)
        face.spell_targets.extend(saved_targets)
    return False


#: The kinds of paragraphs, in the order they are offered each paragraph.
READERS: tuple[Reader, ...] = (
    read_chapter,              # "I, II — ...": a Saga's chapter abilities (sagas, CR 714.2)
    read_level_bar,            # "{2}{U}: Level 2": a Class's level bar (classes, CR 716.2)
    read_to_solve,             # "To solve — ..." (cases, CR 719.3a)
    read_solved,               # "Solved — ...": the ability a solved Case has (cases, CR 719.3c)
    read_level_up,             # "Level up {W}" (levels, CR 702.87a)
    read_level_symbol,         # "LEVEL 2-6": a leveler's level symbol (levels, CR 711.2)
    read_level_pt,             # "3/3": its power/toughness box
    read_station,              # "Station" (station, CR 702.184a)
    read_station_symbol,       # "STATION 7+": a station symbol (station, CR 721.2)
    read_station_pt,           # "0/8": its power/toughness box
    read_keyword_paragraph,    # changeling, devoid, morph, echo, fading, evoke, kicker (keywords)
    read_start_your_engines,   # "Start your engines!" (max_speed, CR 702.179a)
    read_max_speed,            # "Max speed — [ability]" (max_speed, CR 702.178a)
    read_cost_paragraph,       # alternative and additional costs, cost changes, flashback... (spell_costs)
    read_modes,                # "Choose one —" (modes, CR 700.2)
    read_spree,                # "Spree" and its "+ {1} — ..." modes (modes, CR 702.172)
    read_modal_trigger,        # "When ~ enters, choose one —" (modes, CR 700.2b)
    read_mode,                 # "• ...": a mode of either
    read_keyword_line,         # "Flying, vigilance" (keywords)
    read_as_enters_choice,     # "As ~ enters, choose a color" (choices, CR 614.12, 607.2d)
    read_as_turned_face_up,    # "As ~ is turned face up, ..." (replacements, CR 708.11)
    read_fog_bank,             # "Prevent all damage that would be dealt to and dealt by ~" (replacements)
    read_replacement,          # "If ... would ..., ... instead", "~ enters tapped" (replacements)
    read_static,               # Auras, anthems, restrictions, layer effects, player statics (statics)
    read_activated,            # "[Cost]: [Effect]" (activated)
    read_triggered,            # "When/Whenever/At ..., ..." (triggers)
    read_activated_keyword,    # equip, transmute, crew, cycling (keywords)
    read_extra_triggers,       # "... triggers an additional time" (triggers)
    _read_spell,               # an instant's or sorcery's instructions
)


nested.provide_readers(READERS)


@dataclass(frozen=True)
class ParagraphReport:
    """What became of one paragraph: implemented or not, and the words no rule read."""

    number: int                 # 1-based
    text: str                   # as the grammar read it (normalized, see ``normalize``)
    implemented: bool
    unread: tuple[str, ...]     # the runs of words of an implemented paragraph no rule that built it read
    not_understood: str         # an unimplemented paragraph's first words no rule ever read ("" if none)


@dataclass(frozen=True)
class Compiled:
    """A face's script and the report of each of its paragraphs."""

    script: CardScript
    paragraphs: tuple[ParagraphReport, ...]


def compile_text(name: str, oracle_text: str, is_spell: bool) -> CardScript:
    """Compiles one face's rules text (``is_spell``: an instant or sorcery)."""
    return compile_report(name, oracle_text, is_spell).script


@lru_cache(maxsize=None)
def compile_report(name: str, oracle_text: str, is_spell: bool) -> Compiled:
    """:func:`compile_text`'s script, with what became of each paragraph."""
    # CR 607.2a: the paragraph that exiles is the linking ability; "exiled with ~" and "the exiled
    # card" in it or in another paragraph refer to the same record
    lines = oracle_text.split("\n")
    exiling = [i for i, raw in enumerate(lines, start=1) if re.search(r"\bexile\b", raw, re.I)]
    face = ScriptBuilder(name, is_spell, link=link_name(name, exiling[0]) if exiling else "", oracle_text=oracle_text)
    sources: dict[int, Span] = {}
    for number, raw in enumerate(lines, start=1):
        source = Source(strip_reminder(normalize_self(raw, name)))
        para = sources[number] = source.span()
        if start := ability_word(para):
            consume(para[:start])           # an ability word is only a label (CR 207.2c): "Strive — ..."
            para = para[start:]
        if not para:
            continue
        para = keyword_as_text(para)        # a keyword defined by the ability it stands for (CR 702)
        face.number, face.raw = number, raw
        before = len(face.unimplemented)
        if not any(reader(para, face) for reader in READERS):
            face.not_implemented()
        if len(face.unimplemented) > before or number in face.refused:
            source.rollback(0)              # (what was read stands for no ability)
    finish_modes(face)
    script = with_cost_abilities(with_solved(with_level_symbols(with_class_levels(face.script(oracle_text), face, lines), face, lines), face), face.cost_abilities)
    script = with_station_symbols(script, face, lines)      # station cards' striations (CR 721.2)
    script = with_backup(script)            # backup's grant: the abilities printed below it (CR 702.165a)
    script = strip_spans(with_links(name, oracle_text, script, sources))      # linked pairs (CR 607)
    script = with_choices(script)           # "the chosen color": the choice made as it enters (CR 607.2d)
    missing = {number for number, _text in script.unimplemented}
    reports = []
    for number, span in sources.items():
        src = span.src
        assert src is not None
        done = number not in missing and number not in face.refused and 0 not in missing
        unread = tuple(src.unread_runs()) if done else ()
        reports.append(ParagraphReport(number, src.text, done, unread,
                                       "" if done else src.first_unread(src.ever)))
    return Compiled(script, tuple(reports))


def _read_whole(text: str) -> bool:
    """A quoted ability (``nested``): it compiles, and no rule left a word of it unread."""
    return all(p.implemented and not p.unread for p in compile_report("~", text, False).paragraphs)


nested.provide(_read_whole)
nested.provide_script(lambda text: compile_report("~", text, False).script)   # granted abilities (statics)
casting_keywords.provide(compile_report)       # overload's text with "each" (CR 702.96a)
