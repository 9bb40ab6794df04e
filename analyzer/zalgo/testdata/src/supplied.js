// A callback answered at once on one path and, on another, handed to a
// function the caller supplies: whether that function answers at once or
// later is the caller's code, so the two paths may differ.

// A memoiser of the caller's computation.
function remember(compute) {
  let value;
  return function (cb) {
    if (value !== undefined) return cb(null, value); // want "the function at line 8 calls its callback cb synchronously here but on another path hands it to compute \\(line 10\\), a function its caller supplies"
    compute((err, v) => {
      if (!err) value = v;
      cb(err, v);
    });
  };
}

// A store whose backend comes from the options.
function Store(options) {
  this.backend = options.backend;
  this.hooks = { load: options.onLoad || null };
}
Store.prototype.get = function (key, cb) {
  if (!key) {
    cb(new Error('no key')); // want "Store.get calls its callback cb synchronously here but on another path hands it to this.backend \\(line 27\\)"
    return;
  }
  this.backend(key, cb);
};
Store.prototype.load = function (key, done) {
  if (key === '') return done(null, ''); // want "Store.load calls its callback done synchronously here but on another path hands it to this.hooks.load \\(line 31\\)"
  this.hooks.load.apply(this, [key, (err, v) => done(err, v)]);
};

// A table of the caller's handlers.
function dispatch(handlers, type, cb) {
  if (!handlers[type]) return cb(new Error('no handler')); // want "dispatch calls its callback cb synchronously here but on another path hands it to handlers\\[type\\] \\(line 37\\)"
  handlers[type](cb);
}

// Arguments built for the caller's function.
function call(fn, args, done) {
  args.push(function (err) {
    done(err);
  });
  try {
    fn.apply(null, args);
  } catch (err) {
    done(err); // want "call calls its callback done synchronously here but on another path hands it to fn \\(line 46\\)"
  }
}

// Near miss: a method of an object the caller passes is that object's
// (a socket's write), not a function the caller wrote.
function send(conn, msg, cb) {
  if (!msg) return cb(new Error('empty'));
  conn.write(msg, cb);
}

// Near miss: handed to the caller's function on every path.
function run(task, cb) {
  task(cb);
}

// Near miss: the stored function is the file's own, not the caller's.
function syncImpl(key, cb) {
  return key;
}
function Fixed() {
  this.impl = syncImpl;
}
Fixed.prototype.get = function (key, cb) {
  if (!key) return cb(null);
  this.impl(key, cb);
};

module.exports = { remember, Store, dispatch, call, send, run, Fixed };

// Near miss: an iterator whose answer the loop reads, handed to the
// caller's walker otherwise: not a completion callback.
function makeEach(walk) {
  return function (list, iteratee) {
    if (!Array.isArray(list)) return walk(list, iteratee);
    for (let i = 0; i < list.length; i++) {
      if (iteratee(list[i], i) === false) break;
    }
    return list;
  };
}
module.exports.makeEach = makeEach;

// Near miss: the value handed on is a local of the try block that hides
// the error handler's name, not the handler.
function settle(get, onValue, onError) {
  try {
    const onError = get();
    return onValue(onError);
  } catch (err) {
    return onError(err);
  }
}
module.exports.settle = settle;
