// Pattern (missed): a method reports completion with an event, at once on
// one path (nothing to do) and from a timer on the other; callers attach
// the listener after calling it. Not a constructor, so not covered.
const EventEmitter = require('events');
class Motor extends EventEmitter {
  move(to) {
    if (to === this.at) {
      this.emit('moved'); // hazard (missed: a method's synchronous emit is not checked)
      return this;
    }
    setTimeout(() => { this.at = to; this.emit('moved'); }, 10);
    return this;
  }
}
module.exports = Motor;
