"""core.memo.identity_memo: one value per object, by identity, never one object's for another."""
from __future__ import annotations

from mtgengine.core import memo
from mtgengine.core.mana import ManaCost


def test_identity_memo_computes_once_per_object_and_never_confuses_objects(monkeypatch) -> None:
    calls: list[object] = []

    @memo.identity_memo
    def symbols(cost: ManaCost) -> int:
        calls.append(cost)
        return len(cost.symbols)

    two, three = ManaCost.parse("{1}{G}"), ManaCost.parse("{2}{R}{R}")
    assert (symbols(two), symbols(two), symbols(three)) == (2, 2, 3)
    assert calls == [two, three]                       # the second look at ``two`` was remembered
    monkeypatch.setattr(memo, "LIMIT", 1)              # full: emptied, then computed again
    assert symbols(ManaCost.parse("{W}")) == 1 and symbols(two) == 2
    assert len(calls) == 4


def test_a_caller_may_read_an_entry_of_the_memo_itself() -> None:
    # what hot loops do (turn._legal_actions): the entry of f(obj) is (obj, f(obj)), under id(obj)
    @memo.identity_memo
    def symbols(cost: ManaCost) -> int:
        return len(cost.symbols)

    cost = ManaCost.parse("{3}{U}{U}")
    assert symbols.memo.get(id(cost)) is None
    assert symbols(cost) == 3
    entry = symbols.memo.get(id(cost))
    assert entry[0] is cost and entry[1] == 3
