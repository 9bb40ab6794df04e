// Internal: Timeout and Immediate, the handles setTimeout, setInterval and
// setImmediate return, over the host's timers (__internal.handle(h, op,
// on)). Both engines run this file; what each release lacks of them is
// removed here (loop.Profile.Has).
'use strict';
const internal = __internal;
const handle = internal.handle;

class Timeout {
  ref() { handle(this, 'ref', true); return this; }
  unref() { handle(this, 'ref', false); return this; }
  hasRef() { return handle(this, 'hasRef'); }
  refresh() { handle(this, 'refresh'); return this; }
  close() { handle(this, 'clear'); return this; }
  [Symbol.toPrimitive]() { return handle(this, 'id'); }
  // Node's internal fields, which some snippets read.
  get _idleStart() { return handle(this, 'start'); }
  get _idleTimeout() { return handle(this, 'timeout'); }
  get _repeat() { return handle(this, 'repeat'); }
  get _destroyed() { return handle(this, 'destroyed'); }
}
if (!internal.has('timeout:toPrimitive')) delete Timeout.prototype[Symbol.toPrimitive];
if (!internal.has('timeout:refresh')) delete Timeout.prototype.refresh;

class Immediate {
  ref() { handle(this, 'ref', true); return this; }
  unref() { handle(this, 'ref', false); return this; }
  hasRef() { return handle(this, 'hasRef'); }
}
if (!internal.has('Timeout.hasRef')) {
  delete Timeout.prototype.hasRef;
  delete Immediate.prototype.hasRef;
}

module.exports = { Timeout, Immediate };
