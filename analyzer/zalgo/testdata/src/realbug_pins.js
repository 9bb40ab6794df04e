// Pattern: an API client answers bad arguments at once and everything
// else from an HTTP client package's callback; the package is not in the
// repository, so Node's convention for its error-first callback says it
// runs later.
const send = require('simple-http-client');
function Client(key) {
  this.key = key;
}
Client.prototype.pushPin = function (user, pin, callback) {
  if (typeof user !== 'string') {
    return callback(new Error('user must be a string')); // hazard // want "Client.pushPin calls its callback callback synchronously here but asynchronously on other paths \\(in the error-first callback handed to send, a function of a package that is not installed, which Node's convention calls later, line 13\\)"
  }
  send({ method: 'PUT', url: '/pins/' + pin.id, headers: { user } }, (err, res, body) => {
    if (err) return callback(err);
    callback(null, body);
  });
};
module.exports = Client;
