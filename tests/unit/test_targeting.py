"""rules.targeting.is_legal_target looks at one candidate only (CR 608.2b): it must agree with
membership in legal_targets, the full list, for every kind of target phrase and object."""
from __future__ import annotations

from mtgengine.agents.agents import RandomAgent
from mtgengine.agents.decisions import player_ref
from dataclasses import replace

from mtgengine.cards.database import card_db
from mtgengine.cards.vocabulary import CREATURE, TargetSpec
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


#: filters of characteristics only (read off the memoized permanents) and others (``matches``)
FAST_SPEC_CARDS = ("Lightning Bolt", "Giant Growth", "Doom Blade", "Terror", "Smite the Monstrous", "Vapor Snag",
                   "Hero's Downfall", "Assassinate", "Unsummon")
FAST_DECK = (["Forest"] * 10 + ["Plains"] * 8 + ["Mountain"] * 6 + ["Llanowar Elves"] * 4 + ["Gladecover Scout"] * 4
             + ["Troll Ascetic"] * 4 + ["Silver Knight"] * 4 + ["Hill Giant"] * 4 + ["Grizzly Bears"] * 4
             + ["Serra Angel"] * 4 + ["Lightning Bolt"] * 4 + ["Giant Growth"] * 4)


def test_characteristics_only_filters_agree_with_matches(monkeypatch) -> None:
    """``_targets`` reads a filter of characteristics only off the permanents' memoized
    characteristics instead of calling ``matches``: the same targets, in the same order, for
    every phrase, controller and source, as the general path gives."""
    from mtgengine.rules import targeting
    specs = [t for name in FAST_SPEC_CARDS for t in printed(card_db().get(name), 0).script.spell.targets]
    specs.append(TargetSpec(replace(CREATURE, other=True), "another target creature"))     # an ability's
    fast = [s for s in specs if targeting._characteristics_only(s.filter)]
    assert 0 < len(fast) < len(specs)         # both paths are exercised
    compared = 0
    for seed in range(2):
        game = Game.new_game([FAST_DECK, FAST_DECK], seed=seed, turn_cap=8, first_player=seed % 2)
        agents = [RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2)]
        while not game.over:
            g = game.state
            sources = [None] + list(g.stack) + list(g.battlefield)
            cases = [(spec, controller, source) for spec in specs for source in sources for controller in (0, 1)]
            quick = [legal_targets(g, *case) for case in cases]
            with monkeypatch.context() as m:
                m.setattr(targeting, "_characteristics_only", lambda flt: False)
                general = [legal_targets(g, *case) for case in cases]
            assert quick == general
            compared += sum(len(q) for q in quick)
            answer_pending(game, agents)
    assert compared > 2000
