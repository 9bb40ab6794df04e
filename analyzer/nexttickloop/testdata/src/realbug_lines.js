// Pattern: a line reader that emits the next buffered line and schedules
// itself again with process.nextTick while lines remain, so the stream's
// data events wait until the whole buffer is drained.
const EventEmitter = require('events');
const util = require('util');
function LineReader(stream) {
  EventEmitter.call(this);
  this.lines = [];
  this.paused = false;
  stream.on('data', (d) => { this.lines.push(...String(d).split('\n')); });
}
util.inherits(LineReader, EventEmitter);
LineReader.prototype.next = function () {
  const self = this;
  if (self.paused || self.lines.length === 0) return;
  self.emit('line', self.lines.shift());
  process.nextTick(function () { // hazard // want "LineReader.next re-schedules itself through process.nextTick"
    self.next();
  });
};
module.exports = LineReader;
