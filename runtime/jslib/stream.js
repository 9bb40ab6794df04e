// looplint: Node's 'stream' module (Readable, Writable, Duplex, Transform,
// PassThrough, pipeline, finished, Readable.from, async iteration), our own
// code written for both engines. Everything it orders goes through
// process.nextTick and promises, as Node's does: the rules each event
// follows, per release, are in docs/semantics.md ("Streams"), with the
// cases behind them (testdata/runtime/stream-*.txtar).
//
// Release rules read here (loop/profile.go):
//   stream:auto destroy   autoDestroy is on by default: 'end' and 'finish'
//                         are followed by destroy() and 'close'
//   stream:sync final     end() calls _final at once and its callback runs
//                         before the 'finish' listeners; before, _final
//                         waited a tick and end(cb) was a 'finish' listener
//   stream:read one chunk read() of a paused stream returns its first
//                         buffered chunk; before, all it holds
//   stream:sync write no drain  a write done inside write() does not
//                         count toward the highWaterMark
'use strict';
const EE = require('events');
const { makeNodeError } = require('_errors');
const internal = __internal;
const nextTick = internal.nextTick;
const BufferCtor = Buffer;
const TypeErrorCtor = TypeError;
const ErrorCtor = Error;
const PromiseCtor = Promise;
const SymbolAsyncIterator = Symbol.asyncIterator;
const SymbolIterator = Symbol.iterator;

const autoDestroyDefault = internal.has('stream:auto destroy');
const syncFinal = internal.has('stream:sync final');
const readOneChunk = internal.has('stream:read one chunk');
const syncWriteNoDrain = internal.has('stream:sync write no drain');

const kDestroy = Symbol('kDestroy');
const kConstruct = Symbol('kConstruct');
const kOnFinished = Symbol('kOnFinished');

function nop() {}

function err(Base, code, message) { return makeNodeError(Base, code, message); }
function errNullValues() { return err(TypeErrorCtor, 'ERR_STREAM_NULL_VALUES', 'May not write null values to stream'); }
function errWriteAfterEnd() { return err(ErrorCtor, 'ERR_STREAM_WRITE_AFTER_END', 'write after end'); }
function errDestroyed(op) { return err(ErrorCtor, 'ERR_STREAM_DESTROYED', `Cannot call ${op} after a stream was destroyed`); }
function errPushAfterEOF() { return err(ErrorCtor, 'ERR_STREAM_PUSH_AFTER_EOF', 'stream.push() after EOF'); }
function errUnshiftAfterEnd() { return err(ErrorCtor, 'ERR_STREAM_UNSHIFT_AFTER_END_EVENT', 'stream.unshift() after end event'); }
function errPrematureClose() { return err(ErrorCtor, 'ERR_STREAM_PREMATURE_CLOSE', 'Premature close'); }
function errAlreadyFinished(op) { return err(ErrorCtor, 'ERR_STREAM_ALREADY_FINISHED', `Cannot call ${op} after a stream was finished`); }
function errMultipleCallback() { return err(ErrorCtor, 'ERR_MULTIPLE_CALLBACK', 'Callback called multiple times'); }
function errNotImplemented(m) { return err(ErrorCtor, 'ERR_METHOD_NOT_IMPLEMENTED', `The ${m} method is not implemented`); }
function errChunkType(chunk) {
  return err(TypeErrorCtor, 'ERR_INVALID_ARG_TYPE',
    `The "chunk" argument must be of type string or an instance of Buffer or Uint8Array.${require('_errors').describeReceived(chunk)}`);
}
function errMissingArgs(name) { return err(TypeErrorCtor, 'ERR_MISSING_ARGS', `The "${name}" argument must be specified`); }

function isBuffer(c) { return BufferCtor.isBuffer(c); }

function hwmFrom(options, objectMode, key) {
  if (options) {
    const v = options.highWaterMark !== undefined && options.highWaterMark !== null ? options.highWaterMark : options[key];
    if (v !== undefined && v !== null) {
      if (!(v >= 0) || Math.floor(v) !== v) {
        throw err(TypeErrorCtor, 'ERR_INVALID_ARG_VALUE', `The property 'options.${key in options ? key : 'highWaterMark'}' is invalid. Received ${v}`);
      }
      return v;
    }
  }
  if (objectMode) return 16;
  return internal.has('stream:64k high water mark') ? 65536 : 16384;
}

// ---------------------------------------------------------------------------
// Stream: the legacy base, an EventEmitter with pipe.

function Stream(opts) { EE.call(this, opts); }
Object.setPrototypeOf(Stream.prototype, EE.prototype);
Object.setPrototypeOf(Stream, EE);

Stream.prototype.pipe = function pipe(dest, options) {
  const source = this;
  function ondata(chunk) {
    if (dest.writable && dest.write(chunk) === false && source.pause) source.pause();
  }
  source.on('data', ondata);
  function ondrain() { if (source.readable && source.resume) source.resume(); }
  dest.on('drain', ondrain);
  let didOnEnd = false;
  function onend() { if (didOnEnd) return; didOnEnd = true; dest.end(); }
  function onclose() { if (didOnEnd) return; didOnEnd = true; if (typeof dest.destroy === 'function') dest.destroy(); }
  if (!dest._isStdio && (!options || options.end !== false)) {
    source.on('end', onend);
    source.on('close', onclose);
  }
  function onerror(er) { cleanup(); if (EE.listenerCount(this, 'error') === 0) this.emit('error', er); }
  source.prependListener('error', onerror);
  dest.prependListener('error', onerror);
  function cleanup() {
    source.removeListener('data', ondata); dest.removeListener('drain', ondrain);
    source.removeListener('end', onend); source.removeListener('close', onclose);
    source.removeListener('error', onerror); dest.removeListener('error', onerror);
    source.removeListener('end', cleanup); source.removeListener('close', cleanup);
    dest.removeListener('close', cleanup);
  }
  source.on('end', cleanup); source.on('close', cleanup); dest.on('close', cleanup);
  dest.emit('pipe', source);
  return dest;
};

// ---------------------------------------------------------------------------
// destroy, shared by both sides

function checkError(e, w, r) {
  if (e) {
    if (w && !w.errored) w.errored = e;
    if (r && !r.errored) r.errored = e;
  }
}

function destroy(e, cb) {
  const r = this._readableState;
  const w = this._writableState;
  const s = w || r;
  if ((w && w.destroyed) || (r && r.destroyed)) {
    if (typeof cb === 'function') cb();
    return this;
  }
  checkError(e, w, r);
  if (w) w.destroyed = true;
  if (r) r.destroyed = true;
  if (!s.constructed) {
    this.once(kDestroy, function (er) { destroyNow(this, er || e, cb); });
  } else {
    destroyNow(this, e, cb);
  }
  return this;
}

function destroyNow(self, e, cb) {
  let called = false;
  function onDestroy(er) {
    if (called) return;
    called = true;
    const r = self._readableState;
    const w = self._writableState;
    checkError(er, w, r);
    if (w) w.closed = true;
    if (r) r.closed = true;
    if (typeof cb === 'function') cb(er);
    if (er) nextTick(emitErrorCloseNT, self, er);
    else nextTick(emitCloseNT, self);
  }
  try {
    self._destroy(e || null, onDestroy);
  } catch (er) {
    onDestroy(er);
  }
}

function emitErrorCloseNT(self, e) { emitErrorNT(self, e); emitCloseNT(self); }

function emitCloseNT(self) {
  const r = self._readableState;
  const w = self._writableState;
  if (w) w.closeEmitted = true;
  if (r) r.closeEmitted = true;
  if ((w && w.emitClose) || (r && r.emitClose)) self.emit('close');
}

function emitErrorNT(self, e) {
  const r = self._readableState;
  const w = self._writableState;
  if ((w && w.errorEmitted) || (r && r.errorEmitted)) return;
  if (w) w.errorEmitted = true;
  if (r) r.errorEmitted = true;
  self.emit('error', e);
}

function undestroy() {
  const r = this._readableState;
  const w = this._writableState;
  if (r) {
    r.constructed = true; r.closed = false; r.closeEmitted = false; r.destroyed = false;
    r.errored = null; r.errorEmitted = false; r.reading = false;
    r.ended = r.readable === false; r.endEmitted = r.readable === false;
  }
  if (w) {
    w.constructed = true; w.destroyed = false; w.closed = false; w.closeEmitted = false;
    w.errored = null; w.errorEmitted = false; w.finalCalled = false; w.prefinished = false;
    w.ended = w.writable === false; w.ending = w.writable === false; w.finished = w.writable === false;
  }
}

// errorOrDestroy: an error the stream meets on its own; sync says the
// caller is inside the user's call (the error waits a tick).
function errorOrDestroy(stream, e, sync) {
  const r = stream._readableState;
  const w = stream._writableState;
  if ((w && w.destroyed) || (r && r.destroyed)) return;
  if ((r && r.autoDestroy) || (w && w.autoDestroy)) {
    stream.destroy(e);
  } else if (e) {
    if (w && !w.errored) w.errored = e;
    if (r && !r.errored) r.errored = e;
    if (sync) nextTick(emitErrorNT, stream, e);
    else emitErrorNT(stream, e);
  }
}

