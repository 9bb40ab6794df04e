// Pattern: an upload helper module deletes files with unlinkSync; the
// controllers that call it while handling requests are other modules of
// the project (realbug_callers/uploads.js), whose calls tell this module
// that deleteFile runs on the loop.
const fs = require('fs');
const path = require('path');
const root = process.env.UPLOAD_DIR || '/tmp/uploads';
exports.actualPath = (name) => path.join(root, path.basename(name));
exports.deleteFile = function (name) {
  try {
    fs.unlinkSync(exports.actualPath(name)); // hazard // want "fs.unlinkSync blocks the event loop in deleteFile, which realbug_callers/uploads.js calls at line 6 in controller, a request handler by its parameters \\(req, params, res\\)"
  } catch (e) {
    console.log(e.message);
  }
};
