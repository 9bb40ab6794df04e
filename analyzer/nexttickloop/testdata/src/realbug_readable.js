// Pattern: a readable stream asks a user-supplied reader for each chunk
// from process.nextTick and asks again from the reader's callback; a
// reader that answers at once makes a nextTick recursion.
const Stream = require('stream');
function readable(reader) {
  const s = new Stream();
  let n = 0;
  let stopped = false;
  s.on('end', () => { stopped = true; });
  function pull(err, chunk) {
    if (err) return s.emit('error', err);
    if (chunk !== undefined) s.emit('data', chunk);
    process.nextTick(() => { // hazard // want "pull re-schedules itself through process.nextTick \\(pull → .*\\) when reader, the caller's function \\(line 15\\), calls back at once"
      if (stopped) return;
      reader(n++, (e, c) => pull(e, c));
    });
  }
  process.nextTick(pull);
  return s;
}
module.exports = readable;
