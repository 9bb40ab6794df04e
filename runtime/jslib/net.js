// looplint: a minimal 'net' over a private loopback network that lives in
// the run itself: no byte reaches the host's network, no host port is
// opened, ports come from this module's own table. Both engines run this
// file, over three host bindings on __internal.net:
//
//   io(api, ...fns)  an event on the loopback, ready at once: it completes
//                    at the next poll phase (loop.SubmitReady); its
//                    functions run in order, each in its own callback scope
//   pool(api, fn)    a thread-pool request (dns.lookup): loop.SubmitIO
//   feed(api, fn)    the next pending phase (loop.Feed): an error a
//                    socket call returned at once
//   close(api, fn)   a handle's close callback (loop.Close: the close phase)
//   ref(delta)       ref'd handles, which keep the loop alive
//
// The rules each event follows (which phase, per release) are in
// docs/semantics.md ("Sockets on the loopback"), with the cases behind them.
'use strict';
const EventEmitter = require('events');
const { makeNodeError } = require('_errors');
const internal = __internal;
const host = internal.net;
const nextTick = internal.nextTick;
const BufferCtor = Buffer;
const TypeErrorCtor = TypeError;
const ErrorCtor = Error;

// Node 18 on: a shutdown on an idle stream finishes at once ('finish' in
// the end() call's ticks); before, 'finish' waits for the shutdown's
// completion in a later poll phase.
const syncFinish = internal.has('net:sync finish');
// Node 10: a socket whose peer ended it is destroyed as soon as it ends
// its own side (maybeDestroy), without waiting for the shutdown.
const destroyOnEnd = !internal.has('net:destroy after finish');
const writeAfterEndDestroys = internal.has('net:write after end destroys');
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
  this.emit('connection', s);
};

// ---------------------------------------------------------------------------
// Socket: an EventEmitter with enough of a Duplex stream for the common
// uses (write, end, 'data', 'end', setEncoding, pause/resume).

function Socket(options) {
  if (!(this instanceof Socket)) return new Socket(options);
  EventEmitter.call(this);
  if (options === null || typeof options !== 'object') options = {};
  this.allowHalfOpen = options.allowHalfOpen === true;
  this.connecting = false;
  this.destroyed = false;
  this._open_ = false;
  this._ref = true;
  this._peer = null;
  this._server = null;
  this._encoding = null;
  this._inbox = [];      // bytes received, not yet delivered
  this._pending = false; // a delivery is in flight
  this._eofIn = false;   // the peer's FIN arrived
  this._eofSeen = false; // ... and was delivered
  this._flowing = null;
  this._buffered = [];   // delivered while paused
  this._ended = false;   // 'end' emitted
  this._outQueue = [];   // writes before the connection
  this._ending = false;  // end() called
  this._finished = false;
  this._shut = false;    // FIN sent
  this.readable = false;
  this.writable = false;
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
Object.setPrototypeOf(Socket.prototype, EventEmitter.prototype);
Object.setPrototypeOf(Socket, EventEmitter);

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
  this.readable = true;
  this.writable = true;
  this.localPort = localPort;
  this.remotePort = remotePort;
  this.remoteAddress = remoteAddress;
  this.localAddress = remoteAddress;
  this.remoteFamily = familyOf(remoteAddress);
  if (this._ref) host.ref(1);
  this._touch();
};

Socket.prototype.on = function on(ev, fn) {
  EventEmitter.prototype.on.call(this, ev, fn);
  if (ev === 'data' && this._flowing !== false) this.resume();
  if (ev === 'readable') unmodelled("a socket's 'readable' event");
  return this;
};
Socket.prototype.addListener = Socket.prototype.on;

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
  if (this.connecting || this._open_) {
    unmodelled('connect on a socket already connecting or connected');
    return this;
  }
  this.connecting = true;
  this.writable = true;
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
  if (this.connecting || this._open_) {
    unmodelled('connect on a socket already connecting or connected');
    return this;
  }
  path = String(path);
  this.connecting = true;
  this.writable = true;
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
    const q = this._outQueue;
    this._outQueue = [];
    for (let i = 0; i < q.length; i++) this._send(q[i][0], q[i][1]);
    if (this._ending) this._shutdown();
  });
};

function toBuffer(data, encoding) {
  if (typeof data === 'string') return BufferCtor.from(data, typeof encoding === 'string' ? encoding : 'utf8');
  if (BufferCtor.isBuffer(data)) return BufferCtor.from(data);
  if (ArrayBuffer.isView(data)) return BufferCtor.from(data.buffer, data.byteOffset, data.byteLength);
  throw makeNodeError(TypeErrorCtor, 'ERR_INVALID_ARG_TYPE',
    'The "chunk" argument must be of type string or an instance of Buffer or Uint8Array.' + describe(data));
}
function describe(v) { return ' Received ' + internal.describe(v); }

Socket.prototype.write = function write(data, encoding, cb) {
  if (typeof encoding === 'function') { cb = encoding; encoding = undefined; }
  const buf = toBuffer(data, encoding);
  if (this._ending && !this.destroyed) {
    const err = makeNodeError(ErrorCtor, 'ERR_STREAM_WRITE_AFTER_END', 'write after end');
    if (writeAfterEndDestroys) {
      if (typeof cb === 'function') nextTick(cb, err);
      this.destroy(err);
    } else {
      this.emit('error', err);
      if (typeof cb === 'function') nextTick(cb, err);
    }
    return false;
  }
  if (this.destroyed) {
    unmodelled('socket.write after destroy()');
    return false;
  }
  if (this.connecting || !this._open_) {
    if (!this.connecting) unmodelled('socket.write on a socket that is not connected');
    this._outQueue.push([buf, cb]);
    return true;
  }
  this._send(buf, cb);
  return true;
};

