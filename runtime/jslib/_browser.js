// Internal: a browser's globals for a classic script (--target chromium,
// firefox, browser), over the loop's browser model (loop/browser.go)
// through __internal.browser: window and its events, timers, messages,
// requestAnimationFrame, requestIdleCallback, scheduler.postTask, a
// minimal DOM (document, elements, click(), text and children) and its
// observers. Only the runtime runs it.
//
// Events as a browser dispatches them: target, then bubbling through the
// parents; a listener's exception is reported ("Uncaught ...", the
// window's error event) and the next listener still runs.
'use strict';
const b = __internal.browser;
const ReflectApply = Reflect.apply;
const kList = Symbol('listeners');
const kEv = Symbol('event');

class Event {
  constructor(type, options) {
    if (arguments.length === 0) throw new TypeError("Failed to construct 'Event': 1 argument required, but only 0 present.");
    const o = options == null ? {} : options;
    Object.defineProperty(this, kEv, { value: { type: `${type}`, bubbles: !!o.bubbles, cancelable: !!o.cancelable,
      prevented: false, stop: false, immediate: false, target: null, current: null, phase: 0, trusted: false } });
  }
  get type() { return this[kEv].type; }
  get bubbles() { return this[kEv].bubbles; }
  get cancelable() { return this[kEv].cancelable; }
  get defaultPrevented() { return this[kEv].cancelable && this[kEv].prevented; }
  get target() { return this[kEv].target; }
  get currentTarget() { return this[kEv].current; }
  get eventPhase() { return this[kEv].phase; }
  get isTrusted() { return this[kEv].trusted; }
  preventDefault() { this[kEv].prevented = true; }
  stopPropagation() { this[kEv].stop = true; }
  stopImmediatePropagation() { this[kEv].stop = true; this[kEv].immediate = true; }
}
class MessageEvent extends Event {
  constructor(type, init) { super(type, init); const o = init || {}; this.data = o.data; this.origin = o.origin || ''; this.source = o.source || null; this.ports = []; }
}
class ErrorEvent extends Event {
  constructor(type, init) { super(type, init); const o = init || {}; this.error = o.error; this.message = o.message || ''; }
}
class PromiseRejectionEvent extends Event {
  constructor(type, init) { super(type, init); const o = init || {}; this.promise = o.promise; this.reason = o.reason; }
}
class CustomEvent extends Event {
  constructor(type, init) { super(type, init); this.detail = init && init.detail !== undefined ? init.detail : null; }
}

// report is what the browser does with an uncaught exception.
let reporting = false;
function report(err) {
  if (!reporting) {
    reporting = true;
    try { dispatch(win, new ErrorEvent('error', { error: err, message: String(err), cancelable: true })); } finally { reporting = false; }
  }
  b.uncaught('Uncaught ' + String(err));
}

function listenersOf(t) {
  if (!Object.prototype.hasOwnProperty.call(t, kList)) Object.defineProperty(t, kList, { value: new Map() });
  return t[kList];
}
function addListener(t, type, listener, options) {
  if (listener == null) return;
  const once = typeof options === 'object' && options !== null && !!options.once;
  const capture = typeof options === 'boolean' ? options : !!(options && options.capture);
  const list = listenersOf(t).get(`${type}`) || [];
  if (list.some((h) => h.listener === listener && h.capture === capture && !h.removed)) return;
  list.push({ listener, once, capture, removed: false });
  listenersOf(t).set(`${type}`, list);
}
function removeListener(t, type, listener, options) {
  const capture = typeof options === 'boolean' ? options : !!(options && options.capture);
  const list = listenersOf(t).get(`${type}`) || [];
  const i = list.findIndex((h) => h.listener === listener && h.capture === capture && !h.removed);
  if (i >= 0) { list[i].removed = true; list.splice(i, 1); }
}
function callListeners(t, ev, st) {
  const list = (listenersOf(t).get(st.type) || []).slice();
  const handler = t['on' + st.type];
  for (const h of list) {
    if (st.immediate) break;
    if (h.removed) continue;
    if (h.once) removeListener(t, st.type, h.listener, h.capture);
    invoke(t, h.listener, ev);
  }
  if (typeof handler === 'function' && !st.immediate && !list.some((h) => h.listener === handler)) invoke(t, handler, ev);
}
function invoke(t, l, ev) {
  try {
    if (typeof l === 'function') ReflectApply(l, t, [ev]);
    else if (l !== null && typeof l === 'object' && typeof l.handleEvent === 'function') ReflectApply(l.handleEvent, l, [ev]);
  } catch (err) {
    report(err);
  }
}
// dispatch runs the listeners at once (script's dispatchEvent and click():
// no microtask checkpoint in between), target first, then its parents.
function dispatch(target, ev) {
  const st = ev[kEv];
  st.target = target;
  const path = [target];
  for (let n = target.parentNode; n; n = n.parentNode) path.push(n);
  if (target !== win && target instanceof Node && target.isConnected) path.push(win);
  for (let i = 0; i < path.length; i++) {
    if (i > 0 && (!st.bubbles || st.stop)) break;
    st.current = path[i];
    st.phase = i === 0 ? 2 : 3;
    callListeners(path[i], ev, st);
  }
  st.current = null;
  st.phase = 0;
  return !(st.cancelable && st.prevented);
}
class EventTarget {
  addEventListener(type, listener, options) { addListener(this, type, listener, options); }
  removeEventListener(type, listener, options) { removeListener(this, type, listener, options); }
  dispatchEvent(ev) {
    if (!(ev instanceof Event)) throw new TypeError("Failed to execute 'dispatchEvent' on 'EventTarget': parameter 1 is not of type 'Event'.");
    return dispatch(this, ev);
  }
}

