// Command quality measures the built-in analyzers on the labelled dev sets
// (-data, default ../shared/data; not in the repository: docs/quality.md,
// "Data sets", says where each comes from) and writes Markdown tables under
// docs/quality/. Without the data it writes nothing and exits 1 with a
// message saying how to obtain it.
//
// Usage: quality [-data DIR] [-out DIR] [suite ...]   (no suite: all suites)
//
// Each suite lives in its own file and registers itself in suites.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"

	"svc/engine/dialect"
	"svc/internal/datasets"
)

// suite measures one family of analyzers. It reads datasets from dataDir and
// returns the Markdown it wants written to docs/quality/<name>.md.
type suite func(dataDir string) (markdown string, err error)

var suites = map[string]suite{}

func register(name string, s suite) { suites[name] = s }

func main() {
	dataDir := flag.String("data", datasets.DefaultDir, "directory of the labelled dev sets")
	outDir := flag.String("out", "docs/quality", "directory the Markdown tables are written to")
	flag.Parse()
	if err := run(*dataDir, *outDir, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "quality:", err)
		if errors.Is(err, errUnknownSuite) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

var errUnknownSuite = errors.New("unknown suite")

// run measures the named suites (all when none) on the dev sets in dataDir
// and writes their tables to outDir. Every dev set must be present before
// anything is measured or written (a *datasets.MissingError otherwise).
func run(dataDir, outDir string, names []string) error {
	if len(names) == 0 {
		for n := range suites {
			names = append(names, n)
		}
		sort.Strings(names)
	}
	for _, n := range names {
		if _, ok := suites[n]; !ok {
			return fmt.Errorf("%w %q", errUnknownSuite, n)
		}
	}
	need := datasets.DevFiles(datasets.DevSets...)
	if slices.Contains(names, "dialect-sources") {
		need = append(need, dialect.TrainingFiles()...)
	}
	if err := datasets.Require(dataDir, need...); err != nil {
		return err
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	for _, n := range names {
		fmt.Fprintf(os.Stderr, "quality: running %s\n", n)
		md, err := suites[n](dataDir)
		if err != nil {
			return fmt.Errorf("%s: %w", n, err)
		}
		path := filepath.Join(outDir, n+".md")
		if err := os.WriteFile(path, []byte(md), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "quality: wrote %s\n", path)
	}
	return nil
}
