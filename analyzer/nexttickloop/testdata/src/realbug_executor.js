// Pattern (missed): a task executor starts every task from
// process.nextTick and reports to the caller's done callback; callers
// that execute the next task from done keep the loop in the nextTick
// queue. The loop is the caller's.
function Executor(onError) {
  const self = {};
  function work(task, done) {
    process.nextTick(() => { // hazard (missed: the recursion goes through the caller's done callback)
      try {
        task.fn((err, out) => done(err, out));
      } catch (e) {
        onError(e);
      }
    });
  }
  self.execute = function (task) {
    work(task, task.cb);
  };
  return self;
}
module.exports = Executor;
