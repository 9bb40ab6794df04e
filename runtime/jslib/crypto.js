// looplint: 'crypto' over the host's Go bindings on __internal.crypto
// (digests, HMACs, key derivations, random bytes). Both engines that run
// it provide them:
//
//   digest(alg, bytes)                       -> Buffer, or null for an unknown algorithm
//   hmac(alg, key, bytes)                    -> Buffer, or null
//   pbkdf2(password, salt, iter, len, alg)   -> Buffer, or a string saying why not
//   scrypt(password, salt, len, N, r, p)     -> Buffer, or a string
//   random(n)                                -> Buffer of n random bytes
//   known(alg)                               -> whether alg names a digest
//   hashes()                                 -> the algorithm names
//
// The async forms (pbkdf2, scrypt, randomBytes, randomFill) are thread-pool
// work: __internal.pool(api, fn, us) queues fn for a worker (loop/pool.go),
// and it runs as the request's completion in a poll phase; us is how many
// microseconds the work usually takes (loop/poolclock.go), from what Node
// 10, 16, 22 and 26 took here (pbkdf2Sync, scryptSync, randomBytes timed
// with process.hrtime).
'use strict';
const { makeNodeError, describeReceived } = require('_errors');
const internal = __internal;
const host = internal.crypto;
const pool = internal.pool;
const BufferCtor = Buffer;

function typeError(code, msg) { return makeNodeError(TypeError, code, msg); }
function rangeError(code, msg) { return makeNodeError(RangeError, code, msg); }

function argType(name, what, value) {
  return typeError('ERR_INVALID_ARG_TYPE', `The "${name}" argument must be ${what}.${describeReceived(value)}`);
}

// checkCallback throws as Node's crypto does for a callback that is not a
// function (its code changed at 18, as the timers' did).
function checkCallback(cb) {
  if (typeof cb === 'function') return;
  if (Number(process.versions.node.split('.')[0]) >= 18) throw argType('callback', 'of type function', cb);
  throw typeError('ERR_INVALID_CALLBACK', `Callback must be a function.${describeReceived(cb)}`);
}

// toBuf is the bytes of a string (in enc), a Buffer, a TypedArray, a
// DataView or an ArrayBuffer.
function toBuf(v, name, enc) {
  if (typeof v === 'string') return BufferCtor.from(v, enc || 'utf8');
  if (BufferCtor.isBuffer(v)) return v;
  if (ArrayBuffer.isView(v)) return BufferCtor.from(v.buffer, v.byteOffset, v.byteLength);
  if (v instanceof ArrayBuffer) return BufferCtor.from(v);
  throw argType(name, 'of type string or an instance of Buffer, TypedArray, DataView, or ArrayBuffer', v);
}

function encode(buf, enc) {
  if (enc === undefined || enc === 'buffer') return buf;
  return buf.toString(enc);
}

// Hash and Hmac gather their input and digest it at once.
function Hash(algorithm) {
  if (!(this instanceof Hash)) return new Hash(algorithm);
  if (typeof algorithm !== 'string') throw argType('algorithm', 'of type string', algorithm);
  if (!host.known(algorithm)) throw new Error('Digest method not supported');
  this._alg = algorithm;
  this._chunks = [];
  this._done = false;
}
Hash.prototype.update = function update(data, enc) {
  if (this._done) throw makeNodeError(Error, 'ERR_CRYPTO_HASH_FINALIZED', 'Digest already called');
  if (typeof data !== 'string' && !ArrayBuffer.isView(data)) {
    throw argType('data', 'of type string or an instance of Buffer, TypedArray, or DataView', data);
  }
  this._chunks.push(BufferCtor.from(toBuf(data, 'data', enc)));
  return this;
};
Hash.prototype.digest = function digest(enc) {
  if (this._done) throw makeNodeError(Error, 'ERR_CRYPTO_HASH_FINALIZED', 'Digest already called');
  this._done = true;
  return encode(host.digest(this._alg, BufferCtor.concat(this._chunks)), enc);
};
Hash.prototype.copy = function copy() {
  if (this._done) throw makeNodeError(Error, 'ERR_CRYPTO_HASH_FINALIZED', 'Digest already called');
  const h = new Hash(this._alg);
  h._chunks = this._chunks.slice();
  return h;
};

function Hmac(algorithm, key) {
  if (!(this instanceof Hmac)) return new Hmac(algorithm, key);
  if (typeof algorithm !== 'string') throw argType('hmac', 'of type string', algorithm);
  if (!host.known(algorithm)) throw typeError('ERR_CRYPTO_INVALID_DIGEST', `Invalid digest: ${algorithm}`);
  this._alg = algorithm;
  this._key = BufferCtor.from(toBuf(key, 'key'));
  this._chunks = [];
  this._done = false;
}
Hmac.prototype.update = Hash.prototype.update;
Hmac.prototype.digest = function digest(enc) {
  // A second digest() gives an empty result, as Node's does.
  if (this._done) return encode(BufferCtor.alloc(0), enc);
  this._done = true;
  return encode(host.hmac(this._alg, this._key, BufferCtor.concat(this._chunks)), enc);
};

