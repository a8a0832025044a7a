// Package doclinks holds the test that every relative link of the
// repository's door and documentation (README.md and docs/**/*.md)
// resolves to a file or directory inside the repository, so the
// documentation works from a clone alone. It has no code of its own.
package doclinks
