"""Proof that every word of a card's abilities was understood (issue 18, item 4).

The compiler reads each paragraph as a ``compiler.text.Source`` that records the words the
rules that built its ability consumed (``compiler.compile_report``). A paragraph that compiled
but left words unread is a **misparse**: some rule matched it and dropped what those words say
("Artifact creatures you control get +2/+2" read as a pump of every artifact and every
creature). A card counts as implemented only if none of its paragraphs has one
(``coverage.coverage``); the engine still plays it (``coverage.missing`` lists what it can't),
but the fuzzer and the coverage figures leave it out.

What the check reads is the paragraph as the grammar reads it: reminder text removed (CR
207.2a), the card's own name written "~" (CR 201.5), an ability word taken off (CR 207.2c).
A paragraph a card definition stands for (``replace: true``, or listed in ``covers``) is
written by hand in the vocabulary and is not checked.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .definitions import face_definition
from .scripts import face_report


@dataclass(frozen=True)
class NotUnderstood:
    """The words of one paragraph no rule read."""

    face: str
    paragraph: int              # 1-based, as in the Oracle text
    text: str                   # the paragraph as the grammar read it
    words: tuple[str, ...]      # the runs of words not understood, as written
    compiled: bool              # True: the paragraph compiled all the same (a misparse)

    def __str__(self) -> str:
        what = "; ".join(f"'{w}'" for w in self.words) or "(nothing it could name)"
        return f"{self.face}: paragraph {self.paragraph}, {what} not understood in: {self.text}"


def face_gaps(face: Any) -> list[NotUnderstood]:
    """The paragraphs of ``face`` with words no rule read, implemented or not."""
    definition = face_definition(face)
    if definition is not None and definition.replace:
        return []                   # the definition is the face's script: nothing compiled stands
    covered = definition.covers if definition is not None else ()
    out = []
    for p in face_report(face).paragraphs:
        if p.number in covered:
            continue
        if p.implemented and p.unread:
            out.append(NotUnderstood(face.name, p.number, p.text, p.unread, True))
        elif not p.implemented:
            out.append(NotUnderstood(face.name, p.number, p.text,
                                     (p.not_understood,) if p.not_understood else (), False))
    return out


def not_understood(card: Any) -> list[NotUnderstood]:
    """Every paragraph of every face of ``card`` with words no rule read."""
    return [gap for face in card.faces for gap in face_gaps(face)]


def misparses(card: Any) -> list[NotUnderstood]:
    """The paragraphs of ``card`` that compiled although some of their words were not read."""
    return [gap for gap in not_understood(card) if gap.compiled]
