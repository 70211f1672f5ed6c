"""The memos of the cast path (rules.total_cost, rules.castability, rules.mana_planning) are keyed on immutable values
and on every other input: a different X, X color, cost or script gives a different answer."""
from __future__ import annotations

from mtgengine.cards.database import card_db
from mtgengine.core.enums import Zone
from mtgengine.effects.primitives import move
from mtgengine.rules.context import Ctx
from mtgengine.core.mana import ManaCost
from mtgengine.effects.layers import printed
from mtgengine.rules.total_cost import _default_requirement, _mana_text
from mtgengine.rules.mana_requirements import requirement
from mtgengine.rules.mana_sources import mana_of
from mtgengine.rules.mana_payment import _ability_index


def test_default_requirement_follows_x_and_its_color() -> None:
    blaze = ManaCost.parse("{X}{R}")
    for x in (0, 1, 3, 1):
        for x_mana in ("", "B"):
            assert _default_requirement(blaze, x, x_mana) == requirement(blaze, x, x_mana=x_mana)
    assert _default_requirement(blaze, 1, "").generic == 1 and _default_requirement(blaze, 3, "").generic == 3
    assert sorted(_default_requirement(blaze, 2, "B").colored) == ["B", "B", "R"]
    assert _default_requirement(ManaCost.parse("{X}{R}"), 2, "") == requirement(blaze, 2)   # an equal cost


def test_mana_text_is_each_costs_own() -> None:
    for text in ("{2}{W}{W}", "{X}{R}", "{G/U}{G/U}", "{2}{W}{W}"):
        cost = ManaCost.parse(text)
        assert _mana_text(cost) == str(cost) == text


def test_ability_index_is_each_scripts_own() -> None:
    for name in ("Karplusan Forest", "Shivan Reef", "Llanowar Elves", "Sol Ring", "Birds of Paradise"):
        script = printed(card_db().get(name), 0).script
        index = _ability_index(script)
        for i, ab in enumerate(script.activated):
            assert index[id(ab)] == (i, mana_of(ab)[0])
    painland = _ability_index(printed(card_db().get("Karplusan Forest"), 0).script)
    assert sorted((i, tuple(kinds)) for i, kinds in painland.values()) == [(0, ("C",)), (1, ("R", "G"))]


#: sources of every kind (one type, a choice, two at once, two abilities) and costs with
#: hybrid and multicolored symbols, so that plans differ by pool, sources and cost
PLAN_DECK = (["Forest"] * 6 + ["Plains"] * 5 + ["Mountain"] * 5 + ["Boros Garrison"] * 3 + ["Karplusan Forest"] * 3
             + ["Sol Ring"] * 2 + ["Birds of Paradise"] * 3 + ["Llanowar Elves"] * 3 + ["Kitchen Finks"] * 4
             + ["Lightning Helix"] * 4 + ["Selesnya Charm"] * 3 + ["Rhox War Monk"] * 3 + ["Ajani's Pridemate"] * 3
             + ["Grizzly Bears"] * 4 + ["Hill Giant"] * 4 + ["Lightning Bolt"] * 4)


def test_memoized_payment_plans_are_the_plans_made_now(monkeypatch) -> None:
    """A cast's default payment is read from the plans memo (``_PLANS``, by places in the list of
    sources) when an earlier plan had the same inputs: it must be the plan ``plan_payment``
    makes now, taps and spending alike, for every payment of random games."""
    from mtgengine.rules import mana_payment, mana_planning
    from mtgengine.simulate import play_game
    made = mana_planning.default_plan
    plans = mana_planning.plan_payment
    checked = {"memo": 0, "fresh": 0}        # (the legal-action list has most often made the plan)
    calls = [0]

    def counted(*args, **kwargs):
        calls[0] += 1
        return plans(*args, **kwargs)

    def compared(g, player, req, spell_colors, sources, spend_on):
        before = calls[0]
        plan = made(g, player, req, spell_colors, sources, spend_on)
        checked["fresh" if calls[0] > before else "memo"] += 1
        now = plans(g, player, req, spell_colors, sources=sources, spend_on=spend_on)
        assert (plan is None) == (now is None)
        if plan is not None:
            assert (plan.taps, list(plan.spend.items()), plan.snow) == (now.taps, list(now.spend.items()), now.snow)
        return plan

    monkeypatch.setattr(mana_planning, "plan_payment", counted)       # (what the memo calls for a new plan)
    monkeypatch.setattr(mana_payment, "default_plan", compared)       # (what a payment calls)
    for seed in range(6):
        play_game([PLAN_DECK, PLAN_DECK], seed, seed % 2, 14)
    assert checked["memo"] > 50, checked


