package jslib

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/grafana/sobek"
	"golang.org/x/tools/txtar"
)

const nodeOut = "node-20.20.2.out"
const nodeErr = "node-20.20.2.err"

// harnessJS is a test-only stand-in for the runtime's Go services: a small
// util.inspect/format good enough for the values the snippets print, a
// nextTick queue and console.log. It is evaluated before the modules load.
const harnessJS = `
(function (global, writeOut, writeErr) {
  'use strict';
  const ident = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
  function quote(s) {
    if (!s.includes("'")) return "'" + s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n') + "'";
    if (!s.includes('"')) return '"' + s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n') + '"';
    return "'" + s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n') + "'";
  }
  function ctorName(v) {
    let o = v;
    while (o !== null) {
      const d = Object.getOwnPropertyDescriptor(o, 'constructor');
      if (d && typeof d.value === 'function' && d.value.name) return d.value.name;
      o = Object.getPrototypeOf(o);
    }
    return null;
  }
  function key(k) {
    if (typeof k === 'symbol') return '[' + String(k) + ']';
    return ident.test(k) ? k : quote(k);
  }
  function inspect(v, opts, depth, seen) {
    depth = depth || 0;
    seen = seen || [];
    const maxDepth = opts && opts.depth !== undefined ? opts.depth : 2;
    switch (typeof v) {
      case 'undefined': return 'undefined';
      case 'string': return depth === 0 && opts === 'top' ? v : quote(v);
      case 'number': return Object.is(v, -0) ? '-0' : String(v);
      case 'bigint': return String(v) + 'n';
      case 'boolean': return String(v);
      case 'symbol': return String(v);
      case 'function': {
        const src = Function.prototype.toString.call(v);
        if (src.startsWith('class')) return '[class ' + (v.name || '(anonymous)') + ']';
        return '[Function: ' + (v.name || '(anonymous)') + ']';
      }
    }
    if (v === null) return 'null';
    if (seen.includes(v)) return '[Circular *1]';
    if (v instanceof Error) {
      return v.stack && v.stack.startsWith(v.name) ? String(v.stack).split('\n')[0] : '[' + String(v) + ']';
    }
    const name = ctorName(v);
    if (opts && opts.compact === false && opts !== 'top') return multiline(v, opts, depth, seen, name);
    if (depth > maxDepth || maxDepth < 0) {
      if (Array.isArray(v)) return '[Array]';
      return '[' + (name || 'Object: null prototype') + ']';
    }
    seen = seen.concat([v]);
    const parts = [];
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) parts.push(inspect(v[i], opts, depth + 1, seen));
      const extra = Object.keys(v).filter((k) => !/^\d+$/.test(k));
      for (const k of extra) parts.push(key(k) + ': ' + inspect(v[k], opts, depth + 1, seen));
      const prefix = name === 'Array' ? '' : name + '(' + v.length + ') ';
      return prefix + (parts.length ? '[ ' + parts.join(', ') + ' ]' : '[]');
    }
    if (v instanceof Map) {
      for (const [k, x] of v) parts.push(inspect(k, opts, depth + 1, seen) + ' => ' + inspect(x, opts, depth + 1, seen));
      return 'Map(' + v.size + ') ' + (parts.length ? '{ ' + parts.join(', ') + ' }' : '{}');
    }
    if (v instanceof Set) {
      for (const x of v) parts.push(inspect(x, opts, depth + 1, seen));
      return 'Set(' + v.size + ') ' + (parts.length ? '{ ' + parts.join(', ') + ' }' : '{}');
    }
    if (v instanceof Promise) return 'Promise { <pending> }';
    if (v instanceof Date) return v.toISOString();
    if (v instanceof RegExp) return String(v);
    for (const k of Reflect.ownKeys(v)) {
      const d = Object.getOwnPropertyDescriptor(v, k);
      if (!d.enumerable) continue;
      if ('value' in d) parts.push(key(k) + ': ' + inspect(d.value, opts, depth + 1, seen));
      else parts.push(key(k) + ': [Getter' + (d.set ? '/Setter' : '') + ']');
    }
    let prefix = '';
    if (name === null) prefix = '[Object: null prototype] ';
    else if (name !== 'Object') prefix = name + ' ';
    return prefix + (parts.length ? '{ ' + parts.join(', ') + ' }' : '{}');
  }
  // The subset of inspect(v, { compact: false, sorted: true }) that assert
  // messages in the snippets need.
  function multiline(v, opts, depth, seen, name) {
    const pad = '  '.repeat(depth + 1);
    const closePad = '  '.repeat(depth);
    seen = seen.concat([v]);
    const items = [];
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) items.push(pad + inspect(v[i], opts, depth + 1, seen));
      const prefix = name === 'Array' ? '' : name + '(' + v.length + ') ';
      return prefix + (items.length ? '[\n' + items.join(',\n') + '\n' + closePad + ']' : '[]');
    }
    let keys = Object.keys(v);
    if (opts.sorted) keys = keys.sort();
    for (const k of keys) items.push(pad + key(k) + ': ' + inspect(v[k], opts, depth + 1, seen));
    let prefix = '';
    if (name === null) prefix = '[Object: null prototype] ';
    else if (name !== 'Object') prefix = name + ' ';
    return prefix + (items.length ? '{\n' + items.join(',\n') + '\n' + closePad + '}' : '{}');
  }
  function format(...args) {
    let out = '';
    let i = 0;
    if (typeof args[0] === 'string') {
      const f = args[0];
      i = 1;
      for (let j = 0; j < f.length; j++) {
        if (f[j] === '%' && j + 1 < f.length) {
          const c = f[j + 1];
          if (c === '%') { out += '%'; j++; continue; }
          if ('sdijoOf'.includes(c) && i < args.length) {
            const a = args[i++];
            if (c === 's') out += typeof a === 'string' ? a : inspect(a, { depth: 0 });
            else if (c === 'd' || c === 'i') out += String(c === 'i' ? parseInt(a) : Number(a));
            else if (c === 'f') out += String(parseFloat(a));
            else if (c === 'j') out += JSON.stringify(a);
            else out += inspect(a);
            j++;
            continue;
          }
        }
        out += f[j];
      }
    }
    for (; i < args.length; i++) {
      if (out !== '' || i > 0) out += ' ';
      out += typeof args[i] === 'string' ? args[i] : inspect(args[i]);
    }
    return out;
  }
  const ticks = [];
  function drainTicks() {
    while (ticks.length) {
      const t = ticks.shift();
      t.fn(...t.args);
    }
  }
  global.__internal = {
    inspect: (v, opts) => inspect(v, opts),
    format,
    emitWarning(message, type, code) {
      writeErr('(node:PID) ' + (code ? '[' + code + '] ' : '') + (type || 'Warning') + ': ' + message + '\n');
    },
    nextTick(fn, ...args) { ticks.push({ fn, args }); },
    // Version features (loop.Profile.Has): the snippets' outputs come
    // from a current Node, which has all of them.
    has: () => true,
  };
  global.process = { nextTick: global.__internal.nextTick };
  const RA = Reflect.apply;
  global.console = { log: function log() { writeOut(RA(format, null, arguments) + '\n'); } };
  // Runs the main script and then the tick queue before returning, so that
  // (as in Node) ticks queued by the main script run before promise jobs.
  global.__runMain = (fn) => { fn(); drainTicks(); };
  global.__drainTicks = () => { drainTicks(); };
  global.__ticksPending = () => ticks.length > 0;
})
`

