// browserrecord -perturb: a classic inline script put in <head> right after
// the harness, before the page's own scripts. It makes JavaScript take a
// little longer at random, so that orders which need unlucky timing show up
// in a few runs, and changes nothing else: it prints nothing, queues no task
// or microtask of its own, and never reorders anything. Every delay is a
// busy-wait, wall-clock time passing while JavaScript runs, which a loaded
// or slower machine adds; while it waits, timers fall due, the network
// delivers and frames come round, as they would.
//
// Where it waits (each time with probability 1/2, for 0 to MAX
// microseconds):
//   - at its own start, before the page's scripts run;
//   - at the start of every callback the page hands the browser: timers
//     (setTimeout, setInterval), requestAnimationFrame and
//     requestIdleCallback callbacks, queueMicrotask callbacks, promise
//     reactions (then, and so catch and finally), scheduler.postTask
//     callbacks, event listeners (addEventListener and the on* handler
//     properties: messages, DOM events, load, clicks) and observer
//     callbacks (MutationObserver, ResizeObserver, IntersectionObserver);
//   - just before and just after each timer, rAF, idle callback, posted
//     task or posted message (postMessage on a window, a MessagePort or a
//     BroadcastChannel) is made.
// A listener object with handleEvent is left alone, as are handlers given
// as strings. The recorder adds the rest: a delay before it serves each
// file beside the page (the network), busy sibling processes (CPU
// contention).
//
// The recorder replaces __SEED__ by the run's seed and __MAX_US__ by MAX.
(() => {
  let state = (__SEED__ >>> 0) || 0x9e3779b9;
  const maxUs = __MAX_US__;
  const perf = performance, now = performance.now;
  // xorshift32: a uniform number in [0, 1).
  const random = () => {
    state ^= state << 13; state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5; state >>>= 0;
    return state / 4294967296;
  };
  const wait = () => {
    if (random() < 0.5) return;
    const end = now.call(perf) + random() * maxUs / 1000;
    while (now.call(perf) < end) {}
  };
  const apply = Reflect.apply, define = Object.defineProperty, describe = Object.getOwnPropertyDescriptor;
  // One wrapper per function, so that removeEventListener finds the one
  // addEventListener added; originals maps it back (an on* getter).
  const wrappers = new WeakMap(), originals = new WeakMap();
  const slowly = (fn) => {
    if (typeof fn !== 'function') return fn;
    let w = wrappers.get(fn);
    if (!w) {
      w = function () { wait(); return apply(fn, this, arguments); };
      wrappers.set(fn, w);
      originals.set(w, fn);
    }
    return w;
  };
  // Replaces obj[name] by a function that wraps the callbacks at the
  // argument positions at, and waits before and after the call when
  // around is set.
  const wrapCall = (obj, name, at, around) => {
    const d = obj && describe(obj, name);
    if (!d || typeof d.value !== 'function') return;
    const original = d.value;
    const w = {
      [name](...args) {
        for (const i of at) if (i < args.length) args[i] = slowly(args[i]);
        if (around) wait();
        const r = apply(original, this === undefined ? globalThis : this, args);
        if (around) wait();
        return r;
      },
    }[name];
    define(w, 'length', { value: original.length });
    define(obj, name, { ...d, value: w });
  };
  for (const name of ['setTimeout', 'setInterval', 'requestAnimationFrame', 'requestIdleCallback']) {
    wrapCall(window, name, [0], true);
    wrapCall(Window.prototype, name, [0], true);
  }
  wrapCall(window, 'queueMicrotask', [0], false);
  wrapCall(Window.prototype, 'queueMicrotask', [0], false);
  wrapCall(Promise.prototype, 'then', [0, 1], false);
  if (typeof Scheduler === 'function') wrapCall(Scheduler.prototype, 'postTask', [0], true);
  for (const C of [window.Window, window.MessagePort, window.BroadcastChannel]) {
    if (C) wrapCall(C.prototype, 'postMessage', [], true);
  }
  wrapCall(window, 'postMessage', [], true);
  wrapCall(EventTarget.prototype, 'addEventListener', [1], false);
  wrapCall(EventTarget.prototype, 'removeEventListener', [1], false);
  // The on* handler properties, on the window and on every interface
  // whose instances are event targets.
  const handlers = (obj) => {
    for (const key of Object.getOwnPropertyNames(obj)) {
      if (!key.startsWith('on')) continue;
      const d = describe(obj, key);
      if (!d || !d.set || !d.get || !d.configurable) continue;
      const { get, set } = d;
      define(obj, key, {
        ...d,
        get() { const v = apply(get, this, []); return originals.get(v) || v; },
        set(v) { apply(set, this, [slowly(v)]); },
      });
    }
  };
  handlers(window);
  for (const key of Object.getOwnPropertyNames(window)) {
    const d = describe(window, key);
    const C = d && d.value;
    if (typeof C === 'function' && C.prototype && (C.prototype === EventTarget.prototype || C.prototype instanceof EventTarget)) handlers(C.prototype);
  }
  for (const name of ['MutationObserver', 'ResizeObserver', 'IntersectionObserver']) {
    const d = describe(window, name);
    if (!d || typeof d.value !== 'function') continue;
    const p = new Proxy(d.value, {
      construct(target, args, newTarget) {
        args[0] = slowly(args[0]);
        return Reflect.construct(target, args, newTarget === p ? target : newTarget);
      },
    });
    define(window, name, { ...d, value: p });
  }
  wait();
})();
