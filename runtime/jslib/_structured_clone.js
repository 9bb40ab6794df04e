'use strict';
// structuredClone(value) as V8's serializer copies a value (measured on
// 17.0.0, 20.20.2 and 26.10.0: testdata/runtime/structured-clone*):
// plain data and class instances become plain objects of their own
// enumerable properties (getters run, holes and array extras kept);
// Dates, RegExps (lastIndex 0), boxed primitives, Maps and Sets keep
// their kind; an Error keeps the class its name gives, its message,
// stack and cause, nothing else. Shared references and cycles stay.
// A function or symbol throws a DataCloneError. Binary data, and the
// wording V8 gives other objects it refuses, are not modelled.

const {
  keys: ObjectKeys, defineProperty: ObjectDefineProperty, getPrototypeOf: ObjectGetPrototypeOf,
  getOwnPropertyDescriptor: ObjectGetOwnPropertyDescriptor, prototype: ObjectPrototype,
} = Object;
const { toString: ObjectPrototypeToString, hasOwnProperty: ObjectPrototypeHasOwnProperty } = ObjectPrototype;
const { apply: ReflectApply } = Reflect;
const [MapCtor, SetCtor, DateCtor, RegExpCtor, ErrorCtor, ArrayCtor, StringCtor] =
  [Map, Set, Date, RegExp, Error, Array, String];
const { isArray: ArrayIsArray } = Array;
const [MapPrototypeForEach, SetPrototypeForEach, DatePrototypeGetTime] =
  [Map.prototype.forEach, Set.prototype.forEach, Date.prototype.getTime];
const [FunctionPrototypeToString, SymbolPrototypeToString] = [Function.prototype.toString, Symbol.prototype.toString];
const { toStringTag: SymbolToStringTag } = Symbol;

const errorCtors = {
  Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError,
};

// Node throws a DOMException named DataCloneError, code 25, which prints
// as DOMException [DataCloneError]: the global DOMException is not in
// the sandbox, so a class of its own shape.
class DOMException extends ErrorCtor {
  get name() { return 'DataCloneError'; }
  get code() { return 25; }
  get [SymbolToStringTag]() { return 'DOMException'; }
}

function uncloneable(v) {
  let what;
  if (typeof v === 'function') {
    what = call(FunctionPrototypeToString, v);
  } else if (typeof v === 'symbol') {
    what = call(SymbolPrototypeToString, v);
  } else {
    what = __internal.unmodelled('the wording of structuredClone\'s DataCloneError for this object', '#<Object>');
  }
  throw new DOMException(what + ' could not be cloned.');
}

let types; // util.types, loaded at the first clone of an object

const call = (f, v) => ReflectApply(f, v, []);
const RegExpSource = ObjectGetOwnPropertyDescriptor(RegExpCtor.prototype, 'source').get;
const RegExpFlags = ObjectGetOwnPropertyDescriptor(RegExpCtor.prototype, 'flags').get;
const boxes = [['isNumberObject', Number], ['isStringObject', StringCtor], ['isBooleanObject', Boolean],
  ['isBigIntObject', BigInt]];

// leaf is the copy of a Date, a RegExp or a boxed primitive, which
// hold no properties to copy, else {} for an ordinary object. It throws
// for what V8 cannot clone.
function leaf(v, kind) {
  if (kind === 'date') return new DateCtor(call(DatePrototypeGetTime, v));
  if (kind === 'regexp') return new RegExpCtor(call(RegExpSource, v), call(RegExpFlags, v));
  for (const [is, C] of boxes) {
    if (types[is](v)) return Object(call(C.prototype.valueOf, v));
  }
  if (types.isSymbolObject(v) || types.isPromise(v) || types.isWeakMap(v) || types.isWeakSet(v) ||
    types.isProxy(v) || types.isArgumentsObject(v) || types.isGeneratorObject(v) ||
    types.isMapIterator(v) || types.isSetIterator(v)) {
    uncloneable(v);
  }
  // Binary data and other objects of the engine's own (a WeakRef, an
  // iterator) are not copied here.
  const tag = call(ObjectPrototypeToString, v);
  if (tag !== '[object Object]') __internal.unmodelled('structuredClone of ' + tag, undefined);
  return {};
}

// errorOf is an Error's copy: the class its name gives (Error for
// another name), its own message as a string, its stack (undefined
// where it is not a string).
function errorOf(v) {
  const name = v.name;
  const C = typeof name === 'string' && ReflectApply(ObjectPrototypeHasOwnProperty, errorCtors, [name])
    ? errorCtors[name] : ErrorCtor;
  const m = ObjectGetOwnPropertyDescriptor(v, 'message');
  const out = m !== undefined && 'value' in m ? new C(StringCtor(m.value)) : new C();
  const stack = v.stack;
  ObjectDefineProperty(out, 'stack', {
    value: typeof stack === 'string' ? stack : undefined, writable: true, configurable: true,
  });
  return out;
}

// A host that does not know every value (the interpreter) may answer
// the clone as one unknown value, with a reason, instead of following
// every way it could go.
const opaqueThrowing = typeof __internal.opaqueThrowing === 'function' ? __internal.opaqueThrowing
  : (f, ...args) => ReflectApply(f, undefined, args);

function structuredClone(value) {
  if (arguments.length === 0) {
    // undefined on 17.0.0, a TypeError worded by release later.
    return __internal.unmodelled('structuredClone without a value', undefined);
  }
  return opaqueThrowing(cloneOf, value);
}

// cloneOf copies value; swap, when given, answers the copy of an object
// it knows (postMessage's transferred ports), undefined for the others.
function cloneOf(value, swap) {
  const seen = new MapCtor();
  function clone(v) {
    if (typeof v === 'function' || typeof v === 'symbol') uncloneable(v);
    if (v === null || typeof v !== 'object') return v;
    if (seen.has(v)) return seen.get(v);
    const swapped = swap === undefined ? undefined : swap(v);
    if (swapped !== undefined) {
      seen.set(v, swapped);
      return swapped;
    }
    if (types === undefined) types = require('util').types;
    const kind = ArrayIsArray(v) ? 'array' : types.isMap(v) ? 'map' : types.isSet(v) ? 'set'
      : types.isDate(v) ? 'date' : types.isRegExp(v) ? 'regexp' : types.isNativeError(v) ? 'error' : '';
    const out = kind === 'array' ? new ArrayCtor(v.length) : kind === 'map' ? new MapCtor()
      : kind === 'set' ? new SetCtor() : kind === 'error' ? errorOf(v) : leaf(v, kind);
    seen.set(v, out);
    if (kind === 'map') {
      ReflectApply(MapPrototypeForEach, v, [(val, k) => out.set(clone(k), clone(val))]);
    } else if (kind === 'set') {
      ReflectApply(SetPrototypeForEach, v, [(k) => out.add(clone(k))]);
    } else if (kind === 'error') {
      if (ObjectGetOwnPropertyDescriptor(v, 'cause') !== undefined) {
        ObjectDefineProperty(out, 'cause', { value: clone(v.cause), writable: true, configurable: true });
      }
    } else if (kind === 'array' || ObjectGetPrototypeOf(out) === ObjectPrototype) {
      for (const k of ObjectKeys(v)) {
        // A key a getter before it deleted is skipped, as V8 does.
        if (ObjectGetOwnPropertyDescriptor(v, k) !== undefined) out[k] = clone(v[k]);
      }
    }
    return out;
  }
  return clone(value);
}

module.exports = { structuredClone, cloneOf };
