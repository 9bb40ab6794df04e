// A callback kept by an object the function makes (new Request(url, cb)
// stores cb): a method of the object that calls what it stored calls
// the callback, and a queue that parks the object parks the callback.

class Request {
  constructor(url, onDone) {
    this.url = url;
    this.onDone = onDone;
  }
  finish(err, body) {
    const cb = this.onDone;
    this.onDone = null;
    if (cb) cb(err, body);
  }
  describe() {
    return 'GET ' + this.url;
  }
}

const pending = [];
function get(url, cb) {
  const req = new Request(url, cb);
  if (!url) {
    req.finish(new Error('no url')); // want "get calls its callback cb synchronously here but asynchronously on other paths \\(parked by pending.push until a later call takes it, line 27\\)"
    return;
  }
  pending.push(req);
}
function answer(body) {
  const req = pending.shift();
  if (req) req.finish(null, body);
}

// Near miss: the method called at once does not call what was stored.
function head(url, cb) {
  const req = new Request(url, cb);
  if (!url) {
    console.log(req.describe());
    return;
  }
  pending.push(req);
}

module.exports = { get, answer, head };
