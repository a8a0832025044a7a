package engine_test

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"svc/engine"
	"svc/engine/provider/mock"
)

func TestEmbedder(t *testing.T) {
	m := mock.New(mock.Options{})
	srv := httptest.NewServer(m)
	defer srv.Close()
	env := map[string]string{"SVC_LLM_A_BASE_URL": srv.URL + "/v1/", "SVC_LLM_A_MODEL": "mock-large", "SVC_LLM_A_EMBED_MODEL": "mock-embed",
		"SVC_LLM_B_BASE_URL": srv.URL + "/v1", "SVC_LLM_B_MODEL": "mock-large"}
	cfg, err := engine.ConfigFromEnv(func(k string) string { return env[k] })
	if err != nil || cfg.LLMA.EmbedModel != "mock-embed" || cfg.LLMB.EmbedModel != "" {
		t.Fatalf("%+v %v", cfg, err)
	}
	e, err := engine.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	fn, id, err := e.Embedder(engine.LLMA)
	if err != nil || id != "mock-embed "+srv.URL+"/v1" {
		t.Fatalf("%q %v", id, err)
	}
	v, err := fn(context.Background(), "hello there")
	if err != nil || len(v) != mock.DefaultDimensions || m.Stats().Embeddings != 1 {
		t.Fatalf("%d %v", len(v), err)
	}
	for name, want := range map[string]string{engine.LLMB: "SVC_LLM_B_EMBED_MODEL", "llm_c": "want llm_a or llm_b"} {
		if _, _, err := e.Embedder(name); err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("%s: %v", name, err)
		}
	}
	off, err := engine.New(engine.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := off.Embedder(engine.LLMA); err == nil || !strings.Contains(err.Error(), "SVC_LLM_A_BASE_URL") {
		t.Fatalf("built-in: %v", err)
	}
}
