"""rules.targeting.is_legal_target looks at one candidate only (CR 608.2b): it must agree with
membership in legal_targets, the full list, for every kind of target phrase and object."""
from __future__ import annotations

from mtgengine.agents.agents import RandomAgent
from mtgengine.agents.decisions import player_ref
from mtgengine.cards.database import card_db
from mtgengine.effects.layers import printed
from mtgengine.engine import Game
from mtgengine.rules.targeting import is_legal_target, legal_targets
from mtgengine.simulate import answer_pending

#: target phrases of every kind: any target, creatures (hexproof, shroud, protection matter),
#: players, spells, abilities on the stack, cards in graveyards, spells or permanents
SPEC_CARDS = ("Lightning Bolt", "Giant Growth", "Doom Blade", "Mind Rot", "Counterspell", "Twincast",
              "Stifle", "Raise Dead", "Unsummon")
DECK = (["Swamp"] * 8 + ["Island"] * 8 + ["Mountain"] * 8 + ["Llanowar Elves"] * 4 + ["Lightning Bolt"] * 4
        + ["Counterspell"] * 4 + ["Twincast"] * 4 + ["Doom Blade"] * 4 + ["Raise Dead"] * 4 + ["Grizzly Bears"] * 6
        + ["Unsummon"] * 4 + ["Serra Angel"] * 2)


def test_is_legal_target_agrees_with_legal_targets() -> None:
    specs = [t for name in SPEC_CARDS for t in printed(card_db().get(name), 0).script.spell.targets]
    checked = 0
    for seed in range(2):
        game = Game.new_game([DECK, DECK], seed=seed, turn_cap=8, first_player=seed % 2)
        agents = [RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2)]
        while not game.over:
            g = game.state
            candidates = [player_ref(p.index) for p in g.players] + sorted(g.objects) + [max(g.objects) + 1]
            sources = [None] + list(g.stack)
            for spec in specs:
                for source in sources:
                    for controller in (0, 1):
                        legal = set(legal_targets(g, spec, controller, source))
                        for value in candidates:
                            assert is_legal_target(g, spec, value, controller, source) == (value in legal), \
                                (spec.text, value, controller, source)
                            checked += value in legal
            answer_pending(game, agents)
    assert checked > 1000           # the games did offer targets of many kinds
