// Callbacks followed through helper functions, closures handed to them,
// methods that call a callback stored on this, and cb.call/cb.apply.
const fs = require('fs');
const cache = {};

// A helper that calls back at once, and one that defers.
function finish(cb, v) { cb(null, v); }
function later(cb, v) { setImmediate(() => cb(null, v)); }
function get(k, cb) {
  if (cache[k]) return finish(cb, cache[k]); // want "get calls its callback cb synchronously here \\(through finish\\) but asynchronously on other paths \\(through later, line 11\\)"
  later(cb, k);
}
get('a', () => {});

// A closure handed to a helper that queues it.
function defer(fn) { process.nextTick(fn); }
function read(k, cb) {
  if (!k) return cb(new Error('no key')); // want "read calls its callback cb synchronously here but asynchronously on other paths \\(through defer, line 19\\)"
  defer(() => cb(null, k));
}
read('k', () => {});

// cb.call and cb.apply count as calls of cb.
const answers = {};
function ask(q, cb) {
  if (q in answers) {
    cb.call(null, answers[q]); // want "ask calls its callback cb synchronously here but asynchronously on other paths \\(in a setTimeout callback, line 30\\)"
    return;
  }
  setTimeout(function () { cb.apply(null, [q]); }, 1);
}
ask('q', () => {});

// A callback stored on the object and called later by another method,
// in an old-style class with var self = this.
function Conn() { this.busy = false; }
Conn.prototype.query = function (sql, cb) {
  if (!sql) return cb(new Error('empty')); // want "Conn.query calls its callback cb synchronously here but asynchronously on other paths \\(through Conn.send, line 40\\)"
  this.onDone = cb;
  this.send(sql);
};
Conn.prototype.send = function (sql) {
  var self = this;
  fs.stat(sql, function () { self.onDone(null, sql); });
};
new Conn().query('', () => {});

// cb.bind handed to a timer.
function tick(n, cb) {
  if (n === 0) return cb(); // want "tick calls its callback cb synchronously here but asynchronously"
  setTimeout(cb.bind(null, n), 0);
}
tick(0, () => {});

// A local function that calls back, called at once on one path and from
// an I/O callback on the other.
function stat2(p, cb) {
  function done(err) { cb(err); }
  if (!p) return done(new Error('no path')); // want "stat2 calls its callback cb synchronously here \\(through done\\) but asynchronously on other paths \\(in a fs.stat callback, line 60\\)"
  fs.stat(p, (err) => done(err));
}
stat2('', () => {});

// Completion handed to tasks from inside a timer fallback: whenever the
// tasks call it, it is after the immediate.
function all(tasks, cb) {
  let left = tasks.length;
  if (left === 0) return cb(null); // want "all calls its callback cb synchronously here but asynchronously on other paths \\(in a setImmediate callback, line 69\\)"
  tasks.forEach((t) => (global.setImmediate || global.setTimeout)(() => t(() => { if (--left === 0) cb(null); })));
}
all([], () => {});
