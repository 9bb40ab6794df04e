// Pattern: closing a device answers at once when it is already closed,
// and otherwise after the device's endpoint stops and a retry timer (a
// close that fails is tried again later).
function Link(device) {
  this.device = device;
  this.closed = false;
}
Link.prototype.close = function (done) {
  if (this.closed) {
    return done && done(); // hazard // want "Link.close calls its callback done synchronously here but asynchronously on other paths"
  }
  this.closed = true;
  const tryClose = () => {
    try {
      this.device.shut();
    } catch (e) {
      setTimeout(tryClose, 50);
      return;
    }
    if (done) done();
  };
  this.device.stop(tryClose);
};
module.exports = Link;
