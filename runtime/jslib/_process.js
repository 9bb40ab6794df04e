// Internal: process as an EventEmitter, with what Node's own JavaScript
// does through its events: emitWarning and the listener that prints
// warnings, and the 'multipleResolves' watch. Both engines run this file;
// each adds its own members (nextTick, exit, stdout, ...) to the object.
'use strict';
const ReflectApply = Reflect.apply;
const ObjectDefineProperty = Object.defineProperty;
const ErrorCtor = Error;
const TypeErrorCtor = TypeError;
const StringCtor = String;
const internal = __internal;
const EventEmitter = require('events');
const { makeNodeError } = require('_errors');

const process = new EventEmitter();
ObjectDefineProperty(process, Symbol.toStringTag, { value: 'process', enumerable: false, writable: true, configurable: true });

// 'multipleResolves' (10.12 to 24): from the first listener on, the host
// reports each promise resolved or rejected again (watchResolves), and
// the event comes from a tick, so that the promise's own code cannot
// catch what a listener throws.
if (internal.has('multipleResolves') && !internal.has('multipleResolves removed')) {
  let watching = false;
  const emitAgain = (type, promise, value) => process.emit('multipleResolves', type, promise, value);
  const again = (type, promise, value) => internal.nextTick(emitAgain, type, promise, value);
  for (const m of ['on', 'addListener', 'once', 'prependListener', 'prependOnceListener']) {
    const orig = process[m];
    ObjectDefineProperty(process, m, {
      value: function (ev) {
        if (ev === 'multipleResolves' && !watching) {
          watching = true;
          internal.watchResolves(again);
        }
        return ReflectApply(orig, this, arguments);
      },
      writable: true, configurable: true, enumerable: false,
    });
  }
}

function emitWarningNow(warning) {
  process.emit('warning', warning);
}
// Node's own 'warning' listener prints: it is the first, it counts in
// listenerCount('warning'), and removing it silences warnings.
process.on('warning', function onWarning(warning) { internal.writeWarning(warning); });

process.emitWarning = function emitWarning(warning, type, code) {
  if (type !== null && typeof type === 'object') {
    code = type.code;
    type = type.type;
  }
  if (typeof warning === 'string') {
    const w = new ErrorCtor(warning);
    w.name = StringCtor(type || 'Warning');
    if (code !== undefined) w.code = code;
    warning = w;
  } else if (!(warning instanceof ErrorCtor)) {
    throw makeNodeError(TypeErrorCtor, 'ERR_INVALID_ARG_TYPE', 'The "warning" argument must be of type string or an instance of Error.');
  }
  if (warning.name === 'DeprecationWarning' && process.noDeprecation) return;
  internal.nextTick(emitWarningNow, warning);
};

module.exports = process;
