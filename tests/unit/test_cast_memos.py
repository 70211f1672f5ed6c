"""The memos of the cast path (rules.casting, rules.mana_payment) are keyed on immutable values
and on every other input: a different X, X color, cost or script gives a different answer."""
from __future__ import annotations

from mtgengine.cards.database import card_db
from mtgengine.core.mana import ManaCost
from mtgengine.effects.layers import printed
from mtgengine.rules.casting import _default_requirement, _mana_text
from mtgengine.rules.mana_payment import _ability_index, _mana_of, requirement


def test_default_requirement_follows_x_and_its_color() -> None:
    blaze = ManaCost.parse("{X}{R}")
    for x in (0, 1, 3, 1):
        for x_mana in ("", "B"):
            assert _default_requirement(blaze, x, x_mana) == requirement(blaze, x, x_mana=x_mana)
    assert _default_requirement(blaze, 1, "").generic == 1 and _default_requirement(blaze, 3, "").generic == 3
    assert sorted(_default_requirement(blaze, 2, "B").colored) == ["B", "B", "R"]
    assert _default_requirement(ManaCost.parse("{X}{R}"), 2, "") == requirement(blaze, 2)   # an equal cost


def test_mana_text_is_each_costs_own() -> None:
    for text in ("{2}{W}{W}", "{X}{R}", "{G/U}{G/U}", "{2}{W}{W}"):
        cost = ManaCost.parse(text)
        assert _mana_text(cost) == str(cost) == text


def test_ability_index_is_each_scripts_own() -> None:
    for name in ("Karplusan Forest", "Shivan Reef", "Llanowar Elves", "Sol Ring", "Birds of Paradise"):
        script = printed(card_db().get(name), 0).script
        index = _ability_index(script)
        for i, ab in enumerate(script.activated):
            assert index[id(ab)] == (i, _mana_of(ab)[0])
    painland = _ability_index(printed(card_db().get("Karplusan Forest"), 0).script)
    assert sorted((i, tuple(kinds)) for i, kinds in painland.values()) == [(0, ("C",)), (1, ("R", "G"))]
