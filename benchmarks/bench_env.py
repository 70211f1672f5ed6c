"""Env steps per second of mtgengine.env (issue 21): observation encoding and masks included.

    python3 benchmarks/bench_env.py [--steps 20000] [--seed 0] [--vector 2] [--json]

A random policy (uniform among the mask's legal actions, numpy's generator) on the reference
deck for both players. Reports, each in process CPU time on one core (other jobs on the
machine move wall time, not CPU time):

- ``aec``: the PettingZoo AEC env, both seats stepped by the policy (``observe`` + ``step``);
- ``aec_all_decisions``: the same with ``skip_forced=False`` (every sub-decision a step, the
  lone passes included);
- ``gym``: the Gymnasium env against the built-in ``random`` opponent (whose decisions are
  inside the steps, not counted as steps);

and ``vector``: ``gymnasium.vector.AsyncVectorEnv`` with ``--vector`` worker processes of the
gym env: steps per *wall* second (the machine's load shows here: the load average is printed),
and from the CPU time of the workers and of the main process the rate the run would reach on
idle cores (the busiest process's CPU time).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from mtgengine.env.aec import raw_env  # noqa: E402
from mtgengine.env.gym import gym_env  # noqa: E402


def _pick(rng: np.random.Generator, mask: np.ndarray) -> int:
    legal = np.flatnonzero(mask)
    if not len(legal):          # a vector env's game just ended: the next step resets it, the action unused
        return 0
    return int(legal[rng.integers(len(legal))])


def bench_aec(steps: int, seed: int, skip_forced: bool = True) -> dict[str, Any]:
    env = raw_env(seed=seed, skip_forced=skip_forced)
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    games = done = 0
    start = time.process_time()
    while done < steps:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            games += 1
            env.reset()
            continue
        obs = env.observe(agent)
        env.step(_pick(rng, obs["action_mask"]))
        done += 1
    seconds = time.process_time() - start
    return {"steps": done, "games": games, "cpu_seconds": round(seconds, 3), "steps_per_second": round(done / seconds)}


def bench_gym(steps: int, seed: int) -> dict[str, Any]:
    env = gym_env("random", seed=seed)
    rng = np.random.default_rng(seed)
    _obs, info = env.reset(seed=seed)
    games = done = 0
    start = time.process_time()
    while done < steps:
        _obs, _reward, terminated, truncated, info = env.step(_pick(rng, info["action_mask"]))
        done += 1
        if terminated or truncated:
            games += 1
            _obs, info = env.reset()
    seconds = time.process_time() - start
    return {"steps": done, "games": games, "cpu_seconds": round(seconds, 3), "steps_per_second": round(done / seconds)}


def _make(index: int, seed: int) -> Any:
    return lambda: gym_env("random", seed=seed + 1_000_000 * index)


def bench_vector(steps: int, seed: int, workers: int) -> dict[str, Any]:
    from gymnasium.vector import AsyncVectorEnv
    envs = AsyncVectorEnv([_make(i, seed) for i in range(workers)])
    rng = np.random.default_rng(seed)
    _obs, info = envs.reset(seed=seed)
    done = 0
    start = time.perf_counter()
    before = os.times()
    while done < steps:
        masks = info["action_mask"]
        actions = np.array([_pick(rng, m) for m in masks])
        _obs, _rewards, _terminated, _truncated, info = envs.step(actions)
        done += workers
    seconds = time.perf_counter() - start
    envs.close()                # (joins the workers: their CPU time is counted in os.times once they end)
    after = os.times()
    workers_cpu = after.children_user + after.children_system - before.children_user - before.children_system
    main_cpu = after.user + after.system - before.user - before.system
    # On idle cores the run would take as long as its busiest process: the workers' CPU time
    # shared evenly, or the main process's (which samples the actions and gathers the results).
    bound = max(workers_cpu / workers, main_cpu)
    return {"workers": workers, "steps": done, "wall_seconds": round(seconds, 3),
            "steps_per_wall_second": round(done / seconds), "workers_cpu_seconds": round(workers_cpu, 3),
            "main_cpu_seconds": round(main_cpu, 3), "steps_per_second_on_idle_cores": round(done / bound)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--vector", type=int, default=2, help="workers of the vectorized run (0: none)")
    parser.add_argument("--only-vector", action="store_true", help="only the vectorized run")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result: dict[str, Any] = {"load_average": [round(x, 2) for x in os.getloadavg()], "cpus": os.cpu_count()}
    if not args.only_vector:
        result["aec"] = bench_aec(args.steps, args.seed)
        result["aec_all_decisions"] = bench_aec(args.steps, args.seed, skip_forced=False)
        result["gym"] = bench_gym(args.steps, args.seed)
    if args.vector:
        result["vector"] = bench_vector(args.steps, args.seed, args.vector)
    result["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