function createHash(algorithm, options) { return new Hash(algorithm, options); }
function createHmac(algorithm, key, options) { return new Hmac(algorithm, key, options); }

function checkInt(name, v, min, max) {
  if (typeof v !== 'number') throw argType(name, 'of type number', v);
  if (!Number.isInteger(v)) throw rangeError('ERR_OUT_OF_RANGE', `The value of "${name}" is out of range. It must be an integer. Received ${v}`);
  if (v < min || v > max) throw rangeError('ERR_OUT_OF_RANGE', `The value of "${name}" is out of range. It must be >= ${min} && <= ${max}. Received ${v}`);
}

function derived(r) {
  if (typeof r === 'string') throw new Error(`looplint: ${r}`);
  return r;
}

function pbkdf2Args(password, salt, iterations, keylen, digest) {
  password = toBuf(password, 'password');
  salt = toBuf(salt, 'salt');
  checkInt('iterations', iterations, 1, 2147483647);
  checkInt('keylen', keylen, 0, 2147483647);
  if (typeof digest !== 'string') throw argType('digest', 'of type string', digest);
  if (!host.known(digest)) throw typeError('ERR_CRYPTO_INVALID_DIGEST', `Invalid digest: ${digest}`);
  return [password, salt, iterations, keylen, digest];
}

function pbkdf2Sync(password, salt, iterations, keylen, digest) {
  return derived(host.pbkdf2(...pbkdf2Args(password, salt, iterations, keylen, digest)));
}

// µs per pbkdf2 iteration and output block of the digest's length:
// 1,000 iterations took md5 0.19-0.39 ms, sha1 0.11-0.27, sha256
// 0.11-0.18, sha512 0.28-0.45.
const pbkdf2Us = { md5: [0.3, 16], sha1: [0.2, 20], sha256: [0.15, 32], sha512: [0.35, 64] };
function pbkdf2Work(iterations, keylen, digest) {
  const [us, len] = pbkdf2Us[String(digest).toLowerCase()] || [0.3, 32];
  return iterations * Math.max(1, Math.ceil(keylen / len)) * us;
}

function pbkdf2(password, salt, iterations, keylen, digest, callback) {
  if (typeof digest === 'function') { callback = digest; digest = undefined; }
  const args = pbkdf2Args(password, salt, iterations, keylen, digest);
  checkCallback(callback);
  const key = derived(host.pbkdf2(...args));
  pool('crypto.pbkdf2', () => callback.call(undefined, null, key), pbkdf2Work(args[2], args[3], args[4]));
}

function scryptArgs(password, salt, keylen, options) {
  password = toBuf(password, 'password');
  salt = toBuf(salt, 'salt');
  checkInt('keylen', keylen, 0, 2147483647);
  let N = 16384; let r = 8; let p = 1; let maxmem = 32 << 20;
  if (options && typeof options === 'object') {
    if (options.N !== undefined) N = options.N;
    if (options.cost !== undefined) N = options.cost;
    if (options.r !== undefined) r = options.r;
    if (options.blockSize !== undefined) r = options.blockSize;
    if (options.p !== undefined) p = options.p;
    if (options.parallelization !== undefined) p = options.parallelization;
    if (options.maxmem !== undefined) maxmem = options.maxmem;
  }
  if (N < 2 || (N & (N - 1)) !== 0 || 128 * N * r > maxmem) {
    throw rangeError('ERR_CRYPTO_INVALID_SCRYPT_PARAMS', 'Invalid scrypt params');
  }
  return [password, salt, keylen, N, r, p];
}

function scryptSync(password, salt, keylen, options) {
  return derived(host.scrypt(...scryptArgs(password, salt, keylen, options)));
}

function scrypt(password, salt, keylen, options, callback) {
  if (typeof options === 'function') { callback = options; options = undefined; }
  const args = scryptArgs(password, salt, keylen, options);
  checkCallback(callback);
  const key = derived(host.scrypt(...args));
  // N=16384, r=8 took 26 to 41 ms: 0.25 µs per N·r·p.
  pool('crypto.scrypt', () => callback.call(undefined, null, key), args[3] * args[4] * args[5] * 0.25);
}

const kMaxRandom = 2147483647;

function randomBytes(size, callback) {
  checkInt('size', size, 0, kMaxRandom);
  if (callback !== undefined) checkCallback(callback);
  const buf = host.random(size);
  if (callback === undefined) return buf;
  // 16 bytes took 2 to 4 µs, 64 KiB 11 to 62.
  pool('crypto.randomBytes', () => callback.call(undefined, null, buf), 3 + size / 1024);
}

function fillInto(buf, offset, size) {
  const bytes = toBuf(buf, 'buf');
  const src = host.random(size);
  for (let i = 0; i < size; i++) bytes[offset + i] = src[i];
}

