// looplint: a minimal 'net' over a private loopback network that lives in
// the run itself: no byte reaches the host's network, no host port is
// opened, ports come from this module's own table. Both engines run this
// file, over these host bindings on __internal.net:
//
//   io(api, ...fns)  an event on the loopback, ready at once: it completes
//                    at the next poll phase (loop.SubmitReady); its
//                    functions run in order, each in its own callback scope
//   pool(api, fn)    a thread-pool request (dns.lookup): loop.SubmitIO
//   feed(api, fn)    the next pending phase (loop.Feed): an error a
//                    socket call returned at once
//   close(api, fn)   a handle's close callback (loop.Close: the close phase)
//   native(api, fn)  one of Node's own immediates (loop.SetNativeImmediate):
//                    the next check phase, before the program's immediates
//   ref(delta)       ref'd handles, which keep the loop alive
//
// The rules each event follows (which phase, per release) are in
// docs/semantics.md ("Sockets on the loopback"), with the cases behind them.
'use strict';
const EventEmitter = require('events');
const stream = require('stream');
const { makeNodeError } = require('_errors');
const internal = __internal;
const host = internal.net;
const nextTick = internal.nextTick;
const BufferCtor = Buffer;
const TypeErrorCtor = TypeError;
const ErrorCtor = Error;

// Node 18 on: a shutdown on an idle stream finishes at once, reported
// from a native immediate ('finish' at the next check phase, before the
// program's immediates); before, 'finish' waits for the shutdown's
// completion in a later poll phase.
const syncFinish = internal.has('net:sync finish');
// Node 10: a socket whose peer ended it is destroyed as soon as it ends
// its own side (maybeDestroy), without waiting for the shutdown.
const destroyOnEnd = !internal.has('net:destroy after finish');
const writeAfterEndDestroys = internal.has('net:write after end destroys');
// Node 15 on: a socket is an autoDestroy Duplex; one that is not
// half-open ends its side a tick after 'end' (the Duplex's
// allowHalfOpen). Before, its own 'end' listener ends it inside the
// event, and its 'end' and 'finish' listeners destroy it.
const autoDestroy = internal.has('net:auto destroy');
// Before libuv 1.42 a write done at once queues its stream for the next
// pending phase, where a shutdown that waits on the stream completes
// (loop.Libuv142); from 1.42 the shutdown waits for the poll phase.
const writeFeedsPending = !internal.has('libuv:1.42');
const timers = require('timers');

// The sandbox is an unprivileged user: ports below 1024 are refused.
const privilegedPorts = 1024;

const listeners = new Map(); // port -> Server
let nextPort = 40000; // the sandbox's ephemeral ports

function unmodelled(what) { internal.unmodelled(what); }

// loopback reports the address a host names on the private network:
// '127.0.0.1', '::1', an unspecified address (a server on every
// address), 'localhost' (a lookup), or null for another host.
function loopback(h) {
  if (h === undefined || h === null || h === '') return '';
  if (h === '127.0.0.1' || h === '::1' || h === 'localhost' || h === '0.0.0.0' || h === '::') return h;
  if (typeof h === 'string' && /^127\.\d+\.\d+\.\d+$/.test(h)) return h;
  return null;
}

// lookup is dns.lookup as the sandbox answers it, in one place so that
// 'dns' can share it: loopback names resolve, every other name is
// ENOTFOUND; the answer comes from the thread pool. cb(err, address).
function lookup(hostname, port, cb) {
  host.pool('dns.lookup', () => {
    if (loopback(hostname) !== null) return cb(null, '127.0.0.1');
    const e = new ErrorCtor(internal.has('dns:ENOTFOUND short') ?
      `getaddrinfo ENOTFOUND ${hostname}` : `getaddrinfo ENOTFOUND ${hostname} ${hostname}:${port}`);
    e.errno = 'ENOTFOUND';
    e.code = 'ENOTFOUND';
    e.syscall = 'getaddrinfo';
    e.hostname = hostname;
    if (!internal.has('dns:ENOTFOUND short')) { e.host = hostname; e.port = port; }
    cb(e);
  });
}

