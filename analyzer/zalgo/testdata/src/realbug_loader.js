// Pattern: a cache answers a hit at once and a miss through a
// loader function the cache's user configures; whether the loader is
// asynchronous is up to that user.
function LoadingCache(load) {
  this.load = load;
  this.entries = new Map();
}
LoadingCache.prototype.get = function (key, callback) {
  if (this.entries.has(key)) {
    callback(null, this.entries.get(key)); // hazard // want "LoadingCache.get calls its callback callback synchronously here but on another path hands it to this.load \\(line 13\\), a function its caller supplies"
    return;
  }
  this.load(key, (err, value) => {
    if (!err) this.entries.set(key, value);
    callback(err, value);
  });
};
module.exports = LoadingCache;