// The DOM: enough for listeners, click(), and what MutationObserver sees.
const observers = [];
let mutationQueued = false;
function mutated(target, type) {
  for (const o of observers) {
    for (const [node, opts] of o.targets) {
      if (node !== target && !(opts.subtree && node.contains(target))) continue;
      if (type === 'attributes' && !opts.attributes || type === 'childList' && !opts.childList) continue;
      o.records.push({ type, target });
      break;
    }
  }
  if (!mutationQueued && observers.some((o) => o.records.length > 0)) {
    // One microtask for every observer (HTML: "queue a mutation observer
    // microtask").
    mutationQueued = true;
    queueMicrotask(() => {
      mutationQueued = false;
      for (const o of observers.slice()) {
        const recs = o.records;
        if (recs.length === 0) continue;
        o.records = [];
        invoke(o, o.callback, recs);
      }
    });
  }
}
class Node extends EventTarget {
  constructor() { super(); this.parentNode = null; this.childNodes = []; }
  get isConnected() { let n = this; while (n.parentNode) n = n.parentNode; return n === doc; }
  get firstChild() { return this.childNodes[0] || null; }
  get children() { return this.childNodes.filter((n) => n instanceof Element); }
  contains(n) { for (; n; n = n.parentNode) if (n === this) return true; return false; }
  appendChild(n) {
    if (n.parentNode) n.parentNode.removeChild(n);
    n.parentNode = this;
    this.childNodes.push(n);
    mutated(this, 'childList');
    return n;
  }
  append(...ns) { for (const n of ns) this.appendChild(typeof n === 'string' ? new Text(n) : n); }
  removeChild(n) {
    const i = this.childNodes.indexOf(n);
    if (i < 0) throw new Error("Failed to execute 'removeChild' on 'Node': The node to be removed is not a child of this node.");
    this.childNodes.splice(i, 1);
    n.parentNode = null;
    mutated(this, 'childList');
    return n;
  }
  remove() { if (this.parentNode) this.parentNode.removeChild(this); }
  get textContent() { return this.childNodes.map((n) => n.textContent).join(''); }
  set textContent(s) {
    for (const n of this.childNodes) n.parentNode = null;
    this.childNodes = s === '' || s == null ? [] : [new Text(String(s), this)];
    mutated(this, 'childList');
  }
}
class Text extends Node {
  constructor(s, parent) { super(); this.data = s; this.parentNode = parent || null; }
  get textContent() { return this.data; }
  set textContent(s) { this.data = String(s); mutated(this, 'characterData'); }
}
class Element extends Node {
  constructor(tag) { super(); this.tagName = String(tag).toUpperCase(); this.attrs = new Map(); this.style = {}; }
  get id() { return this.getAttribute('id') || ''; }
  set id(v) { this.setAttribute('id', v); }
  get className() { return this.getAttribute('class') || ''; }
  set className(v) { this.setAttribute('class', v); }
  getAttribute(k) { return this.attrs.has(k) ? this.attrs.get(k) : null; }
  setAttribute(k, v) { this.attrs.set(String(k), String(v)); mutated(this, 'attributes'); }
  hasAttribute(k) { return this.attrs.has(k); }
  removeAttribute(k) { if (this.attrs.delete(k)) mutated(this, 'attributes'); }
  click() {
    // Script's click(): the listeners run inside the call.
    dispatch(this, new MouseEvent('click', { bubbles: true, cancelable: true }));
  }
  querySelector(sel) { return find(this, sel); }
  querySelectorAll(sel) { return findAll(this, sel); }
}
class MouseEvent extends Event {}
function matches(el, sel) {
  sel = String(sel).trim();
  if (sel === '*') return true;
  if (sel[0] === '#') return el.id === sel.slice(1);
  if (sel[0] === '.') return el.className.split(/\s+/).includes(sel.slice(1));
  return el.tagName === sel.toUpperCase();
}
function findAll(root, sel) {
  const out = [];
  (function walk(n) { for (const c of n.childNodes) { if (c instanceof Element && matches(c, sel)) out.push(c); walk(c); } })(root);
  return out;
}
function find(root, sel) { return findAll(root, sel)[0] || null; }
class Document extends Node {
  constructor() {
    super();
    this.documentElement = new Element('html');
    this.head = new Element('head');
    this.body = new Element('body');
    this.childNodes = [this.documentElement];
    this.documentElement.parentNode = this;
    this.documentElement.childNodes = [this.head, this.body];
    this.head.parentNode = this.body.parentNode = this.documentElement;
    this.readyState = 'loading';
  }
  createElement(tag) { return new Element(tag); }
  createTextNode(s) { return new Text(String(s)); }
  getElementById(id) { return find(this, '#' + id); }
  querySelector(sel) { return find(this, sel); }
  querySelectorAll(sel) { return findAll(this, sel); }
}
class MutationObserver {
  constructor(callback) {
    if (typeof callback !== 'function') throw new TypeError("Failed to construct 'MutationObserver': parameter 1 is not of type 'Function'.");
    this.callback = callback; this.targets = []; this.records = [];
  }
  observe(node, opts) { this.targets.push([node, opts || {}]); if (!observers.includes(this)) observers.push(this); }
  disconnect() { this.targets = []; this.records = []; const i = observers.indexOf(this); if (i >= 0) observers.splice(i, 1); }
  takeRecords() { const r = this.records; this.records = []; return r; }
}
// The observers of the rendering update: their first observation of an
// element is delivered at the next one (ResizeObserver, in it;
// IntersectionObserver, by a task it queues).
class ResizeObserver {
  constructor(callback) { this.callback = callback; this.pending = []; }
  observe(el) {
    if (this.pending.length === 0) b.render(() => { const e = this.pending; this.pending = []; ReflectApply(this.callback, this, [e.map((target) => ({ target })), this]); });
    this.pending.push(el);
  }
  unobserve() {}
  disconnect() { this.pending = []; }
}
class IntersectionObserver {
  constructor(callback) { this.callback = callback; this.pending = []; }
  observe(el) {
    if (this.pending.length === 0) {
      b.render(() => b.task(() => {
        const e = this.pending; this.pending = [];
        ReflectApply(this.callback, this, [e.map((target) => ({ target, isIntersecting: true, intersectionRatio: 1 })), this]);
      }));
    }
    this.pending.push(el);
  }
  unobserve() {}
  disconnect() { this.pending = []; }
}

