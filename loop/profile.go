package loop

import (
	"fmt"
	"strconv"
	"strings"
)

// Version is a Node.js release.
type Version struct{ Major, Minor, Patch int }

func (v Version) String() string { return fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patch) }

// Less reports whether v is an earlier release than w.
func (v Version) Less(w Version) bool {
	if v.Major != w.Major {
		return v.Major < w.Major
	}
	if v.Minor != w.Minor {
		return v.Minor < w.Minor
	}
	return v.Patch < w.Patch
}

// AtLeast reports whether v >= major.minor.
func (v Version) AtLeast(major, minor int) bool {
	return v.Major > major || v.Major == major && v.Minor >= minor
}

// latest is the newest release we know of per major line; "--node 22" means this one.
var latest = map[int]Version{
	8: {8, 17, 0}, 9: {9, 11, 2}, 10: {10, 24, 1}, 11: {11, 15, 0}, 12: {12, 22, 12},
	13: {13, 14, 0}, 14: {14, 21, 3}, 15: {15, 14, 0}, 16: {16, 20, 2}, 17: {17, 9, 1},
	18: {18, 20, 8}, 19: {19, 9, 0}, 20: {20, 20, 2}, 21: {21, 7, 3}, 22: {22, 23, 3},
	23: {23, 11, 1}, 24: {24, 21, 0}, 25: {25, 9, 0}, 26: {26, 10, 0},
}

// Newest is the default when no Node is on PATH.
var Newest = latest[26]

// ParseVersion accepts "22", "22.17", "v26.10.0".
func ParseVersion(s string) (Version, error) {
	t := strings.TrimPrefix(strings.TrimSpace(s), "v")
	parts := strings.Split(t, ".")
	if len(parts) == 0 || len(parts) > 3 || t == "" {
		return Version{}, fmt.Errorf("invalid Node version %q (want e.g. 22, 22.17 or 22.17.0)", s)
	}
	var n [3]int
	for i, p := range parts {
		x, err := strconv.Atoi(p)
		if err != nil || x < 0 {
			return Version{}, fmt.Errorf("invalid Node version %q (want e.g. 22, 22.17 or 22.17.0)", s)
		}
		n[i] = x
	}
	if n[0] < 8 {
		return Version{}, fmt.Errorf("Node %s is not modelled (looplint models Node 8 and later)", s)
	}
	if len(parts) == 1 {
		if v, ok := latest[n[0]]; ok {
			return v, nil
		}
	}
	return Version{n[0], n[1], n[2]}, nil
}

// Modelled refuses a version past what this model has seen: a line past
// the newest, or a release newer than the newest of its line (what
// changed in it is unknown). Real binaries may be newer; a prediction
// asked for by version must not be.
func Modelled(v Version) error {
	l, ok := latest[v.Major]
	switch {
	case !ok:
		return fmt.Errorf("Node %s is not modelled (looplint models Node 8 to %d)", v, Newest.Major)
	case v.Minor > l.Minor || v.Minor == l.Minor && v.Patch > l.Patch:
		return fmt.Errorf("Node %s is newer than the newest %d.x looplint models (%s; --node %d picks it)", v, l.Major, l, l.Major)
	}
	return nil
}

// Latest is the newest release of a major line looplint models.
func Latest(major int) (Version, bool) {
	v, ok := latest[major]
	return v, ok
}

// ModuleKind is how Node loads the main module (parse.File.Module decides
// it for a file).
type ModuleKind int

const (
	CommonJS ModuleKind = iota
	ESModule
)

func (m ModuleKind) String() string {
	if m == ESModule {
		return "esm"
	}
	return "cjs"
}

// Name is the kind in words: "CommonJS" or "ES module".
func (m ModuleKind) Name() string {
	if m == ESModule {
		return "ES module"
	}
	return "CommonJS"
}

// MarshalText is String: reports in JSON say "cjs" or "esm".
func (m ModuleKind) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

func (m *ModuleKind) UnmarshalText(b []byte) error {
	switch string(b) {
	case "cjs":
		*m = CommonJS
	case "esm":
		*m = ESModule
	default:
		return fmt.Errorf("module kind %q: not cjs or esm", b)
	}
	return nil
}

// Profile is everything about a Node version that changes callback order.
// Every version test in the project goes through these methods, so a
// behaviour change is recorded in exactly one place.
type Profile struct {
	Node   Version
	Module ModuleKind
	// Browser, when set, runs the program as a browser's classic script
	// on that engine's event loop (browser.go) instead of Node's.
	Browser Browser
}

// Family names the docs/semantics.md §1 family (A–F).
func (p Profile) Family() string {
	v := p.Node
	switch {
	case v.Major <= 9:
		return "A"
	case v.Major == 10:
		return "B"
	case v.Major == 11:
		return "C"
	case v.Major <= 14:
		return "D"
	case !p.ESMSyncLoad():
		return "E"
	default:
		return "F"
	}
}

// PerListTimers: one libuv timer per duration list, whole lists and whole
// immediate queues run as one callback (Node <= 10, nodejs/node#22842).
func (p Profile) PerListTimers() bool { return p.Node.Major <= 10 }

// TimersAtEnd: libuv 1.45 (Node 20.3) runs the timers at the end of each
// loop iteration too (Loop.run).
func (p Profile) TimersAtEnd() bool { return p.Has(LibuvTimersAtEnd) }

// IntervalRearmAfter: Node 8 re-inserts an interval with a start taken after its callback.
func (p Profile) IntervalRearmAfter() bool { return p.Node.Major <= 9 }

// RejectionTick: Node 8 queues a "run microtasks" tick when a promise is
// rejected without a handler, so later ticks wait for the microtask queue
// (docs/semantics.md §9).
func (p Profile) RejectionTick() bool { return p.Node.Major <= 9 }

// RejectionHandledTick: Node 8 emits 'rejectionHandled' from a tick
// queued when the late handler is added, so it comes before the
// handler's reaction; from 9 the drain after emits it (measured on
// 8.17.0 against 9.11.2 and 10.24.1: testdata/runtime/rejection-handled-late,
// probe 44).
func (p Profile) RejectionHandledTick() bool { return p.Node.Major <= 8 }

// ZeroRearm: Node 8 re-arms a list's libuv timer with 0 ms when exactly
// nothing remains, so it re-runs in the same timers phase (docs/semantics.md §4.4).
func (p Profile) ZeroRearm() bool { return p.Node.Major <= 9 }

// FailedScopes: on Node 8 a callback that throws, when an
// 'uncaughtException' listener handles it, fails its callback scope: no
// ticks or microtasks drain at its end, setImmediate(_tickCallback) is
// queued, a timer's list and the immediate queue defer what they had left
// to ticks (measured on 8.17.0: probe 55; testdata/runtime node8-throw-*).
func (p Profile) FailedScopes() bool { return p.Node.Major < 10 }

// SyncAdopt: V8 6.2 (Node 8) resolves a promise with a settled native
// promise at once, taking its state, instead of through a
// NewPromiseResolveThenableJob and then (2 jobs). A pending one is
// adopted as the spec says. Measured on 8.17.0 (probes 20, 21; resolve
// functions, async return, then handlers, rejected ones: the adopted
// promise counts as handled).
func (p Profile) SyncAdopt() bool { return p.Node.Major < 10 }

// OldAwait: V8 < 7.2 wraps an awaited native promise in a throwaway promise (3 jobs).
func (p Profile) OldAwait() bool { return p.Node.Major == 10 || p.Node.Major == 11 }

// UnhandledRejectionsThrow: the default mode became "throw" in 15.0 (nodejs/node#33021).
func (p Profile) UnhandledRejectionsThrow() bool { return p.Node.Major >= 15 }