function isAddress(h) { return isIP(h) !== 0; }

function familyOf(a) { return a.indexOf(':') >= 0 ? 'IPv6' : 'IPv4'; }

function sysError(syscall, code, errno, desc, address, port, pipe) {
  const where = pipe ? address : `${address}:${port}`;
  const e = new ErrorCtor(desc === null ? `${syscall} ${code} ${where}` : `${syscall} ${code}: ${desc} ${where}`);
  e.errno = errno;
  e.code = code;
  e.syscall = syscall;
  e.address = address;
  if (!pipe) e.port = port;
  return e;
}

function emitErrorNT(self, err) { self.emit('error', err); }
function emitListeningNT(self) { if (self._handle) self.emit('listening'); }
function emitCloseNT(self) { self.emit('close'); }

// ---------------------------------------------------------------------------
// Server

function Server(options, connectionListener) {
  if (!(this instanceof Server)) return new Server(options, connectionListener);
  EventEmitter.call(this);
  if (typeof options === 'function') {
    connectionListener = options;
    options = {};
  } else if (options === null || typeof options !== 'object') {
    options = {};
  }
  if (typeof connectionListener === 'function') this.on('connection', connectionListener);
  this._connections = 0;
  this._handle = null;
  this._address = null;
  this._ref = true;
  this.allowHalfOpen = options.allowHalfOpen === true;
  this.pauseOnConnect = options.pauseOnConnect === true;
  if (this.pauseOnConnect) unmodelled('net.Server pauseOnConnect');
}
Object.setPrototypeOf(Server.prototype, EventEmitter.prototype);
Object.setPrototypeOf(Server, EventEmitter);

Object.defineProperty(Server.prototype, 'listening', {
  get() { return this._handle !== null; }, configurable: true, enumerable: true,
});

Server.prototype.listen = function listen(...args) {
  let port, hostname, cb;
  if (typeof args[args.length - 1] === 'function') cb = args.pop();
  const first = args[0];
  if (first !== null && typeof first === 'object') {
    if (first.path !== undefined) return this._listenPath(first.path, cb);
    port = first.port;
    hostname = first.host;
  } else if (typeof first === 'string' && !/^\d+$/.test(first)) {
    return this._listenPath(first, cb);
  } else {
    port = first;
    if (typeof args[1] === 'string') hostname = args[1];
  }
  if (port === undefined || port === null) port = 0;
  port = Number(port);
  if (!(port >= 0 && port <= 65535 && port === Math.floor(port))) {
    unmodelled('server.listen with this port');
    port = 0;
  }
  if (typeof cb === 'function') this.once('listening', cb);
  if (this._handle) {
    unmodelled('server.listen on a server already listening');
    return this;
  }
  const address = loopback(hostname);
  if (address === null) {
    // No interface of the sandbox has that address (a name is looked up
    // first, and not found).
    if (isAddress(hostname)) {
      nextTick(() => nextTick(emitErrorNT, this, sysError('listen', 'EADDRNOTAVAIL', -99, 'address not available', hostname, port)));
    } else {
      lookup(hostname, port, (err) => this.emit('error', err));
    }
    return this;
  }
  if (address === '') {
    this._bind('::', port);
  } else if (address === 'localhost') {
    // dns.lookup asks the thread pool.
    lookup(hostname, port, (err, a) => this._bind(a, port));
  } else {
    // dns.lookup of an address answers in a tick.
    nextTick(() => this._bind(address, port));
  }
  return this;
};

// A Unix socket path is a name on the private network: no file is made.
Server.prototype._listenPath = function (path, cb) {
  if (typeof cb === 'function') this.once('listening', cb);
  if (this._handle) {
    unmodelled('server.listen on a server already listening');
    return this;
  }
  path = String(path);
  if (listeners.has(path)) {
    nextTick(emitErrorNT, this, sysError('listen', 'EADDRINUSE', -98, 'address already in use', path, -1, true));
    return this;
  }
  this._handle = { address: path, port: path, pipe: true };
  this._address = path;
  listeners.set(path, this);
  if (this._ref) host.ref(1);
  nextTick(emitListeningNT, this);
  return this;
};

