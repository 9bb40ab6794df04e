// Emits right after creation, in shapes the simple pattern missed.
const EventEmitter = require('events');

// Several bindings in one declaration.
var bus = new EventEmitter(), count = 0;
bus.emit('boot', count); // want "bus.emit\\('boot'\\) right after bus is created runs before any listener is attached"
bus.on('boot', () => {});

// In a branch of an if that does not touch the emitter.
function start(verbose) {
  const ev = new EventEmitter();
  if (verbose) {
    console.log('starting');
  } else {
    ev.emit('quiet'); // want "ev.emit\\('quiet'\\) right after ev is created"
  }
  ev.on('quiet', () => {});
  return ev;
}
start(false);

// Listeners first, then the emit in a branch: fine.
function later(flag) {
  const e2 = new EventEmitter();
  e2.on('go', () => {});
  if (flag) e2.emit('go');
}
later(true);

// A factory that emits before it returns the emitter; the helper it
// calls on the way does not know the emitter.
function normalize(o) { return o || {}; }
function makeClient(opts) {
  const client = new EventEmitter();
  opts = normalize(opts);
  if (opts.offline) {
    client.emit('ready'); // want "client.emit\\('ready'\\) right after client is created"
  }
  return client;
}
makeClient({ offline: true }).on('ready', () => {});

// A helper that may attach listeners to it through the closure stops
// the search.
function makeWired() {
  const w = new EventEmitter();
  function wire() { w.on('go', () => {}); }
  wire();
  w.emit('go');
  return w;
}
makeWired();
