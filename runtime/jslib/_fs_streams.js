// looplint: fs.ReadStream and fs.WriteStream over the sandbox's file
// system, our own code. The file is opened by the stream's _construct,
// read or written, and closed by _destroy, each step one thread-pool round
// trip through __internal.fsio, so each completes in a poll phase as
// Node's does. 'open' and 'ready' come in the open's callback.
//
//   open(path, flags, mode, cb)   cb(err, fd, handle): handle names the
//                                 file to the other calls (fd is what the
//                                 program sees)
//   read(handle, length, position, cb)  cb(err, buffer), empty at the end
//   write(handle, buffer, position, cb) cb(err, bytesWritten)
//   close(handle, cb)             cb(err)
//
// position null: the file's own position.
'use strict';
const { Readable, Writable, finished } = require('stream');
const internal = __internal;
const fsio = internal.fsio;
const nextTick = internal.nextTick;
const BufferCtor = Buffer;
const { makeNodeError } = require('_errors');

const kIoDone = Symbol('kIoDone');
const kIsPerformingIO = Symbol('kIsPerformingIO');
const kHandle = Symbol('kHandle');

function copyOptions(options, defaults) {
  if (options === undefined || options === null) return Object.assign({}, defaults);
  if (typeof options === 'string') return Object.assign({}, defaults, { encoding: options });
  if (typeof options !== 'object') {
    throw makeNodeError(TypeError, 'ERR_INVALID_ARG_TYPE', `The "options" argument must be of type string or an instance of Object.${require('_errors').describeReceived(options)}`);
  }
  return Object.assign({}, defaults, options);
}

function pathOf(p) {
  if (typeof p === 'string') return p;
  if (p && typeof p.href === 'string' && p.href.startsWith('file://')) return p.pathname;
  if (BufferCtor.isBuffer(p)) return p.toString();
  throw makeNodeError(TypeError, 'ERR_INVALID_ARG_TYPE', `The "path" argument must be of type string or an instance of Buffer or URL.${require('_errors').describeReceived(p)}`);
}

// open is both streams' _construct when no fd was given.
function open(stream, callback) {
  fsio.open(stream.path, stream.flags, stream.mode, (er, fd, handle) => {
    if (er) {
      callback(er);
      return;
    }
    stream.fd = fd;
    stream[kHandle] = handle;
    callback();
    stream.emit('open', stream.fd);
    stream.emit('ready');
  });
}

// close is both streams' _destroy: wait for a read or write under way,
// then close the file.
function destroyStream(stream, err, cb) {
  if (stream[kIsPerformingIO]) stream.once(kIoDone, (er) => closeFile(stream, err || er, cb));
  else closeFile(stream, err, cb);
}

// handleOf is the file a stream has open: the open's handle, or an fd
// the program gave; null when none.
function handleOf(stream) {
  if (stream[kHandle] !== undefined) return stream[kHandle];
  return stream.fd === undefined ? null : stream.fd;
}

function closeFile(stream, err, cb) {
  const handle = handleOf(stream);
  if (handle === null) {
    cb(err);
    return;
  }
  stream[kHandle] = null;
  stream.fd = null;
  fsio.close(handle, (er) => cb(er || err));
}

function checkRange(name, v) {
  if (v !== undefined && (typeof v !== 'number' || v !== v || v < 0)) {
    throw makeNodeError(RangeError, 'ERR_OUT_OF_RANGE', `The value of "${name}" is out of range. It must be >= 0 && <= 9007199254740991. Received ${v}`);
  }
}

function ReadStream(path, options) {
  if (!(this instanceof ReadStream)) return new ReadStream(path, options);
  options = copyOptions(options, {});
  if (options.highWaterMark === undefined) options.highWaterMark = 64 * 1024;
  if (options.autoDestroy === undefined) options.autoDestroy = options.autoClose === undefined ? true : options.autoClose;
  this.fd = options.fd === undefined ? null : options.fd;
  this.path = this.fd === null ? pathOf(path) : undefined;
  this.flags = options.flags === undefined ? 'r' : options.flags;
  this.mode = options.mode === undefined ? 0o666 : options.mode;
  this.start = options.start;
  this.end = options.end === undefined ? Infinity : options.end;
  this.pos = undefined;
  this.bytesRead = 0;
  this[kIsPerformingIO] = false;
  checkRange('start', this.start);
  if (this.start !== undefined) this.pos = this.start;
  if (this.end !== Infinity) {
    checkRange('end', this.end);
    if (this.start !== undefined && this.start > this.end) {
      throw makeNodeError(RangeError, 'ERR_OUT_OF_RANGE', `The value of "start" is out of range. It must be <= "end" (here: ${this.end}). Received ${this.start}`);
    }
  }
  if (this.fd === null) this._construct = function (callback) { open(this, callback); };
  Readable.call(this, options);
}
Object.setPrototypeOf(ReadStream.prototype, Readable.prototype);
Object.setPrototypeOf(ReadStream, Readable);

