#!/usr/bin/env bash
# Crash-consistency soak (make soak): builds bin/svc, bin/mockllm and the soak
# driver, then runs SOAK_CYCLES (default 50) kill -9 cycles under load and the
# upstream-fault phase. Exits non-zero on any discrepancy. See docs/reliability.md.
#   SOAK_CYCLES=5 ./scripts/soak.sh          # a short run
#   SOAK_FAULTS=0 ./scripts/soak.sh          # skip the mockllm fault phase
#   ./scripts/soak.sh -seed 42 -keep         # extra flags go to cmd/soak
set -euo pipefail
cd "$(dirname "$0")/.."
export SOAK_CYCLES="${SOAK_CYCLES:-50}"
mkdir -p bin
go build -o bin/svc ./cmd/svc
go build -o bin/mockllm ./cmd/mockllm
go build -o bin/soak ./cmd/soak
exec ./bin/soak -bin bin/svc -mockllm bin/mockllm "$@"
