// Pattern: one answer comes from a cache at once, the other from a
// function another module exports (picked per platform); that module's
// facts say it calls back from a child process's callback.
const os = require('os');
let probe;
switch (os.platform()) {
  case 'win32':
    probe = require('./realbug_deps/probe_win');
    break;
  default:
    probe = require('./realbug_deps/probe');
}
function firstAddress(name, cached, cb) {
  if (cached[name]) {
    cb(null, cached[name]); // hazard // want `firstAddress calls its callback cb synchronously here but asynchronously on other paths \(through probe \(probe(_win)?.js line \d+\), line 18\)`
    return cached[name];
  }
  probe(name, cb);
  return null;
}
module.exports = firstAddress;
