#!/usr/bin/env bash
# The brownout scenario set of make bench (issue 17), runnable alone:
# make bench-brownout (or BENCH_ONLY=brownout make bench). Builds svc,
# cmd/mockllm and bench/cmd/brownout; starts two mockllm instances (llm_a,
# llm_b; --answers fixed, 300 ms median) and svc wired to them; drives the
# primary (then both) through the phases of bench/cmd/brownout at a fixed
# rate of paid classify requests; writes bench/results/brownout.{json,md,png}
# and replaces the brownout section of bench/RESULTS.md. The servers' logs
# (their last 200 KB each) go to build/bench-logs/brownout/, which git
# ignores: a run changes nothing else in the tree.
#
# Environment:
#   BROWNOUT_RATE=30       requests per second (open loop)
#   BROWNOUT_PHASE=20s     duration of each of the 8 phases
#   BROWNOUT_WHEN_DOWN=builtin  svc's --when-providers-down (builtin or fail)
#   BENCH_PORT=27000       base port (svc +281/+282, mockllm +290/+292)
#   BENCH_OUT=bench/results, BENCH_RESULTS=bench/RESULTS.md
#   BENCH_LOGS=build/bench-logs/brownout
#   SVC_LLM_*              passed through to svc (e.g. SVC_LLM_TIMEOUT)
set -euo pipefail
cd "$(dirname "$0")/.."

PORT=${BENCH_PORT:-27000}
OUT=${BENCH_OUT:-bench/results}
RESULTS=${BENCH_RESULTS:-bench/RESULTS.md}
LOGS=${BENCH_LOGS:-build/bench-logs/brownout}
RATE=${BROWNOUT_RATE:-30}
PHASE=${BROWNOUT_PHASE:-20s}
WHEN_DOWN=${BROWNOUT_WHEN_DOWN:-builtin}
GO=${GO:-go}
SVC=127.0.0.1:$((PORT + 281))
ADMIN=127.0.0.1:$((PORT + 282))
MOCK_A=127.0.0.1:$((PORT + 290))
MOCK_B=127.0.0.1:$((PORT + 292))
TOKEN=brownout-admin-token

mkdir -p bin "$OUT"
$GO build -o bin/svc ./cmd/svc
$GO build -o bin/mockllm ./cmd/mockllm
$GO build -o bin/brownout ./bench/cmd/brownout

TMP=$(mktemp -d "${TMPDIR:-/tmp}/svc-brownout.XXXXXX")
PIDS=()
cleanup() {
	for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
	for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null || true; done
	mkdir -p "$LOGS" && for f in "$TMP"/*.log; do [ -f "$f" ] && tail -c 200000 "$f" >"$LOGS/$(basename "$f")"; done
	rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 143' TERM # the EXIT trap stops the servers on a signal too
trap 'exit 130' INT
trap 'exit 129' HUP

wait_http() { # url
	for _ in $(seq 1 100); do
		if curl -fsS -o /dev/null "$1" 2>/dev/null; then return 0; fi
		sleep 0.1
	done
	echo "bench-brownout: $1 did not come up" >&2
	return 1
}

./bin/mockllm --addr "$MOCK_A" --latency 300ms --answers fixed >"$TMP/mock-a.log" 2>&1 &
PIDS+=($!)
./bin/mockllm --addr "$MOCK_B" --latency 300ms --answers fixed >"$TMP/mock-b.log" 2>&1 &
PIDS+=($!)
wait_http "http://$MOCK_A/v1/models"
wait_http "http://$MOCK_B/v1/models"
SVC_LLM_A_BASE_URL=http://$MOCK_A/v1 SVC_LLM_A_MODEL=mock-a SVC_LLM_A_FALLBACK_MODEL=mock-a-mini SVC_LLM_A_API_KEY=bench \
SVC_LLM_B_BASE_URL=http://$MOCK_B/v1 SVC_LLM_B_MODEL=mock-b SVC_LLM_B_FALLBACK_MODEL=mock-b-mini SVC_LLM_B_API_KEY=bench \
	./bin/svc serve --no-demo --admin-token $TOKEN --data-dir "$TMP/svc" --addr "$SVC" --admin-addr "$ADMIN" --log-level warn --when-providers-down "$WHEN_DOWN" >"$TMP/svc.log" 2>&1 &
PIDS+=($!)
wait_http "http://$SVC/v1/health"

CMD="BROWNOUT_RATE=$RATE BROWNOUT_PHASE=$PHASE BROWNOUT_WHEN_DOWN=$WHEN_DOWN make bench-brownout   # at $(git rev-parse --short HEAD 2>/dev/null || echo '?'), load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
# In the background, waited for: a trapped signal interrupts wait at once.
./bin/brownout --svc "$SVC" --admin "http://$ADMIN" --token $TOKEN --mock-a "$MOCK_A" --mock-b "$MOCK_B" \
	--rate "$RATE" --phase "$PHASE" --when-down "$WHEN_DOWN" --out "$OUT" --results "$RESULTS" --command "$CMD" &
PIDS+=($!)
wait $!
