// Pattern (missed): a document loader answers from its cache at once and
// otherwise through an opener that another module exports.
const { openDoc } = require('./opener');
const seen = {};
function loadDoc(url, cb) {
  if (seen[url]) {
    cb(null, seen[url]); // hazard (missed: openDoc is another module's)
  } else {
    openDoc(url, (err, doc) => {
      if (err) return cb(err);
      seen[url] = doc;
      cb(null, doc);
    });
  }
}
module.exports = loadDoc;
