// Pattern (missed): a protocol refuses a command queued after quit and
// ends the command object with the error at once; the command object (a
// class of another module) then calls the caller's callback, which is
// otherwise called when the server answers.
const Command = require('./realbug_deps/command');
function Protocol() {
  this.quitting = false;
  this.queue = [];
}
Protocol.prototype.enqueue = function (sql, callback) {
  const cmd = new Command(sql, callback);
  if (this.quitting) {
    cmd.end(new Error('Cannot enqueue after quit')); // hazard (missed: the callback is called by another module's object, stored when it was made)
    return cmd;
  }
  this.queue.push(cmd);
  return cmd;
};
module.exports = Protocol;
