// timers/promises' setInterval (Node 15.9 on) as Node writes it: an async
// generator whose interval starts with the first next(), yields once per
// beat not yet taken, and clears the interval when the loop leaves it.
// Both engines run this file (async generators lowered by parse), so their
// job counts are the same as for a snippet's own async generator.
'use strict';
const timers = require('timers');
const { abortError } = require('_errors');

module.exports = async function* setInterval(after, value, options) {
  const signal = options ? options.signal : undefined;
  const ref = !(options && options.ref === false);
  if (signal && signal.aborted) throw abortError(signal);
  let onCancel;
  let interval;
  try {
    let notYielded = 0;
    let callback;
    interval = timers.setInterval(() => {
      notYielded++;
      if (callback) {
        callback();
        callback = undefined;
      }
    }, after);
    if (!ref) interval.unref();
    if (signal) {
      onCancel = () => {
        timers.clearInterval(interval);
        if (callback) {
          callback(Promise.reject(abortError(signal)));
          callback = undefined;
        }
      };
      signal.addEventListener('abort', onCancel, { once: true });
    }
    while (!(signal && signal.aborted)) {
      if (notYielded === 0) {
        await new Promise((resolve) => { callback = resolve; });
      }
      for (; notYielded > 0; notYielded--) {
        yield value;
      }
    }
    throw abortError(signal);
  } finally {
    timers.clearInterval(interval);
    if (signal) signal.removeEventListener('abort', onCancel);
  }
};
