package runtime

import (
	"reflect"
	"sort"

	"github.com/grafana/sobek/ast"
	"github.com/grafana/sobek/parser"

	"github.com/looplint/looplint/parse"
)

// oldAwaitHelper is the global that wraps awaited values for V8 < 7.2.
const oldAwaitHelper = "__looplint_await"

// rewriteOldAwait makes `await x` cost what it cost before V8 7.2 (Node 10
// and 11): the operand was wrapped in a throwaway promise, so awaiting a
// native promise took 3 microtask jobs instead of 1 (SEMANTICS §6). The
// engine implements today's spec; wrapping each operand in
// `new Promise(r => r(x))` restores the old count exactly (2 jobs to adopt
// a native promise, 1 for the await), and costs nothing extra for
// non-promises and thenables. Only columns on rewritten lines move.
func rewriteOldAwait(src string, module bool) string {
	var prog *ast.Program
	var err error
	offset := 0
	if module {
		prog, err = parser.ParseFile(nil, "", src, 0, parser.IsModule, parser.WithDisableSourceMaps)
	} else {
		prog, err = parser.ParseFile(nil, "", parse.CJSPrefix+src+parse.CJSSuffix, 0, parser.WithDisableSourceMaps)
		offset = len(parse.CJSPrefix)
	}
	if err != nil {
		return src
	}
	type ins struct {
		at   int
		text string
		open bool
	}
	var edits []ins
	walk(reflect.ValueOf(prog), func(n any) {
		aw, ok := n.(*ast.AwaitExpression)
		if !ok || aw.Argument == nil {
			return
		}
		// The helper's "(" goes right after the keyword, not at the
		// argument's start: the AST has no parentheses, so in
		// `await (async () => {})()` the argument starts inside them.
		s, e := int(aw.Await)-1-offset+len("await"), int(aw.Argument.Idx1())-1-offset
		if s < 0 || e > len(src) || s > e {
			return
		}
		edits = append(edits, ins{s, " " + oldAwaitHelper + "(", true}, ins{e, ")", false})
	})
	if len(edits) == 0 {
		return src
	}
	// Apply from the end; at one offset closers go before openers.
	sort.SliceStable(edits, func(i, j int) bool {
		if edits[i].at != edits[j].at {
			return edits[i].at > edits[j].at
		}
		return edits[i].open && !edits[j].open
	})
	out := src
	for _, e := range edits {
		out = out[:e.at] + e.text + out[e.at:]
	}
	return out
}

var nodeType = reflect.TypeOf((*ast.Node)(nil)).Elem()

// walk visits every AST node reachable from v.
func walk(v reflect.Value, visit func(any)) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return
		}
		if v.Kind() == reflect.Pointer && v.Type().Implements(nodeType) {
			visit(v.Interface())
		}
		walk(v.Elem(), visit)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				walk(v.Field(i), visit)
			}
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			walk(v.Index(i), visit)
		}
	}
}
