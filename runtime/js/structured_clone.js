// structuredClone for the data a snippet clones: primitives, arrays,
// plain objects, Map, Set, Date, and errors' common shape; cycles and
// shared references are kept. A function or symbol throws Node's
// DataCloneError (a DOMException).
(function () {
  'use strict';
  const MapCtor = Map, SetCtor = Set, DateCtor = Date, isArray = Array.isArray;
  const getProto = Object.getPrototypeOf, keys = Object.keys, ObjectProto = Object.prototype;
  function fail(v) {
    const what = typeof v === 'function' ? String(v) : typeof v === 'symbol' ? v.toString() : 'value';
    // Node throws a DOMException; the engine has none: an Error named so.
    const e = new Error(what + ' could not be cloned.');
    Object.defineProperty(e, 'name', { value: 'DataCloneError', configurable: true, writable: true });
    e.code = 25;
    throw e;
  }
  return function structuredClone(value) {
    if (arguments.length === 0) {
      const e = new TypeError('The "value" argument must be specified');
      e.code = 'ERR_MISSING_ARGS';
      throw e;
    }
    const seen = new MapCtor();
    function clone(v) {
      if (typeof v === 'function' || typeof v === 'symbol') fail(v);
      if (v === null || typeof v !== 'object') return v;
      if (seen.has(v)) return seen.get(v);
      let out;
      if (isArray(v)) {
        out = [];
        seen.set(v, out);
        for (let i = 0; i < v.length; i++) out[i] = clone(v[i]);
        return out;
      }
      if (v instanceof MapCtor) {
        out = new MapCtor();
        seen.set(v, out);
        v.forEach((val, k) => out.set(clone(k), clone(val)));
        return out;
      }
      if (v instanceof SetCtor) {
        out = new SetCtor();
        seen.set(v, out);
        v.forEach((k) => out.add(clone(k)));
        return out;
      }
      if (v instanceof DateCtor) {
        out = new DateCtor(v.getTime());
        seen.set(v, out);
        return out;
      }
      // Class instances lose their class: a plain object of own data.
      out = {};
      seen.set(v, out);
      for (const k of keys(v)) out[k] = clone(v[k]);
      return out;
    }
    return clone(value);
  };
})()