type jsEnv struct {
	vm     *sobek.Runtime
	stdout strings.Builder
	stderr strings.Builder
	cache  map[string]sobek.Value
	intern sobek.Value
}

func newEnv(t *testing.T) *jsEnv {
	t.Helper()
	e := &jsEnv{vm: sobek.New(), cache: map[string]sobek.Value{}}
	setup, err := e.vm.RunString(harnessJS)
	if err != nil {
		t.Fatalf("harness: %v", err)
	}
	fn, _ := sobek.AssertFunction(setup)
	_, err = fn(sobek.Undefined(), e.vm.GlobalObject(),
		e.vm.ToValue(func(s string) { e.stdout.WriteString(s) }),
		e.vm.ToValue(func(s string) { e.stderr.WriteString(s) }))
	if err != nil {
		t.Fatalf("harness setup: %v", err)
	}
	e.intern = e.vm.Get("__internal")
	e.vm.Set("require", e.require)
	return e
}

func (e *jsEnv) require(name string) sobek.Value {
	name = strings.TrimPrefix(name, "node:")
	if name == "assert/strict" {
		return e.require("assert").ToObject(e.vm).Get("strict")
	}
	if v, ok := e.cache[name]; ok {
		return v
	}
	src, ok := Source(name)
	if !ok {
		panic(e.vm.NewTypeError("Cannot find module '%s'", name))
	}
	prg, err := sobek.Compile(name+".js",
		"(function (exports, require, module, __internal) {"+src+"\n})", true)
	if err != nil {
		panic(e.vm.NewGoError(err))
	}
	wrapper, err := e.vm.RunProgram(prg)
	if err != nil {
		panic(err)
	}
	fn, _ := sobek.AssertFunction(wrapper)
	module := e.vm.NewObject()
	exports := e.vm.NewObject()
	_ = module.Set("exports", exports)
	e.cache[name] = exports
	if _, err := fn(sobek.Undefined(), exports, e.vm.Get("require"), module, e.intern); err != nil {
		panic(err)
	}
	v := module.Get("exports")
	e.cache[name] = v
	return v
}

