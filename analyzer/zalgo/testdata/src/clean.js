// Consistent callbacks.
const fs = require('fs');
const memo = new Map();

// Always asynchronous: the cached path is deferred.
function load(name, done) {
  if (memo.has(name)) {
    process.nextTick(() => done(null, memo.get(name)));
    return;
  }
  fs.readFile(name, 'utf8', (err, text) => done(err, text));
}
load(__filename, () => {});

// Always synchronous.
function each(list, visit) {
  for (const x of list) visit(x);
}
each([1], () => {});

// Called synchronously, then again later on every path (a progress
// callback, not Zalgo).
function progress(onStep) {
  onStep(0);
  setTimeout(() => onStep(1), 10);
}
progress(() => {});

// A nested function's parameter of the same name is another variable.
function outer(cb) {
  if (Math.random() > 0.5) cb();
  setTimeout(function inner(cb) { cb(); }, 0, () => {});
}
outer(() => {});

// Handed to a function we cannot see: not known to be asynchronous.
function viaHelper(key, cb) {
  if (!key) return cb(null);
  helper(key, (v) => cb(v));
}
function helper(k, f) { f(k); }
viaHelper('k', () => {});

// Synchronously inside a promise executor is still synchronous.
function exec(cb) {
  return new Promise((resolve) => { cb(); resolve(); });
}
exec(() => {});

// A promise executor may settle now or later: its caller sees a promise.
function consume(stream) {
  return new Promise((resolve, reject) => {
    if (stream.destroyed) {
      reject(new Error('unusable'));
    } else {
      stream.on('error', (err) => reject(err));
      stream.on('end', resolve);
    }
  });
}
consume(process.stdin);

// Made safe with a dezalgo-style wrapper: what the wrapper returns
// defers every call, so both paths are asynchronous.
function dezalgoish(cb) {
  return function () {
    const args = arguments;
    process.nextTick(function () { cb.apply(null, args); });
  };
}
function safeRead(k, cb) {
  cb = dezalgoish(cb);
  if (!k) return cb(new Error('no key'));
  fs.readFile(k, cb);
}
safeRead('k', () => {});

// A wrapper from elsewhere: what it makes of the callback is unknown.
const wrapOnce = require('once');
function guarded(k, cb) {
  cb = wrapOnce(cb);
  if (!k) return cb();
  fs.stat(k, cb);
}
guarded('k', () => {});

// Deferred through the file's own nextTick-style helper on both paths.
function soon(fn, a, b) { setImmediate(fn, a, b); }
function consistent(k, cb) {
  if (!k) return soon(cb, null);
  fs.stat(k, cb);
}
consistent('k', () => {});

// A helper that calls back synchronously on both paths of its caller.
function both(cb) { cb(); }
function always(k, cb) {
  if (k) return both(cb);
  cb();
}
always(1, () => {});

// An immediately invoked wrapper: its parameter is the library the file
// passes in, not a caller's callback.
(function (lib) {
  if (lib.ready) lib('now');
  setTimeout(function () { lib('later'); }, 0);
})(function () {});

// Handed straight to a wrapper the file does not show (async.ensureAsync
// and the like): that wrapper is its only caller and may defer the
// callback.
const flowlib = require('flow-lib');
const ensured = flowlib.ensureAsync((key, cb) => {
  if (!key) return cb(new Error('no key'));
  fs.stat(key, cb);
});
ensured('k', () => {});
flowlib.waterfall([
  (cb) => {
    if (memo.size) return cb(null, memo);
    fs.stat(__filename, cb);
  },
]);


// A progress callback: told at once that decoding started, and later
// that it is done, on every call; the throw for a missing callback comes
// before both and does not make two paths of them.
function decode(buf, cb) {
  if (!cb) {
    throw new Error('Missing callback');
  }
  cb(null, 'started');
  setImmediate(() => cb(null, 'done', buf.length));
}
module.exports.decode = decode;
