// Pattern (missed): a cursor hands out buffered rows from
// process.nextTick; a caller that asks for the next row from each
// answer (the usual read loop) never leaves the nextTick queue while
// rows are buffered.
function Cursor(source) {
  this.source = source;
  this.rows = [];
}
Cursor.prototype.next = function (cb) {
  if (this.rows.length) {
    const row = this.rows.shift();
    process.nextTick(() => cb(null, row)); // hazard (missed: the loop is the caller's)
    return;
  }
  this.source.fetch((err, rows) => {
    if (err) return cb(err);
    this.rows = rows;
    this.next(cb);
  });
};
module.exports = Cursor;
