"""A pass that reaches a commit point before it could ask or end the game is answered on the
committed state itself (``turn.pass_commits_first``, ``Game._advance``): it must play exactly
as a pass answered on a copy, replayed from the committed state. Each test plays a position
both ways (``copying`` turns the shortcut off) and compares every state, and the positions are
those the shortcut must not take (a question or a change as the next step begins).

Any other answer (but a cast, an activation or a mulligan decision) is given on the committed state too when
``Game.back`` can rebuild it (an older committed state and the answers since): the positions
where the answer then asks or ends the game before a commit point, or is refused, rebuild it
(``Game._replayed``), and must leave the game exactly as the answer given on a copy (the same
saved game)."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from mtgengine import engine
from mtgengine.core.enums import Step, Zone
from mtgengine.engine import Game
from mtgengine.rules.turn import pass_commits_first
from mtgengine.state.serialize import state_to_json
from mtgengine.scenario.builder import Scenario


@contextmanager
def copying() -> Iterator[None]:
    """Every run copies the committed state (the shortcuts are off)."""
    saved, limit = engine.pass_commits_first, engine.BACK_LIMIT
    engine.pass_commits_first = lambda g: 0
    engine.BACK_LIMIT = 0
    try:
        yield
    finally:
        engine.pass_commits_first, engine.BACK_LIMIT = saved, limit


@contextmanager
def rebuilding(counts: list[int]) -> Iterator[None]:
    """Counts the committed states rebuilt from ``Game.back`` (passes that asked in place)."""
    saved = Game._replayed

    def rebuild(back):     # noqa: ANN001, ANN202
        counts.append(len(back[2]))
        return saved(back)

    Game._replayed = staticmethod(rebuild)     # type: ignore[method-assign, assignment]
    try:
        yield
    finally:
        Game._replayed = staticmethod(saved)   # type: ignore[method-assign, assignment]


class Counting:
    """Counts the passes answered on the committed state itself, by the step they end, and the
    committed states rebuilt (the answers replayed for each)."""

    def __init__(self) -> None:
        self.ended: list[Step] = []
        self.handed_on = 0
        self.rebuilt: list[int] = []

    def __call__(self, g) -> bool:    # noqa: ANN001
        answer = pass_commits_first(g)
        if answer and g.passes + 1 >= 2:
            self.ended.append(g.step)
        elif answer:
            self.handed_on += 1
        return answer


def both_ways(play: Callable[[], Scenario]) -> tuple[Game, Counting]:
    """Plays ``play`` with the shortcut and on copies; the two games must be the same."""
    counting = Counting()
    saved = engine.pass_commits_first
    engine.pass_commits_first = counting
    try:
        with rebuilding(counting.rebuilt):
            fast = play().game
    finally:
        engine.pass_commits_first = saved
    with copying():
        slow = play().game
    assert fast.save() == slow.save()
    assert list(fast.state.log) == list(slow.state.log)
    assert (fast.pending is None) == (slow.pending is None)
    if fast.pending is not None:
        assert fast.pending.options == slow.pending.options
    return fast, counting


def test_steps_without_anything_to_do_end_in_place() -> None:
    """Main phase -> beginning of combat -> declare attackers (a commit point) -> end of combat ->
    second main -> end -> cleanup: every step-ending pass of the turn is answered in place."""
    def play() -> Scenario:
        return Scenario("in place", Alice={"battlefield": ["Forest"]}, Bob={}).pass_("end").pass_("turn")
    _, counting = both_ways(play)
    assert counting.ended[:6] == [Step.PRECOMBAT_MAIN, Step.BEGINNING_OF_COMBAT, Step.DECLARE_ATTACKERS,
                                  Step.END_OF_COMBAT, Step.POSTCOMBAT_MAIN, Step.END]


def test_a_target_asked_as_combat_begins() -> None:
    """Blood Mist's trigger asks a target as the beginning of combat step begins (CR 603.3d):
    the pass from the main phase is answered on a copy."""
    def play() -> Scenario:
        s = Scenario("trigger", Alice={"battlefield": ["Blood Mist", "Grizzly Bears", "Hill Giant"]}, Bob={})
        return s.pass_(1).pass_(1)
    game, counting = both_ways(play)
    assert game.pending.kind == "targets"
    assert Step.PRECOMBAT_MAIN not in counting.ended
    assert counting.rebuilt == [1]      # the pass, answered in place, asked: its base rebuilt


def test_two_delayed_triggers_ordered_as_the_end_step_begins() -> None:
    """Two delayed triggers at the next end step (CR 603.7b), ordered by their controller as they
    go on the stack (CR 603.3b): the pass from the second main phase is answered on a copy."""
    def play() -> Scenario:
        s = Scenario("delayed", Alice={"battlefield": ["Plains x4", "Grizzly Bears", "Hill Giant"],
                                       "hand": ["Otherworldly Journey x2"]}, Bob={},
                     turn={"number": 2, "active": "Alice", "step": "postcombat_main"})
        s.cast("Otherworldly Journey", by="Alice", targets=["Grizzly Bears"]).pass_("stack")
        s.cast("Otherworldly Journey", by="Alice", targets=["Hill Giant"]).pass_("stack")
        return s.pass_(1).pass_(1)
    game, counting = both_ways(play)
    assert game.pending.kind == "order" and game.state.step is Step.END
    assert Step.POSTCOMBAT_MAIN not in counting.ended
    assert counting.rebuilt and counting.rebuilt[-1] > 1     # replayed from before the last spell


def test_the_draw_step_is_entered_on_a_copy() -> None:
    """Drawing from an empty library as the draw step begins ends the game at the next check
    (CR 704.5b) before any commit point."""
    def play() -> Scenario:
        return Scenario("decking", Alice={"library": []}, Bob={},
                        turn={"number": 3, "active": "Alice", "step": "upkeep"}).pass_(1).pass_(1)
    game, counting = both_ways(play)
    assert game.over and game.state.winner == 1
    assert Step.UPKEEP not in counting.ended
    assert counting.rebuilt == [1]      # the game ended before a commit point


def _into_the_draw_step(**alice: object) -> Callable[[], Scenario]:
    """Alice's upkeep (turn 2), both players pass: the draw step begins."""
    def play() -> Scenario:
        return Scenario("draw step", Alice=dict(alice), Bob={},
                        turn={"number": 2, "active": "Alice", "step": "upkeep"}).pass_(1).pass_(1)
    return play


