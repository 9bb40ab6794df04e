// Pattern: a lookup that answers from what it already knows at once, and
// otherwise gathers the rest through a small local fan-out helper whose
// tasks start from a timer fallback. (Fixed by deferring the early answer.)
function fanOut(jobs, done) {
  const out = {};
  let left = 0;
  for (const k of Object.keys(jobs)) {
    left++;
    (global.setImmediate || global.setTimeout)(() => {
      jobs[k]((err, v) => { out[k] = v; if (--left === 0) done(null, out); });
    });
  }
}
function listAddresses(known, probe, cb) {
  const missing = {};
  for (const name of Object.keys(known)) if (!known[name]) missing[name] = probe.bind(null, name);
  if (Object.keys(missing).length === 0) {
    cb(null, known); // hazard // want "listAddresses calls its callback cb synchronously here but asynchronously on other paths \\(through fanOut"
    return known;
  }
  fanOut(missing, (err, found) => cb(null, Object.assign(known, found)));
  return null;
}
module.exports = listAddresses;
