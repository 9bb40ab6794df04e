// looplint: 'dns' on the sandbox's private network, where no lookup leaves
// the run. Both engines run this file over two host bindings:
//
//   __internal.pool(api, fn)   a thread-pool request (getaddrinfo)
//   __internal.query(api, fn)  a request outside the pool that completes
//                              in a later poll phase (a c-ares query)
//
// dns.lookup resolves as getaddrinfo does over an /etc/hosts that names
// 'localhost' 127.0.0.1 only (the machine the cases were recorded on); any
// other name fails with ENOTFOUND after the pool's round trip, and an IP
// address answers on a tick without the pool. The resolver (dns.resolve*)
// is a loopback address where nothing listens: every query is refused.
// docs/semantics.md ("The thread pool") has the cases.
'use strict';
const { makeNodeError, describeReceived } = require('_errors');
const internal = __internal;
const nextTick = internal.nextTick;
const ErrorCtor = Error;

const errnoNumber = internal.has('dns:errno number');

function isIPv4(s) {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (!m) return false;
  for (let i = 1; i <= 4; i++) {
    if (Number(m[i]) > 255 || (m[i].length > 1 && m[i][0] === '0')) return false;
  }
  return true;
}

function isIPv6(s) {
  if (s.indexOf(':') < 0 || !/^[0-9a-fA-F:.]+$/.test(s)) return false;
  const halves = s.split('::');
  if (halves.length > 2) return false;
  let groups = 0;
  for (const h of halves) {
    if (h === '') continue;
    const parts = h.split(':');
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i];
      if (i === parts.length - 1 && p.indexOf('.') >= 0) {
        if (!isIPv4(p)) return false;
        groups += 2;
      } else if (!/^[0-9a-fA-F]{1,4}$/.test(p)) {
        return false;
      } else {
        groups++;
      }
    }
  }
  return halves.length === 2 ? groups < 8 : groups === 8;
}

function isIP(s) {
  if (typeof s !== 'string') return 0;
  if (isIPv4(s)) return 4;
  if (isIPv6(s)) return 6;
  return 0;
}

function argType(name, what, value) {
  return makeNodeError(TypeError, 'ERR_INVALID_ARG_TYPE', `The "${name}" argument must be ${what}.${describeReceived(value)}`);
}

function checkCallback(cb) {
  if (typeof cb === 'function') return;
  if (Number(process.versions.node.split('.')[0]) >= 18) throw argType('callback', 'of type function', cb);
  throw makeNodeError(TypeError, 'ERR_INVALID_CALLBACK', `Callback must be a function.${describeReceived(cb)}`);
}

function notFound(hostname) {
  const e = new ErrorCtor(`getaddrinfo ENOTFOUND ${hostname}`);
  e.errno = errnoNumber ? -3008 : 'ENOTFOUND';
  e.code = 'ENOTFOUND';
  e.syscall = 'getaddrinfo';
  e.hostname = hostname;
  return e;
}

// hosts is what getaddrinfo finds for a name, or null.
function hosts(hostname, family) {
  const h = hostname.toLowerCase();
  if (h !== 'localhost' && h !== 'localhost.') return null;
  if (family === 6) {
    internal.unmodelled("dns.lookup of 'localhost' for IPv6 (the host's /etc/hosts decides)");
    return [{ address: '::1', family: 6 }];
  }
  return [{ address: '127.0.0.1', family: 4 }];
}

function lookupArgs(hostname, options, callback) {
  let family = 0;
  let all = false;
  if (typeof options === 'function') {
    callback = options;
  } else if (typeof options === 'number') {
    family = options;
  } else if (options !== undefined && options !== null && typeof options === 'object') {
    family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family >>> 0);
    all = options.all === true;
  }
  if (hostname && typeof hostname !== 'string') throw argType('hostname', 'of type string', hostname);
  if (family !== 0 && family !== 4 && family !== 6) {
    throw makeNodeError(TypeError, 'ERR_INVALID_ARG_VALUE', `The argument 'family' must be one of: 0, 4, 6. Received ${family}`);
  }
  return { family, all, callback };
}

// resolveName answers a lookup: [err, addresses], at once.
function resolveName(hostname, family) {
  const found = hosts(hostname, family);
  if (found === null) return [notFound(hostname), null];
  return [null, found];
}

function lookup(hostname, options, callback) {
  const a = lookupArgs(hostname, options, callback);
  const family = a.family;
  const all = a.all;
  callback = a.callback;
  checkCallback(callback);
  if (!hostname) {
    nextTick(() => (all ? callback(null, []) : callback(null, null, family === 6 ? 6 : 4)));
    return {};
  }
  const literal = isIP(hostname);
  if (literal) {
    nextTick(() => (all ? callback(null, [{ address: hostname, family: literal }]) : callback(null, hostname, literal)));
    return {};
  }
  const r = resolveName(hostname, family);
  internal.pool('dns.lookup', () => {
    if (r[0] !== null) callback.call(undefined, r[0]);
    else if (all) callback.call(undefined, null, r[1]);
    else callback.call(undefined, null, r[1][0].address, r[1][0].family);
  });
  return {};
}

