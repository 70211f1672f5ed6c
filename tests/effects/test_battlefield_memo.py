"""Which continuous effects keep the permanents' memoized characteristics valid across changes
off the battlefield (layers._reads_off_battlefield, GameState.changed_off_battlefield)."""
from __future__ import annotations

from mtgengine.cards.vocabulary import Filter, ModifyPT, Quantity, SetPT
from mtgengine.effects.layers import _Effect, _reads_off_battlefield


def test_fixed_pt_reads_only_the_battlefield() -> None:
    assert not _reads_off_battlefield(_Effect(1, (SetPT(Quantity(fixed=3), Quantity(fixed=3)),), 0, cda=True))
    assert not _reads_off_battlefield(_Effect(1, (ModifyPT(1, 1),), 0))


def test_counting_cards_in_another_zone_reads_off_the_battlefield() -> None:
    """A P/T-defining ability counting cards in graveyards (CR 604.3) changes when a card moves
    between graveyard, hand or stack, so the memo must not be kept then."""
    in_graveyards = Quantity(per=Filter(types=frozenset({"Creature"}), zone="graveyard"))
    assert _reads_off_battlefield(_Effect(1, (SetPT(in_graveyards, in_graveyards),), 0, cda=True))


def test_life_total_reads_off_the_battlefield() -> None:
    assert _reads_off_battlefield(_Effect(1, (SetPT(Quantity(stat="life"), None),), 0, cda=True))


def test_a_change_off_the_battlefield_forgets_only_objects_off_it() -> None:
    """GameState.changed_off_battlefield, with a closed memo: the permanents' characteristics
    and the values derived from them stay; every other object's are forgotten (a card moved
    from hand to stack is a new object whose characteristics may differ, CR 400.7, 604.3)."""
    from mtgengine.state.game_state import VOLATILE, GameState
    g = GameState(["A", "B"])
    permanents = {5: "five", 7: "seven"}
    # (the objects off the battlefield, listed under VOLATILE as ``characteristics`` memoizes them)
    g._chars.update({("with", "x"): [], 5: "five", 3: "card in hand", 0: permanents, 7: "seven",
                     ("closed",): True, 9: "spell", VOLATILE: (3, 9)})
    version = g.version
    g.changed_off_battlefield()
    assert g._chars == {("with", "x"): [], 5: "five", 0: permanents, 7: "seven", ("closed",): True}
    assert g.version > version
    g._chars[3] = "card in hand"
    del g._chars[("closed",)]                  # an effect reads off the battlefield: all goes
    g.changed_off_battlefield()
    assert g._chars == {}