def test_the_draw_step_is_entered_in_place() -> None:
    """A draw nothing replaces, that triggers nothing (CR 504.1): the upkeep's last pass is
    answered on the committed state, and the game goes on as on a copy."""
    game, counting = both_ways(_into_the_draw_step(battlefield=["Forest", "Grizzly Bears"],
                                                   library=["Hill Giant", "Forest x3"]))
    g = game.state
    assert g.step is Step.DRAW and game.pending.kind == "priority"
    assert [g.objects[oid].card.name for oid in g.zones[(0, Zone.HAND)]] == ["Hill Giant"]
    assert counting.ended == [Step.UPKEEP]


def test_a_draw_that_asks_is_entered_on_a_copy() -> None:
    """Each draw step below asks a question before its priority: the triggers of two
    permanents watching draws are ordered (CR 603.3b); a miracle card drawn first is revealed
    or not (CR 702.94a); two replacement effects of the draw are ordered (CR 616.1); a
    commander drawn may go to the command zone instead (CR 903.9b); two "at the beginning of
    each player's draw step" triggers are ordered (CR 603.2b, 603.3b)."""
    positions = {
        "order": dict(battlefield=["Lorescale Coatl x2"], library=["Forest x3"]),
        "yesno": dict(battlefield=["Plains"], library=["Terminus", "Forest x3"]),
        "order ": dict(battlefield=["Blood Scrivener", "Phial of Galadriel"], library=["Forest x3"]),
        "yesno ": dict(library=[{"card": "Isamaru, Hound of Konda", "commander": True}, "Forest x3"]),
        "order  ": dict(battlefield=["Howling Mine", "Font of Mythos"], library=["Forest x9"]),
    }
    for kind, alice in positions.items():
        game, counting = both_ways(_into_the_draw_step(**alice))
        assert game.pending.kind == kind.strip() and game.state.step is Step.DRAW, kind
        assert Step.UPKEEP not in counting.ended, kind


def test_two_combat_damage_steps() -> None:
    """CR 510.4: a double strike creature makes a second combat damage step (``next_step`` notes
    it in ``g.combat``): the pass in the first one is answered on a copy."""
    def play() -> Scenario:
        return Scenario("double strike", Alice={"battlefield": ["Fencing Ace"]}, Bob={},
                        turn={"number": 2, "active": "Alice", "step": "precombat_main"}
                        ).attack(["Fencing Ace"]).pass_("end_of_combat")
    game, counting = both_ways(play)
    assert game.state.players[1].life == 18
    assert Step.COMBAT_DAMAGE not in counting.ended


