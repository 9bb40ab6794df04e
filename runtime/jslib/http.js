// looplint: 'http' over the private loopback network of net.js. Messages
// go over the sockets as HTTP/1.1 bytes and are parsed on arrival, so a
// message reaches its peer in the poll phase after it was written, as on
// a real loopback; IncomingMessage is a stream.Readable. Both engines run
// this file. The order of 'request', 'response', 'data', 'end', 'finish'
// and 'close' per release is in docs/semantics.md ("HTTP on the
// loopback"), with the cases behind it.
'use strict';
const net = require('net');
const EventEmitter = require('events');
const Stream = require('stream');
const { makeNodeError } = require('_errors');
const internal = __internal;
const nextTick = internal.nextTick;
const BufferCtor = Buffer;
const ErrorCtor = Error;
const TypeErrorCtor = TypeError;
const DateCtor = Date;

// Node 19 on: the global agent keeps connections alive, and
// server.close() closes the idle ones.
const keepAliveDefault = internal.has('http:keep-alive default');
// Node 16 on: a message's 'close' follows its end in ticks (the response
// after its 'finish', the incoming message after its 'end'); before, a
// server's request and response close together after the request's
// end, and a client's when the connection closes.
const closeAfterEnd = internal.has('http:close after end');
// Node 26: the chunks a response writes in one go reach the peer as one.
const mergedChunks = internal.has('http:merged chunks');

if (!internal.has('http:modelled')) internal.unmodelled("http on this release (the order of its events is not modelled before Node 12)");

const METHODS = [
  'ACL', 'BIND', 'CHECKOUT', 'CONNECT', 'COPY', 'DELETE', 'GET', 'HEAD', 'LINK', 'LOCK', 'M-SEARCH', 'MERGE',
  'MKACTIVITY', 'MKCALENDAR', 'MKCOL', 'MOVE', 'NOTIFY', 'OPTIONS', 'PATCH', 'POST', 'PROPFIND', 'PROPPATCH',
  'PURGE', 'PUT', 'QUERY', 'REBIND', 'REPORT', 'SEARCH', 'SOURCE', 'SUBSCRIBE', 'TRACE', 'UNBIND', 'UNLINK',
  'UNLOCK', 'UNSUBSCRIBE',
];
if (!internal.has('http:QUERY')) METHODS.splice(METHODS.indexOf('QUERY'), 1);
if (!internal.has('http:no PRI')) METHODS.splice(METHODS.indexOf('PROPFIND'), 0, 'PRI');

const STATUS_CODES = {
  100: 'Continue', 101: 'Switching Protocols', 102: 'Processing', 103: 'Early Hints',
  200: 'OK', 201: 'Created', 202: 'Accepted', 203: 'Non-Authoritative Information', 204: 'No Content',
  205: 'Reset Content', 206: 'Partial Content', 207: 'Multi-Status', 208: 'Already Reported', 226: 'IM Used',
  300: 'Multiple Choices', 301: 'Moved Permanently', 302: 'Found', 303: 'See Other', 304: 'Not Modified',
  305: 'Use Proxy', 307: 'Temporary Redirect', 308: 'Permanent Redirect',
  400: 'Bad Request', 401: 'Unauthorized', 402: 'Payment Required', 403: 'Forbidden', 404: 'Not Found',
  405: 'Method Not Allowed', 406: 'Not Acceptable', 407: 'Proxy Authentication Required', 408: 'Request Timeout',
  409: 'Conflict', 410: 'Gone', 411: 'Length Required', 412: 'Precondition Failed', 413: 'Payload Too Large',
  414: 'URI Too Long', 415: 'Unsupported Media Type', 416: 'Range Not Satisfiable', 417: 'Expectation Failed',
  418: "I'm a Teapot", 421: 'Misdirected Request', 422: 'Unprocessable Entity', 423: 'Locked',
  424: 'Failed Dependency', 425: 'Too Early', 426: 'Upgrade Required', 428: 'Precondition Required',
  429: 'Too Many Requests', 431: 'Request Header Fields Too Large', 451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error', 501: 'Not Implemented', 502: 'Bad Gateway', 503: 'Service Unavailable',
  504: 'Gateway Timeout', 505: 'HTTP Version Not Supported', 506: 'Variant Also Negotiates',
  507: 'Insufficient Storage', 508: 'Loop Detected', 509: 'Bandwidth Limit Exceeded', 510: 'Not Extended',
  511: 'Network Authentication Required',
};

