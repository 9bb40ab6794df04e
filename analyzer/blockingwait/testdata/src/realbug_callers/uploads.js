// The controllers of realbug_deletefile.js: a router hands each request's
// parsed parameters between the request and the response.
const files = require('../realbug_deletefile.js');
exports.controller = function (req, params, res) {
  if (params.action === 'delete') {
    files.deleteFile(params.id);
    return res.end();
  }
  res.end('ok');
};