// ESMSyncLoad: the ESM entry is read synchronously and evaluated before the
// loop starts from 22.18 / 24.3 (nodejs/node#57419); before that the body
// runs inside a poll-phase fs completion.
func (p Profile) ESMSyncLoad() bool {
	v := p.Node
	return v.Major >= 25 || v.Major == 24 && v.Minor >= 3 || v.Major == 22 && v.Minor >= 18 || v.Major == 23 && v.Minor >= 11
}

// DetectModule: a typeless .js with ESM syntax runs as ESM (20.19+, 22.7+).
func (p Profile) DetectModule() bool {
	v := p.Node
	return v.Major >= 23 || v.Major == 22 && v.Minor >= 7 || v.Major == 20 && v.Minor >= 19
}

// esmThrowHops is, per release measured on real Node, how many microtask
// hops an ES module main's synchronous throw takes to reach Node's report
// (testdata/runtime/esm-throw-hops*.txtar). It follows the module
// loader's internals, which change from minor release to minor release.
var esmThrowHops = map[Version]int{
	{10, 24, 1}: 4, {11, 15, 0}: 4, {12, 22, 12}: 2, {13, 14, 0}: 3, {14, 21, 3}: 3,
	{15, 14, 0}: 3, {16, 0, 0}: 3, {16, 20, 2}: 8, {17, 9, 1}: 6, {18, 0, 0}: 6,
	{18, 20, 8}: 3, {20, 0, 0}: 5, {20, 20, 2}: 3, {21, 7, 3}: 3, {22, 0, 0}: 3,
	{22, 12, 0}: 4, {22, 17, 0}: 4, {22, 18, 0}: 4, {22, 23, 3}: 4, {23, 11, 1}: 4,
	{24, 21, 0}: 4, {25, 9, 0}: 4, {26, 10, 0}: 4,
}

// ESMThrowHops is how many microtask hops separate a throw in an ES module
// main from Node's report of it as an uncaught exception (the module job's
// promise rejects and its handlers pass the error on, one job each): the
// reactions queued before the throw, and those they chain, run until then.
// A throw after a top-level await (afterAwait) takes one more. measured
// says the release is one we measured; otherwise n is the figure of the
// nearest measured release.
func (p Profile) ESMThrowHops(afterAwait bool) (n int, measured bool) {
	n, measured = esmThrowHops[p.Node]
	if !measured {
		best := -1
		for v, h := range esmThrowHops {
			d := ordinal(v) - ordinal(p.Node)
			if d < 0 {
				d = -d
			}
			if best < 0 || d < best || d == best && h > n {
				best, n = d, h
			}
		}
	}
	if afterAwait {
		n++
	}
	return n, measured
}

func ordinal(v Version) int { return v.Major*1000000 + v.Minor*1000 + v.Patch }

// TopLevelAwait works in modules without a flag from 14.8.
func (p Profile) TopLevelAwait() bool { return p.Node.AtLeast(14, 8) }

// TimeoutSignWarnings: TimeoutNegativeWarning / TimeoutNaNWarning from 24.0.
func (p Profile) TimeoutSignWarnings() bool { return p.Node.Major >= 24 }

// TimeoutOverflowWarning exists from Node 10.
func (p Profile) TimeoutOverflowWarning() bool { return p.Node.Major >= 10 }

// ReadFileTrips is how many thread-pool round trips fs.readFile of an
// existing file takes (async_hooks request counts, 10.0 to 26.10): open,
// fstat, read, close; the promise form read once more, to see the end of
// the file, until 14.18 and 15.12; both are one ReadFileJob from 26.8.
func (p Profile) ReadFileTrips(promise bool) int {
	switch {
	case p.Has(IOReadFileJob):
		return 1
	case promise && !p.Has(IOPromisesSizedRead):
		return 5
	}
	return 4
}

// FsPromiseFrames says whether an error fs.promises.<op> rejects with
// carries stack frames (async ones, from its JavaScript), which util.inspect
// prints it with, instead of the bare [Error: ...] form: from 20.13.0,
// 21.2.0 and 22 (measured on 20.12/20.13, 21.1/21.2, 22.0 to 25.0, 26.10),
// except for readFile and writeFile once they are one job (26.8, 26.9).
func (p Profile) FsPromiseFrames(op string) bool {
	v := p.Node
	switch {
	case v.Major == 20 && !v.AtLeast(20, 13), v.Major == 21 && !v.AtLeast(21, 2), v.Major < 20:
		return false
	case op == "readFile" && p.Has(IOReadFileJob), op == "writeFile" && p.Has(IOWriteFileJob):
		return false
	}
	return true
}

// FiredKeepsRef: a timer that fired stays ref'd; on 11.0 to 12.15 and
// 13.0 to 13.5 it becomes unref'd (hasRef() is false), so refresh() re-arms
// it unref'd: it runs again only if something else keeps the loop alive
// (measured on 10.2.0, 11.0.0, 11.15.0, 12.15.0/12.16.0, 13.5.0/13.6.0).
func (p Profile) FiredKeepsRef() bool {
	v := p.Node
	switch v.Major {
	case 11:
		return false
	case 12:
		return v.AtLeast(12, 16)
	case 13:
		return v.AtLeast(13, 6)
	}
	return true
}

// InvalidCallbackCode is the code of the TypeError that nextTick and the
// timers throw for a callback that is not a function (measured on 10 to
// 16 and 20, 26; the runtime's rule puts the change at 18).
func (p Profile) InvalidCallbackCode() string {
	if p.Node.Major >= 18 {
		return "ERR_INVALID_ARG_TYPE"
	}
	return "ERR_INVALID_CALLBACK"
}

// DNSRefusedCode is the error code of a DNS query (dns.resolve*, c-ares)
// whose resolver refuses it (a loopback address where nothing listens):
// ECONNREFUSED, or ETIMEOUT where the bundled c-ares retries a refused
// query until it times out; "" for the lines not measured (10.24.1,
// 12.22.12, 14.21.3, 16.14.0, 20.20.2 and 26.10.0 refused; 18.20.8 and
// 22.2.0 timed out: testdata/runtime/pool-dns-resolve-refused).
func (p Profile) DNSRefusedCode() string {
	switch m := p.Node.Major; {
	case m <= 16 || m == 20 || m == 26:
		return "ECONNREFUSED"
	case m == 18 || m == 22:
		return "ETIMEOUT"
	}
	return ""
}

// ErrorName is the name of an error Node makes with code (see
// ErrorsPlainName).
func (p Profile) ErrorName(class, code string) string {
	if p.Has(ErrorsPlainName) {
		return class
	}
	return class + " [" + code + "]"
}

// WriteFileTrips is the round trips of fs.writeFile and fs.appendFile,
// both forms (same measurements): open, write, close; one job from 26.9.
func (p Profile) WriteFileTrips() int {
	if p.Has(IOWriteFileJob) {
		return 1
	}
	return 3
}

// TruncDurations: from 11 the list key is Math.trunc(msecs); before, the raw value.
func (p Profile) TruncDurations() bool { return p.Node.Major >= 11 }

// Feature is something some releases have and others lack: a global or
// built-in, syntax, V8's wording of a message, a change of behaviour. It
// is not a string so that a misspelt feature does not compile.
type Feature int

