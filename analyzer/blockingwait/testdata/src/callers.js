// Facts from the callers: other modules of the project call these
// helpers, some from the event loop (callers/server.js).
const fs = require('fs');

// Called from a request handler in callers/server.js.
exports.render = function (name) {
  return fill(fs.readFileSync('views/' + name, 'utf8')); // want "fs.readFileSync blocks the event loop in render, which callers/server.js calls at line 7 in a request handler \\(line 6\\)"
};

function fill(text) {
  return text.replace('{{year}}', String(new Date().getFullYear()));
}

// Reached from a timer callback through a helper of this file.
exports.rotate = function () {
  archive('app.log');
};
function archive(name) {
  fs.renameSync(name, name + '.1'); // want "fs.renameSync blocks the event loop in archive, reached from rotate, which callers/server.js calls at line 10 in a setTimeout callback \\(line 10\\)"
}

// Near miss: called only by the importer's top level, at start-up.
exports.loadConfig = function () {
  return JSON.parse(fs.readFileSync('config.json', 'utf8'));
};

// Near miss: called by a script's main() after its awaits: the
// program's own sequence, nothing else waits.
exports.saveReport = function (rows) {
  fs.writeFileSync('report.json', JSON.stringify(rows));
};

// Near miss: no other module of the project calls it.
exports.unused = function () {
  return fs.readFileSync('unused.txt');
};

// A class whose instance another module keeps on this (callers/jobs.js).
class Store {
  snapshot() {
    fs.writeFileSync('store.json', '{}'); // want "fs.writeFileSync blocks the event loop in Store.snapshot, which callers/jobs.js calls at line 9 in a setInterval callback \\(line 8\\)"
  }
  compact() {
    fs.truncateSync('store.json');
  }
}
exports.Store = Store;
