"""The legal-action list's memos (CR 117): kept across steps only when the list can't read the
step, and the shortcuts of its checks (equal cards in the hand, the mana sources' memo)."""
from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

from mtgengine.core.enums import Step, Zone
from mtgengine.core.mana import ManaCost
from mtgengine.effects.layers import characteristics, permanents_with
from mtgengine.rules.castability import (
    _SPELL_EFFECTS, INSTANT_SPEED, SORCERY_SPEED, HandCheck, castable, hand_profile,
)
from mtgengine.rules.mana_requirements import requirement
from mtgengine.rules.mana_sources import available_mana, conditional_sources, may_afford, tap_sources
from mtgengine.rules.mana_planning import _fixed_output, can_pay_requirement, plan_payment
from mtgengine.rules.turn import _legal_actions, _permanents_read_step, legal_actions
from mtgengine.scenario.builder import Scenario

PACKAGE = Path(__file__).resolve().parents[2] / "mtgengine"


def _casts(g, player: int) -> list[str]:
    """The names of the spells the legal-action list offers to cast (a face, when it names one)."""
    return [a.get("face") or characteristics(g, a["object"]).name
            for a in legal_actions(g, player) if a["action"] == "cast"]


# -- the memo across steps ------------------------------------------------------------------
def test_memo_follows_the_step_for_a_card_that_reads_it() -> None:
    # Berserk: "Cast this spell only before the combat damage step" (CR 601.3). The step
    # changes with no other change of the state (same version): the list must change too.
    s = Scenario("Berserk", turn={"active": "Alice", "step": "declare_blockers"},
                 Alice={"battlefield": ["Grizzly Bears"]},
                 Bob={"battlefield": ["Forest", "Grizzly Bears"], "hand": ["Berserk"]})
    g = s.game.state
    assert _casts(g, 1) == ["Berserk"]
    version = g.version
    g.step = Step.COMBAT_DAMAGE
    assert g.version == version
    assert _casts(g, 1) == []
    g.step = Step.DECLARE_BLOCKERS
    assert _casts(g, 1) == ["Berserk"]


def test_memo_is_kept_across_steps_when_nothing_reads_the_step() -> None:
    s = Scenario("Bolt", turn={"active": "Alice", "step": "upkeep"},
                 Alice={}, Bob={"battlefield": ["Mountain", "Forest"], "hand": ["Lightning Bolt", "Grizzly Bears"]})
    g = s.game.state
    first = legal_actions(g, 1)
    assert [a["action"] for a in first] == ["pass", "cast"]
    g.step = Step.DRAW
    assert legal_actions(g, 1) is first                       # the memo answered
    assert _legal_actions(g, 1) == (first, False)             # and it is what a new computation finds
    # Bob's own main phase is another key (sorcery timing, CR 307.1): the Bears are offered
    g.active = 1
    g.step = Step.PRECOMBAT_MAIN
    assert sorted(_casts(g, 1)) == ["Grizzly Bears", "Lightning Bolt"]


def test_each_timing_keeps_its_list_until_the_state_changes() -> None:
    # CR 307.1: a player's list alternates between sorcery timing (the main phases) and not;
    # the second main phase finds the first's list while nothing was written, not after
    s = Scenario("mains", turn={"active": "Alice", "step": "precombat_main"},
                 Alice={"battlefield": ["Forest", "Forest"], "hand": ["Grizzly Bears"]}, Bob={})
    g = s.game.state
    main = legal_actions(g, 0)
    assert _casts(g, 0) == ["Grizzly Bears"]
    g.step = Step.BEGINNING_OF_COMBAT
    assert _casts(g, 0) == []
    g.step = Step.POSTCOMBAT_MAIN
    assert legal_actions(g, 0) is main                        # the memo answered
    assert _legal_actions(g, 0) == (main, False)
    g.obj(g.battlefield[0]).tapped = True                      # a write: one Forest is left
    assert _casts(g, 0) == []
    g.step = Step.BEGINNING_OF_COMBAT
    g.obj(g.battlefield[0]).tapped = False
    g.step = Step.POSTCOMBAT_MAIN
    assert _casts(g, 0) == ["Grizzly Bears"]


