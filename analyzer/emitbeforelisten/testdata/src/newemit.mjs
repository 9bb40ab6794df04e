import { EventEmitter } from 'node:events';

const bus = new EventEmitter();
bus.emit('boot', 1); // want "bus.emit\\('boot'\\) right after bus is created runs before any listener is attached"
bus.on('boot', (n) => console.log('boot', n));

const ok = new EventEmitter();
ok.on('go', () => console.log('go'));
ok.emit('go');

class Local extends EventEmitter {}
function handler() {
  const l = new Local();
  l.emit('first'); // want "l.emit\\('first'\\)"
  return l;
}
handler();

const notEmitter = new Map();
notEmitter.emit?.('x');