// construct runs stream._construct a tick after the constructor; then
// ready(), a tick after its callback.
function construct(stream, ready) {
  if (typeof stream._construct !== 'function') return;
  const r = stream._readableState;
  const w = stream._writableState;
  if (r) r.constructed = false;
  if (w) w.constructed = false;
  stream.once(kConstruct, ready);
  if (stream.listenerCount(kConstruct) > 1) return;
  nextTick(constructNT, stream);
}

function constructNT(stream) {
  let called = false;
  function onConstruct(e) {
    if (called) {
      errorOrDestroy(stream, e || errMultipleCallback());
      return;
    }
    called = true;
    const r = stream._readableState;
    const w = stream._writableState;
    const s = w || r;
    if (r) r.constructed = true;
    if (w) w.constructed = true;
    if (s.destroyed) stream.emit(kDestroy, e);
    else if (e) errorOrDestroy(stream, e, true);
    else nextTick(emitConstructNT, stream);
  }
  try {
    stream._construct((e) => { nextTick(onConstruct, e); });
  } catch (e) {
    nextTick(onConstruct, e);
  }
}

function emitConstructNT(stream) { stream.emit(kConstruct); }

// ---------------------------------------------------------------------------
// Readable

function ReadableState(options, stream, isDuplex) {
  if (typeof isDuplex !== 'boolean') isDuplex = stream instanceof Duplex;
  this.objectMode = !!(options && options.objectMode);
  if (isDuplex) this.objectMode = this.objectMode || !!(options && options.readableObjectMode);
  this.highWaterMark = hwmFrom(options, this.objectMode, 'readableHighWaterMark');
  this.buffer = [];
  this.length = 0;
  this.pipes = [];
  this.flowing = null;
  this.ended = false;
  this.endEmitted = false;
  this.reading = false;
  this.constructed = true;
  // Starts true: nothing should happen synchronously before the first read.
  this.sync = true;
  this.needReadable = false;
  this.emittedReadable = false;
  this.readableListening = false;
  this.resumeScheduled = false;
  this.paused = null;
  this.errorEmitted = false;
  this.emitClose = !options || options.emitClose !== false;
  this.autoDestroy = options && options.autoDestroy !== undefined ? options.autoDestroy !== false : autoDestroyDefault;
  this.destroyed = false;
  this.errored = null;
  this.closed = false;
  this.closeEmitted = false;
  this.defaultEncoding = (options && options.defaultEncoding) || 'utf8';
  this.awaitDrainWriters = null;
  this.multiAwaitDrain = false;
  this.readingMore = false;
  this.dataEmitted = false;
  this.decoder = null;
  this.encoding = null;
  if (options && options.encoding) {
    const { StringDecoder } = require('string_decoder');
    this.decoder = new StringDecoder(options.encoding);
    this.encoding = options.encoding;
  }
}

function Readable(options) {
  if (!(this instanceof Readable)) return new Readable(options);
  const isDuplex = this instanceof Duplex;
  this._readableState = new ReadableState(options, this, isDuplex);
  if (options) {
    if (typeof options.read === 'function') this._read = options.read;
    if (typeof options.destroy === 'function') this._destroy = options.destroy;
    if (typeof options.construct === 'function') this._construct = options.construct;
  }
  Stream.call(this, options);
  construct(this, () => {
    if (this._readableState.needReadable) maybeReadMore(this, this._readableState);
  });
}
Object.setPrototypeOf(Readable.prototype, Stream.prototype);
Object.setPrototypeOf(Readable, Stream);
Readable.ReadableState = ReadableState;

Readable.prototype.destroy = destroy;
Readable.prototype._undestroy = undestroy;
Readable.prototype._destroy = function (e, cb) { cb(e); };

Readable.prototype.push = function push(chunk, encoding) {
  return readableAddChunk(this, chunk, encoding, false);
};

Readable.prototype.unshift = function unshift(chunk, encoding) {
  return readableAddChunk(this, chunk, encoding, true);
};

function readableAddChunk(stream, chunk, encoding, addToFront) {
  const state = stream._readableState;
  let e;
  if (!state.objectMode) {
    if (typeof chunk === 'string') {
      encoding = encoding || state.defaultEncoding;
      if (state.encoding !== encoding) {
        if (addToFront && state.encoding) {
          chunk = BufferCtor.from(chunk, encoding).toString(state.encoding);
        } else {
          chunk = BufferCtor.from(chunk, encoding);
          encoding = '';
        }
      }
    } else if (isBuffer(chunk)) {
      encoding = '';
    } else if (chunk !== null && chunk !== undefined) {
      if (chunk instanceof Uint8Array) {
        chunk = Stream._uint8ArrayToBuffer(chunk);
        encoding = '';
      } else {
        e = errChunkType(chunk);
      }
    }
  }
  if (e) {
    errorOrDestroy(stream, e);
  } else if (chunk === null) {
    state.reading = false;
    onEofChunk(stream, state);
  } else if (state.objectMode || (chunk && chunk.length > 0)) {
    if (addToFront) {
      if (state.endEmitted) errorOrDestroy(stream, errUnshiftAfterEnd());
      else if (state.destroyed || state.errored) return false;
      else addChunk(stream, state, chunk, true);
    } else if (state.ended) {
      errorOrDestroy(stream, errPushAfterEOF());
    } else if (state.destroyed || state.errored) {
      return false;
    } else {
      state.reading = false;
      if (state.decoder && !encoding) {
        chunk = state.decoder.write(chunk);
        if (state.objectMode || chunk.length !== 0) addChunk(stream, state, chunk, false);
        else maybeReadMore(stream, state);
      } else {
        addChunk(stream, state, chunk, false);
      }
    }
  } else if (!addToFront) {
    state.reading = false;
    maybeReadMore(stream, state);
  }
  return !state.ended && (state.length < state.highWaterMark || state.length === 0);
}

function addChunk(stream, state, chunk, addToFront) {
  if (state.flowing && state.length === 0 && !state.sync && stream.listenerCount('data') > 0) {
    clearAwaitDrain(state);
    state.dataEmitted = true;
    stream.emit('data', chunk);
  } else {
    state.length += state.objectMode ? 1 : chunk.length;
    if (addToFront) state.buffer.unshift(chunk);
    else state.buffer.push(chunk);
    if (state.needReadable) emitReadable(stream);
  }
  maybeReadMore(stream, state);
}

function clearAwaitDrain(state) {
  if (state.multiAwaitDrain) state.awaitDrainWriters.clear();
  else state.awaitDrainWriters = null;
}

Readable.prototype.isPaused = function isPaused() {
  const state = this._readableState;
  return state.paused === true || state.flowing === false;
};

Readable.prototype.setEncoding = function setEncoding(enc) {
  const { StringDecoder } = require('string_decoder');
  const decoder = new StringDecoder(enc);
  const state = this._readableState;
  state.decoder = decoder;
  state.encoding = decoder.encoding;
  let content = '';
  for (const data of state.buffer) content += decoder.write(data);
  state.buffer = [];
  if (content !== '') state.buffer.push(content);
  state.length = content.length;
  return this;
};

function howMuchToRead(n, state) {
  if (n <= 0 || (state.length === 0 && state.ended)) return 0;
  if (state.objectMode) return 1;
  if (n !== n) { // NaN: read()
    if ((state.flowing || readOneChunk) && state.length) return state.buffer[0].length;
    return state.length;
  }
  if (n <= state.length) return n;
  return state.ended ? state.length : 0;
}

Readable.prototype.read = function read(n) {
  if (n === undefined) n = NaN;
  else if (!Number.isInteger(n)) n = parseInt(n, 10);
  const state = this._readableState;
  const nOrig = n;
  if (n > state.highWaterMark) {
    let h = n;
    if (h <= 0x40000000) {
      h--; h |= h >>> 1; h |= h >>> 2; h |= h >>> 4; h |= h >>> 8; h |= h >>> 16; h++;
    }
    state.highWaterMark = h;
  }
  if (n !== 0) state.emittedReadable = false;
  if (n === 0 && state.needReadable &&
      ((state.highWaterMark !== 0 ? state.length >= state.highWaterMark : state.length > 0) || state.ended)) {
    if (state.length === 0 && state.ended) endReadable(this);
    else emitReadable(this);
    return null;
  }
  n = howMuchToRead(n, state);
  if (n === 0 && state.ended) {
    if (state.length === 0) endReadable(this);
    return null;
  }
  let doRead = state.needReadable;
  if (state.length === 0 || state.length - n < state.highWaterMark) doRead = true;
  if (state.ended || state.reading || state.destroyed || state.errored || !state.constructed) {
    doRead = false;
  } else if (doRead) {
    state.reading = true;
    state.sync = true;
    if (state.length === 0) state.needReadable = true;
    try {
      this._read(state.highWaterMark);
    } catch (e) {
      errorOrDestroy(this, e);
    }
    state.sync = false;
    if (!state.reading) n = howMuchToRead(nOrig, state);
  }
  let ret = null;
  if (n > 0) ret = fromList(n, state);
  if (ret === null) {
    state.needReadable = state.length <= state.highWaterMark;
    n = 0;
  } else {
    state.length -= n;
    clearAwaitDrain(state);
  }
  if (state.length === 0) {
    if (!state.ended) state.needReadable = true;
    if (nOrig !== n && state.ended) endReadable(this);
  }
  if (ret !== null && !state.errorEmitted && !state.closeEmitted) {
    state.dataEmitted = true;
    this.emit('data', ret);
  }
  return ret;
};

