#!/usr/bin/env bash
# Runs every fuzz target in the module for the given -fuzztime each: a
# duration (default 10m) or a count of inputs (500x, as make test does).
set -euo pipefail
t="${1:-10m}"
cd "$(dirname "$0")/.."
found=0
for pkg in $(go list ./...); do
  dir=$(go list -f '{{.Dir}}' "$pkg")
  for f in $(grep -l '^func Fuzz' "$dir"/*_test.go 2>/dev/null || true); do
    for target in $(grep -o '^func Fuzz[A-Za-z0-9_]*' "$f" | sed 's/^func //'); do
      found=$((found+1))
      echo "fuzz: $pkg $target for $t"
      go test -run '^$' -fuzz "^${target}\$" -fuzztime "$t" "$pkg"
    done
  done
done
echo "fuzz: $found targets, no crash"
