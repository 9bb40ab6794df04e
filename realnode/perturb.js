// looplint verify --perturb: loaded with `node --require` before the snippet
// (CommonJS or ES module). It makes callbacks take a little longer at random,
// so that orders which need unlucky timing show up in a few runs (the idea of
// schedule fuzzers such as Node.fz), and changes nothing else: it prints
// nothing, never reorders anything, and never touches process.nextTick,
// queueMicrotask or promises. Every delay is a busy-wait, i.e. wall-clock
// time passing while JavaScript runs, which any machine under load may add.
//
// Where it waits (each time with probability 1/2, for 0 to MAX microseconds):
//   - at the start of every setTimeout / setInterval / setImmediate callback;
//   - just before and just after each of those timers is created;
//   - just before an asynchronous fs call is made, and at the start of its
//     callback.
// The random stream comes from LOOPLINT_PERTURB_SEED (a different seed per
// run); LOOPLINT_PERTURB_MAX_US sets MAX (default 2000). Both variables are
// removed from process.env before the snippet starts.
'use strict';
(function () {
  var env = process.env;
  var state = (Number(env.LOOPLINT_PERTURB_SEED) >>> 0) || 0x9e3779b9;
  var maxUs = Number(env.LOOPLINT_PERTURB_MAX_US);
  if (!(maxUs >= 0)) maxUs = 2000;
  delete env.LOOPLINT_PERTURB_SEED;
  delete env.LOOPLINT_PERTURB_MAX_US;

  // xorshift32: a uniform number in [0, 1).
  function random() {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  }

  var hrtime = process.hrtime;
  function wait() {
    if (random() < 0.5) return;
    var us = random() * maxUs;
    var start = hrtime();
    for (;;) {
      var d = hrtime(start);
      if (d[0] * 1e6 + d[1] / 1e3 >= us) return;
    }
  }

  // Properties of the original (util.promisify.custom, name, length, ...)
  // are carried over so that the wrapper looks like it.
  function dress(wrapper, original) {
    var keys = Object.getOwnPropertyNames(original);
    if (Object.getOwnPropertySymbols) keys = keys.concat(Object.getOwnPropertySymbols(original));
    keys.forEach(function (k) {
      if (k === 'prototype' || k === 'arguments' || k === 'caller') return;
      try {
        Object.defineProperty(wrapper, k, Object.getOwnPropertyDescriptor(original, k));
      } catch (e) { /* non-configurable: keep the wrapper's own */ }
    });
    return wrapper;
  }

  function slowly(cb) {
    return function () {
      wait();
      return cb.apply(this, arguments);
    };
  }

  // The callback is the first argument.
  function wrapTimer(obj, name) {
    var original = obj[name];
    if (typeof original !== 'function') return;
    obj[name] = dress(function (cb) {
      if (typeof cb !== 'function') return original.apply(this, arguments);
      var args = Array.prototype.slice.call(arguments);
      args[0] = slowly(cb);
      wait();
      var t = original.apply(this, args);
      wait();
      return t;
    }, original);
  }

  // The callback is the last argument.
  function wrapFs(fs, name) {
    var original = fs[name];
    fs[name] = dress(function () {
      var n = arguments.length;
      if (n === 0 || typeof arguments[n - 1] !== 'function') return original.apply(this, arguments);
      var args = Array.prototype.slice.call(arguments);
      args[n - 1] = slowly(args[n - 1]);
      wait();
      return original.apply(this, args);
    }, original);
  }

  var timers = require('timers');
  ['setTimeout', 'setInterval', 'setImmediate'].forEach(function (name) {
    wrapTimer(timers, name);
    if (global[name] !== timers[name]) global[name] = timers[name];
  });

  var fs = require('fs');
  var skip = { watch: true, watchFile: true, unwatchFile: true, exists: true };
  Object.keys(fs).forEach(function (name) {
    if (typeof fs[name] !== 'function' || skip[name] || /Sync$|Stream$|^[A-Z_]/.test(name)) return;
    wrapFs(fs, name);
  });
})();
