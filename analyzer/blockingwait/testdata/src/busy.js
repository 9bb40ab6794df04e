const t0 = Date.now();
while (Date.now() - t0 < 50) { /* spin */ } // want "busy-wait loop on Date.now\\(\\) blocks the event loop"

function sleep(ms) {
  const end = performance.now() + ms;
  do {} while (performance.now() < end); // want "busy-wait loop on performance.now\\(\\)"
}
sleep(1);

function waitHr() {
  const start = process.hrtime.bigint();
  for (;;) { // want "busy-wait loop on process.hrtime.bigint\\(\\)"
    if (process.hrtime.bigint() - start > 1000000n) break;
  }
}
waitHr();

let now = 0;
const limit = Date.now() + 5;
while (now < limit) { // want "busy-wait loop on Date.now\\(\\)"
  now = Date.now();
}

// Not busy waits: work until a deadline, await inside, a counted loop
// that records times.
async function slices(queue, work) {
  const deadline = Date.now() + 5;
  while (Date.now() < deadline && queue.length) work(queue.shift());
  while (Date.now() < deadline) await new Promise((r) => setTimeout(r, 1));
  const times = [];
  for (let i = 0; i < 3; i++) times.push(Date.now());
  let last;
  for (let i = 0; i < 3; i++) last = Date.now();
  return [times, last];
}
slices([], () => {});
