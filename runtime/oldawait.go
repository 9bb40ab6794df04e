package runtime

import (
	"sort"
	"strconv"
	"strings"

	"github.com/grafana/sobek/ast"
	"github.com/grafana/sobek/file"
	"github.com/grafana/sobek/parser"

	"github.com/looplint/looplint/parse"
)

// oldAwaitHelper is the global that wraps awaited values for V8 < 7.2.
const oldAwaitHelper = "__looplint_await"

// rewriteOldAwait makes `await x` cost what it cost before V8 7.2 (Node 10
// and 11): the operand was wrapped in a throwaway promise, so awaiting a
// native promise took 3 microtask jobs instead of 1 (docs/semantics.md §8). The
// engine implements today's spec; wrapping each operand in
// `new Promise(r => r(x))` restores the old count exactly (2 jobs to adopt
// a native promise, 1 for the await), and costs nothing extra for
// non-promises and thenables. Only columns on rewritten lines move.
func rewriteOldAwait(src string, module bool) string {
	return rewriteSource(src, module, func(prog *ast.Program, offset int, add func(at int, text string, open bool)) {
		parse.Walk(prog, func(n any) bool {
			aw, ok := n.(*ast.AwaitExpression)
			if !ok || aw.Argument == nil {
				return true
			}
			// The helper's "(" goes right after the keyword, not at the
			// argument's start: the AST has no parentheses, so in
			// `await (async () => {})()` the argument starts inside them.
			s, e := int(aw.Await)-1-offset+len("await"), int(exprEnd(aw.Argument))-1-offset
			add(s, " "+oldAwaitHelper+"(", true)
			add(e, ")", false)
			return true
		})
	})
}

// syncAdoptHelper is the global that adopts a settled native promise at
// once, for V8 6.2 (Node 8; loop.Profile.SyncAdopt).
const syncAdoptHelper = "__looplint_adopt"

// rewriteSyncAdopt makes an async function's `return p` (and an async
// arrow's expression body) take a settled native promise's state at once,
// as V8 6.2 did, where the engine would adopt it through two jobs. The
// other ways to resolve with a promise are wrapped at run time (the
// syncAdopt script).
func rewriteSyncAdopt(src string, module bool) string {
	return rewriteSource(src, module, func(prog *ast.Program, offset int, add func(at int, text string, open bool)) {
		// Double parentheses: the argument may be a comma expression.
		wrap := func(x ast.Expression) {
			add(int(exprStart(x))-1-offset, syncAdoptHelper+"((", true)
			add(int(exprEnd(x))-1-offset, "))", false)
		}
		var visit func(root ast.Node, async bool)
		visit = func(root ast.Node, async bool) {
			parse.Walk(root, func(n any) bool {
				switch n := n.(type) {
				case *ast.FunctionLiteral:
					if n.Body != nil {
						visit(n.Body, n.Async && !n.Generator)
					}
					return false
				case *ast.ArrowFunctionLiteral:
					if b, ok := n.Body.(*ast.ExpressionBody); ok && n.Async {
						wrap(b.Expression)
					}
					visit(n.Body, n.Async)
					return false
				case *ast.TryStatement:
					// A return inside try: adopting a rejected promise
					// throws, which its catch would take; leave those
					// returns to the engine (two jobs late, same result).
					visit(n.Body, false)
					visit(n.Catch, false)
					visit(n.Finally, false)
					return false
				case *ast.ReturnStatement:
					if async && n.Argument != nil {
						wrap(n.Argument)
					}
				}
				return true
			})
		}
		visit(prog, false)
	})
}

// exprStart is where an expression's text begins: a tagged template's
// Idx0 is its opening quote, not its tag, and the nodes that begin with
// a subexpression inherit that.
func exprStart(x ast.Expression) file.Idx {
	switch x := x.(type) {
	case *ast.TemplateLiteral:
		if x.Tag != nil {
			return exprStart(x.Tag)
		}
	case *ast.DotExpression:
		return exprStart(x.Left)
	case *ast.PrivateDotExpression:
		return exprStart(x.Left)
	case *ast.BracketExpression:
		return exprStart(x.Left)
	case *ast.CallExpression:
		return exprStart(x.Callee)
	case *ast.BinaryExpression:
		return exprStart(x.Left)
	case *ast.AssignExpression:
		return exprStart(x.Left)
	case *ast.ConditionalExpression:
		return exprStart(x.Test)
	case *ast.SequenceExpression:
		if len(x.Sequence) > 0 {
			return exprStart(x.Sequence[0])
		}
	case *ast.OptionalChain:
		return exprStart(x.Expression)
	}
	return x.Idx0()
}

// exprEnd is where an expression's text ends: the parser puts the end of
// `new C()` (no arguments) after C, and the nodes that end with a
// subexpression inherit that.
func exprEnd(x ast.Expression) file.Idx {
	switch x := x.(type) {
	case *ast.NewExpression:
		if x.RightParenthesis > 0 {
			return x.RightParenthesis + 1
		}
	case *ast.BinaryExpression:
		return exprEnd(x.Right)
	case *ast.AssignExpression:
		return exprEnd(x.Right)
	case *ast.ConditionalExpression:
		return exprEnd(x.Alternate)
	case *ast.SequenceExpression:
		if len(x.Sequence) > 0 {
			return exprEnd(x.Sequence[len(x.Sequence)-1])
		}
	case *ast.UnaryExpression:
		if !x.Postfix {
			return exprEnd(x.Operand)
		}
	case *ast.AwaitExpression:
		if x.Argument != nil {
			return exprEnd(x.Argument)
		}
	}
	return x.Idx1()
}

