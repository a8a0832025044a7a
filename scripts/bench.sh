#!/usr/bin/env bash
# make bench: svc's bundled load tests (issue 7). Builds svc, cmd/mockllm, the
# bare fasthttp ceiling and the load generator; starts them on loopback; runs
# every scenario of bench/scenario (repeated, svc and straight-to-mockllm
# interleaved); measures server-side latency and CPU profiles in process
# (bench/cmd/inproc); rewrites bench/RESULTS.md. Bounded: under 10 minutes.
#
# Environment:
#   BENCH_REPEAT=3        repeats per scenario and variant
#   BENCH_REPEAT_10K=2    repeats of classify-miss-10k (each drains 10,000 calls)
#   BENCH_SCENARIOS="..." space-separated subset (default: all; `bin/load list`)
#   BENCH_DURATION=       override every scenario's duration per run (e.g. 2s)
#   BENCH_PORT=27000      base port (bare +80, svc +81/+82, builtin svc +83/+84, mockllm +90, caddy +91)
#   BENCH_CADDY=1         when caddy is installed (apt-get install caddy), run the classify-miss
#                         scenarios through it too: another Go gateway on the same upstream (0 = skip)
#   BENCH_PROFILE=1       run the in-process latency pass and CPU profiles (0 = skip)
#   BENCH_OUT=bench/results, BENCH_RESULTS=bench/RESULTS.md
#   BENCH_LOGS=build/bench-logs/load  the servers' logs, last 200 KB each (build/ is ignored by git:
#                         a run changes only the results; the brownout set's go to build/bench-logs/brownout)
#   BENCH_BROWNOUT=1      run the brownout scenario set last (scripts/bench-brownout.sh; 0 = skip)
#   BENCH_ONLY=brownout   run only the brownout scenario set (same as make bench-brownout)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
if [ "${BENCH_ONLY:-}" = brownout ]; then
	exec ./scripts/bench-brownout.sh
fi

REPEAT=${BENCH_REPEAT:-3}
PORT=${BENCH_PORT:-27000}
OUT=${BENCH_OUT:-bench/results}
RESULTS=${BENCH_RESULTS:-bench/RESULTS.md}
LOGS=${BENCH_LOGS:-build/bench-logs/load}
PROFILE=${BENCH_PROFILE:-1}
GO=${GO:-go}
T0=$(date +%s)
LOAD_BEFORE=$(cat /proc/loadavg)

# 10,000 connections in, 10,000 out of svc: raise the descriptor limit.
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)" || true
echo "bench: open files limit $(ulimit -n); load average $LOAD_BEFORE" >&2

mkdir -p bin "$OUT"
$GO build -o bin/svc ./cmd/svc
$GO build -o bin/mockllm ./cmd/mockllm
$GO build -o bin/load ./bench/cmd/load
$GO build -o bin/bare ./bench/cmd/bare
$GO build -o bin/inproc ./bench/cmd/inproc
$GO build -o bin/walbench ./bench/cmd/walbench

