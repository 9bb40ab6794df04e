// A tour of Node's event loop: what prints first, and what depends on timing?
// Try: looplint run --explore 100 testdata/examples/event-loop-tour.js
const fs = require('fs');

console.log('1. script start');

setTimeout(() => console.log('timeout 0'), 0);
setImmediate(() => console.log('immediate'));

process.nextTick(() => console.log('2. nextTick'));
Promise.resolve().then(() => console.log('3. promise'));

(async () => {
  await null;
  console.log('4. after await');
})();

fs.readFile(__filename, () => {
  // Inside an I/O callback the check phase comes next, so this order is fixed.
  setTimeout(() => console.log('readFile -> timeout'), 0);
  setImmediate(() => console.log('readFile -> immediate'));
});

console.log('1. script end');