// Messages: a port's messages wait until it is started (onmessage set,
// or start()); each is a task of the posted-message source, one at a time.
class MessagePort extends EventTarget {
  constructor() { super(); this.other = null; this.started = false; this.held = []; this.handler = null; this.closed = false; }
  get onmessage() { return this.handler; }
  set onmessage(f) { this.handler = f; this.start(); }
  start() {
    if (this.started) return;
    this.started = true;
    const held = this.held;
    this.held = [];
    for (const d of held) this.deliver(d);
  }
  deliver(data) {
    if (!this.started) { this.held.push(data); return; }
    b.post(this, () => { if (!this.closed) dispatch(this, new MessageEvent('message', { data })); });
  }
  postMessage(data) {
    if (this.closed || !this.other) return;
    const copy = typeof structuredClone === 'function' ? structuredClone(data) : data;
    this.other.deliver(copy);
  }
  close() { this.closed = true; }
}
class MessageChannel {
  constructor() {
    this.port1 = new MessagePort(); this.port2 = new MessagePort();
    this.port1.other = this.port2; this.port2.other = this.port1;
  }
}

const win = globalThis;
const doc = new Document();

function timerArgs(fn, args) {
  if (typeof fn !== 'function') { const code = String(fn); fn = () => (0, eval)(code); }
  return args.length ? () => ReflectApply(fn, win, args) : fn;
}

// build makes the page's elements: [tag, attributes, children...].
function build(tree) {
  if (typeof tree === 'string') return new Text(tree);
  const [tag, attrs, ...kids] = tree;
  const el = new Element(tag);
  for (const k of Object.keys(attrs)) el.attrs.set(k, attrs[k]);
  for (const k of kids) { const c = build(k); c.parentNode = el; el.childNodes.push(c); }
  return el;
}