def test_memoized_payment_plans_follow_pool_sources_and_cost() -> None:
    """The plans memo answers for the pool, the sources in order and the cost it was asked for:
    changing any of them gives the plan ``plan_payment`` makes for the new inputs."""
    from mtgengine.engine import Game
    from mtgengine.rules.mana_requirements import Requirement
    from mtgengine.rules.mana_sources import tap_sources
    from mtgengine.rules.mana_planning import default_plan, plan_payment
    deck = ["Forest"] * 20 + ["Mountain"] * 20
    game = Game.new_game([deck, deck], seed=1, turn_cap=8)
    g = game.state.clone()
    for oid in list(g.zones[(0, Zone.LIBRARY)])[:4] + list(g.zones[(0, Zone.HAND)]):
        move(Ctx(g, [], lambda *a: None), oid, Zone.BATTLEFIELD, "test", controller=0)
    g.changed()
    sources = tap_sources(g, 0)
    kinds = {s[2] for s in sources}
    assert len(sources) >= 6 and ("G",) in kinds and ("R",) in kinds
    green = next(s for s in sources if s[2] == ("G",))
    plans = []
    but_green = [s for s in sources if s is not green]
    for req, pool, srcs in [(Requirement(("G",), 1), {}, sources), (Requirement(("G",), 1), {}, sources[::-1]),
                            (Requirement(("G",), 1), {"G": 1}, sources), (Requirement(("R",), 2), {}, sources),
                            (Requirement(("G",), 1), {"R": 2}, sources), (Requirement(("G",), 1), {}, but_green)]:
        w = g.clone()
        for kind, n in pool.items():
            w.player(0).pool[kind] += n
        for _ in range(2):                  # (the second one from the memo)
            plan = default_plan(w, 0, req, frozenset({"G"}), srcs, None)
            assert plan == plan_payment(w, 0, req, frozenset({"G"}), sources=srcs)
        plans.append((plan.taps, plan.spend))
    assert len(set(map(repr, plans))) == len(plans)       # each input gave a plan of its own


#: costs with X, hybrid, monocolored hybrid and Phyrexian symbols, kicker, and permanents that
#: change the cost of spells (Thalia, Goblin Electromancer): both ways of finding a total cost
TOTAL_DECK = (["Forest"] * 6 + ["Plains"] * 7 + ["Mountain"] * 7 + ["Boros Garrison"] * 2 + ["Mind Stone"] * 2
              + ["Spectral Procession"] * 3 + ["Blaze"] * 3 + ["Fireball"] * 2 + ["Dismember"] * 2
              + ["Burst Lightning"] * 3 + ["Thalia, Guardian of Thraben"] * 2 + ["Goblin Electromancer"] * 2
              + ["Kitchen Finks"] * 3 + ["Lightning Helix"] * 3 + ["Grizzly Bears"] * 3 + ["Lightning Bolt"] * 3)


def test_total_cost_of_the_mana_cost_alone_is_the_general_one(monkeypatch) -> None:
    """``total_cost`` takes a spell cast for its mana cost alone (no other cost, no change) from
    ``_plain_total``, memoized on the cost, X and X's color: it must be what the general way
    finds, for every total cost of random games (some of them with cost changes and kickers)."""
    from mtgengine.rules import castability, casting, total_cost as total_cost_module
    from mtgengine.simulate import play_game
    found, alone = total_cost_module.total_cost, total_cost_module._mana_cost_alone
    seen = {"alone": 0, "general": 0}

    def counted(*args):
        answer = alone(*args)
        seen["alone" if answer else "general"] += 1
        return answer

    def compared(*args, **kwargs):
        total = found(*args, **kwargs)
        with monkeypatch.context() as m:
            m.setattr(total_cost_module, "_mana_cost_alone", lambda *a: False)
            general = found(*args, **kwargs)
        assert (total.requirement, total.text, total.mana, total.objects, total.counters, total.variants) == \
            (general.requirement, general.text, general.mana, general.objects, general.counters, general.variants)
        return total

    monkeypatch.setattr(total_cost_module, "_mana_cost_alone", counted)
    for module in (casting, castability, total_cost_module):        # each caller of total_cost
        monkeypatch.setattr(module, "total_cost", compared)
    for seed in range(6):
        play_game([TOTAL_DECK, TOTAL_DECK], seed, seed % 2, 14)
    assert seen["alone"] > 30 and seen["general"] > 10, seen


def test_face_characteristics_are_each_faces_and_controllers() -> None:
    """``face_characteristics`` is memoized on the card, the face and the controller."""
    from mtgengine.rules.spell_choices import face_characteristics
    card = card_db().get("Fire // Ice")
    for face, name in ((0, "Fire"), (1, "Ice"), (0, "Fire")):
        for controller in (0, 1, 0):
            ch = face_characteristics(card, face, controller)
            assert (ch.name, ch.controller, ch.mana_cost) == (name, controller, printed(card, face).mana_cost)
    assert face_characteristics(card, 1, 1) is face_characteristics(card, 1, 1)
