// Pattern: a series helper re-runs its step through a deferral
// function stored on the library object (lib.defer = process.nextTick),
// from inside the user's iterator callback when it answered at once.
const lib = {};
lib.defer = typeof setImmediate === 'function' && false ? setImmediate : process.nextTick;
lib.eachSeries = function (items, iterator, done) {
  let i = 0;
  function step() {
    if (i >= items.length) return done(null);
    let sync = true;
    iterator(items[i++], function () {
      if (sync) lib.defer(step); // hazard // want "re-schedules itself through process.nextTick \\(called as lib.defer\\) .* when iterator, the caller's function \\(line 11\\), calls back at once"
      else step();
    });
    sync = false;
  }
  step();
};
module.exports = lib;
