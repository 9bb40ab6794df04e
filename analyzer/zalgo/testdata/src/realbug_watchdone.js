// Pattern: the same watcher's completion callback is called at once when
// nothing matched, and after the directory scans otherwise.
const fs = require('fs');
function Watcher() { this.watched = {}; }
Watcher.prototype.start = function (done) {
  const self = this;
  const dirs = Object.keys(self.watched);
  if (dirs.length === 0) {
    if (done) done.call(self, null, self); // hazard // want "Watcher.start calls its callback done synchronously here but asynchronously on other paths \\(in a fs.readdir callback"
    return;
  }
  fs.readdir(dirs[0], (err) => { if (done) done.call(self, err, self); });
};
module.exports = Watcher;
