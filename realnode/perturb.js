// looplint verify --perturb and noderecord -perturb: loaded with
// `node --require` before the snippet (CommonJS or ES module). It makes
// JavaScript take a little longer at random, so that orders which need
// unlucky timing show up in a few runs (the idea of schedule fuzzers such as
// Node.fz), and changes nothing else: it prints nothing, never reorders
// anything, and never touches process.nextTick, queueMicrotask or promises.
// Every delay is a busy-wait, i.e. wall-clock time passing while JavaScript
// runs, which any machine under load may add. While the main thread waits,
// the thread pool's workers and the kernel's sockets go on, so a wait after
// a request is made lets its work (or its peer's data) get further ahead of
// the JavaScript that follows.
//
// Where it waits (each time with probability 1/2, for 0 to MAX microseconds):
//   - timers: at the start of every setTimeout / setInterval / setImmediate
//     callback, and just before and just after each is created;
//   - fs: just before an asynchronous call is made, and at the start of its
//     callback;
//   - the thread pool's other requests: crypto's pbkdf2, scrypt, randomBytes,
//     randomFill, generateKeyPair and hkdf, zlib's one-shot calls
//     (deflate, gunzip, brotliCompress, ...) and each chunk a zlib stream
//     hands to the pool (_transform, _flush), dns.lookup and lookupService:
//     just before and just after the request is made, and at the start of
//     its callback;
//   - c-ares queries (dns.resolve*, dns.reverse): the same;
//   - net: just before every event a socket or a server emits ('connect',
//     'data', 'end', 'finish', 'close', 'listening', 'connection', and http's
//     events, whose servers are net servers), and just before and just after
//     a socket's connect, write and end and a server's listen and close.
// The modules it wraps (crypto, zlib, dns, net) are loaded before the
// snippet: a later require of them is then quicker, which a machine that
// has them in its caches also shows. Promise forms (fs.promises,
// dns.promises) are left alone: on old releases touching them warns.
// CPU contention (the thread pool's workers sharing the cores with other
// processes) is the recorder's: internal/noderecord -perturb can run busy
// sibling processes (-contend) and more runs at once than there are cores.
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

  // Replaces obj[name] (a method) by one that waits before and after it;
  // only(args) says whether this call is one to perturb.
  function around(obj, name, only) {
    var original = obj[name];
    if (typeof original !== 'function') return;
    obj[name] = dress(function () {
      if (only && !only(arguments)) return original.apply(this, arguments);
      wait();
      var r = original.apply(this, arguments);
      wait();
      return r;
    }, original);
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

  // The callback is the last argument; without one the call is synchronous
  // (randomBytes(n)) or not this kind, and is left alone.
  function wrapLast(obj, name) {
    var original = obj[name];
    if (typeof original !== 'function') return;
    obj[name] = dress(function () {
      var n = arguments.length;
      if (n === 0 || typeof arguments[n - 1] !== 'function') return original.apply(this, arguments);
      var args = Array.prototype.slice.call(arguments);
      args[n - 1] = slowly(args[n - 1]);
      wait();
      var r = original.apply(this, args);
      wait();
      return r;
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
    wrapLast(fs, name);
  });

  var crypto = require('crypto');
  ['pbkdf2', 'scrypt', 'randomBytes', 'pseudoRandomBytes', 'randomFill', 'randomInt', 'generateKeyPair', 'generateKey', 'hkdf'].forEach(function (name) {
    wrapLast(crypto, name);
  });

  var zlib = require('zlib');
  ['deflate', 'deflateRaw', 'inflate', 'inflateRaw', 'gzip', 'gunzip', 'unzip', 'brotliCompress', 'brotliDecompress', 'zstdCompress', 'zstdDecompress'].forEach(function (name) {
    wrapLast(zlib, name);
  });
  // A zlib stream hands each chunk (and its flush) to the pool in
  // _transform and _flush, and calls their callback when the pool is done.
  var Transform = require('stream').Transform;
  var seen = [];
  Object.keys(zlib).forEach(function (name) {
    var C = zlib[name];
    if (typeof C !== 'function' || !/^[A-Z]/.test(name) || !C.prototype) return;
    for (var p = C.prototype; p && p !== Transform.prototype && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
      if (seen.indexOf(p) >= 0) break;
      seen.push(p);
      ['_transform', '_flush'].forEach(function (m) {
        if (Object.prototype.hasOwnProperty.call(p, m)) wrapLast(p, m);
      });
    }
  });

  var dns = require('dns');
  Object.keys(dns).forEach(function (name) {
    if (typeof dns[name] === 'function' && /^(lookup|resolve|reverse)/.test(name)) wrapLast(dns, name);
  });

  var net = require('net');
  [net.Socket, net.Server].forEach(function (C) {
    var proto = C.prototype;
    var emit = proto.emit;
    proto.emit = dress(function () {
      wait();
      return emit.apply(this, arguments);
    }, emit);
  });
  ['connect', 'write', 'end'].forEach(function (name) { around(net.Socket.prototype, name); });
  ['listen', 'close'].forEach(function (name) { around(net.Server.prototype, name); });
})();
