'use strict';
// looplint: Node.js 'events' module (EventEmitter), written for the sandboxed
// runtime. Module body; wrapped by the runtime as
//   (function (exports, require, module, __internal) { ... })
//
// Everything this file relies on is captured at evaluation time so that user
// code that later replaces Function.prototype.call, Array.prototype.push,
// Promise.prototype.then, ... cannot change how listeners are dispatched.

const ReflectApply = Reflect.apply;
const ReflectOwnKeys = Reflect.ownKeys;
const ObjectCreate = Object.create;
const ObjectDefineProperty = Object.defineProperty;
const ObjectDefineProperties = Object.defineProperties;
const ObjectGetPrototypeOf = Object.getPrototypeOf;
const ObjectGetOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
const ObjectSetPrototypeOf = Object.setPrototypeOf;
const FunctionPrototypeBind = Function.prototype.bind;
const NumberIsNaN = Number.isNaN;
const NumberIsInteger = Number.isInteger;
const MathAbs = Math.abs;
const StringCtor = String;
const BooleanCtor = Boolean;
const SymbolCtor = Symbol;
const SymbolFor = Symbol.for;
const SymbolAsyncIterator = Symbol.asyncIterator;
const ErrorCtor = Error;
const TypeErrorCtor = TypeError;
const RangeErrorCtor = RangeError;
const PromiseCtor = Promise;
const PromiseResolve = Promise.resolve;
const PromiseReject = Promise.reject;
const PromisePrototypeThen = Promise.prototype.then;
// The engine may lack async generators, so %AsyncIteratorPrototype% cannot be
// reached; iterators from on() get their own [Symbol.asyncIterator] instead.
const AsyncIteratorPrototype = Object.prototype;

const internal = __internal;

function inspect(value, opts) {
  return internal.inspect(value, opts);
}

function nextTick(fn, a, b, c, d) {
  return internal.nextTick(fn, a, b, c, d);
}

// ---------------------------------------------------------------------------
// Node-style errors (code property, `Name [CODE]: message` toString).

const { makeNodeError, describeReceived } = require('_errors');

function invalidArgType(name, expected, value) {
  const what = name.endsWith(' argument') ? name
    : `The "${name}" ${name.includes('.') ? 'property' : 'argument'}`;
  return makeNodeError(TypeErrorCtor, 'ERR_INVALID_ARG_TYPE',
    `${what} must be ${expected}.${describeReceived(value)}`);
}

function outOfRange(name, range, value) {
  let received;
  if (NumberIsInteger(value) && MathAbs(value) > 2 ** 32) received = StringCtor(value);
  else received = inspect(value);
  return makeNodeError(RangeErrorCtor, 'ERR_OUT_OF_RANGE',
    `The value of "${name}" is out of range. It must be ${range}. Received ${received}`);
}

function validateFunction(value, name) {
  if (typeof value !== 'function') throw invalidArgType(name, 'of type function', value);
}

function validateNumberMin(value, name, min) {
  if (typeof value !== 'number') throw invalidArgType(name, 'of type number', value);
  if (value < min || NumberIsNaN(value)) throw outOfRange(name, `>= ${min}`, value);
}

function abortError(signal) {
  const err = new ErrorCtor('The operation was aborted',
    signal !== undefined ? { cause: signal.reason } : undefined);
  err.code = 'ABORT_ERR';
  err.name = 'AbortError';
  return err;
}

function validateAbortSignal(signal, name) {
  if (signal !== undefined &&
      (signal === null || typeof signal !== 'object' || !('aborted' in signal))) {
    throw invalidArgType(name, 'an instance of AbortSignal', signal);
  }
}

// ---------------------------------------------------------------------------
// Small array helpers that do not go through (mutable) Array.prototype.

function arrayClone(arr) {
  const n = arr.length;
  const copy = new Array(n);
  for (let i = 0; i < n; i++) copy[i] = arr[i];
  return copy;
}

