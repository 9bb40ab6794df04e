// Pattern (missed): the constructor listens to a store object from
// another module and re-emits its 'ready'; the store emits it during its
// own construction when it loads from a local backup, so the outer
// 'ready' also fires before anyone can listen.
import { EventEmitter } from 'events';
import { Store } from './store';
export class Toggles extends EventEmitter {
  store: Store;
  constructor(url: string) {
    super();
    this.store = new Store(url);
    this.store.on('ready', () => {
      this.emit('ready'); // hazard (missed: Store's synchronous emit is in another module)
    });
  }
}
