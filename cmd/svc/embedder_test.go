package main

import (
	"net/http/httptest"
	"os"
	"os/exec"
	"regexp"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"svc/engine/provider/mock"
)

// --cache-embedder llm_a without the provider (or its embedding model) is
// refused at start; an unknown value too.
func TestCacheEmbedderNeedsProvider(t *testing.T) {
	for _, c := range []struct {
		args []string
		env  []string
		want string
	}{
		{[]string{"--cache-embedder", "llm_a"}, nil, "SVC_LLM_A_BASE_URL"},
		{nil, []string{"SVC_CACHE_EMBEDDER=llm_b", "SVC_LLM_B_BASE_URL=http://127.0.0.1:1/v1", "SVC_LLM_B_MODEL=m"}, "SVC_LLM_B_EMBED_MODEL"},
		{[]string{"--cache-embedder", "openai"}, nil, "--cache-embedder must be"},
	} {
		cmd := exec.Command(binary, append([]string{"serve", "--addr", "127.0.0.1:0", "--admin-addr", "127.0.0.1:0", "--data-dir", t.TempDir()}, c.args...)...)
		cmd.Env = append(append(os.Environ(), "SVC_LLM_A_BASE_URL=", "SVC_LLM_B_BASE_URL="), c.env...)
		out, err := cmd.CombinedOutput()
		require.Error(t, err, "must not start: %s", out)
		require.Contains(t, string(out), c.want)
	}
}

// With --cache-embedder llm_a against mockllm: near-duplicates hit through
// provider vectors, meaning changes miss, and a restart keeps the cache warm
// without embedding the stored entries again.
func TestCacheEmbedderServe(t *testing.T) {
	m := mock.New(mock.Options{})
	up := httptest.NewServer(m)
	defer up.Close()
	env := []string{"SVC_LLM_A_BASE_URL=" + up.URL + "/v1", "SVC_LLM_A_MODEL=mock-large", "SVC_LLM_A_EMBED_MODEL=mock-embed", "SVC_CACHE_EMBEDDER=llm_a"}
	dir := t.TempDir()
	p := startEnv(t, dir, env)
	live := regexp.MustCompile(`svc_live_sk_[0-9A-Za-z]{32}`).FindString(p.FirstStart())
	require.NotEmpty(t, live)
	classify := func(p *proc, text string) string {
		code, h, _ := call(t, "POST", "http://"+p.Addr+"/v1/classify", live, map[string]any{"text": text})
		require.Equal(t, 200, code)
		return h.Get("X-SVC-Cache")
	}
	require.Equal(t, "MISS", classify(p, "I love this product so much"))
	require.Equal(t, "MISS", classify(p, "the delivery took 3 days"))
	require.Equal(t, "HIT", classify(p, "I loooove this product, so much!!!"))
	require.Equal(t, "MISS", classify(p, "I don't love this product so much"))
	require.Equal(t, "MISS", classify(p, "the delivery took 4 days"))
	require.Positive(t, m.Stats().Embeddings)

	require.NoError(t, p.Cmd().Process.Signal(syscall.SIGTERM))
	_, _ = p.Cmd().Process.Wait()
	before := m.Stats().Embeddings
	q := startEnv(t, dir, env)
	require.Equal(t, before, m.Stats().Embeddings, "warm start embedded stored entries")
	require.Equal(t, "HIT", classify(q, "I love this product so much"))
	require.Equal(t, "HIT", classify(q, "The delivery took 3 days!!"))
	require.LessOrEqual(t, m.Stats().Embeddings-before, int64(1), "only the near query is embedded")
}
