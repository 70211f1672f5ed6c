"""The shortcuts of the decision loop give what the general way gives, over random games."""
from __future__ import annotations

from mtgengine.decklist import REFERENCE_DECK
from mtgengine.effects import replacement
from mtgengine.simulate import play_game

#: beside the reference deck's cards: replacement effects (Furnace of Rath doubles damage, Fog
#: prevents it, a shockland asks for life), mana abilities with a cost besides {T}, flash
MIXED_DECK = (["Forest"] * 8 + ["Mountain"] * 8 + ["Karplusan Forest"] * 4 + ["Stomping Ground"] * 4
              + ["Llanowar Elves"] * 4 + ["Grizzly Bears"] * 4 + ["Lightning Bolt"] * 4 + ["Giant Growth"] * 4
              + ["Ambush Viper"] * 4 + ["Furnace of Rath"] * 3 + ["Fog"] * 3 + ["Shock"] * 4 + ["Hill Giant"] * 6)


def test_events_no_source_can_replace_find_no_replacement_effect(monkeypatch) -> None:
    """``apply_replacements`` returns an event at once when no source of replacement effects
    watches its kind (``_SOURCES_BY_KIND``: none, a mana ability's mana with no "tapped for
    mana" effect, a death no ability watches): every source, asked as the general way would,
    must find nothing for it, and a source left out of a kind's list never finds anything."""
    pipeline = replacement.apply_replacements
    seen = {"skipped": 0, "asked": 0}

    def compared(ctx, event):
        kind = replacement.event_kind(event)
        if kind is not None and not (event.__class__ is replacement.DamageEvent and event.amount <= 0):
            g = ctx.g
            key = (kind, kind == "enters" or kind in replacement._replaced_kinds(g), bool(g.replacement_effects))
            chosen = replacement._sources_for(key)
            seen["skipped" if not chosen else "asked"] += 1
            for source in replacement.REPLACEMENT_SOURCES:
                if source not in chosen:
                    assert source(ctx, event, kind) == [], (source.__name__, event)
        return pipeline(ctx, event)

    for module in (replacement, __import__("mtgengine.effects.primitives", fromlist=["x"])):
        monkeypatch.setattr(module, "apply_replacements", compared)
    for seed in range(4):
        play_game([REFERENCE_DECK, MIXED_DECK], seed, seed % 2, 12)
        play_game([REFERENCE_DECK, REFERENCE_DECK], seed, seed % 2, 12)
    assert seen["skipped"] > 50 and seen["asked"] > 500, seen


def test_the_untap_step_resets_every_count_of_the_turn() -> None:
    """The untap step writes a player (a copy of a shared one, ``GameState.player``) only when one
    of the counts of the turn isn't 0 already, and moves ``version`` as the write would: each
    count alone is reset, and a player with none is left as it was, not copied."""
    from mtgengine.core.enums import Step
    from mtgengine.scenario.builder import Scenario
    counts = ("lands_played", "life_gained_this_turn", "life_lost_this_turn", "attacked_with_this_turn",
              "drawn_this_turn", "lands_entered_this_turn", "died_this_turn", "left_battlefield_this_turn",
              "spells_cast_this_turn")
    for count in counts:
        s = Scenario("untap", Alice={"battlefield": ["Forest"]}, Bob={},
                     turn={"number": 2, "active": "Bob", "step": "end"})
        g = s.game.state
        setattr(g.player(0), count, 2)
        g.settled = g.version
        s.pass_("turn")
        g = s.game.state
        assert g.step is Step.UPKEEP and g.active == 0 and g.turn == 3
        assert getattr(g.players[0], count) == 0, count
        assert all(getattr(g.players[1], c) == 0 for c in counts)