Server.prototype._bind = function (address, port) {
  if (port === 0) {
    while (listeners.has(nextPort)) nextPort++;
    port = nextPort++;
  } else if (port < privilegedPorts) {
    // Node binds '::' and then '0.0.0.0', and reports the second failure.
    nextTick(emitErrorNT, this, sysError('listen', 'EACCES', -13, 'permission denied', address === '::' ? '0.0.0.0' : address, port));
    return;
  } else if (listeners.has(port)) {
    nextTick(emitErrorNT, this, sysError('listen', 'EADDRINUSE', -98, 'address already in use', address, port));
    return;
  }
  this._handle = { address, port };
  this._address = { address, family: familyOf(address), port };
  listeners.set(port, this);
  if (this._ref) host.ref(1);
  nextTick(emitListeningNT, this);
};

Server.prototype.address = function address() {
  if (!this._address || !this._handle) return null;
  if (this._handle.pipe) return this._address;
  return { address: this._address.address, family: this._address.family, port: this._address.port };
};

Server.prototype.close = function close(cb) {
  if (typeof cb === 'function') {
    if (!this._handle) {
      this.once('close', function close() {
        cb(makeNodeError(ErrorCtor, 'ERR_SERVER_NOT_RUNNING', 'Server is not running.'));
      });
    } else {
      this.once('close', cb);
    }
  }
  if (this._handle) {
    listeners.delete(this._handle.port);
    this._handle = null;
    if (this._ref) host.ref(-1);
    host.close('server.close', () => {});
  }
  this._emitCloseIfDrained();
  return this;
};

Server.prototype._emitCloseIfDrained = function () {
  if (this._handle || this._connections) return;
  nextTick(emitCloseNT, this);
};

Server.prototype.getConnections = function getConnections(cb) {
  nextTick(cb, null, this._connections);
  return this;
};

Server.prototype.ref = function ref() {
  if (!this._ref) {
    this._ref = true;
    if (this._handle) host.ref(1);
  }
  return this;
};

Server.prototype.unref = function unref() {
  if (this._ref) {
    this._ref = false;
    if (this._handle) host.ref(-1);
  }
  return this;
};

// accept runs in the poll phase that delivers a connection: the server's
// side of it, then 'connection'.
Server.prototype._accept = function (client) {
  if (this.maxConnections !== undefined && this._connections >= this.maxConnections) {
    // Over the limit the server closes the connection it accepted.
    const d = new Socket();
    d._open(this._handle.port, client._localPort, client._remoteAddress);
    d._peer = client;
    client._peer = d;
    if (internal.has('net:drop')) {
      const fam = familyOf(client._remoteAddress);
      this.emit('drop', {
        localAddress: client._remoteAddress, localPort: this._handle.port, localFamily: fam,
        remoteAddress: client._remoteAddress, remotePort: client._localPort, remoteFamily: fam,
      });
    }
    d.destroy();
    return;
  }
  const s = new Socket({ allowHalfOpen: this.allowHalfOpen });
  s._server = this;
  s._open(this._handle ? this._handle.port : 0, client._localPort, client._remoteAddress);
  s.server = this;
  s._peer = client;
  client._peer = s;
  this._connections++;
  s._startReading();
  this.emit('connection', s);
};

// ---------------------------------------------------------------------------
// Socket: a stream.Duplex over the loopback. stream.js does the buffering,
// flowing, pipe, backpressure and the order of 'data', 'end', 'finish';
// the socket supplies _read, _write, _writev, _final and _destroy, and
// the rules of its own that differ by release.

