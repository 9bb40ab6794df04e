GO ?= go
SHARED ?= ../shared

.PHONY: test vet build web release npm conformance record record-browser record-browser-perturbed bench bench-check difftest pgo

# The version a build prints: the nearest tag and commit (git describe), so it
# does not depend on the go command recording VCS information (GOFLAGS may
# say -buildvcs=false); outside a git checkout, the build information's.
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null)

# Static (no cgo: only net's resolver would use it, and looplint opens no
# sockets): about 1 ms less per start than a dynamically linked binary.
# make build embeds the playground (looplint serve) when make web has built it.
WEBTAGS = $(if $(wildcard web/dist/looplint.wasm.gz),-tags webdist)

build:
	CGO_ENABLED=0 $(GO) build $(WEBTAGS) -ldflags "-X main.version=$(VERSION)" -o bin/looplint ./cmd/looplint

# web builds the playground into web/dist/: looplint compiled to WebAssembly
# (the wasm's main is cmd/looplint/main_js.go), Go's wasm_exec.js, the page
# (web/static) and its examples. Serve it with any static server, or with
# looplint serve after make build (which then embeds it).
web:
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags "-s -X main.version=$(VERSION)" -o web/dist/looplint.wasm ./cmd/looplint
	$(GO) run ./web/mkdist -out web/dist -goroot "$$($(GO) env GOROOT)"

# release writes dist/release: archives for linux, darwin and windows on amd64
# and arm64 (tar.gz, zip for windows) and checksums.txt; npm writes dist/npm:
# the looplint package (a launcher) and one @looplint/OS-ARCH package per
# platform with its binary, as esbuild ships its Go binary.
release:
	$(GO) run ./internal/release -version "$(VERSION)" -npm=false

npm:
	$(GO) run ./internal/release -version "$(VERSION)" -archives=false

vet:
	$(GO) vet ./...

# test needs neither Node nor ../shared. The runtime package takes about
# 3 minutes on an idle 2-core machine; past go test's default 10 minutes a
# loaded one would fail it, hence the longer bound.
test: vet
	$(GO) test -timeout 20m ./...

# conformance runs the shared probes and corpus (needs ../shared) through looplint run --explore,
# then through looplint predict (sound / exact / complete:false per version).
conformance:
	$(GO) run ./internal/conformance -shared $(SHARED)
	$(GO) run ./internal/conformance -shared $(SHARED) -predict

# record re-measures testdata/runtime on real Node binaries (downloads them from npm).
record:
	$(GO) run ./internal/noderecord testdata/runtime/*.txtar

# record-browser re-measures testdata/browser in headless Chromium and Firefox ESR
# (chromium-headless-shell, firefox-esr; internal/browserrecord/README.md).
record-browser:
	$(GO) run ./internal/browserrecord testdata/browser/*.txtar

# record-browser-perturbed records testdata/browser perturbed, into each version's
# "perturbed" entry (browserrecord -perturb; the plain runs are kept).
record-browser-perturbed:
	$(GO) run ./internal/browserrecord -perturb -runs 30 -contend 1 testdata/browser/*.txtar

# bench runs the Go benchmarks (runtime execution, exploration, the predictor's explorer, the playground's examples as its page asks), then
# times looplint predict (+ confirm) against one `node file.js` run per corpus file (needs ../shared, node).
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./runtime ./predict ./lsp ./cmd/looplint
	$(GO) run ./internal/benchpredict -shared $(SHARED)

# bench-check times looplint check against oxlint and ESLint on a pinned node_modules tree
# (bench/check; installs it with npm under .cache/bench-check, so it needs Node and npm).
bench-check:
	$(GO) run ./internal/benchcheck

# pgo rewrites cmd/looplint/default.pgo, the CPU profile go build optimizes
# the command with (profile-guided optimization: 6-11% less time for a check
# of bench/check's tree): checks of bench/check's two trees (needs npm, as
# bench-check does). Rerun it when check's hot code changes a lot; a stale
# profile only optimizes less.
pgo:
	$(GO) run ./internal/benchcheck -pgo .cache/bench-check/tree.pgo -runs 3
	$(GO) run ./internal/benchcheck -pgo .cache/bench-check/tree2.pgo -runs 2 -tree tree2
	$(GO) tool pprof -proto .cache/bench-check/tree.pgo .cache/bench-check/tree2.pgo > cmd/looplint/default.pgo

# difftest checks the predictor against the runtime on DIFFTEST_N generated programs
# (Node 10, 20, 26; up to 30 runtime runs per check) and minimizes each disagreement
# into testdata/difftest (see its README). Needs no Node. Takes a while.
DIFFTEST_N ?= 10000
difftest:
	DIFFTEST_N=$(DIFFTEST_N) DIFFTEST_EXPLORE=30 DIFFTEST_MAXRUNS=10000 DIFFTEST_WRITE=1 \
		$(GO) test -run '^TestDifferential$$' -count=1 -timeout 0 -v ./gen