// The features, grouped as the table below is.
const (
	QueueMicrotask Feature = iota
	GlobalThis
	PromiseFinally
	SyntaxAsyncIteration
	ArrayFlat
	ArrayFlatMap
	ObjectFromEntries
	StringMatchAll
	PromiseAllSettled
	PromiseAny
	AggregateError
	StringReplaceAll
	ArrayAt
	V8PropertiesMessage
	ImportMetaFilename
	V8TDZMessage
	StringAt
	V8YieldStarSingleAwait
	V8AsyncFromSyncClose

	// Syntax a release refuses to compile (parse.SyntaxUse).
	SyntaxNullish
	SyntaxOptionalChain
	SyntaxLogicalAssignment
	SyntaxNumericSeparator
	SyntaxBigInt
	SyntaxClassField
	SyntaxPrivateField
	SyntaxPrivateMethod
	SyntaxPrivateIn
	SyntaxStaticBlock

	ConsoleTableLeft
	BigInt
	V8QuotedToken
	TimeoutHasRef
	PathFormatDot
	SymbolDescription
	ObjectHasOwn
	ErrorCause
	StructuredClone
	ArrayFindLast
	ArrayFindLastIndex
	ArrayToSorted
	ArrayToReversed
	ArrayToSpliced
	ArrayWith
	ObjectGroupBy
	MapGroupBy
	PromiseWithResolvers
	SetUnion
	SetIntersection
	SetDifference
	SetSymmetricDifference
	SetIsSubsetOf
	SetIsSupersetOf
	SetIsDisjointFrom
	AbortController
	AbortSignal
	AbortSignalAbort
	TimersPromisesSetInterval
	TimersPromisesScheduler
	UtilPromisifyCustomShared
	MultipleResolves
	MultipleResolvesRemoved
	AbortSignalTimeout
	EventsCaptureRejections
	AbortSignalThrowIfAborted
	EventTarget
	EventClass // Event: loop.Event is the loop's own
	FSWriteDataChecked
	FSSyncErrorKeys
	StatSyncThrowIfNoEntry
	FileURLToPath
	TimeoutRefresh
	TimeoutToPrimitive
	EventTargetErrorsOnTick
	ModuleTimersPromises
	ModuleAssertStrict
	EventsOnce
	EventsOn
	EventsOnceAsync
	ListenerCountListener
	EventsOnReverseCleanup
	EventsOnceNameFirst
	ModuleFSPromises
	RequireNodeScheme
	ImportNodeScheme
	ImportCJS
	RemoveListenerAsPassed
	DEP0128
	UncaughtExceptionOrigin
	ErrorsPlainName

	// Round trips (ReadFileTrips, WriteFileTrips).
	IOReadFileJob
	IOWriteFileJob
	IOPromisesSizedRead

	// Globals (Profile.Global). Where a lower-case global shares a class's
	// name (crypto, Crypto), the class's constant ends in Class.
	GlobalURL
	GlobalURLSearchParams
	GlobalTextEncoder
	GlobalTextDecoder
	GlobalFinalizationRegistry
	GlobalWeakRef
	GlobalMessageChannel
	GlobalMessageEvent
	GlobalMessagePort
	GlobalAtob
	GlobalBtoa
	GlobalPerformance
	GlobalDOMException
	GlobalBlob
	GlobalBroadcastChannel
	GlobalByteLengthQueuingStrategy
	GlobalCompressionStream
	GlobalCountQueuingStrategy
	GlobalDecompressionStream
	GlobalFormData
	GlobalHeaders
	GlobalReadableByteStreamController
	GlobalReadableStream
	GlobalReadableStreamBYOBReader
	GlobalReadableStreamBYOBRequest
	GlobalReadableStreamDefaultController
	GlobalReadableStreamDefaultReader
	GlobalRequest
	GlobalResponse
	GlobalTextDecoderStream
	GlobalTextEncoderStream
	GlobalTransformStream
	GlobalTransformStreamDefaultController
	GlobalWritableStream
	GlobalWritableStreamDefaultController
	GlobalWritableStreamDefaultWriter
	GlobalFetch
	GlobalPerformanceClass
	GlobalCryptoClass
	GlobalCryptoKey
	GlobalCustomEvent
	GlobalPerformanceEntry
	GlobalPerformanceMark
	GlobalPerformanceMeasure
	GlobalPerformanceObserver
	GlobalPerformanceObserverEntryList
	GlobalPerformanceResourceTiming
	GlobalSubtleCrypto
	GlobalCrypto
	GlobalFile
	GlobalNavigatorClass
	GlobalNavigator
	GlobalIterator
	GlobalWebSocket
	GlobalCloseEvent
	GlobalAsyncDisposableStack
	GlobalDisposableStack
	GlobalFloat16Array
	GlobalSuppressedError
	GlobalURLPattern
	GlobalErrorEvent
	GlobalStorage
	GlobalLocalStorage
	GlobalSessionStorage
	GlobalTemporal
	GlobalQuotaExceededError

	// Globals gone in 14.0.0.
	RemovedGLOBAL
	RemovedRoot

	V8DestructureMessage
	TSStripTypes
	ExitCodeValidated
	ExitCodeNumber
	InspectErrors
	PackageJSONTypeLookup
	InspectStringWidth
	LibuvTimersAtEnd
	Libuv148
	Libuv142
	InspectProtoKey
	NetSyncFinish
	NetDestroyAfterFinish
	NetReady
	NetDrop
	NetResetAndDestroy
	NetWriteAfterEndDestroys
	NetAutoDestroy
	DNSNotFoundShort
	HTTPModelled
	HTTPKeepAliveDefault
	HTTPCloseAfterEnd
	HTTPMergedChunks
	HTTPQuery
	HTTPNoPRI
	DNSVerbatim
	ModuleWorkerThreads
	WorkerThreadsReceiveMessageOnPort
	WorkerThreadsBroadcastChannel
	MessagePortLimit
	MessagePortEventTarget
	MessagePortHasRef
	DNSErrnoNumber
	ZlibNoCloseOnEnd
	CryptoRandomUUID
	CryptoRandomInt
	CryptoWebcrypto
	CryptoGetRandomValues
	RejectionErrorFrames
	UncaughtInspect
	ESMErrorSource
	ModuleStreamPromises
	StreamAutoDestroy
	StreamSyncFinal
	Stream64kHighWaterMark
	StreamReadOneChunk
	StreamSyncWriteNoDrain

	numFeatures
)

// featureInfo is a feature's name, as messages and the runtime's
// JavaScript spell it, and, per major line, the first release that has
// it; majors after the last one listed have it too.
type featureInfo struct {
	name  string
	since []Version
}

