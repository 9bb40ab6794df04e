// Pattern: a lock hands itself over at once when free, and otherwise
// queues the waiter until a later release() call: an array that outlives
// the call parks it, so it runs after the caller's code on that path.
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
    fn(release); // hazard // want "take calls its callback fn synchronously here but asynchronously on other paths \\(parked by waiting.push until a later call takes it, line 13\\)"
  }
  return take;
}
module.exports = makeLock;