// fromList takes n units off the buffer.
function fromList(n, state) {
  if (state.length === 0) return null;
  const buf = state.buffer;
  if (state.objectMode) return buf.shift();
  if (!n || n >= state.length) {
    let ret;
    if (state.decoder) ret = buf.join('');
    else if (buf.length === 1) ret = buf[0];
    else ret = BufferCtor.concat(buf);
    state.buffer = [];
    return ret;
  }
  const first = buf[0];
  if (n < first.length) {
    buf[0] = first.slice(n);
    return first.slice(0, n);
  }
  if (n === first.length) return buf.shift();
  if (state.decoder) {
    let ret = '';
    while (ret.length < n) {
      const s = buf[0];
      const need = n - ret.length;
      if (need >= s.length) { ret += s; buf.shift(); } else { ret += s.slice(0, need); buf[0] = s.slice(need); }
    }
    return ret;
  }
  const parts = [];
  let got = 0;
  while (got < n) {
    const b = buf[0];
    const need = n - got;
    if (need >= b.length) { parts.push(b); got += b.length; buf.shift(); } else { parts.push(b.slice(0, need)); buf[0] = b.slice(need); got = n; }
  }
  return BufferCtor.concat(parts);
}

function onEofChunk(stream, state) {
  if (state.ended) return;
  if (state.decoder) {
    const chunk = state.decoder.end();
    if (chunk && chunk.length) {
      state.buffer.push(chunk);
      state.length += state.objectMode ? 1 : chunk.length;
    }
  }
  state.ended = true;
  if (state.sync) {
    emitReadable(stream);
  } else {
    state.needReadable = false;
    state.emittedReadable = true;
    emitReadable_(stream);
  }
}

function emitReadable(stream) {
  const state = stream._readableState;
  state.needReadable = false;
  if (!state.emittedReadable) {
    state.emittedReadable = true;
    nextTick(emitReadable_, stream);
  }
}

function emitReadable_(stream) {
  const state = stream._readableState;
  if (!state.destroyed && !state.errored && (state.length || state.ended)) {
    stream.emit('readable');
    state.emittedReadable = false;
  }
  state.needReadable = !state.flowing && !state.ended && state.length <= state.highWaterMark;
  flow(stream);
}

function maybeReadMore(stream, state) {
  if (!state.readingMore && state.constructed) {
    state.readingMore = true;
    nextTick(maybeReadMore_, stream, state);
  }
}

function maybeReadMore_(stream, state) {
  while (!state.reading && !state.ended &&
         (state.length < state.highWaterMark || (state.flowing && state.length === 0))) {
    const len = state.length;
    stream.read(0);
    if (len === state.length) break;
  }
  state.readingMore = false;
}

Readable.prototype._read = function _read() { throw errNotImplemented('_read()'); };

Readable.prototype.pipe = function pipe(dest, pipeOpts) {
  const src = this;
  const state = this._readableState;
  if (state.pipes.length === 1 && !state.multiAwaitDrain) {
    state.multiAwaitDrain = true;
    state.awaitDrainWriters = new Set(state.awaitDrainWriters ? [state.awaitDrainWriters] : []);
  }
  state.pipes.push(dest);
  const doEnd = (!pipeOpts || pipeOpts.end !== false) && !dest._isStdio;
  const endFn = doEnd ? onend : unpipe;
  if (state.endEmitted) nextTick(endFn);
  else src.once('end', endFn);
  dest.on('unpipe', onunpipe);
  function onunpipe(readable, unpipeInfo) {
    if (readable === src && unpipeInfo && unpipeInfo.hasUnpiped === false) {
      unpipeInfo.hasUnpiped = true;
      cleanup();
    }
  }
  function onend() { dest.end(); }
  let ondrain;
  let cleanedUp = false;
  function cleanup() {
    dest.removeListener('close', onclose);
    dest.removeListener('finish', onfinish);
    if (ondrain) dest.removeListener('drain', ondrain);
    dest.removeListener('error', onerror);
    dest.removeListener('unpipe', onunpipe);
    src.removeListener('end', onend);
    src.removeListener('end', unpipe);
    src.removeListener('data', ondata);
    cleanedUp = true;
    if (ondrain && state.awaitDrainWriters && (!dest._writableState || dest._writableState.needDrain)) ondrain();
  }
  function pause() {
    if (!cleanedUp) {
      if (state.pipes.length === 1 && state.pipes[0] === dest) {
        state.awaitDrainWriters = dest;
        state.multiAwaitDrain = false;
      } else if (state.pipes.length > 1 && state.pipes.includes(dest)) {
        state.awaitDrainWriters.add(dest);
      }
      src.pause();
    }
    if (!ondrain) {
      ondrain = pipeOnDrain(src, dest);
      dest.on('drain', ondrain);
    }
  }
  src.on('data', ondata);
  function ondata(chunk) {
    const ret = dest.write(chunk);
    if (ret === false) pause();
  }
  function onerror(er) {
    unpipe();
    dest.removeListener('error', onerror);
    if (dest.listenerCount('error') === 0) {
      const s = dest._writableState || dest._readableState;
      if (s && !s.errorEmitted) errorOrDestroy(dest, er);
      else dest.emit('error', er);
    }
  }
  prependListener(dest, 'error', onerror);
  function onclose() { dest.removeListener('finish', onfinish); unpipe(); }
  dest.once('close', onclose);
  function onfinish() { dest.removeListener('close', onclose); unpipe(); }
  dest.once('finish', onfinish);
  function unpipe() { src.unpipe(dest); }
  dest.emit('pipe', src);
  if (dest.writableNeedDrain === true) pause();
  else if (!state.flowing) src.resume();
  return dest;
};

function prependListener(emitter, event, fn) {
  if (typeof emitter.prependListener === 'function') return emitter.prependListener(event, fn);
  return emitter.on(event, fn);
}

function pipeOnDrain(src, dest) {
  return function pipeOnDrainFunctionResult() {
    const state = src._readableState;
    if (state.awaitDrainWriters === dest) state.awaitDrainWriters = null;
    else if (state.multiAwaitDrain) state.awaitDrainWriters.delete(dest);
    if ((!state.awaitDrainWriters || state.awaitDrainWriters.size === 0) && src.listenerCount('data')) {
      src.resume();
    }
  };
}

Readable.prototype.unpipe = function unpipe(dest) {
  const state = this._readableState;
  const unpipeInfo = { hasUnpiped: false };
  if (state.pipes.length === 0) return this;
  if (!dest) {
    const dests = state.pipes;
    state.pipes = [];
    this.pause();
    for (let i = 0; i < dests.length; i++) dests[i].emit('unpipe', this, { hasUnpiped: false });
    return this;
  }
  const index = state.pipes.indexOf(dest);
  if (index === -1) return this;
  state.pipes.splice(index, 1);
  if (state.pipes.length === 0) this.pause();
  dest.emit('unpipe', this, unpipeInfo);
  return this;
};

Readable.prototype.on = function on(ev, fn) {
  const res = Stream.prototype.on.call(this, ev, fn);
  const state = this._readableState;
  if (ev === 'data') {
    state.readableListening = this.listenerCount('readable') > 0;
    if (state.flowing !== false) this.resume();
  } else if (ev === 'readable') {
    if (!state.endEmitted && !state.readableListening) {
      state.readableListening = state.needReadable = true;
      state.flowing = false;
      state.emittedReadable = false;
      if (state.length) emitReadable(this);
      else if (!state.reading) nextTick(nReadingNextTick, this);
    }
  }
  return res;
};
Readable.prototype.addListener = Readable.prototype.on;

Readable.prototype.removeListener = function removeListener(ev, fn) {
  const res = Stream.prototype.removeListener.call(this, ev, fn);
  if (ev === 'readable') nextTick(updateReadableListening, this);
  return res;
};
Readable.prototype.off = Readable.prototype.removeListener;

Readable.prototype.removeAllListeners = function removeAllListeners(ev) {
  const res = Stream.prototype.removeAllListeners.apply(this, arguments);
  if (ev === 'readable' || ev === undefined) nextTick(updateReadableListening, this);
  return res;
};

function updateReadableListening(self) {
  const state = self._readableState;
  state.readableListening = self.listenerCount('readable') > 0;
  if (state.resumeScheduled && state.paused === false) state.flowing = true;
  else if (self.listenerCount('data') > 0) self.resume();
  else if (!state.readableListening) state.flowing = null;
}

