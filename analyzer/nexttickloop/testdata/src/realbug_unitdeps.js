// Pattern (missed): a bundled control-flow library picks its deferral
// at load time (lib.defer = process.nextTick) and defers each step of
// the caller's series with it; the queueing function is a property set
// at run time.
const lib = {};
lib.defer = typeof process !== 'undefined' && process.nextTick ? process.nextTick : (fn) => setTimeout(fn, 0); // hazard (missed: the deferral is a property chosen at run time)
lib.eachSeries = function (items, step, done) {
  let i = 0;
  (function next(err) {
    if (err || i === items.length) return done(err);
    // Found here, at the use; the fix went to the assignment above.
    step(items[i++], (e) => lib.defer(() => next(e))); // want "re-schedules itself through process.nextTick \\(called as lib.defer\\)"
  })();
};
module.exports = lib;
