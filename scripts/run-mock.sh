#!/usr/bin/env bash
# make run-mock: cmd/mockllm on 127.0.0.1:8090 and svc wired to it for both
# providers (data in ./data-mock). Stops both, and waits for them, when it
# ends for any reason: SIGTERM (what make forwards when it is killed),
# SIGINT (Ctrl-C), SIGHUP (the terminal closed), or either server exiting.
# The servers run in the background and the script waits with `wait`, which
# a trapped signal interrupts at once (a foreground child would delay the
# trap until it exited).
#
# Environment:
#   MOCKLLM_ADDR=127.0.0.1:8090   mockllm's listener
#   SVC_ADDR, SVC_ADMIN_ADDR      svc's listeners (svc's defaults: :8080, :8081)
#   SVC_DATA_DIR=./data-mock      svc's data
set -euo pipefail
cd "$(dirname "$0")/.."
MOCK=${MOCKLLM_ADDR:-127.0.0.1:8090}
export SVC_DATA_DIR=${SVC_DATA_DIR:-./data-mock}

PIDS=()
stop_all() {
	trap - EXIT INT TERM HUP
	for p in "${PIDS[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
	for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null || true; done
}
trap stop_all EXIT
trap 'exit 143' TERM
trap 'exit 130' INT
trap 'exit 129' HUP

./bin/mockllm --addr "$MOCK" &
PIDS+=($!)
SVC_LLM_A_BASE_URL=http://$MOCK/v1 SVC_LLM_A_MODEL=mock-a SVC_LLM_A_FALLBACK_MODEL=mock-a-mini \
SVC_LLM_B_BASE_URL=http://$MOCK/v1 SVC_LLM_B_MODEL=mock-b SVC_LLM_B_FALLBACK_MODEL=mock-b-mini \
	./bin/svc serve &
PIDS+=($!)
# Until either server ends (then the other is stopped too) or a signal.
wait -n "${PIDS[@]}" || true
