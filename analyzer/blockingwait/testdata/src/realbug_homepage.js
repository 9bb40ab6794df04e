// Pattern: a home page handler reads its template from disk with
// readFileSync on every request before querying the database.
const fs = require('fs');
const path = require('path');
function pages(app, db, render) {
  const home = function (req, res) {
    const tpl = fs.readFileSync(path.join(__dirname, 'home.tpl'), 'utf8'); // hazard // want "fs.readFileSync blocks the event loop in home, a request handler by its parameters \\(req, res\\)"
    db.list((err, names) => res.send(render(tpl, { names: err ? [] : names })));
  };
  app.get('/', home);
}
module.exports = pages;
