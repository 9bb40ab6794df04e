package realbrowser

import (
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// A consoleLine is one console call: its method (log, error, ...) and its
// arguments joined by spaces, strings as themselves.
type consoleLine struct {
	method string
	text   string
}

// stderr says whether a console method prints to stderr in Node (and
// goes to the outcome's stderr here).
func (l consoleLine) stderr() bool {
	switch l.method {
	case "error", "warn", "warning", "assert", "trace":
		return true
	}
	return false
}

// parseFirefoxLine reads one line Firefox prints on stdout with
// devtools.console.stdout.content set: `console.log: "text" 1 ({a:1})`,
// each string argument quoted with JavaScript escapes. Other lines
// (Firefox's own messages) are not console lines.
func parseFirefoxLine(line string) (consoleLine, bool) {
	rest, ok := strings.CutPrefix(line, "console.")
	if !ok {
		return consoleLine{}, false
	}
	method, args, ok := strings.Cut(rest, ": ")
	if !ok {
		// console.log() with no arguments prints "console.log: " or "console.log:".
		method, ok = strings.CutSuffix(strings.TrimSpace(rest), ":")
		if !ok {
			return consoleLine{}, false
		}
	}
	for _, r := range method {
		if r < 'a' || r > 'z' {
			return consoleLine{}, false
		}
	}
	var parts []string
	for args = strings.TrimLeft(args, " "); args != ""; args = strings.TrimLeft(args, " ") {
		var tok string
		if args[0] == '"' || args[0] == '\'' {
			s, n, ok := unquoteJS(args)
			if !ok {
				tok, args = args, ""
			} else {
				tok, args = s, args[n:]
			}
		} else {
			n := tokenEnd(args)
			tok, args = args[:n], args[n:]
		}
		parts = append(parts, tok)
	}
	return consoleLine{method: method, text: strings.Join(parts, " ")}, true
}

// tokenEnd is the length of the non-string argument at the start of s: up
// to the first space outside brackets and quotes.
func tokenEnd(s string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case '"', '\'':
			if _, n, ok := unquoteJS(s[i:]); ok {
				i += n - 1
			}
		case ' ':
			if depth <= 0 {
				return i
			}
		}
	}
	return len(s)
}

// unquoteJS decodes the JavaScript string literal at the start of s and
// says how many bytes it took.
func unquoteJS(s string) (string, int, bool) {
	q := s[0]
	var b strings.Builder
	for i := 1; i < len(s); {
		c := s[i]
		switch {
		case c == q:
			return b.String(), i + 1, true
		case c != '\\':
			b.WriteByte(c)
			i++
			continue
		}
		if i+1 >= len(s) {
			return "", 0, false
		}
		e := s[i+1]
		i += 2
		switch e {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'v':
			b.WriteByte('\v')
		case '0':
			b.WriteByte(0)
		case 'x', 'u':
			n := 2
			if e == 'u' {
				n = 4
				if i < len(s) && s[i] == '{' {
					j := strings.IndexByte(s[i:], '}')
					if j < 0 {
						return "", 0, false
					}
					v, err := strconv.ParseUint(s[i+1:i+j], 16, 32)
					if err != nil {
						return "", 0, false
					}
					b.WriteRune(rune(v))
					i += j + 1
					continue
				}
			}
			if i+n > len(s) {
				return "", 0, false
			}
			v, err := strconv.ParseUint(s[i:i+n], 16, 32)
			if err != nil {
				return "", 0, false
			}
			i += n
			r := rune(v)
			// A surrogate pair \uD83D\uDE00 is one character.
			if r >= 0xD800 && r < 0xDC00 && i+6 <= len(s) && s[i] == '\\' && s[i+1] == 'u' {
				if lo, err := strconv.ParseUint(s[i+2:i+6], 16, 32); err == nil && lo >= 0xDC00 && lo < 0xE000 {
					r = 0x10000 + (r-0xD800)<<10 + (rune(lo) - 0xDC00)
					i += 6
				}
			}
			if !utf8.ValidRune(r) {
				r = utf8.RuneError
			}
			b.WriteRune(r)
		default:
			b.WriteByte(e)
		}
	}
	return "", 0, false
}

// runs sorts a browser's console lines into runs by the harness's begin
// and end lines. A run begun again (a page loaded again, as when Firefox
// restarts itself once on a new profile) starts over.
type runs struct {
	cur   int // the run whose lines come now, -1 before the first begin
	lines map[int][]consoleLine
	done  map[int][]consoleLine
}

func newRuns() *runs {
	return &runs{cur: -1, lines: map[int][]consoleLine{}, done: map[int][]consoleLine{}}
}

// add takes one console line; it returns the run it ended, or -1.
func (r *runs) add(l consoleLine) int {
	if i, ok := parseMarker(l.text, beginPrefix); ok && l.method == "log" {
		r.cur = i
		r.lines[i] = nil
		return -1
	}
	if i, ok := parseMarker(l.text, endPrefix); ok && l.method == "log" {
		r.done[i] = r.lines[i]
		r.cur = -1
		return i
	}
	if r.cur >= 0 {
		r.lines[r.cur] = append(r.lines[r.cur], l)
	}
	return -1
}

// result is run i's result: its lines to its end line, or what came of a
// run that did not end.
func (r *runs) result(i int) Result {
	lines, ok := r.done[i]
	if !ok {
		lines = r.lines[i]
	}
	res := result(lines)
	res.Ended = ok
	return res
}

// liveRuns collects the console lines of n runs from a goroutine that
// reads the browser, while another waits for each run to end.
type liveRuns struct {
	mu    sync.Mutex
	rs    *runs
	ended chan int
}

func newLiveRuns(n int) *liveRuns { return &liveRuns{rs: newRuns(), ended: make(chan int, n+1)} }

// add takes one console line, and says when it ended a run.
func (lr *liveRuns) add(l consoleLine) {
	lr.mu.Lock()
	i := lr.rs.add(l)
	lr.mu.Unlock()
	if i >= 0 {
		select {
		case lr.ended <- i:
		default:
		}
	}
}

// wait waits until run i ends or limit passes, and gives its result.
func (lr *liveRuns) wait(i int, limit time.Duration) Result {
	timer := time.NewTimer(limit)
	defer timer.Stop()
wait:
	for {
		select {
		case j := <-lr.ended:
			if j == i {
				break wait
			}
		case <-timer.C:
			break wait
		}
	}
	lr.mu.Lock()
	defer lr.mu.Unlock()
	return lr.rs.result(i)
}

// result is one run's lines: stdout and stderr lines, a string with
// newlines giving several lines as in Node.
func result(lines []consoleLine) Result {
	o := Result{Stdout: []string{}, Stderr: []string{}}
	for _, l := range lines {
		for _, s := range strings.Split(l.text, "\n") {
			if l.stderr() {
				o.Stderr = append(o.Stderr, s)
			} else {
				o.Stdout = append(o.Stdout, s)
			}
		}
	}
	return o
}
