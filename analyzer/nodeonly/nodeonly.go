// Package nodeonly reports Node's own globals in code that runs in a
// browser (looplint check --target browser).
package nodeonly

import (
	"flag"
	"fmt"
	"strings"

	"github.com/grafana/sobek/ast"
	"github.com/grafana/sobek/token"
	"golang.org/x/tools/go/analysis"

	"github.com/looplint/looplint/analyzer/jsfile"
)

const Doc = `report Node-only globals in code that runs in a browser

A browser has no setImmediate, process, require, module, exports,
__filename, __dirname, Buffer or global: a script that reaches one throws
a ReferenceError there ("Uncaught ReferenceError: setImmediate is not
defined"), and the rest of that script or callback does not run. Code
shared between Node and the browser often uses them for scheduling
(process.nextTick, setImmediate), which moves its callbacks in the
browser's loop as well as breaking it.

The check runs only for a browser target (looplint check --target
chromium, firefox or browser); for Node it reports nothing. A name the
file declares itself, or tests with typeof anywhere (universal code that
picks what exists), is not reported.

Bad:

	setImmediate(() => console.log('later'));
	process.nextTick(() => console.log('soon'));

Fix: the browser's own queues. A task after the current one, and a
microtask before any task:

	setTimeout(() => console.log('later'), 0); // or a MessageChannel message: no 4 ms clamp
	queueMicrotask(() => console.log('soon'));`

var Analyzer = &analysis.Analyzer{
	Name:     "nodeonly",
	Doc:      Doc,
	Requires: []*analysis.Analyzer{jsfile.Analyzer},
	Run:      run,
	Flags:    flags(),
}

// target is whose loop runs the checked code: node (the check is off),
// or a browser.
var target string

func flags() flag.FlagSet {
	var fs flag.FlagSet
	fs.StringVar(&target, "target", "node", "whose loop runs the code: node (nothing reported), chromium, firefox or browser")
	return fs
}

// advice says what a browser has instead of each of Node's globals.
var advice = map[string]string{
	"setImmediate":   "use setTimeout(fn, 0), or a MessageChannel message for a task without the 4 ms clamp",
	"clearImmediate": "use clearTimeout with setTimeout",
	"process":        "process.nextTick has queueMicrotask; the rest of process has no browser equivalent",
	"require":        "load modules with import (a module script) or a bundler",
	"module":         "export with export (a module script) or a bundler",
	"exports":        "export with export (a module script) or a bundler",
	"__filename":     "a module script has import.meta.url",
	"__dirname":      "a module script has import.meta.url",
	"Buffer":         "use Uint8Array, TextEncoder and TextDecoder",
	"global":         "use globalThis (or window)",
}

func run(pass *analysis.Pass) (any, error) {
	if target == "" || target == "node" {
		return nil, nil
	}
	f := pass.ResultOf[jsfile.Analyzer].(*jsfile.File)
	declared := map[string]bool{}
	var bind func(n ast.Node)
	bind = func(n ast.Node) {
		if id, ok := n.(*ast.Identifier); ok {
			declared[id.Name.String()] = true
			return
		}
		jsfile.Children(n, func(c ast.Node) {
			if _, ok := c.(ast.Expression); ok {
				if _, isPattern := c.(ast.Pattern); !isPattern {
					if _, isID := c.(*ast.Identifier); !isID {
						return // a default value, not a name bound
					}
				}
			}
			bind(c)
		})
	}
	for _, s := range f.Body {
		jsfile.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Binding:
				bind(n.Target)
			case *ast.FunctionLiteral:
				if n.Name != nil {
					declared[n.Name.Name.String()] = true
				}
			case *ast.ClassLiteral:
				if n.Name != nil {
					declared[n.Name.Name.String()] = true
				}
			case *ast.CatchStatement:
				if n.Parameter != nil {
					bind(n.Parameter)
				}
			}
			return true
		})
	}
	typeofTested := map[string]bool{} // the file tests the name with typeof somewhere
	for _, s := range f.Body {
		jsfile.Inspect(s, func(n ast.Node) bool {
			if u, ok := n.(*ast.UnaryExpression); ok && u.Operator == token.TYPEOF {
				return false // a feature test
			}
			id, ok := n.(*ast.Identifier)
			if !ok {
				return true
			}
			name := id.Name.String()
			how, nodes := advice[name]
			if !nodes || declared[name] {
				return true
			}
			tested, seen := typeofTested[name]
			if !seen {
				tested = strings.Contains(f.Source, "typeof "+name)
				typeofTested[name] = tested
			}
			if tested {
				return true
			}
			d := analysis.Diagnostic{Message: fmt.Sprintf("%s is Node's: a browser (--target %s) has none, so this throws a ReferenceError there; %s", name, target, how)}
			d.Pos, d.End = f.Range(id)
			pass.Report(d)
			return true
		})
	}
	return nil, nil
}
