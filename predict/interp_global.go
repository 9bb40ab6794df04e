package predict

import (
	"strings"

	"github.com/looplint/looplint/ir"
)

// The global object. Implicit globals (sloppy x = 1) and properties written
// through global, globalThis or a sloppy function's this are one store,
// in.globals's cells, so global.done = true reads back as done and the
// other way round. Top-level var does not reach it: CommonJS and ES
// modules both scope it to the module.

// nodeGlobals are the names some release has on its global object or up its
// chain (Object.getOwnPropertyNames, measured on Node 8 to 26 running a
// file): one of them the predictor does not model is a reason, any other
// name reads as undefined.
var nodeGlobals = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`
AbortController AbortSignal AggregateError Array ArrayBuffer AsyncDisposableStack Atomics
BigInt BigInt64Array BigUint64Array Blob Boolean BroadcastChannel Buffer
ByteLengthQueuingStrategy CloseEvent CompressionStream CountQueuingStrategy Crypto
CryptoKey CustomEvent DOMException DataView Date DecompressionStream DisposableStack Error
ErrorEvent EvalError Event EventTarget File FinalizationRegistry Float16Array Float32Array
Float64Array FormData Function GLOBAL Headers Infinity Int16Array Int32Array Int8Array
Intl Iterator JSON Map Math MessageChannel MessageEvent MessagePort NaN Navigator Number
Object Performance PerformanceEntry PerformanceMark PerformanceMeasure PerformanceObserver
PerformanceObserverEntryList PerformanceResourceTiming Promise Proxy QuotaExceededError
RangeError ReadableByteStreamController ReadableStream ReadableStreamBYOBReader
ReadableStreamBYOBRequest ReadableStreamDefaultController ReadableStreamDefaultReader
ReferenceError Reflect RegExp Request Response Set SharedArrayBuffer Storage String
SubtleCrypto SuppressedError Symbol SyntaxError Temporal TextDecoder TextDecoderStream
TextEncoder TextEncoderStream TransformStream TransformStreamDefaultController TypeError
URIError URL URLPattern URLSearchParams Uint16Array Uint32Array Uint8Array
Uint8ClampedArray WeakMap WeakRef WeakSet WebAssembly WebSocket WritableStream
WritableStreamDefaultController WritableStreamDefaultWriter __defineGetter__
__defineSetter__ __lookupGetter__ __lookupSetter__ __proto__ atob btoa clearImmediate
clearInterval clearTimeout console constructor crypto decodeURI decodeURIComponent
encodeURI encodeURIComponent escape eval fetch global globalThis hasOwnProperty isFinite
isNaN isPrototypeOf localStorage navigator parseFloat parseInt performance process
propertyIsEnumerable queueMicrotask root sessionStorage setImmediate setInterval
setTimeout structuredClone toLocaleString toString undefined unescape valueOf`) {
		m[n] = true
	}
	return m
}()

func (in *Interp) globalMember(k string, pos ir.Pos) Value {
	if c := in.globals.vars[k]; c != nil {
		return c.v
	}
	if b, ok := in.builtins[k]; ok && !strings.HasPrefix(k, "__looplint") {
		return b
	}
	if !nodeGlobals[k] || in.absent(k) {
		return nil
	}
	in.reason(pos, "globalThis.%s is not modelled", k)
	return unknown{why: k}
}

func (in *Interp) setGlobal(k string, v Value, pos ir.Pos) {
	if _, builtin := in.builtins[k]; builtin || nodeGlobals[k] {
		in.reason(pos, "assignment to globalThis.%s is not modelled", k)
		return
	}
	in.mut(in.globals.born)
	if c := in.globals.vars[k]; c != nil {
		c.v = v
		return
	}
	in.globals.declare(k, v, false)
}