def test_a_second_cleanup_step() -> None:
    """CR 514.3a: Giant Growth ends in the cleanup step and the Bears, with two -1/-1 counters,
    die (CR 704.5f): players get priority in the cleanup step, then another cleanup step
    follows. The pass in the cleanup step is answered on a copy (``next_step`` reads and forgets
    that a cleanup step must follow)."""
    def play() -> Scenario:
        s = Scenario("cleanup", Alice={"battlefield": ["Forest", "Swamp", {"card": "Grizzly Bears",
                                                                           "counters": {"-1/-1": 1}}],
                                       "hand": ["Giant Growth", "Scar"]}, Bob={},
                     turn={"number": 2, "active": "Alice", "step": "postcombat_main"})
        s.cast("Giant Growth", by="Alice", targets=["Grizzly Bears"]).pass_("stack")
        s.cast("Scar", by="Alice", targets=["Grizzly Bears"]).pass_("stack")
        return s.pass_("turn")
    game, counting = both_ways(play)
    log = list(game.state.log)
    turn_3 = next(i for i, line in enumerate(log) if "turn 3 begins" in line)
    assert sum("[CR 514.2]" in line for line in log[:turn_3]) == 2        # two cleanup steps
    g = game.state
    assert [g.objects[oid].card.name for oid in g.zones[(0, Zone.GRAVEYARD)]] == ["Giant Growth", "Scar", "Grizzly Bears"]
    assert Step.CLEANUP not in counting.ended


def test_mana_left_in_a_pool_or_a_creature_in_combat_means_a_copy() -> None:
    """Emptying a pool (CR 500.5) and removing creatures from combat (CR 511.3) change the state
    before priority: the pass must not count on nothing to settle."""
    s = Scenario("pool", Alice={"battlefield": ["Forest"]}, Bob={})
    g = s.game.state
    g.passes = 1
    assert pass_commits_first(g)
    g.player(0).pool["G"] = 1
    g.settled = g.version
    assert not pass_commits_first(g)

    s = Scenario("combat", Alice={"battlefield": ["Grizzly Bears"]}, Bob={})
    s.attack(["Grizzly Bears"]).pass_("end_of_combat")
    g = s.game.state
    g.passes = 1
    assert g.step is Step.END_OF_COMBAT and not pass_commits_first(g)


def test_random_games_with_triggers() -> None:
    """Random games whose permanents trigger as steps begin, with the shortcut and on copies."""
    from mtgengine.agents.agents import RandomAgent
    from mtgengine.simulate import answer_pending
    deck = (["Forest"] * 9 + ["Mountain"] * 9 + ["Grizzly Bears"] * 8 + ["Blood Mist"] * 4
            + ["Otherworldly Journey"] * 4 + ["Plains"] * 6 + ["Giant Growth"] * 4 + ["Shock"] * 4)

    seed = 0     # (a game with a pass answered in place that asks: its base is rebuilt)

    def game_of() -> tuple[Game, list[str]]:
        game = Game.new_game([deck, deck], seed=seed, turn_cap=10)
        agents = (RandomAgent(seed), RandomAgent(seed + 1))
        saves = []
        while not game.over:
            answer_pending(game, agents)
            if len(game.state.log) % 7 == 0:
                saves.append(game.save())
        return game, saves + [game.save()]

    counting = Counting()
    saved = engine.pass_commits_first
    engine.pass_commits_first = counting
    try:
        with rebuilding(counting.rebuilt):
            fast, fast_saves = game_of()
    finally:
        engine.pass_commits_first = saved
    with copying():
        slow, slow_saves = game_of()
    assert fast_saves == slow_saves
    assert list(fast.state.log) == list(slow.state.log)
    assert len(counting.ended) > 50 and counting.rebuilt