let servers = ['127.0.0.1'];

function getServers() { return servers.slice(); }

function setServers(list) {
  if (!Array.isArray(list)) throw argType('servers', 'an instance of Array', list);
  servers = list.map((s) => String(s));
}

const rrtypes = {
  A: 'queryA', AAAA: 'queryAaaa', ANY: 'queryAny', CAA: 'queryCaa', CNAME: 'queryCname', MX: 'queryMx',
  NAPTR: 'queryNaptr', NS: 'queryNs', PTR: 'queryPtr', SOA: 'querySoa', SRV: 'querySrv', TXT: 'queryTxt',
};

// refused is the query's error: the sandbox's resolver refuses it, which
// some releases' c-ares reports as a timeout (loop.Profile.DNSRefusedCode).
function refused(syscall, hostname) {
  let code = internal.dnsRefusedCode();
  if (code === '') {
    internal.unmodelled(`the error of a refused DNS query on Node ${process.versions.node} (not measured)`);
    code = 'ECONNREFUSED';
  }
  const e = new ErrorCtor(`${syscall} ${code} ${hostname}`);
  e.errno = undefined;
  e.code = code;
  e.syscall = syscall;
  e.hostname = hostname;
  if (!errnoNumber) e.errno = code;
  return e;
}

function query(rrtype, hostname, callback) {
  if (typeof hostname !== 'string') throw argType('name', 'of type string', hostname);
  checkCallback(callback);
  const syscall = rrtypes[rrtype];
  internal.query(`dns.resolve ${rrtype}`, () => callback.call(undefined, refused(syscall, hostname)));
  return {};
}

function resolve(hostname, rrtype, callback) {
  if (typeof rrtype === 'function') { callback = rrtype; rrtype = 'A'; }
  if (typeof rrtype !== 'string') throw argType('rrtype', 'of type string', rrtype);
  if (!rrtypes[rrtype]) throw makeNodeError(TypeError, 'ERR_INVALID_ARG_VALUE', `The argument 'rrtype' is invalid. Received '${rrtype}'`);
  return query(rrtype, hostname, callback);
}

const promises = {
  lookup(hostname, options) {
    const a = lookupArgs(hostname, options, undefined);
    return new Promise((res, rej) => {
      lookup(hostname, { family: a.family, all: a.all }, (err, address, family) => {
        if (err) rej(err);
        else if (a.all) res(address);
        else res({ address, family });
      });
    });
  },
  resolve(hostname, rrtype) {
    return new Promise((res, rej) => resolve(hostname, rrtype === undefined ? 'A' : rrtype, (err, v) => (err ? rej(err) : res(v))));
  },
  getServers, setServers,
};

module.exports = { lookup, resolve, getServers, setServers, promises,
  ADDRCONFIG: 1024, V4MAPPED: 2048, ALL: 256,
  NODATA: 'ENODATA', FORMERR: 'EFORMERR', SERVFAIL: 'ESERVFAIL', NOTFOUND: 'ENOTFOUND', NOTIMP: 'ENOTIMP',
  REFUSED: 'EREFUSED', BADQUERY: 'EBADQUERY', BADNAME: 'EBADNAME', BADFAMILY: 'EBADFAMILY', BADRESP: 'EBADRESP',
  CONNREFUSED: 'ECONNREFUSED', TIMEOUT: 'ETIMEOUT', EOF: 'EOF', FILE: 'EFILE', NOMEM: 'ENOMEM',
  DESTRUCTION: 'EDESTRUCTION', BADSTR: 'EBADSTR', BADFLAGS: 'EBADFLAGS', NONAME: 'ENONAME', BADHINTS: 'EBADHINTS',
  NOTINITIALIZED: 'ENOTINITIALIZED', LOADIPHLPAPI: 'ELOADIPHLPAPI', ADDRGETNETWORKPARAMS: 'EADDRGETNETWORKPARAMS',
  CANCELLED: 'ECANCELLED' };
for (const t of Object.keys(rrtypes)) {
  const name = `resolve${t === 'AAAA' ? '6' : t === 'A' ? '4' : t[0] + t.slice(1).toLowerCase()}`;
  module.exports[name] = function (hostname, options, callback) {
    if (typeof options === 'function') callback = options;
    return query(t, hostname, callback);
  };
  promises[name] = function (hostname) {
    return new Promise((res, rej) => query(t, hostname, (err, v) => (err ? rej(err) : res(v))));
  };
}
