#!/usr/bin/env bash
# Installs from Debian what the cluster tests and `make run-cluster` need
# when it is missing (redis-server, haproxy), and curl for examples/tour.sh
# (cmd/svc's TestTour), saying so; checks PostgreSQL 15.
# Never skips: a missing part that cannot be installed is an error.
#   scripts/deps.sh [redis-server] [haproxy] [curl]   (default: all three)
set -euo pipefail
want=("$@")
[ ${#want[@]} -gt 0 ] || want=(redis-server haproxy curl)
missing=()
for b in "${want[@]}"; do
	command -v "$b" >/dev/null 2>&1 || [ -x "/usr/sbin/$b" ] || missing+=("$b")
done
if [ ${#missing[@]} -gt 0 ]; then
	echo "deps: ${missing[*]} missing; installing from Debian (apt-get update; apt-get install -y ${missing[*]})" >&2
	SUDO=
	[ "$(id -u)" = 0 ] || SUDO=sudo
	$SUDO apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
	for b in "${missing[@]}"; do
		command -v "$b" >/dev/null 2>&1 || [ -x "/usr/sbin/$b" ] || { echo "deps: $b still missing after apt-get install" >&2; exit 1; }
	done
fi
PG_BIN=${SVC_PG_BIN:-/usr/lib/postgresql/15/bin}
if [ ! -x "$PG_BIN/postgres" ] || [ ! -x "$PG_BIN/initdb" ]; then
	echo "deps: PostgreSQL 15 is missing from $PG_BIN; installing postgresql-15 from Debian" >&2
	SUDO=
	[ "$(id -u)" = 0 ] || SUDO=sudo
	$SUDO apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql-15 >/dev/null
fi
