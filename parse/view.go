package parse

import "unsafe"

// viewString and viewBytes see the same memory as the other type without
// copying it. A file's text was copied four times on its way to the
// engine's parser (a fifth of what check allocates over a node_modules
// tree); each view stands for a copy of memory nobody writes to again.

// viewString is b as a string; b must not change afterwards.
func viewString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// viewBytes is s as bytes, which must only be read.
func viewBytes(s string) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice(unsafe.StringData(s), len(s))
}
