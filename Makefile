# svc — see README.md. Every target works offline on a fresh clone.
GO        ?= go
BIN       := bin
FUZZTIME  ?= 10m
SOAK_CYCLES ?= 50
# Packages whose state is shared between goroutines: run under the race detector.
RACE_PKGS := ./ledger/... ./cache/... ./httpapi/... ./engine/... ./clock/...

.PHONY: all build run run-mock test console-test vet fmt-check quality train-dialect bench soak fuzz clean

all: build

build:
	$(GO) build -o $(BIN)/svc ./cmd/svc
	$(GO) build -o $(BIN)/mockllm ./cmd/mockllm

# Build and serve with the embedded defaults; the first start on an empty
# ./data prints the admin token and the demo keys.
run: build
	./$(BIN)/svc serve

# Start cmd/mockllm and svc wired to it for both providers.
run-mock: build
	./$(BIN)/mockllm --addr 127.0.0.1:8090 & \
	trap 'kill $$!' EXIT; \
	SVC_LLM_A_BASE_URL=http://127.0.0.1:8090/v1 SVC_LLM_A_MODEL=mock-a SVC_LLM_A_FALLBACK_MODEL=mock-a-mini \
	SVC_LLM_B_BASE_URL=http://127.0.0.1:8090/v1 SVC_LLM_B_MODEL=mock-b SVC_LLM_B_FALLBACK_MODEL=mock-b-mini \
	./$(BIN)/svc serve --data-dir ./data-mock

# Everything CI runs (.ci/run calls this): format, vet, all tests, the
# end-to-end suite again with both providers on mockllm over loopback HTTP,
# and again on the PostgreSQL ledger (internal/testpg starts PostgreSQL 15),
# the race detector on the packages that share state, and a short run of
# every fuzz target.
test: fmt-check vet
	$(GO) test -count=1 -timeout 8m ./...
	SVC_TEST_PROVIDERS=mockllm $(GO) test -count=1 -timeout 5m ./httpapi/
	SVC_TEST_LEDGER=postgres $(GO) test -count=1 -timeout 8m ./httpapi/
	$(GO) test -race -count=1 -timeout 8m $(RACE_PKGS)
	./scripts/fuzz.sh 5s

# The console clicked through in headless Chromium (installs Debian's chromium
# if missing); saves docs/console.png. Not part of make test: it needs apt.
console-test:
	./scripts/console_test.sh

vet:
	$(GO) vet ./...

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

# Regenerate the accuracy tables (docs/quality/*.md) from ../shared/data.
quality:
	$(GO) run ./cmd/quality

# Learn the dialect word evidence from ../shared/data/train (licensed corpora)
# and write engine/dialect/learned/ngrams_{permissive,wiki}.tsv (~1 min).
DATA ?= ../shared/data
train-dialect:
	$(GO) run ./engine/dialect/cmd/traindialect -data $(DATA)

bench:
	./scripts/bench.sh

soak:
	SOAK_CYCLES=$(SOAK_CYCLES) ./scripts/soak.sh

fuzz:
	./scripts/fuzz.sh $(FUZZTIME)

clean:
	rm -rf $(BIN)