function nReadingNextTick(self) { self.read(0); }

Readable.prototype.resume = function resume() {
  const state = this._readableState;
  if (!state.flowing) {
    state.flowing = !state.readableListening;
    if (!state.resumeScheduled) {
      state.resumeScheduled = true;
      nextTick(resume_, this, state);
    }
  }
  state.paused = false;
  return this;
};

function resume_(stream, state) {
  if (!state.reading) stream.read(0);
  state.resumeScheduled = false;
  stream.emit('resume');
  flow(stream);
  if (state.flowing && !state.reading) stream.read(0);
}

Readable.prototype.pause = function pause() {
  const state = this._readableState;
  if (state.flowing !== false) {
    state.flowing = false;
    this.emit('pause');
  }
  state.paused = true;
  return this;
};

function flow(stream) {
  const state = stream._readableState;
  while (state.flowing && stream.read() !== null);
}

Readable.prototype.wrap = function wrap(stream) {
  let paused = false;
  stream.on('data', (chunk) => {
    if (!this.push(chunk) && stream.pause) { paused = true; stream.pause(); }
  });
  stream.on('end', () => { this.push(null); });
  stream.on('error', (e) => { errorOrDestroy(this, e); });
  stream.on('close', () => { this.destroy(); });
  stream.on('destroy', () => { this.destroy(); });
  this._read = () => { if (paused && stream.resume) { paused = false; stream.resume(); } };
  return this;
};

function endReadable(stream) {
  const state = stream._readableState;
  if (!state.endEmitted) {
    state.ended = true;
    nextTick(endReadableNT, state, stream);
  }
}

function endReadableNT(state, stream) {
  if (!state.errored && !state.closeEmitted && !state.endEmitted && state.length === 0) {
    state.endEmitted = true;
    stream.emit('end');
    if (stream.writable && stream.allowHalfOpen === false) {
      nextTick(endWritableNT, stream);
    } else if (state.autoDestroy) {
      const w = stream._writableState;
      if (!w || (w.autoDestroy && (w.finished || w.writable === false))) stream.destroy();
    }
  }
}

function endWritableNT(stream) {
  if (stream.writable && !stream.writableEnded && !stream.destroyed) stream.end();
}

Readable.prototype[SymbolAsyncIterator] = function () { return streamToAsyncIterator(this); };

Readable.prototype.iterator = function iterator(options) { return streamToAsyncIterator(this, options); };

// streamToAsyncIterator reads the stream as 'readable' events come,
// waiting on a promise between them; finished() ends it.
function streamToAsyncIterator(stream, options) {
  if (typeof stream.read !== 'function') stream = Readable.wrap(stream, { objectMode: true });
  return createAsyncIterator(stream, options);
}

async function* createAsyncIterator(stream, options) {
  let callback = nop;
  function next(resolve) {
    if (this === stream) {
      callback();
      callback = nop;
    } else {
      callback = resolve;
    }
  }
  stream.on('readable', next);
  let error;
  const cleanup = eos(stream, { writable: false }, (e) => {
    error = e ? (error || e) : null;
    callback();
    callback = nop;
  });
  try {
    while (true) {
      const chunk = stream.destroyed ? null : stream.read();
      if (chunk !== null) {
        yield chunk;
      } else if (error) {
        throw error;
      } else if (error === null) {
        return;
      } else {
        await new PromiseCtor(next);
      }
    }
  } catch (e) {
    error = error || e;
    throw error;
  } finally {
    if ((error || !options || options.destroyOnReturn !== false) &&
        (error === undefined || stream._readableState.autoDestroy)) {
      destroyer(stream, null);
    } else {
      stream.off('readable', next);
      cleanup();
    }
  }
}

function defineGetters(proto, getters) {
  for (const k of Object.keys(getters)) {
    const g = getters[k];
    if (typeof g === 'function') Object.defineProperty(proto, k, { get: g, enumerable: false, configurable: true });
    else Object.defineProperty(proto, k, { get: g.get, set: g.set, enumerable: false, configurable: true });
  }
}

defineGetters(Readable.prototype, {
  readable: {
    get() {
      const r = this._readableState;
      return !!r && r.readable !== false && !r.destroyed && !r.errorEmitted && !r.endEmitted;
    },
    set(val) { if (this._readableState) this._readableState.readable = !!val; },
  },
  readableDidRead() { return this._readableState.dataEmitted; },
  readableAborted() {
    const r = this._readableState;
    return !!(r.readable !== false && (r.destroyed || r.errored) && !r.endEmitted);
  },
  readableHighWaterMark() { return this._readableState.highWaterMark; },
  readableBuffer() { return this._readableState && this._readableState.buffer; },
  readableFlowing: {
    get() { return this._readableState.flowing; },
    set(v) { if (this._readableState) this._readableState.flowing = v; },
  },
  readableLength() { return this._readableState.length; },
  readableObjectMode() { return this._readableState ? this._readableState.objectMode : false; },
  readableEncoding() { return this._readableState ? this._readableState.encoding : null; },
  errored() { return this._readableState ? this._readableState.errored : null; },
  closed() { return this._readableState ? this._readableState.closed : false; },
  destroyed: {
    get() { return this._readableState ? this._readableState.destroyed : false; },
    set(v) { if (this._readableState) this._readableState.destroyed = v; },
  },
  readableEnded() { return this._readableState ? this._readableState.endEmitted : false; },
});

// ---------------------------------------------------------------------------
// Readable.from

function from(iterable, opts) {
  if (typeof iterable === 'string' || isBuffer(iterable)) {
    return new Readable(Object.assign({ objectMode: true }, opts, {
      read() { this.push(iterable); this.push(null); },
    }));
  }
  let iterator;
  let isAsync;
  if (iterable && typeof iterable[SymbolAsyncIterator] === 'function') {
    isAsync = true;
    iterator = iterable[SymbolAsyncIterator]();
  } else if (iterable && typeof iterable[SymbolIterator] === 'function') {
    isAsync = false;
    iterator = iterable[SymbolIterator]();
  } else {
    throw err(TypeErrorCtor, 'ERR_INVALID_ARG_TYPE',
      `The "iterable" argument must be an instance of Iterable.${require('_errors').describeReceived(iterable)}`);
  }
  const readable = new Readable(Object.assign({ objectMode: true, highWaterMark: 1 }, opts));
  let reading = false;
  readable._read = function () {
    if (!reading) {
      reading = true;
      next();
    }
  };
  readable._destroy = function (error, cb) {
    close(error).then(() => nextTick(cb, error), (e) => nextTick(cb, e || error));
  };
  async function close(error) {
    const hadError = error !== undefined && error !== null;
    const hasThrow = typeof iterator.throw === 'function';
    if (hadError && hasThrow) {
      const { value, done } = await iterator.throw(error);
      await value;
      if (done) return;
    }
    if (typeof iterator.return === 'function') {
      const { value } = await iterator.return();
      await value;
    }
  }
  async function next() {
    for (;;) {
      try {
        const { value, done } = isAsync ? await iterator.next() : iterator.next();
        if (done) {
          readable.push(null);
        } else {
          const res = (value && typeof value.then === 'function') ? await value : value;
          if (res === null) {
            reading = false;
            throw errNullValues();
          } else if (readable.push(res)) {
            continue;
          } else {
            reading = false;
          }
        }
      } catch (e) {
        readable.destroy(e);
      }
      break;
    }
  }
  return readable;
}
Readable.from = from;

Readable.wrap = function (src, options) {
  return new Readable(Object.assign({ objectMode: src.readableObjectMode !== undefined ? src.readableObjectMode : (src.objectMode !== undefined ? src.objectMode : true) }, options, {
    destroy(e, callback) { if (typeof src.destroy === 'function') src.destroy(e); callback(e); },
  })).wrap(src);
};

// ---------------------------------------------------------------------------
// Writable

function WritableState(options, stream, isDuplex) {
  if (typeof isDuplex !== 'boolean') isDuplex = stream instanceof Duplex;
  this.objectMode = !!(options && options.objectMode);
  if (isDuplex) this.objectMode = this.objectMode || !!(options && options.writableObjectMode);
  this.highWaterMark = hwmFrom(options, this.objectMode, 'writableHighWaterMark');
  this.finalCalled = false;
  this.needDrain = false;
  this.ending = false;
  this.ended = false;
  this.finished = false;
  this.destroyed = false;
  this.decodeStrings = !(options && options.decodeStrings === false);
  this.defaultEncoding = (options && options.defaultEncoding) || 'utf8';
  this.length = 0;
  this.writing = false;
  this.corked = 0;
  this.sync = true;
  this.bufferProcessing = false;
  this.onwrite = (er) => onwrite(stream, er);
  this.writecb = null;
  this.writelen = 0;
  this.afterWriteTickInfo = null;
  this.buffered = [];
  this.bufferedIndex = 0;
  this.allBuffers = true;
  this.allNoop = true;
  this.pendingcb = 0;
  this.constructed = true;
  this.prefinished = false;
  this.errorEmitted = false;
  this.emitClose = !options || options.emitClose !== false;
  this.autoDestroy = options && options.autoDestroy !== undefined ? options.autoDestroy !== false : autoDestroyDefault;
  this.errored = null;
  this.closed = false;
  this.closeEmitted = false;
  this[kOnFinished] = [];
}