Object.defineProperty(ReadStream.prototype, 'autoClose', {
  get() { return this._readableState.autoDestroy; },
  set(v) { this._readableState.autoDestroy = v; },
  configurable: true,
});

Object.defineProperty(ReadStream.prototype, 'pending', {
  get() { return this.fd === null; }, configurable: true,
});

ReadStream.prototype._read = function (n) {
  n = this.pos !== undefined ? Math.min(this.end - this.pos + 1, n) : Math.min(this.end - this.bytesRead + 1, n);
  if (n <= 0) {
    this.push(null);
    return;
  }
  this[kIsPerformingIO] = true;
  fsio.read(handleOf(this), n, this.pos === undefined ? null : this.pos, (er, buf) => {
    this[kIsPerformingIO] = false;
    if (this.destroyed) {
      this.emit(kIoDone, er);
      return;
    }
    if (er) {
      require('stream')._errorOrDestroy(this, er);
    } else if (buf.length > 0) {
      if (this.pos !== undefined) this.pos += buf.length;
      this.bytesRead += buf.length;
      this.push(buf);
    } else {
      this.push(null);
    }
  });
};

ReadStream.prototype._destroy = function (err, cb) { destroyStream(this, err, cb); };

ReadStream.prototype.close = function (cb) {
  if (typeof cb === 'function') finished(this, cb);
  this.destroy();
};

function WriteStream(path, options) {
  if (!(this instanceof WriteStream)) return new WriteStream(path, options);
  options = copyOptions(options, {});
  options.decodeStrings = true;
  if (options.autoDestroy === undefined) options.autoDestroy = options.autoClose === undefined ? true : options.autoClose;
  this.fd = options.fd === undefined ? null : options.fd;
  this.path = this.fd === null ? pathOf(path) : undefined;
  this.flags = options.flags === undefined ? 'w' : options.flags;
  this.mode = options.mode === undefined ? 0o666 : options.mode;
  this.start = options.start;
  this.pos = undefined;
  this.bytesWritten = 0;
  this[kIsPerformingIO] = false;
  checkRange('start', this.start);
  if (this.start !== undefined) this.pos = this.start;
  if (this.fd === null) this._construct = function (callback) { open(this, callback); };
  Writable.call(this, options);
  if (options.encoding) this.setDefaultEncoding(options.encoding);
}
Object.setPrototypeOf(WriteStream.prototype, Writable.prototype);
Object.setPrototypeOf(WriteStream, Writable);

Object.defineProperty(WriteStream.prototype, 'autoClose', {
  get() { return this._writableState.autoDestroy; },
  set(v) { this._writableState.autoDestroy = v; },
  configurable: true,
});

Object.defineProperty(WriteStream.prototype, 'pending', {
  get() { return this.fd === null; }, configurable: true,
});

WriteStream.prototype._write = function (data, encoding, cb) {
  this[kIsPerformingIO] = true;
  fsio.write(handleOf(this), data, this.pos === undefined ? null : this.pos, (er, bytes) => {
    this[kIsPerformingIO] = false;
    if (this.destroyed) {
      cb(er);
      this.emit(kIoDone, er);
      return;
    }
    if (er) {
      cb(er);
      return;
    }
    this.bytesWritten += bytes;
    cb();
  });
  if (this.pos !== undefined) this.pos += data.length;
};

WriteStream.prototype._destroy = function (err, cb) { destroyStream(this, err, cb); };

WriteStream.prototype.close = function (cb) {
  if (cb) {
    if (this.closed) {
      nextTick(cb);
      return;
    }
    this.on('close', cb);
  }
  if (!this.autoClose) this.on('finish', this.destroy);
  this.end();
};

WriteStream.prototype.destroySoon = WriteStream.prototype.end;

module.exports = {
  ReadStream,
  WriteStream,
  createReadStream(path, options) { return new ReadStream(path, options); },
  createWriteStream(path, options) { return new WriteStream(path, options); },
};
