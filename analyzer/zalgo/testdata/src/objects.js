// Objects made of methods (a literal kept in a variable), queues drained
// by a loop over their entries, and a drain run at once on one path.

const Fonts = {
  ready: false,
  waiting: [],
  whenReady(cb) {
    this.waiting.push(cb);
    if (this.ready) this.release(); // want "Fonts.whenReady calls its callback cb synchronously here \\(through Fonts.release\\) but asynchronously on other paths \\(parked by this.waiting.push until a later call takes it, line 8\\)"
  },
  release() {
    for (let i = 0; i < this.waiting.length; i++) this.waiting[i]();
    this.waiting.length = 0;
  },
  loaded() {
    this.ready = true;
    this.release();
  },
};

// A job queue that runs at once when idle and later when busy.
function Jobs() {
  this.q = [];
  this.busy = false;
}
Jobs.prototype.add = function (job) {
  this.q.push(job);
  if (!this.busy) this.next(); // want "Jobs.add calls its callback job synchronously here \\(through Jobs.next\\)"
};
Jobs.prototype.next = function () {
  const job = this.q.shift();
  if (!job) {
    this.busy = false;
    return;
  }
  this.busy = true;
  job(() => this.next());
};

// Near miss: drained unconditionally before returning: always at once.
const Now = {
  q: [],
  run(cb) {
    this.q.push(cb);
    this.flush();
  },
  flush() {
    for (let i = 0; i < this.q.length; i++) this.q[i]();
    this.q.length = 0;
  },
};

// Near miss: a stack whose top is called, not a queue drained.
const visitors = [];
function top(node) {
  visitors[visitors.length - 1](node);
}
function visit(node, fn) {
  visitors.push(fn);
  if (node.kids) node.kids.forEach(top);
  else fn(node);
  visitors.pop();
}

module.exports = { Fonts, Jobs, Now, visit };
