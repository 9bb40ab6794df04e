// A way to queue a callback stored on an object of the file, and
// closures handed to the caller's function through a wrapper.

// The object's property is process.nextTick on Node (the other branch
// is for hosts without it): calls through it are process.nextTick's.
const runtime = {};
if (typeof process === 'object' && process.nextTick) {
  runtime.later = process.nextTick;
} else {
  runtime.later = (fn) => setTimeout(fn, 0);
}
runtime.soon = typeof setImmediate === 'function' ? setImmediate : (fn) => setTimeout(fn, 0);
// On Node the test picks setImmediate's arm: not process.nextTick, though
// the other arm is.
runtime.defer = typeof setImmediate === 'function' ? (fn) => setImmediate(fn) : runtime.later;

const jobs = [];
function pump() {
  if (!jobs.length) return;
  jobs.shift()();
  runtime.later(pump); // want "pump re-schedules itself with process.nextTick \\(called as runtime.later\\)"
}

// Near miss: the other property is setImmediate, which lets I/O in.
function drain() {
  if (!jobs.length) return;
  jobs.shift()();
  runtime.soon(drain);
}

function drain2() {
  if (!jobs.length) return;
  jobs.shift()();
  runtime.defer(drain2);
}

// A wrapper whose result calls what it wraps at once: the closure is
// the caller's visit callback all the same.
function guard(fn) {
  let done = false;
  return function (...args) {
    if (done) throw new Error('called twice');
    done = true;
    fn.apply(this, args);
  };
}
function each(list, visit, end) {
  let i = 0;
  function step() {
    if (i === list.length) return end();
    visit(list[i++], guard(() => process.nextTick(step))); // want "re-schedules itself through process.nextTick .* when visit, the caller's function \\(line 51\\), calls back at once"
  }
  step();
}

// Near miss: a wrapper that defers the call: the chain leaves the
// nextTick queue at each round.
function later(fn) {
  return () => setTimeout(fn, 0);
}
function eachLater(list, visit, end) {
  let i = 0;
  function step() {
    if (i === list.length) return end();
    visit(list[i++], later(() => process.nextTick(step)));
  }
  step();
}

module.exports = { pump, drain, drain2, each, eachLater };