var features = [numFeatures]featureInfo{
	QueueMicrotask:       {"queueMicrotask", []Version{{11, 0, 0}}},
	GlobalThis:           {"globalThis", []Version{{12, 0, 0}}},
	PromiseFinally:       {"Promise.prototype.finally", []Version{{10, 0, 0}}}, // V8 6.3
	SyntaxAsyncIteration: {"syntax:async iteration", []Version{{10, 0, 0}}},    // for await, async generators (V8 6.3)
	ArrayFlat:            {"Array.prototype.flat", []Version{{11, 0, 0}}},
	ArrayFlatMap:         {"Array.prototype.flatMap", []Version{{11, 0, 0}}},
	ObjectFromEntries:    {"Object.fromEntries", []Version{{12, 0, 0}}},
	StringMatchAll:       {"String.prototype.matchAll", []Version{{12, 0, 0}}},
	PromiseAllSettled:    {"Promise.allSettled", []Version{{12, 9, 0}}},
	PromiseAny:           {"Promise.any", []Version{{15, 0, 0}}},
	AggregateError:       {"AggregateError", []Version{{15, 0, 0}}},
	StringReplaceAll:     {"String.prototype.replaceAll", []Version{{15, 0, 0}}},
	ArrayAt:              {"Array.prototype.at", []Version{{16, 6, 0}}},
	// V8 9.3: "Cannot read properties of undefined (reading 'x')", where
	// before it was "Cannot read property 'x' of undefined" (measured on
	// 16.8.0 and 16.9.0).
	V8PropertiesMessage: {"v8:properties message", []Version{{16, 9, 0}}},
	// import.meta.filename and .dirname (measured on 20.10.0/20.11.0 and
	// 21.1.0/21.2.0).
	ImportMetaFilename: {"import.meta.filename", []Version{{20, 11, 0}, {21, 2, 0}}},
	// "Cannot access 'x' before initialization" for a binding in its
	// temporal dead zone; before, "x is not defined" (measured on 11.15.0
	// and 12.22.12).
	V8TDZMessage: {"v8:tdz message", []Version{{12, 0, 0}}},
	StringAt:     {"String.prototype.at", []Version{{16, 6, 0}}},
	// yield* in an async generator passes a value on without awaiting
	// it again (measured on 19.1.0 and 19.2.0, V8 10.8; 18 LTS awaits).
	V8YieldStarSingleAwait: {"v8:yield* single await", []Version{{19, 2, 0}}},
	// for await over a sync iterator closes it (calls its return) when
	// next or throw throws or yields a rejected value, done false
	// (measured on 22.23.3 and 23.0.0, V8 12.9).
	V8AsyncFromSyncClose: {"v8:async-from-sync close", []Version{{23, 0, 0}}},
	// Syntax a release refuses to compile (parse.SyntaxUse; measured on
	// the releases either side of each boundary, SyntaxRejected).
	SyntaxNullish:           {"syntax:??", []Version{{14, 0, 0}}},
	SyntaxOptionalChain:     {"syntax:?.", []Version{{14, 0, 0}}},
	SyntaxLogicalAssignment: {"syntax:logical assignment", []Version{{15, 0, 0}}},
	SyntaxNumericSeparator:  {"syntax:numeric separator", []Version{{12, 5, 0}}},
	SyntaxBigInt:            {"syntax:bigint", []Version{{10, 4, 0}}}, // V8 6.7
	SyntaxClassField:        {"syntax:class field", []Version{{12, 0, 0}}},
	SyntaxPrivateField:      {"syntax:private field", []Version{{12, 0, 0}}},
	SyntaxPrivateMethod:     {"syntax:private method", []Version{{14, 6, 0}}},
	SyntaxPrivateIn:         {"syntax:#x in", []Version{{16, 4, 0}}},
	SyntaxStaticBlock:       {"syntax:static block", []Version{{16, 11, 0}}},
	// console.table aligns cells left instead of centering them
	// (measured on 20.10.0/20.11.0 and 21.1.0/21.2.0).
	ConsoleTableLeft: {"console.table left", []Version{{20, 11, 0}, {21, 2, 0}}},
	BigInt:           {"BigInt", []Version{{10, 4, 0}}},
	// V8 quotes the token in "Unexpected token '?'" from 7.7 (12.11.0;
	// 12.10.0 does not).
	V8QuotedToken:             {"v8:quoted token", []Version{{12, 11, 0}}},
	TimeoutHasRef:             {"Timeout.hasRef", []Version{{11, 0, 0}}},               // Timeout and Immediate hasRef() (measured on 10.24.1 and 11.0.0)
	PathFormatDot:             {"path.format dot", []Version{{19, 0, 0}}},              // path.format adds the dot an ext lacks
	SymbolDescription:         {"Symbol.prototype.description", []Version{{11, 0, 0}}}, // V8 7.0 (10.24.1 gives undefined)
	ObjectHasOwn:              {"Object.hasOwn", []Version{{16, 9, 0}}},
	ErrorCause:                {"Error cause", []Version{{16, 9, 0}}}, // new Error(msg, { cause }) (V8 9.3; measured on 16.8.0 and 16.9.0)
	StructuredClone:           {"structuredClone", []Version{{17, 0, 0}}},
	ArrayFindLast:             {"Array.prototype.findLast", []Version{{18, 0, 0}}},
	ArrayFindLastIndex:        {"Array.prototype.findLastIndex", []Version{{18, 0, 0}}},
	ArrayToSorted:             {"Array.prototype.toSorted", []Version{{20, 0, 0}}},
	ArrayToReversed:           {"Array.prototype.toReversed", []Version{{20, 0, 0}}},
	ArrayToSpliced:            {"Array.prototype.toSpliced", []Version{{20, 0, 0}}},
	ArrayWith:                 {"Array.prototype.with", []Version{{20, 0, 0}}},
	ObjectGroupBy:             {"Object.groupBy", []Version{{21, 0, 0}}},
	MapGroupBy:                {"Map.groupBy", []Version{{21, 0, 0}}},
	PromiseWithResolvers:      {"Promise.withResolvers", []Version{{22, 0, 0}}},
	SetUnion:                  {"Set.prototype.union", []Version{{22, 0, 0}}},
	SetIntersection:           {"Set.prototype.intersection", []Version{{22, 0, 0}}},
	SetDifference:             {"Set.prototype.difference", []Version{{22, 0, 0}}},
	SetSymmetricDifference:    {"Set.prototype.symmetricDifference", []Version{{22, 0, 0}}},
	SetIsSubsetOf:             {"Set.prototype.isSubsetOf", []Version{{22, 0, 0}}},
	SetIsSupersetOf:           {"Set.prototype.isSupersetOf", []Version{{22, 0, 0}}},
	SetIsDisjointFrom:         {"Set.prototype.isDisjointFrom", []Version{{22, 0, 0}}},
	AbortController:           {"AbortController", []Version{{15, 0, 0}}},
	AbortSignal:               {"AbortSignal", []Version{{15, 0, 0}}},
	AbortSignalAbort:          {"AbortSignal.abort", []Version{{15, 12, 0}}},
	TimersPromisesSetInterval: {"timers/promises.setInterval", []Version{{15, 9, 0}}},
	// timers/promises.scheduler (measured on 16.13.2 and 16.14.0, 17.2.0
	// and 17.3.0).
	TimersPromisesScheduler: {"timers/promises.scheduler", []Version{{16, 14, 0}, {17, 3, 0}}},
	// util.promisify.custom is Symbol.for('nodejs.util.promisify.custom')
	// (Node's docs; a symbol of its own on 10.24.1, shared on 12.22.12).
	UtilPromisifyCustomShared: {"util.promisify.custom:shared", []Version{{12, 16, 0}, {13, 12, 0}}},
	// process 'multipleResolves' (gone in 25.0.0: measured on 24.21.0
	// and 25.0.0).
	MultipleResolves:        {"multipleResolves", []Version{{10, 12, 0}}},
	MultipleResolvesRemoved: {"multipleResolves removed", []Version{{25, 0, 0}}},
	AbortSignalTimeout:      {"AbortSignal.timeout", []Version{{16, 14, 0}, {17, 3, 0}}},
	// new EventEmitter({ captureRejections }) (measured on 12.0.0 and
	// 12.22.12; 12.16.0 and 13.4.0 in Node's changelog).
	EventsCaptureRejections: {"events.captureRejections", []Version{{12, 16, 0}, {13, 4, 0}}},
	// Measured on 16.16.0/16.17.0 and 17.2.0/17.3.0.
	AbortSignalThrowIfAborted: {"AbortSignal.prototype.throwIfAborted", []Version{{16, 17, 0}, {17, 3, 0}}},
	EventTarget:               {"EventTarget", []Version{{15, 0, 0}}},
	EventClass:                {"Event", []Version{{15, 0, 0}}},
	// fs.writeFile and appendFile take a string, a Buffer, a TypedArray
	// or a DataView, and throw ERR_INVALID_ARG_TYPE for anything else
	// (measured on 12.22.12 and 14.0.0; before, String(data)).
	FSWriteDataChecked: {"fs:write data checked", []Version{{14, 0, 0}}},
	// An fs error a Sync call throws has its keys as errno, code,
	// syscall, path; before, syscall came before code (measured on 20.7.0
	// and 20.8.0; callback and promise errors always had the new order).
	FSSyncErrorKeys: {"fs:sync error keys", []Version{{20, 8, 0}}},
	// statSync and lstatSync take { throwIfNoEntry: false }: undefined
	// for a missing file (measured on 14.16.1/14.21.3 and 15.0.0/16.20.2;
	// 14.17.0 and 15.3.0 by the changelog).
	StatSyncThrowIfNoEntry: {"statSync:throwIfNoEntry", []Version{{14, 17, 0}, {15, 3, 0}}},
	// url.fileURLToPath (10.12.0 by its changelog; 10.24.1 has it).
	FileURLToPath: {"url.fileURLToPath", []Version{{10, 12, 0}}},
	// Timeout.prototype.refresh (measured on 10.0.0 and 10.2.0).
	TimeoutRefresh: {"timeout:refresh", []Version{{10, 2, 0}}},
	// A Timeout converts to its numeric id (Symbol.toPrimitive; measured
	// on 12.18.0/12.19.0 and 14.8.0/14.15.0, 14.9.0 by its changelog).
	TimeoutToPrimitive: {"timeout:toPrimitive", []Version{{12, 19, 0}, {14, 9, 0}}},
	// An EventTarget listener's exception is rethrown from a nextTick;
	// on 15 it leaves dispatchEvent (measured on 15.0.0, 15.14.0, 16.0.0).
	EventTargetErrorsOnTick: {"EventTarget:errors on tick", []Version{{16, 0, 0}}},
	ModuleTimersPromises:    {"module:timers/promises", []Version{{15, 0, 0}}},
	ModuleAssertStrict:      {"module:assert/strict", []Version{{15, 0, 0}}}, // Node's docs
	EventsOnce:              {"events.once", []Version{{10, 16, 0}, {11, 13, 0}}},
	EventsOn:                {"events.on", []Version{{12, 16, 0}, {13, 6, 0}}},
	EventsOnceAsync:         {"events.once async", []Version{{14, 17, 0}, {15, 0, 0}}}, // an async function: two more jobs
	// emitter.listenerCount(name, listener) counts that listener only
	// (measured on 18.15.0/18.16.0 and 19.7.0/19.8.0).
	ListenerCountListener: {"listenerCount:listener", []Version{{18, 16, 0}, {19, 8, 0}}},
	// events.on's iterator removes its listeners in the reverse of their
	// order when it ends (measured on 19.8.1 and 20.0.0; 19.9.0 is not
	// on npm).
	EventsOnReverseCleanup: {"events.on:reverse cleanup", []Version{{20, 0, 0}}},
	// events.once adds its listener for the event, then the 'error' one;
	// the other way round before (measured on 14.4.0 and 14.5.0).
	EventsOnceNameFirst: {"events.once:name first", []Version{{14, 5, 0}}},
	ModuleFSPromises:    {"module:fs/promises", []Version{{14, 0, 0}}},
	RequireNodeScheme:   {"require:node:", []Version{{14, 18, 0}, {16, 0, 0}}},
	ImportNodeScheme:    {"import:node:", []Version{{12, 20, 0}, {14, 13, 1}}},
	ImportCJS:           {"import:.cjs", []Version{{12, 0, 0}}},
	// Removing one of several listeners of an event emits 'removeListener'
	// with the argument as passed (a once listener's wrapper, when once
	// removes it); before, with the listener unwrapped (measured on
	// 12.18.0/12.19.0, 13.14.0, 14.4.0/14.5.0, 15.0.0).
	RemoveListenerAsPassed: {"removeListener:as passed", []Version{{12, 19, 0}, {14, 5, 0}}},
	// A package.json "main" naming no file, its directory's index loaded
	// instead, warns from 16 (measured on 14.21.3 and 16.20.2).
	DEP0128:                 {"DEP0128", []Version{{16, 0, 0}}},
	UncaughtExceptionOrigin: {"uncaughtException:origin", []Version{{10, 17, 0}, {12, 0, 0}}},
	// Before 12 an error Node makes with a code carries it in its name:
	// "TypeError [ERR_INVALID_CALLBACK]", "AssertionError [ERR_ASSERTION]"
	// (measured on 10.24.1 and 11.15.0; testdata/runtime/assert-checks,
	// invalid-callback).
	ErrorsPlainName: {"errors:plain name", []Version{{12, 0, 0}}},
	// Round trips (ReadFileTrips, WriteFileTrips).
	IOReadFileJob:       {"io:readFile job", []Version{{26, 8, 0}}},
	IOWriteFileJob:      {"io:writeFile job", []Version{{26, 9, 0}}},
	IOPromisesSizedRead: {"io:promises sized read", []Version{{14, 18, 0}, {15, 12, 0}}},
	// Globals: the first release with each, from Object.getOwnPropertyNames
	// along globalThis's chain on 8.17.0, then x.0.0 and the latest of
	// every major line from 10 to 26 (and 18.0-18.8 for Performance).
	GlobalURL:                              {"URL", []Version{{10, 0, 0}}},
	GlobalURLSearchParams:                  {"URLSearchParams", []Version{{10, 0, 0}}},
	GlobalTextEncoder:                      {"TextEncoder", []Version{{11, 0, 0}}},
	GlobalTextDecoder:                      {"TextDecoder", []Version{{11, 0, 0}}},
	GlobalFinalizationRegistry:             {"FinalizationRegistry", []Version{{14, 6, 0}}},
	GlobalWeakRef:                          {"WeakRef", []Version{{14, 6, 0}}},
	GlobalMessageChannel:                   {"MessageChannel", []Version{{15, 0, 0}}},
	GlobalMessageEvent:                     {"MessageEvent", []Version{{15, 0, 0}}},
	GlobalMessagePort:                      {"MessagePort", []Version{{15, 0, 0}}},
	GlobalAtob:                             {"atob", []Version{{16, 0, 0}}},
	GlobalBtoa:                             {"btoa", []Version{{16, 0, 0}}},
	GlobalPerformance:                      {"performance", []Version{{16, 0, 0}}},
	GlobalDOMException:                     {"DOMException", []Version{{17, 0, 0}}},
	GlobalBlob:                             {"Blob", []Version{{18, 0, 0}}},
	GlobalBroadcastChannel:                 {"BroadcastChannel", []Version{{18, 0, 0}}},
	GlobalByteLengthQueuingStrategy:        {"ByteLengthQueuingStrategy", []Version{{18, 0, 0}}},
	GlobalCompressionStream:                {"CompressionStream", []Version{{18, 0, 0}}},
	GlobalCountQueuingStrategy:             {"CountQueuingStrategy", []Version{{18, 0, 0}}},
	GlobalDecompressionStream:              {"DecompressionStream", []Version{{18, 0, 0}}},
	GlobalFormData:                         {"FormData", []Version{{18, 0, 0}}},
	GlobalHeaders:                          {"Headers", []Version{{18, 0, 0}}},
	GlobalReadableByteStreamController:     {"ReadableByteStreamController", []Version{{18, 0, 0}}},
	GlobalReadableStream:                   {"ReadableStream", []Version{{18, 0, 0}}},
	GlobalReadableStreamBYOBReader:         {"ReadableStreamBYOBReader", []Version{{18, 0, 0}}},
	GlobalReadableStreamBYOBRequest:        {"ReadableStreamBYOBRequest", []Version{{18, 0, 0}}},
	GlobalReadableStreamDefaultController:  {"ReadableStreamDefaultController", []Version{{18, 0, 0}}},
	GlobalReadableStreamDefaultReader:      {"ReadableStreamDefaultReader", []Version{{18, 0, 0}}},
	GlobalRequest:                          {"Request", []Version{{18, 0, 0}}},
	GlobalResponse:                         {"Response", []Version{{18, 0, 0}}},
	GlobalTextDecoderStream:                {"TextDecoderStream", []Version{{18, 0, 0}}},
	GlobalTextEncoderStream:                {"TextEncoderStream", []Version{{18, 0, 0}}},
	GlobalTransformStream:                  {"TransformStream", []Version{{18, 0, 0}}},
	GlobalTransformStreamDefaultController: {"TransformStreamDefaultController", []Version{{18, 0, 0}}},
	GlobalWritableStream:                   {"WritableStream", []Version{{18, 0, 0}}},
	GlobalWritableStreamDefaultController:  {"WritableStreamDefaultController", []Version{{18, 0, 0}}},
	GlobalWritableStreamDefaultWriter:      {"WritableStreamDefaultWriter", []Version{{18, 0, 0}}},
	GlobalFetch:                            {"fetch", []Version{{18, 0, 0}}},
	GlobalPerformanceClass:                 {"Performance", []Version{{18, 8, 0}}},
	GlobalCryptoClass:                      {"Crypto", []Version{{19, 0, 0}}},
	GlobalCryptoKey:                        {"CryptoKey", []Version{{19, 0, 0}}},
	GlobalCustomEvent:                      {"CustomEvent", []Version{{19, 0, 0}}},
	GlobalPerformanceEntry:                 {"PerformanceEntry", []Version{{19, 0, 0}}},
	GlobalPerformanceMark:                  {"PerformanceMark", []Version{{19, 0, 0}}},
	GlobalPerformanceMeasure:               {"PerformanceMeasure", []Version{{19, 0, 0}}},
	GlobalPerformanceObserver:              {"PerformanceObserver", []Version{{19, 0, 0}}},
	GlobalPerformanceObserverEntryList:     {"PerformanceObserverEntryList", []Version{{19, 0, 0}}},
	GlobalPerformanceResourceTiming:        {"PerformanceResourceTiming", []Version{{19, 0, 0}}},
	GlobalSubtleCrypto:                     {"SubtleCrypto", []Version{{19, 0, 0}}},
	GlobalCrypto:                           {"crypto", []Version{{19, 0, 0}}},
	GlobalFile:                             {"File", []Version{{20, 0, 0}}},
	GlobalNavigatorClass:                   {"Navigator", []Version{{21, 0, 0}}},
	GlobalNavigator:                        {"navigator", []Version{{21, 0, 0}}},
	GlobalIterator:                         {"Iterator", []Version{{22, 0, 0}}},
	GlobalWebSocket:                        {"WebSocket", []Version{{22, 0, 0}}},
	GlobalCloseEvent:                       {"CloseEvent", []Version{{23, 0, 0}}},
	GlobalAsyncDisposableStack:             {"AsyncDisposableStack", []Version{{24, 0, 0}}},
	GlobalDisposableStack:                  {"DisposableStack", []Version{{24, 0, 0}}},
	GlobalFloat16Array:                     {"Float16Array", []Version{{24, 0, 0}}},
	GlobalSuppressedError:                  {"SuppressedError", []Version{{24, 0, 0}}},
	GlobalURLPattern:                       {"URLPattern", []Version{{24, 0, 0}}},
	GlobalErrorEvent:                       {"ErrorEvent", []Version{{25, 0, 0}}},
	GlobalStorage:                          {"Storage", []Version{{25, 0, 0}}},
	GlobalLocalStorage:                     {"localStorage", []Version{{25, 0, 0}}},
	GlobalSessionStorage:                   {"sessionStorage", []Version{{25, 0, 0}}},
	GlobalTemporal:                         {"Temporal", []Version{{26, 0, 0}}},
	GlobalQuotaExceededError:               {"QuotaExceededError", []Version{{26, 0, 0}}},
	// GLOBAL and root went in 14.0.0.
	RemovedGLOBAL: {"removed:GLOBAL", []Version{{14, 0, 0}}},
	RemovedRoot:   {"removed:root", []Version{{14, 0, 0}}},
	// V8's "Cannot destructure property 'a' of 'undefined' as it is
	// undefined." where before it was "Cannot destructure property `a` of
	// 'undefined' or 'null'." (measured on 11.15.0 and 12.22.12).
	V8DestructureMessage: {"v8:destructure message", []Version{{12, 0, 0}}},
	// node file.ts strips the types (unflagged; measured on 22.17.0/22.18.0
	// and 23.5.0/23.6.0): before, a .ts file runs as JavaScript.
	TSStripTypes: {"ts:strip types", []Version{{22, 18, 0}, {23, 6, 0}}},
	// process.exitCode (and process.exit's argument) must be an integer,
	// or a string of one, from 20.0.0: 3.7 throws ERR_OUT_OF_RANGE, 'abc'
	// or true ERR_INVALID_ARG_TYPE (measured on 19.8.1 and 20.0.0).
	ExitCodeValidated: {"exitCode:validated", []Version{{20, 0, 0}}},
	// ... and the setter stores the number: '3' reads back as 3, null as
	// undefined (measured on 22.14.0/22.15.0 and 23.9.0/23.10.0).
	ExitCodeNumber: {"exitCode:number", []Version{{22, 15, 0}, {23, 10, 0}}},
	// util.inspect shows an AggregateError's errors, [errors]: [...],
	// after its stack: from 16.17.0 and 18.6.0, never on 17 (measured
	// on 16.16.0/16.17.0, 17.9.1 and 18.5.0/18.6.0).
	InspectErrors: {"inspect:errors", []Version{{16, 17, 0}, {18, 6, 0}}},
	// A .js entry's nearest package.json is read for "type" and, when it
	// is not JSON, Node refuses to run the entry: from 12.14.0 and 13.0.0
	// (measured on 12.10.0 to 12.16.0; 12.11.0 alone also refused).
	PackageJSONTypeLookup: {"package.json:type lookup", []Version{{12, 14, 0}, {13, 0, 0}}},
	// util.inspect lays array columns out by display width (East Asian
	// wide characters 2, combining marks 0) where it took .length
	// (measured on 12.16.0/12.17.0 and 13.8.0/13.10.0).
	InspectStringWidth: {"inspect:string width", []Version{{12, 17, 0}, {13, 10, 0}}},
	// libuv 1.45 runs timers at the end of each loop iteration, before it
	// asks whether the loop is alive (measured on 20.2.0 and 20.3.0).
	LibuvTimersAtEnd: {"libuv:timers at end", []Version{{20, 3, 0}}},
	// uv__run_timers looks at the heap again after each timer callback
	// until libuv 1.48 (Node 21.7, 22): Loop.recheckTimers, on the
	// processTimers path of 11 on (Node <= 10 has timersPerList).
	Libuv148: {"libuv:1.48", []Version{{21, 7, 0}, {22, 0, 0}}},
	// From libuv 1.42 uv_try_write writes without a request; before, a
	// socket write done at once queued the stream for the next pending
	// phase, where a shutdown waiting on it completes (docs/semantics.md
	// §6.2). Traced with strace on net-end-finish: shutdown(2) before that
	// iteration's epoll_wait on 10.24.1, 12.22.12, 14.17.6, 15.14.0 and
	// 16.6.0; after it reports the socket writable on 14.18.0, 14.21.3,
	// 16.7.0 to 16.14.0 and 17.0.0.
	Libuv142: {"libuv:1.42", []Version{{14, 18, 0}, {16, 7, 0}}},
	// util.inspect writes an own __proto__ key as ['__proto__'] (measured
	// on 14.16.1/14.17.1 and 15.10.0/15.12.0).
	InspectProtoKey: {"inspect:__proto__ key", []Version{{14, 17, 0}, {15, 12, 0}}},
	// A socket's end() on an idle stream finishes at once: 'finish' comes
	// in the call's ticks, where before it waited for the shutdown to
	// complete in a later poll phase (measured on 16.14.0 and 18.20.8:
	// testdata/runtime/net-end-finish; 18.0.0 is assumed, not measured).
	NetSyncFinish: {"net:sync finish", []Version{{18, 0, 0}}},
	// A socket whose peer ended it, and that ends its own side, is
	// destroyed once its 'finish' comes; before, at once (maybeDestroy)
	// (measured on 11.15.0 and 12.22.12: testdata/runtime/net-peer-destroy;
	// 12.0.0 is assumed).
	NetDestroyAfterFinish: {"net:destroy after finish", []Version{{12, 0, 0}}},
	// net.Socket emits 'ready' after 'connect' (Node's changelog: 9.11.0).
	NetReady: {"net:ready", []Version{{9, 11, 0}}},
	// worker_threads without a flag (Node's docs: 11.7.0; measured 10.24.1
	// without it, 11.15.0 with it).
	ModuleWorkerThreads: {"module:worker_threads", []Version{{11, 7, 0}}},
	// Node's docs; measured 11.15.0 without it, 12.22.12 with it.
	WorkerThreadsReceiveMessageOnPort: {"worker_threads:receiveMessageOnPort", []Version{{12, 3, 0}}},
	WorkerThreadsBroadcastChannel:     {"worker_threads:BroadcastChannel", []Version{{15, 4, 0}}}, // Node's docs
	// One wake-up of a MessagePort delivers at most max(queued, 1000)
	// messages (nodejs/node#29315, in 12.11.0 by its date; measured
	// 11.15.0 without it, 12.22.12 to 26.10.0 with it: msg-limit).
	MessagePortLimit: {"MessagePort:limit", []Version{{12, 11, 0}}},
	// A MessagePort is an EventTarget (14.7.0 by Node's changelog,
	// nodejs/node#34057; measured 12.22.12 without addEventListener,
	// 14.21.3 and 15.14.0 with it).
	MessagePortEventTarget: {"MessagePort:EventTarget", []Version{{14, 7, 0}}},
	// port.hasRef (Node's docs: 16.17.0, 18.1.0; measured 16.14.0 without
	// it, 20.20.2 with it).
	MessagePortHasRef: {"MessagePort:hasRef", []Version{{16, 17, 0}, {18, 1, 0}}},
	// A server over its maxConnections emits 'drop' as it closes the
	// connection (measured: not on 18.0.0, on 18.20.8:
	// testdata/runtime/net-max-connections; 18.6.0 is Node's changelog).
	NetDrop: {"net:drop", []Version{{18, 6, 0}}},
	// socket.resetAndDestroy() (Node's changelog: 16.17.0, 18.3.0;
	// measured absent on 16.14.0, present on 18.20.8: testdata/runtime/net-reset).
	NetResetAndDestroy: {"net:resetAndDestroy", []Version{{16, 17, 0}, {18, 3, 0}}},
	// A write after end() destroys the socket: the write's callback gets
	// the error in a tick, then 'error' and 'close'; before, 'error' was
	// emitted in the write() call and the socket lived on (measured on
	// 12.22.12 and 14.21.3: testdata/runtime/net-write-after-end; 14.0.0
	// is assumed).
	NetWriteAfterEndDestroys: {"net:write after end destroys", []Version{{14, 0, 0}}},
	// A socket is an autoDestroy Duplex: one that is not half-open ends
	// its side a tick after its 'end' (the Duplex's allowHalfOpen), and
	// the socket destroys itself as any stream does (an async iterator
	// that ran to the end destroys it); before, its own 'end' listener
	// ended it, inside the event (measured on 14.21.3 and 15.14.0:
	// testdata/runtime/net-duplex-half-open, net-duplex-for-await;
	// 15.0.0 is assumed).
	NetAutoDestroy: {"net:auto destroy", []Version{{15, 0, 0}}},
	// getaddrinfo ENOTFOUND names the host alone; before, the host and
	// "host:port" (measured on 11.15.0 and 12.22.12:
	// testdata/runtime/net-unreachable; 12.0.0 is assumed).
	DNSNotFoundShort: {"dns:ENOTFOUND short", []Version{{12, 0, 0}}},
	// http's order of events is modelled from 12 on; on 10 a server's
	// 'finish' comes after the request's 'end' and neither message
	// emits 'close' (testdata/runtime/http-get-order, 10.24.1): a reason.
	HTTPModelled: {"http:modelled", []Version{{12, 0, 0}}},
	// The global agent keeps connections alive and server.close() closes
	// the idle ones (measured on 18.20.8 and 19.0.0:
	// testdata/runtime/http-get-order).
	HTTPKeepAliveDefault: {"http:keep-alive default", []Version{{19, 0, 0}}},
	// A message's 'close' follows its end in ticks; before, a server's
	// request and response closed together after the request's 'end', and
	// a client's with the connection (measured on 14.21.3 and 16.14.0:
	// testdata/runtime/http-get-order; 16.0.0 is assumed).
	HTTPCloseAfterEnd: {"http:close after end", []Version{{16, 0, 0}}},
	// A response's writes in one tick reach the client as one chunk
	// (measured: two on 24.11.0, one on 26.10.0; 26.0.0 is assumed).
	HTTPMergedChunks: {"http:merged chunks", []Version{{26, 0, 0}}},
	// http.METHODS lists QUERY (measured: absent on 20.18.0 and 21.7.0,
	// present on 20.20.2 and 22.0.0; 20.19.0 is assumed).
	HTTPQuery: {"http:QUERY", []Version{{20, 19, 0}, {22, 0, 0}}},
	// http.METHODS no longer lists PRI (measured: listed on 12.22.12 and
	// 14.21.3, not on 16.14.0; 16.0.0 is assumed).
	HTTPNoPRI: {"http:no PRI", []Version{{16, 0, 0}}},
	// dns.lookup keeps the resolver's order of addresses (IPv6 may come
	// first for 'localhost'), from 17.0.0 (Node's changelog).
	DNSVerbatim: {"dns:verbatim", []Version{{17, 0, 0}}},
	// A failed dns.lookup's errno is libuv's number (-3008 for ENOTFOUND);
	// before, the code again (measured on 12.22.12 and 14.21.3:
	// testdata/runtime/pool-dns-unknown; 13.0.0 is assumed).
	DNSErrnoNumber: {"dns:errno number", []Version{{13, 0, 0}}},
	// A zlib stream no longer closes itself at its 'end' (a 'close' on a
	// later tick); from 14 streams' autoDestroy emits one again (measured
	// on 11.15.0 and 12.22.12: testdata/runtime/pool-zlib-stream; 12.0.0
	// is assumed).
	ZlibNoCloseOnEnd: {"zlib:no close on end", []Version{{12, 0, 0}}},
	// crypto's random helpers by release (Node's docs; typeof each
	// recorded on 10.24.1, 12.22.12 and 16.14.0 to 26: pool-random-shapes).
	CryptoRandomUUID:      {"crypto:randomUUID", []Version{{14, 17, 0}, {15, 6, 0}}},
	CryptoRandomInt:       {"crypto:randomInt", []Version{{12, 19, 0}, {14, 10, 0}}},
	CryptoWebcrypto:       {"crypto:webcrypto", []Version{{15, 0, 0}}},
	CryptoGetRandomValues: {"crypto:getRandomValues", []Version{{17, 4, 0}}},
	// The error Node makes of an unhandled rejection whose reason is not
	// an Error (ERR_UNHANDLED_REJECTION) carries Node's frames, so it
	// prints as "UnhandledPromiseRejection: ..." instead of in brackets:
	// from 20.15.0 and 22.2.0, never on 21 (measured on 20.14.0/20.15.0,
	// 21.7.0 and 22.1.0/22.2.0).
	RejectionErrorFrames: {"errors:unhandled rejection frames", []Version{{20, 15, 0}, {22, 2, 0}}},
	// The report of an uncaught exception inspects the value (an Error's
	// own properties after its stack, an object's keys); before, it
	// printed an Error's stack and String() of any other value (measured
	// on 11.15.0/12.22.12; 12.0.0 is the major, not measured).
	UncaughtInspect: {"uncaught:inspect", []Version{{12, 0, 0}}},
	// An ES module's uncaught throw is reported with its file, source
	// line and caret, as a script's is; Node 10 printed the error alone
	// (measured on 10.24.1/11.15.0; 11.0.0 not measured).
	ESMErrorSource: {"esm:error source line", []Version{{11, 0, 0}}},
	// require('stream/promises') and stream.promises (Node's docs: 15.0.0).
	ModuleStreamPromises: {"module:stream/promises", []Version{{15, 0, 0}}},
	// Streams destroy themselves after 'end' and 'finish' (autoDestroy on
	// by default): 'close' follows a tick later (measured on 12.22.12
	// and 14.21.3: testdata/runtime/stream-writable-order; 14.0.0 is the
	// major, not measured).
	StreamAutoDestroy: {"stream:auto destroy", []Version{{14, 0, 0}}},
	// end() calls _final at once, and end(cb)'s callback runs before the
	// 'finish' listeners; before, _final waited a tick after the write
	// callbacks and end(cb) was a 'finish' listener (measured on 14.21.3
	// and 16.14.0: testdata/runtime/stream-writable-order; 15.0.0, the
	// streams rewrite, is assumed).
	StreamSyncFinal: {"stream:sync final", []Version{{15, 0, 0}}},
	// A byte stream's default highWaterMark is 64 KiB, where it was 16 KiB
	// (Node's changelog: 22.0.0).
	Stream64kHighWaterMark: {"stream:64k high water mark", []Version{{22, 0, 0}}},
	// read() with no size on a paused stream returns the first chunk it
	// holds, where it returned them all joined (measured on 25.0.0 and
	// 26.10.0: testdata/runtime/stream-readable-paused; 26.0.0 assumed).
	StreamReadOneChunk: {"stream:read one chunk", []Version{{26, 0, 0}}},
	// A write that completes inside write() (its callback called at
	// once) no longer counts toward the highWaterMark: write() returns
	// true and no 'drain' follows (measured: false on 20.0.0, true on
	// 20.10.0 and 21.0.0: testdata/runtime/net-write-backpressure;
	// 20.10.0 is the first 20.x measured, not the first that has it).
	StreamSyncWriteNoDrain: {"stream:sync write no drain", []Version{{20, 10, 0}, {21, 0, 0}}},
}

