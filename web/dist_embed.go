//go:build webdist

package web

import (
	"embed"
	"io/fs"
)

// The playground make web built, embedded (make build passes -tags
// webdist when web/dist holds it). Wasm itself is left out: WasmGz is a
// quarter of its size and Handler serves it for both.
//
//go:embed dist/index.html dist/style.css dist/app.js dist/worker.js dist/wasm_exec.js dist/examples.json dist/looplint.wasm.gz
var dist embed.FS

// Dist is the playground this binary holds, or nil.
func Dist() fs.FS {
	sub, _ := fs.Sub(dist, "dist")
	return sub
}