function headersSentError(what) {
  return makeNodeError(ErrorCtor, 'ERR_HTTP_HEADERS_SENT', `Cannot ${what} headers after they are sent to the client`);
}

// ---------------------------------------------------------------------------
// The parser: bytes in, messages out (start line, headers, body pieces).

function Parser(kind, socket, handlers) {
  this.kind = kind; // 'request' or 'response'
  this.socket = socket;
  this.h = handlers; // onHead(info) -> msg, onBody(msg, buf), onDone(msg)
  this.buf = '';
  this.state = 'head';
  this.msg = null;
  this.left = 0;
  this.untilEOF = false;
}

// The parser works on latin1 text (one character a byte); body pieces go
// back to Buffers.
Parser.prototype.execute = function (data) {
  this.buf += data.toString('latin1');
  const bytes = (t) => BufferCtor.from(t, 'latin1');
  for (;;) {
    if (this.state === 'head') {
      const i = this.buf.indexOf('\r\n\r\n');
      if (i < 0) return;
      const text = this.buf.slice(0, i);
      this.buf = this.buf.slice(i + 4);
      this._head(text);
    } else if (this.state === 'length') {
      if (this.left === 0) { this._done(); continue; }
      if (this.buf.length === 0) return;
      const n = Math.min(this.left, this.buf.length);
      const piece = this.buf.slice(0, n);
      this.buf = this.buf.slice(n);
      this.left -= n;
      this.h.onBody(this.msg, bytes(piece));
      if (this.left === 0) this._done();
    } else if (this.state === 'chunk') {
      const i = this.buf.indexOf('\r\n');
      if (i < 0) return;
      const size = parseInt(this.buf.slice(0, i), 16);
      if (size === 0) {
        if (this.buf.length < i + 4) return;
        this.buf = this.buf.slice(i + 4);
        this._done();
        continue;
      }
      if (this.buf.length < i + 2 + size + 2) return;
      const piece = this.buf.slice(i + 2, i + 2 + size);
      this.buf = this.buf.slice(i + 2 + size + 2);
      this.h.onBody(this.msg, bytes(piece));
    } else if (this.state === 'eof') {
      if (this.buf.length === 0) return;
      const piece = this.buf;
      this.buf = '';
      this.h.onBody(this.msg, bytes(piece));
      return;
    } else {
      return;
    }
  }
};

Parser.prototype.finish = function () {
  if (this.state === 'eof') this._done();
};

Parser.prototype._head = function (text) {
  const lines = text.split('\r\n');
  const first = lines[0].split(' ');
  const info = { rawHeaders: [], versionMajor: 1, versionMinor: 1 };
  if (this.kind === 'request') {
    info.method = first[0];
    info.url = first[1];
  } else {
    info.statusCode = Number(first[1]);
    info.statusMessage = first.slice(2).join(' ');
  }
  let length = -1, chunked = false, close = false;
  for (let k = 1; k < lines.length; k++) {
    const c = lines[k].indexOf(':');
    const name = lines[k].slice(0, c);
    const value = lines[k].slice(c + 1).trim();
    info.rawHeaders.push(name, value);
    const low = name.toLowerCase();
    if (low === 'content-length') length = Number(value);
    else if (low === 'transfer-encoding' && value.toLowerCase() === 'chunked') chunked = true;
    else if (low === 'connection' && value.toLowerCase() === 'close') close = true;
  }
  info.shouldKeepAlive = !close;
  this.msg = this.h.onHead(info);
  if (chunked) {
    this.state = 'chunk';
  } else if (length >= 0) {
    this.state = 'length';
    this.left = length;
  } else if (this.kind === 'response' && info.statusCode !== 204 && info.statusCode !== 304 && this.h.hasBody(this.msg)) {
    this.state = 'eof';
  } else {
    this.state = 'length';
    this.left = 0;
  }
};

Parser.prototype._done = function () {
  const msg = this.msg;
  this.msg = null;
  this.state = 'head';
  this.h.onDone(msg);
};

// ---------------------------------------------------------------------------
// IncomingMessage: a Readable of the body.