var featureNames = func() map[string]Feature {
	m := make(map[string]Feature, len(features))
	for f, info := range features {
		m[info.name] = Feature(f)
	}
	return m
}()

// String is the feature's name in the table ("syntax:??", "Promise.any").
func (f Feature) String() string {
	if f < 0 || f >= numFeatures {
		return "Feature(" + strconv.Itoa(int(f)) + ")"
	}
	return features[f].name
}

// FeatureNamed looks a feature up by its name, for names made at run time
// (a global's, a property's, the runtime's JavaScript). ok is false for a
// name the table does not know: what that means is for the caller to say.
func FeatureNamed(name string) (f Feature, ok bool) {
	f, ok = featureNames[name]
	return f, ok
}

// Has reports whether this Node version has feature.
func (p Profile) Has(feature Feature) bool {
	v := p.Node
	vs := features[feature].since
	for i, f := range vs {
		if v.Major == f.Major {
			return v.Minor > f.Minor || v.Minor == f.Minor && v.Patch >= f.Patch
		}
		if v.Major < f.Major {
			return false
		}
		if i == len(vs)-1 {
			return true
		}
	}
	return true
}

// Features lists every feature, in table order, for callers that strip
// globals.
func Features() []Feature {
	out := make([]Feature, numFeatures)
	for i := range out {
		out[i] = Feature(i)
	}
	return out
}

