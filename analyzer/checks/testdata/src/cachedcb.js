// A config loader that answers from memory at once, from disk later.
const fs = require('fs');
let config;
function getConfig(file, cb) {
  if (config) return cb(null, config); // want "getConfig calls its callback cb synchronously here but asynchronously on other paths"
  fs.readFile(file, 'utf8', (err, text) => {
    if (!err) config = JSON.parse(text);
    cb(err, config);
  });
}
getConfig('app.json', () => console.log('config ready'));
console.log('after getConfig');
