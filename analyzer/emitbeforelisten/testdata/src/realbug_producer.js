// Pattern: an old-style emitter whose constructor calls a connect method
// that announces 'ready' at once when the underlying client already is.
const EventEmitter = require('events');
const util = require('util');
function Producer(client) {
  EventEmitter.call(this);
  this.client = client;
  this.connect();
}
util.inherits(Producer, EventEmitter);
Producer.prototype.connect = function () {
  const self = this;
  this.ready = this.client.ready;
  if (this.ready) self.emit('ready'); // hazard // want "self.emit\\('ready'\\) in Producer.connect, called from the constructor of Producer"
  this.client.on('ready', () => { self.ready = true; self.emit('ready'); });
};
module.exports = Producer;