def test_every_pass_answered_in_place_when_back_can_rebuild() -> None:
    """With every pass at a priority question answered on the committed state (``back`` as long
    as it grows, none judged safe by ``pass_commits_first``), the games stay the same as on
    copies, saved game by saved game. At every decision, rebuilding the committed state from
    ``back`` (a replay that may cross commit points: the last one made the base) gives the same
    saved game."""
    from mtgengine.agents.agents import RandomAgent
    from mtgengine.simulate import answer_pending
    deck = (["Forest"] * 9 + ["Mountain"] * 9 + ["Grizzly Bears"] * 8 + ["Blood Mist"] * 4
            + ["Otherworldly Journey"] * 4 + ["Plains"] * 6 + ["Giant Growth"] * 4 + ["Shock"] * 4)
    rebuilt: list[int] = []
    checked: list[int] = []
    seed = 15                  # (on turn 8, a pass asks for a target before a commit point)
    fast = Game.new_game([deck, deck], seed=seed, turn_cap=8)
    with copying():
        slow = Game.new_game([deck, deck], seed=seed, turn_cap=8)
    agents = [(RandomAgent(seed), RandomAgent(seed + 1)) for _ in range(2)]
    saved, limit = engine.pass_commits_first, engine.BACK_LIMIT
    while not fast.over:
        engine.pass_commits_first, engine.BACK_LIMIT = (lambda g: False), 10**6
        try:
            with rebuilding(rebuilt):
                answer_pending(fast, agents[0])
        finally:
            engine.pass_commits_first, engine.BACK_LIMIT = saved, limit
        with copying():
            answer_pending(slow, agents[1])
        assert fast.save() == slow.save()
        if fast.back is not None:
            again = Game._replayed(fast.back)
            assert state_to_json(again) == state_to_json(fast.base) and again is not fast.base
            checked.append(len(fast.back[2]))
    assert rebuilt and min(checked) == 0 and max(checked) > 5


def test_attackers_declared_from_the_committed_question() -> None:
    """The state is committed at the attackers question itself, without a copy, and an answer
    replays from the step's beginning (``turn.begin_step``): a refused answer changes nothing,
    and a saved game answers as the game it was saved from."""
    s = Scenario("attack", Alice={"battlefield": ["Grizzly Bears", "Hill Giant", "Forest"]}, Bob={},
                 turn={"number": 2, "active": "Alice", "step": "beginning_of_combat"}).pass_(1)
    game = s.game
    game.submit({"action": "pass"})               # Bob's: the step ends
    assert game.pending.kind == "attackers" and game.base is game.state and not game.at_question
    before = game.save()
    loaded = Game.load(before)
    bears, giant, forest = game.state.battlefield
    rebuilt: list[int] = []
    try:
        with rebuilding(rebuilt):   # tried on the committed state itself, which is then rebuilt
            game.submit([forest])
    except Exception as exc:           # noqa: BLE001
        assert "can't attack" in str(exc)
    else:
        raise AssertionError("a land was declared as an attacker")
    assert rebuilt and game.base is game.state
    assert game.save() == before
    for g in (game, loaded):
        g.submit([bears])
        assert g.pending.kind == "priority" and g.state.step is Step.DECLARE_ATTACKERS
    assert game.save() == loaded.save()
    assert game.state.objects[bears].attacking is not None and game.state.objects[giant].attacking is None


def test_mulligans_committed_at_the_question() -> None:
    """Each mulligan question is committed at the question itself, without a copy (an answer
    replays ``turn.mulligan`` from its marker): a game saved at each of them answers as the
    game it was saved from, up to Alice's seventh mulligan, kept without a question (CR 103.5)."""
    deck = ["Forest"] * 20 + ["Grizzly Bears"] * 20
    game = Game.new_game([deck, deck], seed=4)
    assert game.pending.kind == "mulligan" and game.base is game.state
    asked = 0
    while game.pending.kind == "mulligan":
        answer = game.pending.player == 1          # Alice mulligans, Bob keeps
        saved = game.save()
        game.submit(answer)
        loaded = Game.load(saved)
        loaded.submit(answer)
        assert loaded.save() == game.save()
        asked += 1
    assert asked == 8 and game.state.players[0].mulligans == 7
    assert game.pending.kind == "bottom" and game.pending.player == 0 and len(game.pending.options) == 7
    saved = game.save()
    game.submit(game.pending.options)
    loaded = Game.load(saved)
    loaded.submit(loaded.pending.options)
    assert loaded.save() == game.save() and game.pending.kind == "priority"


