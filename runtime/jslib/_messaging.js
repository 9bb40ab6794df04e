// looplint: MessageChannel, MessagePort, BroadcastChannel, MessageEvent
// and receiveMessageOnPort, in one thread (Workers are not modelled). Both
// engines run this file over __internal.net:
//
//   async(api, fn)  a wake-up of the ports' async handles: ready at once,
//                   delivered at the next poll phase (loop.SubmitAsync);
//                   it does not keep the loop alive, a port's ref does
//   more(api, fn)   from the wake-up's callback: fn next, in the same
//                   poll phase, in its own scope (loop.Continue)
//   close(api, fn)  a port's close callback (the close phase)
//   ref(delta)      ref'd handles
//
// The rules (which phase, how many messages one wake-up delivers, when
// 'close' comes, per release) are in docs/semantics.md ("MessagePort"),
// with the cases behind them (testdata/runtime/msg-*).
'use strict';
const { EventTarget, Event, libEvent } = require('_event_target');
const { cloneOf } = require('_structured_clone');
const internal = __internal;
const host = internal.net;
const ObjectDefineProperty = Object.defineProperty;
const ArrayIsArray = Array.isArray;
const ReflectApply = Reflect.apply;
const MathMax = Math.max;
const TypeErrorCtor = TypeError;

// From Node 12.11 (nodejs/node#29315; measured 11.15.0 without it,
// 12.22.12 on with it) a wake-up delivers at most as many messages as
// were queued when it began, and at least 1000; the rest wait for the
// next poll phase. Before, it delivered until the queue was empty, the
// messages posted meanwhile included.
const limited = internal.has('MessagePort:limit');
const opaqueThrowing = typeof internal.opaqueThrowing === 'function' ? internal.opaqueThrowing
  : (f, ...args) => ReflectApply(f, undefined, args);

const kData = Symbol('kData');
const kPort = Symbol('kPort');
const kClose = Symbol('close'); // the message a closed sibling leaves
const token = Symbol('MessagePort');
const kHandler = Symbol('onmessage'); // the key of an on<event> attribute's listener

// A channel end: its queue, its sibling(s), the port object that owns it
// (none while a transfer carries it).
function newData(group) {
  return { queue: [], group, port: null, closed: false };
}

// The ports' async handles, in creation order: libuv's wake-up visits
// them in that order, whichever was sent a message first. A port posted
// to while a wake-up runs is visited in it if the wake-up has not passed
// it, else in the next one (the port being visited: its queue is read
// until empty or the limit, so only a port left with messages needs it).
let seq = 0;
const pending = []; // ports sent a message since their last visit, by seq
let awake = false; // a wake-up is in flight
let visiting = -1; // the seq the running wake-up has reached, -1 outside one

function trigger(port) {
  if (port === null || port[kPort].closed || port[kPort].pending) return;
  const st = port[kPort];
  st.pending = true;
  let i = pending.length;
  while (i > 0 && pending[i - 1][kPort].seq > st.seq) i--;
  pending.splice(i, 0, port);
  // A port the running wake-up has yet to reach is visited in it.
  if (visiting >= 0 && st.seq > visiting) return;
  if (!awake) {
    awake = true;
    host.async('MessagePort', wake);
  }
}

function wake() {
  awake = false;
  visit(-1);
}

// visit delivers the next pending port's messages after seq `after`.
function visit(after) {
  let i = 0;
  while (i < pending.length && pending[i][kPort].seq <= after) i++;
  if (i === pending.length) {
    visiting = -1;
    return;
  }
  const port = pending[i];
  pending.splice(i, 1);
  const st = port[kPort];
  st.pending = false;
  visiting = st.seq;
  const d = port[kData];
  let budget = limited ? MathMax(d === null ? 0 : d.queue.length, 1000) : Infinity;
  // One message per scope: ticks and microtasks run between them.
  const step = () => {
    visiting = st.seq;
    const data = port[kData];
    if (data === null || st.closed || data.queue.length === 0 ||
      (!st.started && data.queue[0] !== kClose)) {
      visit(st.seq);
      return;
    }
    if (budget-- === 0) {
      visiting = -1; // an earlier seq now: the next wake-up
      trigger(port);
      visit(st.seq);
      return;
    }
    const m = data.queue.shift();
    if (m === kClose) {
      closePort(port);
      visit(st.seq);
      return;
    }
    host.more('MessagePort', step);
    deliver(port, m);
  };
  step();
}

