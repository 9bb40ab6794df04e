'use strict';
// The global object: globalThis is absent before Node 12 (the runtime strips it).
const G = typeof global === 'object' ? global : globalThis;
// looplint: Node.js 'util' module for the sandboxed runtime. Module body;
// wrapped by the runtime as
//   (function (exports, require, module, __internal) { ... })
// inspect/format are provided by the host (__internal); the rest is here.
// Built-ins are captured at evaluation time so later monkey-patching by user
// code cannot change behaviour.

const ReflectApply = Reflect.apply;
const ReflectConstruct = Reflect.construct;
const ReflectOwnKeys = Reflect.ownKeys;
const ObjectDefineProperty = Object.defineProperty;
const ObjectDefineProperties = Object.defineProperties;
const ObjectGetOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
const ObjectGetOwnPropertyDescriptors = Object.getOwnPropertyDescriptors;
const ObjectGetOwnPropertySymbols = Object.getOwnPropertySymbols;
const ObjectGetPrototypeOf = Object.getPrototypeOf;
const ObjectSetPrototypeOf = Object.setPrototypeOf;
const ObjectKeys = Object.keys;
const ObjectIs = Object.is;
const ObjectFreeze = Object.freeze;
const ObjectPrototypeToString = Object.prototype.toString;
const ObjectPrototypeHasOwnProperty = Object.prototype.hasOwnProperty;
const ObjectPrototypePropertyIsEnumerable = Object.prototype.propertyIsEnumerable;
const FunctionPrototypeBind = Function.prototype.bind;
const FunctionPrototypeToString = Function.prototype.toString;
const ArrayIsArray = Array.isArray;
const NumberIsNaN = Number.isNaN;
const StringCtor = String;
const SymbolFor = Symbol.for;
const SymbolToStringTag = Symbol.toStringTag;
const ErrorCtor = Error;
const TypeErrorCtor = TypeError;
const PromiseCtor = Promise;
const PromisePrototypeThen = Promise.prototype.then;
const RegExpPrototype = RegExp.prototype;
const RegExpPrototypeExec = RegExp.prototype.exec;
const StringPrototypeReplace = String.prototype.replace;
const DatePrototypeGetTime = Date.prototype.getTime;
const MapCtor = Map;
const MapPrototypeGet = Map.prototype.get;
const MapPrototypeSet = Map.prototype.set;
const MapPrototypeHas = Map.prototype.has;
const MapPrototypeDelete = Map.prototype.delete;
const MapPrototypeEntries = Map.prototype.entries;
const SetCtor = Set;
const SetPrototypeAdd = Set.prototype.add;
const SetPrototypeHas = Set.prototype.has;
const SetPrototypeDelete = Set.prototype.delete;
const SetPrototypeValues = Set.prototype.values;
const MapIteratorNext = ObjectGetPrototypeOf(new Map().entries()).next;
const SetIteratorNext = ObjectGetPrototypeOf(new Set().values()).next;
const NumberPrototypeValueOf = Number.prototype.valueOf;
const StringPrototypeValueOf = String.prototype.valueOf;
const BooleanPrototypeValueOf = Boolean.prototype.valueOf;
const SymbolPrototypeValueOf = Symbol.prototype.valueOf;
const BigIntPrototypeValueOf = typeof BigInt === 'function' ? BigInt.prototype.valueOf : undefined;
const WeakMapPrototypeHas = WeakMap.prototype.has;
const WeakSetPrototypeHas = WeakSet.prototype.has;
const ArrayBufferIsView = ArrayBuffer.isView;

function getter(proto, name) {
  if (proto === undefined) return undefined;
  const d = ObjectGetOwnPropertyDescriptor(proto, name);
  return d === undefined ? undefined : d.get;
}
const MapSizeGetter = getter(Map.prototype, 'size');
const SetSizeGetter = getter(Set.prototype, 'size');
const RegExpSourceGetter = getter(RegExp.prototype, 'source');
const RegExpFlagsGetter = getter(RegExp.prototype, 'flags');
const ArrayBufferByteLengthGetter = getter(ArrayBuffer.prototype, 'byteLength');
const SharedArrayBufferByteLengthGetter = typeof SharedArrayBuffer === 'function'
  ? getter(SharedArrayBuffer.prototype, 'byteLength') : undefined;
const DataViewByteLengthGetter = getter(DataView.prototype, 'byteLength');
const TypedArrayPrototype = ObjectGetPrototypeOf(Uint8Array.prototype);
const TypedArrayToStringTagGetter = getter(TypedArrayPrototype, SymbolToStringTag);
const Uint8ArrayCtor = Uint8Array;

