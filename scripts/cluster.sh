#!/usr/bin/env bash
# make run-cluster: PostgreSQL 15 (its own data folder), Redis, three
# `svc serve --database-url ... --redis-url ...` nodes and haproxy in front on
# 127.0.0.1:8080 (its configuration: scripts/haproxy_cfg.sh; each key kept on
# one node, and the client's address passed to the nodes by PROXY protocol v2,
# which they accept from 127.0.0.1 only: --trusted-proxies). The admin API of
# every node is behind 127.0.0.1:8081 too (any node acts on the shared state).
# Prints the admin token and the demo keys on the first start when stdout is a
# terminal, as `make run` does; otherwise they are in $DIR/admin.token and
# $DIR/node0/first-start.txt. Ctrl-C stops everything this script started.
#
# Environment:
#   CLUSTER_DIR=./data-cluster   data of PostgreSQL, Redis and the nodes
#   CLUSTER_PORT=8080            haproxy's public port (admin: +1)
#   CLUSTER_NODE_PORT=18080      first node's public port (node i: +10*i; admin: +1)
#   CLUSTER_PG_PORT=15432, CLUSTER_REDIS_PORT=16379
#   SVC_FLAGS="--test-clock"     extra flags of every node
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
DIR=$(mkdir -p "${CLUSTER_DIR:-$ROOT/data-cluster}" && cd "${CLUSTER_DIR:-$ROOT/data-cluster}" && pwd)
PORT=${CLUSTER_PORT:-8080}
NODE_PORT=${CLUSTER_NODE_PORT:-18080}
PG_PORT=${CLUSTER_PG_PORT:-15432}
REDIS_PORT=${CLUSTER_REDIS_PORT:-16379}
PG_BIN=${SVC_PG_BIN:-/usr/lib/postgresql/15/bin}
NODES=3

./scripts/deps.sh redis-server haproxy
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)" || true
HAPROXY=$(command -v haproxy || echo /usr/sbin/haproxy)
go build -o bin/svc ./cmd/svc

PIDS=()
PG_STARTED=
stop_all() {
	trap - INT TERM HUP EXIT
	echo "cluster: stopping" >&2
	for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do kill "${PIDS[i]}" 2>/dev/null || true; done
	for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null || true; done
	if [ -n "$PG_STARTED" ]; then as_pg "$PG_BIN/pg_ctl" -D "$PGDATA" -m fast -w stop >/dev/null 2>&1 || true; fi
	echo "cluster: stopped" >&2
}
trap stop_all EXIT
trap 'stop_all; exit 0' INT TERM HUP

# PostgreSQL refuses to run as root: run it as the postgres user then.
as_pg() {
	if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
PGDATA=$DIR/pg
if [ "$(id -u)" = 0 ] && ! runuser -u postgres -- test -x "$DIR"; then
	PGDATA=/tmp/svc-cluster-pg-$(echo "$DIR" | md5sum | cut -c1-8) # $DIR is not reachable by postgres
fi
mkdir -p "$PGDATA"
[ "$(id -u)" = 0 ] && chown postgres: "$PGDATA" && chmod 700 "$PGDATA"
if [ ! -f "$PGDATA/PG_VERSION" ]; then
	echo "cluster: initdb $PGDATA" >&2
	as_pg "$PG_BIN/initdb" -D "$PGDATA" -U postgres -A trust -E UTF8 >/dev/null
fi
as_pg "$PG_BIN/pg_ctl" -D "$PGDATA" -l "$PGDATA/postgres.log" -w -t 60 \
	-o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $PGDATA -c max_connections=300" start >/dev/null
PG_STARTED=1
as_pg "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname='svc'" | grep -q 1 ||
	as_pg "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres svc
DB_URL="postgres://postgres@127.0.0.1:$PG_PORT/svc?sslmode=disable"
echo "cluster: PostgreSQL on 127.0.0.1:$PG_PORT (data $PGDATA)" >&2

mkdir -p "$DIR/redis"
redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --save "" --appendonly no --dir "$DIR/redis" \
	--daemonize no --loglevel warning >"$DIR/redis/redis.log" 2>&1 &
PIDS+=($!)
REDIS_URL="redis://127.0.0.1:$REDIS_PORT/0"
echo "cluster: Redis on 127.0.0.1:$REDIS_PORT" >&2

# One admin token for every node, kept in $DIR/admin.token.
if [ ! -s "$DIR/admin.token" ]; then
	echo "svc_admin_$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')" >"$DIR/admin.token"
	chmod 600 "$DIR/admin.token"
	if [ -t 1 ]; then
		echo "admin token (kept in $DIR/admin.token): $(cat "$DIR/admin.token")"
	else
		echo "cluster: admin token generated in $DIR/admin.token"
	fi
fi
TOKEN=$(cat "$DIR/admin.token")

wait_health() { # url
	for _ in $(seq 1 300); do
		curl -fsS -o /dev/null "$1/v1/health" 2>/dev/null && return 0
		sleep 0.1
	done
	echo "cluster: $1 did not become healthy" >&2
	return 1
}

# The first node starts alone: on an empty database it creates the demo
# account and prints its keys; the others find it there.
for ((i = 0; i < NODES; i++)); do
	p=$((NODE_PORT + 10 * i))
	mkdir -p "$DIR/node$i"
	./bin/svc serve --addr "127.0.0.1:$p" --admin-addr "127.0.0.1:$((p + 1))" --data-dir "$DIR/node$i" \
		--admin-token "$TOKEN" --database-url "$DB_URL" --redis-url "$REDIS_URL" --trusted-proxies 127.0.0.1/32 ${SVC_FLAGS:-} \
		2>"$DIR/node$i/svc.log" &
	PIDS+=($!)
	wait_health "http://127.0.0.1:$p"
done

CFG=$DIR/haproxy.cfg
NODE_ADDRS=()
for ((i = 0; i < NODES; i++)); do
	p=$((NODE_PORT + 10 * i))
	NODE_ADDRS+=("127.0.0.1:$p,127.0.0.1:$((p + 1))")
done
./scripts/haproxy_cfg.sh "127.0.0.1:$PORT" "127.0.0.1:$((PORT + 1))" "${NODE_ADDRS[@]}" >"$CFG"
"$HAPROXY" -f "$CFG" -db >"$DIR/haproxy.log" 2>&1 &
PIDS+=($!)
wait_health "http://127.0.0.1:$PORT"
echo "cluster: $NODES nodes behind haproxy: /v1 on http://127.0.0.1:$PORT, admin API on http://127.0.0.1:$((PORT + 1)); logs in $DIR. Ctrl-C stops everything."
wait -n "${PIDS[@]}" || true
echo "cluster: a process exited; see the logs in $DIR" >&2