// Reads take at most 64 KiB at a time, up to 32 reads per readable event
// (libuv's uv__read); what is left waits for the next poll phase.
const readPiece = 65536;
const readsPerEvent = 32;
// Past this many unread bytes the loopback's socket buffers are full and
// the kernel, not the model, decides when a write completes.
const kernelBuffer = 1 << 20;

function Socket(options) {
  if (!(this instanceof Socket)) return new Socket(options);
  if (options === null || typeof options !== 'object') options = {};
  const allowHalfOpen = options.allowHalfOpen === true;
  const opts = {
    // Before 15 the socket ends its own side at 'end' (onEnd).
    allowHalfOpen: autoDestroy ? allowHalfOpen : true,
    emitClose: false, // 'close' comes from the handle's close, with hadError
    autoDestroy: autoDestroy,
    decodeStrings: false,
  };
  for (const k of ['highWaterMark', 'readableHighWaterMark', 'writableHighWaterMark', 'objectMode',
    'readableObjectMode', 'writableObjectMode', 'encoding', 'defaultEncoding']) {
    if (options[k] !== undefined) opts[k] = options[k];
  }
  stream.Duplex.call(this, opts);
  this.allowHalfOpen = allowHalfOpen;
  this.on('end', onEnd);
  if (!autoDestroy) this.on('finish', onFinish);
  this.connecting = false;
  this._open_ = false;
  this._ref = true;
  this._peer = null;
  this._server = null;
  this._inbox = [];      // bytes the peer sent, not yet read
  this._inboxBytes = 0;
  this._pending = false; // a read event is in flight
  this._fed = false;      // queued for the next pending phase by a write
  this._shutdownCb = null; // a shutdown waiting for that pending phase
  this._reading = false; // the handle reads (push has room)
  this._eofIn = false;   // the peer's FIN arrived
  this._eofSeen = false; // ... and was read
  this._held = null;     // the write waiting for the connection
  this._shut = false;    // FIN sent
  this._reset = false;
  this.bytesWritten = 0;
  this.bytesRead = 0;
  this.remoteAddress = undefined;
  this.remotePort = undefined;
  this.remoteFamily = undefined;
  this.localAddress = undefined;
  this.localPort = undefined;
  this._timeout = null;  // setTimeout's timer
  this._timeoutMs = 0;
}
Object.setPrototypeOf(Socket.prototype, stream.Duplex.prototype);
Object.setPrototypeOf(Socket, stream.Duplex);

// onEnd is the socket's first 'end' listener: before 15 a socket that is
// not half-open ends its side here, inside the event (from 15 the Duplex
// does, a tick later); on 10 and 11 it is destroyed at once.
function onEnd() {
  if (!this.allowHalfOpen) {
    if (!autoDestroy && !this.writableEnded && !this.destroyed) {
      this.end();
      if (destroyOnEnd && this._open_) this.destroy();
    }
  }
  if (!autoDestroy && this.writableFinished && !this.destroyed) this.destroy();
}

// onFinish: before 15 (no autoDestroy) the socket destroys itself once
// both sides are done.
function onFinish() {
  if (this.readableEnded && !this.destroyed) this.destroy();
}

Object.defineProperty(Socket.prototype, 'pending', {
  get() { return !this._open_ || this.connecting; }, configurable: true, enumerable: true,
});
Object.defineProperty(Socket.prototype, 'readyState', {
  get() {
    if (this.connecting) return 'opening';
    if (this.readable && this.writable) return 'open';
    if (this.readable && !this.writable) return 'readOnly';
    if (!this.readable && this.writable) return 'writeOnly';
    return 'closed';
  },
  configurable: true, enumerable: true,
});

Socket.prototype._open = function (localPort, remotePort, remoteAddress) {
  this._open_ = true;
  this.localPort = localPort;
  this.remotePort = remotePort;
  this.remoteAddress = remoteAddress;
  this.localAddress = remoteAddress;
  this.remoteFamily = familyOf(remoteAddress);
  if (this._ref) host.ref(1);
  this._touch();
};

