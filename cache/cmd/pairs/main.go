// Command pairs generates the semantic-cache pair set from the shared
// datasets at run time (texts are never committed), runs it against the
// cache and prints hit rate and false-hit rate.
//
//	go run ./cache/cmd/pairs [-data /work/shared/data] [-file dev.jsonl] [-n 4000] [-seed 1] [-v]
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"svc/cache"
	"svc/cache/internal/pairgen"
)

func main() {
	data := flag.String("data", pairgen.DefaultDataDir, "dataset directory (one sub-directory per dataset)")
	file := flag.String("file", "dev.jsonl", "file name inside each dataset directory")
	n := flag.Int("n", 4000, "originals to sample")
	seed := flag.Int64("seed", 1, "sampling and perturbation seed")
	verbose := flag.Bool("v", false, "print missed must-hit examples")
	threshold := flag.Float64("threshold", cache.NearThreshold, "cosine pre-check threshold (default: the cache's)")
	flag.Parse()

	texts, err := pairgen.LoadTexts(*data, *file)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	origs := pairgen.Sample(texts, *n, *seed)
	pairs := pairgen.Generate(origs, *seed)
	start := time.Now()
	res, err := cache.EvalPairsThreshold(origs, pairs, float32(*threshold))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("pair set: %d texts loaded, %d originals, %d pairs, seed %d, %s\n\n", len(texts), len(origs), len(pairs), *seed, time.Since(start).Round(time.Millisecond))
	res.WriteMarkdown(os.Stdout)
	if *verbose {
		fmt.Println("\nMissed must-hit pairs (first 40):")
		for _, e := range res.ExamplesFail {
			fmt.Println("-", e)
		}
	}
	if res.FalseHits > 0 {
		os.Exit(2)
	}
}
