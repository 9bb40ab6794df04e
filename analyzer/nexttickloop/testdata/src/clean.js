// Not loops: a macrotask in between, a one-shot tick, a shadowed process.
function spinFair() {
  setImmediate(spinFair);
}
spinFair();

function later() {
  setTimeout(() => process.nextTick(later), 10);
}
later();

function once(cb) {
  process.nextTick(cb);
}
once(() => console.log('done'));

function shadowed(process) {
  function again() {
    process.nextTick(again);
  }
  again();
}
shadowed({ nextTick() {} });
