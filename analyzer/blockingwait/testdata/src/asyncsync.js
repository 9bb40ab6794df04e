// An async function that never awaits does all its work before its
// caller gets the promise: a *Sync call there blocks whoever awaits it.
const fs = require('fs');
const { execFileSync } = require('child_process');

class Probe {
  async run(host) {
    const out = execFileSync('ping', ['-c', '1', host]); // want "child_process.execFileSync blocks the event loop in Probe.run, an async function that never awaits"
    return String(out);
  }
}

exports.readConfig = async function (path) {
  return JSON.parse(fs.readFileSync(path, 'utf8')); // want "fs.readFileSync blocks the event loop in readConfig, an async function that never awaits"
};

// Near miss: it awaits; the call before the first await runs when the
// caller calls it (start-up when called at start-up), as before.
async function prepare(dir) {
  fs.mkdirSync(dir, { recursive: true });
  await fs.promises.writeFile(dir + '/x', '');
}

// Near miss: the file's own top level runs it as the program starts.
async function main() {
  const pkg = fs.readFileSync('package.json', 'utf8');
  console.log(pkg.length);
}
main();

// A promise executor runs at once, as part of the async function that
// makes the promise.
async function readKey(path) {
  return new Promise((resolve) => {
    resolve(fs.readFileSync(path)); // want "fs.readFileSync blocks the event loop in readKey, an async function that never awaits"
  });
}

module.exports.Probe = Probe;
module.exports.prepare = prepare;
module.exports.readKey = readKey;