const internal = __internal;

function inspectValue(value, opts) {
  return internal.inspect(value, opts);
}

// ---------------------------------------------------------------------------
// Node-style errors.

const { makeNodeError, describeReceived } = require('_errors');

function invalidArgType(name, expected, value) {
  const what = name.endsWith(' argument') ? `The ${name}`
    : `The "${name}" ${name.includes('.') ? 'property' : 'argument'}`;
  return makeNodeError(TypeErrorCtor, 'ERR_INVALID_ARG_TYPE',
    `${what} must be ${expected}.${describeReceived(value)}`);
}

function validateFunction(value, name) {
  if (typeof value !== 'function') throw invalidArgType(name, 'of type function', value);
}

// ---------------------------------------------------------------------------
// util.types: brand checks that do not trust Symbol.toStringTag or
// (mutable) prototype methods.

const hostTypes = (internal.types !== null && typeof internal.types === 'object')
  ? internal.types : {};

function brand(getterOrMethod, value, args) {
  if (getterOrMethod === undefined) return false;
  try {
    ReflectApply(getterOrMethod, value, args || []);
    return true;
  } catch {
    return false;
  }
}

function isObjectLike(value) {
  return value !== null && typeof value === 'object';
}

function builtinTag(value) {
  // Object.prototype.toString without a Symbol.toStringTag override tells us
  // the internal slots (Error, Arguments, Date, RegExp, ...).
  let tagged;
  try {
    tagged = value[SymbolToStringTag];
  } catch {
    return '';
  }
  if (tagged !== undefined) return '';
  return ReflectApply(ObjectPrototypeToString, value, []);
}

function anyTag(value) {
  return ReflectApply(ObjectPrototypeToString, value, []);
}

function typedArrayName(value) {
  if (TypedArrayToStringTagGetter === undefined) return undefined;
  return ReflectApply(TypedArrayToStringTagGetter, value, []);
}

function sourceOf(fn) {
  try {
    return ReflectApply(FunctionPrototypeToString, fn, []);
  } catch {
    return '';
  }
}