// SyntaxRejected reports whether this release refuses to compile a use of
// feature (a parse.SyntaxUse), and V8's message when it is known ("" when
// not): detail is the operator of a logical assignment, or "=" after a
// class field's name when it has an initializer.
func (p Profile) SyntaxRejected(feature Feature, detail string) (msg string, rejected bool) {
	if p.Has(feature) {
		return "", false
	}
	token := func(t string) string {
		if p.Has(V8QuotedToken) {
			return "SyntaxError: Unexpected token '" + t + "'"
		}
		return "SyntaxError: Unexpected token " + t
	}
	const invalid = "SyntaxError: Invalid or unexpected token"
	old := p.Node.Major < 12 // before class fields: a # is not a token
	switch feature {
	case SyntaxNullish:
		return token("?"), true
	case SyntaxOptionalChain:
		return token("."), true
	case SyntaxLogicalAssignment:
		switch {
		case p.Node.Major >= 14:
			return token(detail), true
		case detail == "??=":
			return token("?"), true
		}
		return token("="), true
	case SyntaxNumericSeparator, SyntaxPrivateField, SyntaxBigInt:
		return invalid, true
	case SyntaxClassField:
		if detail == "=" {
			return token("="), true
		}
		return "", true
	case SyntaxPrivateMethod:
		if old {
			return invalid, true
		}
		return token("("), true
	case SyntaxPrivateIn:
		if old {
			return invalid, true
		}
		return "SyntaxError: Unexpected identifier", true
	case SyntaxStaticBlock:
		return token("{"), true
	}
	return "", true
}

