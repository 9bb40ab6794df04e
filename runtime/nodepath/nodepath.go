// Package nodepath is Node's POSIX path module on plain strings: one home
// for the runtime's require('path') and the predictor's. Callers check
// that arguments are strings (Node's ERR_INVALID_ARG_TYPE) first.
package nodepath

import "strings"

// normalizeParts resolves . and .. over segments; above the root they
// are dropped, above a relative start kept.
func normalizeParts(parts []string, absolute bool) []string {
	var out []string
	for _, p := range parts {
		switch {
		case p == "" || p == ".":
		case p == "..":
			if len(out) > 0 && out[len(out)-1] != ".." {
				out = out[:len(out)-1]
			} else if !absolute {
				out = append(out, "..")
			}
		default:
			out = append(out, p)
		}
	}
	return out
}

// Normalize is path.normalize.
func Normalize(p string) string {
	if p == "" {
		return "."
	}
	absolute := p[0] == '/'
	trailing := p[len(p)-1] == '/'
	s := strings.Join(normalizeParts(strings.Split(p, "/"), absolute), "/")
	if s == "" && !absolute {
		s = "."
	}
	if s != "" && trailing {
		s += "/"
	}
	if absolute {
		return "/" + s
	}
	return s
}

// Join is path.join.
func Join(parts ...string) string {
	var ps []string
	for _, a := range parts {
		if a != "" {
			ps = append(ps, a)
		}
	}
	if len(ps) == 0 {
		return "."
	}
	return Normalize(strings.Join(ps, "/"))
}

// Resolve is path.resolve from the working directory cwd.
func Resolve(cwd string, parts ...string) string {
	p := ""
	for i := len(parts) - 1; i >= -1 && (p == "" || p[0] != '/'); i-- {
		a := cwd
		if i >= 0 {
			a = parts[i]
		}
		if a == "" {
			continue
		}
		if p == "" {
			p = a
		} else {
			p = a + "/" + p
		}
	}
	return "/" + strings.Join(normalizeParts(strings.Split(p, "/"), true), "/")
}

// Dirname is path.dirname.
func Dirname(p string) string {
	if p == "" {
		return "."
	}
	end := len(p)
	for end > 1 && p[end-1] == '/' {
		end--
	}
	i := strings.LastIndexByte(p[:end], '/')
	switch i {
	case -1:
		return "."
	case 0:
		return "/"
	}
	j := i
	for j > 1 && p[j-1] == '/' {
		j--
	}
	return p[:j]
}

// Basename is path.basename(p[, ext]). The extension is not cut when it
// is the whole name, unless it is the whole argument (Node's quirk:
// basename('a/bbb', 'bbb') is 'bbb', basename('.txt', '.txt') is ”).
func Basename(p, ext string, hasExt bool) string {
	if hasExt && ext != "" && ext == p {
		return ""
	}
	end := len(p)
	for end > 0 && p[end-1] == '/' {
		end--
	}
	if end == 0 {
		return ""
	}
	b := p[strings.LastIndexByte(p[:end], '/')+1 : end]
	if hasExt && strings.HasSuffix(b, ext) && b != ext {
		b = b[:len(b)-len(ext)]
	}
	return b
}

// Extname is path.extname.
func Extname(p string) string {
	b := Basename(p, "", false)
	i := strings.LastIndexByte(b, '.')
	if i <= 0 {
		return ""
	}
	return b[i:]
}

// IsAbsolute is path.isAbsolute.
func IsAbsolute(p string) bool { return p != "" && p[0] == '/' }

// Relative is path.relative(from, to) from the working directory cwd.
func Relative(cwd, from, to string) string {
	split := func(s string) []string {
		var out []string
		for _, x := range strings.Split(Resolve(cwd, s), "/") {
			if x != "" {
				out = append(out, x)
			}
		}
		return out
	}
	f, t := split(from), split(to)
	i := 0
	for i < len(f) && i < len(t) && f[i] == t[i] {
		i++
	}
	var out []string
	for range f[i:] {
		out = append(out, "..")
	}
	return strings.Join(append(out, t[i:]...), "/")
}

// Parsed is path.parse's result.
type Parsed struct{ Root, Dir, Base, Ext, Name string }

// Parse is path.parse.
func Parse(p string) Parsed {
	r := Parsed{Base: Basename(p, "", false), Ext: Extname(p), Dir: Dirname(p)}
	if strings.HasPrefix(p, "/") {
		r.Root = "/"
	}
	if r.Dir == "." && !strings.Contains(p, "/") {
		r.Dir = ""
	}
	r.Name = strings.TrimSuffix(r.Base, r.Ext)
	if r.Ext == "" {
		r.Name = r.Base
	}
	return r
}

// Format is path.format of an object's dir, root, base, name and ext
// (empty when absent); dotExt adds the dot an ext without one lacks, as
// Node does from 19.0.0 (measured on 18.20.8 and 19.0.0).
func Format(o Parsed, dotExt bool) string {
	dir := o.Dir
	if dir == "" {
		dir = o.Root
	}
	base := o.Base
	if base == "" {
		base = o.Name
		if o.Ext != "" {
			if dotExt && o.Ext[0] != '.' {
				base += "."
			}
			base += o.Ext
		}
	}
	switch {
	case dir == "":
		return base
	case dir == o.Root:
		return dir + base
	}
	return dir + "/" + base
}