def test_each_player_keeps_a_memo() -> None:
    s = Scenario("two", turn={"active": "Alice", "step": "upkeep"},
                 Alice={"battlefield": ["Mountain"], "hand": ["Shock"]},
                 Bob={"battlefield": ["Mountain"], "hand": ["Lightning Bolt"]})
    g = s.game.state
    alice, bob = legal_actions(g, 0), legal_actions(g, 1)
    assert characteristics(g, alice[1]["object"]).name == "Shock"
    assert characteristics(g, bob[1]["object"]).name == "Lightning Bolt"
    assert legal_actions(g, 0) is alice and legal_actions(g, 1) is bob


def test_permanents_that_may_read_the_step() -> None:
    # an actor (an activated ability's condition may read the step, CR 602.5b), a {T} mana
    # source whose mana isn't fixed (a spending restriction, CR 106.6), a player's ability
    # ("You have hexproof", a condition may apply, CR 604.1): each makes the memo key on the step
    for card in ("Prodigal Sorcerer", "Pillar of the Paruns", "Aegis of the Gods"):
        s = Scenario(card, turn={"active": "Alice", "step": "upkeep"}, Alice={}, Bob={"battlefield": [card]})
        g = s.game.state
        assert _permanents_read_step(g, 1), card
        first = legal_actions(g, 1)
        g.step = Step.DRAW
        assert legal_actions(g, 1) is not first, card
    s = Scenario("plain", turn={"active": "Alice", "step": "upkeep"}, Alice={"battlefield": ["Prodigal Sorcerer"]},
                 Bob={"battlefield": ["Forest", "Llanowar Elves"]})
    assert not _permanents_read_step(s.game.state, 1)      # Alice's actor isn't Bob's


def test_conditional_sources() -> None:
    s = Scenario("sources", Alice={"battlefield": ["Forest", "Llanowar Elves"]},
                 Bob={"battlefield": ["Ancient Ziggurat"]})
    g = s.game.state
    assert not conditional_sources(g, 0) and conditional_sources(g, 1)


def _readers(predicate) -> set[tuple[str, str]]:
    found: set[tuple[str, str]] = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.startswith(("scenario/", "agents/", "env/", "terminal.py", "web/")) and rel != "agents/decisions.py":
            continue                            # drive games; never called by rules code

        def visit(node: ast.AST, func: str) -> None:
            for child in ast.iter_child_nodes(node):
                name = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else func
                if predicate(child):
                    found.add((rel, func))
                visit(child, name)
        visit(ast.parse(path.read_text(encoding="utf-8")), "")
    return found


