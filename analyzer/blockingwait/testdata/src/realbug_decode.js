// Pattern: an HTTP client collects a compressed response and inflates it
// with the *Sync zlib functions from the response's 'end' listener.
const https = require('https');
const zlib = require('zlib');
function fetchJSON(url, cb) {
  https.get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
    const parts = [];
    res.on('data', (c) => parts.push(c));
    res.on('end', () => unpack(res.headers['content-encoding'], Buffer.concat(parts), cb));
  });
}
function unpack(encoding, body, cb) {
  let text;
  try {
    text = encoding === 'gzip' ? zlib.gunzipSync(body).toString() : body.toString(); // hazard // want "zlib.gunzipSync blocks the event loop in unpack, reached from a 'end' listener \\(line 9\\)"
  } catch (err) {
    return cb(err);
  }
  cb(null, JSON.parse(text));
}
module.exports = fetchJSON;
