// Pattern: an exported reader that picks one of two strategies, each of
// which answers at once when the source has nothing to give and later
// from an event otherwise. (A real fix wrapped the callback at the entry.)
module.exports = function readFirst(src, cb) {
  return src.pull ? byPull(src, cb) : byEvents(src, cb); // hazard // want "readFirst calls its callback cb synchronously here \\(through byPull\\)" "readFirst calls its callback cb synchronously here \\(through byEvents\\)"
};
function byEvents(src, cb) {
  if (!src.open) return cb(); // hazard (the same hazard inside the helper) // want "byEvents calls its callback cb synchronously"
  src.on('data', (d) => cb(null, d));
}
function byPull(src, cb) {
  const chunk = src.pull();
  if (chunk) return cb(null, chunk); // hazard (the same hazard inside the helper) // want "byPull calls its callback cb synchronously"
  src.once('ready', () => cb(null, src.pull()));
}