function arrayPush(arr, value) {
  arr[arr.length] = value;
}

function arrayUnshift(arr, value) {
  for (let i = arr.length; i > 0; i--) arr[i] = arr[i - 1];
  arr[0] = value;
}

function arrayRemoveAt(arr, index) {
  const n = arr.length;
  for (let i = index; i + 1 < n; i++) arr[i] = arr[i + 1];
  arr.length = n - 1;
}

function arrayShift(arr) {
  const first = arr[0];
  arrayRemoveAt(arr, 0);
  return first;
}

function prependArg(first, args) {
  const n = args.length;
  const out = new Array(n + 1);
  out[0] = first;
  for (let i = 0; i < n; i++) out[i + 1] = args[i];
  return out;
}

function unwrapListeners(arr) {
  const out = new Array(arr.length);
  for (let i = 0; i < arr.length; i++) {
    const l = arr[i];
    out[i] = l.listener || l;
  }
  return out;
}

// ---------------------------------------------------------------------------
// EventEmitter

const kCapture = SymbolCtor('kCapture');
const kShapeMode = SymbolCtor('shapeMode');
const kRejection = SymbolFor('nodejs.rejection');
const kErrorMonitor = SymbolCtor('events.errorMonitor');
const kMaxEventTargetListeners = SymbolCtor('events.maxEventTargetListeners');
const kMaxEventTargetListenersWarned = SymbolCtor('events.maxEventTargetListenersWarned');

let defaultMaxListeners = 10;

function EventEmitter(opts) {
  ReflectApply(EventEmitter.init, this, [opts]);
}

EventEmitter.prototype._events = undefined;
EventEmitter.prototype._eventsCount = 0;
EventEmitter.prototype._maxListeners = undefined;

ObjectDefineProperty(EventEmitter.prototype, kCapture, {
  __proto__: null, value: false, writable: true, enumerable: false,
});

ObjectDefineProperties(EventEmitter, {
  captureRejections: {
    __proto__: null,
    get() { return EventEmitter.prototype[kCapture]; },
    set(value) {
      if (typeof value !== 'boolean') {
        throw invalidArgType('EventEmitter.captureRejections', 'of type boolean', value);
      }
      EventEmitter.prototype[kCapture] = value;
    },
    enumerable: true,
  },
  errorMonitor: { __proto__: null, value: kErrorMonitor, writable: false, configurable: true, enumerable: true },
  defaultMaxListeners: {
    __proto__: null,
    enumerable: true,
    get() { return defaultMaxListeners; },
    set(value) {
      validateNumberMin(value, 'defaultMaxListeners', 0);
      defaultMaxListeners = value;
    },
  },
  kMaxEventTargetListeners: {
    __proto__: null, value: kMaxEventTargetListeners, enumerable: false, configurable: false, writable: false,
  },
  kMaxEventTargetListenersWarned: {
    __proto__: null, value: kMaxEventTargetListenersWarned, enumerable: false, configurable: false, writable: false,
  },
});

EventEmitter.init = function init(opts) {
  if (this._events === undefined || this._events === ObjectGetPrototypeOf(this)._events) {
    this._events = ObjectCreate(null);
    this._eventsCount = 0;
    this[kShapeMode] = false;
  } else {
    this[kShapeMode] = true;
  }
  this._maxListeners = this._maxListeners || undefined;
  // The option came in 12.16.0 and 13.4.0 (loop profile).
  if (opts && opts.captureRejections && internal.has('events.captureRejections')) {
    if (typeof opts.captureRejections !== 'boolean') {
      throw invalidArgType('options.captureRejections', 'of type boolean', opts.captureRejections);
    }
    this[kCapture] = BooleanCtor(opts.captureRejections);
  } else {
    this[kCapture] = EventEmitter.prototype[kCapture];
  }
};

function getMaxListenersOf(that) {
  if (that._maxListeners === undefined) return defaultMaxListeners;
  return that._maxListeners;
}

