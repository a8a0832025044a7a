package doclinks

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// root is the repository's root, from this package's directory.
const root = "../.."

var (
	fence      = regexp.MustCompile("(?ms)^\\s*(```|~~~).*?^\\s*(```|~~~)[^\\n]*$")
	inlineCode = regexp.MustCompile("`[^`\\n]*`")
	inlineLink = regexp.MustCompile(`!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)
	refLink    = regexp.MustCompile(`(?m)^\s{0,3}\[[^\]\n]+\]:\s*<?(\S+?)>?(?:\s|$)`)
	scheme     = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)
)

// links returns the relative link targets of a Markdown text (code blocks
// and code spans left out), without their #fragment.
func links(md string) []string {
	md = fence.ReplaceAllString(md, "")
	md = inlineCode.ReplaceAllString(md, "")
	var out []string
	for _, re := range []*regexp.Regexp{inlineLink, refLink} {
		for _, m := range re.FindAllStringSubmatch(md, -1) {
			t := m[1]
			if scheme.MatchString(t) || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "//") {
				continue
			}
			if i := strings.IndexByte(t, '#'); i >= 0 {
				t = t[:i]
			}
			if i := strings.IndexByte(t, '?'); i >= 0 {
				t = t[:i]
			}
			if t != "" {
				out = append(out, t)
			}
		}
	}
	return out
}

func TestLinksParse(t *testing.T) {
	md := "see [a](docs/a.md#x), ![img](docs/p.png \"t\"), [web](https://x.org), [top](#top)\n" +
		"```\n[in code](../nowhere.md)\n```\n`[span](../no.md)` and [ref]: ../up.md\n[r]: docs/b.md\n"
	got := strings.Join(links(md), " ")
	if got != "docs/a.md docs/p.png docs/b.md" {
		t.Fatalf("links = %q", got)
	}
}

// TestRelativeLinksResolveInsideRepository: every relative link of
// README.md and of every Markdown file under docs/ names a file or
// directory that exists inside the repository.
func TestRelativeLinksResolveInsideRepository(t *testing.T) {
	absRoot, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	files := []string{filepath.Join(absRoot, "README.md")}
	err = filepath.WalkDir(filepath.Join(absRoot, "docs"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), ".md") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, f := range files {
		seen[f] = true
	}
	for _, must := range []string{"README.md", "docs/design.md", "docs/quality.md", "docs/operations.md"} {
		if !seen[filepath.Join(absRoot, must)] {
			t.Fatalf("%s not found: the walk is broken", must)
		}
	}
	checked := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(absRoot, f)
		for _, l := range links(string(b)) {
			checked++
			target := filepath.Clean(filepath.Join(filepath.Dir(f), filepath.FromSlash(l)))
			inRepo, err := filepath.Rel(absRoot, target)
			if err != nil || inRepo == ".." || strings.HasPrefix(inRepo, ".."+string(filepath.Separator)) {
				t.Errorf("%s: link %q leaves the repository", rel, l)
				continue
			}
			if _, err := os.Stat(target); err != nil {
				t.Errorf("%s: link %q: %s does not exist", rel, l, inRepo)
			}
		}
	}
	if checked < 30 {
		t.Errorf("only %d links checked: the parser is broken", checked)
	}
	t.Logf("%d relative links in %d Markdown files", checked, len(files))
}
