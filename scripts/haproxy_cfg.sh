#!/usr/bin/env bash
# The haproxy configuration of `make run-cluster` (scripts/cluster.sh), also
# used by the cluster tests (cluster/authfail_test.go), so what the tests
# check is what run-cluster runs. Prints it on stdout.
#
#   scripts/haproxy_cfg.sh PUBLIC ADMIN NODE_PUBLIC,NODE_ADMIN ...
#
# PUBLIC and ADMIN are haproxy's listeners (host:port); each node is its
# public and admin host:port. The public side hashes Authorization onto the
# nodes (consistent hashing: each key stays on one node, so its semantic
# cache stays warm) and tells each node the client's address with a PROXY
# protocol v2 header (send-proxy-v2): the nodes run with --trusted-proxies
# naming haproxy's address, so their access log and failed-authentication
# limit see the client, not haproxy. The admin side is round robin, plain.
# noreuseport: a second haproxy given the same port (another test, another
# run-cluster) fails to bind instead of silently sharing the port's
# connections with the first (haproxy sets SO_REUSEPORT by default).
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: $0 PUBLIC ADMIN NODE_PUBLIC,NODE_ADMIN ..." >&2; exit 2; }
PUBLIC=$1 ADMIN=$2
shift 2
cat <<CFG
global
	maxconn 8000
	noreuseport
defaults
	mode http
	timeout connect 2s
	timeout client 120s
	timeout server 120s
	timeout http-keep-alive 120s
	option http-keep-alive
frontend public
	bind $PUBLIC
	default_backend nodes
backend nodes
	balance hdr(Authorization)
	hash-type consistent
	option httpchk GET /v1/health
	http-check expect status 200
	default-server inter 1s fall 2 rise 1 send-proxy-v2
CFG
i=0
for n in "$@"; do echo "	server node$i ${n%%,*} check"; i=$((i + 1)); done
cat <<CFG
frontend admin
	bind $ADMIN
	default_backend admins
backend admins
	balance roundrobin
CFG
i=0
for n in "$@"; do echo "	server node$i ${n##*,} check"; i=$((i + 1)); done
