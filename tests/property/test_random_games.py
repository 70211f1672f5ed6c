"""Property tests (issue 2): random games never crash and keep invariants; the same seed gives
the same log; save/load round-trips at random decision points; clones are independent."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from mtgengine.agents.agents import RandomAgent
from mtgengine.core.enums import Zone
from mtgengine.core.errors import IllegalActionError
from mtgengine.engine import Game

DECK = (["Forest"] * 12 + ["Mountain"] * 12 + ["Grizzly Bears"] * 8 + ["Llanowar Elves"] * 6
        + ["Hill Giant"] * 4 + ["Lightning Bolt"] * 6 + ["Shock"] * 4 + ["Giant Growth"] * 8)


def step(game: Game, agents: list[RandomAgent]) -> None:
    d = game.pending
    answer = agents[d.player].decide(d)
    try:
        game.submit(answer)
    except IllegalActionError:
        assert d.kind == "blockers", f"the random agent's answer to {d.kind} was refused"
        game.submit([])


def check_invariants(game: Game) -> None:
    g = game.state
    seen: dict[int, str] = {}
    for (p, zone), ids in g.zones.items():
        for oid in ids:
            assert oid not in seen, f"object {oid} in two zones"
            seen[oid] = zone.value
            assert g.objects[oid].zone is zone and g.objects[oid].owner == p
    for oid in g.battlefield + g.stack:
        assert oid not in seen
        seen[oid] = "shared"
    assert set(seen) == set(g.objects), "every object is in exactly one zone"
    assert sum(1 for o in g.objects.values() if o.card is not None and not o.token) == 120
    for oid in g.battlefield:
        assert g.objects[oid].zone is Zone.BATTLEFIELD


def play(seed: int, cap: int = 12, stop_at: int | None = None) -> Game:
    game = Game.new_game([DECK, DECK], seed=seed, turn_cap=cap, first_player=seed % 2)
    agents = [RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2)]
    n = 0
    while not game.over and (stop_at is None or n < stop_at):
        step(game, agents)
        n += 1
    return game


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000))
def test_random_games_keep_invariants(seed: int) -> None:
    game = Game.new_game([DECK, DECK], seed=seed, turn_cap=10, first_player=seed % 2)
    agents = [RandomAgent(seed * 2 + 1), RandomAgent(seed * 2 + 2)]
    while not game.over:
        step(game, agents)
        check_invariants(game)
    lives = [p.life for p in game.state.players]
    assert game.state.winner is not None or game.state.draw or game.state.turn == 10, lives


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 10_000))
def test_same_seed_same_log(seed: int) -> None:
    assert play(seed).log == play(seed).log


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 150))
def test_save_load_round_trips(seed: int, point: int) -> None:
    game = play(seed, stop_at=point)
    text = game.save()
    loaded = Game.load(text)
    assert loaded.save() == text
    assert loaded.state.log == game.state.log
    assert (loaded.pending is None) == (game.pending is None)
    if game.pending is not None:
        assert loaded.pending.options == game.pending.options
    # both continue identically
    a = [RandomAgent(99), RandomAgent(98)]
    b = [RandomAgent(99), RandomAgent(98)]
    for _ in range(30):
        if game.over:
            break
        step(game, a)
        step(loaded, b)
    assert loaded.state.log == game.state.log


def test_clone_is_independent() -> None:
    game = play(3, stop_at=120)
    before = game.save()
    twin = game.clone()
    agents = [RandomAgent(5), RandomAgent(6)]
    for _ in range(40):
        if twin.over:
            break
        step(twin, agents)
    assert game.save() == before
    assert twin.save() != before


def test_resuming_at_the_priority_question_plays_as_replaying() -> None:
    """A run that resumes at the priority question its game stopped at (``Game.at_question``: the
    committed state is the state just before it was asked), and a pass that only hands priority
    on, answered without a copy of the committed state (``turn.pass_commits_first``), play exactly as
    runs that copy the committed state and replay the procedure up to the question."""
    resumed = Game.new_game([DECK, DECK], seed=11, turn_cap=8)
    replayed = Game.new_game([DECK, DECK], seed=11, turn_cap=8)
    a = [RandomAgent(23), RandomAgent(24)]
    b = [RandomAgent(23), RandomAgent(24)]
    resumptions = in_place = 0
    while not resumed.over:
        resumptions += resumed.at_question
        replayed.at_question = False               # forgets where it stopped: replays
        before = resumed.state
        step(resumed, a)
        in_place += resumed.state is before
        step(replayed, b)
        assert replayed.save() == resumed.save()
    assert replayed.over and replayed.state.log == resumed.state.log
    assert resumptions > 100 and in_place > 50
