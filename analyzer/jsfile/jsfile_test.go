package jsfile_test

import (
	"go/token"
	"testing"

	"github.com/grafana/sobek/ast"

	"github.com/looplint/looplint/analyzer/jsfile"
	"github.com/looplint/looplint/parse"
)

// TestReusesProgram: jsfile takes the AST parse kept instead of parsing
// again, for scripts, modules and lowered files; a File without one is
// still parsed, to the same shape.
func TestReusesProgram(t *testing.T) {
	for name, src := range map[string]string{
		"a.js":  "const x = 1;\nprocess.nextTick(() => console.log(x));\n",
		"b.mjs": "import fs from 'fs';\nawait null;\nfs.readFileSync('x');\n",
		"c.ts":  "const n: number = 1;\nconsole.log(n);\n",
		"d.js":  "async function* g() { yield 1; }\n(async () => { for await (const v of g()) console.log(v); })();\n",
	} {
		f, err := parse.Parse(name, []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if f.Program() == nil {
			t.Fatalf("%s: parse kept no AST", name)
		}
		tf := token.NewFileSet().AddFile(name, -1, len(f.Source))
		jf, err := jsfile.Parse(f, tf)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if jf.Program != f.Program() {
			t.Errorf("%s: parsed again instead of reusing the AST", name)
		}
		bare := parse.File{Path: f.Path, Source: f.Source, Text: f.Text, Ext: f.Ext, ESMSyntax: f.ESMSyntax}
		fresh, err := jsfile.Parse(&bare, tf)
		if err != nil {
			t.Fatalf("%s: fresh parse: %v", name, err)
		}
		if fresh.Program == jf.Program || len(fresh.Body) != len(jf.Body) || fresh.Text(fresh.Body[0]) != jf.Text(jf.Body[0]) {
			t.Errorf("%s: fresh parse differs: %d vs %d statements", name, len(fresh.Body), len(jf.Body))
		}
		if _, ok := jf.Top.(*ast.Program); ok != f.ESMSyntax {
			t.Errorf("%s: top is %T with ESMSyntax %v", name, jf.Top, f.ESMSyntax)
		}
	}
}
