// Shapes from the node_modules tree of make bench-check (bench/check).

// Promise.resolve(x) of a value that may be a promise is not settled: it
// is x itself, or follows it. tslib's __asyncGenerator drives a generator
// one await at a time, and ends with it.
function asyncGenerator(g) {
  function resume(n, v) { step(g[n](v)); }
  function step(r) { if (!r.done) Promise.resolve(r.value).then(fulfill, reject); }
  function fulfill(value) { resume('next', value); }
  function reject(value) { resume('throw', value); }
  resume('next');
}
asyncGenerator((function* () { yield 1; })());

// mongoose's parallelLimit: a worker takes the next task when the last
// one (maybe asynchronous) is done, and stops when none is left.
function parallel(params, fn) {
  let next = 0;
  function worker() {
    if (next >= params.length) return undefined;
    const i = next++;
    return Promise.resolve(fn(params[i])).then(() => worker());
  }
  return worker();
}
parallel([1, 2], async (x) => x);

// Of a value that is not a thenable, it is settled.
function spin(n) {
  Promise.resolve(n + 1).then(spin); // want "spin re-schedules itself through a promise reaction on a settled promise"
}
spin(0);