const asyncSourceRE = /^async[\s(*]|^async\s*[A-Za-z_$[]/;
const generatorSourceRE = /^(?:async\s*)?(?:function\s*\*|\*)/;
const AsyncFunctionPrototype = ObjectGetPrototypeOf(async function () {});
const GeneratorFunctionPrototype = ObjectGetPrototypeOf(function* () {});
const GeneratorPrototype = GeneratorFunctionPrototype.prototype;

function hostOr(name, fallback) {
  const f = hostTypes[name];
  if (typeof f === 'function') {
    return function (value) { return ReflectApply(f, hostTypes, [value]); };
  }
  return fallback;
}

function isDate(value) {
  return isObjectLike(value) && brand(DatePrototypeGetTime, value);
}

function isRegExp(value) {
  return isObjectLike(value) && value !== RegExpPrototype && brand(RegExpSourceGetter, value);
}

function isMap(value) {
  return isObjectLike(value) && brand(MapSizeGetter, value);
}

function isSet(value) {
  return isObjectLike(value) && brand(SetSizeGetter, value);
}

function isNativeError(value) {
  return isObjectLike(value) && builtinTag(value) === '[object Error]';
}

function isNumberObject(value) {
  return isObjectLike(value) && brand(NumberPrototypeValueOf, value);
}

function isStringObject(value) {
  return isObjectLike(value) && brand(StringPrototypeValueOf, value);
}

function isBooleanObject(value) {
  return isObjectLike(value) && brand(BooleanPrototypeValueOf, value);
}

function isSymbolObject(value) {
  return isObjectLike(value) && brand(SymbolPrototypeValueOf, value);
}

function isBigIntObject(value) {
  return isObjectLike(value) && brand(BigIntPrototypeValueOf, value);
}

function isBoxedPrimitive(value) {
  return isNumberObject(value) || isStringObject(value) || isBooleanObject(value) ||
    isBigIntObject(value) || isSymbolObject(value);
}

function isArrayBuffer(value) {
  return isObjectLike(value) && brand(ArrayBufferByteLengthGetter, value);
}

function isSharedArrayBuffer(value) {
  return isObjectLike(value) && brand(SharedArrayBufferByteLengthGetter, value);
}

function isTypedArray(value) {
  return typedArrayName(value) !== undefined;
}

function typedArrayCheck(name) {
  return function (value) { return typedArrayName(value) === name; };
}

function isPromiseFallback(value) {
  if (!isObjectLike(value)) return false;
  if (value instanceof PromiseCtor) return true;
  return anyTag(value) === '[object Promise]' && typeof value.then === 'function';
}

function isAsyncFunction(value) {
  if (typeof value !== 'function') return false;
  return ObjectGetPrototypeOf(value) === AsyncFunctionPrototype ||
    asyncSourceRE.test(sourceOf(value));
}

function isGeneratorFunction(value) {
  if (typeof value !== 'function') return false;
  return ObjectGetPrototypeOf(value) === GeneratorFunctionPrototype ||
    generatorSourceRE.test(sourceOf(value));
}

const types = {
  isExternal: hostOr('isExternal', () => false),
  isDate,
  isArgumentsObject(value) {
    return isObjectLike(value) && builtinTag(value) === '[object Arguments]';
  },
  isBigIntObject,
  isBooleanObject,
  isNumberObject,
  isStringObject,
  isSymbolObject,
  isNativeError: hostOr('isNativeError', isNativeError),
  isRegExp,
  isAsyncFunction: hostOr('isAsyncFunction', isAsyncFunction),
  isGeneratorFunction: hostOr('isGeneratorFunction', isGeneratorFunction),
  isGeneratorObject: hostOr('isGeneratorObject', (value) => {
    if (!isObjectLike(value)) return false;
    let p = ObjectGetPrototypeOf(value);
    while (p !== null) {
      if (p === GeneratorPrototype) return true;
      p = ObjectGetPrototypeOf(p);
    }
    return false;
  }),
  isPromise: hostOr('isPromise', isPromiseFallback),
  isMap,
  isSet,
  isMapIterator: hostOr('isMapIterator', (value) =>
    isObjectLike(value) && anyTag(value) === '[object Map Iterator]'),
  isSetIterator: hostOr('isSetIterator', (value) =>
    isObjectLike(value) && anyTag(value) === '[object Set Iterator]'),
  isWeakMap(value) {
    return isObjectLike(value) && brand(WeakMapPrototypeHas, value, [{}]);
  },
  isWeakSet(value) {
    return isObjectLike(value) && brand(WeakSetPrototypeHas, value, [{}]);
  },
  isArrayBuffer,
  isDataView(value) {
    return isObjectLike(value) && brand(DataViewByteLengthGetter, value);
  },
  isSharedArrayBuffer,
  isProxy: hostOr('isProxy', () => false),
  isModuleNamespaceObject: hostOr('isModuleNamespaceObject', (value) =>
    isObjectLike(value) && ObjectGetPrototypeOf(value) === null && anyTag(value) === '[object Module]'),
  isAnyArrayBuffer(value) {
    return isArrayBuffer(value) || isSharedArrayBuffer(value);
  },
  isBoxedPrimitive,
  isArrayBufferView(value) {
    return ArrayBufferIsView(value);
  },
  isTypedArray,
  isUint8Array: typedArrayCheck('Uint8Array'),
  isUint8ClampedArray: typedArrayCheck('Uint8ClampedArray'),
  isUint16Array: typedArrayCheck('Uint16Array'),
  isUint32Array: typedArrayCheck('Uint32Array'),
  isInt8Array: typedArrayCheck('Int8Array'),
  isInt16Array: typedArrayCheck('Int16Array'),
  isInt32Array: typedArrayCheck('Int32Array'),
  isFloat32Array: typedArrayCheck('Float32Array'),
  isFloat64Array: typedArrayCheck('Float64Array'),
  isBigInt64Array: typedArrayCheck('BigInt64Array'),
  isBigUint64Array: typedArrayCheck('BigUint64Array'),
  isKeyObject: hostOr('isKeyObject', () => false),
  isCryptoKey: hostOr('isCryptoKey', () => false),
};

// ---------------------------------------------------------------------------
// Deep equality (util.isDeepStrictEqual, assert.deepEqual/deepStrictEqual).

const kNoIterator = 0;
const kIsArray = 1;
const kIsSet = 2;
const kIsMap = 3;

function hasOwn(obj, key) {
  return ReflectApply(ObjectPrototypeHasOwnProperty, obj, [key]);
}

function isEnumerable(obj, key) {
  return ReflectApply(ObjectPrototypePropertyIsEnumerable, obj, [key]);
}

function setValues(set) {
  const it = ReflectApply(SetPrototypeValues, set, []);
  const out = [];
  for (;;) {
    const r = ReflectApply(SetIteratorNext, it, []);
    if (r.done) return out;
    out[out.length] = r.value;
  }
}

function mapEntries(map) {
  const it = ReflectApply(MapPrototypeEntries, map, []);
  const out = [];
  for (;;) {
    const r = ReflectApply(MapIteratorNext, it, []);
    if (r.done) return out;
    out[out.length] = r.value;
  }
}

function newSet() { return new SetCtor(); }
function setAdd(s, v) { ReflectApply(SetPrototypeAdd, s, [v]); }
function setHas(s, v) { return ReflectApply(SetPrototypeHas, s, [v]); }
function setDelete(s, v) { return ReflectApply(SetPrototypeDelete, s, [v]); }
function setSize(s) { return ReflectApply(SetSizeGetter, s, []); }
function mapGet(m, k) { return ReflectApply(MapPrototypeGet, m, [k]); }
function mapHas(m, k) { return ReflectApply(MapPrototypeHas, m, [k]); }
function mapSet(m, k, v) { ReflectApply(MapPrototypeSet, m, [k, v]); }
function mapDelete(m, k) { ReflectApply(MapPrototypeDelete, m, [k]); }
function mapSize(m) { return ReflectApply(MapSizeGetter, m, []); }

function ownEnumerableNonIndexKeys(obj) {
  const keys = ObjectKeys(obj);
  const out = [];
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    if (!isArrayIndex(k)) out[out.length] = k;
  }
  return out;
}

function isArrayIndex(key) {
  if (key.length === 0 || key.length > 10) return false;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  if (key.length > 1 && key.charCodeAt(0) === 48) return false;
  return +key < 4294967295;
}

function bytesOf(view) {
  return new Uint8ArrayCtor(view.buffer, view.byteOffset, view.byteLength);
}

function sameBytes(a, b) {
  if (a.byteLength !== b.byteLength) return false;
  for (let i = 0; i < a.byteLength; i++) if (a[i] !== b[i]) return false;
  return true;
}

function boxedEqual(a, b) {
  if (isNumberObject(a)) {
    return isNumberObject(b) &&
      ObjectIs(ReflectApply(NumberPrototypeValueOf, a, []), ReflectApply(NumberPrototypeValueOf, b, []));
  }
  if (isStringObject(a)) {
    return isStringObject(b) &&
      ReflectApply(StringPrototypeValueOf, a, []) === ReflectApply(StringPrototypeValueOf, b, []);
  }
  if (isBooleanObject(a)) {
    return isBooleanObject(b) &&
      ReflectApply(BooleanPrototypeValueOf, a, []) === ReflectApply(BooleanPrototypeValueOf, b, []);
  }
  if (isBigIntObject(a)) {
    return isBigIntObject(b) &&
      ReflectApply(BigIntPrototypeValueOf, a, []) === ReflectApply(BigIntPrototypeValueOf, b, []);
  }
  if (isSymbolObject(a)) {
    return isSymbolObject(b) &&
      ReflectApply(SymbolPrototypeValueOf, a, []) === ReflectApply(SymbolPrototypeValueOf, b, []);
  }
  return false;
}

function isError(value) {
  return isNativeError(value) || value instanceof ErrorCtor;
}

function innerDeepEqual(a, b, strict, memos) {
  if (a === b) {
    if (a !== 0) return true;
    return strict ? ObjectIs(a, b) : true;
  }
  if (strict) {
    if (typeof a !== 'object') {
      return typeof a === 'number' && NumberIsNaN(a) && NumberIsNaN(b);
    }
    if (typeof b !== 'object' || a === null || b === null) return false;
    if (ObjectGetPrototypeOf(a) !== ObjectGetPrototypeOf(b)) return false;
  } else {
    if (a === null || typeof a !== 'object') {
      if (b === null || typeof b !== 'object') {
        // eslint-disable-next-line eqeqeq
        return a == b || (NumberIsNaN(a) && NumberIsNaN(b));
      }
      return false;
    }
    if (b === null || typeof b !== 'object') return false;
  }

  const aTag = anyTag(a);
  const bTag = anyTag(b);
  if (aTag !== bTag) return false;

  if (ArrayIsArray(a)) {
    if (!ArrayIsArray(b) || a.length !== b.length) return false;
    const aKeys = ownEnumerableNonIndexKeys(a);
    const bKeys = ownEnumerableNonIndexKeys(b);
    if (aKeys.length !== bKeys.length) return false;
    return keyCheck(a, b, strict, memos, kIsArray, aKeys);
  } else if (aTag === '[object Object]') {
    if (!isMap(a) && !isSet(a) && !isDate(a) && !isRegExp(a) && !ArrayBufferIsView(a) &&
        !isBoxedPrimitive(a) && !isError(a) && !isArrayBuffer(a)) {
      if (isMap(b) || isSet(b) || isDate(b) || isRegExp(b) || ArrayBufferIsView(b) ||
          isBoxedPrimitive(b) || isError(b) || isArrayBuffer(b)) return false;
      return keyCheck(a, b, strict, memos, kNoIterator);
    }
  }
  if (isDate(a)) {
    if (!isDate(b) ||
        ReflectApply(DatePrototypeGetTime, a, []) !== ReflectApply(DatePrototypeGetTime, b, [])) {
      return false;
    }
  } else if (isRegExp(a)) {
    if (!isRegExp(b) ||
        ReflectApply(RegExpSourceGetter, a, []) !== ReflectApply(RegExpSourceGetter, b, []) ||
        ReflectApply(RegExpFlagsGetter, a, []) !== ReflectApply(RegExpFlagsGetter, b, []) ||
        a.lastIndex !== b.lastIndex) {
      return false;
    }
  } else if (isError(a)) {
    if (!isError(b) || a.message !== b.message || a.name !== b.name) return false;
  } else if (ArrayBufferIsView(a)) {
    if (!ArrayBufferIsView(b)) return false;
    const aName = typedArrayName(a);
    if (aName !== typedArrayName(b)) return false;
    if (!strict && (aName === 'Float32Array' || aName === 'Float64Array')) {
      if (a.length !== b.length) return false;
      for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    } else if (!sameBytes(bytesOf(a), bytesOf(b))) {
      return false;
    }
    const aKeys = ownEnumerableNonIndexKeys(a);
    if (aKeys.length !== ownEnumerableNonIndexKeys(b).length) return false;
    return keyCheck(a, b, strict, memos, kNoIterator, aKeys);
  } else if (isSet(a)) {
    if (!isSet(b) || setSize(a) !== setSize(b)) return false;
    return keyCheck(a, b, strict, memos, kIsSet);
  } else if (isMap(a)) {
    if (!isMap(b) || mapSize(a) !== mapSize(b)) return false;
    return keyCheck(a, b, strict, memos, kIsMap);
  } else if (types.isAnyArrayBuffer(a)) {
    if (!types.isAnyArrayBuffer(b)) return false;
    if (!sameBytes(new Uint8ArrayCtor(a), new Uint8ArrayCtor(b))) return false;
  } else if (isBoxedPrimitive(a)) {
    if (!boxedEqual(a, b)) return false;
  } else if (ArrayIsArray(b) || ArrayBufferIsView(b) || isSet(b) || isMap(b) || isDate(b) ||
             isRegExp(b) || types.isAnyArrayBuffer(b) || isBoxedPrimitive(b) || isError(b)) {
    return false;
  }
  return keyCheck(a, b, strict, memos, kNoIterator);
}

function keyCheck(a, b, strict, memos, iterationType, aKeys) {
  if (aKeys === undefined) {
    aKeys = ObjectKeys(a);
    const bKeys = ObjectKeys(b);
    if (aKeys.length !== bKeys.length) return false;
  }
  for (let i = 0; i < aKeys.length; i++) {
    const k = aKeys[i];
    if (!hasOwn(b, k) || !isEnumerable(b, k)) return false;
  }
  if (strict) {
    const aSyms = ObjectGetOwnPropertySymbols(a);
    let count = 0;
    if (aSyms.length !== 0) {
      for (let i = 0; i < aSyms.length; i++) {
        const s = aSyms[i];
        if (isEnumerable(a, s)) {
          if (!isEnumerable(b, s)) return false;
          aKeys[aKeys.length] = s;
          count++;
        } else if (isEnumerable(b, s)) {
          return false;
        }
      }
    }
    const bSyms = ObjectGetOwnPropertySymbols(b);
    let bCount = 0;
    for (let i = 0; i < bSyms.length; i++) if (isEnumerable(b, bSyms[i])) bCount++;
    if (count !== bCount) return false;
  }

  if (aKeys.length === 0 &&
      (iterationType === kNoIterator ||
       (iterationType === kIsArray && a.length === 0) ||
       (iterationType === kIsSet && setSize(a) === 0) ||
       (iterationType === kIsMap && mapSize(a) === 0))) {
    return true;
  }

  if (memos === undefined) {
    memos = { a: new MapCtor(), b: new MapCtor(), position: 0 };
  } else {
    const memoA = mapGet(memos.a, a);
    if (memoA !== undefined) {
      const memoB = mapGet(memos.b, b);
      if (memoB !== undefined) return memoA === memoB;
    }
    memos.position++;
  }
  mapSet(memos.a, a, memos.position);
  mapSet(memos.b, b, memos.position);
  const result = objEquiv(a, b, strict, aKeys, memos, iterationType);
  mapDelete(memos.a, a);
  mapDelete(memos.b, b);
  return result;
}

function setHasEqualElement(candidates, value, strict, memos) {
  const list = setValues(candidates);
  for (let i = 0; i < list.length; i++) {
    if (innerDeepEqual(value, list[i], strict, memos)) {
      setDelete(candidates, list[i]);
      return true;
    }
  }
  return false;
}

function setEquiv(a, b, strict, memos) {
  let pending = null;
  const aVals = setValues(a);
  for (let i = 0; i < aVals.length; i++) {
    const v = aVals[i];
    if (typeof v === 'object' && v !== null) {
      if (pending === null) pending = newSet();
      setAdd(pending, v);
    } else if (!setHas(b, v)) {
      if (strict) return false;
      if (pending === null) pending = newSet();
      setAdd(pending, v);
    }
  }
  if (pending !== null) {
    const bVals = setValues(b);
    for (let i = 0; i < bVals.length; i++) {
      const v = bVals[i];
      if (typeof v === 'object' && v !== null) {
        if (!setHasEqualElement(pending, v, strict, memos)) return false;
      } else if (!strict && !setHas(a, v) && !setHasEqualElement(pending, v, strict, memos)) {
        return false;
      }
    }
    return setSize(pending) === 0;
  }
  return true;
}

function mapHasEqualEntry(candidates, map, key, item, strict, memos) {
  const list = setValues(candidates);
  for (let i = 0; i < list.length; i++) {
    const k = list[i];
    if (innerDeepEqual(key, k, strict, memos) &&
        innerDeepEqual(item, mapGet(map, k), strict, memos)) {
      setDelete(candidates, k);
      return true;
    }
  }
  return false;
}

function mapEquiv(a, b, strict, memos) {
  let pending = null;
  const aEntries = mapEntries(a);
  for (let i = 0; i < aEntries.length; i++) {
    const key = aEntries[i][0];
    const item = aEntries[i][1];
    if (typeof key === 'object' && key !== null) {
      if (pending === null) pending = newSet();
      setAdd(pending, key);
    } else {
      const other = mapGet(b, key);
      if ((other === undefined && !mapHas(b, key)) ||
          !innerDeepEqual(item, other, strict, memos)) {
        if (strict) return false;
        if (pending === null) pending = newSet();
        setAdd(pending, key);
      }
    }
  }
  if (pending !== null) {
    const bEntries = mapEntries(b);
    for (let i = 0; i < bEntries.length; i++) {
      const key = bEntries[i][0];
      const item = bEntries[i][1];
      if (typeof key === 'object' && key !== null) {
        if (!mapHasEqualEntry(pending, a, key, item, strict, memos)) return false;
      } else if (!strict && (!mapHas(a, key) || !innerDeepEqual(mapGet(a, key), item, false, memos)) &&
                 !mapHasEqualEntry(pending, a, key, item, false, memos)) {
        return false;
      }
    }
    return setSize(pending) === 0;
  }
  return true;
}

function objEquiv(a, b, strict, keys, memos, iterationType) {
  if (iterationType === kIsSet) {
    if (!setEquiv(a, b, strict, memos)) return false;
  } else if (iterationType === kIsMap) {
    if (!mapEquiv(a, b, strict, memos)) return false;
  } else if (iterationType === kIsArray) {
    for (let i = 0; i < a.length; i++) {
      if (hasOwn(a, i)) {
        if (!hasOwn(b, i) || !innerDeepEqual(a[i], b[i], strict, memos)) return false;
      } else if (hasOwn(b, i)) {
        return false;
      } else if (!strict) {
        // Loose mode treats a hole like undefined; nothing to compare.
      }
    }
  }
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    if (!innerDeepEqual(a[k], b[k], strict, memos)) return false;
  }
  return true;
}

