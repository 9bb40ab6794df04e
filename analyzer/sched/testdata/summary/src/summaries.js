// How each function calls what it is given.
const fs = require('fs');

function now(cb) { cb(); } // want "now: cb=sync"
function later(cb) { setImmediate(cb); } // want "later: cb=async"
function either(x, cb) { if (x) now(cb); else later(cb); } // want "either: x=- cb=both"
function viaClosure(cb) { fs.stat('.', () => now(cb)); } // want "viaClosure: cb=async"
function unknown(cb) { someLib(cb); } // want "unknown: cb=-"
function unknownLater(cb) { setTimeout(() => someLib(() => cb()), 1); } // want "unknownLater: cb=async"
function applied(cb) { cb.apply(null, []); } // want "applied: cb=sync"
function bound(cb) { process.nextTick(cb.bind(null, 1)); } // want "bound: cb=async"
function deferAll(fn) { // want "deferAll: fn=- wraps fn=async"
  return function () { process.nextTick(() => fn()); };
}
function onceish(fn) { // want "onceish: fn=- wraps fn=sync"
  let done = false;
  return function () { if (!done) { done = true; fn(); } };
}
function safe(cb) { cb = deferAll(cb); cb(); } // want "safe: cb=async"
function notKnown(cb) { cb = require('once')(cb); cb(); } // want "notKnown: cb=-"
async function afterAwait(cb) { await null; cb(); } // want "afterAwait: cb=async"
function local(cb) { // want "local: cb=both"
  function done() { cb(); }
  if (Math.random() > 0.5) done();
  fs.stat('.', done);
}
