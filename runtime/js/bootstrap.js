// Bootstrap of the sandbox: the JavaScript half of process, timers' handle
// classes and Buffer. Evaluated once per run, before user code, so that
// user code overwriting globals or prototypes cannot reach into it.
(function bootstrap(host, internal, EventEmitter) {
  'use strict';
  const ObjectDefineProperty = Object.defineProperty;
  const ReflectApply = Reflect.apply;
  const ErrorCtor = Error;
  const TypeErrorCtor = TypeError;
  const StringCtor = String;
  const Uint8ArrayCtor = Uint8Array;

  class Timeout {
    ref() { host.timerRef(this, true); return this; }
    unref() { host.timerRef(this, false); return this; }
    hasRef() { return host.timerHasRef(this); }
    refresh() { host.timerRefresh(this); return this; }
    close() { host.timerClear(this); return this; }
    [Symbol.toPrimitive]() { return host.timerId(this); }
    // Node's internal fields, which some snippets read.
    get _idleStart() { return host.timerField(this, 'start'); }
    get _idleTimeout() { return host.timerField(this, 'timeout'); }
    get _repeat() { return host.timerField(this, 'repeat'); }
    get _destroyed() { return host.timerField(this, 'destroyed'); }
  }

  class Immediate {
    ref() { host.immediateRef(this, true); return this; }
    unref() { host.immediateRef(this, false); return this; }
    hasRef() { return host.immediateHasRef(this); }
  }

  const process = new EventEmitter();
  ObjectDefineProperty(process, Symbol.toStringTag, { value: 'process', enumerable: false, writable: true, configurable: true });

  function doEmitWarning(warning) {
    process.emit('warning', warning);
    host.writeWarning(warning);
  }

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
      const e = new TypeErrorCtor('The "warning" argument must be of type string or an instance of Error.');
      e.code = 'ERR_INVALID_ARG_TYPE';
      throw e;
    }
    if (warning.name === 'DeprecationWarning' && process.noDeprecation) return;
    internal.nextTick(doEmitWarning, warning);
  };

  // Buffer: enough of Node's for what snippets do with file contents.
  class Buffer extends Uint8ArrayCtor {
    static from(value, encoding) {
      if (typeof value === 'string') return host.encode(value, encoding, Buffer);
      if (value instanceof ArrayBuffer) return new Buffer(value);
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
    value: function inspectBuffer() {
      let s = '';
      const n = this.length < 50 ? this.length : 50;
      for (let i = 0; i < n; i++) s += ' ' + (this[i] < 16 ? '0' : '') + this[i].toString(16);
      if (this.length > 50) s += ` ... ${this.length - 50} more bytes`;
      return '<Buffer' + s + '>';
    },
    enumerable: false,
  });

  return { process, Timeout, Immediate, Buffer };
})