def test_the_step_is_read_only_where_the_memo_expects() -> None:
    """The memo of ``turn.legal_actions`` holds across steps unless the list may read the step
    (``turn._legal_actions``). If this fails, a new function reads the step or calls
    ``condition_holds``: make sure ``_legal_actions`` knows when the list may reach it."""
    step = _readers(lambda n: isinstance(n, ast.Attribute) and n.attr == "step" and isinstance(n.ctx, ast.Load))
    assert step == {
        ("effects/trigger_conditions.py", "condition_holds"),   # "main_phase": conditions are keyed below
        ("effects/counter_rules.py", "shield_effect"),      # combat damage at once (CR 122.1c): only as
        ("effects/counter_rules.py", "note_shield_used"),   # damage is dealt, never while listing actions
        ("effects/trigger_conditions.py", "_during"),  # condition_holds's "step" (activation instructions)
        ("effects/layers.py", "defending_player"),    # in combat only (CR 506.2): an actor's abilities
                                                      # read the step anyway, a spell's targets make
                                                      # castability.timing_reads_step say so
        ("rules/activation.py", "sorcery_timing"),    # in the memo's key
        ("rules/castability.py", "timing_ok"),        # a card's restriction: castability.timing_reads_step
        ("effects/cast_keywords.py", "_sneak_window"),    # sneak's alternative cost: timing_reads_step
        ("rules/turn.py", "end_step"), ("rules/turn.py", "legal_actions"),
        ("rules/turn.py", "question"),                # its prompt
        ("rules/turn.py", "pass_commits_first"),      # (the engine's, before a run)
        ("rules/ability_costs.py", "candidates"),     # ninjutsu's unblocked attackers (CR 702.49a): an ability
                                                      # from the hand, which makes the list read the step
        ("state/invariants.py", "_check_numbers"),    # a loaded save's step is checked, before any run
        ("rules/mana_payment.py", "empty_pools"),     # mana that lasts until end of combat (CR 106.4):
                                                      # as a step ends, never while listing actions
        ("rules/combat.py", "put_attacking"),         # a creature put onto the battlefield attacking
                                                      # (CR 508.4): as an effect resolves, never while listing
    }

    def calls_condition(n: ast.AST) -> bool:
        if not isinstance(n, ast.Call):
            return False
        f = n.func
        return (f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else "") \
            in ("condition_holds", "holds")
    assert _readers(calls_condition) == {
        ("rules/activation.py", "can_activate"),      # the actors (turn._permanents_read_step)
        ("rules/activation.py", "can_activate_from_hand"),   # hand and graveyard abilities: the list
                                                             # reads the step when any is there (turn)
        ("rules/mana_sources.py", "tap_sources"),     # conditional_sources
        ("effects/primitives.py", "player_has"),      # permanents with player_statics
        ("effects/land_plays.py", "_statics"),        # likewise (the land plays, CR 305.2)
        ("effects/layer_effects.py", "static_condition"),   # characteristics: memoized by version alone
        ("rules/total_cost.py", "total_cost"),        # "costs less if ..." (CR 601.2f): one that reads the
                                                      # step makes the card's timing read it (timing_reads_step)
        ("rules/spell_costs.py", "alternative_costs"),      # spectacle, surge: life lost, spells cast this turn
                                                            # (effects.cast_keywords), not the step
        # not reached by the legal-action list (they need a game in progress: ctx, events)
        ("effects/resolutions/choices.py", "_conditional"), ("effects/replacement.py", "_applies"),
        ("effects/replacement.py", "condition_holds"), ("effects/triggers.py", "_add"),
        ("effects/triggers.py", "_state_triggers"), ("rules/activation.py", "activate"),
        ("effects/triggers.py", "_match_events"),     # speed's inherent ability (CR 702.179d)
        ("rules/activation.py", "activate_mana_ability"),   # an action, not listed (CR 605.3a)
        ("effects/trigger_conditions.py", "condition_holds"),   # itself: a condition's "also" part (Condition.also)
        ("rules/resolution.py", "_resolve_ability"),
        ("effects/hand_size.py", "max_hand_size"),    # read at the cleanup step's discard (CR 514.1)
    }


# -- cards cast only at sorcery speed ----------------------------------------------------------
def test_outside_sorcery_timing_only_instant_speed_casts_are_checked() -> None:
    # CR 307.1: in Alice's upkeep Bob may cast an instant, a creature with flash (CR 702.8a)
    # and an adventurer's instant half (CR 715.3), not a plain creature
    hand = ["Grizzly Bears", "Ambush Viper", "Bonecrusher Giant", "Lightning Bolt"]
    s = Scenario("speed", turn={"active": "Alice", "step": "upkeep"}, Alice={"battlefield": ["Grizzly Bears"]},
                 Bob={"battlefield": ["Forest", "Forest", "Mountain", "Mountain"], "hand": hand})
    g = s.game.state
    ids = {characteristics(g, oid).name: oid for oid in g.zones[(1, Zone.HAND)]}
    # (the adventurer is a creature card; its instant half is checked as a face of its own)
    assert [hand_profile(characteristics(g, ids[name]))[1] for name in hand] \
        == [SORCERY_SPEED, INSTANT_SPEED, SORCERY_SPEED, INSTANT_SPEED]
    # only the Adventure is offered then: the creature can't be cast (CR 715.3a, 307.1)
    assert sorted(_casts(g, 1)) == ["Ambush Viper", "Lightning Bolt", "Stomp"]
    g.active, g.step = 1, Step.PRECOMBAT_MAIN
    assert sorted(_casts(g, 1)) == sorted(hand + ["Stomp"])