function fillRange(buf, offset, size) {
  if (!ArrayBuffer.isView(buf) && !(buf instanceof ArrayBuffer)) {
    throw argType('buf', 'an instance of ArrayBuffer or ArrayBufferView', buf);
  }
  const len = buf.byteLength;
  if (offset === undefined) offset = 0;
  checkInt('offset', offset, 0, len);
  if (size === undefined) size = len - offset;
  checkInt('size', size, 0, len - offset);
  return [offset, size];
}

function randomFillSync(buf, offset, size) {
  const [o, s] = fillRange(buf, offset, size);
  fillInto(buf, o, s);
  return buf;
}

function randomFill(buf, offset, size, callback) {
  if (typeof offset === 'function') { callback = offset; offset = undefined; size = undefined; }
  else if (typeof size === 'function') { callback = size; size = undefined; }
  const [o, s] = fillRange(buf, offset, size);
  checkCallback(callback);
  fillInto(buf, o, s);
  pool('crypto.randomFill', () => callback.call(undefined, null, buf), 3 + s / 1024);
}

function randomUUID() {
  const b = host.random(16);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

// randomInt draws uniformly in [min, max) by rejection over 48 bits.
function randomInt(min, max, callback) {
  if (max === undefined || typeof max === 'function') { callback = max; max = min; min = 0; }
  if (!Number.isSafeInteger(min)) throw argType('min', 'a safe integer', min);
  if (!Number.isSafeInteger(max)) throw argType('max', 'a safe integer', max);
  if (max <= min) {
    throw rangeError('ERR_OUT_OF_RANGE', `The value of "max" is out of range. It must be greater than the value of "min" (${min}). Received ${max}`);
  }
  if (callback !== undefined) checkCallback(callback);
  const range = max - min;
  const limit = 2 ** 48 - (2 ** 48 % range);
  let x;
  do {
    const b = host.random(6);
    x = 0;
    for (let i = 0; i < 6; i++) x = x * 256 + b[i];
  } while (x >= limit);
  const n = min + (x % range);
  if (callback === undefined) return n;
  nextTickCall(callback, n);
}

function nextTickCall(cb, n) { internal.nextTick(() => cb(null, n)); }

function getRandomValues(array) {
  if (!ArrayBuffer.isView(array) || array instanceof Float32Array || array instanceof Float64Array || array instanceof DataView) {
    throw makeNodeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The data argument must be an integer-type TypedArray');
  }
  if (array.byteLength > 65536) throw new Error(`The ArrayBufferView's byte length (${array.byteLength}) exceeds the number of bytes of entropy available via this API (65536)`);
  fillInto(array, 0, array.byteLength);
  return array;
}

function timingSafeEqual(a, b) {
  if (!ArrayBuffer.isView(a) && !(a instanceof ArrayBuffer)) throw argType('buf1', 'an instance of ArrayBuffer, Buffer, TypedArray, or DataView', a);
  if (!ArrayBuffer.isView(b) && !(b instanceof ArrayBuffer)) throw argType('buf2', 'an instance of ArrayBuffer, Buffer, TypedArray, or DataView', b);
  const x = toBuf(a); const y = toBuf(b);
  if (x.length !== y.length) throw rangeError('ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH', 'Input buffers must have the same byte length');
  let d = 0;
  for (let i = 0; i < x.length; i++) d |= x[i] ^ y[i];
  return d === 0;
}

function getHashes() { return host.hashes(); }

module.exports = {
  createHash, createHmac, Hash, Hmac, pbkdf2, pbkdf2Sync, scrypt, scryptSync,
  randomBytes, randomFill, randomFillSync, timingSafeEqual, getHashes,
  pseudoRandomBytes: randomBytes, prng: randomBytes, rng: randomBytes,
  constants: {},
};
if (internal.has('crypto:randomUUID')) module.exports.randomUUID = randomUUID;
if (internal.has('crypto:randomInt')) module.exports.randomInt = randomInt;
if (internal.has('crypto:getRandomValues')) module.exports.getRandomValues = getRandomValues;
if (internal.has('crypto:webcrypto')) {
  // webcrypto: getRandomValues, randomUUID, and subtle.digest, whose
  // promise settles after a pool round trip.
  const subtle = {
    digest(algorithm, data) {
      const name = typeof algorithm === 'string' ? algorithm : algorithm && algorithm.name;
      const alg = { 'SHA-1': 'sha1', 'SHA-256': 'sha256', 'SHA-384': 'sha384', 'SHA-512': 'sha512' }[String(name).toUpperCase()];
      return new Promise((resolve, reject) => {
        if (alg === undefined) {
          const e = new Error('Unrecognized algorithm name');
          e.name = 'NotSupportedError';
          reject(e);
          return;
        }
        const out = host.digest(alg, BufferCtor.from(toBuf(data, 'data')));
        const ab = out.buffer.slice(out.byteOffset, out.byteOffset + out.length);
        pool('crypto.subtle.digest', () => resolve(ab));
      });
    },
  };
  module.exports.webcrypto = { getRandomValues, randomUUID, subtle };
  module.exports.subtle = subtle;
}
