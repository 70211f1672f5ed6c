"""mtgengine.env passes PettingZoo's and Gymnasium's own checks (issue 21), and plays whole games."""
from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from mtgengine.env import env, gym_env, raw_env  # noqa: E402
from mtgengine.env.encoding import observation_size  # noqa: E402


def test_the_aec_env_passes_pettingzoos_api_test() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")      # (a Dict observation, as in PettingZoo's classic games)
        api_test(env(seed=3, turn_cap=12), num_cycles=400)


def test_the_gym_env_passes_gymnasiums_env_checker() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")      # (no spec: not made through gymnasium.make)
        check_env(gym_env("random", seed=1, turn_cap=12))


def _play_aec(e: object, seed: int) -> tuple[list[int], dict[str, float], int]:
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    actions: list[int] = []
    totals = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter(20_000):
        obs, reward, terminated, truncated, _info = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        assert obs["observation"].shape == (observation_size(e.unwrapped.core.actions),)
        assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) >= 1
        action = int(rng.choice(legal))
        actions.append(action)
        e.step(action)
    return actions, totals, e.unwrapped.core.game.state.turn


def test_a_whole_game_ends_with_the_winner_rewarded_and_replays_the_same_for_its_seed() -> None:
    first = _play_aec(env(turn_cap=40), 5)
    again = _play_aec(env(turn_cap=40), 5)
    assert first == again                                # deterministic for the seed and the actions
    actions, totals, _turn = first
    assert len(actions) > 20
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_the_non_deciding_player_gets_an_all_zero_mask() -> None:
    e = raw_env(seed=2)
    e.reset(seed=2)
    other = next(a for a in e.possible_agents if a != e.agent_selection)
    assert e.observe(e.agent_selection)["action_mask"].any()
    assert not e.observe(other)["action_mask"].any()


def test_an_illegal_action_is_replaced_by_a_legal_one_and_said_so() -> None:
    e = raw_env(seed=4)
    e.reset(seed=4)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    agent = e.agent_selection
    e.step(illegal)
    assert e.unwrapped.core.illegal_actions == 1
    assert e.infos[agent].get("illegal_action") is True


def test_the_gym_env_plays_against_a_named_opponent_to_the_end() -> None:
    g = gym_env("greedy", seed=7, turn_cap=30)
    obs, info = g.reset(seed=7)
    rng = np.random.default_rng(0)
    steps = 0
    terminated = truncated = False
    reward = 0.0
    while not (terminated or truncated):
        assert np.array_equal(info["action_mask"], g.action_masks())
        obs, reward, terminated, truncated, info = g.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        steps += 1
        assert obs.shape == g.observation_space.shape
    assert steps > 5
    # a random learner against greedy: greedy wins (or the cap stops it)
    assert reward == -1.0 or truncated


def test_an_unknown_opponent_is_refused_with_the_names() -> None:
    with pytest.raises(ValueError, match="unknown agent 'nobody'"):
        gym_env("nobody")
