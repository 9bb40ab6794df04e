// Pattern: the constructor hands a closure that emits 'ready' to
// a flow-control function from a package, which may call it before the
// constructor returns when every step finishes synchronously.
const EventEmitter = require('events');
const flow = require('flow-lib');
class Bundle extends EventEmitter {
  constructor(steps) {
    super();
    flow.series(steps, () => {
      this.ready = true;
      this.emit('ready'); // hazard // want "this.emit\\('ready'\\) in the callback the constructor of Bundle hands to flow.series \\(line 9\\), which may call it at once"
    });
  }
}
module.exports = Bundle;
