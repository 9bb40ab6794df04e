package parse

import (
	"fmt"
	"path/filepath"
	"strings"
)

// A Page is an HTML page for a browser target: its elements (enough of
// the document for getElementById, querySelector and listeners) and its
// scripts in document order. The page's own markup is read by a small
// tokenizer of its own: tags, attributes, text, comments; no entities,
// no implied end tags beyond void elements.
type Page struct {
	Root    *PageNode
	Scripts []PageScript
}

// PageNode is an element (Tag set) or a text node.
type PageNode struct {
	Tag      string
	Attrs    map[string]string
	Children []*PageNode
	Text     string
}

// ScriptKind is how a page runs a script.
type ScriptKind int

const (
	ScriptClassic ScriptKind = iota // run by the parser where it stands
	ScriptDefer                     // classic with src and defer: after parsing, in order
	ScriptModule                    // type=module: deferred like defer (inline too)
	ScriptAsync                     // classic or module with src and async: when it arrives
)

// PageScript is one script of a page: its code and where it comes from
// (Line and Col: where inline code starts in the page; File: its src).
type PageScript struct {
	Kind      ScriptKind
	Code      string
	File      string
	Line, Col int
	External  bool
}

var voidTags = map[string]bool{"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true,
	"img": true, "input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true}

// LoadPage reads the page at path and the scripts it names by src, in
// its directory (a script from the network, or from outside the
// directory, is refused: the sandbox has no network and reads no other
// host file).
func LoadPage(path string) (*File, error) {
	data, err := ReadFile(path)
	if err != nil {
		return nil, &Error{File: path, Msg: cleanOSError(err)}
	}
	pg, err := ParsePage(path, string(data))
	if err != nil {
		return nil, err
	}
	for i := range pg.Scripts {
		s := &pg.Scripts[i]
		if !s.External {
			continue
		}
		if strings.Contains(s.File, "://") || strings.HasPrefix(s.File, "//") || strings.HasPrefix(s.File, "data:") {
			return nil, &Error{File: path, Line: s.Line, Col: s.Col, Msg: fmt.Sprintf("script src %q: only scripts beside the page are read (the sandbox has no network)", s.File)}
		}
		rel := filepath.Clean(filepath.FromSlash(strings.TrimPrefix(s.File, "/")))
		if rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return nil, &Error{File: path, Line: s.Line, Col: s.Col, Msg: fmt.Sprintf("script src %q: only scripts in the page's directory are read", s.File)}
		}
		name := filepath.Join(filepath.Dir(path), rel)
		code, err := ReadFile(name)
		if err != nil {
			return nil, &Error{File: path, Line: s.Line, Col: s.Col, Msg: fmt.Sprintf("script src %q: %s", s.File, cleanOSError(err))}
		}
		s.Code, s.File = string(code), name
	}
	return &File{Path: path, Text: string(data), Ext: ".html", Page: pg}, nil
}