// A host that does not know every value (the predictor) may answer the
// comparison as one unknown value instead of following every way it goes.
const opaque = typeof internal.opaque === 'function' ? internal.opaque
  : (f, ...args) => ReflectApply(f, undefined, args);

function isDeepStrictEqual(a, b) {
  return opaque(innerDeepEqual, a, b, true);
}

function isDeepEqual(a, b, strict) {
  return opaque(innerDeepEqual, a, b, strict === true);
}

// ---------------------------------------------------------------------------
// promisify / callbackify

// The host's symbol: a shared one only from 12.16 and 13.12.
const kCustomPromisified = internal.promisifyCustom !== undefined
  ? internal.promisifyCustom : SymbolFor('nodejs.util.promisify.custom');

function copyDescriptors(target, source, adjust) {
  const descriptors = ObjectGetOwnPropertyDescriptors(source);
  if (adjust !== undefined) adjust(descriptors);
  const keys = ReflectOwnKeys(descriptors);
  for (let i = 0; i < keys.length; i++) ObjectSetPrototypeOf(descriptors[keys[i]], null);
  return ObjectDefineProperties(target, descriptors);
}

function promisify(original) {
  validateFunction(original, 'original');
  if (original[kCustomPromisified]) {
    const fn = original[kCustomPromisified];
    validateFunction(fn, 'util.promisify.custom');
    return ObjectDefineProperty(fn, kCustomPromisified, {
      __proto__: null, value: fn, enumerable: false, writable: false, configurable: true,
    });
  }
  function fn(...args) {
    return new PromiseCtor((resolve, reject) => {
      args[args.length] = (err, ...values) => {
        if (err) {
          reject(err);
          return;
        }
        resolve(values[0]);
      };
      ReflectApply(original, this, args);
    });
  }
  ObjectSetPrototypeOf(fn, ObjectGetPrototypeOf(original));
  ObjectDefineProperty(fn, kCustomPromisified, {
    __proto__: null, value: fn, enumerable: false, writable: false, configurable: true,
  });
  return copyDescriptors(fn, original);
}
promisify.custom = kCustomPromisified;