function resetBuffer(state) {
  state.buffered = [];
  state.bufferedIndex = 0;
  state.allBuffers = true;
  state.allNoop = true;
}

WritableState.prototype.getBuffer = function getBuffer() { return this.buffered.slice(this.bufferedIndex); };
Object.defineProperty(WritableState.prototype, 'bufferedRequestCount', {
  get() { return this.buffered.length - this.bufferedIndex; }, configurable: true,
});

function Writable(options) {
  const isDuplex = this instanceof Duplex;
  if (!isDuplex && !(this instanceof Writable)) return new Writable(options);
  this._writableState = new WritableState(options, this, isDuplex);
  if (options) {
    if (typeof options.write === 'function') this._write = options.write;
    if (typeof options.writev === 'function') this._writev = options.writev;
    if (typeof options.destroy === 'function') this._destroy = options.destroy;
    if (typeof options.final === 'function') this._final = options.final;
    if (typeof options.construct === 'function') this._construct = options.construct;
  }
  Stream.call(this, options);
  construct(this, () => {
    const state = this._writableState;
    if (!state.writing) clearBuffer(this, state);
    finishMaybe(this, state);
  });
}
Object.setPrototypeOf(Writable.prototype, Stream.prototype);
Object.setPrototypeOf(Writable, Stream);
Writable.WritableState = WritableState;

Writable.prototype.pipe = function () {
  errorOrDestroy(this, err(ErrorCtor, 'ERR_STREAM_CANNOT_PIPE', 'Cannot pipe, not readable'));
};

function writeImpl(stream, chunk, encoding, cb) {
  const state = stream._writableState;
  if (typeof encoding === 'function') {
    cb = encoding;
    encoding = state.defaultEncoding;
  } else {
    if (!encoding) encoding = state.defaultEncoding;
    else if (encoding !== 'buffer' && !BufferCtor.isEncoding(encoding)) {
      throw err(TypeErrorCtor, 'ERR_UNKNOWN_ENCODING', `Unknown encoding: ${encoding}`);
    }
    if (typeof cb !== 'function') cb = nop;
  }
  if (chunk === null) throw errNullValues();
  if (!state.objectMode) {
    if (typeof chunk === 'string') {
      if (state.decodeStrings !== false) {
        chunk = BufferCtor.from(chunk, encoding);
        encoding = 'buffer';
      }
    } else if (isBuffer(chunk)) {
      encoding = 'buffer';
    } else if (chunk instanceof Uint8Array) {
      chunk = Stream._uint8ArrayToBuffer(chunk);
      encoding = 'buffer';
    } else {
      throw errChunkType(chunk);
    }
  }
  let e;
  if (state.ending) e = errWriteAfterEnd();
  else if (state.destroyed) e = errDestroyed('write');
  if (e) {
    nextTick(cb, e);
    errorOrDestroy(stream, e, true);
    return e;
  }
  state.pendingcb++;
  return writeOrBuffer(stream, state, chunk, encoding, cb);
}

Writable.prototype.write = function write(chunk, encoding, cb) {
  return writeImpl(this, chunk, encoding, cb) === true;
};

Writable.prototype.cork = function cork() { this._writableState.corked++; };

Writable.prototype.uncork = function uncork() {
  const state = this._writableState;
  if (state.corked) {
    state.corked--;
    if (!state.writing) clearBuffer(this, state);
  }
};

Writable.prototype.setDefaultEncoding = function setDefaultEncoding(encoding) {
  if (typeof encoding === 'string') encoding = encoding.toLowerCase();
  if (!BufferCtor.isEncoding(encoding)) throw err(TypeErrorCtor, 'ERR_UNKNOWN_ENCODING', `Unknown encoding: ${encoding}`);
  this._writableState.defaultEncoding = encoding;
  return this;
};

function writeOrBuffer(stream, state, chunk, encoding, callback) {
  const len = state.objectMode ? 1 : chunk.length;
  state.length += len;
  let ret = state.length < state.highWaterMark;
  if (!ret && !syncWriteNoDrain) state.needDrain = true;
  if (state.writing || state.corked || state.errored || !state.constructed) {
    state.buffered.push({ chunk, encoding, callback });
    if (state.allBuffers && encoding !== 'buffer') state.allBuffers = false;
    if (state.allNoop && callback !== nop) state.allNoop = false;
  } else {
    state.writelen = len;
    state.writecb = callback;
    state.writing = true;
    state.sync = true;
    stream._write(chunk, encoding, state.onwrite);
    state.sync = false;
  }
  if (syncWriteNoDrain) {
    // Measured after the write: one done at once no longer counts.
    ret = state.length < state.highWaterMark;
    if (!ret) state.needDrain = true;
  }
  return ret && !state.errored && !state.destroyed;
}

function doWrite(stream, state, writev, len, chunk, encoding, cb) {
  state.writelen = len;
  state.writecb = cb;
  state.writing = true;
  state.sync = true;
  if (state.destroyed) state.onwrite(errDestroyed('write'));
  else if (writev) stream._writev(chunk, state.onwrite);
  else stream._write(chunk, encoding, state.onwrite);
  state.sync = false;
}

function onwriteError(stream, state, er, cb) {
  --state.pendingcb;
  cb(er);
  errorBuffer(state);
  errorOrDestroy(stream, er);
}

function onwrite(stream, er) {
  const state = stream._writableState;
  const sync = state.sync;
  const cb = state.writecb;
  if (typeof cb !== 'function') {
    errorOrDestroy(stream, errMultipleCallback());
    return;
  }
  state.writing = false;
  state.writecb = null;
  state.length -= state.writelen;
  state.writelen = 0;
  if (er) {
    if (!state.errored) state.errored = er;
    if (stream._readableState && !stream._readableState.errored) stream._readableState.errored = er;
    if (sync) nextTick(onwriteError, stream, state, er, cb);
    else onwriteError(stream, state, er, cb);
  } else {
    if (state.buffered.length > state.bufferedIndex) clearBuffer(stream, state);
    if (sync) {
      if (state.afterWriteTickInfo !== null && state.afterWriteTickInfo.cb === cb) {
        state.afterWriteTickInfo.count++;
      } else {
        state.afterWriteTickInfo = { count: 1, cb, stream, state };
        nextTick(afterWriteTick, state.afterWriteTickInfo);
      }
    } else {
      afterWrite(stream, state, 1, cb);
    }
  }
}

function afterWriteTick(info) {
  info.state.afterWriteTickInfo = null;
  afterWrite(info.stream, info.state, info.count, info.cb);
}

function afterWrite(stream, state, count, cb) {
  const needDrain = !state.ending && !stream.destroyed && state.length === 0 && state.needDrain;
  if (needDrain) {
    state.needDrain = false;
    stream.emit('drain');
  }
  while (count-- > 0) {
    state.pendingcb--;
    cb();
  }
  if (state.destroyed) errorBuffer(state);
  finishMaybe(stream, state);
}

function errorBuffer(state) {
  if (state.writing) return;
  for (let n = state.bufferedIndex; n < state.buffered.length; ++n) {
    const { chunk, callback } = state.buffered[n];
    const len = state.objectMode ? 1 : chunk.length;
    state.length -= len;
    callback(state.errored || errDestroyed('write'));
  }
  const onfinishCallbacks = state[kOnFinished].splice(0);
  for (let i = 0; i < onfinishCallbacks.length; i++) onfinishCallbacks[i](state.errored || errDestroyed('end'));
  resetBuffer(state);
}

function clearBuffer(stream, state) {
  if (state.corked || state.bufferProcessing || state.destroyed || !state.constructed) return;
  const { buffered, bufferedIndex, objectMode } = state;
  const bufferedLength = buffered.length - bufferedIndex;
  if (!bufferedLength) return;
  let i = bufferedIndex;
  state.bufferProcessing = true;
  if (bufferedLength > 1 && stream._writev) {
    state.pendingcb -= bufferedLength - 1;
    const callback = state.allNoop ? nop : (e) => {
      for (let n = i; n < buffered.length; ++n) buffered[n].callback(e);
    };
    const chunks = state.allNoop && i === 0 ? buffered : buffered.slice(i);
    chunks.allBuffers = state.allBuffers;
    doWrite(stream, state, true, state.length, chunks, '', callback);
    resetBuffer(state);
  } else {
    do {
      const { chunk, encoding, callback } = buffered[i];
      buffered[i++] = null;
      const len = objectMode ? 1 : chunk.length;
      doWrite(stream, state, false, len, chunk, encoding, callback);
    } while (i < buffered.length && !state.writing);
    if (i === buffered.length) {
      resetBuffer(state);
    } else if (i > 256) {
      buffered.splice(0, i);
      state.bufferedIndex = 0;
    } else {
      state.bufferedIndex = i;
    }
  }
  state.bufferProcessing = false;
}

