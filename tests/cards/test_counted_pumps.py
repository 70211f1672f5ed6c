"""'Enchanted creature gets +1/+1 for each ...' compiles to a counted layer-7c modification only
when the count reads what the layers compute for permanents (CR 613.1, 613.4c)."""
from mtgengine.cards.compiler import compile_text
from mtgengine.cards.vocabulary import ModifyPT


def _mods(text: str) -> list[ModifyPT]:
    script = compile_text("Test Aura", "Enchant creature\n" + text, True)
    return [m for ab in script.static for m in ab.mods if isinstance(m, ModifyPT)]


def test_a_count_of_permanents_by_type_compiles() -> None:
    (mod,) = _mods("Enchanted creature gets +1/+1 for each Forest you control.")
    assert (mod.power, mod.toughness) == (1, 1)
    assert mod.per is not None and mod.per.subtypes == frozenset({"Forest"}) and mod.per.controller == "you"


def test_counts_of_status_or_other_zones_are_not_compiled() -> None:
    # tapped is a status (CR 110.5), not a characteristic the layers compute; cards in a
    # graveyard aren't permanents: counted this way, both would be wrong, so neither compiles
    assert _mods("Enchanted creature gets +1/+1 for each tapped creature you control.") == []
    assert _mods("Enchanted creature gets +1/+1 for each creature card in your graveyard.") == []
