const fs = require('fs');
const cache = {};
function readCached(path, cb) {
  if (cache[path]) {
    cb(null, cache[path]); // want "readCached calls its callback cb synchronously"
    return;
  }
  if (!path) return cb(new Error('no path')); // want "readCached calls its callback cb synchronously"
  fs.readFile(path, 'utf8', (err, data) => {
    if (err) return cb(err);
    cache[path] = data;
    cb(null, data);
  });
}
readCached(__filename, () => {});