// rewriteSource parses src as the runtime will run it (a CommonJS module
// is wrapped), lets collect add text at offsets of src, and applies it.
// Only columns on rewritten lines move.
func rewriteSource(src string, module bool, collect func(prog *ast.Program, offset int, add func(at int, text string, open bool))) string {
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
	bad := false
	collect(prog, offset, func(at int, text string, open bool) {
		if at < 0 || at > len(src) {
			bad = true
		}
		edits = append(edits, ins{at, text, open})
	})
	if len(edits) == 0 || bad {
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

// arrowArgs is the binding that stands for a function's arguments inside
// its arrow functions.
const arrowArgs = "__looplint_arguments"

// rewriteEngineGaps works around what the engine does differently from
// V8 on every release, in one parse:
//   - it panics compiling `arguments` inside an arrow function: the
//     enclosing function binds its arguments object to arrowArgs first
//     thing, and the arrows read that;
//   - an anonymous function or class in a parameter default keeps the
//     name "" where V8 names it after the parameter (function f(cb =
//     () => {}) makes cb.name "cb"): the default is wrapped in
//     defaultNameHelper;
//   - it runs an empty counting loop a hundred times slower than V8: the
//     loop ends at once (countingLoops).
//
// Only columns on rewritten lines move.
func rewriteEngineGaps(src string, module bool) string {
	args := strings.Contains(src, "arguments")
	if !args && !strings.Contains(src, "=") {
		return src
	}
	return rewriteSource(src, module, func(prog *ast.Program, offset int, add func(at int, text string, open bool)) {
		if args {
			arrowArguments(prog, offset, add)
		}
		defaultNames(prog, offset, add)
		if strings.Contains(src, "for") {
			countingLoops(prog, offset, add)
		}
		if module && strings.Contains(src, "this") {
			moduleArrowThis(prog, offset, add)
		}
	})
}

// moduleArrowThis makes `this` in an ES module's top-level arrows
// undefined, as in Node: the engine gives them the global object. Each
// such `this` becomes (void this), which also keeps its text.
func moduleArrowThis(prog *ast.Program, offset int, add func(at int, text string, open bool)) {
	parse.Walk(prog, func(n any) bool {
		switch n := n.(type) {
		case *ast.FunctionLiteral, *ast.ClassLiteral:
			return false // their own this
		case *ast.ThisExpression:
			at := int(n.Idx) - 1 - offset
			add(at, "(void ", true)
			add(at+len("this"), ")", false)
		}
		return true
	})
}

// defaultNameHelper names anonymous functions in parameter defaults.
const defaultNameHelper = "__looplint_named"

func defaultNames(prog *ast.Program, offset int, add func(at int, text string, open bool)) {
	parse.Walk(prog, func(n any) bool {
		pl, ok := n.(*ast.ParameterList)
		if !ok {
			return true
		}
		for _, b := range pl.List {
			id, ok := b.Target.(*ast.Identifier)
			if !ok || b.Initializer == nil || !anonymousFn(b.Initializer) {
				continue
			}
			add(int(exprStart(b.Initializer))-1-offset, defaultNameHelper+"(", true)
			add(int(exprEnd(b.Initializer))-1-offset, ", "+strconv.Quote(id.Name.String())+")", false)
		}
		return true
	})
}

// anonymousFn reports an anonymous function, arrow or class expression.
func anonymousFn(x ast.Expression) bool {
	switch x := x.(type) {
	case *ast.FunctionLiteral:
		return x.Name == nil
	case *ast.ArrowFunctionLiteral:
		return true
	case *ast.ClassLiteral:
		return x.Name == nil
	}
	return false
}

func arrowArguments(prog *ast.Program, offset int, add func(at int, text string, open bool)) {
	declared := map[*ast.BlockStatement]bool{}
	var visit func(root ast.Node, fn *ast.BlockStatement, inArrow bool)
	visit = func(root ast.Node, fn *ast.BlockStatement, inArrow bool) {
		parse.Walk(root, func(n any) bool {
			switch n := n.(type) {
			case *ast.FunctionLiteral:
				if n.Body != nil {
					visit(n.Body, n.Body, false)
				}
				return false
			case *ast.ArrowFunctionLiteral:
				visit(n.Body, fn, true)
				return false
			case *ast.DotExpression:
				visit(n.Left, fn, inArrow) // .arguments is a property name
				return false
			case *ast.Identifier:
				if inArrow && fn != nil && n.Name == "arguments" {
					add(int(n.Idx)-1-offset, arrowArgs[:len(arrowArgs)-len("arguments")], true)
					if !declared[fn] {
						declared[fn] = true
						add(afterDirectives(fn, offset), "; var "+arrowArgs+" = arguments; ", true)
					}
				}
			}
			return true
		})
	}
	visit(prog, nil, false)
}

// afterDirectives is where a function body's directive prologue ("use
// strict") ends, so that code put there keeps it a prologue.
func afterDirectives(body *ast.BlockStatement, offset int) int {
	at := int(body.LeftBrace) - offset
	for _, st := range body.List {
		es, ok := st.(*ast.ExpressionStatement)
		if !ok {
			break
		}
		if _, ok := es.Expression.(*ast.StringLiteral); !ok {
			break
		}
		at = int(st.Idx1()) - 1 - offset
	}
	return at
}
