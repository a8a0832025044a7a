// Command goclient calls every /v1 operation of a running svc with the
// standard library only: the Go counterpart of the README's curl examples.
//
//	SVC_URL=http://127.0.0.1:8080 SVC_KEY=svc_live_sk_... go run ./examples/goclient
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"
)

// Envelope is the body of every /v1 response but health.
type Envelope struct {
	Success bool            `json:"success"`
	Result  json.RawMessage `json:"result"`
	Errors  []struct {
		Type, Code, Message string
		Param               *string
	} `json:"errors"`
	RequestID string `json:"request_id"`
}

// Client is a minimal svc client.
type Client struct {
	Base, Key string
	HTTP      *http.Client
}

// Do sends one request and decodes the envelope's result into out.
func (c *Client) Do(method, path string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, c.Base+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.Key)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	var env Envelope
	if err := json.NewDecoder(io.LimitReader(res.Body, 8<<20)).Decode(&env); err != nil {
		return fmt.Errorf("%s %s: %s: %w", method, path, res.Status, err)
	}
	if !env.Success {
		e := env.Errors[0]
		return fmt.Errorf("%s %s: %s %s (%s): %s [request %s]", method, path, res.Status, e.Type, e.Code, e.Message, env.RequestID)
	}
	fmt.Printf("%-28s %s cache=%s balance=%s\n", method+" "+path, res.Status, res.Header.Get("X-SVC-Cache"), res.Header.Get("X-SVC-Balance"))
	if out != nil {
		return json.Unmarshal(env.Result, out)
	}
	return nil
}

func main() {
	c := &Client{Base: envOr("SVC_URL", "http://127.0.0.1:8080"), Key: os.Getenv("SVC_KEY"), HTTP: &http.Client{Timeout: 60 * time.Second}}
	if err := run(c); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(c *Client) error {
	var det struct{ Language, Dialect, Script string }
	if err := c.Do("POST", "/v1/detect", map[string]any{"text": "شلونك يا خوي؟ وايد مشتاق لك"}, &det); err != nil {
		return err
	}
	var cls struct {
		ID     string   `json:"id"`
		Intent []string `json:"intent"`
	}
	if err := c.Do("POST", "/v1/classify?provider=llm_b", map[string]any{"text": "ليه التوصيل اتأخر كده؟", "platform": "youtube", "channel_id": "ch1"}, &cls); err != nil {
		return err
	}
	steps := []struct {
		method, path string
		body         any
	}{
		{"POST", "/v1/translate", map[string]any{"text": "Thanks for watching!", "target": "ar", "dialect": "gulf", "tone": "casual"}},
		{"POST", "/v1/moderate", map[string]any{"text": "you are an idiot", "strictness": "high"}},
		{"POST", "/v1/rubric/classify", map[string]any{"text": "my parcel is late", "rubric": map[string]any{
			"categories": []any{map[string]any{"name": "Shipping", "description": "delivery problems"}, map[string]any{"name": "Billing"}}}}},
		{"POST", "/v1/comments/" + cls.ID + "/reply", map[string]any{"tone": "friendly", "max_length": 200}},
		{"POST", "/v1/report", map[string]any{"tier": "basic", "comments": sampleComments()}},
		{"POST", "/v1/feedback", map[string]any{"classification_id": cls.ID, "rating": "incorrect", "corrected_intent": []string{"complaint"}}},
		{"GET", "/v1/comments?limit=10", nil},
		{"GET", "/v1/analytics?group_by=week", nil},
		{"GET", "/v1/usage?group_by=endpoint", nil},
	}
	for _, s := range steps {
		var out map[string]any
		if err := c.Do(s.method, s.path, s.body, &out); err != nil {
			return err
		}
	}
	res, err := c.HTTP.Get(c.Base + "/v1/health")
	if err != nil {
		return err
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	fmt.Printf("GET /v1/health              %s %s", res.Status, b)
	return nil
}

func sampleComments() []map[string]any {
	texts := []string{"Love this video!", "Please make a part 2", "Audio is too low", "وايد حلو الشرح", "امتى الحلقة الجاية؟"}
	out := make([]map[string]any, 10)
	for i := range out {
		out[i] = map[string]any{"text": texts[i%len(texts)], "author": fmt.Sprintf("user%d", i%3), "likes": i}
	}
	return out
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}
