// Pattern (missed): the constructor hands a closure that emits 'ready' to
// a flow-control function from a package, which may call it before the
// constructor returns when every step finishes synchronously.
const EventEmitter = require('events');
const flow = require('flow-lib');
class Bundle extends EventEmitter {
  constructor(steps) {
    super();
    flow.series(steps, () => {
      this.ready = true;
      this.emit('ready'); // hazard (missed: flow.series is another module's; it may call back at once)
    });
  }
}
module.exports = Bundle;
