// Pattern (missed): an API client answers bad arguments at once and
// everything else from an HTTP client package's callback; the package
// is not in the repository, so its callback's timing is unknown.
const send = require('simple-http-client');
function Client(key) {
  this.key = key;
}
Client.prototype.pushPin = function (user, pin, callback) {
  if (typeof user !== 'string') {
    return callback(new Error('user must be a string')); // hazard (missed: the other path is another package's)
  }
  send({ method: 'PUT', url: '/pins/' + pin.id, headers: { user } }, (err, res, body) => {
    if (err) return callback(err);
    callback(null, body);
  });
};
module.exports = Client;
