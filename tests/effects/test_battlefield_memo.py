"""Which continuous effects keep the permanents' memoized characteristics valid across changes
off the battlefield (layers._reads_off_battlefield, GameState.changed_off_battlefield)."""
from __future__ import annotations

from mtgengine.cards.vocabulary import Filter, ModifyPT, Quantity, SetPT
from mtgengine.effects.layer_effects import Effect as _Effect, reads_off_battlefield as _reads_off_battlefield


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


def _moves_checked(monkeypatch, decks: list[list[str]], seed: int) -> tuple[int, int]:   # noqa: ANN001
    """Plays a random game in which, after every zone change to or from the battlefield, the
    permanents' characteristics kept by ``layers.permanent_moved`` are compared with those
    derived again from scratch. Returns (moves, memos kept)."""
    from mtgengine.agents.agents import RandomAgent
    from mtgengine.effects import layers, primitives
    from mtgengine.engine import Game
    from mtgengine.simulate import answer_pending
    real = layers.permanent_moved
    counts = [0, 0]

    def checking(state, entered):   # noqa: ANN001, ANN202
        real(state, entered)
        counts[0] += 1
        kept = state._chars.get(0)
        if kept is not None:
            counts[1] += 1
            fresh = state.clone()
            fresh._chars = {}
            again = layers.permanents(fresh)
            assert list(kept) == list(again) == state.battlefield
            assert all(kept[oid] == again[oid] for oid in again)
            assert state._chars.get(("closed",)) == fresh._chars.get(("closed",))

    monkeypatch.setattr(primitives, "permanent_moved", checking)
    game = Game.new_game(decks, seed=seed, turn_cap=40)
    agents = (RandomAgent(seed), RandomAgent(seed + 1))
    while not game.over:
        answer_pending(game, agents)
    return counts[0], counts[1]


def test_a_move_keeps_the_printed_permanents_as_derived_again(monkeypatch) -> None:   # noqa: ANN001
    """layers.permanent_moved: after a land is played, a creature enters or dies, the other
    permanents keep their printed values and the entering one is checked (counters, effects on
    it, static abilities: Giant Growth's effect, Glorious Anthem, Luminarch Aspirant's counters
    make the memo be derived again)."""
    from mtgengine.decklist import REFERENCE_DECK
    other = (["Plains"] * 14 + ["Forest"] * 10 + ["Glorious Anthem"] * 3 + ["Luminarch Aspirant"] * 4
             + ["Grizzly Bears"] * 6 + ["Giant Growth"] * 3)
    moves = kept = 0
    for seed, decks in ((0, [REFERENCE_DECK, REFERENCE_DECK]), (1, [other, REFERENCE_DECK]), (2, [other, other])):
        m, k = _moves_checked(monkeypatch, decks, seed)
        moves, kept = moves + m, kept + k
    assert kept > 40 and moves > kept, (moves, kept)


def test_a_permanent_with_a_static_ability_entering_derives_the_memo_again() -> None:
    """Glorious Anthem enters a battlefield of printed values (CR 613.4c): the memo kept by
    ``layers.permanent_moved`` must not stay the printed values; the Bears are 3/3, and 2/2 again
    once the Anthem is destroyed."""
    from mtgengine.effects.layers import characteristics, permanents
    from mtgengine.scenario.builder import Scenario
    s = Scenario("anthem", Alice={"battlefield": ["Plains x3", "Grizzly Bears"], "hand": ["Glorious Anthem"]},
                 Bob={"battlefield": ["Forest x2"], "hand": ["Naturalize"]})
    g = s.game.state
    (bears,) = [oid for oid in g.battlefield if g.objects[oid].card.name == "Grizzly Bears"]
    assert permanents(g)[bears].power == 2
    s.cast("Glorious Anthem", by="Alice").pass_("stack")
    assert characteristics(s.game.state, bears).power == 3
    s.cast("Naturalize", by="Bob", targets=["Glorious Anthem"]).pass_("stack")
    assert characteristics(s.game.state, bears).power == 2
