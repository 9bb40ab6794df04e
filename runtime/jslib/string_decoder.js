// looplint: Node's 'string_decoder', our own code: a Buffer's bytes to
// text, keeping a multi-byte character split across writes until its
// last byte comes (utf8, utf16le), or a base64 group until it is whole.
'use strict';
const BufferCtor = Buffer;
const { makeNodeError } = require('_errors');

function normalize(enc) {
  const e = (enc === undefined || enc === null || enc === '') ? 'utf8' : String(enc).toLowerCase();
  switch (e) {
    case 'utf8': case 'utf-8': return 'utf8';
    case 'ucs2': case 'ucs-2': case 'utf16le': case 'utf-16le': return 'utf16le';
    case 'latin1': case 'binary': return 'latin1';
    case 'base64': case 'base64url': case 'ascii': case 'hex': return e;
  }
  throw makeNodeError(TypeError, 'ERR_UNKNOWN_ENCODING', `Unknown encoding: ${enc}`);
}

// utf8Need is how many bytes the character starting with byte b takes.
function utf8Need(b) {
  if (b < 0x80) return 1;
  if ((b & 0xe0) === 0xc0) return 2;
  if ((b & 0xf0) === 0xe0) return 3;
  if ((b & 0xf8) === 0xf0) return 4;
  return 1; // a stray byte: decoded as a replacement character
}

function StringDecoder(encoding) {
  this.encoding = normalize(encoding);
  this.pending = []; // bytes held over from the last write
}

function bytesOf(buf) {
  if (typeof buf === 'string') return BufferCtor.from(buf);
  return buf;
}

StringDecoder.prototype.write = function write(buf) {
  if (typeof buf === 'string') return buf;
  buf = bytesOf(buf);
  if (this.pending.length) {
    buf = BufferCtor.concat([BufferCtor.from(this.pending), buf]);
    this.pending = [];
  }
  const n = buf.length;
  let keep = 0;
  switch (this.encoding) {
    case 'utf8': {
      // Hold back an incomplete character at the end.
      for (let i = n - 1; i >= 0 && i >= n - 4; i--) {
        const b = buf[i];
        if ((b & 0xc0) === 0x80) continue;
        if (utf8Need(b) > n - i) keep = n - i;
        break;
      }
      break;
    }
    case 'utf16le':
      keep = n % 2;
      if (!keep && n >= 2) {
        const hi = buf[n - 1];
        if (hi >= 0xd8 && hi <= 0xdb) keep = 2; // a lead surrogate
      }
      break;
    case 'base64':
    case 'base64url':
      keep = n % 3;
      break;
  }
  if (keep) {
    for (let i = n - keep; i < n; i++) this.pending.push(buf[i]);
    if (keep === n) return '';
    return buf.toString(this.encoding, 0, n - keep);
  }
  return buf.toString(this.encoding);
};

StringDecoder.prototype.end = function end(buf) {
  let r = '';
  if (buf !== undefined && buf !== null) r = this.write(buf);
  if (this.pending.length) {
    r += BufferCtor.from(this.pending).toString(this.encoding);
    this.pending = [];
  }
  return r;
};

StringDecoder.prototype.text = function text(buf, offset) {
  return this.write(buf.slice(offset));
};

Object.defineProperty(StringDecoder.prototype, 'lastNeed', {
  get() { return this.pending.length ? (this.encoding === 'utf8' ? utf8Need(this.pending[0]) - this.pending.length : 1) : 0; },
  configurable: true,
});

module.exports = { StringDecoder };
