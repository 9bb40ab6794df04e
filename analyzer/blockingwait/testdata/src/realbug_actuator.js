// Pattern: a status endpoint's handler builds its answer through a helper
// that reads package.json with readFileSync on every request.
const fs = require('fs');
class Status {
  route(req, res) {
    res.status(200).json({ build: describeBuild() });
  }
}
function describeBuild() {
  let pkg;
  try {
    pkg = JSON.parse(fs.readFileSync('./package.json', 'utf8')); // hazard // want "fs.readFileSync blocks the event loop in describeBuild, reached from Status.route, a request handler by its parameters \\(req, res\\)"
  } catch (err) {
    return undefined;
  }
  return { name: pkg.name, version: pkg.version };
}
module.exports = Status;
