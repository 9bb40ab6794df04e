// Package frames recognises V8 stack-frame lines ("    at foo (file:1:2)").
// Frames name Node internals that differ per version and build, and the
// embedded engine's differ again, so every comparison of printed output
// (against real Node, between predictor and runtime) drops them on both
// sides; the predictor never prints them.
package frames

import "regexp"

var frame = regexp.MustCompile(`^\s+at \S`)

// Is reports whether line is a stack frame.
func Is(line string) bool { return frame.MatchString(line) }

// Drop returns lines without the stack frames (lines itself when there
// are none).
func Drop(lines []string) []string {
	for i, l := range lines {
		if Is(l) {
			out := append([]string{}, lines[:i]...)
			for _, l := range lines[i+1:] {
				if !Is(l) {
					out = append(out, l)
				}
			}
			return out
		}
	}
	return lines
}
