#!/bin/sh
# Records real Node output for every testdata/*.txtar archive.
# Usage: runtime/jslib/testdata/record.sh [file.txtar ...]
# Needs `node` (v20.20.2) on PATH. Rewrites the node-<version>.out section
# (stdout) and the node-<version>.err section (stderr, with the PID replaced
# by "PID" and Node's "(Use `node --trace-...`" hint lines removed; the
# section is omitted when stderr is empty).
set -eu
cd "$(dirname "$0")"
ver=$(node --version | sed 's/^v//')
if [ "$#" -eq 0 ]; then set -- *.txtar; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in "$@"; do
	# Extract the -- main.js -- section (up to the next section header).
	awk '/^-- main\.js --$/{on=1;next} /^-- .* --$/{on=0} on' "$f" >"$tmp/main.js"
	(cd "$tmp" && node main.js >out.txt 2>err.txt) || true
	sed -E 's/\(node:[0-9]+\)/(node:PID)/; /^\(Use `node --trace-/d' "$tmp/err.txt" >"$tmp/err.norm"
	{
		awk '/^-- .* --$/{exit} {print}' "$f"
		printf -- '-- main.js --\n'
		cat "$tmp/main.js"
		printf -- '-- node-%s.out --\n' "$ver"
		cat "$tmp/out.txt"
		if [ -s "$tmp/err.norm" ]; then
			printf -- '-- node-%s.err --\n' "$ver"
			cat "$tmp/err.norm"
		fi
	} >"$f.new"
	mv "$f.new" "$f"
	echo "recorded $f"
done