# -- equal cards in the hand ---------------------------------------------------------------
def test_equal_cards_share_one_check_but_not_unequal_ones() -> None:
    s = Scenario("bolts", turn={"active": "Alice", "step": "upkeep"},
                 Alice={"battlefield": ["Mountain"], "hand": ["Lightning Bolt", "Lightning Bolt"]}, Bob={})
    g = s.game.state
    first, second = sorted(g.zones[(0, Zone.HAND)])
    assert _casts(g, 0) == ["Lightning Bolt", "Lightning Bolt"]
    check = HandCheck(g, 0)
    ch = characteristics(g, first)
    assert castable(g, 0, first, None, ch, check)
    assert check.seen                                          # the answer was kept
    # the same script with other characteristics is checked anew: {G/W} passes the quick
    # check of the amount of mana (one) but a Mountain can't pay it
    other = dataclasses.replace(characteristics(g, second), mana_cost=ManaCost.parse("{G/W}"))
    assert other.script is ch.script
    assert not castable(g, 0, second, None, other, check)
    assert castable(g, 0, second, None, characteristics(g, second), check)


# -- the mana sources' memo ----------------------------------------------------------------
def test_a_source_that_gains_haste_is_a_source_at_once() -> None:
    # CR 302.6: the summoning-sick Llanowar Elves taps for mana once Fervor gives it haste
    s = Scenario("Fervor", Alice={"battlefield": [{"card": "Llanowar Elves", "summoning_sick": True},
                                                  "Mountain", "Mountain", "Mountain"], "hand": ["Fervor"]}, Bob={})
    g = s.game.state
    assert [characteristics(g, src[0]).name for src in tap_sources(g, 0)] == ["Mountain"] * 3
    s.cast("Fervor", by="Alice").pass_("stack")
    g = s.game.state
    assert [characteristics(g, src[0]).name for src in tap_sources(g, 0)] == ["Llanowar Elves"]


def test_the_mana_available_is_counted_once_per_list_as_may_afford_counted_it() -> None:
    # Taiga adds {R} or {G}: it counts toward either type, and once toward the total
    s = Scenario("afford", Alice={"battlefield": ["Taiga", "Forest"]}, Bob={})
    g = s.game.state
    sources = tap_sources(g, 0)
    available = available_mana(g, 0, sources)
    assert available[0] == 2 and available[1]["G"] == 2 and available[1]["R"] == 1
    g.player(0).pool["R"] = 1                                        # the pool counts too
    assert available_mana(g, 0, sources)[:1] == (3,) and available_mana(g, 0, sources)[1]["R"] == 2
    for cost, ok in (("{G}{G}", True), ("{R}{R}", True), ("{R}{R}{R}", False), ("{3}", True), ("{4}", False),
                     ("{W}", False), ("{R/G}{R/G}{R/G}", True)):
        mana = ManaCost.parse(cost)
        assert may_afford(g, 0, mana, sources) is ok, cost
        assert may_afford(g, 0, mana, sources, available_mana(g, 0, sources)) is ok, cost
    # the list's scratch counts the pool of its own state: a new list sees a new pool
    check = HandCheck(g, 0)
    assert check.available == available_mana(g, 0, sources)
    g.player(0).pool["R"] = 0
    assert HandCheck(g, 0).available == available


def test_the_fixed_output_memo_is_keyed_on_the_ability_and_the_mana_types() -> None:
    # the Forest's and the Bayou's "{T}: Add {G}" are one ability (CR 305.6): the Forest
    # always adds {G}, the Bayou adds {B} or {G} (a choice), a Boros Garrison {R}{W} at once
    s = Scenario("outputs", Alice={"battlefield": ["Forest", "Bayou", "Boros Garrison", "Savannah"]}, Bob={})
    g = s.game.state
    forest, bayou, garrison, savannah = tap_sources(g, 0)
    assert forest[1] is bayou[1] is savannah[1]
    for _ in range(2):                                  # computed, then from the memo
        assert [_fixed_output(src) for src in (forest, bayou, garrison, savannah)] \
            == [("G",), None, ("R", "W"), None]


