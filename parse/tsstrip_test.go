package parse

import "testing"

// Messages as Node 24.21.0 printed them for each construct (the same on
// 22.18.0 and 26.10.0; testdata/predict/typescript-strip-only records
// some on real Node).
func TestStripOnly(t *testing.T) {
	for _, c := range []struct {
		src       string
		line, col int
		msg       string
	}{
		{"enum Color { Red }\n", 1, 1, "TypeScript enum is not supported in strip-only mode"},
		{"const x = 1;\nconst enum CE { A = 1 }\n", 2, 1, "TypeScript enum is not supported in strip-only mode"},
		{"namespace NS { export const a = 1; }\n", 1, 1, "TypeScript namespace declaration is not supported in strip-only mode"},
		{"module M { export const q = 1 }\n", 1, 1, "`module` keyword is not supported. Use `namespace` instead."},
		{"import fs = require('fs');\n", 1, 1, "TypeScript import equals declaration is not supported in strip-only mode"},
		{"const x = 1;\nexport = x;\n", 2, 1, "TypeScript export assignment is not supported in strip-only mode"},
		{"class K { constructor(private x: number) {} }\n", 1, 23, "TypeScript parameter property is not supported in strip-only mode"},
		{"console.log(<any>1);\n", 1, 13, "The angle-bracket syntax for type assertions, `<T>expr`, is not supported in type strip mode. Instead, use the 'as' syntax: `expr as T`."},
		// Erasable: nothing to report.
		{"declare enum E { A }\ndeclare namespace D { const z: number }\ndeclare module 'm' { }\n", 0, 0, ""},
		{"namespace A.B { export type T = 1; export interface I {} }\n", 0, 0, ""},
		{"const f = <T,>(x: T) => x;\nconst g = <T>(x: T): T => x;\nconsole.log(f(1) < g(2), new Map<string, number>());\n", 0, 0, ""},
		{"interface P { x: number }\nconst p: P = { x: 1 } as P;\nlet y!: number; y = 3; const s = `a${'<b>' + /enum x {/.source}c`;\n// enum Z {}\n", 0, 0, ""},
		{"class C { constructor(a: number, readonly: string) {} x = this.enum; }\nconst o = { enum: 1, namespace: 2 };\n", 0, 0, ""},
	} {
		line, col, msg, ok := StripOnly(c.src)
		if ok != (c.msg != "") || msg != c.msg || line != c.line || col != c.col {
			t.Errorf("StripOnly(%q) = %d:%d %q %v, want %d:%d %q", c.src, line, col, msg, ok, c.line, c.col, c.msg)
		}
	}
}