// received makes the value a message carries, with the ports it
// transferred made here (their queues follow them).
function received(m) {
  const ports = [];
  const swap = (v) => {
    if (v === null || typeof v !== 'object' || !(v instanceof Carried)) return undefined;
    const p = new MessagePort(token, v.data);
    ports.push(p);
    return p;
  };
  const value = m.ports.length === 0 ? m.value : cloneOf(m.value, swap);
  return { value, ports };
}

function deliver(port, m) {
  const { value, ports } = received(m);
  ReflectApply(dispatch, port, [new MessageEvent('message', { data: value, ports }, token)]);
}

class Carried { constructor(data) { this.data = data; } }

// serialize clones value for postMessage; a transferred port becomes a
// Carried channel end, detached from its port object.
function serialize(value, transfer) {
  const moved = [];
  if (transfer !== undefined && transfer !== null) {
    const list = ArrayIsArray(transfer) ? transfer : (transfer.transfer || []);
    for (const t of list) {
      if (t instanceof MessagePort) moved.push(t);
      else internal.unmodelled('transferring anything but a MessagePort', undefined);
    }
  }
  const swap = moved.length === 0 ? undefined : (v) => {
    if (!(v instanceof MessagePort)) return undefined;
    if (moved.indexOf(v) < 0) {
      return internal.unmodelled('a MessagePort in a message without its transfer', undefined);
    }
    return new Carried(v[kData]);
  };
  const copy = opaqueThrowing(cloneOf, value, swap);
  for (const p of moved) {
    const d = p[kData];
    if (d === null) continue;
    d.port = null;
    p[kData] = null;
    unrefPort(p);
  }
  return { value: copy, ports: moved };
}

function refPort(p) {
  const st = p[kPort];
  if (!st.ref && !st.closed && p[kData] !== null) {
    st.ref = true;
    host.ref(1);
  }
}

function unrefPort(p) {
  const st = p[kPort];
  if (st.ref) {
    st.ref = false;
    host.ref(-1);
  }
}

// closePort closes the port's handle. Its close callback (the close
// phase) tells the other end of a channel, which closes when it takes
// that, in a later poll phase: its 'close' comes an iteration after
// (msg-close). Messages to a closing port are dropped.
function closePort(port) {
  const st = port[kPort];
  if (st.closed) return;
  st.closed = true;
  unrefPort(port);
  const d = port[kData];
  if (d !== null) {
    d.closed = true;
    d.queue.length = 0;
  }
  host.close('MessagePort', () => {
    if (d !== null) {
      const { pair, members } = d.group;
      members.splice(members.indexOf(d), 1);
      for (const s of members) {
        if (pair && !s.closed) {
          s.queue.push(kClose);
          trigger(s.port);
        }
      }
    }
    ReflectApply(dispatch, port, [new Event('close', libEvent)]);
  });
}

