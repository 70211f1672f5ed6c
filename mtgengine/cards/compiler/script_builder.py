"""The script of one face while its paragraphs are read: what each paragraph reader adds to.

A paragraph reader (``paragraphs.READERS``) is a function ``(para, face) -> bool``: True when
the paragraph is its kind (it added the ability it states, or recorded the paragraph as
unimplemented), False to let the next reader try.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .text import Span
from ..vocabulary import (
    ActivatedAbility, CardScript, Effect, EntersAsCopy, ExtraTriggers, Filter, PlayerStatic, ReplacementAbility,
    SpellAbility, StaticAbility, TargetSpec, TriggeredAbility,
)


@dataclass
class ScriptBuilder:
    """The fields of a CardScript being collected, and the paragraph being read."""

    name: str                         # the face's name (the text calls it "~")
    is_spell: bool                    # an instant or sorcery: its paragraphs are its spell ability
    link: str = ""                    # the face's linked pair, named after its exiling paragraph (CR 607.2a)
    number: int = 0                   # the paragraph being read (1-based)
    raw: str = ""                     # ... as printed
    keywords: set[str] = field(default_factory=set)
    spell_effects: list[Effect] = field(default_factory=list)
    spell_targets: list[TargetSpec] = field(default_factory=list)
    #: the last spell paragraph read, for a next one that modifies it ("... instead"):
    #: (its text, where its effects and targets start)
    last_spell_para: tuple[Span, int, int] | None = None
    activated: list[ActivatedAbility] = field(default_factory=list)
    triggered: list[TriggeredAbility] = field(default_factory=list)
    static: list[StaticAbility] = field(default_factory=list)
    enchant: Filter | None = None
    unimplemented: list[tuple[int, str]] = field(default_factory=list)
    kicker: list[str] = field(default_factory=list)
    multikicker: bool = False
    morph: str = ""
    megamorph: bool = False
    disguise: bool = False
    as_turned_face_up: list[Effect] = field(default_factory=list)
    enters_as_copy: EntersAsCopy | None = None
    extra_triggers: list[ExtraTriggers] = field(default_factory=list)
    modes: list[SpellAbility] = field(default_factory=list)
    mode_range: tuple[int, int] | None = None
    repeat_modes: bool = False        # "You may choose the same mode more than once." (CR 700.2d)
    #: the modal triggered abilities (``modes``): ranges of ``triggered``, the last one's bullets being read
    modal_triggers: list[tuple[int, int]] = field(default_factory=list)
    modal_trigger: tuple[int, int] | None = None
    mode_paragraph: int = -1          # the last paragraph that was a mode or "Choose N —"
    spree: bool = False               # "Spree": the modes that follow are "+ {cost} — ..." (CR 702.172a)
    replacements: list[ReplacementAbility] = field(default_factory=list)
    player_statics: list[PlayerStatic] = field(default_factory=list)
    as_enters: list[Effect] = field(default_factory=list)    # "As ~ enters, choose ..." (CR 614.12)
    cast_timing: str = ""
    cost_abilities: list[dict[str, Any]] = field(default_factory=list)
    refused: set[int] = field(default_factory=set)   # paragraphs kept as a mode that is refused if chosen
    #: a Class's level bars (``classes``): level, paragraph number, how many abilities of each kind came before
    level_bars: list[tuple[int, int, tuple[int, ...]]] = field(default_factory=list)
    #: a leveler's level symbols (``levels``): low, high (None: "N+"), paragraph, abilities before,
    #: keywords before, its P/T box
    level_symbols: list[list[Any]] = field(default_factory=list)
    #: a station card's station symbols (``station``): N, paragraph, abilities before, keywords
    #: before, its P/T box
    station_symbols: list[list[Any]] = field(default_factory=list)
    #: a Case's "Solved —" paragraph (``cases``): how many static, triggered and activated
    #: abilities came before it and after it, and its text
    solved_mark: tuple[int, ...] | None = None
    solved_text: str = ""
    oracle_text: str = ""             # the face's whole rules text (overload compiles it with "each", CR 702.96a)

    def ability_counts(self) -> tuple[int, ...]:
        """How many abilities of each kind the face has read so far: a striation (a level or
        station symbol's, CR 711.2, 721.2) is the abilities read between two such counts."""
        return (len(self.static), len(self.triggered), len(self.activated), len(self.replacements),
                len(self.player_statics), len(self.extra_triggers), len(self.cost_abilities))

    def not_implemented(self) -> bool:
        """Records the paragraph being read as one the engine can't do yet; True (it is read)."""
        self.unimplemented.append((self.number, self.raw))
        return True

    def script(self, oracle_text: str) -> CardScript:
        """The CardScript of everything read (before the cost abilities and linked pairs)."""
        spell = None
        if self.is_spell:
            if self.modes and self.mode_range is not None:
                if self.spell_effects:
                    self.unimplemented.append((0, "effects outside the modes of a modal spell"))
                spell = SpellAbility((), (), oracle_text, tuple(self.modes), self.mode_range[0],
                                     self.mode_range[1] if self.repeat_modes else min(self.mode_range[1], len(self.modes)),
                                     repeat_modes=self.repeat_modes)
            else:
                spell = SpellAbility(tuple(self.spell_effects), tuple(self.spell_targets), oracle_text)
        return CardScript(frozenset(self.keywords), spell, tuple(self.activated), tuple(self.triggered),
                          tuple(self.static), enchant=self.enchant, kicker=tuple(self.kicker),
                          multikicker=self.multikicker,
                          unimplemented=tuple(self.unimplemented), extra_triggers=tuple(self.extra_triggers),
                          replacements=tuple(self.replacements), enters_as_copy=self.enters_as_copy,
                          morph=self.morph, megamorph=self.megamorph, player_statics=tuple(self.player_statics),
                          cast_timing=self.cast_timing, disguise=self.disguise,
                          as_enters=tuple(self.as_enters),
                          as_turned_face_up=tuple(self.as_turned_face_up))


Reader = Callable[[Span, ScriptBuilder], bool]