// ExitStatus is what the OS reports for a process exit code: its low
// byte (process.exit(256) exits 0, process.exit(-1) 255).
func ExitStatus(code int) int { return code & 0xff }

// RefusedEntry is the error Node prints instead of running an entry file
// with extension ext whose nearest package.json, at invalidPackage, is not
// JSON (PackageJSONTypeLookup: it reads the file for a .js
// entry's "type"); ok is false when Node runs the entry. V8's words for
// the JSON fault change by release and are left out. Measured on 12.14.0
// to 24.21.0: a SyntaxError through 20, a coded error in 21.0 to 21.4, a
// plain Error from 21.5.
func (p Profile) RefusedEntry(ext, invalidPackage string) (msg string, ok bool) {
	if invalidPackage == "" || ext != ".js" || !p.Has(PackageJSONTypeLookup) {
		return "", false
	}
	switch {
	case p.Node.Major <= 20:
		return "SyntaxError: Error parsing " + invalidPackage, true
	case p.Node.Major == 21 && p.Node.Minor < 5:
		return "Error [ERR_INVALID_PACKAGE_CONFIG]: Invalid package config " + invalidPackage + ".", true
	}
	return "Error: Invalid package config " + invalidPackage + ".", true
}

// UnsettledTLA is how Node ends when the main module's top-level await
// never settles (exit status 13): the code its 'exit' listeners receive,
// and whether process.exitCode reads 13 meanwhile. Measured on 14.21.3
// to 26.10.0: 0 and 13 through 21, 0 and undefined in 22.0 to 22.14 and
// 23.0 to 23.9, 13 and 13 since (with ExitCodeNumber).
func (p Profile) UnsettledTLA() (listenerCode int, setsExitCode bool) {
	switch {
	case p.Has(ExitCodeNumber):
		return 13, true
	case p.Node.Major >= 22:
		return 0, false
	}
	return 0, true
}
