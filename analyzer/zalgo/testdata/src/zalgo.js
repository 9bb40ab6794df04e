// Callbacks released to Zalgo.
const fs = require('fs');
const memo = new Map();

function load(name, done) {
  if (memo.has(name)) {
    done(null, memo.get(name)); // want "load calls its callback done synchronously here but asynchronously on other paths \\(in a fs.readFile callback, line 10\\)"
    return;
  }
  fs.readFile(name, 'utf8', (err, text) => {
    if (err) return done(err);
    memo.set(name, text);
    done(null, text);
  });
}
load(__filename, () => console.log('loaded'));

// Validation errors answered synchronously, results from a timer.
const lookup = (id, cb) => {
  if (typeof id !== 'number') return cb(new TypeError('id')); // want "lookup calls its callback cb synchronously here .*in a setTimeout callback, line 21"
  setTimeout(() => cb(null, { id }), 5);
};
lookup(1, () => {});

// The callback handed on to process.nextTick on one path.
function maybe(flag, next) {
  if (flag) {
    process.nextTick(next);
  } else {
    next(); // want "maybe calls its callback next synchronously .*in a process.nextTick callback"
  }
}
maybe(true, () => {});

// A promise on the other path, and an early return.
function fetchUser(id, callback) {
  if (id === 0) {
    callback(null, null); // want "fetchUser calls its callback callback synchronously .*in a .then\\(\\) callback"
    return;
  }
  Promise.resolve({ id }).then((u) => callback(null, u));
}
fetchUser(0, () => {});

// After an await in an async function.
async function query(sql, reply) {
  if (!sql) {
    reply(new Error('empty')); // want "query calls its callback reply synchronously .*after an await"
    return;
  }
  const rows = await fs.promises.readFile(sql);
  reply(null, rows);
}
query('', () => {});

class Store {
  get(key, cb) {
    if (this.hot) return cb(this.hot); // want "Store.get calls its callback cb synchronously"
    fs.stat(key, (err, st) => cb(st));
  }
}
new Store().get('x', () => {});

// The callback itself handed to fs on one path; a caller that only
// passes its own callback on is not reported again.
function bothWays(k, cb) {
  if (!k) return cb(null); // want "bothWays calls its callback cb synchronously here but asynchronously on other paths \\(in a fs.stat callback"
  fs.stat(k, cb);
}
function passThrough(k, cb) { bothWays(k, cb); }
passThrough('k', () => {});
