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

// A stream hook's callback handed down to the parsing loop that answers
// it (ws's and undici's receivers: _write(chunk, enc, cb) calls
// this.startLoop(cb), which calls cb at once or after an inflate): the
// stream machinery is still its only caller.
class Receiver {
  _write(chunk, encoding, cb) {
    this.buffers.push(chunk);
    this.startLoop(cb);
  }

  startLoop(cb) {
    if (this.compressed) {
      this.inflate(cb);
      return;
    }
    cb();
  }

  inflate(cb) {
    fs.readFile(this.buffers.shift(), (err) => {
      if (err) return cb(err);
      this.startLoop(cb);
    });
  }
}
new Receiver();

// Near miss: the loop is also given a caller's own callback, which it
// answers either way.
class Parser {
  _write(chunk, encoding, cb) {
    this.run(cb);
  }

  parse(text, done) {
    this.text = text;
    this.run(done);
  }

  run(cb) {
    if (!this.pending) {
      cb(); // want "Parser.run calls its callback cb synchronously here but asynchronously on other paths"
      return;
    }
    setImmediate(() => cb());
  }
}
new Parser().parse('', () => {});

// Middleware: the router calls (req, res, next) last and accepts next at
// once or later (serve-static's fall-through, a body reader's 'end').
function serveFiles(req, res, next) {
  if (req.method !== 'GET') {
    next();
    return;
  }
  fs.stat(req.path, (err) => {
    if (err) return next(err);
    res.end();
  });
}
serveFiles({}, {}, () => {});

// Near miss: a next that is not a middleware's.
function nextRecord(cursor, next) {
  if (cursor.done) {
    next(null); // want "nextRecord calls its callback next synchronously here but asynchronously on other paths"
    return;
  }
  fs.read(cursor.fd, (err) => next(err));
}
nextRecord({}, () => {});

// A predicate the function asks whenever it needs to (undici's mock
// dispatcher's isAborted): not a completion callback.
function sendBody(body, handler, isAborted) {
  if (body == null) {
    return isAborted() ? null : body;
  }
  fs.readFile(body, () => {
    if (!isAborted()) handler.onData(body);
  });
}
sendBody(null, {}, () => false);

// A stack the call pops before it returns is not a queue a later call
// takes from (webpack's syntax printer's walker).
const visits = [];
function visitNode(node, descend) {
  visits.push(descend);
  if (node.leaf) {
    descend(node);
  } else {
    setImmediate(() => node.done());
  }
  visits.pop();
}
visitNode({}, () => {});

function visitLeaf(node) {
  visits.push(undefined);
  node.seen = true;
  visits.pop();
}
visitLeaf({});

// A stack another method pops, throwing the top away (webpack's syntax
// printer: walker.push(node) and walker.pop()): nothing calls what it
// takes.
const frames = [];
const walker = {
  enter(node, descend) {
    frames.push(descend);
    if (node.leaf) {
      descend(node);
    } else {
      setImmediate(() => node.done());
    }
  },
  leave() {
    frames.pop();
  },
};
walker.enter({}, () => {});
walker.leave();
