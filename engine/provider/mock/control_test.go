package mock_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"svc/engine/provider/mock"
	"svc/engine/provider/wire"
)

// The /control fields of issue 17 on the fasthttp server cmd/mockllm runs:
// rates of errors and hangs as fractions, 429 and 503 with Retry-After,
// fenced and prosey answers, finish_reason length, 400s naming
// response_format; and /control rejects what it cannot do.
func TestControlFaultsOverHTTP(t *testing.T) {
	m := mock.New(mock.Options{})
	url := fastServer(t, m)
	in, _ := json.Marshal(wire.ClassifyInput{Text: "I love this video", Detected: wire.Detected{Language: "en"}})
	send := func(body map[string]any) (*http.Response, []byte) {
		t.Helper()
		b, _ := json.Marshal(body)
		resp, err := http.Post(url+"/v1/chat/completions", "application/json", bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		rb, _ := io.ReadAll(resp.Body)
		return resp, rb
	}
	set := func(b mock.Behaviour) {
		t.Helper()
		if code, body := post(t, url+"/control", b); code != 200 {
			t.Fatalf("control %+v: %d %s", b, code, body)
		}
	}
	req := chat(wire.SchemaClassify, string(in))

	// error_rate: about 30% of 300 calls fail with a 500 (binomial: mean 90,
	// sd 8; the bounds are 7 sd away), the rest answer.
	set(mock.Behaviour{ErrorRate: 0.3})
	fails := 0
	for i := 0; i < 300; i++ {
		resp, body := send(req)
		switch resp.StatusCode {
		case 500:
			fails++
		case 200:
		default:
			t.Fatalf("%d %s", resp.StatusCode, body)
		}
	}
	if fails < 35 || fails > 145 {
		t.Fatalf("error_rate 0.3: %d of 300 failed", fails)
	}

	for _, tc := range []struct {
		mode, retryAfter string
		code             int
	}{{"rate_limited", "5", 429}, {"error503", "5", 503}} {
		set(mock.Behaviour{Mode: tc.mode, RetryAfterS: 5, Count: 1})
		resp, body := send(req)
		if resp.StatusCode != tc.code || resp.Header.Get("Retry-After") != tc.retryAfter || !strings.Contains(string(body), `"error"`) {
			t.Fatalf("%s: %d Retry-After %q %s", tc.mode, resp.StatusCode, resp.Header.Get("Retry-After"), body)
		}
	}

	content := func(body []byte) (string, string) {
		var c struct {
			Choices []struct {
				Message      struct{ Content string }
				FinishReason string `json:"finish_reason"`
			}
		}
		if err := json.Unmarshal(body, &c); err != nil || len(c.Choices) != 1 {
			t.Fatalf("%s: %v", body, err)
		}
		return c.Choices[0].Message.Content, c.Choices[0].FinishReason
	}
	_, plain := send(req)
	want, _ := content(plain)
	for _, tc := range []struct{ mode, prefix, finish string }{
		{"fenced", "```json\n", "stop"}, {"prose", "Here is", "stop"}, {"length", "", "length"},
	} {
		set(mock.Behaviour{Mode: tc.mode, Count: 1})
		_, body := send(req)
		got, finish := content(body)
		if finish != tc.finish || !strings.HasPrefix(got, tc.prefix) {
			t.Fatalf("%s: finish %q content %q", tc.mode, finish, got)
		}
		if tc.mode == "length" && (len(got) >= len(want) || !strings.HasPrefix(want, got)) {
			t.Fatalf("length: %q is not a cut of %q", got, want)
		}
		if tc.mode != "length" && !strings.Contains(got, want) {
			t.Fatalf("%s: %q does not hold %q", tc.mode, got, want)
		}
	}

	objectReq := chat(wire.SchemaClassify, string(in))
	objectReq["response_format"] = map[string]any{"type": "json_object"}
	noFormat := chat(wire.SchemaClassify, string(in))
	delete(noFormat, "response_format")
	for _, tc := range []struct {
		mode  string
		body  map[string]any
		want  int
		names bool
	}{
		{"no_json_schema", req, 400, true}, {"no_json_schema", objectReq, 200, false},
		{"no_response_format", objectReq, 400, true}, {"no_response_format", noFormat, 200, false},
	} {
		set(mock.Behaviour{Mode: tc.mode})
		resp, body := send(tc.body)
		if resp.StatusCode != tc.want || strings.Contains(string(body), "response_format") != tc.names {
			t.Fatalf("%s: %d %s", tc.mode, resp.StatusCode, body)
		}
	}

	for _, b := range []mock.Behaviour{{ErrorRate: 0.7, HangRate: 0.4}, {ErrorRate: -0.1}, {P99MS: -1}, {LatencyMS: 700_000}, {Mode: "nope"}} {
		if code, _ := post(t, url+"/control", b); code != 400 {
			t.Fatalf("control %+v: %d, want 400", b, code)
		}
	}
	st := m.Stats()
	if st.ByMode["rate_limited"] != 1 || st.ByMode["fenced"] != 1 || st.ByMode["error500"] < 35 {
		t.Fatalf("counters %+v", st.ByMode)
	}
}
