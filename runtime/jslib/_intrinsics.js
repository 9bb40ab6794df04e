// Internal: methods of V8's built-ins the embedded engine lacks, which
// both engines take from here; each strips what the chosen release does
// not have yet (loop.Profile.Has).
'use strict';
const ObjectDefineProperty = Object.defineProperty;
function define(obj, name, value) {
  if (obj[name] === undefined) ObjectDefineProperty(obj, name, { value, writable: true, configurable: true, enumerable: false });
}
define(Promise, 'withResolvers', function withResolvers() {
  let resolve, reject;
  const promise = new this((a, b) => { resolve = a; reject = b; });
  return { promise, resolve, reject };
});
define(Object, 'groupBy', function groupBy(items, fn) {
  const out = Object.create(null);
  let i = 0;
  for (const x of items) {
    const k = fn(x, i++);
    (out[k] || (out[k] = [])).push(x);
  }
  return out;
});
define(Map, 'groupBy', function groupBy(items, fn) {
  const out = new Map();
  let i = 0;
  for (const x of items) {
    const k = fn(x, i++);
    if (!out.has(k)) out.set(k, []);
    out.get(k).push(x);
  }
  return out;
});
const SetProto = Set.prototype;
define(SetProto, 'union', function union(o) { const r = new Set(this); for (const x of o.keys()) r.add(x); return r; });
define(SetProto, 'intersection', function intersection(o) {
  // The spec walks the smaller of the two: the result's order is its.
  const r = new Set();
  if (this.size <= o.size) { for (const x of this) if (o.has(x)) r.add(x); } else { for (const x of o.keys()) if (this.has(x)) r.add(x); }
  return r;
});
define(SetProto, 'difference', function difference(o) { const r = new Set(); for (const x of this) if (!o.has(x)) r.add(x); return r; });
define(SetProto, 'symmetricDifference', function symmetricDifference(o) {
  const r = new Set(this);
  for (const x of o.keys()) { if (this.has(x)) r.delete(x); else r.add(x); }
  return r;
});
define(SetProto, 'isSubsetOf', function isSubsetOf(o) { for (const x of this) if (!o.has(x)) return false; return true; });
define(SetProto, 'isSupersetOf', function isSupersetOf(o) { for (const x of o.keys()) if (!this.has(x)) return false; return true; });
define(SetProto, 'isDisjointFrom', function isDisjointFrom(o) { for (const x of this) if (o.has(x)) return false; return true; });
