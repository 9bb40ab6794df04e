// Pattern: a memoised thunk swaps its behaviour through a variable:
// before the first result it queues callers, afterwards it answers them
// at once. The one call through the variable is both.
function memo(work) {
  let mode;
  const first = (cb) => {
    const queue = [cb];
    mode = (more) => queue.push(more);
    work((...result) => {
      const now = (c) => c(...result);
      mode = now;
      while (queue.length) now(queue.shift());
    });
  };
  mode = first;
  return (cb) => mode(cb); // hazard // want "the function at line 16 calls its callback cb through mode, which holds either now \\(line 10\\), calling it synchronously, or the function at line 8, calling it later"
}
module.exports = memo;
