"""The abilities of a card face as the engine plays them: its rules text compiled
(``cards.compiler``) with its card definition applied (``cards.definitions``), if it has one.

Part of the card data, not of the game: the layer system (``effects.layers``) starts from it,
and ``cards.coverage`` reads it to say which cards are implemented.
"""
from __future__ import annotations

import re
from typing import Any

from .compiler import Compiled, compile_report
from .compiler.lexicon import creature_types
from .definitions import apply_definition
from .vocabulary import CardScript


def face_script(face: Any) -> CardScript:
    """The abilities of a card face: its compiled text with its card definition applied, if any."""
    return apply_definition(face, face_report(face).script)


def face_report(face: Any) -> Compiled:
    """The face's text compiled, with what became of each paragraph (``compile_report``)."""
    types = face.types
    return compile_report(face.name, short_name_expanded(face), "Instant" in types or "Sorcery" in types)


def short_name_expanded(face: Any) -> str:
    """A legendary card's text calling it by its first name ("Rubinia" for Rubinia Soulsinger)
    with its full name, as if the full name were used (CR 201.5c)."""
    text = face.oracle_text or ""
    name = face.name
    if "Legendary" not in face.supertypes or "Planeswalker" in face.types or "," in name or " " not in name:
        return text
    first, rest = name.split(" ", 1)
    if first == "The" or first in creature_types() or f"named {first}" in text:
        return text
    return re.sub(r"\b" + re.escape(first) + r"\b(?! " + re.escape(rest) + r")", name, text)
