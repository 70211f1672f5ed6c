"""Trains a policy that beats the random agent, in pure numpy, in a few minutes on one CPU.

    pip install -e '.[rl]'
    python3 examples/rl/train_reinforce.py [--minutes 3] [--eval-games 200] [--seed 0]

The learner plays Alice in ``mtgengine.env.gym_env("random")`` (the reference deck for both,
the first player alternating with the seed). The policy scores each legal action separately:
a small network (one hidden layer, tanh) reads the action's row of the observation's action
table (docs/RL.md: its type, the card it names as a one-hot over the card pool, whose it is,
its zone) together with a summary of the board (life, cards, lands, creatures, the step and
the decision kind), and the action is drawn from the softmax over the legal ones. Trained
with REINFORCE (Williams 1992): the game's result (+1 won, -1 lost, 0 capped) less a running
baseline, for every action of the game, Adam steps over batches of games.

At the end it plays ``--eval-games`` new games (seeds the training never used, actions drawn
from the trained policy as in training) and prints the win rate against random with a 95 %
confidence interval (Wilson), and the untrained policy's for comparison. (Taking the best-scored
action every time instead plays worse: a deterministic policy gets stuck in loops the capped
games show.)
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from mtgengine.env import gym_env  # noqa: E402
from mtgengine.env.encoding import ACTION_FEATURES, KINDS, STEPS, layout  # noqa: E402


class Features:
    """The input of the network for each action row: the row (card indices one-hot) and the
    board summary, the same for every row of a step."""

    def __init__(self, actions: int, pool: int) -> None:
        self.blocks = layout(actions)
        self.actions = actions
        self.cards = pool + 3                     # EMPTY, HIDDEN, OTHER, then the pool
        self.size = (ACTION_FEATURES - 2) + 2 * self.cards + 18 + len(STEPS) + len(KINDS)

    def __call__(self, obs: np.ndarray, legal: np.ndarray) -> np.ndarray:
        at, length = self.blocks["actions"]
        rows = obs[at:at + length].reshape(self.actions, ACTION_FEATURES)[legal]
        n = len(legal)
        card_a = np.zeros((n, self.cards), np.float32)
        card_b = np.zeros((n, self.cards), np.float32)
        a = rows[:, 9].astype(int)
        b = rows[:, 10].astype(int)
        card_a[np.arange(n), np.clip(a, 0, self.cards - 1)] = 1.0
        card_b[np.arange(n), np.clip(b, 0, self.cards - 1)] = 1.0
        plain = np.delete(rows, [9, 10], axis=1)
        g0 = self.blocks["global"][0]
        me, them = self.blocks["me"][0], self.blocks["opponent"][0]
        summary = np.concatenate([
            obs[me:me + 3] / np.array([20, 10, 7], np.float32), obs[them:them + 3] / np.array([20, 10, 7], np.float32),
            obs[me + 13:me + 17] / 5.0, obs[them + 13:them + 17] / 5.0,
            [obs[g0 + 1], obs[g0] / 20.0, obs[g0 + 2 + len(STEPS)] / 3.0, 1.0],
            obs[g0 + 2:g0 + 2 + len(STEPS)], obs[g0 + 3 + len(STEPS):g0 + 3 + len(STEPS) + len(KINDS)],
        ]).astype(np.float32)
        return np.concatenate([plain, card_a, card_b, np.broadcast_to(summary, (n, len(summary)))], axis=1)


class Policy:
    """logits = w2 · tanh(W1 x + b1) for each legal action's features x; Adam."""

    def __init__(self, inputs: int, hidden: int, rng: np.random.Generator, lr: float = 3e-3) -> None:
        self.params = {"W1": rng.normal(0, 1 / math.sqrt(inputs), (inputs, hidden)).astype(np.float32),
                       "b1": np.zeros(hidden, np.float32),
                       "w2": rng.normal(0, 1 / math.sqrt(hidden), hidden).astype(np.float32)}
        self.m = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.lr, self.t = lr, 0

    def probabilities(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        h = np.tanh(x @ self.params["W1"] + self.params["b1"])
        logits = h @ self.params["w2"]
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum(), h

    def gradient(self, x: np.ndarray, chosen: int, advantage: float, grads: dict[str, np.ndarray]) -> None:
        """Adds the gradient of ``advantage * log p(chosen)`` to ``grads``."""
        p, h = self.probabilities(x)
        d_logits = -p
        d_logits[chosen] += 1.0
        d_logits *= advantage
        grads["w2"] += h.T @ d_logits
        d_h = np.outer(d_logits, self.params["w2"]) * (1 - h * h)
        grads["W1"] += x.T @ d_h
        grads["b1"] += d_h.sum(axis=0)

    def ascend(self, grads: dict[str, np.ndarray], scale: float) -> None:
        self.t += 1
        for k, g in grads.items():
            g = g * scale
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m_hat = self.m[k] / (1 - 0.9 ** self.t)
            v_hat = self.v[k] / (1 - 0.999 ** self.t)
            self.params[k] += self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)


