// Pattern (missed): an upload helper module deletes files with
// unlinkSync; the controllers that call it while handling requests are
// other modules.
const fs = require('fs');
const path = require('path');
const root = process.env.UPLOAD_DIR || '/tmp/uploads';
exports.actualPath = (name) => path.join(root, path.basename(name));
exports.deleteFile = function (name) {
  try {
    fs.unlinkSync(exports.actualPath(name)); // hazard (missed: the callers on the request path are other modules')
  } catch (e) {
    console.log(e.message);
  }
};
