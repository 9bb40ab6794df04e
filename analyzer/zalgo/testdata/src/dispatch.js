// Calls through a variable the file assigns several functions: the call
// does what any of them does.

// A connection sends at once when open and queues until then: the one
// call through send is both.
function Conn() {
  const pending = [];
  let send = (msg, done) => pending.push(done);
  this.open = () => {
    send = (msg, done) => done(null);
    while (pending.length) pending.shift()(null);
  };
  this.write = (msg, cb) => send(msg, cb); // want "calls its callback cb through send, which holds either the function at line 10, calling it synchronously, or the function at line 8, calling it later"
}

// Near miss: every function the variable may hold defers the call.
function Deferred() {
  let run = (cb) => setTimeout(cb, 10);
  this.fast = () => {
    run = (cb) => process.nextTick(cb);
  };
  this.go = (cb) => run(cb);
}

// Near miss: both answer at once.
function Either(flag) {
  const a = (cb) => cb(1);
  const b = (cb) => cb(2);
  const pick = flag ? a : b;
  return (cb) => pick(cb);
}

// A helper that parks the callback it is given: handing it the
// parameter parks it too.
const waiters = [];
let ready = false;
function wait(cb) {
  waiters.push(cb);
}
function whenReady(cb) {
  if (ready) return cb(); // want "whenReady calls its callback cb synchronously here but asynchronously on other paths \\(through wait"
  wait(cb);
}
function markReady() {
  ready = true;
  while (waiters.length) waiters.shift()();
}

module.exports = { Conn, Deferred, Either, whenReady, markReady };