def play(env: object, policy: Policy, features: Features, seed: int, rng: np.random.Generator,
         greedy: bool = False) -> tuple[float, list[tuple[np.ndarray, int]]]:
    """One game: its reward and the (features, chosen row) of every step."""
    obs, info = env.reset(seed=seed)
    steps: list[tuple[np.ndarray, int]] = []
    while True:
        legal = np.flatnonzero(info["action_mask"])
        x = features(obs, legal)
        p, _h = policy.probabilities(x)
        k = int(np.argmax(p)) if greedy else int(rng.choice(len(legal), p=p))
        steps.append((x, k))
        obs, reward, terminated, truncated, info = env.step(int(legal[k]))
        if terminated or truncated:
            return float(reward), steps


def wilson(wins: float, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    z, p = 1.96, wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def evaluate(env: object, policy: Policy, features: Features, games: int, first_seed: int) -> tuple[float, int, int]:
    rng = np.random.default_rng(first_seed)
    wins = losses = 0
    for i in range(games):
        reward, _ = play(env, policy, features, first_seed + i, rng)
        wins += reward > 0
        losses += reward < 0
    return wins / games, wins, losses


def main() -> int:
    parser = argparse.ArgumentParser(description="REINFORCE in numpy against the random agent")
    parser.add_argument("--minutes", type=float, default=3.0, help="training time (CPU minutes of this process)")
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--batch", type=int, default=8, help="games per update")
    parser.add_argument("--hidden", type=int, default=32)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    env = gym_env("random", seed=args.seed, turn_cap=30)
    features = Features(env.core.actions, len(env.core.encoder.card_pool))
    rng = np.random.default_rng(args.seed)
    policy = Policy(features.size, args.hidden, rng)
    eval_seed = 10_000_000 + args.seed * 100_000
    before, _w, _l = evaluate(env, policy, features, min(args.eval_games, 100), eval_seed)
    print(f"untrained policy against random: {before:.1%} won ({min(args.eval_games, 100)} games)", flush=True)
    baseline, games, start = 0.0, 0, time.process_time()
    recent: list[float] = []
    while time.process_time() - start < args.minutes * 60:
        grads = {k: np.zeros_like(v) for k, v in policy.params.items()}
        count = 0
        for _ in range(args.batch):
            reward, steps = play(env, policy, features, args.seed * 1_000_000 + games, rng)
            games += 1
            recent.append(reward)
            advantage = reward - baseline
            baseline += 0.02 * (reward - baseline)
            for x, k in steps:
                policy.gradient(x, k, advantage, grads)
            count += len(steps)
        policy.ascend(grads, 1.0 / max(count, 1))
        if games % (args.batch * 25) == 0:
            window = recent[-200:]
            print(f"{games} games, {time.process_time() - start:.0f} s: won {sum(r > 0 for r in window) / len(window):.1%} "
                  f"of the last {len(window)} (sampling)", flush=True)
    rate, wins, losses = evaluate(env, policy, features, args.eval_games, eval_seed)
    low, high = wilson(wins, args.eval_games)
    print(f"trained on {games} games in {time.process_time() - start:.0f} CPU s")
    print(f"win rate against random: {rate:.1%} ({wins} won, {losses} lost, "
          f"{args.eval_games - wins - losses} capped of {args.eval_games}; 95% CI {low:.1%}-{high:.1%}), "
          f"untrained {before:.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