function emitterName(target) {
  // What util.inspect(target, { depth: -1 }) prints for a plain instance.
  let obj = target;
  while (obj !== null && obj !== undefined) {
    const desc = ObjectGetOwnPropertyDescriptor(obj, 'constructor');
    if (desc !== undefined && typeof desc.value === 'function' && desc.value.name !== '') {
      return `[${desc.value.name}]`;
    }
    obj = ObjectGetPrototypeOf(obj);
  }
  return '[Object: null prototype]';
}

function addRejectionHandler(that, promise, type, args) {
  // Only called when capture is on and a listener returned a thenable.
  if (typeof promise !== 'object' && typeof promise !== 'function') return;
  const then = promise.then;
  if (typeof then !== 'function') return;
  ReflectApply(then, promise, [undefined, function onRejected(err) {
    nextTick(emitRejection, that, err, type, args);
  }]);
}

function emitRejection(that, err, type, args) {
  if (typeof that[kRejection] === 'function') {
    ReflectApply(that[kRejection], that, prependArg(err, prependArg(type, args)));
    return;
  }
  const prev = that[kCapture];
  try {
    that[kCapture] = false;
    that.emit('error', err);
  } finally {
    that[kCapture] = prev;
  }
}

function onceWrapper() {
  const args = arrayClone(arguments);
  if (!this.fired) {
    this.target.removeListener(this.type, this.wrapFn);
    this.fired = true;
    return ReflectApply(this.listener, this.target, args);
  }
}

function onceWrap(target, type, listener) {
  const state = { fired: false, wrapFn: undefined, target, type, listener };
  const wrapped = ReflectApply(FunctionPrototypeBind, onceWrapper, [state]);
  wrapped.listener = listener;
  state.wrapFn = wrapped;
  return wrapped;
}

function addListener(target, type, listener, prepend) {
  validateFunction(listener, 'listener');
  let events = target._events;
  let existing;
  if (events === undefined) {
    events = target._events = ObjectCreate(null);
    target._eventsCount = 0;
  } else {
    if (events.newListener !== undefined) {
      target.emit('newListener', type, listener.listener ? listener.listener : listener);
      // The 'newListener' handler may have replaced _events.
      events = target._events;
    }
    existing = events[type];
  }

  if (existing === undefined) {
    events[type] = listener;
    ++target._eventsCount;
    return target;
  }
  if (typeof existing === 'function') {
    existing = events[type] = prepend ? [listener, existing] : [existing, listener];
  } else if (prepend) {
    arrayUnshift(existing, listener);
  } else {
    arrayPush(existing, listener);
  }

  const max = getMaxListenersOf(target);
  if (max > 0 && existing.length > max && !existing.warned) {
    existing.warned = true;
    const msg = 'Possible EventEmitter memory leak detected. ' +
      `${existing.length} ${StringCtor(type)} listeners ` +
      `added to ${emitterName(target)}. MaxListeners is ${max}. ` +
      'Use emitter.setMaxListeners() to increase limit';
    internal.emitWarning(msg, 'MaxListenersExceededWarning');
  }
  return target;
}

const proto = EventEmitter.prototype;

proto.setMaxListeners = function setMaxListeners(n) {
  validateNumberMin(n, 'setMaxListeners', 0);
  this._maxListeners = n;
  return this;
};

proto.getMaxListeners = function getMaxListeners() {
  return getMaxListenersOf(this);
};