def test_the_payment_memo_follows_the_pool_and_the_sources() -> None:
    # the answer of plan_payment, memoized on the requirement, the spell's colors, the pool and
    # the sources: a change of the pool or of the untapped sources gives a new answer
    s = Scenario("pay", Alice={"battlefield": ["Forest", "Mountain"]}, Bob={})
    g = s.game.state
    forest, mountain = g.battlefield
    rr, one_g = requirement(ManaCost.parse("{R}{R}")), requirement(ManaCost.parse("{1}{G}"))
    red, green = frozenset({"R"}), frozenset({"G"})

    def both(req, colors) -> bool:
        sources = tap_sources(g, 0)
        found = plan_payment(g, 0, req, colors, sources=sources) is not None
        assert can_pay_requirement(g, 0, req, colors, sources) is found       # computed or memoized
        assert can_pay_requirement(g, 0, req, colors, sources) is found       # memoized
        return found
    assert not both(rr, red) and both(one_g, green)
    g.player(0).pool["R"] = 1                                   # {R} in the pool and the Mountain
    assert both(rr, red)
    g.player(0).pool["R"] = 0
    assert not both(rr, red)
    g.obj(mountain).tapped = True                              # the Forest alone can't pay {1}{G}
    assert not both(one_g, green)
    g.obj(mountain).tapped = False
    g.obj(forest).tapped = True
    assert not both(one_g, green)


# -- what the permanents do to spells ---------------------------------------------------------
def test_a_cost_increase_that_arrives_is_seen_at_once() -> None:
    # Feroz's Ban: creature spells cost {2} more (CR 601.2f). Two Forests pay for Grizzly Bears
    # before it resolves, not after.
    s = Scenario("Ban", Alice={"battlefield": ["Mountain x6", "Forest x2"], "hand": ["Feroz's Ban", "Grizzly Bears"]},
                 Bob={})
    g = s.game.state
    assert sorted(_casts(g, 0)) == ["Feroz's Ban", "Grizzly Bears"]
    assert [field for field in _SPELL_EFFECTS if permanents_with(g, field)] == []
    s.cast("Feroz's Ban", by="Alice").pass_("stack")
    g = s.game.state
    assert [field for field in _SPELL_EFFECTS if permanents_with(g, field)] == ["cost_changes"]
    assert [src[0] for src in tap_sources(g, 0)] and _casts(g, 0) == []


# -- targets: counted only as far as needed ----------------------------------------------------
def test_has_targets_counts_as_far_as_each_phrase_needs() -> None:
    from mtgengine.agents.decisions import player_ref
    from mtgengine.cards.database import card_db
    from mtgengine.effects.layers import printed
    from mtgengine.rules.targeting import has_targets, legal_targets
    s = Scenario("targets", Alice={"battlefield": ["Grizzly Bears"]}, Bob={"battlefield": ["Aegis of the Gods"]})
    g = s.game.state
    creature = printed(card_db().get("Giant Growth"), 0).script.spell.targets[0]     # "target creature"
    any_target = printed(card_db().get("Lightning Bolt"), 0).script.spell.targets[0]
    assert len(legal_targets(g, creature, 0, None)) == 2                # the Bears and Aegis of the Gods
    for need, ok in ((0, True), (1, True), (2, True), (3, False)):
        spec = dataclasses.replace(creature, min=need, max=max(need, 1))
        assert has_targets(g, (spec,), 0, None) is ok, need
        assert has_targets(g, (any_target, spec), 0, None) is ok, need
    # CR 702.11c: Aegis of the Gods gives Bob hexproof against Alice's spells, not his own
    assert player_ref(1) not in legal_targets(g, any_target, 0, None)
    assert player_ref(1) in legal_targets(g, any_target, 1, None)
    assert player_ref(0) in legal_targets(g, any_target, 0, None)


def test_the_sources_are_found_only_when_a_card_could_be_cast() -> None:
    # Bob, in Alice's upkeep, holds only a creature card: no check needs his mana sources
    s = Scenario("lazy", turn={"active": "Alice", "step": "upkeep"},
                 Alice={}, Bob={"battlefield": ["Forest", "Forest"], "hand": ["Grizzly Bears"]})
    g = s.game.state
    check = HandCheck(g, 1)
    bears = g.zones[(1, Zone.HAND)][0]
    assert not castable(g, 1, bears, None, None, check) and check._sources is None
    g.active, g.step = 1, Step.PRECOMBAT_MAIN
    assert castable(g, 1, bears, None, None, check)
    assert check.sources == tap_sources(g, 1) and len(check.sources) == 2