def test_an_answer_failing_otherwise_on_the_committed_state_rebuilds_it(monkeypatch) -> None:  # noqa: ANN001
    """An answer given on the committed state itself that fails with another error than a refusal
    (a bug the answer runs into, here a KeyError after the run changed the state) leaves ``base``
    and ``state`` as after a failure on a copy: the committed state is rebuilt from ``back``, not
    left as the run changed it. (A malformed action, which used to be such an answer, is now
    refused by its validator before the rules run: nothing to rebuild.)"""
    from mtgengine.core.errors import IllegalActionError
    from mtgengine.rules import turn
    s = Scenario("malformed", Alice={"battlefield": ["Forest"], "hand": ["Forest"]}, Bob={},
                 turn={"number": 2, "active": "Alice", "step": "precombat_main"})
    game = s.game
    assert game.pending.kind == "priority" and game.back is not None and game.back[0] is not game.base
    before = state_to_json(game.base)
    rebuilt: list[int] = []
    with rebuilding(rebuilt):
        try:
            game.submit({"action": "play"})
        except IllegalActionError as exc:
            assert "a play action names its object" in str(exc)
    assert not rebuilt and state_to_json(game.base) == before

    def broken_play_land(ctx, player, oid, face=None):     # noqa: ANN001, ANN202
        ctx.g.player(player).life = 1
        raise KeyError("a bug")

    monkeypatch.setattr(turn, "play_land", broken_play_land)
    land = next(o for o in game.state.zones[(0, Zone.HAND)])
    try:
        with rebuilding(rebuilt):
            game.submit({"action": "play", "object": land})
    except KeyError:
        pass
    else:
        raise AssertionError("the broken play was accepted")
    assert rebuilt and game.base is game.state and state_to_json(game.base) == before
    assert game.pending is not None and game.pending.kind == "priority" and game.answers == []


def test_back_holds_fewer_answers_than_it_may_replay() -> None:
    """``Game.back`` is dropped once the answers since its state reach ``BACK_LIMIT`` (``_advance``
    would no longer use it), instead of growing with every run answered in place all turn; the
    game plays the same (the oracle: ``benchmarks/check_same_games.py``)."""
    from mtgengine.agents.agents import RandomAgent
    from mtgengine.decklist import REFERENCE_DECK
    from mtgengine.simulate import answer_pending
    game = Game.new_game([list(REFERENCE_DECK), list(REFERENCE_DECK)], seed=3, turn_cap=12)
    agents = (RandomAgent(7), RandomAgent(8))
    longest = dropped = 0
    while not game.over:
        answer_pending(game, agents)
        if game.back is None:
            dropped += 1
        else:
            assert len(game.back[2]) < engine.BACK_LIMIT
            longest = max(longest, len(game.back[2]))
    assert dropped and longest >= engine.BACK_LIMIT // 2      # (the game went past the limit)


def test_passes_answered_in_place_without_replaying_priority() -> None:
    """A pass that reaches a commit point first is answered by ``Game.submit`` on the committed
    state without a replay of ``priority`` up to the pass (``Game._pass_in_place``): one that
    hands priority on asks the next player at once (``turn.hand_on``), one that ends the step
    runs on from the marker. Random games play exactly as with every run on a copy, question
    by question, saved game by saved game."""
    from mtgengine.agents.agents import RandomAgent
    from mtgengine.decklist import REFERENCE_DECK
    from mtgengine.rules.turn import ENDS_STEP, HANDS_ON
    from mtgengine.simulate import answer_pending
    triggers = (["Forest"] * 9 + ["Mountain"] * 9 + ["Grizzly Bears"] * 8 + ["Blood Mist"] * 4
                + ["Otherworldly Journey"] * 4 + ["Plains"] * 6 + ["Giant Growth"] * 4 + ["Shock"] * 4)
    ways: list[int] = []
    saved = engine.pass_commits_first

    def counted(g):      # noqa: ANN001, ANN202
        how = saved(g)
        ways.append(how)
        return how

    for seed, deck in ((2, list(REFERENCE_DECK)), (5, triggers)):
        engine.pass_commits_first = counted
        try:
            fast = Game.new_game([deck, deck], seed=seed, turn_cap=10)
        finally:
            engine.pass_commits_first = saved
        with copying():
            slow = Game.new_game([deck, deck], seed=seed, turn_cap=10)
        agents = [(RandomAgent(seed), RandomAgent(seed + 1)) for _ in range(2)]
        while not fast.over:
            engine.pass_commits_first = counted
            try:
                answer_pending(fast, agents[0])
            finally:
                engine.pass_commits_first = saved
            with copying():
                answer_pending(slow, agents[1])
            assert fast.save() == slow.save()
            if fast.pending is not None:
                a, b = fast.pending, slow.pending
                assert (a.player, a.kind, a.prompt, a.options, a.min, a.max, a.info) == \
                    (b.player, b.kind, b.prompt, b.options, b.min, b.max, b.info)
        assert slow.over and list(fast.state.log) == list(slow.state.log)
    assert ways.count(HANDS_ON) > 100 and ways.count(ENDS_STEP) > 100 and ways.count(0) > 20


