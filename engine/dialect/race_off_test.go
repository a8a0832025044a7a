//go:build !race

package dialect

const raceEnabled = false