function callbackifyOnRejected(reason, cb) {
  if (!reason) {
    const wrapped = makeNodeError(ErrorCtor, 'ERR_FALSY_VALUE_REJECTION',
      'Promise was rejected with falsy value');
    wrapped.reason = reason;
    reason = wrapped;
  }
  return cb(reason);
}

function callbackify(original) {
  validateFunction(original, 'original');
  function callbackified(...args) {
    const maybeCb = args[args.length - 1];
    validateFunction(maybeCb, 'last argument');
    args.length = args.length === 0 ? 0 : args.length - 1;
    const cb = ReflectApply(FunctionPrototypeBind, maybeCb, [this]);
    const result = ReflectApply(original, this, args);
    const onFulfilled = (ret) => { internal.nextTick(cb, null, ret); };
    const onRejected = (rej) => { internal.nextTick(callbackifyOnRejected, rej, cb); };
    if (result instanceof PromiseCtor) {
      ReflectApply(PromisePrototypeThen, result, [onFulfilled, onRejected]);
    } else {
      result.then(onFulfilled, onRejected);
    }
  }
  copyDescriptors(callbackified, original, (d) => {
    if (d.length !== undefined && typeof d.length.value === 'number') d.length.value++;
    if (d.name !== undefined && typeof d.name.value === 'string') d.name.value += 'Callbackified';
  });
  return callbackified;
}

