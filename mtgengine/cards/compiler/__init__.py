"""The Oracle-text compiler: rules text to the typed vocabulary (``cards.vocabulary``).

``compile_text(name, oracle_text, is_spell)`` compiles one face; ``compile_report`` also says
what became of each paragraph (the words no rule read). The package is split by the parts of
rules text; the map is in docs/CARD-FORMAT.md ("The compiler's map").
"""
from __future__ import annotations

from .paragraphs import Compiled, ParagraphReport, compile_report, compile_text

__all__ = ["Compiled", "ParagraphReport", "compile_report", "compile_text"]
