"""The Oracle-text compiler: rules text to the typed vocabulary (``cards.vocabulary``)."""
from __future__ import annotations

from .paragraphs import compile_text

__all__ = ["compile_text"]
