package main

import (
	"reflect"
	"sort"
	"strings"
	"testing"
)

func TestNormalizeLines(t *testing.T) {
	in := []string{"1  ", "Error: failed", "    at Object.<anonymous> (/x.js:2:16)", "\tat run (node:internal/x:1:1)", "at home", "", ""}
	want := []string{"1", "Error: failed", "at home"}
	if got := normalizeLines(in); !reflect.DeepEqual(got, want) {
		t.Fatalf("normalizeLines = %q, want %q", got, want)
	}
	if got := normalizeLines(nil); len(got) != 0 {
		t.Fatalf("normalizeLines(nil) = %q", got)
	}
}

func TestNodeStdoutKeySubstitutesPlaceholders(t *testing.T) {
	raw := "42\nerror happened Error: kaboom\n    at run ($CASES/c.js:13:15)\nread $FIXTURES/text.txt\nurl file://$CASES/c.mjs\n"
	got := nodeStdoutKey(corpusStdoutLines(raw))
	want := "42\nerror happened Error: kaboom\nread /app/text.txt\nurl file:///script/c.mjs"
	if got != want {
		t.Fatalf("key = %q, want %q", got, want)
	}
}

func TestParseProbeKey(t *testing.T) {
	cases := []struct {
		key  string
		want probeKey
	}{
		{"", probeKey{}},
		{"a|b", probeKey{Stdout: []string{"a", "b"}}},
		{"a||b", probeKey{Stdout: []string{"a", "", "b"}}},
		{"tick|exit 1|ERR:Error: boom|EXIT:1", probeKey{Stdout: []string{"tick", "exit 1"}, Errs: []string{"Error: boom"}, Exit: 1}},
		{"ERR:SyntaxError: Unexpected reserved word|EXIT:1", probeKey{Stdout: []string{}, Errs: []string{"SyntaxError: Unexpected reserved word"}, Exit: 1}},
		{"x|ERR:(node:PID) Warning: w", probeKey{Stdout: []string{"x"}, Errs: []string{"(node:PID) Warning: w"}}},
		{"TIMEOUT", probeKey{TimedOut: true}},
	}
	for _, c := range cases {
		if got := parseProbeKey(c.key); !reflect.DeepEqual(got, c.want) {
			t.Errorf("parseProbeKey(%q) = %#v, want %#v", c.key, got, c.want)
		}
	}
}

func TestProbeExpectation(t *testing.T) {
	e := probeExpectation("20.20.2", map[string]int{"immediate|timeout": 86, "timeout|immediate": 14})
	if e.Stdouts["immediate\ntimeout"] != 86 || e.Stdouts["timeout\nimmediate"] != 14 || e.Exits[0] != 100 || e.SyntaxError {
		t.Fatalf("racy probe: %+v", e)
	}
	e = probeExpectation("10.24.1", map[string]int{"ERR:SyntaxError: Unexpected reserved word|EXIT:1": 30})
	if !e.SyntaxError || e.Stdouts[""] != 30 || e.Exits[1] != 30 {
		t.Fatalf("syntax-error probe: %+v", e)
	}
	e = probeExpectation("16.20.2", map[string]int{"tick|exit 1|ERR:Error: boom|EXIT:1": 30})
	if e.SyntaxError || e.Exits[1] != 30 {
		t.Fatalf("crashing probe: %+v", e)
	}
}

func TestCorpusExpectation(t *testing.T) {
	e := corpusExpectation("20.20.2",
		map[string]int{"a\nb\n": 20, "a\nb  \n\n": 5, "b\na\n": 3},
		map[string]int{"0": 28},
		map[string]int{})
	if !reflect.DeepEqual(e.Stdouts, map[string]int{"a\nb": 25, "b\na": 3}) {
		t.Fatalf("stdouts %v", e.Stdouts)
	}
	if !reflect.DeepEqual(e.Exits, map[int]int{0: 28}) || e.SyntaxError {
		t.Fatalf("exits %v syntax %v", e.Exits, e.SyntaxError)
	}
	e = corpusExpectation("10.24.1", map[string]int{"": 30}, map[string]int{"1": 30},
		map[string]int{"SyntaxError: await is only valid in async function": 30})
	if !e.SyntaxError {
		t.Fatal("expected a syntax-error expectation")
	}
	e = corpusExpectation("10.24.1", map[string]int{"": 30}, map[string]int{"1": 30},
		map[string]int{"ReferenceError: queueMicrotask is not defined": 30})
	if e.SyntaxError {
		t.Fatal("a ReferenceError is not a syntax error")
	}
}

func TestFamily(t *testing.T) {
	want := map[string]string{
		"8.17.0": "A", "10.24.1": "B", "11.15.0": "C", "12.22.12": "D", "14.0.0": "D",
		"15.0.0": "E", "16.20.2": "E", "20.20.2": "E", "22.12.0": "E", "22.17.0": "E",
		"22.18.0": "F", "22.23.3": "F", "24.0.0": "E", "24.2.0": "E", "24.3.0": "F",
		"24.21.0": "F", "26.10.0": "F",
	}
	for v, f := range want {
		if got := family(v); got != f {
			t.Errorf("family(%s) = %s, want %s", v, got, f)
		}
	}
}

func TestVersionsOrderAndSelection(t *testing.T) {
	vs := []string{"26.10.0", "8.17.0", "22.18.0", "10.24.1", "22.12.0"}
	sort.Slice(vs, func(i, j int) bool { return versionLess(vs[i], vs[j]) })
	if got := strings.Join(vs, " "); got != "8.17.0 10.24.1 22.12.0 22.18.0 26.10.0" {
		t.Fatalf("sorted: %s", got)
	}
	if !versionSelected("20.20.2", []string{"20"}) || !versionSelected("20.20.2", []string{"8", "20.20.2"}) ||
		versionSelected("22.12.0", []string{"20", "2"}) || !versionSelected("22.12.0", nil) {
		t.Fatal("versionSelected")
	}
}

func TestAbbreviate(t *testing.T) {
	if got := abbreviate("", 10); got != "(no output)" {
		t.Fatal(got)
	}
	if got := abbreviate("a\nb", 10); got != "a / b" {
		t.Fatal(got)
	}
	if got := abbreviate("héllo\nworld", 8); got != "héllo /…" {
		t.Fatal(got)
	}
}
