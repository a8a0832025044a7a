#!/usr/bin/env bash
# make bench-cluster: paid detect (unique texts: every request a durable
# debit in PostgreSQL) through haproxy and three nodes on one PostgreSQL
# (fsync and synchronous_commit on) and one Redis, all on this machine with
# the load generator. Closed loop (throughput) and 500 req/s (latency); then
# one node alone on the same database for comparison. Writes the cluster
# section of bench/RESULTS.md (between the cluster markers) and the raw runs
# to bench/results-cluster/.
#   BENCH_REPEAT=2 BENCH_DURATION=5s BENCH_ACCOUNTS=30 BENCH_PORT=29080
set -euo pipefail
cd "$(dirname "$0")/.."
REPEAT=${BENCH_REPEAT:-2}
DURATION=${BENCH_DURATION:-5s}
ACCOUNTS=${BENCH_ACCOUNTS:-30}
PORT=${BENCH_PORT:-29080}
OUT=bench/results-cluster
RESULTS=bench/RESULTS.md
DIR=$(mktemp -d /tmp/svc-bench-cluster.XXXXXX)
chmod 755 "$DIR" # PostgreSQL runs as postgres: its data folder lives inside
ulimit -n 65536 2>/dev/null || true
go build -o bin/load ./bench/cmd/load
rm -rf "$OUT" && mkdir -p "$OUT"

# cluster.sh runs in its own process group (setsid): a background job of a
# non-interactive shell ignores SIGINT, so it is stopped with SIGTERM (its
# trap stops haproxy, the nodes, Redis and PostgreSQL and waits for them);
# whatever is left after 60 s is killed with the whole group.
CLUSTER_DIR=$DIR CLUSTER_PORT=$PORT CLUSTER_NODE_PORT=$((PORT + 100)) CLUSTER_PG_PORT=$((PORT + 200)) \
	CLUSTER_REDIS_PORT=$((PORT + 201)) setsid ./scripts/cluster.sh >"$DIR/cluster.out" 2>&1 &
CL=$!
stop_cluster() {
	local rc=$?
	trap - EXIT INT TERM HUP
	kill -TERM "$CL" 2>/dev/null || true
	for _ in $(seq 1 600); do kill -0 "$CL" 2>/dev/null || break; sleep 0.1; done
	if kill -0 "$CL" 2>/dev/null; then
		echo "bench-cluster: cluster.sh did not stop in 60 s; killing its process group" >&2
		kill -KILL -- "-$CL" 2>/dev/null || true
		[ -f "$DIR/pg/postmaster.pid" ] && runuser -u postgres -- /usr/lib/postgresql/15/bin/pg_ctl -D "$DIR/pg" -m immediate stop >/dev/null 2>&1
	fi
	wait "$CL" 2>/dev/null || true
	rm -rf "$DIR"
	exit "$rc"
}
trap stop_cluster EXIT
trap 'exit 130' INT TERM HUP
for _ in $(seq 1 600); do
	grep -q 'nodes behind haproxy' "$DIR/cluster.out" 2>/dev/null && break
	kill -0 $CL 2>/dev/null || { cat "$DIR/cluster.out"; exit 1; }
	sleep 0.2