// _startReading: a new connection reads at once unless paused.
Socket.prototype._startReading = function () {
  if (this.isPaused() && !this._reading) return;
  this._reading = true;
  this.read(0);
  this._deliver();
};

Socket.prototype.connect = function connect(...args) {
  let port, hostname, cb;
  if (typeof args[args.length - 1] === 'function') cb = args.pop();
  const first = args[0];
  if (first !== null && typeof first === 'object') {
    if (first.path !== undefined) return this._connectPath(first.path, cb);
    port = first.port;
    hostname = first.host;
  } else if (typeof first === 'string' && !/^\d+$/.test(first)) {
    return this._connectPath(first, cb);
  } else {
    port = first;
    hostname = args[1];
  }
  port = Number(port);
  if (!(port > 0 && port <= 65535 && port === Math.floor(port))) unmodelled('net.connect with this port');
  if (typeof cb === 'function') this.once('connect', cb);
  if (this.connecting || this._open_ || this.destroyed) {
    unmodelled('connect on a socket already connecting, connected or destroyed');
    return this;
  }
  this.connecting = true;
  if (this._ref) host.ref(1);
  let address = loopback(hostname);
  if (address === '' ) address = 'localhost';
  if (address === null) {
    if (isAddress(hostname)) {
      // The sandbox has no route out: connect() fails at once, and Node
      // destroys the socket with the error (a tick), after the lookup's tick.
      nextTick(() => {
        if (this.connecting) this.destroy(sysError('connect', 'ENETUNREACH', -101, null, hostname, port));
      });
      return this;
    }
    lookup(hostname, port, (err) => { if (this.connecting) this.destroy(err); });
    return this;
  }
  if (address === 'localhost') {
    const l = listeners.get(port);
    if (l && l._handle && l._handle.address === '127.0.0.1' && internal.has('dns:verbatim')) {
      unmodelled("net.connect to 'localhost' where the server listens on 127.0.0.1 only (the host's resolver decides whether ::1 comes first)");
    }
    lookup('localhost', port, (err, a) => { if (this.connecting) this._start(a, port); });
  } else if (address === '0.0.0.0' || address === '::') {
    nextTick(() => { if (this.connecting) this._start(address === '::' ? '::1' : '127.0.0.1', port); });
  } else {
    nextTick(() => { if (this.connecting) this._start(address, port); });
  }
  return this;
};

// A path nobody listens on fails in connect() itself, which libuv
// reports in the next pending phase; a listener on the private network
// is reached as a TCP one is.
Socket.prototype._connectPath = function (path, cb) {
  if (typeof cb === 'function') this.once('connect', cb);
  if (this.connecting || this._open_ || this.destroyed) {
    unmodelled('connect on a socket already connecting, connected or destroyed');
    return this;
  }
  path = String(path);
  this.connecting = true;
  if (this._ref) host.ref(1);
  const l = listeners.get(path);
  if (l && l._handle) {
    this._start(path, path);
    return this;
  }
  host.feed('net.connect', () => {
    if (!this.connecting) return;
    this.destroy(sysError('connect', 'ENOENT', -2, null, path, -1, true));
  });
  return this;
};

function reaches(l, address) {
  const a = l._handle && l._handle.address;
  if (!a) return false;
  if (l._handle.pipe) return a === address;
  if (a === '::') return true;
  if (a === '0.0.0.0') return address.indexOf(':') < 0;
  return a === address;
}

// _start is the connect call: on the loopback the handshake is done by
// the next poll phase, where the server's accept and then the client's
// connect callback run, each in its own scope.
Socket.prototype._start = function (address, port) {
  const l = listeners.get(port);
  this._remoteAddress = address;
  if (!l || !reaches(l, address)) {
    host.io('net.connect', () => {
      if (!this.connecting) return;
      this.destroy(sysError('connect', 'ECONNREFUSED', -111, null, address, port));
    });
    return;
  }
  while (listeners.has(nextPort)) nextPort++;
  this._localPort = nextPort++;
  host.io('net.connect', () => {
    if (!this.connecting) return;
    if (l._handle) l._accept(this);
    else unmodelled('a connection to a server closed before it accepted it');
  }, () => {
    if (!this.connecting) return;
    this.connecting = false;
    if (this._ref) host.ref(-1); // _open counts it again
    this._open(this._localPort, port, address);
    this.emit('connect');
    if (internal.has('net:ready')) this.emit('ready');
    this._startReading();
  });
};