function install(tree) {
  if (tree) {
    // The document's html, head and body are the page's.
    const kids = tree.slice(2).map(build);
    const html = kids.find((k) => k.tagName === 'HTML');
    if (html) {
      doc.documentElement = html;
      doc.childNodes = [html];
      html.parentNode = doc;
      doc.head = html.childNodes.find((k) => k.tagName === 'HEAD') || doc.head;
      doc.body = html.childNodes.find((k) => k.tagName === 'BODY') || doc.body;
    } else {
      // Markup without <html>: the parser puts it in the body.
      for (const k of kids) { k.parentNode = doc.body; doc.body.childNodes.push(k); }
    }
    // An element's id names it on the window (HTML's named access),
    // unless a global of that name exists.
    for (const el of findAll(doc, '*')) {
      const id = el.id;
      if (id && !(id in win)) Object.defineProperty(win, id, { get: () => doc.getElementById(id), configurable: true });
    }
  }
  const defs = {
    window: win, self: win, document: doc,
    Event, CustomEvent, MessageEvent, ErrorEvent, PromiseRejectionEvent, MouseEvent, EventTarget,
    Node, Element, Text, Document, HTMLElement: Element,
    MutationObserver, ResizeObserver, IntersectionObserver, MessageChannel, MessagePort,
    setTimeout: (fn, ms, ...args) => b.setTimer(timerArgs(fn, args), ms, false, 'setTimeout'),
    setInterval: (fn, ms, ...args) => b.setTimer(timerArgs(fn, args), ms, true, 'setInterval'),
    clearTimeout: (id) => b.clearTimer(id),
    clearInterval: (id) => b.clearTimer(id),
    requestAnimationFrame: (fn) => {
      if (typeof fn !== 'function') throw new TypeError("Failed to execute 'requestAnimationFrame' on 'Window': The callback provided as parameter 1 is not a function.");
      return b.raf(fn);
    },
    cancelAnimationFrame: (id) => b.cancelRaf(id),
    requestIdleCallback: (fn) => b.idle(() => fn({ didTimeout: false, timeRemaining: () => 0 })),
    cancelIdleCallback: (id) => b.cancelIdle(id),
    addEventListener: (type, l, o) => addListener(win, type, l, o),
    removeEventListener: (type, l, o) => removeListener(win, type, l, o),
    dispatchEvent: (ev) => dispatch(win, ev),
    postMessage: (data) => {
      const copy = typeof structuredClone === 'function' ? structuredClone(data) : data;
      b.post(null, () => dispatch(win, new MessageEvent('message', { data: copy, origin: 'null', source: win })));
    },
    reportError: (e) => report(e),
    scheduler: { postTask: (fn, opts) => new Promise((resolve, reject) => {
      const prio = opts && opts.priority || 'user-visible';
      b.postTask(() => { try { resolve(fn()); } catch (e) { reject(e); } }, prio);
    }) },
  };
  for (const k of Object.keys(defs)) {
    Object.defineProperty(win, k, { value: defs[k], writable: true, configurable: true, enumerable: false });
  }
}

// listeners is an event the browser itself fires (at the window, the
// document, or the element a user clicks: a selector) as one function per
// listener in dispatch order, so that the loop runs a microtask
// checkpoint after each.
function listeners(type, a, reason) {
  let target = win, ev;
  switch (type) {
    case 'DOMContentLoaded':
      doc.readyState = 'interactive';
      target = doc;
      ev = new Event(type, { bubbles: true });
      break;
    case 'unhandledrejection':
    case 'rejectionhandled':
      ev = new PromiseRejectionEvent(type, { promise: a, reason, cancelable: type === 'unhandledrejection' });
      break;
    case 'click':
      target = doc.querySelector(a);
      if (target === null) { b.uncaught('looplint: --click ' + a + ': no element of the page matches'); return []; }
      ev = new MouseEvent(type, { bubbles: true, cancelable: true });
      break;
    default:
      if (type === 'load') doc.readyState = 'complete';
      ev = new Event(type);
  }
  const st = ev[kEv];
  st.trusted = true;
  st.target = target;
  const path = [target];
  for (let n = target.parentNode; n; n = n.parentNode) path.push(n);
  if (target !== win) path.push(win);
  const calls = [];
  path.forEach((node, i) => {
    if (i > 0 && !st.bubbles) return;
    const list = (listenersOf(node).get(st.type) || []).slice();
    const handler = node['on' + st.type];
    if (typeof handler === 'function' && !list.some((h) => h.listener === handler)) list.push({ listener: handler, once: false, capture: false, removed: false });
    for (const h of list) {
      calls.push(() => {
        if (st.immediate || st.stop && st.current !== node || h.removed) return;
        st.current = node;
        st.phase = i === 0 ? 2 : 3;
        if (h.once) removeListener(node, st.type, h.listener, h.capture);
        invoke(node, h.listener, ev);
      });
    }
  });
  return calls;
}

module.exports = { install, listeners, report };
