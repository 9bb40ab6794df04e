// Pattern (missed): a lock hands itself over at once when free, and
// otherwise queues the waiter until a later release() call; the later
// path is the caller's own call, not a scheduling site.
function makeLock() {
  const waiting = [];
  let held = false;
  function release() {
    held = false;
    const next = waiting.shift();
    if (next) take(next);
  }
  function take(fn) {
    if (held) return waiting.push(fn);
    held = true;
    fn(release); // hazard (missed: the deferred path is a queue drained by release)
  }
  return take;
}
module.exports = makeLock;
