#!/usr/bin/env bash
# Regenerates the node-<version>.out sections of every testdata/*.txtar by
# running its cases.js under real Node binaries.
# Usage: testdata/record.sh [node-binary ...]
#   default: node on PATH; e.g. record.sh node /tmp/n10/package/bin/node
set -euo pipefail
cd "$(dirname "$0")"
nodes=("$@")
[ ${#nodes[@]} -eq 0 ] && nodes=(node)
export TZ=UTC
for f in *.txtar; do
  tmp=$(mktemp -d)
  awk '/^-- cases\.js --$/ {on=1; next} /^-- .* --$/ {on=0} on' "$f" > "$tmp/cases.js"
  {
    echo "-- cases.js --"
    cat "$tmp/cases.js"
    for n in "${nodes[@]}"; do
      v=$("$n" --version)
      echo "-- node-${v#v}.out --"
      (cd "$tmp" && "$n" cases.js)
    done
  } > "$tmp/out.txtar"
  mv "$tmp/out.txtar" "$f"
  rm -rf "$tmp"
done
