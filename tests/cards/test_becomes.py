"""What an Aura makes of the enchanted creature (Lignify, Deep Freeze): every clause must be
understood, or the ability isn't compiled at all (a half-read text would play wrongly)."""
from mtgengine.cards.compiler.statics import becomes
from mtgengine.cards.vocabulary import ChangeAbilities, ChangeColors, ChangeTypes, SetPT


def test_lignify_replaces_creature_types_and_keeps_card_types() -> None:
    mods = becomes("is a Treefolk with base power and toughness 0/4 and loses all abilities")
    assert mods is not None
    types = next(m for m in mods if isinstance(m, ChangeTypes))
    assert types.set_subtypes == frozenset({"Treefolk"}) and types.set_types is None   # CR 205.1b
    assert any(isinstance(m, ChangeAbilities) and m.remove_all for m in mods)
    assert any(isinstance(m, SetPT) and (m.power.fixed, m.toughness.fixed) == (0, 4) for m in mods)
    assert not any(isinstance(m, ChangeColors) for m in mods)


def test_in_addition_adds_colors_and_types() -> None:
    mods = becomes("has defender, loses all other abilities, and is a blue Wall in addition to its other colors and types")
    assert mods is not None
    assert ChangeTypes(add_subtypes=frozenset({"Wall"})) in mods
    assert ChangeColors(add_colors=frozenset({"U"})) in mods


def test_a_clause_not_understood_compiles_nothing() -> None:
    assert becomes("is a Treefolk and can't block") is None
    assert becomes("is a legendary Treefolk") is None
    assert becomes("has flying") is None          # abilities alone are another rule's (layer 6 grants)