function toBuffer(data, encoding) {
  if (typeof data === 'string') return BufferCtor.from(data, typeof encoding === 'string' && encoding !== 'buffer' ? encoding : 'utf8');
  if (BufferCtor.isBuffer(data)) return data;
  if (ArrayBuffer.isView(data)) return BufferCtor.from(data.buffer, data.byteOffset, data.byteLength);
  throw makeNodeError(TypeErrorCtor, 'ERR_INVALID_ARG_TYPE',
    'The "chunk" argument must be of type string or an instance of Buffer or Uint8Array.' + describe(data));
}
function describe(v) { return ' Received ' + internal.describe(v); }

// write: the Duplex's, but before 14 a write after end() emits 'error'
// inside the call and leaves the socket open.
Socket.prototype.write = function write(data, encoding, cb) {
  if (writeAfterEndDestroys && !autoDestroy && this.writableEnded && !this.destroyed) {
    // 14: the stream's error, and the socket destroys itself.
    if (typeof encoding === 'function') { cb = encoding; encoding = undefined; }
    toBuffer(data, encoding);
    const err = makeNodeError(ErrorCtor, 'ERR_STREAM_WRITE_AFTER_END', 'write after end');
    if (typeof cb === 'function') nextTick(cb, err);
    this.destroy(err);
    return false;
  }
  if (!writeAfterEndDestroys && this.writableEnded && !this.destroyed) {
    if (typeof encoding === 'function') { cb = encoding; encoding = undefined; }
    toBuffer(data, encoding);
    const err = makeNodeError(ErrorCtor, 'ERR_STREAM_WRITE_AFTER_END', 'write after end');
    this.emit('error', err);
    if (typeof cb === 'function') nextTick(cb, err);
    return false;
  }
  if (this.destroyed && !this._open_ && !this.connecting) {
    unmodelled('socket.write on a socket that was never connected');
  }
  return stream.Duplex.prototype.write.call(this, data, encoding, cb);
};

// _write: before the connection the write waits for it (the stream
// buffers the ones after it); on the loopback a write completes at once.
Socket.prototype._write = function (chunk, encoding, cb) {
  this._writeGeneric([toBuffer(chunk, encoding)], cb);
};

Socket.prototype._writev = function (chunks, cb) {
  const bufs = [];
  for (let i = 0; i < chunks.length; i++) bufs.push(toBuffer(chunks[i].chunk, chunks[i].encoding));
  this._writeGeneric(bufs, cb);
};

Socket.prototype._writeGeneric = function (bufs, cb) {
  if (this.connecting) {
    this._held = () => this._writeGeneric(bufs, cb);
    this.once('connect', () => { const h = this._held; this._held = null; if (h) h(); });
    return;
  }
  if (!this._open_) {
    unmodelled('socket.write on a socket that is not connected');
    cb();
    return;
  }
  this._send(bufs.length === 1 ? bufs[0] : BufferCtor.concat(bufs));
  cb();
};

// _send puts bytes in the peer's receive buffer (a loopback write is done
// at once).
Socket.prototype._send = function (buf) {
  this._touch();
  if (writeFeedsPending && !this._fed) {
    this._fed = true;
    host.feed('net.Socket.write', () => {
      this._fed = false;
      const cb = this._shutdownCb;
      this._shutdownCb = null;
      if (cb && !this.destroyed) {
        this._sendFin();
        cb();
      }
    });
  }
  this.bytesWritten += buf.length;
  const p = this._peer;
  if (p && !p.destroyed && buf.length > 0) {
    p._inbox.push(buf);
    p._inboxBytes += buf.length;
    if (p._inboxBytes > kernelBuffer) unmodelled('more than a megabyte unread on a socket (the kernel decides when the write completes)');
    p._deliver();
  }
};

