// Internal: EventTarget, Event, AbortController and AbortSignal, the
// globals (15 on) both engines make from this file.
//
// EventTarget and Event as Node's (measured on 16 to 26): listeners of
// a type in a list, each added once (per capture flag); dispatch calls
// them in order at once, reading the next one before each call (so one
// added during the dispatch runs when it lands after a listener not yet
// reached), skips removed ones, stops at stopImmediatePropagation, and
// rethrows a listener's exception from a nextTick (16 on). AbortSignal and
// events.once build on it.
'use strict';
const ObjectDefineProperty = Object.defineProperty;
const ReflectApply = Reflect.apply;
const ErrorCtor = Error;
const TypeErrorCtor = TypeError;
const MapCtor = Map;
const G = typeof globalThis === 'object' ? globalThis : global; // (globalThis from 12)
const internal = __internal;

const kList = Symbol('kEvents');
// libEvent, as an Event's options, makes an event the library dispatches
// (a MessagePort's): it reads no clock unless its timeStamp is read.
const libEvent = Symbol('libEvent');
const kEv = Symbol('kEventState');
function codedError(Ctor, code, msg) {
  const e = new Ctor(msg);
  e.code = code;
  return e;
}
class Event {
  constructor(type, options) {
    if (arguments.length === 0) throw codedError(TypeErrorCtor, 'ERR_MISSING_ARGS', 'The "type" argument must be specified');
    const quiet = options === libEvent;
    const o = options == null || quiet ? {} : options;
    ObjectDefineProperty(this, kEv, { value: {
      type: `${type}`, cancelable: !!o.cancelable, bubbles: !!o.bubbles, composed: !!o.composed,
      prevented: false, stop: false, target: null, current: null, phase: 0, dispatching: false,
      stamp: quiet ? undefined : G.performance ? G.performance.now() : 0,
    } });
  }
  get type() { return this[kEv].type; }
  get cancelable() { return this[kEv].cancelable; }
  get bubbles() { return this[kEv].bubbles; }
  get composed() { return this[kEv].composed; }
  get defaultPrevented() { return this[kEv].cancelable && this[kEv].prevented; }
  get returnValue() { return !this.defaultPrevented; }
  get target() { return this[kEv].target; }
  get srcElement() { return this[kEv].target; }
  get currentTarget() { return this[kEv].current; }
  get eventPhase() { return this[kEv].phase; }
  get isTrusted() { return false; }
  get timeStamp() {
    const t = this[kEv].stamp;
    return t !== undefined ? t : internal.unmodelled('the timeStamp of an event the library made', G.performance.now());
  }
  get cancelBubble() { return this[kEv].stop; }
  preventDefault() { this[kEv].prevented = true; }
  stopPropagation() { this[kEv].stop = true; }
  stopImmediatePropagation() { this[kEv].stop = true; this[kEv].immediate = true; }
  composedPath() { return this[kEv].dispatching ? [this[kEv].current] : []; }
}
for (const [k, v] of [['NONE', 0], ['CAPTURING_PHASE', 1], ['AT_TARGET', 2], ['BUBBLING_PHASE', 3]]) {
  ObjectDefineProperty(Event, k, { value: v, enumerable: true });
  ObjectDefineProperty(Event.prototype, k, { value: v, enumerable: true });
}
class EventTarget {
  constructor() { ObjectDefineProperty(this, kList, { value: new MapCtor() }); }
  addEventListener(type, listener, options) {
    if (listener == null) {
      internal.emitWarning('addEventListener called with ' + listener + ' which has no effect.', 'AddEventListenerArgumentTypeWarning');
      return;
    }
    let once = false, capture = false, signal;
    if (typeof options === 'boolean') capture = options;
    else if (options != null) ({ once = false, capture = false, signal } = options);
    once = !!once; capture = !!capture;
    if (signal !== undefined && signal.aborted) return;
    type = `${type}`;
    const lists = this[kList];
    let root = lists.get(type);
    if (!root) { root = { next: undefined }; lists.set(type, root); }
    let last = root;
    for (let h = root.next; h; h = h.next) {
      if (h.listener === listener && h.capture === capture) return;
      last = h;
    }
    const rec = { listener, once, capture, removed: false, next: undefined, prev: last };
    last.next = rec;
    if (signal !== undefined) signal.addEventListener('abort', () => this.removeEventListener(type, listener, options), { once: true });
  }
  removeEventListener(type, listener, options) {
    const capture = typeof options === 'boolean' ? options : !!(options != null && options.capture);
    const root = this[kList].get(`${type}`);
    if (!root) return;
    for (let h = root.next; h; h = h.next) {
      if (h.listener === listener && h.capture === capture) { unlink(h); return; }
    }
  }
  dispatchEvent(event) {
    if (!(event instanceof Event)) throw codedError(TypeErrorCtor, 'ERR_INVALID_ARG_TYPE', 'The "event" argument must be an instance of Event. Received ' + internal.describe(event));
    const st = event[kEv];
    if (st.dispatching) throw codedError(ErrorCtor, 'ERR_EVENT_RECURSION', `The event "${st.type}" is already being dispatched`);
    st.dispatching = true;
    st.target = st.current = this;
    st.phase = 2;
    const root = this[kList].get(st.type);
    let h = root && root.next;
    while (h !== undefined && !st.immediate) {
      const next = h.next;
      if (!h.removed) {
        if (h.once) unlink(h);
        const l = h.listener;
        try {
          if (typeof l === 'function') ReflectApply(l, this, [event]);
          else if (l !== null && typeof l === 'object' && typeof l.handleEvent === 'function') ReflectApply(l.handleEvent, l, [event]);
        } catch (err) {
          // 15 lets it out of dispatchEvent.
          if (!internal.has('EventTarget:errors on tick')) {
            st.dispatching = false; st.current = null; st.phase = 0;
            throw err;
          }
          internal.nextTick(() => { throw err; });
        }
      }
      h = next;
    }
    st.dispatching = false;
    st.current = null;
    st.phase = 0;
    return st.cancelable !== true || st.prevented !== true;
  }
}
function unlink(h) {
  h.removed = true;
  if (h.prev) h.prev.next = h.next;
  if (h.next) h.next.prev = h.prev;
}
class AbortSignal extends EventTarget {
  constructor() { super(); this.aborted = false; this.reason = undefined; this.onabort = null; }
  throwIfAborted() { if (this.aborted) throw this.reason; }
  static abort(reason) { const c = new AbortController(); c.abort(reason); return c.signal; }
  // An unref'd timer: it does not keep the process alive.
  static timeout(delay) {
    const c = new AbortController();
    G.setTimeout(() => {
      const e = new ErrorCtor('The operation was aborted due to timeout');
      e.name = 'TimeoutError';
      e.code = 23;
      c.abort(e);
    }, delay).unref();
    return c.signal;
  }
}
class AbortController {
  constructor() { this.signal = new AbortSignal(); }
  abort(reason) {
    const s = this.signal;
    if (s.aborted) return;
    s.aborted = true;
    if (reason === undefined) {
      reason = new ErrorCtor('This operation was aborted');
      reason.name = 'AbortError';
      reason.code = 20;
    }
    s.reason = reason;
    const ev = new Event('abort');
    if (typeof s.onabort === 'function') s.onabort(ev);
    s.dispatchEvent(ev);
  }
}

module.exports = { EventTarget, Event, AbortController, AbortSignal, libEvent };
