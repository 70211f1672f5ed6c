"""The Oracle compiler's patterns are compiled at first use (``cards.lazy_re``), and behave as
``re.compile``'s."""
from __future__ import annotations

import re

from mtgengine.cards import lazy_re
from mtgengine.cards.compiler import clause, triggers


def test_a_lazy_pattern_is_compiled_at_first_use_and_matches_as_re_does() -> None:
    lazy = lazy_re.compile(r"(\d+) damage to (.+)", re.I)
    assert lazy._compiled is None
    eager = re.compile(r"(\d+) damage to (.+)", re.I)
    for text in ["3 DAMAGE to any target", "no damage", "1 damage to you"]:
        m, e = lazy.match(text), eager.match(text)
        assert (m and m.groups()) == (e and e.groups())
    assert lazy._compiled is not None and lazy.pattern == eager.pattern and lazy.flags == eager.flags
    assert lazy.sub(r"\2", "2 damage to it") == "it"


def test_the_oracle_patterns_are_lazy() -> None:
    patterns = [p for p, _ in clause._EFFECTS] + [p for p, _ in triggers._TRIGGERS]
    assert patterns and all(isinstance(p, lazy_re.LazyPattern) for p in patterns)