// _final: the FIN goes out from the next poll phase (libuv shuts the
// socket down when it is writable); 'finish' waits for it until 17;
// from 18 the shutdown request completes at once, reported from one of
// Node's own immediates (the next check phase, before the program's).
Socket.prototype._final = function (cb) {
  if (this.connecting) {
    this.once('connect', () => this._final(cb));
    return;
  }
  if (!this._open_ || this.destroyed) {
    cb();
    return;
  }
  if (this._fed) {
    // Written to since the last pending phase: the shutdown completes
    // there (writeFeedsPending; syncFinish comes later, with 1.42).
    this._shutdownCb = cb;
    return;
  }
  if (syncFinish) host.native('net.Socket.end', () => cb());
  host.io('net.Socket.end', () => {
    if (this.destroyed) return;
    this._sendFin();
    if (!syncFinish) cb();
  });
};

Socket.prototype._sendFin = function () {
  if (this._shut) return;
  this._shut = true;
  const p = this._peer;
  if (p && !p.destroyed) {
    p._eofIn = true;
    p._deliver();
  }
};

// _read: the handle reads again (push had said the buffer was full).
Socket.prototype._read = function () {
  this._reading = true;
  if (this._open_) this._deliver();
};

// _deliver: the peer wrote or shut down; a reading socket reads what
// arrived at a later poll phase. The end of the stream comes at a poll
// phase after the data's: libuv stops reading at a short read and sees
// the end at the next readable event.
Socket.prototype._deliver = function () {
  // A client whose handshake is done (the server wrote in its accept)
  // has the bytes in its buffer already: the read is ready from then,
  // and it reads once its connect callback has run.
  const accepted = this.connecting && this._peer !== null;
  if (this._pending || this.destroyed || !(this._reading || accepted) || !(this._open_ || accepted)) return;
  if (this._inbox.length === 0 && !(this._eofIn && !this._eofSeen)) return;
  this._pending = true;
  host.io('net.Socket data', () => {
    this._pending = false;
    if (this.destroyed || !this._reading) return;
    if (this._inbox.length > 0) {
      let all = this._inbox.length === 1 ? this._inbox[0] : BufferCtor.concat(this._inbox);
      this._inbox = [];
      this._inboxBytes = 0;
      this._touch();
      for (let k = 0; k < readsPerEvent && all !== null && this._reading && !this.destroyed; k++) {
        let piece = all;
        all = null;
        if (piece.length > readPiece) {
          all = piece.slice(readPiece);
          piece = piece.slice(0, readPiece);
        }
        this.bytesRead += piece.length;
        if (!this.push(piece)) this._reading = false;
      }
      if (all !== null) {
        this._inbox.push(all);
        this._inboxBytes = all.length;
      }
      if (this._inbox.length > 0 || this._eofIn) this._deliver();
      return;
    }
    if (!this._eofIn || this._eofSeen) return;
    this._eofSeen = true;
    this.push(null);
    this.read(0);
  });
};

Socket.prototype._destroy = function (err, cb) {
  this._clearTimeout();
  const open = this._open_ || this.connecting;
  this.connecting = false;
  this._held = null;
  if (open && this._ref) host.ref(-1);
  const p = this._peer;
  if (p && !p.destroyed) {
    if (this._reset) {
      p._resetIn();
    } else {
      if (this._inbox.length > 0) unmodelled('destroying a socket with data it has not read (the peer gets a reset)');
      if (!this._shut) {
        this._shut = true;
        p._eofIn = true;
        p._deliver();
      }
    }
  }
  if (this._server) {
    this._server._connections--;
    this._server._emitCloseIfDrained();
  }
  const hadError = !!err;
  if (open) {
    host.close('socket.destroy', () => this.emit('close', hadError));
    cb(err);
  } else {
    cb(err);
    nextTick(() => this.emit('close', hadError));
  }
};

