// Pattern: a protocol refuses a command queued after quit and ends the
// command object with the error at once; the command object (a class of
// another module) then calls the caller's callback, which is otherwise
// called when the server's answer ends the queued command.
const Command = require('./realbug_deps/command');
function Protocol() {
  this.quitting = false;
  this.queue = [];
}
Protocol.prototype.enqueue = function (sql, callback) {
  const cmd = new Command(sql, callback);
  if (this.quitting) {
    cmd.end(new Error('Cannot enqueue after quit')); // hazard // want "Protocol.enqueue calls its callback callback synchronously here but asynchronously on other paths \\(parked by this.queue.push until a later call takes it, line 16\\)"
    return cmd;
  }
  this.queue.push(cmd);
  return cmd;
};
// The server's answer ends the oldest command.
Protocol.prototype.onResult = function (err, rows) {
  const cmd = this.queue.shift();
  if (cmd) cmd.end(err, rows);
};
module.exports = Protocol;
