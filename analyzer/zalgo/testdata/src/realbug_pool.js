// Pattern: a resource pool gives an item at once when it has one and
// otherwise parks the request until an item is put back.
function makePool(make, size) {
  const items = Array.from({ length: size }, make);
  const parked = [];
  function pool(x) {
    if (typeof x !== 'function') {
      const p = parked.shift();
      if (p) p(x); else items.push(x);
      return;
    }
    const item = items.pop();
    if (item) x(item); // hazard // want "pool calls its callback x synchronously here but asynchronously on other paths \\(parked by"
    else parked.push(x);
  }
  return pool;
}
module.exports = makePool;
