//go:build race

package dialect

// raceEnabled: the race detector instruments memory accesses and allocates,
// so allocation counts are checked only in the plain test run.
const raceEnabled = true
