import { readFileSync } from 'node:fs';
import * as cp from 'child_process';

readFileSync('start-up.txt');
setTimeout(() => readFileSync('x'), 0); // want "fs.readFileSync blocks the event loop in a setTimeout callback"
queueMicrotask(() => cp.spawnSync('ls')); // want "child_process.spawnSync blocks the event loop in a queueMicrotask callback"
