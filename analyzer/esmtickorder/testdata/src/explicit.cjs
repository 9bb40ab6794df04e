// .cjs with an async function called at start-up: its continuation after
// an already-settled await is a promise job.
async function main() {
  console.log('start');
  await null;
  console.log('after await');
}

function later() {
  process.nextTick(() => console.log('tick')); // want `nextTick callback \(line 10\) and a continuation after await null \(line 5\).*CommonJS \(\.cjs extension\)`
}

main();
later();
