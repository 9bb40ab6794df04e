#!/usr/bin/env sh
# Packages the extension as looplint.vsix (needs Node and npm, and the
# network for its two dependencies).
set -eu
cd "$(dirname "$0")"
npm install --no-audit --no-fund
npx vsce package --out looplint.vsix
