package gen

import (
	"fmt"
	"strings"
)

// Header is the comment that opens a generated program: the command that
// regenerates it.
func (p *Program) Header() string {
	h := fmt.Sprintf("// looplint gen --seed %d --size %d --node %s", p.Seed, p.Opts.Size, p.Opts.Node)
	if p.Opts.NoEmitters {
		h += " --no-emitters"
	}
	if p.Opts.NoFS {
		h += " --no-fs"
	}
	if p.Opts.NoMissingFile {
		h += " --no-missing-file"
	}
	return h
}

// Source renders the program as JavaScript (CommonJS), after Header.
func (p *Program) Source() string {
	return p.Header() + "\n" + p.Code()
}

// Code renders the program without a header.
func (p *Program) Code() string {
	var b strings.Builder
	if uses(p.Body, ReadFile) {
		b.WriteString("const fs = require('fs');\n")
	}
	if uses(p.Body, Emitter) {
		b.WriteString("const EventEmitter = require('events');\n")
	}
	for _, s := range p.Body {
		stmt(&b, s, "")
	}
	return b.String()
}

func uses(ss []*Stmt, k Kind) bool {
	found := false
	walk(ss, func(s *Stmt) {
		if s.Kind == k {
			found = true
		}
	})
	return found
}

// walk visits every statement of the tree, parents first.
func walk(ss []*Stmt, f func(*Stmt)) {
	for _, s := range ss {
		if s == nil {
			continue
		}
		f(s)
		walk(s.Body, f)
		walk(s.Alt, f)
		walk(s.Elems, f)
		walk(s.Items, f)
		if s.Ret != nil {
			walk([]*Stmt{s.Ret}, f)
		}
	}
}

const tab = "  "

// block renders "{", pre and body one level deeper than ind, then ind+"}".
func block(ind string, pre []string, body []*Stmt, post ...string) string {
	if len(pre) == 0 && len(body) == 0 && len(post) == 0 {
		return "{}"
	}
	var b strings.Builder
	b.WriteString("{\n")
	for _, l := range pre {
		b.WriteString(ind + tab + l + "\n")
	}
	for _, s := range body {
		stmt(&b, s, ind+tab)
	}
	for _, l := range post {
		b.WriteString(ind + tab + l + "\n")
	}
	b.WriteString(ind + "}")
	return b.String()
}

func value(v int) string {
	if v == 0 {
		return ""
	}
	return fmt.Sprint(v)
}

// expr renders an Elem at indentation ind (for its continuation lines).
func expr(e *Stmt, ind string) string {
	switch e.Src {
	case SrcValue:
		if e.Value == 0 {
			return "undefined"
		}
		return fmt.Sprint(e.Value)
	case SrcResolve:
		return "Promise.resolve(" + value(e.Value) + ")"
	case SrcReject:
		return "Promise.reject(new Error('" + e.Label + "'))"
	case SrcExecutor:
		return "new Promise((resolve) => " + block(ind, nil, e.Body, "resolve("+value(e.Value)+");") + ")"
	case SrcTimer:
		return fmt.Sprintf("new Promise((resolve) => setTimeout(resolve, %d))", e.Delay)
	case SrcImmediate:
		return "new Promise((resolve) => setImmediate(resolve))"
	case SrcTick:
		return "new Promise((resolve) => process.nextTick(resolve))"
	case SrcThenable:
		return "({ then(resolve) " + block(ind, nil, e.Body, "resolve("+value(e.Value)+");") + " })"
	case SrcAsync:
		return "(async () => " + block(ind, nil, e.Body) + ")()"
	case SrcAll, SrcRace, SrcAllSettled, SrcAny:
		name := map[Src]string{SrcAll: "all", SrcRace: "race", SrcAllSettled: "allSettled", SrcAny: "any"}[e.Src]
		var parts []string
		for _, x := range e.Elems {
			parts = append(parts, expr(x, ind))
		}
		return "Promise." + name + "([" + strings.Join(parts, ", ") + "])"
	}
	return "undefined"
}

