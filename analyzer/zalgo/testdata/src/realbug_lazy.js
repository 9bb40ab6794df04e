// Pattern (missed): a memoised thunk swaps its behaviour through a
// variable: before the first result it queues callers, afterwards it
// answers them at once.
function memo(work) {
  let mode;
  const first = (cb) => {
    const queue = [cb];
    mode = (more) => queue.push(more);
    work((...result) => {
      const now = (c) => c(...result); // hazard (missed: which function runs depends on a reassigned variable)
      mode = now;
      while (queue.length) now(queue.shift());
    });
  };
  mode = first;
  return (cb) => mode(cb);
}
module.exports = memo;
