// An emitter subclass announcing itself before anyone could subscribe.
const { EventEmitter } = require('events');
class Sensor extends EventEmitter {
  constructor(id) {
    super();
    this.id = id;
    this.emit('online', id); // want "this.emit\\('online'\\) in the constructor of Sensor"
  }
}
const s = new Sensor(7);
s.on('online', (id) => console.log('sensor', id, 'online'));
