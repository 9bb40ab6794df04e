// Pattern (missed): an emitter's notification callback is called at once
// when an event has no handlers, and otherwise after a parallel helper
// from a package has run every handler.
const parallel = require('parallel-items');
function deliver(handlers, item, callback) {
  if (!handlers.length) {
    callback(); // hazard (missed: the other path is inside another package's parallel())
    return;
  }
  parallel(handlers, (h, next) => { h(item); next(); }, () => callback());
}
module.exports = deliver;
