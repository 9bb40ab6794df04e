const http = require('http');
const helpers = require('../callers.js');

const config = helpers.loadConfig();

http.createServer((req, res) => {
  res.end(helpers.render('index.html'));
}).listen(config.port);

setTimeout(() => helpers.rotate(), 60000);