func stmt(b *strings.Builder, s *Stmt, ind string) {
	line := func(format string, args ...any) { b.WriteString(ind + fmt.Sprintf(format, args...) + "\n") }
	cb := func(params string, body []*Stmt, pre ...string) string {
		return "(" + params + ") => " + block(ind, pre, body)
	}
	switch s.Kind {
	case Log:
		if s.Show != "" {
			line("console.log('%s', %s);", s.Label, s.Show)
		} else {
			line("console.log('%s');", s.Label)
		}
	case Timeout:
		line("setTimeout(%s, %d);", cb("", s.Body), s.Delay)
	case Immediate:
		line("setImmediate(%s);", cb("", s.Body))
	case Tick:
		line("process.nextTick(%s);", cb("", s.Body))
	case Microtask:
		line("queueMicrotask(%s);", cb("", s.Body))
	case ReadFile:
		file := "__filename"
		if s.Src == SrcReject {
			file += " + '.missing'"
		}
		line("fs.readFile(%s, %s);", file, cb("", s.Body))
	case Interval:
		line("let n%s = 0;", s.Name)
		line("const iv%s = setInterval(%s, %d);", s.Name,
			cb("", s.Body, fmt.Sprintf("if (++n%s === %d) clearInterval(iv%s);", s.Name, s.Count, s.Name)), s.Delay)
	case Loop:
		kw := "let"
		if s.Var {
			kw = "var"
		}
		line("for (%s i%s = 0; i%s < %d; i%s++) %s", kw, s.Name, s.Name, s.Count, s.Name, block(ind, nil, s.Body))
	case Func:
		async := ""
		if s.Async {
			async = "async "
		}
		if s.IIFE {
			line("(%s() => %s)();", async, block(ind, nil, s.Body))
			return
		}
		line("let c%s = 0;", s.Name)
		line("const f%s = %s() => %s;", s.Name, async, block(ind, []string{"c" + s.Name + "++;"}, s.Body))
		for _, c := range s.Items {
			stmt(b, c, ind)
		}
	case Call:
		f := "f" + s.Name
		switch s.Src {
		case ViaTimeout:
			line("setTimeout(%s, %d);", f, s.Delay)
		case ViaImmediate:
			line("setImmediate(%s);", f)
		case ViaTick:
			line("process.nextTick(%s);", f)
		case ViaThen:
			line("Promise.resolve().then(%s);", f)
		case ViaAwait:
			line("await %s();", f)
		default:
			if len(s.Body) > 0 {
				line("%s().then(%s);", f, cb("", s.Body))
			} else {
				line("%s();", f)
			}
		}
	case Chain:
		b.WriteString(ind + expr(s.Ret, ind))
		for _, l := range s.Items {
			b.WriteString("\n" + ind + tab)
			link(b, l, ind+tab)
		}
		b.WriteString(";\n")
	case Elem:
		line("%s;", expr(s, ind))
	case Await:
		line("await %s;", expr(s.Ret, ind))
	case TryAwait:
		line("try {")
		line("%sawait Promise.reject(new Error('%s'));", tab, s.Label)
		line("} catch (e) %s", block(ind, nil, s.Alt))
	case Throw:
		line("throw new Error('%s');", s.Label)
	case Emitter:
		line("const e%s = new EventEmitter();", s.Name)
		for _, l := range s.Items {
			stmt(b, l, ind)
		}
	case Listen:
		switch s.Src {
		case ViaEmit:
			line("e%s.emit('ev');", s.Name)
		case ViaOnce:
			line("e%s.once('ev', %s);", s.Name, cb("", s.Body))
		default:
			line("e%s.on('ev', %s);", s.Name, cb("", s.Body))
		}
	}
}

func link(b *strings.Builder, l *Stmt, ind string) {
	var post []string
	if l.Ret != nil {
		post = append(post, "return "+expr(l.Ret, ind+tab)+";")
	}
	switch l.Src {
	case SrcCatch:
		b.WriteString(".catch((e) => " + block(ind, nil, l.Body, post...) + ")")
	case SrcFinally:
		b.WriteString(".finally(() => " + block(ind, nil, l.Body, post...) + ")")
	default:
		b.WriteString(".then(() => " + block(ind, nil, l.Body, post...) + ")")
	}
}
