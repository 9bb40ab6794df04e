// Pattern: an emitter's notification callback is called at once when an
// event has no handlers, and otherwise after a parallel helper from a
// package (read from node_modules for its facts) has run every handler.
const parallel = require('parallel-items');
function deliver(handlers, item, callback) {
  if (!handlers.length) {
    callback(); // hazard // want "deliver calls its callback callback synchronously here but asynchronously on other paths"
    return;
  }
  parallel(handlers, (h, next) => { h(item); next(); }, () => callback());
}
module.exports = deliver;
