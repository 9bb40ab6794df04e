// Internal: timers/promises, promise versions of the timer functions
// (Node 15+), which both engines serve as require('timers/promises').
'use strict';
const timers = require('timers');
const PromiseCtor = Promise;
const { abortError } = require('_errors');

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

const scheduler = {
  wait: (delay, options) => setTimeout(delay, undefined, options),
  yield: () => setImmediate(),
};

module.exports = { setTimeout, setImmediate };
// setInterval (15.9 on) is Node's async generator (_timers_interval.js).
if (__internal.has('timers/promises.setInterval')) module.exports.setInterval = require('_timers_interval');
if (__internal.has('timers/promises.scheduler')) module.exports.scheduler = scheduler;
