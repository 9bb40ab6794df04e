// Internal: Node-style error helpers shared by the other built-ins. Only
// built-ins can require it; user code cannot.
'use strict';
const ObjectDefineProperty = Object.defineProperty;
const inspect = (value, opts) => __internal.inspect(value, opts);

function makeNodeError(Base, code, message) {
  const err = new Base(message);
  ObjectDefineProperty(err, 'toString', {
    __proto__: null,
    value: function toString() { return `${this.name} [${code}]: ${this.message}`; },
    enumerable: false, writable: true, configurable: true,
  });
  // Before 12 the name carried the code (loop profile "errors:plain name").
  if (!__internal.has('errors:plain name')) {
    ObjectDefineProperty(err, 'name', {
      __proto__: null, value: `${err.name} [${code}]`, enumerable: false, writable: true, configurable: true,
    });
  }
  err.code = code;
  return err;
}

function describeReceived(value) {
  if (value === null || value === undefined) return ` Received ${value}`;
  if (typeof value === 'function' && value.name) return ` Received function ${value.name}`;
  if (typeof value === 'object') {
    const ctor = value.constructor;
    if (ctor && ctor.name) return ` Received an instance of ${ctor.name}`;
    return ` Received ${inspect(value, { depth: -1 })}`;
  }
  let shown = inspect(value, { colors: false });
  if (shown.length > 28) shown = `${shown.slice(0, 25)}...`;
  return ` Received type ${typeof value} (${shown})`;
}

// abortError is timers/promises' rejection when its signal aborts.
function abortError(signal) {
  const e = new Error('The operation was aborted');
  e.name = 'AbortError';
  e.code = 'ABORT_ERR';
  if (signal && signal.reason !== undefined) e.cause = signal.reason;
  return e;
}

module.exports = { makeNodeError, describeReceived, abortError };
