// A queued command: keeps the caller's callback and calls it when ended.
function Command(sql, callback) {
  this.sql = sql;
  this.callback = callback;
}
Command.prototype.end = function (err, rows) {
  const cb = this.callback;
  this.callback = null;
  if (cb) cb(err, rows);
};
module.exports = Command;
