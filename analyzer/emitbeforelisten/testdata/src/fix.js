const EventEmitter = require('events');
class Conn extends EventEmitter {
  constructor() {
    super();
    this.emit('open', this); // want "constructor of Conn"
  }
}
module.exports = Conn;
