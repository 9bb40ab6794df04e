// Shapes from the node_modules tree of make bench-check (bench/check)
// that are not Zalgo.
const fs = require('fs');

// A cache's get(key, ..., cb) is not a request handler: its callback may
// run at once, so it is not known to be asynchronous (webpack's
// Compilation._addModule).
class Compilation {
  _addModule(module, callback) {
    const known = this._modules.get(module.id);
    if (known) {
      return callback(null, known);
    }
    this._modulesCache.get(module.id, null, (err, cached) => {
      if (err) return callback(err);
      callback(null, cached);
    });
  }
}
new Compilation();

// Node's stream machinery calls the hooks and accepts their callback
// synchronously or later (ws's createWebSocketStream, undici's
// BodyReadable).
function duplexOf(ws, duplex) {
  duplex._destroy = function (err, callback) {
    if (ws.closed) {
      callback(err);
      return;
    }
    ws.once('close', () => callback(err));
  };
}
duplexOf({}, {});

class Body {
  _final(callback) {
    if (this.finished) {
      callback();
    } else {
      this.socket.once('finish', () => callback());
    }
  }
}
new Body();

// A parameter in the middle, not named like a callback, is something the
// function uses, not its answer: a work queue's push (webpack's
// FileSystemInfo), the next dispatcher of a chain (undici's cache
// interceptor).
function processor(job, push, callback) {
  if (job.children) {
    for (const c of job.children) push(c);
    process.nextTick(callback);
    return;
  }
  fs.readFile(job.path, (err) => {
    if (!err) push({ path: job.path + '.map' });
    callback(err);
  });
}
processor({ path: 'x' }, () => {}, () => {});

function handleResult(dispatch, opts, handler, result) {
  if (!result) {
    return dispatch(opts, handler);
  }
  handler.send(result);
  queueMicrotask(() => dispatch(opts, handler));
}
handleResult(() => {}, {}, {}, null);

// Named like a callback, a parameter in the middle still counts
// (jest-worker's execFunction).
function execFunction(fn, onResult, options) {
  const result = fn();
  if (result && typeof result.then === 'function') {
    result.then(onResult);
  } else {
    onResult(result); // want "execFunction calls its callback onResult synchronously here but asynchronously on other paths \\(in a .then\\(\\) callback"
  }
}
execFunction(() => 1, () => {}, {});
