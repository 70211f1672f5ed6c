#!/usr/bin/env bash
# Runs the phase.rs peer benchmark and ours back to back on the same reference workload, then
# prints both speeds and the ratio ours/phase. Run on one machine in one go: only the ratio
# is comparable between runs (see ../shared/bench/README.md).
#
#   bash benchmarks/run_peer.sh [GAMES]     (default 10; a phase game takes about 2 s)
#
# PYTHON names the interpreter where mtgengine is installed (default: python3).
set -euo pipefail

games="${1:-10}"
python="${PYTHON:-python3}"
cd "$(dirname "$0")/.."   # the repository root: the shared folder is ../shared from there
shared="${SHARED:-../shared}"
if [ ! -d "$shared" ]; then     # a worktree elsewhere: the shared folder beside the main checkout
    shared="$(git rev-parse --path-format=absolute --git-common-dir)/../../shared"
fi

if [ ! -x .phase-venv/bin/python ]; then
    python3 -m venv .phase-venv && .phase-venv/bin/pip install phase-python==0.103.0
fi

workdir="$(mktemp -d)"
echo "== phase.rs (phase-python 0.103.0), $games games" >&2
.phase-venv/bin/python "$shared/bench/phase/bench_phase.py" --games "$games" --no-ai \
    --workdir "$workdir" --json-out phase.json
echo "== mtgengine, $games games" >&2
"$python" benchmarks/bench_engine.py --games "$games" --json-out "$workdir/mtgengine.json"

"$python" - phase.json "$workdir/mtgengine.json" <<'PY'
import json
import sys

phase = json.load(open(sys.argv[1]))
ours = json.load(open(sys.argv[2]))
# The peer's suite with every action, priority passes included, chosen by the random policy.
mini = next(s for s in phase["suites"] if s["label"] == "mini" and not s["fast_forward"])
mid = min(phase["clone_cost"]["mini"], key=lambda c: abs(c["turn"] - 8))  # nearest our turn 8
games, clone = ours["games"], ours["clone"]
rows = [
    ("games/s", games["games_per_s"], mini["games_per_s"]),
    ("decisions/s", games["decisions_per_s"], mini["policy_actions_per_s"]),
]
print(f"{'':<14}{'mtgengine':>12}{'phase.rs':>12}{'ours/phase':>12}")
for name, a, b in rows:
    print(f"{name:<14}{a:>12.2f}{b:>12.2f}{a / b:>12.2f}")
# Not the comparison (the peer plays in one process): the same games on every core.
cores = ours.get("games_all_cores")
if cores:
    print(f"(ours on {cores['processes']} processes: {cores['games_per_s']:.2f} games/s, "
          f"{cores['games_per_s'] / mini['games_per_s']:.2f} x the peer's one process)")
# The peer's only clone is a snapshot and a restore, so it compares with our save + load too.
print(f"clone, turn {clone['turn']}: ours Game.clone {clone['game_clone_us']} us, "
      f"GameState.clone {clone['state_clone_us']} us; phase state()+load_game() "
      f"{mid['clone_roundtrip_ms']} ms (turn {mid['turn']})")
load = f"load {clone['load_ms']} ms" if "load_ms" in clone else f"load failed ({clone['load_error']})"
print(f"save/load, turn {clone['turn']}: ours save {clone['save_ms']} ms, {load}")
print(f"reports: phase.json, {sys.argv[2]}")
PY
