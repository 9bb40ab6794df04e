// Await loops that never give the event loop a turn.
let ticks = 0;
setTimeout(() => console.log('never', ticks), 0);

async function spin() {
  while (true) { // want "await loop in spin never ends and awaits only already-settled values \\(await null\\)"
    await null;
    ticks++;
  }
}
spin();

async function same(p) {
  for (;;) { // want "await loop in same never ends and awaits only already-settled values \\(await p\\)"
    await p;
    ticks++;
  }
}
same(fetch('http://example.com'));

let running = true;
async function flag() {
  while (running) { // want "await loop in flag runs while a condition holds .*\\(await Promise.resolve\\(\\)\\)"
    await Promise.resolve();
    ticks++;
  }
}
flag();

// Top-level await loop of a module.
do { // want "await loop in the top level never ends"
  await undefined;
} while (1);
