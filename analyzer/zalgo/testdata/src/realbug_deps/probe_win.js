// The same question on another platform, through a helper in this file.
const cp = require('child_process');
function run(cmd, then) {
  cp.exec(cmd, then);
}
function probe(name, done) {
  run('getmac /v', (err, out) => done(err, out && String(out).split(name)[1]));
}
module.exports = probe;
