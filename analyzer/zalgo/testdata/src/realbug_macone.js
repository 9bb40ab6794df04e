// Pattern (missed): one answer comes from a cache at once, the other from
// a function another module exports; the file alone does not show that it
// is asynchronous (needs facts across modules).
const probe = require('./probe');
function firstAddress(name, cached, cb) {
  if (cached[name]) {
    cb(null, cached[name]); // hazard (missed: the asynchronous path is in ./probe)
    return cached[name];
  }
  probe(name, cb);
  return null;
}
module.exports = firstAddress;