proto.emit = function emit(type, ...args) {
  let doError = (type === 'error');
  const events = this._events;
  if (events !== undefined) {
    if (doError && events[kErrorMonitor] !== undefined) {
      ReflectApply(this.emit, this, prependArg(kErrorMonitor, args));
    }
    doError = (doError && events.error === undefined);
  } else if (!doError) {
    return false;
  }

  if (doError) {
    let er;
    if (args.length > 0) er = args[0];
    if (er instanceof ErrorCtor) {
      throw er; // Unhandled 'error' event
    }
    let shown;
    try {
      shown = inspect(er);
    } catch {
      shown = er;
    }
    const err = makeNodeError(ErrorCtor, 'ERR_UNHANDLED_ERROR',
      shown === undefined ? 'Unhandled error.' : `Unhandled error. (${shown})`);
    err.context = er;
    throw err;
  }

  const handler = events[type];
  if (handler === undefined) return false;

  if (typeof handler === 'function') {
    const result = ReflectApply(handler, this, args);
    if (result !== undefined && result !== null && this[kCapture]) {
      addRejectionHandler(this, result, type, args);
    }
  } else {
    const listeners = arrayClone(handler);
    const n = listeners.length;
    for (let i = 0; i < n; ++i) {
      const result = ReflectApply(listeners[i], this, args);
      if (result !== undefined && result !== null && this[kCapture]) {
        addRejectionHandler(this, result, type, args);
      }
    }
  }
  return true;
};

proto.addListener = function addListener_(type, listener) {
  return addListener(this, type, listener, false);
};
proto.on = proto.addListener;

proto.prependListener = function prependListener(type, listener) {
  return addListener(this, type, listener, true);
};

proto.once = function once(type, listener) {
  validateFunction(listener, 'listener');
  this.on(type, onceWrap(this, type, listener));
  return this;
};

proto.prependOnceListener = function prependOnceListener(type, listener) {
  validateFunction(listener, 'listener');
  this.prependListener(type, onceWrap(this, type, listener));
  return this;
};

proto.removeListener = function removeListener(type, listener) {
  validateFunction(listener, 'listener');
  const events = this._events;
  if (events === undefined) return this;
  const list = events[type];
  if (list === undefined) return this;

  if (list === listener || list.listener === listener) {
    this._eventsCount -= 1;
    if (this[kShapeMode]) {
      events[type] = undefined;
    } else if (this._eventsCount === 0) {
      this._events = ObjectCreate(null);
    } else {
      delete events[type];
      if (events.removeListener) {
        this.emit('removeListener', type, list.listener || listener);
      }
    }
  } else if (typeof list !== 'function') {
    let position = -1;
    let original;
    for (let i = list.length - 1; i >= 0; i--) {
      if (list[i] === listener || list[i].listener === listener) {
        original = list[i].listener;
        position = i;
        break;
      }
    }
    if (position < 0) return this;
    arrayRemoveAt(list, position);
    if (list.length === 1) events[type] = list[0];
    if (events.removeListener !== undefined) {
      // Older releases unwrap a once listener here too.
      const asPassed = internal.has('removeListener:as passed');
      this.emit('removeListener', type, asPassed ? listener : original || listener);
    }
  }
  return this;
};
proto.off = proto.removeListener;

proto.removeAllListeners = function removeAllListeners(type) {
  const events = this._events;
  if (events === undefined) return this;

  if (events.removeListener === undefined) {
    if (arguments.length === 0) {
      this._events = ObjectCreate(null);
      this._eventsCount = 0;
    } else if (events[type] !== undefined) {
      if (--this._eventsCount === 0) this._events = ObjectCreate(null);
      else delete events[type];
    }
    this[kShapeMode] = false;
    return this;
  }

  if (arguments.length === 0) {
    const keys = ReflectOwnKeys(events);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (key === 'removeListener') continue;
      this.removeAllListeners(key);
    }
    this.removeAllListeners('removeListener');
    this._events = ObjectCreate(null);
    this._eventsCount = 0;
    this[kShapeMode] = false;
    return this;
  }

  const listeners = events[type];
  if (typeof listeners === 'function') {
    this.removeListener(type, listeners);
  } else if (listeners !== undefined) {
    // Last in, first out, so 'removeListener' sees them in reverse order.
    for (let i = listeners.length - 1; i >= 0; i--) {
      this.removeListener(type, listeners[i]);
    }
  }
  return this;
};

