// Which calls are scheduling sites, and of which kind.
const timers = require('timers');
const { setImmediate: later } = require('node:timers');
const { EventEmitter } = require('events');
const fs = require('fs');
const http = require('http');
const f = () => {};
const p = Promise.resolve();

process.nextTick(f); // want "^nextTick$"
queueMicrotask(f); // want "^queueMicrotask$"
setTimeout(f, 1); // want "^setTimeout$"
timers.setInterval(f, 1); // want "^setInterval$"
later(f); // want "^setImmediate$"
globalThis.setImmediate(f); // want "^setImmediate$"
require('process').nextTick(f); // want "^nextTick$"

p.then(f); // want "^promise reaction$"
p.catch(() => {}); // want "^promise reaction$"
p?.finally(f); // want "^promise reaction$"
p.then(1);

const e = new EventEmitter();
e.on('x', f); // want "^listener$"
e.prependOnceListener('x', f); // want "^listener$"
e.on('x');
e.off('x', f);
e.emit('x'); // want "^emit$"
process.on('exit', f); // want "^listener$"

new Promise(f); // want "^new Promise$"
fs.readFile('a', f); // want "^I/O callback$"
fs.readFileSync('a');
http.createServer((req, res) => {}); // want "^handler$"

clearTimeout(0);
function shadow(setTimeout) {
  setTimeout(f, 1);
}
shadow(f);
