package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// TestCommentHeadsReproducible: the tables learned from the project's own
// comments (engine/builtin/corpus, in the repository) are what `make
// train-comments` writes from them today, byte for byte. A change to the
// corpus, the features or the transliterator that Arabizi comments are
// read through fails here until the tables are retrained (make
// train-comments) and committed with it.
func TestCommentHeadsReproducible(t *testing.T) {
	out := t.TempDir()
	args, cl := os.Args, flag.CommandLine
	defer func() { os.Args, flag.CommandLine = args, cl }()
	flag.CommandLine = flag.NewFlagSet("train", flag.ExitOnError)
	os.Args = []string{"train", "-only", "intent,intent-latin,dialect,dialect-latin,insult", "-corpus", "../../corpus", "-out", out}
	main()
	for _, name := range []string{"learned_intent.tsv", "learned_intent_latin.tsv", "learned_dialect_comments.tsv", "learned_dialect_latin.tsv", "learned_insult_comments.tsv"} {
		got, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join("../../data", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from what make train-comments writes today: run make train-comments and commit the table", name)
		}
	}
}

// -min-count, -alpha, -char-lo and -char-hi given on the command line
// overrule the dialect head's own (cmd/cvcomments -trainflags): a floor of
// 2 keeps fewer features than the head's own 1, and 3-4-grams are written
// in its features row.
func TestExplicitFlagsOverruleHead(t *testing.T) {
	out := t.TempDir()
	args, cl := os.Args, flag.CommandLine
	defer func() { os.Args, flag.CommandLine = args, cl }()
	flag.CommandLine = flag.NewFlagSet("train", flag.ExitOnError)
	os.Args = []string{"train", "-only", "dialect", "-corpus", "../../corpus", "-out", out, "-min-count", "2", "-char-lo", "3", "-char-hi", "4", "-alpha", "0.5"}
	main()
	got, err := os.ReadFile(filepath.Join(out, "learned_dialect_comments.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	shipped, err := os.ReadFile("../../data/learned_dialect_comments.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if n, m := bytes.Count(got, []byte("\n")), bytes.Count(shipped, []byte("\n")); n >= m {
		t.Errorf("-min-count 2: %d lines, the shipped head (min count 1) %d", n, m)
	}
	for _, want := range []string{"features\twords+pairs+char3-4\n", "add-0.5 smoothing"} {
		if !bytes.Contains(got, []byte(want)) {
			t.Errorf("explicit flags: table lacks %q", want)
		}
	}
}