function listenersOf(target, type, unwrap) {
  const events = target._events;
  if (events === undefined) return [];
  const l = events[type];
  if (l === undefined) return [];
  if (typeof l === 'function') return unwrap ? [l.listener || l] : [l];
  return unwrap ? unwrapListeners(l) : arrayClone(l);
}

proto.listeners = function listeners(type) {
  return listenersOf(this, type, true);
};

proto.rawListeners = function rawListeners(type) {
  return listenersOf(this, type, false);
};

function listenerCount(type, listener) {
  // The listener argument came in 18.16 and 19.8.
  if (!internal.has('listenerCount:listener')) listener = undefined;
  const events = this._events;
  if (events === undefined) return 0;
  const l = events[type];
  if (typeof l === 'function') {
    if (listener != null) return (listener === l || listener === l.listener) ? 1 : 0;
    return 1;
  }
  if (l === undefined) return 0;
  if (listener != null) {
    let count = 0;
    for (let i = 0; i < l.length; i++) {
      if (l[i] === listener || l[i].listener === listener) count++;
    }
    return count;
  }
  return l.length;
}
proto.listenerCount = listenerCount;

proto.eventNames = function eventNames() {
  return this._eventsCount > 0 ? ReflectOwnKeys(this._events) : [];
};

// ---------------------------------------------------------------------------
// Static helpers

function isEventTarget(obj) {
  return obj !== null && typeof obj === 'object' &&
    typeof obj.addEventListener === 'function' &&
    typeof obj.removeEventListener === 'function' &&
    typeof obj.on !== 'function';
}

function agnosticAddListener(emitter, name, listener, flags) {
  if (typeof emitter.on === 'function') {
    if (flags && flags.once) emitter.once(name, listener);
    else emitter.on(name, listener);
  } else if (typeof emitter.addEventListener === 'function') {
    emitter.addEventListener(name, listener, flags);
  } else {
    throw invalidArgType('emitter', 'an instance of EventEmitter or EventTarget', emitter);
  }
}

function agnosticRemoveListener(emitter, name, listener, flags) {
  if (typeof emitter.removeListener === 'function') {
    emitter.removeListener(name, listener);
  } else if (typeof emitter.removeEventListener === 'function') {
    emitter.removeEventListener(name, listener, flags);
  } else {
    throw invalidArgType('emitter', 'an instance of EventEmitter or EventTarget', emitter);
  }
}

function newPromise(executor) {
  return new PromiseCtor(executor);
}

// From 14.17 and 15, events.once is an async function returning the
// promise below: the awaiting code resumes two jobs later.
function staticOnce(emitter, name, options) {
  if (internal.has('events.once async')) return asyncOnce(emitter, name, options);
  return onceImpl(emitter, name, options);
}

async function asyncOnce(emitter, name, options) {
  return onceImpl(emitter, name, options);
}

function onceImpl(emitter, name, options) {
  if (options === undefined) options = {};
  const signal = options !== null ? options.signal : undefined;
  validateAbortSignal(signal, 'options.signal');
  if (signal && signal.aborted) {
    return ReflectApply(PromiseReject, PromiseCtor, [abortError(signal)]);
  }
  return newPromise((resolve, reject) => {
    const errorListener = (err) => {
      emitter.removeListener(name, resolver);
      if (signal !== undefined) agnosticRemoveListener(signal, 'abort', abortListener);
      reject(err);
    };
    const resolver = (...args) => {
      if (typeof emitter.removeListener === 'function') {
        emitter.removeListener('error', errorListener);
      }
      if (signal !== undefined) agnosticRemoveListener(signal, 'abort', abortListener);
      resolve(args);
    };
    const abortListener = () => {
      agnosticRemoveListener(emitter, name, resolver);
      agnosticRemoveListener(emitter, 'error', errorListener);
      reject(abortError(signal));
    };
    // Before 14.5 the 'error' listener was added first.
    const nameFirst = internal.has('events.once:name first');
    if (nameFirst) agnosticAddListener(emitter, name, resolver, { once: true });
    if (name !== 'error' && typeof emitter.once === 'function') {
      emitter.once('error', errorListener);
    }
    if (!nameFirst) agnosticAddListener(emitter, name, resolver, { once: true });
    if (signal !== undefined) {
      agnosticAddListener(signal, 'abort', abortListener, { once: true });
    }
  });
}

