// Bootstrap of the sandbox: the engine's gaps, process (the library's,
// jslib/_process.js) and Buffer. Evaluated once per run, before user
// code, so that user code overwriting globals or prototypes cannot reach
// into it.
(function bootstrap(host, internal, load) {
  'use strict';
  const ObjectDefineProperty = Object.defineProperty;
  const ReflectApply = Reflect.apply;
  const ObjectSetPrototypeOf = Object.setPrototypeOf;
  const ErrorCtor = Error;
  const TypeErrorCtor = TypeError;
  const StringCtor = String;
  // Allocation caps. A single huge allocation happens inside the engine,
  // before any watchdog can see it, so sizes are checked up front; the
  // errors are V8's.
  const maxBytes = host.maxBytes;
  const maxString = Math.min(536870888, maxBytes); // V8's String::kMaxLength
  const typedNames = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array',
    'Uint32Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array'];
  const G = Function('return this')();
  for (const name of typedNames) {
    const Orig = G[name];
    if (typeof Orig !== 'function') continue;
    const size = Orig.BYTES_PER_ELEMENT;
    const Capped = class extends Orig {
      constructor(a) {
        if (typeof a === 'number' && a * size > maxBytes) throw new RangeError('Invalid typed array length: ' + a);
        super(...arguments);
      }
    };
    ObjectDefineProperty(Capped, 'name', { value: name });
    ObjectDefineProperty(G, name, { value: Capped, writable: true, configurable: true, enumerable: false });
  }
  {
    const Orig = G.ArrayBuffer;
    const Capped = class extends Orig {
      constructor(n) {
        if (typeof n === 'number' && n > maxBytes) throw new RangeError('Array buffer allocation failed');
        super(...arguments);
      }
    };
    ObjectDefineProperty(Capped, 'name', { value: 'ArrayBuffer' });
    ObjectDefineProperty(G, 'ArrayBuffer', { value: Capped, writable: true, configurable: true, enumerable: false });
  }
  function capMethod(proto, name, tooBig, message) {
    const orig = proto[name];
    ObjectDefineProperty(proto, name, {
      value: { [name](...args) {
        if (tooBig(this, args)) throw new RangeError(message);
        return ReflectApply(orig, this, args);
      } }[name],
      writable: true, configurable: true, enumerable: false,
    });
  }
  capMethod(String.prototype, 'repeat', (s, a) => StringCtor(s).length * a[0] > maxString, 'Invalid string length');
  capMethod(String.prototype, 'padStart', (s, a) => a[0] > maxString, 'Invalid string length');
  capMethod(String.prototype, 'padEnd', (s, a) => a[0] > maxString, 'Invalid string length');
  capMethod(Array.prototype, 'fill', (arr) => arr.length * 8 > maxBytes, 'Invalid array length');
  capMethod(Array.prototype, 'join', (arr) => arr.length > maxString, 'Invalid string length');
  // Methods the engine runs over an array's whole length in one native
  // call, allocating for it or looping where no time budget reaches
  // (an array of length 2^32-1 sorted asks for 64 GiB): past maxElements
  // the run stops as out of memory.
  const maxElements = Math.min(1e7, maxBytes / 16);
  const tooLong = (arr) => {
    if (arr !== null && arr !== undefined && arr.length > maxElements) {
      host.overBudget();
      return true;
    }
    return false;
  };
  for (const name of ['sort', 'reverse', 'splice', 'copyWithin', 'indexOf', 'lastIndexOf', 'includes', 'slice',
    'concat', 'flat', 'toSorted', 'toReversed', 'toSpliced', 'with']) {
    if (typeof Array.prototype[name] === 'function') capMethod(Array.prototype, name, tooLong, 'Invalid array length');
  }
  capMethod(Array, 'from', (_, a) => a[0] !== null && typeof a[0] === 'object' && tooLong(a[0]), 'Invalid array length');
  // V8 refuses a call with more arguments than its stack holds.
  capMethod(Function.prototype, 'apply', (_, a) => a[1] !== null && typeof a[1] === 'object' && a[1].length > 125000,
    'Maximum call stack size exceeded');
  const Uint8ArrayCtor = G.Uint8Array;

  // 'multipleResolves' (jslib/_process.js): the engine keeps no hook for
  // a promise resolved again, so once asked, at the first listener, the
  // global Promise becomes a constructor that watches its executor's
  // resolve and reject (the prototype stays the engine's, so await and
  // then count the same jobs). Promises made before are not watched.
  internal.watchResolves = function watchResolves(again) {
    const NativePromise = G.Promise;
    const ReflectConstruct = Reflect.construct;
    const PromiseWatched = function Promise(executor) {
      if (new.target === undefined) throw new TypeErrorCtor("Promise constructor cannot be invoked without 'new'");
      if (typeof executor !== 'function') return ReflectConstruct(NativePromise, [executor], new.target);
      let self;
      let done = false;
      self = ReflectConstruct(NativePromise, [function (resolve, reject) {
        const res = (v) => { if (done) again('resolve', self, v); else { done = true; resolve(v); } };
        const rej = (r) => { if (done) again('reject', self, r); else { done = true; reject(r); } };
        try {
          ReflectApply(executor, undefined, [res, rej]);
        } catch (e) {
          rej(e);
        }
      }], new.target);
      return self;
    };
    ObjectSetPrototypeOf(PromiseWatched, NativePromise);
    ObjectDefineProperty(PromiseWatched, 'prototype', { value: NativePromise.prototype, writable: false });
    ObjectDefineProperty(G, 'Promise', { value: PromiseWatched, writable: true, configurable: true, enumerable: false });
  };
  const process = load('_process');

  // Buffer: enough of Node's for what snippets do with file contents.
  class Buffer extends Uint8ArrayCtor {
    static from(value, encoding, length) {
      if (typeof value === 'string') return host.encode(value, encoding, Buffer);
      if (value instanceof ArrayBuffer) {
        // A view of the same memory: (arrayBuffer, byteOffset, length).
        let offset = encoding === undefined ? 0 : +encoding;
        if (offset !== offset) offset = 0;
        const max = value.byteLength - offset;
        const bounds = (what) => load('_errors').makeNodeError(RangeError, 'ERR_BUFFER_OUT_OF_BOUNDS', `"${what}" is outside of buffer bounds`);
        if (max < 0) throw bounds('offset');
        if (length === undefined) length = max;
        else {
          length = +length;
          if (length > 0) {
            if (length > max) throw bounds('length');
          } else length = 0;
        }
        return new Buffer(value, offset, length);
      }
      const b = new Buffer(value.length >>> 0);
      for (let i = 0; i < b.length; i++) b[i] = value[i];
      return b;
    }
    static alloc(size, fill) {
      const b = new Buffer(size);
      if (fill !== undefined) b.fill(typeof fill === 'string' ? fill.charCodeAt(0) : fill);
      return b;
    }
    static allocUnsafe(size) { return new Buffer(size); }
    static isBuffer(b) { return b instanceof Buffer; }
    static byteLength(s, encoding) { return typeof s === 'string' ? host.encode(s, encoding, Buffer).length : s.byteLength; }
    static concat(list, total) {
      let n = 0;
      for (const b of list) n += b.length;
      if (total !== undefined) n = total;
      const out = new Buffer(n);
      let off = 0;
      for (const b of list) {
        for (let i = 0; i < b.length && off < n; i++) out[off++] = b[i];
      }
      return out;
    }
    toString(encoding, start, end) {
      return host.decode(this, encoding, start === undefined ? 0 : start, end === undefined ? this.length : end);
    }
    toJSON() { return { type: 'Buffer', data: Array.from(this) }; }
    equals(other) {
      if (this.length !== other.length) return false;
      for (let i = 0; i < this.length; i++) if (this[i] !== other[i]) return false;
      return true;
    }
    write(s, offset) {
      const src = host.encode(StringCtor(s), 'utf8', Buffer);
      offset = offset >>> 0;
      let i = 0;
      for (; i < src.length && offset + i < this.length; i++) this[offset + i] = src[i];
      return i;
    }
  }
  ObjectDefineProperty(Buffer.prototype, Symbol.for('nodejs.util.inspect.custom'), {
    value: function inspectBuffer() { return host.inspectBuffer(this); },
    enumerable: false,
  });

  // What the engine lacks but Node's V8 has; the runtime removes what the
  // chosen Node version does not have yet (loop.Profile.Has). The library
  // methods both engines take from jslib/_intrinsics.js.
  function define(obj, name, value) {
    if (obj[name] === undefined) ObjectDefineProperty(obj, name, { value, writable: true, configurable: true, enumerable: false });
  }
  define(Symbol, 'asyncIterator', Symbol.for('Symbol.asyncIterator'));
  define(ErrorCtor, 'captureStackTrace', function captureStackTrace(target) {
    const stack = new ErrorCtor().stack;
    const nl = stack.indexOf('\n');
    ObjectDefineProperty(target, 'stack', {
      value: (target.name || 'Error') + (target.message ? ': ' + target.message : '') + (nl >= 0 ? stack.slice(nl) : ''),
      writable: true, configurable: true, enumerable: false,
    });
  });

  return { process, Buffer };
})
