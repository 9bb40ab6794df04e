package inspect

import (
	"sync"

	"github.com/grafana/sobek"
)

// helperSrc captures intrinsics once per runtime so that inspection does not
// depend on (possibly patched) globals at call time and avoids re-implementing
// brand checks in Go.
const helperSrc = `(function () {
  'use strict';
  var O = Object, call = Function.prototype.call;
  var unc = function (f) { return call.bind(f); };
  var getProto = O.getPrototypeOf, gopd = O.getOwnPropertyDescriptor;
  var AF = getProto(async function () {}), GF = getProto(function* () {});
  var TA = getProto(Uint8Array.prototype);
  var taTag = unc(gopd(TA, Symbol.toStringTag).get);
  var abLen = unc(gopd(ArrayBuffer.prototype, 'byteLength').get);
  var symVal = unc(Symbol.prototype.valueOf), bigVal = unc(BigInt.prototype.valueOf);
  var numVal = unc(Number.prototype.valueOf), strVal = unc(String.prototype.valueOf), boolVal = unc(Boolean.prototype.valueOf);
  var fnStr = unc(Function.prototype.toString), hasOwn = unc(O.prototype.hasOwnProperty);
  var isEnum = unc(O.prototype.propertyIsEnumerable);
  var mapEach = unc(Map.prototype.forEach), setEach = unc(Set.prototype.forEach);
  var errStr = unc(Error.prototype.toString), reStr = unc(RegExp.prototype.toString);
  var stringify = JSON.stringify, pInt = parseInt, pFloat = parseFloat, N = Number, S = String;
  var BUILTINS = ['Object','Function','Array','Number','Boolean','String','Symbol','Date','Promise','RegExp','Error','AggregateError','EvalError','RangeError','ReferenceError','SyntaxError','TypeError','URIError','ArrayBuffer','Uint8Array','Int8Array','Uint16Array','Int16Array','Uint32Array','Int32Array','Float32Array','Float64Array','Uint8ClampedArray','BigUint64Array','BigInt64Array','DataView','Map','BigInt','Set','WeakMap','WeakSet','Proxy','Reflect','SharedArrayBuffer','WeakRef','FinalizationRegistry'];
  var tryOr = function (f, d) { try { return f(); } catch (e) { return d; } };
  return {
    proto: getProto,
    desc: gopd,
    keys: function (o, all) {
      var ks = all ? O.getOwnPropertyNames(o) : O.keys(o);
      var ss = O.getOwnPropertySymbols(o);
      for (var i = 0; i < ss.length; i++) if (all || isEnum(o, ss[i])) ks.push(ss[i]);
      return ks;
    },
    hasOwn: hasOwn,
    isEnum: isEnum,
    isArray: Array.isArray,
    symStr: unc(Symbol.prototype.toString),
    coll: function (v) {
      var c = [['Map', Map], ['Set', Set], ['WeakMap', WeakMap], ['WeakSet', WeakSet]];
      for (var i = 0; i < c.length; i++) {
        var ok = tryOr(function () { c[i][1].prototype.has.call(v, undefined); return true; }, false);
        if (ok) return c[i][0];
      }
      return '';
    },
    typedName: function (v) { return tryOr(function () { return taTag(v); }, undefined); },
    isArrayBuffer: function (v) { return tryOr(function () { abLen(v); return true; }, false); },
    abBytes: function (v) { return Array.prototype.slice.call(new Uint8Array(v), 0, 100); },
    boxed: function (v) {
      var f = [['Number', numVal], ['String', strVal], ['Boolean', boolVal], ['BigInt', bigVal], ['Symbol', symVal]];
      for (var i = 0; i < f.length; i++) {
        var r = tryOr(function () { return [f[i][0], f[i][1](v)]; }, undefined);
        if (r) return r;
      }
      return undefined;
    },
    fnKind: function (f) {
      var async = AF.isPrototypeOf(f), gen = GF.isPrototypeOf(f);
      // An async generator function the front end lowered for the engine
      // (ir.Func.LoweredAsyncGen): Node shows what the user wrote.
      if (!async && !gen && /^[^{]*\{\s*return __asyncGenerator\(this,/.test(tryOr(function () { return fnStr(f); }, ''))) return 'GeneratorAsync';
      return (gen ? 'Generator' : '') + (async ? 'Async' : '');
    },
    fnStr: function (f) { return tryOr(function () { return fnStr(f); }, ''); },
    time: unc(Date.prototype.getTime),
    entries: function (m, isMap) {
      var out = [];
      if (isMap) mapEach(m, function (v, k) { out.push(k, v); });
      else setEach(m, function (v) { out.push(v); });
      return out;
    },
    errStr: function (e) { return tryOr(function () { return errStr(e); }, '[object Error]'); },
    reStr: reStr,
    instOf: function (o, c) { return tryOr(function () { return o instanceof c; }, false); },
    json: function (v) {
      try { return S(stringify(v)); } catch (e) {
        if (e instanceof TypeError && /circular/i.test(e.message)) return '[Circular]';
        throw e;
      }
    },
    num: function (v) { return N(v); },
    pInt: pInt,
    pFloat: pFloat,
    str: S,
    toStringOwn: function (v) {
      // Mirrors util.format's %s check: does v have a user-defined toString?
      if (typeof v.toString !== 'function') return false;
      if (hasOwn(v, 'toString')) return true;
      var p = v;
      do { p = getProto(p); } while (p !== null && !hasOwn(p, 'toString'));
      if (p === null) return false;
      var d = gopd(p, 'constructor');
      return !(d !== undefined && typeof d.value === 'function' && BUILTINS.indexOf(d.value.name) !== -1);
    },
    customSym: Symbol.for('nodejs.util.inspect.custom')
  };
})`

type helpers struct {
	obj *sobek.Object
	fns map[string]sobek.Callable
}

var (
	helperMu  sync.Mutex
	helperMap = map[*sobek.Runtime]*helpers{}

	helperOnce sync.Once
	helperPrg  *sobek.Program
	helperErr  error
)

// Forget drops what Inspect keeps for rt; call it when rt is discarded.
func Forget(rt *sobek.Runtime) {
	helperMu.Lock()
	delete(helperMap, rt)
	helperMu.Unlock()
}

func compileHelpers() {
	helperOnce.Do(func() { helperPrg, helperErr = sobek.Compile("node:internal/util/inspect", "("+helperSrc+")()", true) })
}

// Precompile compiles Inspect's JavaScript helpers now (once per process)
// rather than at the first Inspect; see runtime.Precompile.
func Precompile() { compileHelpers() }

func getHelpers(rt *sobek.Runtime) *helpers {
	helperMu.Lock()
	defer helperMu.Unlock()
	if h := helperMap[rt]; h != nil {
		return h
	}
	compileHelpers()
	if helperErr != nil {
		panic("inspect: helper compile: " + helperErr.Error())
	}
	v, err := rt.RunProgram(helperPrg)
	if err != nil {
		panic("inspect: helper init: " + err.Error())
	}
	h := &helpers{obj: v.(*sobek.Object), fns: map[string]sobek.Callable{}}
	helperMap[rt] = h
	return h
}

// call invokes a helper; JS exceptions are returned as undefined so inspection
// never aborts the program.
func (h *helpers) call(name string, args ...sobek.Value) sobek.Value {
	fn, ok := h.fns[name]
	if !ok {
		fn, _ = sobek.AssertFunction(h.obj.Get(name))
		h.fns[name] = fn
	}
	res, err := fn(sobek.Undefined(), args...)
	if err != nil {
		return sobek.Undefined()
	}
	return res
}