TMP=$(mktemp -d "${TMPDIR:-/tmp}/svc-bench.XXXXXX")
PIDS=()
ours() { # pid: still one of the processes this script started (not a reused pid)
	tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null | grep -Eq "^(\./bin/|caddy run)"
}
cleanup() {
	for p in "${PIDS[@]}"; do if ours "$p"; then kill "$p" 2>/dev/null || true; fi; done
	for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null || true; done
	mkdir -p "$LOGS" && for f in "$TMP"/*.log; do [ -f "$f" ] && tail -c 200000 "$f" >"$LOGS/$(basename "$f")"; done
	rm -rf "$TMP"
}
trap cleanup EXIT
# A signal ends the script through the EXIT trap, which stops the servers
# (a measurement running in the foreground finishes first).
trap 'exit 143' TERM
trap 'exit 130' INT
trap 'exit 129' HUP

BARE=127.0.0.1:$((PORT + 80))
SVC=127.0.0.1:$((PORT + 81))
SVC_ADMIN=127.0.0.1:$((PORT + 82))
BUILTIN=127.0.0.1:$((PORT + 83))
BUILTIN_ADMIN=127.0.0.1:$((PORT + 84))
MOCK=127.0.0.1:$((PORT + 90))
CADDY=127.0.0.1:$((PORT + 91))
TOKEN=bench-admin-token

wait_http() { # url
	for _ in $(seq 1 100); do
		if curl -fsS -o /dev/null "$1" 2>/dev/null; then return 0; fi
		sleep 0.1
	done
	echo "bench: $1 did not come up" >&2
	return 1
}

start_svc() { # name addr admin-addr with-mock(0|1)
	local name=$1 addr=$2 admin=$3 mock=$4
	if [ "$mock" = 1 ]; then
		SVC_LLM_A_BASE_URL=http://$MOCK/v1 SVC_LLM_A_MODEL=mock-large SVC_LLM_A_API_KEY=bench \
		SVC_LLM_B_BASE_URL=http://$MOCK/v1 SVC_LLM_B_MODEL=mock-large-b SVC_LLM_B_API_KEY=bench \
			./bin/svc serve --no-demo --admin-token $TOKEN --data-dir "$TMP/$name" --addr "$addr" --admin-addr "$admin" --log-level warn >>"$TMP/$name.log" 2>&1 &
	else
		./bin/svc serve --no-demo --admin-token $TOKEN --data-dir "$TMP/$name" --addr "$addr" --admin-addr "$admin" --log-level warn >>"$TMP/$name.log" 2>&1 &
	fi
	eval "PID_$name=$!"
	PIDS+=($!)
	wait_http "http://$addr/v1/health"
}

./bin/mockllm --addr "$MOCK" --latency 0 --answers fixed >"$TMP/mock.log" 2>&1 &
PID_mock=$!
PIDS+=($!)
./bin/bare --addr "$BARE" >"$TMP/bare.log" 2>&1 &
PID_bare=$!
PIDS+=($!)
wait_http "http://$MOCK/v1/models"
wait_http "http://$BARE/"
CADDY_ON=0
if [ "${BENCH_CADDY:-1}" = 1 ] && command -v caddy >/dev/null 2>&1; then
	# Another Go gateway in front of the same mockllm: a plain reverse proxy.
	printf '{\n\tadmin off\n\tauto_https off\n}\nhttp://%s {\n\treverse_proxy %s\n}\n' "$CADDY" "$MOCK" >"$TMP/Caddyfile"
	(cd "$TMP" && exec caddy run --config "$TMP/Caddyfile" --adapter caddyfile) >"$TMP/caddy.log" 2>&1 &
	PID_caddy=$!
	PIDS+=($!)
	wait_http "http://$CADDY/v1/models"
	CADDY_ON=1
	echo "bench: $(caddy version | head -1 | cut -c1-40) in front of mockllm at $CADDY" >&2
fi
start_svc svc "$SVC" "$SVC_ADMIN" 1
start_svc builtin "$BUILTIN" "$BUILTIN_ADMIN" 0

# One account with 20 x 500 USD (10M credits) for svc; 130 accounts for
# reports (5 reports per minute per account).
./bin/load setup --admin "http://$SVC_ADMIN" --token $TOKEN --accounts 1 --packs 20 --out "$TMP/keys-svc.txt"
# The mix runs on its own account: GET /v1/comments there is not slowed by
# the comments every other scenario stored.
./bin/load setup --admin "http://$SVC_ADMIN" --token $TOKEN --accounts 1 --packs 4 --out "$TMP/keys-mix.txt"
./bin/load setup --admin "http://$BUILTIN_ADMIN" --token $TOKEN --accounts 130 --packs 1 --out "$TMP/keys-builtin.txt"

rm -rf "$OUT"/*.json "$OUT"/*.jsonl "$OUT"/*.md "$OUT"/*.png "$OUT"/*.txt "$OUT"/*.prof "$OUT"/logs
CMDS=$OUT/commands.txt
: >"$CMDS"
DUR=()
EXTRA=()
if [ -n "${BENCH_DURATION:-}" ]; then DUR=(--duration "$BENCH_DURATION"); fi

run() { # scenario
	local sc=$1 variants addr keys pid
	case "$sc" in
	bare-*) variants=svc addr=$BARE keys="" pid="--pid bare=$PID_bare" ;;
	# detect calls no upstream: its ceiling is the bare handler, not mockllm.
	detect-*) variants=svc addr=$SVC keys="--keys $TMP/keys-svc.txt" pid="--pid svc=$PID_svc" ;;
	mix-*) variants=svc,direct addr=$SVC keys="--keys $TMP/keys-mix.txt" pid="--pid svc=$PID_svc --pid mock=$PID_mock" ;;
	report-*) variants=svc,direct addr=$BUILTIN keys="--keys $TMP/keys-builtin.txt" pid="--pid builtin=$PID_builtin --pid mock=$PID_mock" ;;
	*) variants=svc,direct addr=$SVC keys="--keys $TMP/keys-svc.txt" pid="--pid svc=$PID_svc --pid mock=$PID_mock" ;;
	esac
	case "$sc" in
	classify-miss-1k | classify-miss-1k-0ms | classify-miss-max)
		if [ "$CADDY_ON" = 1 ]; then variants=$variants,caddy pid="$pid --pid caddy=$PID_caddy"; fi
		;;
	esac
	local rep=$REPEAT
	if [ "$sc" = classify-miss-10k ]; then rep=${BENCH_REPEAT_10K:-2}; fi
	local cmd="bin/load run --scenario $sc --variants $variants --repeat $rep --addr $addr --direct-addr $MOCK --caddy-addr $CADDY ${DUR[*]} ${EXTRA[*]} --out $OUT"
	echo "$cmd $keys $pid" | sed "s#$TMP#\$TMP#g" >>"$CMDS"
	# CPU profile of the real svc (admin listener's /debug/pprof) during the
	# first measured svc run of a few scenarios.
	local prof_pid=""
	case " ${BENCH_SVC_PROFILE:-detect-hit-max classify-miss-1k-0ms} " in
	*" $sc "*)
		(sleep 0.7 && curl -fsS -H "Authorization: Bearer $TOKEN" -o "$OUT/svc-cpu-$sc.prof" \
			"http://$SVC_ADMIN/debug/pprof/profile?seconds=2" 2>/dev/null) &
		prof_pid=$!
		echo "curl -H 'Authorization: Bearer <admin token>' 'http://$SVC_ADMIN/debug/pprof/profile?seconds=2'   # during $sc svc run 1" >>"$CMDS"
		;;
	esac
	# shellcheck disable=SC2086
	./bin/load run --scenario "$sc" --variants $variants --repeat "$rep" --addr "$addr" --direct-addr "$MOCK" --caddy-addr "$CADDY" "${DUR[@]}" "${EXTRA[@]}" --out "$OUT" $keys $pid
	if [ -n "$prof_pid" ]; then
		wait "$prof_pid" 2>/dev/null || true
		if [ -s "$OUT/svc-cpu-$sc.prof" ]; then
			$GO tool pprof -top -nodecount=25 bin/svc "$OUT/svc-cpu-$sc.prof" >"$OUT/profile-svc-$sc.txt" 2>/dev/null || true
			$GO tool pprof -top -cum -nodecount=40 bin/svc "$OUT/svc-cpu-$sc.prof" >"$OUT/profile-svc-cum-$sc.txt" 2>/dev/null || true
		fi
		rm -f "$OUT/svc-cpu-$sc.prof"
	fi
}

ALL="bare-max bare-1k detect-miss-max detect-hit-max detect-miss-1k detect-hit-1k classify-miss-1k classify-miss-1k-0ms classify-miss-max classify-hit-max classify-hit-1k report-500 mix-1k classify-miss-10k"
for sc in ${BENCH_SCENARIOS:-$ALL}; do
	if [ "$sc" = classify-miss-10k ]; then
		# A fresh svc process, so its VmHWM is this scenario's peak memory.
		kill "$PID_svc"
		wait "$PID_svc" 2>/dev/null || true
		KEEP=()
		for p in "${PIDS[@]}"; do [ "$p" = "$PID_svc" ] || KEEP+=("$p"); done
		PIDS=("${KEEP[@]}")
		start_svc svc "$SVC" "$SVC_ADMIN" 1
	fi
	if [ "$sc" = classify-miss-10k ] && [ "$(ulimit -n)" -lt 20600 ]; then
		# svc holds two descriptors per proxied call (client in, upstream out):
		# 10,000 in flight needs more than this machine's open-file limit.
		N10K=$((($(ulimit -n) - 600) / 2))
		echo "bench: open files limit $(ulimit -n) < 20,600: classify-miss-10k runs at $N10K in flight" >&2
		EXTRA=(--max-inflight "$N10K")
	else
		EXTRA=()
	fi
	run "$sc"
done

# Cross-check with a standard tool, when installed (apt-get install wrk):
# closed loop, 64 connections, bare ceiling vs /v1/detect cache hits.
if command -v wrk >/dev/null 2>&1; then
	KEY=$(head -1 "$TMP/keys-svc.txt")
	cat >"$TMP/detect.lua" <<EOF
wrk.method = "POST"
wrk.body = '{"text":"شلونك يا خوي؟ الطلب وصل متأخر وايد، متى يرجع المقاس الأزرق؟"}'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer $KEY"
EOF
	echo "wrk -t1 -c64 -d3s --latency http://$BARE/v1/ping" >>"$CMDS"
	wrk -t1 -c64 -d3s --latency "http://$BARE/v1/ping" >"$OUT/wrk-bare.txt" 2>&1 || true
	echo "wrk -t1 -c64 -d3s --latency -s detect.lua http://$SVC/v1/detect   # detect.lua: POST, the detect-hit body, the API key" >>"$CMDS"
	wrk -t1 -c64 -d3s --latency -s "$TMP/detect.lua" "http://$SVC/v1/detect" >"$OUT/wrk-detect-hit.txt" 2>&1 || true
fi

if [ "$PROFILE" = 1 ]; then
	echo "bin/inproc latency --n 1500 --conc 16 --conc-duration 2s --out $OUT/inproc.json" >>"$CMDS"
	./bin/inproc latency --n 1500 --conc 16 --conc-duration 2s --out "$OUT/inproc.json"
	for sc in detect-miss detect-hit classify-hit; do
		echo "bin/inproc profile --scenario $sc --duration 4s --conc 32 --cpuprofile $OUT/cpu-$sc.prof && go tool pprof -top -nodecount=25 bin/inproc $OUT/cpu-$sc.prof" >>"$CMDS"
		./bin/inproc profile --scenario "$sc" --duration 4s --conc 32 --cpuprofile "$OUT/cpu-$sc.prof" --mutexprofile "$OUT/mutex-$sc.prof"
		$GO tool pprof -top -nodecount=25 bin/inproc "$OUT/cpu-$sc.prof" >"$OUT/profile-cpu-$sc.txt" 2>/dev/null || true
		$GO tool pprof -top -nodecount=25 -cum bin/inproc "$OUT/cpu-$sc.prof" >"$OUT/profile-cum-$sc.txt" 2>/dev/null || true
	done
	rm -f "$OUT"/*.prof
	# Pebble synced-commit latency and CPU: defaults vs a 64 MiB memtable and a
	# WAL minimum sync interval (ledger proposals).
	for args in "--rate 1000 --duration 3s" "--rate 1000 --duration 3s --memtable-mb 64" "--rate 1000 --duration 3s --wal-min-sync 200us" "--rate 0 --conc 8 --duration 2s" "--rate 0 --conc 64 --duration 2s" "--rate 0 --conc 64 --duration 2s --memtable-mb 64"; do
		echo "bin/walbench $args --json $OUT/walbench.jsonl" >>"$CMDS"
		# shellcheck disable=SC2086
		./bin/walbench $args --json "$OUT/walbench.jsonl" 2>/dev/null
	done
	# Micro-benchmarks behind the hot-path proposals (bench/micro_test.go).
	echo "go test ./bench -run '^\$' -bench . -benchmem -benchtime 2000x" >>"$CMDS"
	$GO test ./bench -run '^$' -bench . -benchmem -benchtime 2000x >"$OUT/micro.txt" 2>&1 || true
fi

LOAD_AFTER=$(cat /proc/loadavg)
MACHINE="- $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'); $(awk '/MemTotal/{printf "%.1f GiB RAM", $2/1048576}' /proc/meminfo)
- $($GO version); $(uname -sr)
- open files limit $(ulimit -n); GOMAXPROCS default ($(nproc))"
./bin/load summarize --in "$OUT" --out "$RESULTS" --machine "$MACHINE" --commands "$CMDS" \
	--load-before "$LOAD_BEFORE" --load-after "$LOAD_AFTER" --elapsed "$(($(date +%s) - T0))s"
echo "bench: wrote $RESULTS in $(($(date +%s) - T0)) s (load average before: $LOAD_BEFORE; after: $LOAD_AFTER)" >&2
if [ "${BENCH_BROWNOUT:-1}" = 1 ]; then
	# Appends (replaces) the brownout section of $RESULTS: 8 phases, 20 s each.
	# A BENCH_LOGS given for this run puts the brownout logs in its brownout/.
	BENCH_OUT=$OUT BENCH_RESULTS=$RESULTS BENCH_LOGS=${BENCH_LOGS:+$LOGS/brownout} ./scripts/bench-brownout.sh
fi