function iterResult(value, done) {
  return { value, done };
}

function staticOn(emitter, event, options) {
  if (options === undefined) options = {};
  const signal = options !== null ? options.signal : undefined;
  validateAbortSignal(signal, 'options.signal');
  if (signal && signal.aborted) throw abortError(signal);
  const closeEvents = options !== null && options.close !== undefined ? options.close : [];

  const unconsumedEvents = [];
  const unconsumedPromises = [];
  let error = null;
  let finished = false;

  function resolved(value) {
    return ReflectApply(PromiseResolve, PromiseCtor, [value]);
  }

  function rejected(err) {
    return ReflectApply(PromiseReject, PromiseCtor, [err]);
  }

  function removeAll() {
    // From 20 the listeners go in the reverse of their order.
    if (internal.has('events.on:reverse cleanup')) {
      if (signal !== undefined) agnosticRemoveListener(signal, 'abort', abortListener);
      for (let i = closeEvents.length - 1; i >= 0; i--) {
        agnosticRemoveListener(emitter, closeEvents[i], closeHandler);
      }
      agnosticRemoveListener(emitter, 'error', errorHandler);
      agnosticRemoveListener(emitter, event, eventHandler);
      return;
    }
    agnosticRemoveListener(emitter, event, eventHandler);
    agnosticRemoveListener(emitter, 'error', errorHandler);
    for (let i = 0; i < closeEvents.length; i++) {
      agnosticRemoveListener(emitter, closeEvents[i], closeHandler);
    }
    if (signal !== undefined) agnosticRemoveListener(signal, 'abort', abortListener);
  }

  function closeHandler() {
    removeAll();
    finished = true;
    const done = iterResult(undefined, true);
    while (unconsumedPromises.length > 0) {
      arrayShift(unconsumedPromises).resolve(done);
    }
    return resolved(done);
  }

  function eventHandler(...args) {
    if (unconsumedPromises.length > 0) {
      arrayShift(unconsumedPromises).resolve(iterResult(args, false));
    } else {
      arrayPush(unconsumedEvents, args);
    }
  }

  function errorHandler(err) {
    if (unconsumedPromises.length > 0) {
      arrayShift(unconsumedPromises).reject(err);
    } else {
      error = err;
    }
    closeHandler();
  }

  function abortListener() {
    errorHandler(abortError(signal));
  }

  const iterator = ObjectSetPrototypeOf({
    next() {
      if (unconsumedEvents.length > 0) {
        return resolved(iterResult(arrayShift(unconsumedEvents), false));
      }
      if (error) {
        const p = rejected(error);
        error = null;
        return p;
      }
      if (finished) return resolved(iterResult(undefined, true));
      return newPromise((resolve, reject) => {
        arrayPush(unconsumedPromises, { resolve, reject });
      });
    },
    return() {
      return closeHandler();
    },
    throw(err) {
      if (!err || !(err instanceof ErrorCtor)) {
        throw invalidArgType('EventEmitter.AsyncIterator', 'an instance of Error', err);
      }
      errorHandler(err);
    },
  }, AsyncIteratorPrototype);
  if (typeof SymbolAsyncIterator === 'symbol') {
    ObjectDefineProperty(iterator, SymbolAsyncIterator, {
      __proto__: null, value: function () { return this; }, writable: true, configurable: true,
    });
  }

  agnosticAddListener(emitter, event, eventHandler);
  if (event !== 'error' && typeof emitter.on === 'function') {
    emitter.on('error', errorHandler);
  }
  for (let i = 0; i < closeEvents.length; i++) {
    agnosticAddListener(emitter, closeEvents[i], closeHandler);
  }
  if (signal !== undefined) {
    agnosticAddListener(signal, 'abort', abortListener, { once: true });
  }
  return iterator;
}

