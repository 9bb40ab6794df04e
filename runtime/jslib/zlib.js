// looplint: 'zlib' over the host's Go bindings on __internal.zlib:
//
//   deflate(kind, bytes, level)  -> Buffer   kind: 'deflate', 'gzip' or 'raw'
//   inflate(kind, bytes, partial) -> Buffer, or [code, errno, message]   kind also 'unzip';
//                                   partial: input that ends early is no error
//
// The convenience functions in their sync and callback forms; a callback
// form is thread-pool work (__internal.pool), as many requests one after
// the other as Node's: it ends a stream with the buffer (zlibBuffer), whose
// write is one request per full output buffer (chunkSize, 16 KiB) and one
// more, then the stream's flush (an empty write) one more, and the
// callback runs at the last one's completion; an error ends it at the
// first. Decompression is exact; the
// compressed bytes are Go's, not zlib's: the host says so (a reason).
// The stream classes (createGzip, ...) are Transforms (stream.js): each
// write is a pool request whose completion takes the chunk (a
// decompressor pushes what the input so far decodes to), and the end is
// one more (the rest, then 'end'). Brotli is not here yet.
'use strict';
const { makeNodeError, describeReceived } = require('_errors');
const internal = __internal;
const host = internal.zlib;
const pool = internal.pool;
// work is how many µs a conversion of b usually takes on a worker
// (loop/poolclock.go): gzip of 5 bytes took 7 to 8 µs, gzip and gunzip of
// 64 KiB 31 to 264 on Node 10, 16, 22 and 26.
function work(b) { return 8 + 3 * ((b && b.length) || 0) / 1024; }
const BufferCtor = Buffer;

const constants = {
  Z_NO_FLUSH: 0, Z_PARTIAL_FLUSH: 1, Z_SYNC_FLUSH: 2, Z_FULL_FLUSH: 3, Z_FINISH: 4, Z_BLOCK: 5,
  Z_OK: 0, Z_STREAM_END: 1, Z_NEED_DICT: 2, Z_ERRNO: -1, Z_STREAM_ERROR: -2, Z_DATA_ERROR: -3,
  Z_MEM_ERROR: -4, Z_BUF_ERROR: -5, Z_VERSION_ERROR: -6,
  Z_NO_COMPRESSION: 0, Z_BEST_SPEED: 1, Z_BEST_COMPRESSION: 9, Z_DEFAULT_COMPRESSION: -1,
  Z_FILTERED: 1, Z_HUFFMAN_ONLY: 2, Z_RLE: 3, Z_FIXED: 4, Z_DEFAULT_STRATEGY: 0,
  DEFLATE: 1, INFLATE: 2, GZIP: 3, GUNZIP: 4, DEFLATERAW: 5, INFLATERAW: 6, UNZIP: 7,
  Z_MIN_WINDOWBITS: 8, Z_MAX_WINDOWBITS: 15, Z_DEFAULT_WINDOWBITS: 15,
  Z_MIN_CHUNK: 64, Z_MAX_CHUNK: Infinity, Z_DEFAULT_CHUNK: 16384,
  Z_MIN_MEMLEVEL: 1, Z_MAX_MEMLEVEL: 9, Z_DEFAULT_MEMLEVEL: 8,
  Z_MIN_LEVEL: -1, Z_MAX_LEVEL: 9, Z_DEFAULT_LEVEL: -1,
};

function input(buffer) {
  if (typeof buffer === 'string') return BufferCtor.from(buffer);
  if (BufferCtor.isBuffer(buffer)) return buffer;
  if (ArrayBuffer.isView(buffer)) return BufferCtor.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  if (buffer instanceof ArrayBuffer) return BufferCtor.from(buffer);
  throw makeNodeError(TypeError, 'ERR_INVALID_ARG_TYPE',
    `The "buffer" argument must be of type string or an instance of Buffer, TypedArray, DataView, or ArrayBuffer.${describeReceived(buffer)}`);
}

// chunkSize is the output buffer's size: each full one is written again.
function chunkSize(opts) {
  const n = opts && typeof opts === 'object' ? opts.chunkSize : undefined;
  return typeof n === 'number' && n >= 64 ? n : 16384;
}

function level(opts) {
  return opts && typeof opts === 'object' && typeof opts.level === 'number' ? opts.level : -1;
}

// run does one conversion: a Buffer, or throws zlib's error.
function run(compress, kind, buffer, opts) {
  const data = input(buffer);
  if (compress) return host.deflate(kind, data, level(opts));
  const r = host.inflate(kind, data, false);
  if (BufferCtor.isBuffer(r)) return r;
  throw zlibErr(r);
}

function checkCallback(cb) {
  if (typeof cb === 'function') return;
  if (Number(process.versions.node.split('.')[0]) >= 18) {
    throw makeNodeError(TypeError, 'ERR_INVALID_ARG_TYPE', `The "callback" argument must be of type function.${describeReceived(cb)}`);
  }
  throw makeNodeError(TypeError, 'ERR_INVALID_CALLBACK', `Callback must be a function.${describeReceived(cb)}`);
}

