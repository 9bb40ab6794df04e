// Pattern: an iterator's next() waits for a one-time asynchronous
// initialisation on the first call and answers at once on later calls.
function Cursor(store) { this.store = store; this.started = false; this.ready = false; this.pos = 0; }
Cursor.prototype._start = function (cb) {
  setImmediate(() => cb());
};
Cursor.prototype.next = function (cb) {
  const self = this;
  function answer() {
    if (self.pos >= self.keys.length) return cb();
    cb(null, self.keys[self.pos++]);
  }
  if (!self.started) {
    self.started = true;
    self._start(() => { self.keys = Object.keys(self.store); self.ready = true; answer(); });
  } else {
    answer(); // hazard // want "Cursor.next calls its callback cb synchronously here \\(through answer\\) but asynchronously on other paths \\(through Cursor._start"
  }
};
module.exports = Cursor;
