package provider

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	openai "github.com/sashabaranov/go-openai"
)

// The embeddings body is byte for byte what go-openai's CreateEmbeddings sends.
func TestEmbedBodyMatchesGoOpenAI(t *testing.T) {
	var got []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/embeddings" {
			http.Error(w, "path "+r.URL.Path, http.StatusNotFound)
			return
		}
		got, _ = io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"object":"list","data":[{"object":"embedding","index":0,"embedding":[0.5,-0.25,1e-3]}],"model":"e"}`))
	}))
	defer srv.Close()
	oc := openai.DefaultConfig("k")
	oc.BaseURL = srv.URL + "/v1"
	oa := openai.NewClientWithConfig(oc)
	for _, tr := range []string{TransportFast, TransportNet} {
		c, err := New(Config{Name: "llm_a", BaseURL: srv.URL + "/v1", APIKey: "k", Model: "m", EmbedModel: "text-embedding-3-small",
			MaxInFlight: 2, QueueWait: time.Second, ConnectTimeout: time.Second, Transport: tr})
		if err != nil {
			t.Fatal(err)
		}
		for _, text := range []string{"hello", "ليه التوصيل اتأخر كده؟ <b>\"x\"</b> & \n\t\u2028 \x00", "😍😍 @user http://t.co/AbC"} {
			v, err := c.Embed(context.Background(), text)
			if err != nil || len(v) != 3 || v[0] != 0.5 || v[1] != -0.25 || v[2] != 1e-3 {
				t.Fatalf("%s: %v %v", tr, v, err)
			}
			ours := got
			if _, err := oa.CreateEmbeddings(context.Background(), openai.EmbeddingRequest{Input: text, Model: "text-embedding-3-small"}); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(ours, got) {
				t.Fatalf("%s: body\n%s\ngo-openai\n%s", tr, ours, got)
			}
		}
		c.Close()
	}
}

func TestDecodeEmbedding(t *testing.T) {
	for _, body := range []string{``, `{}`, `{"data":[]}`, `{"data":[{"embedding":[]}]}`, `{"data":[{"embedding":[0,0]}]}`, `{"data":[{"embedding":"AAAA"}]}`, `not json`} {
		if _, err := decodeEmbedding([]byte(body)); err == nil {
			t.Fatalf("%q accepted", body)
		} else if _, ok := err.(*badBodyError); !ok {
			t.Fatalf("%q: %T", body, err)
		}
	}
}
