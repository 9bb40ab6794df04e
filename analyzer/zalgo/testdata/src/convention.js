// Node's convention for completion callbacks: a function whose first
// parameter is an error, handed to a function of a package that is not
// installed, is called later. Installed packages are read for their
// facts instead.
const fetchJSON = require('json-over-http'); // not installed
const store = require('kv-store-client'); // not installed
const lookup = require('lookup-now'); // installed: calls back at once
const _ = require('lodash'); // not installed

function getUser(id, cb) {
  if (!id) return cb(new Error('no id')); // want "getUser calls its callback cb synchronously here but asynchronously on other paths \\(in the error-first callback handed to fetchJSON, a function of a package that is not installed, which Node's convention calls later, line 12\\)"
  fetchJSON('/users/' + id, (err, user) => cb(err, user));
}

// A method of an instance of a package's class is the package's too.
function Cache(opts) {
  this.opts = opts;
}
Cache.prototype.read = function (key, done) {
  if (key in this) return done(null, this[key]); // want "Cache.read calls its callback done synchronously here but asynchronously on other paths \\(in the error-first callback handed to new store.Client\\(\\).get, a function of a package that is not installed, which Node's convention calls later, line 21\\)"
  new store.Client().get(key, function (err, value) {
    done(err, value);
  });
};

// Near miss: the installed package's facts say it calls back at once,
// so both paths are synchronous.
function find(key, cb) {
  if (!key) return cb(new Error('no key'));
  lookup(key, (err, v) => cb(err, v));
}

// Near miss: a synchronous higher-order function of a collection
// library, whatever its function's parameter is named.
function report(errors, cb) {
  if (!errors.length) return cb(null);
  _.forEach(errors, (err) => cb(err));
}

// Near miss: the handed function does not take an error first, so the
// convention says nothing about when it runs.
function total(items, cb) {
  if (!items.length) return cb(null, 0);
  _.sumAsync(items, (sum) => cb(null, sum));
}

// Near miss: a method of a receiver of unknown type may be the project's
// own object (a cache that answers a hit at once).
function load(cache, key, cb) {
  if (!key) return cb(new Error('no key'));
  cache.get(key, (err, v) => cb(err, v));
}

// A constructor assigned to an export in its declaration is a class all
// the same: this._send resolves to its method.
var Api = exports.Api = function (key) {
  this.key = key;
};
Api.prototype.put = function (doc, cb) {
  if (!doc) return cb(new Error('no doc')); // want "Api.put calls its callback cb synchronously here but asynchronously on other paths \\(through Api._send, line 61\\)"
  this._send(doc, cb);
};
Api.prototype._send = function (doc, cb) {
  fetchJSON('/docs/' + this.key, (err, res) => cb(err, res));
};

// Near miss: Node's own modules are not packages to guess about (an
// inspector session answers some posts at once).
const inspector = require('inspector');
function stopProfile(session, cb) {
  if (!session) return cb(null);
  new inspector.Session().post('Profiler.stop', (err, res) => cb(err, res));
}

Object.assign(exports, { getUser, Cache, find, report, total, load, stopProfile });
