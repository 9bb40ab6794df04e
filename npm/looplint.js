#!/usr/bin/env node
// looplint's npm launcher: the Go binary comes in the package for this
// platform (@looplint/OS-ARCH, an optional dependency, so npm installs
// only the one that fits); this script finds it and runs it with the
// arguments, standard streams and exit status passed through.
'use strict';
const { spawnSync } = require('child_process');
const path = require('path');

const pkg = `@looplint/${process.platform}-${process.arch}`;
const exe = process.platform === 'win32' ? 'looplint.exe' : 'looplint';

let bin;
try {
  bin = require.resolve(`${pkg}/bin/${exe}`);
} catch (e) {
  process.stderr.write(
    `looplint: no binary for ${process.platform}-${process.arch}: the package ${pkg} is not installed.\n` +
    'npm installs it as an optional dependency of looplint; reinstall without --no-optional (or --omit=optional),\n' +
    `or install ${pkg} yourself. Supported: linux, darwin and win32 on x64 and arm64.\n`);
  process.exit(2);
}
const r = spawnSync(bin, process.argv.slice(2), { stdio: 'inherit', windowsHide: true });
if (r.error) {
  process.stderr.write(`looplint: cannot run ${path.relative(process.cwd(), bin) || bin}: ${r.error.message}\n`);
  process.exit(2);
}
if (r.signal) process.kill(process.pid, r.signal);
process.exit(r.status === null ? 2 : r.status);
