"""Effects on the hidden and card zones (``effects.resolutions.card_zones``): what a player who
looks at another's hand sees (CR 701.20e, 402.3), and the impulse-draw permission offered in the
legal-action list (CR 601.3, 305.1)."""
from __future__ import annotations

from mtgengine.core.enums import Zone
from mtgengine.rules.turn import legal_actions
from mtgengine.scenario.builder import Scenario


def test_a_looked_at_hand_is_shown_to_the_looking_player_only() -> None:
    s = Scenario("probe", Alice={"hand": ["Gitaxian Probe"], "library": ["Island"]},
                 Bob={"hand": ["Grizzly Bears", "Lightning Bolt"]})
    s.cast("Gitaxian Probe", by="Alice", targets=["Bob"], pay={"phyrexian": "life"})
    game = s.game
    while game.pending.kind == "priority":
        game.submit({"action": "pass"})
    d = game.pending
    assert d.player == 0 and d.max == 0                      # a look, nothing to choose
    bob_hand = game.state.zones[(1, Zone.HAND)]
    assert sorted(d.options) == sorted(bob_hand)
    alice = game.view(0)
    assert sorted(alice.state.objects[o].card.name for o in bob_hand) == ["Grizzly Bears", "Lightning Bolt"]
    # CR 402.3: the log doesn't name them (every player reads it)
    assert not any("Grizzly Bears" in line for line in game.state.log)
    game.submit([])
    assert all(game.view(0).state.objects[o].card is None for o in game.state.zones[(1, Zone.HAND)])


def test_impulse_cards_are_offered_while_the_permission_lasts() -> None:
    s = Scenario("impulse", Alice={"battlefield": ["Mountain x3"], "hand": ["Light Up the Stage"],
                                   "library": ["Mountain", "Lightning Bolt", "Island"]}, Bob={})
    s.cast("Light Up the Stage", by="Alice").pass_("stack")
    g = s.game.state
    exiled = {g.objects[o].card.name: o for o in g.zones[(0, Zone.EXILE)]}
    actions = legal_actions(g, 0)
    assert {"action": "play", "object": exiled["Mountain"]} in actions          # CR 305.1
    # no mana left for Lightning Bolt: not offered (its mana cost is paid, CR 601.2h)
    assert not any(a.get("object") == exiled["Lightning Bolt"] for a in actions)
    assert not any(a.get("object") in exiled.values() for a in legal_actions(g, 1))   # Alice's only