def test_a_pass_with_something_to_settle_is_not_handed_on() -> None:
    """``pass_commits_first`` lets a pass hand priority on in place (``turn.hand_on``) only when
    the next player is asked at once: not one ending the step (all players passed in
    succession, CR 117.4: that is ``ENDS_STEP`` when the next step begins quietly), nor one
    after a change since SBAs and triggers were last checked (CR 117.5)."""
    from mtgengine.rules.turn import ENDS_STEP, HANDS_ON, hand_on
    s = Scenario("settle", Alice={"battlefield": ["Forest"]}, Bob={})
    g = s.game.base
    assert g.passes == 0 and g.priority == 0 and pass_commits_first(g) == HANDS_ON
    g.version += 1                      # a change not settled yet
    assert not pass_commits_first(g)
    g.settled = g.version
    g.passes = 1                        # Bob would be the second to pass in succession
    assert pass_commits_first(g) == ENDS_STEP
    g.passes = 0
    asked = hand_on(g)
    assert asked.player == 1 and asked.kind == "priority" and g.passes == 1 and g.priority == 1


@contextmanager
def cloning(counts: list[int]) -> Iterator[None]:
    """Counts the copies of a game state made (``GameState.clone``)."""
    from mtgengine.state.game_state import GameState
    saved = GameState.clone

    def clone(self):     # noqa: ANN001, ANN202
        counts.append(1)
        return saved(self)

    GameState.clone = clone     # type: ignore[method-assign]
    try:
        yield
    finally:
        GameState.clone = saved     # type: ignore[method-assign]


def test_a_turn_ends_into_the_next_without_a_copy() -> None:
    """The cleanup step's commit point (CR 514) copies the state only when its question, a
    discard to hand size, is to come (CR 514.1) or the game stops at the turn cap as it ends:
    otherwise the pass that ends the end step runs on the committed state through the cleanup
    step and the next turn's untap step (CR 502) up to the upkeep's priority question (CR 503),
    and plays as on copies."""
    copies: list[list[int]] = []       # the copies made by the passes, with the shortcuts, then without

    def play() -> Scenario:
        s = Scenario("next turn", Alice={"battlefield": ["Forest"], "hand": ["Grizzly Bears"]},
                     Bob={"battlefield": ["Mountain"]}).pass_("end")
        copies.append([])
        with cloning(copies[-1]):
            return s.pass_("turn")
    game, counting = both_ways(play)
    assert game.state.turn == 2 and game.state.step is Step.UPKEEP and game.pending.kind == "priority"
    assert Step.END in counting.ended and not counting.rebuilt
    assert copies[0] == [] and copies[1]

    def discard() -> Scenario:
        s = Scenario("discard", Alice={"hand": ["Grizzly Bears x8"]}, Bob={}).pass_("end")
        copies.append([])
        with cloning(copies[-1]):
            return s.pass_(1).pass_(1)
    copies.clear()
    game, counting = both_ways(discard)
    assert game.pending.kind == "discard" and not counting.rebuilt and copies[0] == [1]


def test_a_question_after_the_cleanup_step_rebuilds_the_committed_state() -> None:
    """Willow Satyr's controller is asked, in their untap step, whether to untap it (CR 502.3):
    a question the run reaches after the cleanup step's commit point, which didn't copy the
    state. That state is rebuilt by replaying ``Game.back`` (``Game._rebuild_lazy``): the game,
    saved and played on, is the same as on copies. So is a game that ends at the turn cap."""
    def play() -> Scenario:
        s = Scenario("satyr", Alice={"battlefield": [{"card": "Willow Satyr", "tapped": True}]},
                     Bob={"battlefield": ["Forest"]}, turn={"number": 2, "active": "Bob", "step": "end"})
        return s.pass_(1).pass_(1)
    game, counting = both_ways(play)
    assert game.pending.kind == "yesno" and game.state.step is Step.UNTAP and game.state.turn == 3
    assert counting.rebuilt and Step.END in counting.ended

    def capped() -> Scenario:
        s = Scenario("cap", Alice={"battlefield": ["Forest"]}, Bob={}, turn={"number": 2, "active": "Bob",
                                                                         "step": "end"})
        s.game.base.turn_cap = s.game.state.turn_cap = 2
        return s.pass_(1).pass_(1)
    game, counting = both_ways(capped)
    assert game.over and game.state.winner is None and not counting.rebuilt
