
// looplint: async generators and for await, job for job as V8 runs them.
// The engine has neither, so esbuild lowers them to generators that call
// these four helpers by its own names; its helpers differ from V8 in the
// number of microtask jobs, these follow the spec (AsyncGeneratorStart,
// AsyncGeneratorYield, AsyncGeneratorDrainQueue, yield*, and
// CreateAsyncFromSyncIterator). Every wait is a real `await`, so it costs
// what an await costs on the release being run.
function __await(value, mode) { this[0] = value; this[1] = mode; }
async function __looplint_then(value, ok, bad) {
  var r;
  try { r = await value; } catch (e) { bad(e); return; }
  ok(r);
}
// __looplint_iterator is an iterator whose next, throw and return go to
// step(kind, value), and which is its own [key]() (Symbol.iterator or
// Symbol.asyncIterator).
function __looplint_iterator(step, key) {
  var it = {
    next: function (v) { return step('next', v); },
    throw: function (v) { return step('throw', v); },
    return: function (v) { return step('return', v); }
  };
  it[key] = function () { return this; };
  return it;
}
function __asyncGenerator(self, args, body) {
  // state: 0 suspended at start, 1 suspended at a yield, 2 running,
  // 3 awaiting a return's value, 4 completed.
  var gen = body.apply(self, args), state = 0, queue = [];
  function complete(threw, value, done) {
    var req = queue.shift();
    if (threw) req.no(value); else req.yes({ value: value, done: done });
  }
  function drain() {
    while (queue.length) {
      if (queue[0].kind === 'return') { state = 3; awaitReturn(); return; }
      var req = queue[0];
      if (req.kind === 'throw') complete(true, req.value, true); else complete(false, undefined, true);
    }
  }
  function finish(threw, value) { state = 4; complete(threw, value, true); drain(); }
  function awaitReturn() {
    __looplint_then(queue[0].value, function (v) { finish(false, v); }, function (e) { finish(true, e); });
  }
  function yielded(value) {
    complete(false, value, false);
    if (queue.length) resume(); else state = 1;
  }
  function resume() {
    var req = queue[0];
    state = 2;
    if (req.kind === 'return') {
      __looplint_then(req.value, function (v) { step('return', v); }, function (e) { step('throw', e); });
    } else {
      step(req.kind, req.value);
    }
  }
  function step(kind, value) {
    state = 2;
    var x;
    try { x = gen[kind](value); } catch (e) { finish(true, e); return; }
    var v = x.value;
    if (x.done) {
      // return v awaits v in the body; a return() already awaited its
      // value. Ending without one awaits nothing, except before V8 7.2
      // (Node 10 and 11), where it awaited undefined. Not told apart:
      // return; there and return undefined after, taken as an ending.
      if (kind === 'return' || v === undefined && !__looplint_endAwaits) finish(false, v);
      else __looplint_then(v, function (r) { finish(false, r); }, function (e) { finish(true, e); });
      return;
    }
    if (v instanceof __await) {
      if (v[1] === 'yield') {
        // A value yield* passes on: awaited again before Node 19.2.
        if (__looplint_yieldStarAwaits) __looplint_then(v[0], yielded, function (e) { step('throw', e); });
        else yielded(v[0]);
        return;
      }
      var next = v[1] === 'return' ? 'return' : 'next';
      __looplint_then(v[0], function (r) { step(next, r); }, function (e) { step('throw', e); });
      return;
    }
    __looplint_then(v, yielded, function (e) { step('throw', e); });
  }
  function enqueue(kind, value) {
    return new Promise(function (yes, no) {
      if (kind === 'next' && state === 4) { yes({ value: undefined, done: true }); return; }
      if (kind === 'throw') {
        if (state === 0) state = 4;
        if (state === 4) { no(value); return; }
      }
      queue.push({ kind: kind, value: value, yes: yes, no: no });
      if (kind === 'return' && (state === 0 || state === 4)) { state = 3; awaitReturn(); return; }
      if (state === 0 || state === 1) resume();
    });
  }
  return __looplint_iterator(enqueue, Symbol.asyncIterator);
}
function __yieldStar(value) {
  // The lowered generator delegates to this iterator with yield*; each
  // call to the inner async iterator comes back through the driver as an
  // awaited result (phase 1), then passes a value on or ends the yield*.
  var inner = __forAwait(value), phase = 0;
  function call(kind, v) {
    if (phase === 1) {
      phase = 0;
      if (kind === 'throw') throw v;
      if (typeof v !== 'object' || v === null) throw new TypeError('Iterator result ' + v + ' is not an object');
      if (v.done) return { done: true, value: v.value };
      return { done: false, value: new __await(v.value, 'yield') };
    }
    var m = inner[kind];
    if (m == null) {
      if (kind === 'return') return { done: true, value: v };
      throw new TypeError("The iterator does not provide a 'throw' method");
    }
    phase = 1;
    return { done: false, value: new __await(m.call(inner, v), kind === 'return' ? 'return' : 'next') };
  }
  return __looplint_iterator(call, Symbol.iterator);
}
function __forAwait(obj) {
  var m = obj[Symbol.asyncIterator];
  if (m != null) return m.call(obj);
  var sync = obj[Symbol.iterator](), next = sync.next;
  // From V8 12.9 (Node 23) next and throw close the sync iterator when
  // they throw or yield a rejected value (done false); return() is called
  // and the first error stands.
  function close(e) {
    try { var f = sync.return; if (f != null) f.call(sync); } catch (_) {}
    return e;
  }
  function settle(r, closing) {
    if (typeof r !== 'object' || r === null) return Promise.reject(new TypeError('Iterator result ' + r + ' is not an object'));
    var done = r.done;
    closing = closing && !done;
    return new Promise(function (yes, no) {
      __looplint_then(r.value, function (v) { yes({ value: v, done: done }); }, closing ? function (e) { no(close(e)); } : no);
    });
  }
  function call(f, v, closing) {
    var r;
    closing = closing && __looplint_closeOnReject;
    try { r = f.call(sync, v); } catch (e) { return Promise.reject(closing ? close(e) : e); }
    return settle(r, closing);
  }
  return {
    next: function (v) { return call(next, v, true); },
    return: function (v) {
      var f = sync.return;
      if (f == null) return Promise.resolve({ value: v, done: true });
      return call(f, v, false);
    },
    throw: function (v) {
      var f = sync.throw;
      if (f == null) return Promise.reject(v);
      return call(f, v, true);
    }
  };
}
