// Pattern: a copier that, when too many files are open, retries itself
// through process.nextTick until a slot frees; the slot is freed by I/O
// callbacks that the nextTick chain keeps from running.
const fs = require('fs');
let running = 0;
const limit = 16;
function copyOne(src, done) {
  if (running >= limit) {
    return process.nextTick(() => { // hazard // want "copyOne re-schedules itself through process.nextTick"
      copyOne(src, done);
    });
  }
  running++;
  fs.stat(src, (err, st) => { running--; done(err, st); });
}
module.exports = copyOne;
