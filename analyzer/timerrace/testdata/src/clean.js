// Orders that are fixed, or that nobody can observe.
const fs = require('fs');

// Inside an I/O callback the check phase comes first.
fs.readFile(__filename, () => {
  setTimeout(() => console.log('timeout'), 0);
  setImmediate(() => console.log('immediate'));
});

// Only from an I/O callback.
function fromIO() {
  setTimeout(() => console.log('t'), 0);
  setImmediate(() => console.log('i'));
}
fs.stat(__filename, fromIO);

// Same delay: FIFO. An earlier-created shorter timer: fixed. Far apart.
fs.readFile(__filename, () => {
  setTimeout(() => console.log('one'), 1);
  setTimeout(() => console.log('two'), 1);
  setTimeout(() => console.log('three'), 0);
  setTimeout(() => console.log('four'), 2);
  setTimeout(() => console.log('slow'), 100);
  setTimeout(() => console.log('fast'), 10);
});

// Main module: a timer well in the future, a callback with no effect, a
// delay that is not a constant.
setTimeout(() => console.log('later'), 10);
setTimeout(() => {}, 0);
const ms = Number(process.env.MS);
setTimeout(() => console.log('dyn'), ms);
setImmediate(() => console.log('soon'));

// Separated by an await on something real.
async function staged() {
  setImmediate(() => console.log('first'));
  await fs.promises.readFile(__filename);
  setTimeout(() => console.log('second'), 0);
}
staged();

// A listener's context is unknown: not reported.
process.on('message', () => {
  setTimeout(() => console.log('t'), 0);
  setImmediate(() => console.log('i'));
});
