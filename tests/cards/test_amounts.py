"""The grammar of counted amounts (``cards.compiler.amounts``): "where X is [count]" binds every X
of its sentence (CR 107.3a), "for each [count]" scales the instruction's one number, and a
sentence whose X can't be bound is not read (rather than read with X = 0)."""
from __future__ import annotations

from typing import Any

from mtgengine.cards.compiler.sentences import parse_effects
from mtgengine.cards.compiler.targets import Parse
from mtgengine.cards.compiler.text import span_of
from mtgengine.cards.vocabulary import Quantity


def _read(text: str) -> list[Any] | None:
    return parse_effects(span_of(text), Parse())


def test_where_x_binds_every_instruction_of_the_sentence() -> None:
    effects = _read("Target player loses X life and you gain X life, where X is the number of creatures you control.")
    assert effects is not None and len(effects) == 2
    for e in effects:
        assert not e.amount.x and e.amount.per is not None and e.amount.per.controller == "you"


def test_for_each_scales_the_one_number() -> None:
    (gain,) = _read("You gain 2 life for each basic land type among lands you control.")   # type: ignore[misc]
    assert gain.amount == Quantity(stat="domain", scale=2)
    (pump,) = _read("Target creature gets +2/+0 until end of turn for each artifact you control.")  # type: ignore[misc]
    assert (pump.power, pump.toughness, pump.x_power, pump.x_toughness) == (0, 0, 2, 0)
    assert pump.x_value is not None and pump.x_value.per is not None


def test_counts_with_a_modifier_and_a_stat() -> None:
    (dmg,) = _read("~ deals X damage to any target, where X is 1 plus twice the number of cards in your hand.")  # type: ignore[misc]
    assert (dmg.amount.fixed, dmg.amount.scale, dmg.amount.stat) == (1, 2, "cards_in:hand")
    (pump,) = _read("~ gets +X/+0 until end of turn, where X is its power.")             # type: ignore[misc]
    assert pump.x_value == Quantity(stat="power", of=pump.what)


def test_an_x_that_cant_be_bound_is_not_read() -> None:
    # X in a filter ("mana value X or less") or a count the grammar doesn't know: not read at
    # all, never read with the spell's X (0)
    assert _read("Destroy target creature with mana value X or less, where X is the number of lands you control.") is None
    assert _read("Draw X cards, where X is the number of opponents you attacked this turn.") is None
    # (a count it knows: converge, CR 702.44a's colors of mana spent)
    assert _read("Draw X cards, where X is the number of colors of mana spent to cast ~.") is not None
    # two numbers: which one "for each" scales is not known
    assert _read("~ deals 2 damage to any target and you gain 1 life for each creature you control.") is None