const forms = {
  deflate: [true, 'deflate'], inflate: [false, 'deflate'], gzip: [true, 'gzip'], gunzip: [false, 'gzip'],
  deflateRaw: [true, 'raw'], inflateRaw: [false, 'raw'], unzip: [false, 'unzip'],
};

module.exports = { constants };
for (const name of Object.keys(forms)) {
  const [compress, kind] = forms[name];
  module.exports[`${name}Sync`] = function (buffer, opts) { return run(compress, kind, buffer, opts); };
  module.exports[name] = function (buffer, opts, callback) {
    if (typeof opts === 'function') { callback = opts; opts = {}; }
    checkCallback(callback);
    let result;
    let error = null;
    try { result = run(compress, kind, buffer, opts); } catch (e) {
      if (e instanceof TypeError) throw e;
      error = e;
    }
    // Measured with a pool of one (UV_THREADPOOL_SIZE=1) against a chain
    // of one-iteration pbkdf2 on 10.24.1 and 22.2.0: a gunzip to 100 or
    // 16,383 bytes completes after 2 requests, to 16,384 after 3, to
    // 40,000 after 4, to 3,000 with chunkSize 1024 after 4; a bad input
    // after 1 ([pool-zlib-trips]). One operation of that many requests,
    // each queued when the one before is delivered.
    const trips = error ? 1 : Math.floor(result.length / chunkSize(opts)) + 2;
    pool(`zlib.${name}`, () => (error ? callback.call(undefined, error) : callback.call(undefined, null, result)), work(buffer), trips);
  };
}
// The module's own copies of the constants (zlib.Z_DEFAULT_COMPRESSION).
for (const k of Object.keys(constants)) {
  if (k.startsWith('Z_') && k !== 'Z_MIN_CHUNK' && k !== 'Z_MAX_CHUNK' && k !== 'Z_DEFAULT_CHUNK') module.exports[k] = constants[k];
}

// Zlib is the stream form: a Transform over the same conversions.
let TransformCtor = null;
function streamClass(name, compress, kind) {
  function Zlib(opts) {
    if (!(this instanceof Zlib)) return new Zlib(opts);
    TransformCtor.call(this, opts);
    this._compress = compress;
    this._kind = kind;
    this._level = level(opts);
    this._chunks = [];
    this._pushed = 0;
    this.bytesWritten = 0;
    // Before 12 a zlib stream closes itself at its end: 'close' on a later tick.
    if (!internal.has('zlib:no close on end')) this.once('end', () => nextTickClose(this));
  }
  Object.defineProperty(Zlib, 'name', { value: name });
  Zlib.prototype = Object.create(TransformCtor.prototype, { constructor: { value: Zlib, writable: true, configurable: true } });
  Zlib.prototype._transform = function (chunk, enc, cb) {
    const b = typeof chunk === 'string' ? BufferCtor.from(chunk, enc) : input(chunk);
    this._chunks.push(b);
    this.bytesWritten += b.length;
    let out = null;
    let error = null;
    if (!this._compress) {
      const r = host.inflate(this._kind, BufferCtor.concat(this._chunks), true);
      if (BufferCtor.isBuffer(r)) out = r;
      else error = zlibErr(r);
    }
    pool(`zlib.${name}.write`, () => {
      if (error) { cb(error); return; }
      if (out !== null && out.length > this._pushed) {
        this.push(out.slice(this._pushed));
        this._pushed = out.length;
      }
      cb();
    }, work(b));
  };
  Zlib.prototype._flush = function (cb) {
    let out = null;
    let error = null;
    try { out = run(this._compress, this._kind, BufferCtor.concat(this._chunks), { level: this._level }); } catch (e) { error = e; }
    pool(`zlib.${name}.flush`, () => {
      if (error) { cb(error); return; }
      if (out.length > this._pushed) this.push(out.slice(this._pushed));
      this._pushed = out.length;
      cb();
    }, work(out));
  };
  Zlib.prototype.close = function (cb) {
    if (cb) this.once('close', cb);
    this.destroy();
  };
  return Zlib;
}

function nextTickClose(stream) {
  internal.nextTick(() => stream.emit('close'));
}

function zlibErr(r) {
  const err = new Error(r[2]);
  err.errno = r[1];
  err.code = r[0];
  return err;
}

const classes = {
  Deflate: [true, 'deflate'], Inflate: [false, 'deflate'], Gzip: [true, 'gzip'], Gunzip: [false, 'gzip'],
  DeflateRaw: [true, 'raw'], InflateRaw: [false, 'raw'], Unzip: [false, 'unzip'],
};
// The classes load stream.js when first asked for.
for (const name of Object.keys(classes)) {
  let cls = null;
  const get = () => {
    if (cls === null) {
      if (TransformCtor === null) TransformCtor = require('stream').Transform;
      cls = streamClass(name, classes[name][0], classes[name][1]);
    }
    return cls;
  };
  Object.defineProperty(module.exports, name, { enumerable: true, configurable: true, get });
  module.exports[`create${name}`] = function (opts) { return new (get())(opts); };
}
