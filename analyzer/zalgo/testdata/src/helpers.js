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
