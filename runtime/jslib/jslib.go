// Package jslib embeds looplint's pure-JavaScript implementations of
// Node.js built-in modules (events, util, assert, net, http, stream,
// string_decoder, crypto, zlib, dns, worker_threads, and the internal
// helpers whose names start with "_": timers/promises, the EventTarget
// family, structuredClone, the MessagePort family, Node-style errors, the
// fs streams, process.stdout and stderr). Both engines run them: the
// runtime (package runtime) and the predictor's interpreter (package
// predict).
//
// Each source is a CommonJS module body. The host is expected to wrap it as
//
//	(function (exports, require, module, __internal) { <source> })
//
// and call it once per run with a fresh module object. require(name) must
// return the other built-ins by their bare names ("events", "_errors").
// __internal supplies host services implemented in Go:
//
//	inspect(value, options)            -> string   (util.inspect)
//	format(...args)                    -> string   (util.format)
//	emitWarning(message, type, code)   -> void     (process.emitWarning)
//	nextTick(fn, ...args)              -> void     (process.nextTick)
//	has(feature)                       -> boolean  (loop.Profile.Has)
//	describe(value)                    -> string   (Node's "Received ..." text)
//	unmodelled(what, value)            -> value    (what is not modelled: the
//	                                                answer is incomplete)
//
// The modules over the loop's I/O use more: net (__internal.net: io, pool,
// close, ref; see net.js), pool(api, fn) (a thread-pool request:
// loop.SubmitIO), query(api, fn) (a request outside the pool:
// loop.SubmitEvent), crypto (digest, hmac, known, pbkdf2, scrypt, random,
// hashes; see crypto.js), zlib (deflate, inflate; runtime only, see
// zlib.js) and dnsRefusedCode() (loop.Profile.DNSRefusedCode).
//
// Optional members, used when present: formatWithOptions(opts, ...args),
// types (an object of brand checks such as isPromise/isProxy that cannot be
// implemented exactly in plain JavaScript), promisifyCustom (the symbol
// util.promisify.custom is on this release), opaque(fn, ...args)
// (fn(...args) for a pure computation of text: a host that does not know
// every value may answer one unknown value instead),
// opaqueThrowing(fn, ...args) (the same for a computation that may throw:
// the unknown value then comes with a reason). _process calls
// writeWarning(warning) (print it as Node's own 'warning' listener does)
// and, at the first 'multipleResolves' listener, watchResolves(again):
// the host then calls again(type, promise, value) for each promise
// resolved or rejected again. _timer_handles calls
// the host's timers through handle(h, op, on): op "ref", "hasRef",
// "refresh", "clear", "id", or a field ("start", "timeout", "repeat",
// "destroyed").
package jslib

import (
	"embed"
	"sort"
	"strings"
)

//go:embed *.js
var files embed.FS

// Source returns the module body for the built-in module name ("events",
// "util", "assert"). A "node:" prefix is accepted.
func Source(name string) (string, bool) {
	name = strings.TrimPrefix(name, "node:")
	if name == "" || strings.ContainsAny(name, "/\\.") {
		// "assert/strict" is not a separate source: the runtime should
		// serve it as require("assert").strict.
		return "", false
	}
	b, err := files.ReadFile(name + ".js")
	if err != nil {
		return "", false
	}
	return string(b), true
}

// Internal reports whether name is a helper module only built-ins may
// require (its file name starts with "_").
func Internal(name string) bool { return strings.HasPrefix(name, "_") }

// Names lists the built-in modules provided by this package, sorted.
func Names() []string {
	entries, err := files.ReadDir(".")
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".js"); ok && !Internal(n) {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}
