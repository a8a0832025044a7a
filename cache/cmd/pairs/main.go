// Command pairs generates the semantic-cache pair set from the labelled data
// sets at run time (not in the repository: docs/quality.md, "Data sets"),
// runs it against the cache and prints hit rate and false-hit rate.
//
//	go run ./cache/cmd/pairs [-data ../shared/data] [-file dev.jsonl] [-n 4000] [-seed 1] [-v]
//	    [-embedder ngram|mock|http://host:port/v1] [-embed-model m] [-embed-key k]
//
// -embedder mock starts mockllm's handler in process and calls its
// POST /v1/embeddings over loopback HTTP through the provider client (the
// serving path); a URL calls that OpenAI-compatible endpoint instead.
package main

import (
	"context"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"time"

	"svc/cache"
	"svc/cache/internal/pairgen"
	"svc/engine/provider"
	"svc/engine/provider/mock"
)

func main() {
	data := flag.String("data", pairgen.DefaultDataDir, "dataset directory (one sub-directory per dataset)")
	file := flag.String("file", "dev.jsonl", "file name inside each dataset directory")
	n := flag.Int("n", 4000, "originals to sample")
	seed := flag.Int64("seed", 1, "sampling and perturbation seed")
	verbose := flag.Bool("v", false, "print missed must-hit examples")
	threshold := flag.Float64("threshold", -2, "cosine pre-check threshold, -1 to 1 (default: the cache's for the embedder)")
	embedder := flag.String("embedder", "ngram", "ngram, mock (mockllm in process) or an OpenAI-compatible base URL")
	embedModel := flag.String("embed-model", "mock-embed", "embedding model (with -embedder mock or a URL)")
	embedKey := flag.String("embed-key", os.Getenv("PAIRS_EMBED_API_KEY"), "API key for -embedder URL (PAIRS_EMBED_API_KEY)")
	flag.Parse()

	texts, err := pairgen.LoadTexts(*data, *file)
	if err != nil {
		fmt.Fprintln(os.Stderr, "pairs:", err)
		os.Exit(1)
	}
	origs := pairgen.Sample(texts, *n, *seed)
	pairs := pairgen.Generate(origs, *seed)
	opts := cache.EvalOptions{Threshold: float32(*threshold)}
	if *embedder != "ngram" {
		base := *embedder
		if base == "mock" {
			srv := httptest.NewServer(mock.New(mock.Options{}))
			defer srv.Close()
			base = srv.URL + "/v1"
		}
		pc, err := provider.New(provider.Config{Name: "pairs", BaseURL: base, APIKey: *embedKey, Model: "unused",
			EmbedModel: *embedModel, MaxInFlight: 64, QueueWait: time.Second, ConnectTimeout: 3 * time.Second})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		defer pc.Close()
		opts.Embedder = func(ctx context.Context, text string) ([]float32, error) { return pc.Embed(ctx, text) }
		opts.EmbedderID = *embedModel + " " + base
	}
	start := time.Now()
	res, err := cache.EvalPairsOptions(origs, pairs, opts)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("pair set: %d texts loaded, %d originals, %d pairs, seed %d, embedder %s, %s\n\n", len(texts), len(origs), len(pairs), *seed, *embedder, time.Since(start).Round(time.Millisecond))
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