Writable.prototype._write = function (chunk, encoding, cb) {
  if (this._writev) this._writev([{ chunk, encoding }], cb);
  else throw errNotImplemented('_write()');
};

Writable.prototype._writev = null;

Writable.prototype.end = function end(chunk, encoding, cb) {
  const state = this._writableState;
  if (typeof chunk === 'function') {
    cb = chunk;
    chunk = null;
    encoding = null;
  } else if (typeof encoding === 'function') {
    cb = encoding;
    encoding = null;
  }
  let e;
  if (chunk !== null && chunk !== undefined) {
    const ret = writeImpl(this, chunk, encoding);
    if (ret instanceof ErrorCtor) e = ret;
  }
  if (state.corked) {
    state.corked = 1;
    this.uncork();
  }
  if (e) {
    // the write's error
  } else if (!state.errored && !state.ending) {
    state.ending = true;
    if (syncFinal) {
      finishMaybe(this, state, true);
    } else if (typeof cb === 'function') {
      // Before 15, end(cb) is a 'finish' listener added before the check.
      this.once('finish', cb);
      cb = null;
      finishMaybe(this, state, true);
    } else {
      finishMaybe(this, state, true);
    }
    state.ended = true;
  } else if (state.finished) {
    e = errAlreadyFinished('end');
  } else if (state.destroyed) {
    e = errDestroyed('end');
  }
  if (typeof cb === 'function') {
    if (e || state.finished) nextTick(cb, e);
    else state[kOnFinished].push(cb);
  }
  return this;
};

function needFinish(state) {
  return state.ending && !state.destroyed && state.constructed && state.length === 0 &&
    !state.errored && state.buffered.length === 0 && !state.finished && !state.writing &&
    !state.errorEmitted && !state.closeEmitted;
}

function callFinal(stream, state) {
  let called = false;
  function onFinish(e) {
    if (called) {
      errorOrDestroy(stream, e || errMultipleCallback());
      return;
    }
    called = true;
    state.pendingcb--;
    if (e) {
      const onfinishCallbacks = state[kOnFinished].splice(0);
      for (let i = 0; i < onfinishCallbacks.length; i++) onfinishCallbacks[i](e);
      errorOrDestroy(stream, e, state.sync);
    } else if (needFinish(state)) {
      state.prefinished = true;
      stream.emit('prefinish');
      state.pendingcb++;
      nextTick(finish, stream, state);
    }
  }
  state.sync = true;
  state.pendingcb++;
  try {
    stream._final(onFinish);
  } catch (e) {
    onFinish(e);
  }
  state.sync = false;
}

// callFinalLegacy is _final before 15: called a tick after end(); its
// callback emits 'prefinish' and, if nothing else waits, 'finish' at once.
function callFinalLegacy(stream, state) {
  stream._final((e) => {
    state.pendingcb--;
    if (e) {
      errorOrDestroy(stream, e);
      return;
    }
    state.prefinished = true;
    stream.emit('prefinish');
    finishMaybe(stream, state);
  });
}

function prefinish(stream, state) {
  if (!state.prefinished && !state.finalCalled) {
    if (typeof stream._final === 'function' && !state.destroyed) {
      state.finalCalled = true;
      if (syncFinal) {
        callFinal(stream, state);
      } else {
        state.pendingcb++;
        nextTick(callFinalLegacy, stream, state);
      }
    } else {
      state.prefinished = true;
      stream.emit('prefinish');
    }
  }
}

function finishMaybe(stream, state, sync) {
  if (needFinish(state)) {
    prefinish(stream, state);
    if (state.pendingcb === 0) {
      if (!syncFinal) {
        state.pendingcb++;
        finish(stream, state);
      } else if (sync) {
        state.pendingcb++;
        nextTick((s, st) => {
          if (needFinish(st)) finish(s, st);
          else st.pendingcb--;
        }, stream, state);
      } else if (needFinish(state)) {
        state.pendingcb++;
        finish(stream, state);
      }
    }
  }
}

function finish(stream, state) {
  state.pendingcb--;
  state.finished = true;
  const onfinishCallbacks = state[kOnFinished].splice(0);
  for (let i = 0; i < onfinishCallbacks.length; i++) onfinishCallbacks[i]();
  stream.emit('finish');
  if (state.autoDestroy) {
    const r = stream._readableState;
    if (!r || (r.autoDestroy && (r.endEmitted || r.readable === false))) stream.destroy();
  }
}

defineGetters(Writable.prototype, {
  closed() { return this._writableState ? this._writableState.closed : false; },
  destroyed: {
    get() { return this._writableState ? this._writableState.destroyed : false; },
    set(v) { if (this._writableState) this._writableState.destroyed = v; },
  },
  writable: {
    get() {
      const w = this._writableState;
      return !!w && w.writable !== false && !w.destroyed && !w.errored && !w.ending && !w.ended;
    },
    set(val) { if (this._writableState) this._writableState.writable = !!val; },
  },
  writableFinished() { return this._writableState ? this._writableState.finished : false; },
  writableObjectMode() { return this._writableState ? this._writableState.objectMode : false; },
  writableBuffer() { return this._writableState && this._writableState.getBuffer(); },
  writableEnded() { return this._writableState ? this._writableState.ending : false; },
  writableNeedDrain() {
    const w = this._writableState;
    if (!w) return false;
    return !w.destroyed && !w.ending && w.needDrain;
  },
  writableHighWaterMark() { return this._writableState && this._writableState.highWaterMark; },
  writableCorked() { return this._writableState ? this._writableState.corked : 0; },
  writableLength() { return this._writableState && this._writableState.length; },
  errored() { return this._writableState ? this._writableState.errored : null; },
});

Writable.prototype.destroy = function (e, cb) {
  const state = this._writableState;
  if (!state.destroyed && (state.bufferedIndex < state.buffered.length || state[kOnFinished].length)) {
    nextTick(errorBuffer, state);
  }
  destroy.call(this, e, cb);
  return this;
};
Writable.prototype._undestroy = undestroy;
Writable.prototype._destroy = function (e, cb) { cb(e); };

// ---------------------------------------------------------------------------
// Duplex: a Readable that is also a Writable.

function Duplex(options) {
  if (!(this instanceof Duplex)) return new Duplex(options);
  this._readableState = new ReadableState(options, this, true);
  this._writableState = new WritableState(options, this, true);
  if (options) {
    this.allowHalfOpen = options.allowHalfOpen !== false;
    if (options.readable === false) {
      this._readableState.readable = false;
      this._readableState.ended = true;
      this._readableState.endEmitted = true;
    }
    if (options.writable === false) {
      this._writableState.writable = false;
      this._writableState.ending = true;
      this._writableState.ended = true;
      this._writableState.finished = true;
    }
    if (typeof options.read === 'function') this._read = options.read;
    if (typeof options.write === 'function') this._write = options.write;
    if (typeof options.writev === 'function') this._writev = options.writev;
    if (typeof options.destroy === 'function') this._destroy = options.destroy;
    if (typeof options.final === 'function') this._final = options.final;
    if (typeof options.construct === 'function') this._construct = options.construct;
  } else {
    this.allowHalfOpen = true;
  }
  Stream.call(this, options);
  construct(this, () => {
    const r = this._readableState;
    if (r.needReadable) maybeReadMore(this, r);
    const w = this._writableState;
    if (!w.writing) clearBuffer(this, w);
    finishMaybe(this, w);
  });
}
Object.setPrototypeOf(Duplex.prototype, Readable.prototype);
Object.setPrototypeOf(Duplex, Readable);

// A Duplex has Writable's methods and accessors too.
for (const name of ['write', 'cork', 'uncork', 'setDefaultEncoding', 'end', '_write', '_writev',
  'writable', 'writableFinished', 'writableObjectMode', 'writableBuffer', 'writableEnded',
  'writableNeedDrain', 'writableHighWaterMark', 'writableCorked', 'writableLength']) {
  Object.defineProperty(Duplex.prototype, name, Object.getOwnPropertyDescriptor(Writable.prototype, name));
}
Duplex.prototype.destroy = Writable.prototype.destroy;

defineGetters(Duplex.prototype, {
  destroyed: {
    get() {
      if (this._readableState === undefined || this._writableState === undefined) return false;
      return this._readableState.destroyed && this._writableState.destroyed;
    },
    set(v) {
      if (this._readableState && this._writableState) {
        this._readableState.destroyed = v;
        this._writableState.destroyed = v;
      }
    },
  },
});

// ---------------------------------------------------------------------------
// Transform and PassThrough

const kCallback = Symbol('kCallback');

