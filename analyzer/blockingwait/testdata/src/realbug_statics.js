// Pattern: a static-file handler module (the server that calls it is
// elsewhere) checks the disk with existsSync on every request.
const path = require('path');
const fs = require('fs-extra');
module.exports = function* serveStatic(req, res, root) {
  const file = path.join(root, decodeURIComponent(req.url));
  if (!fs.existsSync(file)) { // hazard // want "fs-extra.existsSync blocks the event loop in serveStatic, a request handler by its parameters \\(req, res\\)"
    res.statusCode = 404;
    return res.end('missing');
  }
  const body = yield fs.readFile(file);
  res.end(body);
};