// ParsePage tokenizes an HTML page.
func ParsePage(path, src string) (*Page, error) {
	root := &PageNode{Tag: "#document", Attrs: map[string]string{}}
	stack := []*PageNode{root}
	pg := &Page{Root: root}
	pos := func(off int) (int, int) {
		line := 1 + strings.Count(src[:off], "\n")
		return line, off - strings.LastIndex(src[:off], "\n")
	}
	i := 0
	for i < len(src) {
		lt := strings.IndexByte(src[i:], '<')
		if lt < 0 {
			lt = len(src) - i
		}
		if t := src[i : i+lt]; strings.TrimSpace(t) != "" {
			top := stack[len(stack)-1]
			top.Children = append(top.Children, &PageNode{Text: t})
		}
		i += lt
		if i >= len(src) {
			break
		}
		switch {
		case strings.HasPrefix(src[i:], "<!--"):
			end := strings.Index(src[i:], "-->")
			if end < 0 {
				line, col := pos(i)
				return nil, &Error{File: path, Line: line, Col: col, Msg: "unclosed comment"}
			}
			i += end + 3
			continue
		case strings.HasPrefix(src[i:], "<!"):
			end := strings.IndexByte(src[i:], '>')
			if end < 0 {
				end = len(src) - i - 1
			}
			i += end + 1
			continue
		}
		end := tagEnd(src, i)
		if end < 0 {
			line, col := pos(i)
			return nil, &Error{File: path, Line: line, Col: col, Msg: "unclosed tag"}
		}
		tag, attrs, closing := readTag(src[i+1 : end])
		i = end + 1
		if tag == "" {
			continue
		}
		if closing {
			for k := len(stack) - 1; k > 0; k-- {
				if stack[k].Tag == tag {
					stack = stack[:k]
					break
				}
			}
			continue
		}
		n := &PageNode{Tag: tag, Attrs: attrs}
		top := stack[len(stack)-1]
		top.Children = append(top.Children, n)
		if tag == "script" {
			close := strings.Index(strings.ToLower(src[i:]), "</script")
			if close < 0 {
				line, col := pos(i)
				return nil, &Error{File: path, Line: line, Col: col, Msg: "<script> without </script>"}
			}
			line, col := pos(i)
			s := PageScript{Code: src[i : i+close], Line: line, Col: col, File: path}
			if t, ok := attrs["type"]; ok && t != "" && !strings.Contains(strings.ToLower(t), "javascript") && strings.ToLower(t) != "module" {
				i += close // a data block, not a script
			} else {
				if srcAttr, ok := attrs["src"]; ok {
					s.External, s.File, s.Code = true, srcAttr, ""
				}
				_, async := attrs["async"]
				_, deferred := attrs["defer"]
				switch {
				case async && s.External:
					s.Kind = ScriptAsync
				case strings.EqualFold(attrs["type"], "module"):
					s.Kind = ScriptModule
				case deferred && s.External:
					s.Kind = ScriptDefer
				}
				pg.Scripts = append(pg.Scripts, s)
				i += close
			}
			if gt := strings.IndexByte(src[i:], '>'); gt >= 0 {
				i += gt + 1
			}
			continue
		}
		if !voidTags[tag] && !strings.HasSuffix(strings.TrimSpace(src[:end]), "/") {
			stack = append(stack, n)
		}
	}
	return pg, nil
}

// tagEnd is the index of the '>' that ends the tag starting at i,
// skipping quoted attribute values.
func tagEnd(src string, i int) int {
	var quote byte
	for j := i + 1; j < len(src); j++ {
		switch c := src[j]; {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '>':
			return j
		}
	}
	return -1
}

// readTag reads "name a=b c='d' e" (or "/name").
func readTag(s string) (tag string, attrs map[string]string, closing bool) {
	s = strings.TrimSuffix(strings.TrimSpace(s), "/")
	if strings.HasPrefix(s, "/") {
		closing = true
		s = s[1:]
	}
	attrs = map[string]string{}
	j := 0
	for j < len(s) && !isSpace(s[j]) {
		j++
	}
	tag = strings.ToLower(s[:j])
	for j < len(s) {
		for j < len(s) && isSpace(s[j]) {
			j++
		}
		k := j
		for k < len(s) && !isSpace(s[k]) && s[k] != '=' {
			k++
		}
		name := strings.ToLower(s[j:k])
		j = k
		val := ""
		if j < len(s) && s[j] == '=' {
			j++
			if j < len(s) && (s[j] == '"' || s[j] == '\'') {
				q := s[j]
				e := strings.IndexByte(s[j+1:], q)
				if e < 0 {
					e = len(s) - j - 1
				}
				val = s[j+1 : j+1+e]
				j += e + 2
			} else {
				k = j
				for k < len(s) && !isSpace(s[k]) {
					k++
				}
				val = s[j:k]
				j = k
			}
		}
		if name != "" {
			attrs[name] = val
		}
	}
	return tag, attrs, closing
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }
