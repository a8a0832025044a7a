// Command quality measures the built-in analyzers on the labelled dev sets in
// ../shared/data and writes Markdown tables under docs/quality/.
//
// Usage: quality [-data DIR] [-out DIR] [suite ...]   (no suite: all suites)
//
// Each suite lives in its own file and registers itself in suites.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// suite measures one family of analyzers. It reads datasets from dataDir and
// returns the Markdown it wants written to docs/quality/<name>.md.
type suite func(dataDir string) (markdown string, err error)

var suites = map[string]suite{}

func register(name string, s suite) { suites[name] = s }

func main() {
	dataDir := flag.String("data", "../shared/data", "directory of the labelled dev sets")
	outDir := flag.String("out", "docs/quality", "directory the Markdown tables are written to")
	flag.Parse()
	names := flag.Args()
	if len(names) == 0 {
		for n := range suites {
			names = append(names, n)
		}
		sort.Strings(names)
	}
	if err := os.MkdirAll(*outDir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "quality:", err)
		os.Exit(1)
	}
	for _, n := range names {
		s, ok := suites[n]
		if !ok {
			fmt.Fprintf(os.Stderr, "quality: unknown suite %q\n", n)
			os.Exit(2)
		}
		fmt.Fprintf(os.Stderr, "quality: running %s\n", n)
		md, err := s(*dataDir)
		if err != nil {
			fmt.Fprintf(os.Stderr, "quality: %s: %v\n", n, err)
			os.Exit(1)
		}
		path := filepath.Join(*outDir, n+".md")
		if err := os.WriteFile(path, []byte(md), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "quality:", err)
			os.Exit(1)
		}
		fmt.Fprintf(os.Stderr, "quality: wrote %s\n", path)
	}
}
