"""The completeness check (issue 18, item 4): a card counts as implemented only if every word of
every ability was understood. The check over every card runs in test_coverage_index.py (the
shipped index's misparsed counts must be what compiling says); these tests show that the check
finds what it must and can't be fooled."""
from __future__ import annotations

import random
import re
import subprocess
import sys

import pytest

from mtgengine.cards import coverage as cov
from mtgengine.cards.completeness import face_gaps, misparses, not_understood
from mtgengine.cards.compiler import compile_report
from mtgengine.cards.compiler.grammar import Grammar
from mtgengine.cards.compiler.text import span_of
from mtgengine.cards.database import card_db
from mtgengine.cards.scripts import face_report, short_name_expanded


def _words(name: str) -> list[tuple[str, ...]]:
    return [gap.words for gap in misparses(card_db().get(name))]


@pytest.mark.parametrize(("name", "words"), [
    # two types in a row next to a union ("artifact creature or black creature") can't be said
    # (CR 205.2a: Filter.all_types holds for the whole filter): those words stay unread
    ("Purge", ("artifact creature",)),
    # a token's subtype that is no creature type of the pinned rules ("Klingon", CR 205.3m) taken
    # for one: those words stay unread
    ("Cha'DIch Investigator", ("Klingon Warrior",)),
])
def test_a_misparse_is_found_and_its_words_named(name: str, words: tuple[str, ...]) -> None:
    assert _words(name) == [words]
    assert cov.missing(card_db().get(name)) == []            # the engine plays it ...
    assert name not in cov.implemented_names()               # ... but it is not counted (nor fuzzed)
    assert name in cov.coverage()["misparsed_names"]


@pytest.mark.parametrize("name", ["Lightning Bolt", "Grizzly Bears", "Serra Angel", "Counterspell",
                                  "Llanowar Elves", "Phantasmal Image", "Raise the Alarm",
                                  "Tempered Steel"])        # "artifact creatures" (CR 205.2a)
def test_a_card_read_whole_passes(name: str) -> None:
    assert not_understood(card_db().get(name)) == []
    assert name in cov.implemented_names()


def test_a_quoted_ability_is_read_as_a_paragraph_of_its_own() -> None:
    # CR 707.9a: the copy has the quoted ability, compiled when it exists; "are goaded" compiles
    # to nothing, so the words of the exception are not understood
    assert _words("Mocking Doppelganger") == [
        ('it has "Other creatures with the same name as ~ are goaded',)]
    report = compile_report("Copycat", 'You may have ~ enter as a copy of any creature on the battlefield, '
                                       'except it has "{T}: Draw a card."', False)
    assert report.paragraphs[0].implemented and report.paragraphs[0].unread == ()


def test_a_copy_exception_naming_no_creature_type_is_not_understood() -> None:
    text = "You may have ~ enter as a copy of any creature on the battlefield, except it's a {} in addition to its other types."
    good = compile_report("Copycat", text.format("Pirate"), False).paragraphs[0]
    bad = compile_report("Copycat", text.format("Zzq"), False).paragraphs[0]
    assert good.implemented and good.unread == ()
    assert bad.implemented and bad.unread == ("it's a Zzq in addition to its other types",)


def test_an_unimplemented_paragraph_names_the_words_not_understood() -> None:
    report = compile_report("Foo", "Flying\nWhen ~ enters, frobnicate the gnorp.", False)
    flying, other = report.paragraphs
    assert flying.implemented and flying.unread == ()
    assert not other.implemented and other.not_understood == "frobnicate the gnorp"


def test_a_paragraph_a_definition_stands_for_is_not_checked() -> None:
    chieftain = card_db().get("Nightveil Specter").front         # replace: false, covers: [2, 3]
    assert not face_report(chieftain).paragraphs[1].implemented  # the compiler can't read it ...
    assert face_gaps(chieftain) == []                            # ... the definition does
    berserk = card_db().get("Berserk").front                     # replace: true
    assert not face_report(berserk).paragraphs[1].implemented and face_gaps(berserk) == []


def test_a_rule_reads_only_the_groups_its_builder_looked_at() -> None:
    g: Grammar[str] = Grammar("test")

    @g.rule(r"destroy (it|that creature)( at random)?")
    def _destroy(m: object) -> str:
        return "destroy"                          # looks at no group: "at random" is not carried out
    text = span_of("destroy it at random")
    assert g.parse(text) == "destroy"
    assert text.src is not None and text.src.unread_runs() == ["it at random"]


def test_mtg_card_names_the_words_not_understood() -> None:
    out = subprocess.run([sys.executable, "-m", "mtgengine", "card", "Purge"],
                         capture_output=True, text=True, check=True).stdout
    assert "Implemented: no" in out
    assert "misparsed: Purge, paragraph 1: 'artifact creature' not understood" in out


def test_the_check_cant_be_fooled_by_a_word_no_rule_knows() -> None:
    # Writing a made-up word anywhere in a paragraph of an implemented card must leave the
    # paragraph unimplemented or that word unread: a rule that accepts words without reading
    # them (a free group taken whole, a name list not checked) fails this.
    names = sorted(cov.implemented_names())
    sample = random.Random(18).sample(names, 150) + ["Raise the Alarm", "Sunhome Guildmage", "Phyrexian Metamorph",
                                                      "Sakashima the Impostor", "Glasspool Mimic // Glasspool Shore"]
    # (a name is any words, CR 201.2: "its name is zzq Sakashima" and "Partner with zzq Ukkima"
    # are understood — a card of that name is searched for, CR 702.124j; "zzq ~" is not)
    fooled = []
    for name in sample:
        for face in card_db().get(name).faces:
            lines = short_name_expanded(face).split("\n")
            spell = "Instant" in face.types or "Sorcery" in face.types
            for i, line in enumerate(lines):
                reminder = [(m.start() + 1, m.end()) for m in re.finditer(r"\([^)]*\)|name is [^,.]+", line)]
                # "Partner with [name]": the name is any words up to its reminder (CR 702.124j)
                reminder += [(m.start(), m.end() + 1) for m in re.finditer(r"^Partner with [^(]+", line)]
                # a flavor word before an ability is any words (CR 207.2d): "Murasame — Equip {5}"
                reminder += [(m.start(), m.end()) for m in re.finditer(r"^[A-Z][^—{(]* — ", line)]
                for m in re.finditer(r"(?<=\s)\S", line):
                    if any(s <= m.start() < e for s, e in reminder):
                        continue
                    mutated = "\n".join(lines[:i] + [line[:m.start()] + "zzq " + line[m.start():]] + lines[i + 1:])
                    p = compile_report(face.name, mutated, spell).paragraphs[i]
                    if p.implemented and not any("zzq" in w for w in p.unread):
                        fooled.append(mutated)
    assert not fooled, fooled[:5]