function Transform(options) {
  if (!(this instanceof Transform)) return new Transform(options);
  const rhwm = options ? hwmFrom(options, !!(options.objectMode || options.readableObjectMode), 'readableHighWaterMark') : null;
  if (rhwm === 0) {
    options = Object.assign({}, options, { highWaterMark: null, readableHighWaterMark: rhwm, writableHighWaterMark: options.writableHighWaterMark || 0 });
  }
  Duplex.call(this, options);
  this._readableState.sync = false;
  this[kCallback] = null;
  if (options) {
    if (typeof options.transform === 'function') this._transform = options.transform;
    if (typeof options.flush === 'function') this._flush = options.flush;
  }
  if (!syncFinal) {
    this.on('prefinish', legacyPrefinish);
  } else {
    this.on('prefinish', prefinishTransform);
  }
}
Object.setPrototypeOf(Transform.prototype, Duplex.prototype);
Object.setPrototypeOf(Transform, Duplex);

function transformFinal(cb) {
  if (typeof this._flush === 'function' && !this.destroyed) {
    this._flush((er, data) => {
      if (er) {
        if (cb) cb(er);
        else this.destroy(er);
        return;
      }
      if (data !== null && data !== undefined) this.push(data);
      this.push(null);
      if (cb) cb();
    });
  } else {
    this.push(null);
    if (cb) cb();
  }
}

// Node 15 on: the flush is the stream's _final, unless a subclass has its
// own _final, when 'prefinish' flushes.
function prefinishTransform() {
  if (this._final !== transformFinal) transformFinal.call(this);
}

// Before 15, 'prefinish' flushes (there is no Transform _final).
function legacyPrefinish() {
  if (this._final === transformFinal || typeof this._final !== 'function') transformFinal.call(this);
  else transformFinal.call(this);
}

if (syncFinal) Transform.prototype._final = transformFinal;

Transform.prototype._transform = function () { throw errNotImplemented('_transform()'); };

Transform.prototype._write = function (chunk, encoding, callback) {
  const rState = this._readableState;
  const wState = this._writableState;
  const length = rState.length;
  this._transform(chunk, encoding, (e, val) => {
    if (e) {
      callback(e);
      return;
    }
    if (val !== null && val !== undefined) this.push(val);
    if (wState.ended || length === rState.length || rState.length < rState.highWaterMark) callback();
    else this[kCallback] = callback;
  });
};

Transform.prototype._read = function () {
  if (this[kCallback]) {
    const callback = this[kCallback];
    this[kCallback] = null;
    callback();
  }
};

function PassThrough(options) {
  if (!(this instanceof PassThrough)) return new PassThrough(options);
  Transform.call(this, options);
}
Object.setPrototypeOf(PassThrough.prototype, Transform.prototype);
Object.setPrototypeOf(PassThrough, Transform);
PassThrough.prototype._transform = function (chunk, encoding, cb) { cb(null, chunk); };

// ---------------------------------------------------------------------------
// finished (end-of-stream)

function isReadableNodeStream(obj) {
  return !!(obj && typeof obj.pipe === 'function' && typeof obj.on === 'function' &&
    (!obj._writableState || (obj._readableState && obj._readableState.readable !== false)) &&
    (!obj._writableState || obj._readableState));
}
function isWritableNodeStream(obj) {
  return !!(obj && typeof obj.write === 'function' && typeof obj.on === 'function' &&
    (!obj._readableState || (obj._writableState && obj._writableState.writable !== false)));
}
function isNodeStream(obj) {
  return !!(obj && (obj._readableState || obj._writableState ||
    (typeof obj.write === 'function' && typeof obj.on === 'function') ||
    (typeof obj.pipe === 'function' && typeof obj.on === 'function')));
}
function isWritableFinished(stream, strict) {
  const w = stream._writableState;
  if (!w) return false;
  if (w.errored) return false;
  return !!(w.finished || (strict === false && w.ended === true && w.length === 0));
}
function isReadableFinished(stream, strict) {
  const r = stream._readableState;
  if (!r || r.errored) return false;
  return !!(r.endEmitted || (strict === false && r.ended === true && r.length === 0));
}
function isClosed(stream) {
  const w = stream._writableState;
  const r = stream._readableState;
  if (w && typeof w.closed === 'boolean') return w.closed;
  if (r && typeof r.closed === 'boolean') return r.closed;
  return false;
}
function willEmitClose(stream) {
  const state = stream._writableState || stream._readableState;
  return !!(state && state.autoDestroy && state.emitClose && state.closed === false);
}
function isReadableStream(stream) {
  if (!stream || typeof stream.read !== 'function') return null;
  const r = stream._readableState;
  return !!(stream.readable && !isReadableFinished(stream));
}
function isWritableStream(stream) {
  if (!stream || typeof stream.write !== 'function') return null;
  return !!stream.writable;
}

function once(fn) {
  let called = false;
  return function (...args) {
    if (called) return;
    called = true;
    return Reflect.apply(fn, this, args);
  };
}

function eos(stream, options, callback) {
  if (arguments.length === 2) {
    callback = options;
    options = {};
  } else if (options === null || options === undefined) {
    options = {};
  }
  if (typeof callback !== 'function') {
    throw err(TypeErrorCtor, 'ERR_INVALID_ARG_TYPE', `The "callback" argument must be of type function.${require('_errors').describeReceived(callback)}`);
  }
  callback = once(callback);
  if (!autoDestroyDefault) return legacyEos(stream, options, callback);
  const readable = options.readable !== undefined && options.readable !== null ? options.readable : isReadableNodeStream(stream);
  const writable = options.writable !== undefined && options.writable !== null ? options.writable : isWritableNodeStream(stream);
  const wState = stream._writableState;
  const rState = stream._readableState;
  const onlegacyfinish = () => { if (!stream.writable) onfinish(); };
  let emitsClose = willEmitClose(stream) && isReadableNodeStream(stream) === readable && isWritableNodeStream(stream) === writable;
  let writableFinished = isWritableFinished(stream, false);
  const onfinish = () => {
    writableFinished = true;
    if (stream.destroyed) emitsClose = false;
    if (emitsClose && (!stream.readable || readable)) return;
    if (!readable || readableFinished) callback.call(stream);
  };
  let readableFinished = isReadableFinished(stream, false);
  const onend = () => {
    readableFinished = true;
    if (stream.destroyed) emitsClose = false;
    if (emitsClose && (!stream.writable || writable)) return;
    if (!writable || writableFinished) callback.call(stream);
  };
  const onerror = (e) => { callback.call(stream, e); };
  let closed = isClosed(stream);
  const erroredOf = () => (wState && wState.errored) || (rState && rState.errored);
  const onclose = () => {
    closed = true;
    const errored = erroredOf();
    if (errored && typeof errored !== 'boolean') return callback.call(stream, errored);
    if (readable && !readableFinished && isReadableNodeStream(stream)) {
      if (!isReadableFinished(stream, false)) return callback.call(stream, errPrematureClose());
    }
    if (writable && !writableFinished) {
      if (!isWritableFinished(stream, false)) return callback.call(stream, errPrematureClose());
    }
    callback.call(stream);
  };
  const onclosed = () => {
    closed = true;
    const errored = erroredOf();
    if (errored && typeof errored !== 'boolean') return callback.call(stream, errored);
    callback.call(stream);
  };
  if (writable && !wState) {
    stream.on('end', onlegacyfinish);
    stream.on('close', onlegacyfinish);
  }
  stream.on('end', onend);
  stream.on('finish', onfinish);
  if (options.error !== false) stream.on('error', onerror);
  stream.on('close', onclose);
  if (closed) {
    nextTick(onclose);
  } else if ((wState && wState.errorEmitted) || (rState && rState.errorEmitted)) {
    if (!emitsClose) nextTick(onclosed);
  } else if (!readable && (!emitsClose || isReadableStream(stream)) && (writableFinished || isWritableStream(stream) === false)) {
    nextTick(onclosed);
  } else if (!writable && (!emitsClose || isWritableStream(stream)) && (readableFinished || isReadableStream(stream) === false)) {
    nextTick(onclosed);
  }
  const cleanup = () => {
    callback = nop;
    stream.removeListener('end', onlegacyfinish);
    stream.removeListener('close', onlegacyfinish);
    stream.removeListener('finish', onfinish);
    stream.removeListener('end', onend);
    stream.removeListener('error', onerror);
    stream.removeListener('close', onclose);
  };
  return cleanup;
}

// legacyEos is finished() before 14: the callback comes at 'end' and
// 'finish' (a stream that does not destroy itself need not close), or at
// a 'close' before them (premature).
function legacyEos(stream, options, callback) {
  let readable = options.readable || (options.readable !== false && stream.readable);
  let writable = options.writable || (options.writable !== false && stream.writable);
  const wState = stream._writableState;
  const rState = stream._readableState;
  let writableEnded = !!(wState && wState.finished);
  let readableEnded = !!(rState && rState.endEmitted);
  const onlegacyfinish = () => { if (!stream.writable) onfinish(); };
  const onfinish = () => {
    writable = false;
    writableEnded = true;
    if (!readable) callback.call(stream);
  };
  const onend = () => {
    readable = false;
    readableEnded = true;
    if (!writable) callback.call(stream);
  };
  const onerror = (e) => { callback.call(stream, e); };
  const onclose = () => {
    if (readable && !readableEnded) {
      return callback.call(stream, rState && rState.ended ? undefined : errPrematureClose());
    }
    if (writable && !writableEnded) {
      return callback.call(stream, wState && wState.ended ? undefined : errPrematureClose());
    }
  };
  if (writable && !wState) {
    stream.on('end', onlegacyfinish);
    stream.on('close', onlegacyfinish);
  }
  stream.on('end', onend);
  stream.on('finish', onfinish);
  if (options.error !== false) stream.on('error', onerror);
  stream.on('close', onclose);
  return function cleanup() {
    stream.removeListener('end', onlegacyfinish);
    stream.removeListener('close', onlegacyfinish);
    stream.removeListener('finish', onfinish);
    stream.removeListener('end', onend);
    stream.removeListener('error', onerror);
    stream.removeListener('close', onclose);
  };
}