// ---------------------------------------------------------------------------
// inherits / deprecate

function inherits(ctor, superCtor) {
  if (ctor === undefined || ctor === null) {
    throw invalidArgType('ctor', 'of type function', ctor);
  }
  if (superCtor === undefined || superCtor === null) {
    throw invalidArgType('superCtor', 'of type function', superCtor);
  }
  if (superCtor.prototype === undefined) {
    throw invalidArgType('superCtor.prototype', 'of type object', superCtor.prototype);
  }
  ObjectDefineProperty(ctor, 'super_', {
    __proto__: null, value: superCtor, writable: true, configurable: true,
  });
  ObjectSetPrototypeOf(ctor.prototype, superCtor.prototype);
}

const codesWarned = new SetCtor();

function noDeprecation() {
  const p = G.process;
  return p !== null && typeof p === 'object' && p.noDeprecation === true;
}

function deprecate(fn, msg, code) {
  if (noDeprecation()) return fn;
  if (code !== undefined && typeof code !== 'string') {
    throw invalidArgType('code', 'of type string', code);
  }
  let warned = false;
  function deprecated(...args) {
    if (!warned) {
      warned = true;
      if (code !== undefined) {
        if (!setHas(codesWarned, code)) {
          internal.emitWarning(msg, 'DeprecationWarning', code);
          setAdd(codesWarned, code);
        }
      } else {
        internal.emitWarning(msg, 'DeprecationWarning');
      }
    }
    if (new.target) return ReflectConstruct(fn, args, new.target);
    return ReflectApply(fn, this, args);
  }
  ObjectSetPrototypeOf(deprecated, fn);
  if (fn.prototype) deprecated.prototype = fn.prototype;
  return deprecated;
}

