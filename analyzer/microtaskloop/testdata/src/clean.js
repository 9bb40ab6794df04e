// Not microtask loops.

// A reaction on a pending promise waits for I/O.
const fs = require('fs');
function poll() {
  fs.promises.readFile(__filename).then(poll);
}
poll();

// setImmediate between rounds.
function fair() {
  Promise.resolve().then(() => setImmediate(fair));
}
fair();

// Promise.resolve().catch never runs its handler.
function never() {
  Promise.resolve().catch(never);
}
never();

// A one-shot microtask.
queueMicrotask(() => console.log('once'));

// Await loops that wait for something real, or end.
const { setTimeout: sleep } = require('timers/promises');
async function ticker() {
  while (true) {
    await sleep(10);
    console.log('tick');
  }
}
ticker();

async function bounded() {
  for (let i = 0; i < 3; i++) {
    await null;
  }
  let n = 0;
  while (n < 5) {
    await null;
    n++;
  }
  while (true) {
    await null;
    if (n-- === 0) break;
  }
}
bounded();

async function fresh(get) {
  for (;;) {
    const p = get();
    await p;
  }
}
fresh(() => new Promise((r) => setTimeout(r, 5)));

// Async recursion after a real wait.
async function again() {
  await new Promise((r) => setTimeout(r, 1));
  again();
}
again();

// for-of is bounded by its collection.
async function each(list) {
  for (const x of list) {
    await x;
  }
}
each([1, 2]);