// _send puts bytes in the peer's receive buffer (a loopback write is done
// at once); the write's callback runs in a tick.
Socket.prototype._send = function (buf, cb) {
  this._touch();
  this.bytesWritten += buf.length;
  const p = this._peer;
  if (p && !p.destroyed) {
    p._inbox.push(buf);
    p._deliver();
  }
  if (typeof cb === 'function') nextTick(cb, null);
};

Socket.prototype.end = function end(data, encoding, cb) {
  if (typeof data === 'function') { cb = data; data = undefined; }
  else if (typeof encoding === 'function') { cb = encoding; encoding = undefined; }
  if (data !== undefined && data !== null) this.write(data, encoding);
  if (typeof cb === 'function') this.once('finish', cb);
  if (this._ending || this.destroyed) return this;
  this._ending = true;
  if (this._open_ && !this.connecting) this._shutdown();
  return this;
};

// _shutdown: the FIN goes out from the next poll phase (libuv shuts the
// socket down when it is writable); 'finish' comes then, or from Node 18
// in the end() call's ticks.
Socket.prototype._shutdown = function () {
  this.writable = false;
  if (syncFinish) nextTick(() => nextTick(() => this._finish()));
  host.io('net.Socket.end', () => {
    if (this.destroyed) return;
    this._sendFin();
    if (!syncFinish) this._finish();
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

Socket.prototype._finish = function () {
  if (this._finished || this.destroyed) return;
  this._finished = true;
  this.emit('finish');
  if (this._ended) this.destroy();
};

// _deliver: the peer wrote or shut down; what arrived is read at a later
// poll phase, all the data at once. The end of the stream comes at a
// poll phase after the data's: libuv stops reading at a short read and
// sees the end at the next readable event.
Socket.prototype._deliver = function () {
  if (this._pending || this.destroyed) return;
  this._pending = true;
  host.io('net.Socket data', () => {
    this._pending = false;
    if (this.destroyed) return;
    if (this._inbox.length > 0) {
      const buf = BufferCtor.concat(this._inbox);
      this._inbox = [];
      this.bytesRead += buf.length;
      this._touch();
      this._push(buf);
      if (this._eofIn) this._deliver();
      return;
    }
    if (!this._eofIn || this._eofSeen) return;
    this._eofSeen = true;
    this.readable = false;
    this._maybeEnd();
  });
};

Socket.prototype._push = function (buf) {
  const chunk = this._encoding ? buf.toString(this._encoding) : buf;
  if (this._flowing && this._buffered.length === 0) {
    this.emit('data', chunk);
  } else {
    // A socket that is not flowing still reads up to its highWaterMark
    // (Node stops reading from the kernel only then): what came is
    // buffered here and emitted in a tick after resume().
    this._bufferedBytes = (this._bufferedBytes || 0) + buf.length;
    if (this._bufferedBytes > 16384) unmodelled('more data than its highWaterMark arriving at a socket that is not flowing');
    this._buffered.push(chunk);
  }
};

Socket.prototype._maybeEnd = function () {
  if (!this._eofSeen || this._ended || this._buffered.length > 0) return;
  nextTick(() => {
    if (this._ended || this.destroyed) return;
    this._ended = true;
    this.emit('end');
    if (this.allowHalfOpen) {
      // Both sides done: the stream destroys itself.
      if (this._finished) this.destroy();
      return;
    }
    if (this._finished || !this._open_) {
      this.destroy();
    } else if (!this._ending) {
      this.end();
      if (destroyOnEnd) this.destroy();
    } else if (destroyOnEnd) {
      this.destroy();
    }
  });
};

Socket.prototype.setEncoding = function setEncoding(enc) {
  this._encoding = enc === undefined ? 'utf8' : enc;
  return this;
};

Socket.prototype.pause = function pause() {
  this._flowing = false;
  return this;
};

Socket.prototype.isPaused = function isPaused() {
  return this._flowing === false;
};

Socket.prototype.resume = function resume() {
  if (this._flowing) return this;
  this._flowing = true;
  if (this._buffered.length > 0 || this._eofSeen) {
    nextTick(() => {
      while (this._flowing && this._buffered.length > 0) this.emit('data', this._buffered.shift());
      if (this._buffered.length === 0) this._bufferedBytes = 0;
      this._maybeEnd();
    });
  }
  return this;
};

Socket.prototype.destroy = function destroy(err) {
  if (this.destroyed) return this;
  this.destroyed = true;
  this.readable = false;
  this.writable = false;
  const open = this._open_ || this.connecting;
  this.connecting = false;
  this._clearTimeout();
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
  if (err) nextTick(emitErrorNT, this, err);
  const hadError = !!err;
  if (open) {
    host.close('socket.destroy', () => this.emit('close', hadError));
  } else {
    nextTick(() => this.emit('close', hadError));
  }
  return this;
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
  if (!this._ending) this.end();
  if (this._finished) this.destroy();
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
