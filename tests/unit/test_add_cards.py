"""``engine.add_cards`` (a deck put into a library in one pass) leaves the same state as
``add_card`` one card at a time: the same ids, timestamps, order, version and saved state."""
from mtgengine.cards.database import card_db
from mtgengine.core.enums import Zone
from mtgengine.engine import add_card, add_cards
from mtgengine.state.game_state import GameState
from mtgengine.state.serialize import state_to_json


def _deck() -> list:
    db = card_db()
    return [db.get(n) for n in ("Forest", "Grizzly Bears", "Lightning Bolt", "Forest")]


def test_add_cards_is_add_card_in_order() -> None:
    one, bulk = GameState(["A", "B"], 3), GameState(["A", "B"], 3)
    for card in _deck():
        add_card(one, card, 1, Zone.LIBRARY)
    ids = add_cards(bulk, _deck(), 1, Zone.LIBRARY)
    assert list(ids) == one.zones[(1, Zone.LIBRARY)] == bulk.zones[(1, Zone.LIBRARY)] == [1, 2, 3, 4]
    assert (bulk.version, bulk.next_id, bulk.next_timestamp) == (one.version, one.next_id, one.next_timestamp) \
        == (4, 5, 5)
    assert state_to_json(bulk) == state_to_json(one)


def test_add_card_on_top_goes_first() -> None:
    g = GameState(["A", "B"], 0)
    add_cards(g, _deck()[:2], 0, Zone.LIBRARY)
    top = add_card(g, _deck()[2], 0, Zone.LIBRARY, top=True)
    assert g.zones[(0, Zone.LIBRARY)] == [top, 1, 2]
    assert g.objects[top].card.name == "Lightning Bolt" and g.version == 3
