#!/usr/bin/env bash
# Usage: scripts/quiz-verify.sh VERSION...
# Draws QUIZ_N (default 50) puzzles per Node VERSION with `looplint quiz --print` (levels 1, 2, 3
# in turn, seeds 1..N) and checks each with `looplint verify --perturb` on that release's real
# binary (installed on first use, see scripts/fetch-node.sh), QUIZ_RUNS (default 20) runs each.
# A puzzle claims one order: every one should come out "exact" (one predicted, one observed).
# The puzzles stay in QUIZ_DIR (default: a temp directory) for a second look.
set -eu -o pipefail
[ $# -gt 0 ] || { echo "usage: $0 VERSION..." >&2; exit 2; }
cd "$(dirname "$0")/.."
n=${QUIZ_N:-50}
runs=${QUIZ_RUNS:-20}
dir=${QUIZ_DIR:-$(mktemp -d)}
go build -o "$dir/looplint" ./cmd/looplint
status=0
for v in "$@"; do
	out="$dir/node-$v"
	mkdir -p "$out"
	for i in $(seq 0 $((n - 1))); do
		level=$((i % 3 + 1))
		seed=$((i + 1))
		"$dir/looplint" quiz --level "$level" --seed "$seed" --node "$v" --print >"$out/quiz-level$level-seed$seed.js"
	done
	echo "== Node $v: $n puzzles in $out, $runs perturbed runs each"
	"$dir/looplint" verify --node "$v" --runs "$runs" --perturb --jobs 2 "$out" || status=$?
done
exit $status