class MessagePort extends EventTarget {
  constructor(t, data) {
    if (t !== token) throw new TypeErrorCtor('Illegal constructor');
    super();
    ObjectDefineProperty(this, kPort, {
      value: { seq: seq++, started: false, ref: false, closed: false, pending: false, handlers: {}, ls: [], broadcast: false },
    });
    this[kData] = data;
    if (data !== null) data.port = this;
  }
  postMessage(value, transfer) {
    const d = this[kData];
    if (d === null) return; // transferred away: dropped
    if (this[kPort].closed) {
      // Delivered on 11, 12 and 16, dropped on 14, 18, 20 and 26
      // (measured): not modelled.
      internal.unmodelled('postMessage on a closed MessagePort', undefined);
      return;
    }
    if (arguments.length === 0) {
      throw codedError(TypeErrorCtor, 'ERR_MISSING_ARGS', 'Not enough arguments to MessagePort.postMessage');
    }
    const m = serialize(value, transfer);
    for (const s of d.group.members) {
      if (s === d || s.closed) continue;
      s.queue.push(m);
      trigger(s.port);
    }
  }
  start() {
    const st = this[kPort];
    if (st.started) return;
    st.started = true;
    const d = this[kData];
    if (d !== null && d.queue.length > 0) trigger(this);
  }
  close() { closePort(this); }
  ref() { refPort(this); }
  unref() { unrefPort(this); }
  hasRef() { return this[kPort].ref; }
  addEventListener(type, listener, options) {
    if (listener == null) {
      ReflectApply(listenOn, this, [type, listener, options]); // (its warning)
      return;
    }
    listen(this, `${type}`, listener, listener, options);
  }
  removeEventListener(type, listener, options) {
    const capture = typeof options === 'boolean' ? options : !!(options != null && options.capture);
    const ls = this[kPort].ls;
    const i = ls.findIndex((x) => x.type === `${type}` && x.key === listener && x.capture === capture);
    if (i >= 0) unlistenAt(this, i);
  }
  // The EventEmitter form: a 'message' listener gets the data.
  on(type, fn) {
    listen(this, `${type}`, fn, nodeStyle(this, type, fn));
    return this;
  }
  addListener(type, fn) { return this.on(type, fn); }
  once(type, fn) {
    listen(this, `${type}`, fn, nodeStyle(this, type, fn), { once: true });
    return this;
  }
  off(type, fn) { return this.removeListener(type, fn); }
  removeListener(type, fn) {
    const ls = this[kPort].ls;
    for (let i = ls.length - 1; i >= 0; i--) {
      if (ls[i].type === `${type}` && ls[i].key === fn && ls[i].node) {
        unlistenAt(this, i);
        break;
      }
    }
    return this;
  }
  emit(type, ...args) {
    return ReflectApply(dispatch, this, [type === 'message' ? new MessageEvent('message', { data: args[0] }, token) : new Event(type, libEvent)]);
  }
  get onmessage() { return this[kPort].handlers.message || null; }
  set onmessage(fn) { setHandler(this, 'message', fn); }
  get onmessageerror() { return this[kPort].handlers.messageerror || null; }
  set onmessageerror(fn) { setHandler(this, 'messageerror', fn); }
}

const { addEventListener: listenOn, removeEventListener: unlisten, dispatchEvent: dispatch } = EventTarget.prototype;

function nodeStyle(port, type, fn) {
  return type === 'message' ? (e) => ReflectApply(fn, port, [e.data]) : () => ReflectApply(fn, port, []);
}

// listen adds a listener (key: what removes it, fn: what runs); one for
// 'message' refs and starts the port. A port keeps its own list of
// listeners: removing the last 'message' one stops and unrefs the port
// (its messages wait), as once() does when it fires (measured on
// 12.22.12, 16.14.0, 20.20.2 and 26.10.0: the second message stays).
function listen(port, type, key, fn, options) {
  const capture = typeof options === 'boolean' ? options : !!(options != null && options.capture);
  const once = options != null && typeof options === 'object' && !!options.once;
  const st = port[kPort];
  if (key === fn && st.ls.some((x) => x.type === type && x.key === key && x.capture === capture)) return;
  const entry = { type, key, capture, node: key !== fn, run: fn };
  if (once) {
    entry.run = function (e) {
      const i = st.ls.indexOf(entry);
      if (i >= 0) unlistenAt(port, i);
      return ReflectApply(fn, this, [e]);
    };
  }
  st.ls.push(entry);
  ReflectApply(listenOn, port, [type, entry.run, capture]);
  if (type === 'message') {
    refPort(port);
    port.start();
  }
}

function unlistenAt(port, i) {
  const st = port[kPort];
  const [entry] = st.ls.splice(i, 1);
  ReflectApply(unlisten, port, [entry.type, entry.run, entry.capture]);
  if (entry.type === 'message' && !st.broadcast && !st.ls.some((x) => x.type === 'message')) {
    st.started = false;
    unrefPort(port);
  }
}

