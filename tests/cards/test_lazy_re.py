"""The Oracle compiler's patterns are compiled at first use (``cards.lazy_re``, the grammar's
``Rule.pattern``), and behave as ``re.compile``'s."""
from __future__ import annotations

import re
import subprocess
import sys

from mtgengine.cards import lazy_re


def test_a_lazy_pattern_is_compiled_at_first_use_and_matches_as_re_does() -> None:
    lazy = lazy_re.compile(r"(\d+) damage to (.+)", re.I)
    assert lazy._compiled is None
    eager = re.compile(r"(\d+) damage to (.+)", re.I)
    for text in ["3 DAMAGE to any target", "no damage", "1 damage to you"]:
        m, e = lazy.match(text), eager.match(text)
        assert (m and m.groups()) == (e and e.groups())
    assert lazy._compiled is not None and lazy.pattern == eager.pattern and lazy.flags == eager.flags
    assert lazy.sub(r"\2", "2 damage to it") == "it"


def test_the_grammar_patterns_are_compiled_at_first_use() -> None:
    # in a fresh process: importing the compiler compiles none of its templates (about 50 ms)
    code = ("from mtgengine.cards.compiler import clause, triggers\n"
            "rules = clause.EFFECTS.rules + triggers.TRIGGERS.rules\n"
            "assert rules and all(r._pattern is None for r in rules)\n"
            "assert clause.EFFECTS.parse('draw a card', clause.Parse()) is not None\n"
            "assert any(r._pattern is not None for r in clause.EFFECTS.rules)\n")
    subprocess.run([sys.executable, "-c", code], check=True)
