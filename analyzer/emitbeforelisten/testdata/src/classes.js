const EventEmitter = require('events');
const { EventEmitter: EE } = require('node:events');
const events = require('events');
const util = require('util');

class Ready extends EventEmitter {
  constructor() {
    super();
    this.emit('ready'); // want "this.emit\\('ready'\\) in the constructor of Ready runs before the caller can attach a listener"
  }
}

class Child extends Ready {
  constructor() {
    super();
    if (Math.random() > 2) this.emit('child'); // want "constructor of Child"
  }
}

class Via extends EE {
  constructor() {
    super();
    this.start();
  }
  start() {
    this.emit('start'); // want "in Via.start, called from the constructor of Via \\(line 23\\)"
  }
}

class Qualified extends events.EventEmitter {
  constructor() {
    super();
    this.emit('x'); // want "constructor of Qualified"
  }
}

function Legacy() {
  EventEmitter.call(this);
  this.emit('legacy'); // want "constructor of Legacy"
}
util.inherits(Legacy, EventEmitter);

// Deferred, or not an emitter, or listening to itself first: fine.
class Deferred extends EventEmitter {
  constructor() {
    super();
    process.nextTick(() => this.emit('ready'));
    setImmediate(() => this.emit('later'));
  }
}
class Plain {
  constructor(bus) {
    this.bus = bus;
    this.emit('x');
  }
  emit() {}
}
class SelfListening extends EventEmitter {
  constructor() {
    super();
    this.on('ready', () => {});
    this.emit('ready');
  }
}
module.exports = { Ready, Child, Via, Qualified, Legacy, Deferred, Plain, SelfListening };