def test_the_total_cost_memo_is_only_for_casts_from_the_hand_that_nothing_changes() -> None:
    # Isamaru in the hand costs {W}; the commander Isamaru cast once already costs {2}{W} from
    # the command zone (CR 903.8): two Plains pay the first, not the second
    s = Scenario("tax", Alice={"battlefield": ["Plains x2"], "hand": ["Isamaru, Hound of Konda"],
                               "command": [{"card": "Isamaru, Hound of Konda", "commander": True}]}, Bob={})
    g = s.game.state
    commander = g.zones[(0, Zone.COMMAND)][0]
    player = g.player(0)
    player.commander_casts = {**player.commander_casts, g.objects[commander].card_id: 1}
    actions = legal_actions(g, 0)
    assert [(a["action"], a.get("from")) for a in actions] == [("pass", None), ("cast", None)]
    assert characteristics(g, actions[1]["object"]).mana_cost is characteristics(g, commander).mana_cost


# -- cards the mana can't pay: dismissed only when nothing else could cast them ---------------
def _offers(g, player: int) -> list[tuple[str, tuple[str, ...]]]:
    return [(characteristics(g, a["object"]).name, tuple(sorted(set(a) - {"action", "object"})))
            for a in legal_actions(g, player) if a["action"] == "cast"]


def test_a_card_the_mana_cant_pay_is_offered_when_something_else_pays_or_reduces() -> None:
    # one Forest can't pay Grizzly Bears' {1}{G} (may_afford), but Emerald Medallion reduces it
    # (CR 601.2f); five lands can't pay Craw Wurm's {4}{G}{G}, but Fist of Suns offers
    # {W}{U}{B}{R}{G} instead (CR 118.9): a permanent's cost change or alternative cost
    s = Scenario("medallion", Alice={"battlefield": ["Emerald Medallion", "Forest"], "hand": ["Grizzly Bears"]}, Bob={})
    assert _offers(s.game.state, 0) == [("Grizzly Bears", ())]
    s = Scenario("medallion", Alice={"battlefield": ["Forest"], "hand": ["Grizzly Bears"]}, Bob={})
    assert _offers(s.game.state, 0) == []
    lands = ["Plains", "Island", "Swamp", "Mountain", "Forest"]
    s = Scenario("fist", Alice={"battlefield": ["Fist of Suns", *lands], "hand": ["Craw Wurm"]}, Bob={})
    assert _offers(s.game.state, 0) == [("Craw Wurm", ("alternative",))]
    s = Scenario("fist", Alice={"battlefield": lands, "hand": ["Craw Wurm"]}, Bob={})
    assert _offers(s.game.state, 0) == []


def test_a_card_the_mana_cant_pay_is_offered_when_its_own_text_pays_otherwise() -> None:
    # two Mountains can't pay Fireblast's {4}{R}{R} nor Mutagenic Growth's {G/P}, but Fireblast
    # has an alternative cost (sacrifice two Mountains, CR 118.9) and life pays {G/P} (CR 107.4f)
    s = Scenario("free", turn={"active": "Bob", "step": "upkeep"},
                 Alice={"battlefield": ["Grizzly Bears", "Mountain", "Mountain"],
                        "hand": ["Mutagenic Growth", "Fireblast", "Grizzly Bears"]}, Bob={})
    assert sorted(_offers(s.game.state, 0)) == [("Fireblast", ("alternative",)), ("Mutagenic Growth", ("pay",))]


def test_a_cost_reduction_that_arrives_is_seen_at_once() -> None:
    # the permanents' memo of the legal-action list (mana_sources.priority_facts) goes with the characteristics:
    # once Emerald Medallion is on the battlefield, the two Forests left pay Centaur Courser's
    # {2}{G} less {1} (CR 601.2f), which they couldn't before
    s = Scenario("Medallion", Alice={"battlefield": ["Forest x4"], "hand": ["Emerald Medallion", "Centaur Courser"]},
                 Bob={})
    assert sorted(_casts(s.game.state, 0)) == ["Centaur Courser", "Emerald Medallion"]
    s.cast("Emerald Medallion", by="Alice").pass_("stack")
    g = s.game.state
    assert len(tap_sources(g, 0)) == 2 and _casts(g, 0) == ["Centaur Courser"]