function IncomingMessage(socket) {
  if (!(this instanceof IncomingMessage)) return new IncomingMessage(socket);
  Stream.Readable.call(this, { autoDestroy: closeAfterEnd });
  this.socket = socket;
  this.httpVersionMajor = 1;
  this.httpVersionMinor = 1;
  this.httpVersion = '1.1';
  this.complete = false;
  this._raw = [];
  this.rawTrailers = [];
  this.aborted = false;
  this.upgrade = false;
  this.url = '';
  this.method = null;
  this.statusCode = null;
  this.statusMessage = null;
  this._consuming = false;
  this._dumped = false;
  this._headers = null;
}
Object.setPrototypeOf(IncomingMessage.prototype, Stream.Readable.prototype);
Object.setPrototypeOf(IncomingMessage, Stream.Readable);

Object.defineProperty(IncomingMessage.prototype, 'connection', {
  get() { return this.socket; }, set(v) { this.socket = v; }, configurable: true,
});

// The Date header is a reading of the clock taken when the program first
// reads the headers: a program that never does makes no reading.
Object.defineProperty(IncomingMessage.prototype, 'rawHeaders', {
  get() {
    const raw = this._raw;
    for (let i = 1; i < raw.length; i += 2) {
      if (raw[i] === '<looplint:date>') raw[i] = new DateCtor().toUTCString();
    }
    return raw;
  },
  set(v) { this._raw = v; },
  configurable: true, enumerable: true,
});

Object.defineProperty(IncomingMessage.prototype, 'headers', {
  get() {
    if (this._headers === null) {
      const h = {};
      const raw = this.rawHeaders;
      for (let i = 0; i < raw.length; i += 2) {
        const k = raw[i].toLowerCase();
        const v = raw[i + 1];
        if (k in h) {
          if (k === 'set-cookie') h[k].push(v);
          else if (k !== 'content-length' && k !== 'content-type' && k !== 'host') h[k] += ', ' + v;
        } else {
          h[k] = k === 'set-cookie' ? [v] : v;
        }
      }
      this._headers = h;
    }
    return this._headers;
  },
  set(v) { this._headers = v; },
  configurable: true, enumerable: true,
});

IncomingMessage.prototype._read = function () {
  this._consuming = true;
};

IncomingMessage.prototype.setTimeout = function (ms, cb) {
  if (cb) this.on('timeout', cb);
  this.socket.setTimeout(ms);
  return this;
};

IncomingMessage.prototype._dump = function () {
  if (!this._dumped) {
    this._dumped = true;
    this.removeAllListeners('data');
    this.resume();
  }
};

// ---------------------------------------------------------------------------
// OutgoingMessage: ServerResponse and ClientRequest.

function OutgoingMessage() {
  Stream.call(this);
  this.outputData = [];
  this._headerMap = null; // lower name -> [name, value]
  this._header = null;
  this.headersSent = false;
  this.finished = false;
  this.writable = true;
  this.chunkedEncoding = false;
  this.useChunkedEncodingByDefault = true;
  this.sendDate = false;
  this.socket = null;
  this._pending = []; // [data, cb] before a socket
  this._closed = false;
  this.destroyed = false;
}
Object.setPrototypeOf(OutgoingMessage.prototype, Stream.prototype);
Object.setPrototypeOf(OutgoingMessage, Stream);

Object.defineProperty(OutgoingMessage.prototype, 'connection', {
  get() { return this.socket; }, configurable: true,
});
Object.defineProperty(OutgoingMessage.prototype, 'writableEnded', {
  get() { return this.finished; }, configurable: true,
});
Object.defineProperty(OutgoingMessage.prototype, 'writableFinished', {
  get() { return this._finishedEmitted === true; }, configurable: true,
});