function getEventListeners(emitterOrTarget, type) {
  if (emitterOrTarget !== null && typeof emitterOrTarget === 'object' &&
      typeof emitterOrTarget.listeners === 'function') {
    return emitterOrTarget.listeners(type);
  }
  if (isEventTarget(emitterOrTarget)) return [];
  throw invalidArgType('emitter', 'an instance of EventEmitter or EventTarget', emitterOrTarget);
}

function getMaxListeners(emitterOrTarget) {
  if (emitterOrTarget !== null && typeof emitterOrTarget === 'object' &&
      typeof emitterOrTarget.getMaxListeners === 'function') {
    return getMaxListenersOf(emitterOrTarget);
  }
  if (isEventTarget(emitterOrTarget)) {
    const v = emitterOrTarget[kMaxEventTargetListeners];
    return v === undefined ? defaultMaxListeners : v;
  }
  throw invalidArgType('emitter', 'an instance of EventEmitter or EventTarget', emitterOrTarget);
}

function setMaxListeners(n = defaultMaxListeners, ...targets) {
  validateNumberMin(n, 'setMaxListeners', 0);
  if (targets.length === 0) {
    defaultMaxListeners = n;
    return;
  }
  for (let i = 0; i < targets.length; i++) {
    const target = targets[i];
    if (target !== null && typeof target === 'object' &&
        typeof target.setMaxListeners === 'function') {
      target.setMaxListeners(n);
    } else if (isEventTarget(target)) {
      target[kMaxEventTargetListeners] = n;
      target[kMaxEventTargetListenersWarned] = false;
    } else {
      throw invalidArgType('eventTargets', 'an instance of EventEmitter or EventTarget', target);
    }
  }
}

function addAbortListener(signal, listener) {
  if (signal === undefined) throw invalidArgType('signal', 'of type object', signal);
  validateAbortSignal(signal, 'signal');
  validateFunction(listener, 'listener');
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    agnosticRemoveListener(signal, 'abort', listener);
  };
  if (signal.aborted) {
    nextTick(listener);
  } else {
    agnosticAddListener(signal, 'abort', listener, { once: true });
  }
  const disposable = { __proto__: null };
  disposable.dispose = remove;
  if (typeof SymbolCtor.dispose === 'symbol') disposable[SymbolCtor.dispose] = remove;
  return disposable;
}

function deprecatedListenerCount(emitter, type) {
  if (typeof emitter.listenerCount === 'function') return emitter.listenerCount(type);
  return ReflectApply(listenerCount, emitter, [type]);
}

// Property order follows Node's `Object.keys(require('events'))`.
const statics = {
  addAbortListener,
  once: staticOnce,
  on: staticOn,
  getEventListeners,
  getMaxListeners,
};
const staticKeys = ReflectOwnKeys(statics);
for (let i = 0; i < staticKeys.length; i++) {
  const k = staticKeys[i];
  // once came in 10.16 and 11.13, on in 12.16 and 13.6 (loop profile).
  if (k === 'once' && !internal.has('events.once') || k === 'on' && !internal.has('events.on')) continue;
  ObjectDefineProperty(EventEmitter, k, {
    __proto__: null, value: statics[k], writable: true, enumerable: true, configurable: true,
  });
}
ObjectDefineProperty(staticOnce, 'name', { __proto__: null, value: 'once' });
ObjectDefineProperty(staticOn, 'name', { __proto__: null, value: 'on' });

EventEmitter.EventEmitter = EventEmitter;
EventEmitter.usingDomains = false;
EventEmitter.captureRejectionSymbol = kRejection;
EventEmitter.setMaxListeners = setMaxListeners;
EventEmitter.listenerCount = deprecatedListenerCount;

module.exports = EventEmitter;