// _resetIn: the peer reset the connection; the next poll phase reads the
// error.
Socket.prototype._resetIn = function () {
  host.io('net.Socket data', () => {
    if (this.destroyed) return;
    const e = new ErrorCtor('read ECONNRESET');
    e.errno = -104;
    e.code = 'ECONNRESET';
    e.syscall = 'read';
    this.destroy(e);
  });
};

// resetAndDestroy sends a reset (SO_LINGER 0) instead of a FIN.
Socket.prototype.resetAndDestroy = function resetAndDestroy() {
  if (!this._open_ || this.connecting) {
    unmodelled('socket.resetAndDestroy on a socket not connected');
    return this.destroy();
  }
  this._reset = true;
  return this.destroy();
};
if (!internal.has('net:resetAndDestroy')) delete Socket.prototype.resetAndDestroy;

// destroySoon ends the socket and destroys it at its 'finish', whatever
// the peer does.
Socket.prototype.destroySoon = function destroySoon() {
  if (this.writable) this.end();
  if (this.writableFinished) this.destroy();
  else this.once('finish', () => this.destroy());
  return this;
};

Socket.prototype.address = function address() {
  if (!this._open_) return {};
  return { address: this.localAddress, family: familyOf(this.localAddress), port: this.localPort };
};

Socket.prototype.ref = function ref() {
  if (!this._ref) {
    this._ref = true;
    if ((this._open_ || this.connecting) && !this.destroyed) host.ref(1);
  }
  return this;
};

Socket.prototype.unref = function unref() {
  if (this._ref) {
    this._ref = false;
    if ((this._open_ || this.connecting) && !this.destroyed) host.ref(-1);
  }
  return this;
};

Socket.prototype.setNoDelay = function setNoDelay() { return this; };
Socket.prototype.setKeepAlive = function setKeepAlive() { return this; };
// setTimeout: an unref'd timer, restarted by every connect, read and
// write; when it fires the socket emits 'timeout' and stays open.
Socket.prototype.setTimeout = function setTimeout(ms, cb) {
  ms = Number(ms);
  this._clearTimeout();
  if (ms === 0) {
    if (typeof cb === 'function') this.removeListener('timeout', cb);
    this._timeoutMs = 0;
    return this;
  }
  this._timeoutMs = ms;
  if (typeof cb === 'function') this.once('timeout', cb);
  this._touch();
  return this;
};

Socket.prototype._clearTimeout = function () {
  if (this._timeout !== null) {
    timers.clearTimeout(this._timeout);
    this._timeout = null;
  }
};

Socket.prototype._touch = function () {
  if (this._timeoutMs === 0 || this.destroyed) return;
  if (this._timeout !== null && typeof this._timeout.refresh === 'function') {
    this._timeout.refresh();
    return;
  }
  this._clearTimeout();
  this._timeout = timers.setTimeout(() => {
    this._timeout = null;
    this.emit('timeout');
  }, this._timeoutMs);
  this._timeout.unref();
};
// ---------------------------------------------------------------------------

function createServer(options, connectionListener) {
  return new Server(options, connectionListener);
}

function connect(...args) {
  const first = args[0];
  const s = new Socket(first !== null && typeof first === 'object' ? first : undefined);
  return s.connect(...args);
}

function isIPv4(s) {
  return typeof s === 'string' && /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(s);
}
function isIPv6(s) {
  if (typeof s !== 'string' || s.indexOf(':') < 0) return false;
  return /^[0-9a-fA-F:.]+$/.test(s) && s.split('::').length <= 2;
}
function isIP(s) { return isIPv4(s) ? 4 : isIPv6(s) ? 6 : 0; }

module.exports = {
  Server, Socket, Stream: Socket, createServer, connect, createConnection: connect, isIP, isIPv4, isIPv6,
};
