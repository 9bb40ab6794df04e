const { Store } = require('../callers.js');

class Jobs {
  constructor() {
    this.store = new Store();
  }
  start() {
    setInterval(() => {
      this.store.snapshot();
    }, 1000);
    // Near miss: a function that is not an arrow has a this of its own.
    setInterval(function () {
      this.store.compact();
    }, 1000);
  }
}
module.exports = Jobs;
