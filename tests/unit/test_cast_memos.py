"""The memos of the cast path (rules.casting, rules.mana_payment) are keyed on immutable values
and on every other input: a different X, X color, cost or script gives a different answer."""
from __future__ import annotations

from mtgengine.cards.database import card_db
from mtgengine.effects.layers import printed
from mtgengine.rules.mana_payment import _ability_index, _mana_of


def test_ability_index_is_each_scripts_own() -> None:
    for name in ("Karplusan Forest", "Shivan Reef", "Llanowar Elves", "Sol Ring", "Birds of Paradise"):
        script = printed(card_db().get(name), 0).script
        index = _ability_index(script)
        for i, ab in enumerate(script.activated):
            assert index[id(ab)] == (i, _mana_of(ab)[0])
    painland = _ability_index(printed(card_db().get("Karplusan Forest"), 0).script)
    assert sorted((i, tuple(kinds)) for i, kinds in painland.values()) == [(0, ("C",)), (1, ("R", "G"))]
