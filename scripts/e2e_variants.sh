#!/usr/bin/env bash
# The end-to-end suite (./httpapi) again, twice and side by side: with both
# providers on cmd/mockllm over loopback HTTP (SVC_TEST_PROVIDERS=mockllm) and
# on the PostgreSQL ledger (SVC_TEST_LEDGER=postgres). Part of `make test`.
# The test binary is built once; the two runs wait on their servers far more
# than they compute (measured: 38 s and 68 s one after the other, 74 s side
# by side), so running them together saves half a minute without loading the
# machine more than the first `go test ./...` step does. As `go test` does, a
# run that passes prints one line and a run that fails prints its whole
# output (after both have ended); the script fails if either run fails.
# TEST_TIMEOUT bounds a hang only.
set -uo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
timeout=${TEST_TIMEOUT:-30m}
dir=$(mktemp -d)
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
	rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

"$GO" test -c -o "$dir/httpapi.test" ./httpapi/ || exit 1
cd httpapi
run() { # name env...
	local name=$1; shift
	local start=$SECONDS
	env "$@" "$dir/httpapi.test" -test.count=1 -test.timeout "$timeout" >"$dir/$name.out" 2>&1
	local rc=$?
	echo "$rc $((SECONDS - start))" >"$dir/$name.rc"
}
run mockllm SVC_TEST_PROVIDERS=mockllm & pids+=($!)
run postgres SVC_TEST_LEDGER=postgres & pids+=($!)
wait
rc=0
for name in mockllm postgres; do
	read -r r secs <"$dir/$name.rc" || { r=1; secs=?; }
	if [ "$r" = 0 ]; then
		echo "ok  	svc/httpapi ($name)	${secs}s"
	else
		cat "$dir/$name.out"
		echo "FAIL	svc/httpapi ($name)	${secs}s"
		rc=1
	fi
done
exit $rc
