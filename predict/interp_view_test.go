package predict

import (
	"strings"
	"testing"

	"github.com/looplint/looplint/parse"
)

// Printing through runtime/inspect: values the interpreter knows print
// as Node 20.20.2 printed them (frames dropped); what it does not know
// exactly leaves the prediction incomplete.
func TestInterpPrint(t *testing.T) {
	src := `console.log(Object.create(Object.create(null)));
function F() {}
console.log([new F(), F.prototype]);
(function () { console.log({ a: { b: { c: arguments } } }); })(1);
const e = new Error('m'); e.code = 'E1'; console.log(e);
console.log(Array.from({ length: 120 }, (_, i) => i % 3));
console.log('%o', [1, [2]], new Map([[1, { a: [] }]]));`
	want := `Object <[Object: null prototype] {}> {}|[ F {}, {} ]|{ a: { b: { c: [Object] } } }|Error: m|  code: 'E1'|}|[|  0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2,|  0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2,|  0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2,|  0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2,|  0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2,|  0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2,|  0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2,|  0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2,|  0, 1, 2, 0,|  ... 20 more items|]|[ 1, [ 2, [length]: 1 ], [length]: 2 ] Map(1) { 1 => { a: [] } }`
	f, err := parse.Parse("print.js", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	pr := Predict(f, node20, Options{})
	if !pr.Complete || len(pr.Orders) != 1 {
		t.Fatalf("complete=%v, %d orders, reasons %v", pr.Complete, len(pr.Orders), pr.Reasons)
	}
	if got := strings.Join(pr.Orders[0].Stdout, "|"); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	for _, src := range []string{
		"console.log({ e: new Error('x') });",                                  // a nested stack's frames weigh in the layout
		"const o = {}; o[Symbol.toStringTag] = 'T'; console.log(o);",           // an own tag
		"console.log(new Date());",                                             // the clock
		"console.log(Math);",                                                   // a namespace
		"console.log('%s', function f() {});",                                  // a function's source
		"console.log(new Map(Array.from({ length: 101 }, (_, i) => [i, i])));", // past maxArrayLength
		"const o = {}; Object.defineProperty(o, 'h', { value: 1 }); console.log('%o', o);",
	} {
		f, err := parse.Parse("refused.js", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if pr := Predict(f, node20, Options{}); pr.Complete {
			t.Errorf("%s: complete: %v", src, pr.Orders)
		}
	}
}