// setHandler is an on<event> attribute: one listener, its place that of
// the first set; null removes it.
function setHandler(target, type, fn) {
  const st = target[kPort];
  const hs = st.handlers;
  const had = hs[type] !== undefined && hs[type] !== null;
  hs[type] = typeof fn === 'function' ? fn : null;
  if (!had && hs[type] !== null) {
    listen(target, type, kHandler, function (e) {
      const h = st.handlers[type];
      if (typeof h === 'function') return ReflectApply(h, this, [e]);
      return undefined;
    });
  } else if (had && hs[type] === null) {
    const i = st.ls.findIndex((x) => x.type === type && x.key === kHandler);
    if (i >= 0) unlistenAt(target, i);
  }
}

function codedError(Ctor, code, msg) {
  const e = new Ctor(msg);
  e.code = code;
  return e;
}

class MessageEvent extends Event {
  constructor(type, init, lib) {
    super(type, lib === token ? libEvent : init);
    const o = init == null ? {} : init;
    ObjectDefineProperty(this, kData, {
      value: { data: o.data === undefined ? null : o.data, ports: o.ports || [], origin: o.origin || '', lastEventId: o.lastEventId || '', source: o.source || null },
    });
  }
  get data() { return this[kData].data; }
  get origin() { return this[kData].origin; }
  get lastEventId() { return this[kData].lastEventId; }
  get source() { return this[kData].source; }
  get ports() { return this[kData].ports; }
}

// Before 14.7 a MessagePort is an EventEmitter: no EventTarget methods
// (measured on 12.22.12 and 14.21.3). hasRef from 16.17 and 18.1 (Node's
// docs; 16.14.0 lacks it, 20.20.2 has it).
if (!internal.has('MessagePort:EventTarget')) {
  for (const k of ['addEventListener', 'removeEventListener', 'dispatchEvent']) {
    ObjectDefineProperty(MessagePort.prototype, k, { value: undefined, writable: true, configurable: true });
  }
}
if (!internal.has('MessagePort:hasRef')) delete MessagePort.prototype.hasRef;

class MessageChannel {
  constructor() {
    const group = { pair: true, members: [] };
    const a = newData(group);
    const b = newData(group);
    group.members.push(a, b);
    this.port1 = new MessagePort(token, a);
    this.port2 = new MessagePort(token, b);
  }
}

// How Node prints a port (its internal fields, by release) is not
// modelled; neither is a channel's or an event's.
for (const C of [MessagePort, MessageChannel, MessageEvent]) {
  ObjectDefineProperty(C.prototype, Symbol.for('nodejs.util.inspect.custom'), {
    value() { return internal.unmodelled('printing a ' + C.name, C.name + ' {}'); },
    configurable: true, writable: true,
  });
}

const broadcast = new Map(); // name -> group

// A BroadcastChannel is a port of a group of every channel of its name:
// a message goes to each of the others, never back to its sender. It is
// started and ref'd from the start, until close().
class BroadcastChannel extends MessagePort {
  constructor(name) {
    if (arguments.length === 0) {
      throw codedError(TypeErrorCtor, 'ERR_MISSING_ARGS', 'The "name" argument must be specified');
    }
    const n = `${name}`;
    let group = broadcast.get(n);
    if (group === undefined) {
      group = { pair: false, members: [] };
      broadcast.set(n, group);
    }
    const d = newData(group);
    group.members.push(d);
    super(token, d);
    ObjectDefineProperty(this, 'name', { value: n, enumerable: true });
    refPort(this);
    this[kPort].started = true;
    this[kPort].broadcast = true;
  }
}

function receiveMessageOnPort(port) {
  if (!(port instanceof MessagePort)) {
    throw codedError(TypeErrorCtor, 'ERR_INVALID_ARG_TYPE', 'The "port" argument must be a MessagePort instance');
  }
  const d = port[kData];
  if (d === null || port[kPort].closed || d.queue.length === 0 || d.queue[0] === kClose) return undefined;
  return { message: received(d.queue.shift()).value };
}

module.exports = { MessageChannel, MessagePort, BroadcastChannel, MessageEvent, receiveMessageOnPort };
