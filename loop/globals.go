package loop

import (
	"sort"
	"strings"
)

// globalTypes are the names some release has on its global object or up
// its chain (Object.getOwnPropertyNames, measured on Node 8 to 26 running
// a file), with typeof of each; the feature table says from which release
// (and "removed:" until which). localStorage's type depends on the
// release and its flags ("").
var globalTypes = func() map[string]string {
	m := map[string]string{}
	for t, names := range map[string]string{
		"function": `AbortController AbortSignal AggregateError Array ArrayBuffer AsyncDisposableStack
BigInt BigInt64Array BigUint64Array Blob Boolean BroadcastChannel Buffer
ByteLengthQueuingStrategy CloseEvent CompressionStream CountQueuingStrategy Crypto
CryptoKey CustomEvent DOMException DataView Date DecompressionStream DisposableStack Error
ErrorEvent EvalError Event EventTarget File FinalizationRegistry Float16Array Float32Array
Float64Array FormData Function Headers Int16Array Int32Array Int8Array Iterator Map
MessageChannel MessageEvent MessagePort Navigator Number Object Performance PerformanceEntry
PerformanceMark PerformanceMeasure PerformanceObserver PerformanceObserverEntryList
PerformanceResourceTiming Promise Proxy QuotaExceededError RangeError
ReadableByteStreamController ReadableStream ReadableStreamBYOBReader
ReadableStreamBYOBRequest ReadableStreamDefaultController ReadableStreamDefaultReader
ReferenceError RegExp Request Response Set SharedArrayBuffer Storage String SubtleCrypto
SuppressedError Symbol SyntaxError TextDecoder TextDecoderStream TextEncoder
TextEncoderStream TransformStream TransformStreamDefaultController TypeError URIError URL
URLPattern URLSearchParams Uint16Array Uint32Array Uint8Array Uint8ClampedArray WeakMap
WeakRef WeakSet WebSocket WritableStream WritableStreamDefaultController
WritableStreamDefaultWriter atob btoa clearImmediate clearInterval clearTimeout
decodeURI decodeURIComponent encodeURI encodeURIComponent escape eval fetch isFinite
isNaN parseFloat parseInt queueMicrotask setImmediate setInterval setTimeout
structuredClone unescape __defineGetter__ __defineSetter__ __lookupGetter__
__lookupSetter__ constructor hasOwnProperty isPrototypeOf propertyIsEnumerable
toLocaleString toString valueOf`,
		"object": `Atomics GLOBAL Intl JSON Math Reflect Temporal WebAssembly console crypto global
globalThis navigator performance process root sessionStorage __proto__`,
		"number":    `Infinity NaN`,
		"undefined": `undefined`,
		"":          `localStorage`,
	} {
		for _, n := range strings.Fields(names) {
			m[n] = t
		}
	}
	return m
}()

// GlobalNames lists every name of globalTypes.
func GlobalNames() []string {
	out := make([]string, 0, len(globalTypes))
	for n := range globalTypes {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Global reports whether this release's global object has name (own or up
// its chain), and typeof it ("" where that depends on flags).
func (p Profile) Global(name string) (typ string, ok bool) {
	t, known := globalTypes[name]
	if !known || p.Absent(name) {
		return "", false
	}
	return t, true
}

// Absent reports a global or built-in named in the feature table that
// this release does not have (yet, or any more).
func (p Profile) Absent(name string) bool {
	if strings.ContainsAny(name, ":.") {
		return false
	}
	if removedNames[name] && p.Has("removed:"+name) {
		return true
	}
	return IsFeature(name) && !p.Has(name)
}

// removedNames are the names of the table's "removed:" rows (Absent asks
// for every name a program reads).
var removedNames = func() map[string]bool {
	m := map[string]bool{}
	for k := range features {
		if n, ok := strings.CutPrefix(k, "removed:"); ok {
			m[n] = true
		}
	}
	return m
}()
