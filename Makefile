GO ?= go
SHARED ?= ../shared

.PHONY: test vet build conformance record bench

build:
	$(GO) build -o bin/looplint ./cmd/looplint

vet:
	$(GO) vet ./...

# test needs neither Node nor ../shared.
test: vet
	$(GO) test ./...

# conformance runs the shared probes and corpus (needs ../shared) through looplint run --explore.
conformance:
	$(GO) run ./internal/conformance -shared $(SHARED)

# record re-measures testdata/runtime on real Node binaries (downloads them from npm).
record:
	$(GO) run ./internal/noderecord testdata/runtime/*.txtar

# bench runs the Go benchmarks (runtime execution, exploration, the predictor's explorer).
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./runtime ./predict
