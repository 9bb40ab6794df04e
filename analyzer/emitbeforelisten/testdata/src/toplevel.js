// A CommonJS top level: reported once (it is also the wrapper's body).
const EventEmitter = require('events');
const e = new EventEmitter();
e.emit('x'); // want "e.emit\\('x'\\) right after e is created"
e.on('x', () => console.log('x'));