done
grep -q 'nodes behind haproxy' "$DIR/cluster.out" || { cat "$DIR/cluster.out"; exit 1; }
TOKEN=$(cat "$DIR/admin.token")
./bin/load setup --admin "http://127.0.0.1:$((PORT + 1))" --token "$TOKEN" --accounts "$ACCOUNTS" --packs 1 --out "$DIR/keys.txt"
pids=()
for p in $(pgrep -f "svc serve --addr 127.0.0.1:$((PORT + 100))|svc serve --addr 127.0.0.1:$((PORT + 110))|svc serve --addr 127.0.0.1:$((PORT + 120))"); do pids+=(--pid "svc$p=$p"); done
LOAD_BEFORE=$(cat /proc/loadavg)
run() { # name scenario addr rate
	./bin/load run --quiet --scenario "$2" --addr "$3" --direct-addr "" --keys "$DIR/keys.txt" --repeat "$REPEAT" \
		--duration "$DURATION" --rate "$4" "${pids[@]}" --out "$OUT/$1" >"$OUT/$1.txt" 2>&1 || { cat "$OUT/$1.txt"; exit 1; }
}
run cluster-max detect-miss-max "127.0.0.1:$PORT" -1
run cluster-500 detect-miss-1k "127.0.0.1:$PORT" 500
run node-max detect-miss-max "127.0.0.1:$((PORT + 100))" -1
run node-500 detect-miss-1k "127.0.0.1:$((PORT + 100))" 500
echo "bench-cluster: load average before $LOAD_BEFORE, after $(cat /proc/loadavg)" | tee "$OUT/load.txt"
# The cluster section of bench/RESULTS.md, between its markers.
SECTION=$DIR/section.md
{
	echo "<!-- cluster:begin (written by scripts/bench_cluster.sh; edit the script, not this block) -->"
	echo "## Cluster: paid detect through haproxy, three nodes, one PostgreSQL, one Redis (\`make bench-cluster\`)"
	echo
	echo "$(date -u '+%Y-%m-%d %H:%M UTC') at $(git rev-parse --short HEAD 2>/dev/null || echo '?'); $(nproc) cores shared by PostgreSQL (fsync and synchronous_commit on),"
	echo "Redis, haproxy, three svc nodes and the load generator; $ACCOUNTS accounts (one live key each); unique texts, so"
	echo "every request is a cache miss and a durable debit. Load average before: $LOAD_BEFORE; after: $(cat /proc/loadavg)."
	echo
	echo "| run | target | result |"
	echo "|---|---|---|"
	for r in cluster-max cluster-500 node-max node-500; do
		case $r in
		cluster-max) what="closed loop, 64 in flight, through haproxy";;
		cluster-500) what="500 req/s open loop, through haproxy";;
		node-max) what="closed loop, 64 in flight, one node direct (same database)";;
		node-500) what="500 req/s open loop, one node direct";;
		esac
		grep '=>' "$OUT/$r.txt" | sed "s#^[^=]*=> *#| $r | $what | #; s#\$# |#"
	done
	echo
	echo "Targets (issue 15): >= 2,000 req/s closed loop through the cluster; p99 <= 25 ms at 500 req/s."
	echo "<!-- cluster:end -->"
} >"$SECTION"
if grep -q '<!-- cluster:begin' "$RESULTS"; then
	awk -v f="$SECTION" '/<!-- cluster:begin/{while((getline l < f)>0) print l; skip=1; next} /<!-- cluster:end/{skip=0; next} !skip' "$RESULTS" >"$RESULTS.tmp"
	mv "$RESULTS.tmp" "$RESULTS"
else
	{ echo; cat "$SECTION"; } >>"$RESULTS"
fi
cat "$SECTION"
# Say whether each target was met (the best closed-loop run; the worst p99 at 500/s).
best=$(grep -ho '=> [0-9]*' "$OUT/cluster-max.txt" | awk '{if ($2 > m) m = $2} END {print m + 0}')
p99=$(grep -ho 'p99=[0-9.]*[µm]*s' "$OUT/cluster-500.txt" | awk -F= '{v = $2 + 0; if ($2 ~ /µs$/) v /= 1000; else if ($2 !~ /ms$/) v *= 1000; if (v > m) m = v} END {print m + 0}')
met() { if [ "$1" = 1 ]; then echo met; else echo "NOT met"; fi; }
echo "bench-cluster: throughput target >= 2000 req/s through the cluster: $(met "$(awk -v b="$best" 'BEGIN {print (b >= 2000)}')") (best run $best req/s)"
echo "bench-cluster: latency target p99 <= 25 ms at 500 req/s: $(met "$(awk -v p="$p99" 'BEGIN {print (p <= 25)}')") (worst run p99 $p99 ms)"
