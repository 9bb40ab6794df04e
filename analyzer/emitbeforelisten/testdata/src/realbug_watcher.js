// Pattern: a watcher's constructor adds its patterns, which reaches an
// initialisation method that, when nothing matches, announces 'ready' at
// once (through var self = this) instead of after the directory scans.
const EventEmitter = require('events');
const util = require('util');
function Watcher(patterns, done) {
  EventEmitter.call(this);
  this.watched = {};
  this.add(patterns, done);
}
util.inherits(Watcher, EventEmitter);
Watcher.prototype.add = function (patterns, done) {
  for (const p of patterns) this.watched[p] = [];
  this.start(done);
};
Watcher.prototype.start = function (done) {
  const self = this;
  if (Object.keys(self.watched).length === 0) {
    self.emit('ready', self); // hazard // want "self.emit\\('ready'\\) in Watcher.start, called from the constructor of Watcher"
    return;
  }
  setTimeout(() => self.emit('ready', self), 0);
};
module.exports = Watcher;
