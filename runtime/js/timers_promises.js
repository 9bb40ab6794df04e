// timers/promises: promise versions of the timer functions (Node 15+).
'use strict';
const timers = require('timers');
const PromiseCtor = Promise;

function abortError(signal) {
  const e = new Error('The operation was aborted');
  e.name = 'AbortError';
  e.code = 'ABORT_ERR';
  if (signal && signal.reason !== undefined) e.cause = signal.reason;
  return e;
}

// With a signal, Node returns the timer's promise through finally(),
// whose callback removes the abort listener: an abort reaches a handler
// three jobs after the rejection.
const PromiseFinally = Promise.prototype.finally;
function abortable(ret, signal, oncancel) {
  if (oncancel === undefined) return ret;
  return PromiseFinally.call(ret, () => signal.removeEventListener('abort', oncancel));
}

function setTimeout(delay, value, options) {
  const signal = options && options.signal;
  if (signal && signal.aborted) return PromiseCtor.reject(abortError(signal));
  let oncancel;
  const ret = new PromiseCtor((resolve, reject) => {
    const t = timers.setTimeout(resolve, delay, value);
    if (options && options.ref === false) t.unref();
    if (signal) {
      oncancel = () => { timers.clearTimeout(t); reject(abortError(signal)); };
      signal.addEventListener('abort', oncancel);
    }
  });
  return abortable(ret, signal, oncancel);
}

function setImmediate(value, options) {
  const signal = options && options.signal;
  if (signal && signal.aborted) return PromiseCtor.reject(abortError(signal));
  let oncancel;
  const ret = new PromiseCtor((resolve, reject) => {
    const i = timers.setImmediate(resolve, value);
    if (options && options.ref === false) i.unref();
    if (signal) {
      oncancel = () => { timers.clearImmediate(i); reject(abortError(signal)); };
      signal.addEventListener('abort', oncancel);
    }
  });
  return abortable(ret, signal, oncancel);
}

// setInterval returns an async iterator yielding value every delay ms.
function setInterval(delay, value) {
  const waiting = [];
  let ticks = 0;
  let done = false;
  const iv = timers.setInterval(() => {
    if (waiting.length > 0) waiting.shift()({ value, done: false });
    else ticks++;
  }, delay);
  const it = {
    next() {
      if (done) return PromiseCtor.resolve({ value: undefined, done: true });
      if (ticks > 0) { ticks--; return PromiseCtor.resolve({ value, done: false }); }
      return new PromiseCtor((resolve) => waiting.push(resolve));
    },
    return() {
      done = true;
      timers.clearInterval(iv);
      while (waiting.length > 0) waiting.shift()({ value: undefined, done: true });
      return PromiseCtor.resolve({ value: undefined, done: true });
    },
  };
  if (typeof Symbol.asyncIterator === 'symbol') it[Symbol.asyncIterator] = function () { return this; };
  return it;
}

const scheduler = {
  wait: (delay, options) => setTimeout(delay, undefined, options),
  yield: () => setImmediate(),
};

module.exports = { setTimeout, setImmediate, setInterval, scheduler };
