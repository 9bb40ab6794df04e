// Pattern (missed): a cache answers every lookup from process.nextTick;
// a caller that looks up the next name from inside each answer (nested
// lookups) recurses through the nextTick queue. The loop is the caller's.
function Cache() {
  const entries = {};
  this.get = function (key, cb) {
    process.nextTick(() => cb(null, entries[key])); // hazard (missed: the recursion is the caller's nested lookups)
  };
  this.set = function (key, value) {
    entries[key] = value;
  };
}
module.exports = Cache;
