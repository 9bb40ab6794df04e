package driver

import (
	"math/rand"
	"regexp"
	"slices"
	"testing"
)

// specRE is what relativeSpecs replaced; the scan must find what it found.
var specRE = regexp.MustCompile(`(?:\brequire\s*\(\s*|\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}/[^'"\n]*|\.{1,2})['"]`)

func regexSpecs(src []byte) []string {
	var out []string
	for _, m := range specRE.FindAllSubmatch(src, -1) {
		out = append(out, string(m[1]))
	}
	return out
}

func scanSpecs(src []byte) []string {
	var out []string
	for _, s := range relativeSpecs(src) {
		out = append(out, string(s))
	}
	return out
}

func TestRelativeSpecs(t *testing.T) {
	cases := []string{
		`const a = require('./a'), b = require("../b/c.js"), c = require('fs');`,
		`import x from './x'; import './side'; export * from "../y"; const m = await import('./m.mjs');`,
		`import{a}from'./a'`, `require ( './spaced' )`, "require(\n'./nl')",
		`myrequire('./no'); xfrom './no'; important('./no'); reimport './no'`,
		`require('.'); require('..'); require('...'); require('./'); from '.../x'`,
		`require('./a" + x); require("./unterminated` + "\n" + `')`,
		`require('./a''./b'); from './c'./d'`, `from'.'`, `require(`, `'.`, ``,
	}
	for _, c := range cases {
		if got, want := scanSpecs([]byte(c)), regexSpecs([]byte(c)); !slices.Equal(got, want) {
			t.Errorf("%q: scan %q, regexp %q", c, got, want)
		}
	}
	// Random texts from the pieces specifiers and their keywords are made of.
	pieces := []string{"require", "import", "from", "(", ")", " ", "\n", "\t", "'", `"`, ".", "..", "/", "a", "_", "x.js", ";", "re", "m"}
	r := rand.New(rand.NewSource(1))
	for range 20000 {
		var b []byte
		for range r.Intn(14) {
			b = append(b, pieces[r.Intn(len(pieces))]...)
		}
		if got, want := scanSpecs(b), regexSpecs(b); !slices.Equal(got, want) {
			t.Fatalf("%q: scan %q, regexp %q", b, got, want)
		}
	}
}
