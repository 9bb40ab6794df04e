// Pattern: a document loader answers from its cache at once and
// otherwise through an opener that another module exports; the opener's
// facts say it calls back from a file read.
const { openDoc } = require('./realbug_deps/opener');
const seen = {};
function loadDoc(url, cb) {
  if (seen[url]) {
    cb(null, seen[url]); // hazard // want "loadDoc calls its callback cb synchronously here but asynchronously on other paths"
  } else {
    openDoc(url, (err, doc) => {
      if (err) return cb(err);
      seen[url] = doc;
      cb(null, doc);
    });
  }
}
module.exports = loadDoc;
