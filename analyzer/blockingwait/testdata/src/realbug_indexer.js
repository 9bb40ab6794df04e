// Pattern: an upload endpoint reads the uploaded file with readFileSync
// inside the request handler; every other request waits for the disk.
const fs = require('fs');
const express = require('express');
const app = express();
app.post('/import', (req, res) => {
  const fields = (req.body.fields || '').split(',');
  const text = fs.readFileSync(req.files.doc.path, 'utf8'); // hazard // want "fs.readFileSync blocks the event loop in a request handler \\(line 6\\)"
  store(text, fields, (msg) => res.send(msg));
});
function store(text, fields, done) {
  setImmediate(() => done('stored ' + text.length + ' bytes, ' + fields.length + ' fields'));
}
app.listen(3000);