// run executes main like `node main.js` would as far as the snippets care.
func (e *jsEnv) run(main string) error {
	prg, err := sobek.Compile("main.js", "(function () {"+main+"\n})", false)
	if err != nil {
		return err
	}
	mainFn, err := e.vm.RunProgram(prg)
	if err != nil {
		return err
	}
	runMain, _ := sobek.AssertFunction(e.vm.Get("__runMain"))
	if _, err := runMain(sobek.Undefined(), mainFn); err != nil {
		return err
	}
	drain, _ := sobek.AssertFunction(e.vm.Get("__drainTicks"))
	pending, _ := sobek.AssertFunction(e.vm.Get("__ticksPending"))
	for i := 0; i < 10000; i++ {
		p, err := pending(sobek.Undefined())
		if err != nil {
			return err
		}
		if !p.ToBoolean() {
			return nil
		}
		if _, err := drain(sobek.Undefined()); err != nil {
			return err
		}
	}
	return fmt.Errorf("tick queue never drained")
}

var pidRE = regexp.MustCompile(`\(node:\d+\)`)

func TestSnippets(t *testing.T) {
	paths, err := filepath.Glob("testdata/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatal("no testdata")
	}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".txtar")
		t.Run(name, func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			sections := map[string]string{}
			for _, f := range ar.Files {
				sections[f.Name] = string(f.Data)
			}
			main, ok := sections["main.js"]
			if !ok {
				t.Fatal("no main.js section")
			}
			want, ok := sections[nodeOut]
			if !ok {
				t.Fatalf("no %s section", nodeOut)
			}
			e := newEnv(t)
			if err := e.run(main); err != nil {
				t.Errorf("run: %v", err)
			}
			if got := e.stdout.String(); got != want {
				t.Errorf("stdout mismatch\n--- got ---\n%s\n--- want (node) ---\n%s\n--- diff ---\n%s", got, want, lineDiff(got, want))
			}
			if wantErr, ok := sections[nodeErr]; ok {
				if got := pidRE.ReplaceAllString(e.stderr.String(), "(node:PID)"); got != wantErr {
					t.Errorf("stderr mismatch\n--- got ---\n%s\n--- want (node) ---\n%s", got, wantErr)
				}
			}
		})
	}
}

func lineDiff(got, want string) string {
	g := strings.Split(got, "\n")
	w := strings.Split(want, "\n")
	var b strings.Builder
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			fmt.Fprintf(&b, "line %d:\n  got:  %q\n  want: %q\n", i+1, gl, wl)
		}
	}
	return b.String()
}

func TestSourceAndNames(t *testing.T) {
	names := Names()
	want := []string{"assert", "crypto", "dns", "events", "http", "net", "stream", "string_decoder", "util", "worker_threads", "zlib"}
	if strings.Join(names, ",") != strings.Join(want, ",") {
		t.Fatalf("Names() = %v, want %v", names, want)
	}
	for _, n := range want {
		if src, ok := Source(n); !ok || src == "" {
			t.Errorf("Source(%q) missing", n)
		}
		if _, ok := Source("node:" + n); !ok {
			t.Errorf("Source(node:%q) missing", n)
		}
	}
	if _, ok := Source("fs"); ok {
		t.Error("Source(fs) should not exist")
	}
	if _, ok := Source("../jslib"); ok {
		t.Error("Source(../jslib) should not exist")
	}
}

// TestHostileGlobals checks that dispatch keeps working after user code
// replaces built-in prototype methods the modules might have used.
func TestHostileGlobals(t *testing.T) {
	e := newEnv(t)
	err := e.run(`
const EventEmitter = require('events');
const util = require('util');
const assert = require('assert');
const e = new EventEmitter();
const seen = [];
const left = { m: new Map([[1, { a: [1] }]]), s: new Set([1, { b: 2 }]) };
const right = { m: new Map([[1, { a: [1] }]]), s: new Set([{ b: 2 }, 1]) };
e.on('x', (v) => { seen[seen.length] = 'a' + v; });
e.once('x', (v) => { seen[seen.length] = 'b' + v; });
Function.prototype.call = function () { throw new Error('hostile call'); };
Function.prototype.apply = function () { throw new Error('hostile apply'); };
Function.prototype.bind = function () { throw new Error('hostile bind'); };
Array.prototype.push = function () { throw new Error('hostile push'); };
Array.prototype.splice = function () { throw new Error('hostile splice'); };
Array.prototype.slice = function () { throw new Error('hostile slice'); };
Array.prototype[Symbol.iterator] = function () { throw new Error('hostile iterator'); };
Promise.prototype.then = function () { throw new Error('hostile then'); };
Map.prototype.get = function () { throw new Error('hostile map get'); };
Set.prototype.has = function () { throw new Error('hostile set has'); };
Set.prototype[Symbol.iterator] = function () { throw new Error('hostile set iterator'); };
e.emit('x', 1);
e.emit('x', 2);
e.prependOnceListener('x', (v) => { seen[seen.length] = 'c' + v; });
e.emit('x', 3);
e.removeAllListeners();
console.log(seen.join(','), e.listenerCount('x'));
const p = util.promisify((a, cb) => cb(null, a * 2))(21);
console.log(typeof p);
assert.deepStrictEqual(left, right);
assert.throws(() => assert.strictEqual(1, 2), assert.AssertionError);
console.log(util.isDeepStrictEqual([1, [2]], [1, [2]]));
`)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := e.stdout.String(), "a1,b1,a2,c3,a3 0\nobject\ntrue\n"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}
