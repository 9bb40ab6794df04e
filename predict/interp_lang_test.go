package predict

import (
	"strings"
	"testing"

	"github.com/looplint/looplint/explore"
	"github.com/looplint/looplint/loop"
	"github.com/looplint/looplint/parse"
)

// Language constructs of the slice, each with the one order Node prints
// (deterministic by construction).
func TestInterpLanguage(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"var-vs-let-loop", `
for (var i = 0; i < 3; i++) setTimeout(() => console.log('var', i), 0);
for (let j = 0; j < 3; j++) setTimeout(() => console.log('let', j), 0);`,
			"var 3|var 3|var 3|let 0|let 1|let 2"},
		{"closures-and-numbers", `
function counter() { let n = 0; return () => ++n; }
const c = counter(); c(); c();
console.log(c(), 0.1 + 0.2, 1e21, 2 ** -10, -0, 7 / 2, 'x' + 1 + 2, null, undefined, true);`,
			"3 0.30000000000000004 1e+21 0.0009765625 -0 3.5 x12 null undefined true"},
		{"try-finally-return", `
function f() { try { throw new Error('boom'); } catch (e) { return 'caught ' + e.message; } finally { console.log('finally'); } }
console.log(f());
const o = { a: 1, b: 'two', c: [3, 4], d: null };
console.log(o, [1, 'x'], {}, []);
console.log(` + "`tpl ${o.a + 1} ${o.c.length}`" + `);`,
			"finally|caught boom|{ a: 1, b: 'two', c: [ 3, 4 ], d: null } [ 1, 'x' ] {} []|tpl 2 2"},
		{"busy-wait-difference", `
setTimeout(() => console.log('timeout'), 0);
setImmediate(() => console.log('immediate'));
const t = Date.now();
while (Date.now() - t < 5) {}`,
			"timeout|immediate"},
		{"async-for-of-await", `
async function run() { for (const x of ['a', 'b']) { await null; console.log(x); } return 'done'; }
run().then(console.log);
Promise.resolve().then(() => console.log('p1')).then(() => console.log('p2'));`,
			"a|p1|b|p2|done"},
		{"class-extends-function", `
function Base(x) { this.x = x; }
Base.prototype.get = function () { return this.x; };
class Derived extends Base { constructor() { super(7); console.log(new.target === Derived); } }
const d = new Derived();
console.log(d.get(), d instanceof Base, Object.getPrototypeOf(Derived.prototype) === Base.prototype, Derived.prototype);`,
			"true|7 true true Base {}"},
		{"descriptors-and-reflect", `
const o = { a: 1 };
Object.defineProperty(o, 'b', { get() { return this.a + 1; }, enumerable: false });
Object.defineProperties(o, { c: { value: 3, enumerable: true } });
console.log(Object.keys(o), o.b, JSON.stringify(Object.getOwnPropertyDescriptor(o, 'c')));
console.log(Reflect.apply(Math.max, null, [1, 5, 2]), Function.prototype.call.call(function () { return this.a; }, o));`,
			"[ 'a', 'c' ] 2 {\"value\":3,\"writable\":false,\"enumerable\":true,\"configurable\":false}|5 1"},
	}
	p := node20
	for _, c := range cases {
		f, err := parse.Parse(c.name+".js", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		pr := Predict(f, p, Options{})
		if !pr.Complete {
			t.Errorf("%s: incomplete: %v", c.name, pr.Reasons)
			continue
		}
		if len(pr.Orders) != 1 || strings.Join(pr.Orders[0].Stdout, "|") != c.want {
			var got []string
			for _, o := range pr.Orders {
				got = append(got, strings.Join(o.Stdout, "|"))
			}
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

// Unsupported constructs make the result incomplete, with a position.
func TestInterpIncomplete(t *testing.T) {
	for _, src := range []string{
		"eval('1'); console.log('x');",
		"const m = require('mystery'); m.go(() => console.log('cb'));",
		"class A extends Promise {}; console.log('x');",
		"let i = 0; while (true) { i++; } ",
		"require('fs').readFile('f', (e, d) => console.log(d));",
		// console.table where Node's width or rules are not modelled.
		"console.table([{ w: '漢字' }]);",
		"console.table(new Map([[1, 2]]).entries());",
		"console.table([require('path')]);",
		"console.table([{ a: 1 }], 'a');",
		"console.table([{ get x() { return 1; } }]);",
		"console.table([function f() {}], ['name']);",
		"console.table([{ s: new Set([1, 2, 3, 4]) }]);",
		// structuredClone where V8's wording or Node's release is not modelled.
		"structuredClone(); console.log('x');",
		"try { structuredClone(Promise.resolve()); } catch (e) { console.log(e.message); }",
		"console.log(structuredClone({ a: require('fs').statSync('f') }));",
	} {
		f, err := parse.Parse("x.js", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		pr := Predict(f, node20, Options{MaxIter: 100})
		if pr.Complete || len(pr.Reasons) == 0 || pr.Reasons[0].Pos.Line == 0 {
			t.Errorf("%q: complete=%v reasons=%v", src, pr.Complete, pr.Reasons)
		}
	}
}

var node20 = loop.Profile{Node: loop.Version{Major: 20, Minor: 20, Patch: 2}}

// util.promisify of a built-in function (util.js copies its own
// properties and calls it with a callback): modelled, as fs.readFile is.
func TestPromisifyBuiltin(t *testing.T) {
	src := `const fs = require('fs');
const util = require('util');
const readFile = util.promisify(fs.readFile);
readFile('a.txt', 'utf8').then((d) => console.log(readFile.name, d));
`
	p := predictFiles(t, src, abcd, "20", explore.Config{})
	if !p.Complete {
		t.Fatalf("incomplete: %v", p.Reasons)
	}
	if len(p.Orders) != 1 || strings.Join(p.Orders[0].Stdout, "|") != "readFile alpha" {
		t.Errorf("orders %+v", p.Orders)
	}
}
