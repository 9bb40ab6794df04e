const fs = require('fs'); // want `^exports Store\(-\)\{load\(async\)\}; default\(-,async\); open\(async,async,async\); ready\(both\)$`
function open(path, options, done) {
  if (typeof options === 'function') done = options; // done = options: the shifted argument counts too (path counts as handed to fs.readFile)
  fs.readFile(path, (err, d) => done(err, d));
}
class Store {
  constructor(dir) {
    this.dir = dir;
  }
  load(cb) {
    fs.readdir(this.dir, cb);
  }
}
module.exports = function (name, cb) {
  setImmediate(cb);
};
module.exports.ready = function (cb) {
  if (Math.random() > 0.5) return cb();
  setTimeout(cb, 1);
};
exports.open = open;
exports.Store = Store;
