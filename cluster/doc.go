// Package cluster holds the end-to-end test of several svc nodes (issue 15,
// docs/scaling.md): three real `svc serve --database-url ... --redis-url ...
// --test-clock` processes on one PostgreSQL 15 and one Redis, both started by
// the test on loopback (internal/testpg, internal/testredis). It has no code
// of its own; cluster_test.go is the whole package.
package cluster
