//go:build !webdist

package web

import "io/fs"

// Dist is the playground this binary holds: none, built without -tags
// webdist (make build adds it when make web has built web/dist).
func Dist() fs.FS { return nil }
