// Pattern: after a session closes, a deferred post-processing step
// awaits its copy and then reads the whole dump with readFileSync before
// uploading it, stalling every live connection meanwhile.
const fs = require('fs');
class Collector {
  constructor(store) {
    this.store = store;
  }
  closed(id, file) {
    process.nextTick(() => this.finish(id, file));
  }
  async finish(id, file) {
    await this.store.copy(file);
    const dump = fs.readFileSync(file); // hazard // want "fs.readFileSync blocks the event loop"
    await this.store.upload(id, dump);
  }
}
module.exports = Collector;