// ---------------------------------------------------------------------------
// inspect / format (host-provided)

const kInspectCustom = SymbolFor('nodejs.util.inspect.custom');

function inspect(value, opts) {
  return ReflectApply(internal.inspect, internal, arguments);
}
inspect.custom = kInspectCustom;
{
  const hostInspect = internal.inspect;
  for (const name of ['defaultOptions', 'colors', 'styles']) {
    if (hostInspect !== null && (typeof hostInspect === 'function' || typeof hostInspect === 'object') &&
        hostInspect[name] !== undefined) {
      ObjectDefineProperty(inspect, name, {
        __proto__: null,
        get() { return hostInspect[name]; },
        set(v) { hostInspect[name] = v; },
        enumerable: true, configurable: true,
      });
    }
  }
}

function format(...args) {
  return ReflectApply(internal.format, internal, args);
}

function formatWithOptions(inspectOptions, ...args) {
  if (inspectOptions === null || typeof inspectOptions !== 'object') {
    throw invalidArgType('inspectOptions', 'of type object', inspectOptions);
  }
  if (typeof internal.formatWithOptions === 'function') {
    const all = [inspectOptions];
    for (let i = 0; i < args.length; i++) all[i + 1] = args[i];
    return ReflectApply(internal.formatWithOptions, internal, all);
  }
  return ReflectApply(internal.format, internal, args);
}

