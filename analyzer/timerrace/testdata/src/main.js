// Races from the main module.
setTimeout(() => console.log('timeout'), 0); // want "setTimeout\\(…, 0\\) callback \\(line 2\\) and setImmediate callback \\(line 3\\) are scheduled together in the main module"
setImmediate(() => console.log('immediate'));

// No delay, a string delay, a negative delay: all become 1 ms.
const { EventEmitter } = require('events');
const bus = new EventEmitter();
setImmediate(function first() { bus.emit('first'); });
setTimeout(function second() { bus.emit('second'); }); // want "setTimeout\\(…\\) callback \\(line 9\\) and setImmediate callback \\(line 8\\)"
setTimeout(() => process.stdout.write('x'), '1'); // want "setTimeout\\(…, '1'\\) callback \\(line 10\\)"
setTimeout(() => process.stdout.write('y'), -5); // want "setTimeout\\(…, -5\\) callback"

// A later, shorter timer races with the immediates too (one report).
const order = [];
setTimeout(() => order.push('a'), 2);
setTimeout(() => order.push('b'), 1); // want "setTimeout\\(…, 1\\) callback \\(line 16\\) and setImmediate callback \\(line 8\\)"

// Inside a promise executor at start-up.
new Promise((resolve) => {
  setTimeout(resolve, 0); // want "are scheduled together in start-up code"
  setImmediate(() => console.log('imm'));
});

// Inside a timer callback the order is fixed (immediate first: a timer
// made in the timers phase never runs in it; measured on Node 20, 40/40);
// inside a setImmediate callback it races.
setTimeout(() => {
  setTimeout(() => console.log('t'), 1);
  setImmediate(() => console.log('i'));
}, 50);
setImmediate(function later() {
  setImmediate(() => console.log('i2'));
  setTimeout(() => console.log('t2')); // want "in a setImmediate callback \\(setImmediate at line 31\\)"
});

// A helper called from the main module.
function both(cb) {
  setImmediate(() => cb('immediate'));
  setTimeout(() => cb('timeout'), 0); // want "in start-up code \\(reached from the main module at line 41\\)"
}
both((x) => console.log(x));
