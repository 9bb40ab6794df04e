// A constructor hands a closure that emits to another module's function;
// that module's facts say whether it may call the closure at once.
const EventEmitter = require('events');
const flow = require('flow-lib');
const missing = require('not-installed-flow');

class Loader extends EventEmitter {
  constructor(steps) {
    super();
    flow.series(steps, (err) => {
      if (err) this.emit('error', err); // want "this.emit\\('error'\\) in the callback the constructor of Loader hands to flow.series \\(line 10\\), which may call it at once \\(index.js line 3\\)"
      else this.emit('loaded');         // want "this.emit\\('loaded'\\) in the callback the constructor of Loader hands to flow.series"
    });
  }
}

// Near miss: the module's facts say the closure always runs later.
class LateLoader extends EventEmitter {
  constructor(steps) {
    super();
    flow.later(steps, () => this.emit('loaded'));
  }
}

// Near miss: a package that is not installed says nothing.
class Unknown extends EventEmitter {
  constructor(steps) {
    super();
    missing.series(steps, () => this.emit('loaded'));
  }
}

module.exports = { Loader, LateLoader, Unknown };