// ---------------------------------------------------------------------------
// pipeline

function destroyer(stream, e) {
  if (!stream || stream.destroyed) return;
  if (typeof stream.destroy === 'function') stream.destroy(e);
  else if (typeof stream.close === 'function') stream.close();
}

function popCallback(streams) {
  const cb = streams[streams.length - 1];
  if (typeof cb !== 'function') {
    throw err(TypeErrorCtor, 'ERR_INVALID_ARG_TYPE', `The "streams[stream.length - 1]" property must be of type function.${require('_errors').describeReceived(cb)}`);
  }
  return streams.pop();
}

function isIterable(obj, isAsync) {
  if (obj === null || obj === undefined) return false;
  if (isAsync === true) return typeof obj[SymbolAsyncIterator] === 'function';
  if (isAsync === false) return typeof obj[SymbolIterator] === 'function';
  return typeof obj[SymbolAsyncIterator] === 'function' || typeof obj[SymbolIterator] === 'function';
}

function pipeline(...streams) {
  return pipelineImpl(streams, once(popCallback(streams)));
}

function pipelineImpl(streams, callback, opts) {
  if (streams.length === 1 && Array.isArray(streams[0])) streams = streams[0];
  if (streams.length < 2) throw errMissingArgs('streams');
  let error;
  let value;
  const destroys = [];
  let finishCount = 0;
  function finish(e) { finishImpl(e, --finishCount === 0); }
  function finishImpl(e, final) {
    if (e && (!error || error.code === 'ERR_STREAM_PREMATURE_CLOSE')) error = e;
    if (!error && !final) return;
    while (destroys.length) destroys.shift()(error);
    if (final) nextTick(callback, error, value);
  }
  // An error after the pipes are done still ends the pipeline.
  function onStreamError(e) {
    if (e && e.name !== 'AbortError' && e.code !== 'ERR_STREAM_PREMATURE_CLOSE') finish(e);
  }
  let ret;
  for (let i = 0; i < streams.length; i++) {
    const stream = streams[i];
    const reading = i < streams.length - 1;
    const writing = i > 0;
    const end = reading || !opts || opts.end !== false;
    if (isNodeStream(stream)) {
      if (end) destroys.push(pipelineDestroyer(stream, reading, writing));
      stream.on('error', onStreamError);
    }
    if (i === 0) {
      if (typeof stream === 'function') {
        ret = stream({ signal: undefined });
        if (!isIterable(ret)) throw err(TypeErrorCtor, 'ERR_INVALID_RETURN_VALUE', 'Expected Iterable, AsyncIterable or Stream to be returned from the "source" function.');
      } else if (isIterable(stream) || isReadableNodeStream(stream)) {
        ret = stream;
      } else {
        throw err(TypeErrorCtor, 'ERR_INVALID_ARG_TYPE', 'The "streams" argument must be a stream or an iterable.');
      }
    } else if (typeof stream === 'function') {
      if (!isIterable(ret)) ret = streamToAsyncIterator(ret);
      ret = stream(ret, { signal: undefined });
      if (reading) {
        if (!isIterable(ret, true)) throw err(TypeErrorCtor, 'ERR_INVALID_RETURN_VALUE', `Expected AsyncIterable to be returned from the "transform[${i - 1}]" function.`);
      } else {
        const pt = new PassThrough({ objectMode: true });
        const then = ret && ret.then;
        if (typeof then === 'function') {
          finishCount++;
          then.call(ret, (val) => {
            value = val;
            if (val !== null && val !== undefined) pt.write(val);
            if (end) pt.end();
            nextTick(finish);
          }, (e) => {
            pt.destroy(e);
            nextTick(finish, e);
          });
        } else if (isIterable(ret, true)) {
          finishCount++;
          pumpToNode(ret, pt, finish, { end });
        } else {
          throw err(TypeErrorCtor, 'ERR_INVALID_RETURN_VALUE', 'Expected AsyncIterable or Promise to be returned from the "destination" function.');
        }
        ret = pt;
        destroys.push(pipelineDestroyer(ret, false, true));
      }
    } else if (isNodeStream(stream)) {
      if (isReadableNodeStream(ret)) {
        finishCount += 2;
        pipe(ret, stream, finish, { end });
      } else if (isIterable(ret)) {
        finishCount++;
        pumpToNode(ret, stream, finish, { end });
      } else {
        throw err(TypeErrorCtor, 'ERR_INVALID_ARG_TYPE', 'The "val" argument must be an instance of Readable, Iterable, or AsyncIterable.');
      }
      ret = stream;
    } else {
      throw err(TypeErrorCtor, 'ERR_INVALID_ARG_TYPE', 'The "streams" argument must be a stream or an iterable.');
    }
  }
  return ret;
}

// pipelineDestroyer destroys a stream of the pipeline when another fails,
// unless it has finished or closed.
function pipelineDestroyer(stream, reading, writing) {
  let done = false;
  stream.on('close', () => { done = true; });
  eos(stream, { readable: reading, writable: writing }, (e) => { done = !e; });
  return (e) => {
    if (done) return;
    done = true;
    destroyer(stream, e || errDestroyed('pipe'));
  };
}

function pipe(src, dst, finish, { end }) {
  src.pipe(dst, { end });
  if (end) src.once('end', () => dst.end());
  else finish();
  eos(src, { readable: true, writable: false }, (e) => {
    const rState = src._readableState;
    if (e && e.code === 'ERR_STREAM_PREMATURE_CLOSE' && rState && rState.ended && !rState.errored && !rState.errorEmitted) {
      src.once('end', finish).once('error', finish);
    } else {
      finish(e);
    }
  });
  eos(dst, { readable: false, writable: true }, finish);
}

async function pumpToNode(iterable, writable, finish, { end }) {
  let error;
  let onresolve = null;
  const resume = (e) => {
    if (e) error = e;
    if (onresolve) {
      const callback = onresolve;
      onresolve = null;
      callback();
    }
  };
  const wait = () => new PromiseCtor((resolve, reject) => {
    if (error) reject(error);
    else onresolve = () => { if (error) reject(error); else resolve(); };
  });
  writable.on('drain', resume);
  const cleanup = eos(writable, { readable: false }, resume);
  try {
    if (writable.writableNeedDrain) await wait();
    for await (const chunk of iterable) {
      if (!writable.write(chunk)) await wait();
    }
    if (end) writable.end();
    await wait();
    finish();
  } catch (e) {
    finish(error !== e ? (error || e) : e);
  } finally {
    cleanup();
    writable.off('drain', resume);
  }
}

// ---------------------------------------------------------------------------
// promises (stream/promises, stream.promises)

function pipelinePromise(...streams) {
  return new PromiseCtor((resolve, reject) => {
    let end;
    const last = streams[streams.length - 1];
    if (last && typeof last === 'object' && !isNodeStream(last) && !isIterable(last)) {
      const options = streams.pop();
      end = options.end;
    }
    pipelineImpl(streams, (e, value) => {
      if (e) reject(e);
      else resolve(value);
    }, { end });
  });
}

function finishedPromise(stream, opts) {
  return new PromiseCtor((resolve, reject) => {
    eos(stream, opts, (e) => {
      if (e) reject(e);
      else resolve();
    });
  });
}

const promises = { pipeline: pipelinePromise, finished: finishedPromise };

// ---------------------------------------------------------------------------
// exports: require('stream') is Stream itself, as in Node.

Stream.Stream = Stream;
Stream.Readable = Readable;
Stream.Writable = Writable;
Stream.Duplex = Duplex;
Stream.Transform = Transform;
Stream.PassThrough = PassThrough;
Stream.pipeline = pipeline;
Stream.finished = eos;
Stream.destroy = destroyer;
Stream._isUint8Array = function (v) { return v instanceof Uint8Array; };
// A copy: the bytes as they are now (the sandbox's Buffer cannot view an ArrayBuffer).
Stream._uint8ArrayToBuffer = function (chunk) { return BufferCtor.from(chunk); };
if (internal.has('module:stream/promises')) {
  Object.defineProperty(Stream, 'promises', { get() { return promises; }, enumerable: true, configurable: true });
}
Object.defineProperty(Stream, '_promises', { value: promises, enumerable: false });
Object.defineProperty(Stream, '_errorOrDestroy', { value: errorOrDestroy, enumerable: false });

module.exports = Stream;