function validateHeader(name, value) {
  if (typeof name !== 'string' || !name || !/^[\^_`a-zA-Z\-0-9!#$%&'*+.|~]+$/.test(name)) {
    throw makeNodeError(TypeErrorCtor, 'ERR_INVALID_HTTP_TOKEN', `Header name must be a valid HTTP token ["${name}"]`);
  }
  if (value === undefined) {
    throw makeNodeError(TypeErrorCtor, 'ERR_HTTP_INVALID_HEADER_VALUE', `Invalid value "undefined" for header "${name}"`);
  }
}

OutgoingMessage.prototype.setHeader = function setHeader(name, value) {
  if (this._header) throw headersSentError('set');
  validateHeader(name, value);
  if (this._headerMap === null) this._headerMap = new Map();
  this._headerMap.set(name.toLowerCase(), [name, value]);
  return this;
};

OutgoingMessage.prototype.getHeader = function getHeader(name) {
  if (this._headerMap === null) return undefined;
  const e = this._headerMap.get(String(name).toLowerCase());
  return e && e[1];
};

OutgoingMessage.prototype.getHeaders = function getHeaders() {
  const o = Object.create(null);
  if (this._headerMap !== null) for (const [k, e] of this._headerMap) o[k] = e[1];
  return o;
};

OutgoingMessage.prototype.getHeaderNames = function getHeaderNames() {
  return this._headerMap === null ? [] : Array.from(this._headerMap.keys());
};

OutgoingMessage.prototype.hasHeader = function hasHeader(name) {
  return this._headerMap !== null && this._headerMap.has(String(name).toLowerCase());
};

OutgoingMessage.prototype.removeHeader = function removeHeader(name) {
  if (this._header) throw headersSentError('remove');
  if (this._headerMap !== null) this._headerMap.delete(String(name).toLowerCase());
};

// _storeHeader makes the header block; ending says the whole body is
// known (end() before any write): then Content-Length, else chunked.
OutgoingMessage.prototype._storeHeader = function (firstLine, ending, bodyLength) {
  let head = firstLine;
  let hasLength = false, hasTE = false, hasDate = false, hasConnection = false;
  if (this._headerMap !== null) {
    for (const [k, e] of this._headerMap) {
      const vals = Array.isArray(e[1]) ? e[1] : [e[1]];
      for (const v of vals) head += `${e[0]}: ${v}\r\n`;
      if (k === 'content-length') hasLength = true;
      else if (k === 'transfer-encoding') hasTE = true;
      else if (k === 'date') hasDate = true;
      else if (k === 'connection') hasConnection = true;
    }
  }
  if (this.sendDate && !hasDate) head += 'Date: <looplint:date>\r\n';
  if (!hasConnection) {
    if (this.shouldKeepAlive) {
      head += 'Connection: keep-alive\r\n';
      if (this._keepAliveHeader) head += this._keepAliveHeader;
    } else {
      head += 'Connection: close\r\n';
    }
  }
  if (!hasLength && !hasTE && this._hasBody) {
    if (ending) {
      head += `Content-Length: ${bodyLength}\r\n`;
    } else if (this.useChunkedEncodingByDefault) {
      head += 'Transfer-Encoding: chunked\r\n';
      this.chunkedEncoding = true;
    } else {
      this.shouldKeepAlive = false;
    }
  }
  this._header = head + '\r\n';
  this.headersSent = true;
};

function toBuf(chunk, encoding) {
  if (typeof chunk === 'string') return BufferCtor.from(chunk, typeof encoding === 'string' ? encoding : 'utf8');
  if (chunk instanceof Uint8Array) return BufferCtor.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  throw makeNodeError(TypeErrorCtor, 'ERR_INVALID_ARG_TYPE',
    'The "chunk" argument must be of type string or an instance of Buffer or Uint8Array.' + ' Received ' + internal.describe(chunk));
}

OutgoingMessage.prototype.write = function write(chunk, encoding, cb) {
  if (typeof encoding === 'function') { cb = encoding; encoding = undefined; }
  if (this.finished) {
    const err = makeNodeError(ErrorCtor, 'ERR_STREAM_WRITE_AFTER_END', 'write after end');
    nextTick(() => { if (typeof cb === 'function') cb(err); this.emit('error', err); });
    return true;
  }
  const buf = toBuf(chunk, encoding);
  if (!this._header) this._implicitHeader(false, 0);
  if (mergedChunks && this.chunkedEncoding && this instanceof ServerResponse) {
    // Held until the end of the tick (or end()), then sent as one chunk.
    if (this._held === null || this._held === undefined) {
      this._held = { bufs: [], cbs: [] };
      nextTick(() => this._flushHeld(null));
    }
    this._held.bufs.push(buf);
    if (typeof cb === 'function') this._held.cbs.push(cb);
    return true;
  }
  let out = buf;
  if (this.chunkedEncoding && buf.length > 0) {
    out = BufferCtor.concat([BufferCtor.from(buf.length.toString(16) + '\r\n'), buf, BufferCtor.from('\r\n')]);
  }
  this._send(out, cb);
  return true;
};

OutgoingMessage.prototype.end = function end(chunk, encoding, cb) {
  if (typeof chunk === 'function') { cb = chunk; chunk = undefined; }
  else if (typeof encoding === 'function') { cb = encoding; encoding = undefined; }
  if (this.finished) {
    if (typeof cb === 'function') nextTick(cb);
    return this;
  }
  let buf = chunk === undefined || chunk === null ? null : toBuf(chunk, encoding);
  if (this._held) {
    const held = this._held;
    this._held = null;
    if (buf) held.bufs.push(buf);
    buf = BufferCtor.concat(held.bufs);
    for (const f of held.cbs) this.once('finish', () => f(null));
  }
  if (!this._header) {
    this._implicitHeader(true, buf ? buf.length : 0);
  }
  if (typeof cb === 'function') this.once('finish', cb);
  let out = buf || BufferCtor.alloc(0);
  if (this.chunkedEncoding) {
    const parts = [];
    if (buf && buf.length) parts.push(BufferCtor.from(buf.length.toString(16) + '\r\n'), buf, BufferCtor.from('\r\n'));
    parts.push(BufferCtor.from('0\r\n\r\n'));
    out = BufferCtor.concat(parts);
  }
  this.finished = true;
  this._send(out, () => this._onFinish());
  return this;
};

OutgoingMessage.prototype._flushHeld = function () {
  const held = this._held;
  if (!held) return;
  this._held = null;
  const buf = BufferCtor.concat(held.bufs);
  const out = BufferCtor.concat([BufferCtor.from(buf.length.toString(16) + '\r\n'), buf, BufferCtor.from('\r\n')]);
  const cbs = held.cbs;
  this._send(out, cbs.length ? (e) => { for (const f of cbs) f(e); } : undefined);
};

OutgoingMessage.prototype._onFinish = function () {
  this._finishedEmitted = true;
  this.emit('finish');
};

// _send writes the header (first) and data to the socket, or keeps them
// until the message has one.
OutgoingMessage.prototype._send = function (data, cb) {
  if (this._header && !this._headerWritten) {
    this._headerWritten = true;
    data = BufferCtor.concat([BufferCtor.from(this._header, 'latin1'), data]);
  }
  if (this.socket === null || this._pendingFlush) {
    this._pending.push([data, cb]);
    return;
  }
  this._write(data, cb);
};

OutgoingMessage.prototype._write = function (data, cb) {
  this.socket.write(data, cb);
};

OutgoingMessage.prototype._flushPending = function () {
  const q = this._pending;
  this._pending = [];
  for (const [d, cb] of q) this._write(d, cb);
};

OutgoingMessage.prototype.flushHeaders = function flushHeaders() {
  if (!this._header) this._implicitHeader(false, 0);
  this._send(BufferCtor.alloc(0));
};

OutgoingMessage.prototype.setTimeout = function (ms, cb) {
  if (cb) this.on('timeout', cb);
  if (this.socket) this.socket.setTimeout(ms);
  return this;
};

// ---------------------------------------------------------------------------
// ServerResponse

function ServerResponse(req) {
  OutgoingMessage.call(this);
  this.req = req;
  this.statusCode = 200;
  this.statusMessage = undefined;
  this.sendDate = true;
  this._hasBody = req.method !== 'HEAD';
  this.shouldKeepAlive = req._keepAlive;
  this._keepAliveHeader = req._keepAlive && keepAliveDefault ? 'Keep-Alive: timeout=5\r\n' : '';
}
Object.setPrototypeOf(ServerResponse.prototype, OutgoingMessage.prototype);
Object.setPrototypeOf(ServerResponse, OutgoingMessage);

ServerResponse.prototype.writeHead = function writeHead(statusCode, reason, headers) {
  if (this._header) throw headersSentError('set');
  if (typeof reason !== 'string') { headers = reason; reason = undefined; }
  statusCode |= 0;
  if (statusCode < 100 || statusCode > 999) {
    throw makeNodeError(RangeError, 'ERR_HTTP_INVALID_STATUS_CODE', `Invalid status code: ${statusCode}`);
  }
  this.statusCode = statusCode;
  if (reason !== undefined) this.statusMessage = reason;
  if (headers) {
    if (Array.isArray(headers)) {
      for (let i = 0; i + 1 < headers.length; i += 2) this.setHeader(headers[i], headers[i + 1]);
    } else {
      for (const k of Object.keys(headers)) if (headers[k] !== undefined) this.setHeader(k, headers[k]);
    }
  }
  if (this.statusCode === 204 || this.statusCode === 304) this._hasBody = false;
  // The header is stored now, before the body is known: chunked unless
  // the program set a Content-Length.
  this._storeHeader(this._statusLine(), false, 0);
  return this;
};

ServerResponse.prototype._implicitHeader = function (ending, length) {
  if (this._header) return;
  this._storeHeader(this._statusLine(), ending, length);
};

ServerResponse.prototype._statusLine = function () {
  if (this.statusMessage === undefined) this.statusMessage = STATUS_CODES[this.statusCode] || 'unknown';
  return `HTTP/1.1 ${this.statusCode} ${this.statusMessage}\r\n`;
};

Object.defineProperty(ServerResponse.prototype, 'writableFinished', {
  get() { return this._finishedEmitted === true; }, configurable: true,
});

// ---------------------------------------------------------------------------
// Server

function Server(options, requestListener) {
  if (!(this instanceof Server)) return new Server(options, requestListener);
  if (typeof options === 'function') { requestListener = options; options = {}; }
  if (options === null || typeof options !== 'object') options = {};
  net.Server.call(this, { allowHalfOpen: true });
  if (typeof requestListener === 'function') this.on('request', requestListener);
  this.keepAliveTimeout = 5000;
  this.timeout = 0;
  this.maxHeadersCount = null;
  this.headersTimeout = 60000;
  this._sockets = new Set();
  this.on('connection', connectionListener);
}
Object.setPrototypeOf(Server.prototype, net.Server.prototype);
Object.setPrototypeOf(Server, net.Server);

Server.prototype.setTimeout = function (ms, cb) {
  this.timeout = ms;
  if (cb) this.on('timeout', cb);
  return this;
};

Server.prototype.close = function close(cb) {
  if (keepAliveDefault) this.closeIdleConnections();
  return net.Server.prototype.close.call(this, cb);
};

Server.prototype.closeIdleConnections = function () {
  for (const s of this._sockets) if (s._httpIdle) s.destroy();
};
Server.prototype.closeAllConnections = function () {
  for (const s of this._sockets) s.destroy();
};
if (!keepAliveDefault) {
  delete Server.prototype.closeIdleConnections;
  delete Server.prototype.closeAllConnections;
}

function connectionListener(socket) {
  const server = this;
  server._sockets.add(socket);
  socket._httpIdle = true;
  socket.on('close', () => server._sockets.delete(socket));
  const queue = []; // responses in order
  const parser = new Parser('request', socket, {
    hasBody() { return false; },
    onHead(info) {
      const req = new IncomingMessage(socket);
      req.method = info.method;
      req.url = info.url;
      req.rawHeaders = info.rawHeaders;
      req._keepAlive = info.shouldKeepAlive;
      socket._httpIdle = false;
      const res = new ServerResponse(req);
      res.socket = socket;
      queue.push(res);
      res.on('finish', () => resOnFinish(server, socket, req, res, queue));
      server.emit('request', req, res);
      return req;
    },
    onBody(req, buf) { req.push(buf); },
    onDone(req) {
      req.complete = true;
      req.push(null);
    },
  });
  socket.on('data', (d) => parser.execute(d));
  socket.on('end', () => {
    if (queue.length === 0) socket.end();
    else socket._httpEndAfter = true;
  });
  socket.on('error', () => {});
}

function resOnFinish(server, socket, req, res, queue) {
  queue.shift();
  if (!req._consuming && !req._readableState.resumeScheduled) req._dump();
  if (closeAfterEnd) {
    nextTick(() => { res._closed = true; res.emit('close'); });
  } else {
    const closeBoth = () => nextTick(() => {
      req.emit('close');
      res._closed = true;
      res.emit('close');
    });
    if (req.readableEnded) closeBoth(); else req.once('end', closeBoth);
  }
  if (!res.shouldKeepAlive || socket._httpEndAfter) {
    socket.destroySoon();
  } else if (queue.length === 0) {
    socket._httpIdle = true;
  }
}

// ---------------------------------------------------------------------------
// Agent

function Agent(options) {
  if (!(this instanceof Agent)) return new Agent(options);
  EventEmitter.call(this);
  options = Object.assign({}, options);
  this.options = options;
  this.keepAlive = options.keepAlive === true;
  this.keepAliveMsecs = options.keepAliveMsecs || 1000;
  this.maxSockets = options.maxSockets || Infinity;
  this.maxFreeSockets = options.maxFreeSockets || 256;
  this.requests = Object.create(null);
  this.sockets = Object.create(null);
  this.freeSockets = Object.create(null);
  this.defaultPort = 80;
  this.protocol = 'http:';
}
Object.setPrototypeOf(Agent.prototype, EventEmitter.prototype);
Object.setPrototypeOf(Agent, EventEmitter);

Agent.prototype.getName = function (o) {
  return `${o.host || 'localhost'}:${o.port || ''}:${o.localAddress || ''}${o.family ? ':' + o.family : ''}`;
};

Agent.prototype.addRequest = function (req, o) {
  const name = this.getName(o);
  const free = this.freeSockets[name];
  if (free && free.length) {
    const s = free.shift();
    if (!free.length) delete this.freeSockets[name];
    s.ref();
    (this.sockets[name] = this.sockets[name] || []).push(s);
    req.reusedSocket = true;
    req.onSocket(s);
    return;
  }
  const s = net.createConnection({ port: o.port, host: o.host, localAddress: o.localAddress });
  s._httpAgentName = name;
  (this.sockets[name] = this.sockets[name] || []).push(s);
  s.once('close', () => this._remove(s));
  req.onSocket(s);
};

Agent.prototype._remove = function (s) {
  const name = s._httpAgentName;
  for (const set of [this.sockets, this.freeSockets]) {
    const l = set[name];
    if (!l) continue;
    const i = l.indexOf(s);
    if (i >= 0) l.splice(i, 1);
    if (!l.length) delete set[name];
  }
};

// _free: a kept-alive socket goes back to the pool, unref'd.
Agent.prototype._free = function (s) {
  const name = s._httpAgentName;
  const l = this.sockets[name];
  if (l) {
    const i = l.indexOf(s);
    if (i >= 0) l.splice(i, 1);
    if (!l.length) delete this.sockets[name];
  }
  (this.freeSockets[name] = this.freeSockets[name] || []).push(s);
  s.unref();
};

Agent.prototype.destroy = function () {
  for (const set of [this.sockets, this.freeSockets]) {
    for (const name of Object.keys(set)) for (const s of set[name].slice()) s.destroy();
  }
};

const globalAgent = new Agent({ keepAlive: keepAliveDefault, scheduling: 'lifo', timeout: keepAliveDefault ? 5000 : undefined });

// ---------------------------------------------------------------------------
// ClientRequest

function parseURL(s) {
  const m = /^(https?:)\/\/(\[[^\]]+\]|[^:/?#]*)(?::(\d+))?([^#]*)/.exec(s);
  if (!m) throw makeNodeError(TypeErrorCtor, 'ERR_INVALID_URL', 'Invalid URL');
  return { protocol: m[1], hostname: m[2].replace(/^\[|\]$/g, ''), port: m[3] ? Number(m[3]) : undefined, path: m[4] || '/' };
}

function ClientRequest(input, options, cb) {
  OutgoingMessage.call(this);
  if (typeof input === 'string') {
    input = parseURL(input);
  } else if (input && typeof input === 'object' && typeof input.href === 'string' && typeof input.searchParams === 'object') {
    input = parseURL(input.href);
  } else {
    cb = options;
    options = input;
    input = null;
  }
  if (typeof options === 'function') { cb = options; options = input || {}; }
  else options = Object.assign({}, input || {}, options || {});
  if (options.protocol && options.protocol !== 'http:') {
    throw makeNodeError(TypeErrorCtor, 'ERR_INVALID_PROTOCOL', `Protocol "${options.protocol}" not supported. Expected "http:"`);
  }
  let agent = options.agent;
  if (agent === false) agent = new Agent();
  else if (agent === undefined || agent === null) agent = options._defaultAgent || globalAgent;
  this.agent = agent;
  const host = options.hostname || options.host || 'localhost';
  const port = options.port || 80;
  this.method = (options.method || 'GET').toUpperCase();
  this.path = options.path || '/';
  this.host = host;
  this.protocol = 'http:';
  this.reusedSocket = false;
  this.aborted = false;
  this.res = null;
  this._hasBody = this.method !== 'GET' && this.method !== 'HEAD' && this.method !== 'DELETE' &&
    this.method !== 'OPTIONS' && this.method !== 'TRACE' && this.method !== 'CONNECT';
  this.useChunkedEncodingByDefault = this._hasBody;
  this.shouldKeepAlive = agent.keepAlive;
  if (typeof cb === 'function') this.once('response', cb);
  const headers = options.headers;
  if (headers) {
    if (Array.isArray(headers)) {
      for (let i = 0; i + 1 < headers.length; i += 2) this.setHeader(headers[i], headers[i + 1]);
    } else {
      for (const k of Object.keys(headers)) this.setHeader(k, headers[k]);
    }
  }
  if (!this.hasHeader('host')) {
    const h = host.indexOf(':') >= 0 ? `[${host}]` : host;
    this.setHeader('Host', port === 80 ? h : `${h}:${port}`);
  }
  this._opts = { host, port, localAddress: options.localAddress, family: options.family };
  this.agent.addRequest(this, this._opts);
}
Object.setPrototypeOf(ClientRequest.prototype, OutgoingMessage.prototype);
Object.setPrototypeOf(ClientRequest, OutgoingMessage);

ClientRequest.prototype._implicitHeader = function (ending, length) {
  if (this._header) return;
  // The request's header block is stored with all headers set so far; a
  // body makes it chunked unless the whole body is known.
  this._hasBody = this._hasBody || length > 0;
  this._storeHeader(`${this.method} ${this.path} HTTP/1.1\r\n`, ending, length);
};

ClientRequest.prototype.onSocket = function (socket) {
  this._pendingFlush = true;
  nextTick(() => {
    if (this.destroyed) return;
    this._pendingFlush = false;
    this.socket = socket;
    this._attach(socket);
    this.emit('socket', socket);
    this._flushPending();
  });
};

ClientRequest.prototype._attach = function (socket) {
  const req = this;
  const parser = new Parser('response', socket, {
    hasBody() { return req.method !== 'HEAD'; },
    onHead(info) {
      const res = new IncomingMessage(socket);
      res.statusCode = info.statusCode;
      res.statusMessage = info.statusMessage;
      res.rawHeaders = info.rawHeaders;
      res.req = req;
      req.res = res;
      res._keepAlive = info.shouldKeepAlive && req.shouldKeepAlive;
      res.on('end', () => responseOnEnd(req, res, socket));
      if (!req.emit('response', res)) res._dump();
      return res;
    },
    onBody(res, buf) { res.push(buf); },
    onDone(res) {
      res.complete = true;
      res.push(null);
      socket.removeListener('data', ondata);
      socket.removeListener('end', onend);
      socket.removeListener('close', onclose);
    },
  });
  function ondata(d) { parser.execute(d); }
  function onend() { parser.finish(); }
  function onclose() {
    if (!req.res || !req.res.complete) {
      if (!req.res && !req._hadError) {
        const e = new ErrorCtor('socket hang up');
        e.code = 'ECONNRESET';
        req.emit('error', e);
      } else if (req.res) {
        req.res.aborted = true;
        req.res.emit('aborted');
        req.res.destroy();
      }
    }
    req._closed = true;
    req.emit('close');
  }
  socket.on('data', ondata);
  socket.on('end', onend);
  socket.on('close', onclose);
  socket.on('error', (e) => {
    if (req.res) return;
    req._hadError = true;
    req.emit('error', e);
  });
};

function responseOnEnd(req, res, socket) {
  if (res._keepAlive) {
    nextTick(() => {
      req._closed = true;
      req.emit('close');
      req.agent._free(socket);
    });
    return;
  }
  // The connection closes: the request's 'close' (and before 16 the
  // response's) comes with the socket's.
  socket.once('close', () => {
    req._closed = true;
    req.emit('close');
    if (!closeAfterEnd) res.emit('close');
  });
  socket.end();
}

ClientRequest.prototype.abort = function abort() {
  if (this.aborted) return;
  this.aborted = true;
  nextTick(() => this.emit('abort'));
  this.destroy();
};

ClientRequest.prototype.destroy = function destroy(err) {
  if (this.destroyed) return this;
  this.destroyed = true;
  if (this.res) this.res._dump();
  if (this.socket) this.socket.destroy(err);
  else internal.unmodelled('destroying an http request before it has a socket');
  return this;
};

ClientRequest.prototype.setNoDelay = function () {};
ClientRequest.prototype.setSocketKeepAlive = function () {};

// ---------------------------------------------------------------------------

function createServer(options, listener) { return new Server(options, listener); }

function request(url, options, cb) { return new ClientRequest(url, options, cb); }

function get(url, options, cb) {
  const req = request(url, options, cb);
  req.end();
  return req;
}

module.exports = {
  METHODS, STATUS_CODES, Agent, ClientRequest, IncomingMessage, OutgoingMessage, Server, ServerResponse,
  createServer, request, get, globalAgent, maxHeaderSize: 16384,
};