// ---------------------------------------------------------------------------
// Small legacy helpers.

function debuglog(section, cb) {
  function logger() {}
  logger.enabled = false;
  if (typeof cb === 'function') cb(logger);
  return logger;
}

const ansiRE = /[\u001B\u009B][[\]()#;?]*(?:(?:(?:(?:;[-a-zA-Z\d/#&.:=?%@~_]+)*|[a-zA-Z\d]+(?:;[-a-zA-Z\d/#&.:=?%@~_]*)*)?\u0007)|(?:(?:\d{1,4}(?:;\d{0,4})*)?[\dA-PR-TZcf-ntqry=><~]))/g;

function stripVTControlCharacters(str) {
  if (typeof str !== 'string') throw invalidArgType('str', 'of type string', str);
  return ReflectApply(StringPrototypeReplace, str, [ansiRE, '']);
}

function toUSVString(input) {
  const s = `${input}`;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xD800 && c <= 0xDBFF && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xDC00 && d <= 0xDFFF) {
        out += s[i] + s[i + 1];
        i++;
        continue;
      }
    }
    out += (c >= 0xD800 && c <= 0xDFFF) ? '\uFFFD' : s[i];
  }
  return out;
}

function extend(target, source) {
  if (source === null || typeof source !== 'object') return target;
  const keys = ObjectKeys(source);
  let i = keys.length;
  while (i--) target[keys[i]] = source[keys[i]];
  return target;
}

function isPrimitive(arg) {
  return arg === null || (typeof arg !== 'object' && typeof arg !== 'function');
}

module.exports = {
  _extend: extend,
  callbackify,
  debug: debuglog,
  debuglog,
  deprecate,
  format,
  formatWithOptions,
  inherits,
  inspect,
  isArray: ArrayIsArray,
  isBoolean: (arg) => typeof arg === 'boolean',
  isBuffer: (arg) => {
    const B = G.Buffer;
    return typeof B === 'function' && typeof B.isBuffer === 'function' ? B.isBuffer(arg) : false;
  },
  isDeepStrictEqual,
  isNull: (arg) => arg === null,
  isNullOrUndefined: (arg) => arg === null || arg === undefined,
  isNumber: (arg) => typeof arg === 'number',
  isString: (arg) => typeof arg === 'string',
  isSymbol: (arg) => typeof arg === 'symbol',
  isUndefined: (arg) => arg === undefined,
  isRegExp,
  isObject: (arg) => arg !== null && typeof arg === 'object',
  isDate,
  isError: (arg) => isError(arg),
  isFunction: (arg) => typeof arg === 'function',
  isPrimitive,
  promisify,
  stripVTControlCharacters,
  toUSVString,
  types: ObjectFreeze(types),
};
if (typeof G.TextEncoder === 'function') module.exports.TextEncoder = G.TextEncoder;
if (typeof G.TextDecoder === 'function') module.exports.TextDecoder = G.TextDecoder;

// Loose/strict deep equality for the assert module (not part of Node's API).
ObjectDefineProperty(module.exports, SymbolFor('looplint.util.isDeepEqual'), {
  __proto__: null, value: isDeepEqual, enumerable: false, writable: false, configurable: false,
});
