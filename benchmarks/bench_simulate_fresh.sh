#!/usr/bin/env bash
# The phase.rs peer, then `python3 -m mtgengine simulate --games M --json` in fresh processes
# (everything a user's first run pays but the imports and the card set-up, which `simulate`
# does before its timer), and the ratio of simulate's own games_per_second to the peer's.
#
#   bash benchmarks/bench_simulate_fresh.sh [PEER_GAMES] [GAMES] [RUNS]   (defaults 20, 100, 3)
#
# Each of the RUNS fresh processes is reported, and their median; only ratios measured in one
# go compare (see benchmarks/README.md). PYTHON: the interpreter (default python3).
set -euo pipefail

peer_games="${1:-20}"
games="${2:-100}"
runs="${3:-3}"
python="${PYTHON:-python3}"
cd "$(dirname "$0")/.."   # the repository root
shared="${SHARED:-../shared}"
if [ ! -d "$shared" ]; then     # a worktree elsewhere: the shared folder beside the main checkout
    shared="$(git rev-parse --path-format=absolute --git-common-dir)/../../shared"
fi

if [ ! -x .phase-venv/bin/python ]; then
    python3 -m venv .phase-venv && .phase-venv/bin/pip install phase-python==0.103.0
fi
workdir="$(mktemp -d)"
echo "== phase.rs (phase-python 0.103.0), $peer_games games" >&2
.phase-venv/bin/python "$shared/bench/phase/bench_phase.py" --games "$peer_games" --no-ai \
    --workdir "$workdir" --json-out phase.json >&2
for i in $(seq "$runs"); do
    echo "== mtgengine: a fresh python3 -m mtgengine simulate --games $games --json ($i/$runs)" >&2
    "$python" -m mtgengine simulate --games "$games" --json > "$workdir/ours-$i.json"
done

"$python" - phase.json "$workdir"/ours-*.json <<'PY'
import json
import statistics
import sys

phase = json.load(open(sys.argv[1]))
mini = next(s for s in phase["suites"] if s["label"] == "mini" and not s["fast_forward"])
runs = [json.load(open(path)) for path in sys.argv[2:]]
peer = mini["games_per_s"]
for i, run in enumerate(runs, 1):
    print(f"run {i}: {run['games']} games in {run['seconds']} s, {run['games_per_second']:.2f} games/s "
          f"({run['decisions_per_second']:.0f} decisions/s): {run['games_per_second'] / peer:.1f}x")
ours = statistics.median(r["games_per_second"] for r in runs)
decisions = statistics.median(r["decisions_per_second"] for r in runs)
print(f"phase.rs: {peer:.3f} games/s, {mini['policy_actions_per_s']:.1f} policy actions/s")
print(f"median of {len(runs)}: {ours:.2f} games/s -> {ours / peer:.1f}x the peer in games/s, "
      f"{decisions / mini['policy_actions_per_s']:.1f}x in decisions/s")
PY
