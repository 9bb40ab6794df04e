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

// A branch the constructor's own state rules out: ws's WebSocket sets
// this._redirects = 0 and then starts the handshake, whose 'redirect'
// emit and error emit run only on a later, redirected attempt.
class Socket extends EventEmitter {
  constructor(url) {
    super();
    this._redirects = 0;
    this._closed = false;
    initClient(this, url);
  }
}
function initClient(socket, url) {
  if (!url) {
    if (socket._redirects === 0) {
      throw new Error('no url');
    } else {
      socket.emit('error', new Error('no url'));
      return;
    }
  }
  if (socket._redirects) {
    socket.emit('redirect', url);
  }
  if (!socket._closed) {
    socket.emit('opening'); // want "socket.emit\\('opening'\\) in initClient, called from the constructor of Socket"
  }
}
new Socket('x');

// Near miss: a method the constructor calls changes the property before
// the test (kafka-node's BaseProducer: this.ready = client.ready).
class Producer extends EventEmitter {
  constructor(client) {
    super();
    this.ready = false;
    this.client = client;
    this.connect();
  }

  connect() {
    this.ready = this.client.ready;
    if (this.ready) this.emit('ready'); // want "this.emit\\('ready'\\) in Producer.connect, called from the constructor of Producer"
    this.client.on('ready', () => {
      this.ready = true;
    });
  }
}
new Producer({});

// A change in a listener runs later: the branch is still not taken at
// construction.
class Retrying extends EventEmitter {
  constructor() {
    super();
    this._attempts = 0;
    this.start();
  }

  start() {
    if (this._attempts > 0) this.emit('retry');
    this.req = { on() {} };
    this.req.on('response', () => {
      this._attempts++;
      this.start();
    });
  }
}
new Retrying();
