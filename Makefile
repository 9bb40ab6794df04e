GO ?= go
SHARED ?= ../shared

.PHONY: test vet build conformance

build:
	$(GO) build -o bin/looplint ./cmd/looplint

vet:
	$(GO) vet ./...

test: vet
	$(GO) test ./...

# conformance runs the shared probes and corpus (needs ../shared) through the runtime.
conformance:
	$(GO) run ./internal/conformance -shared $(SHARED)
