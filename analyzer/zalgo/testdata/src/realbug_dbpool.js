// Pattern: a database pool answers "already connected" and "already
// connecting" at once, and otherwise after the driver's connection
// promise settles.
const EventEmitter = require('events');
class Pool extends EventEmitter {
  constructor(driver) {
    super();
    this.driver = driver;
    this.connected = false;
    this.connecting = false;
  }
  open(callback) {
    if (this.connected) {
      return callback(new Error('already connected')); // hazard // want "Pool.open calls its callback callback synchronously here but asynchronously on other paths \\(in a .then\\(\\) callback"
    }
    if (this.connecting) {
      return callback(new Error('already connecting')); // hazard // want "Pool.open calls its callback callback synchronously here but asynchronously"
    }
    this.connecting = true;
    this.driver.connect().then(() => {
      this.connecting = false;
      this.connected = true;
      callback(null);
    }, (err) => {
      this.connecting = false;
      callback(err);
    });
  }
}
module.exports = Pool;
