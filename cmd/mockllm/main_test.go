package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"svc/engine/provider/wire"
)

// The binary as a user starts it (no --answers): classify answers are
// computed from the input, so a praise and a complaint differ; with
// --answers fixed (the benchmarks') they are the same canned answer.
func TestDefaultAnswersFollowTheInput(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "mockllm")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	praise := classify(t, startMockllm(t, bin), "I love this video, great work, thank you so much!")
	complaint := classify(t, startMockllm(t, bin), "This is terrible, the delivery is late and nobody answers. I want a refund.")
	if reflect.DeepEqual(praise.Intent, complaint.Intent) || praise.Sentiment == complaint.Sentiment {
		t.Fatalf("default answers do not follow the input: praise %+v, complaint %+v", praise, complaint)
	}
	addr := startMockllm(t, bin, "--answers", "fixed")
	p, c := classify(t, addr, "I love this video, great work, thank you so much!"), classify(t, addr, "This is terrible, the delivery is late and nobody answers. I want a refund.")
	if !reflect.DeepEqual(p, c) {
		t.Fatalf("--answers fixed differs by input: %+v, %+v", p, c)
	}
}

// startMockllm runs the binary on a free port and waits until it answers.
func startMockllm(t *testing.T, bin string, args ...string) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	cmd := exec.Command(bin, append([]string{"--addr", addr}, args...)...)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) { // bounds a hang only
		resp, err := http.Get("http://" + addr + "/v1/models")
		if err == nil {
			resp.Body.Close()
			return addr
		}
		if time.Now().After(deadline) {
			t.Fatalf("mockllm did not start: %v", err)
		}
	}
}

func classify(t *testing.T, addr, text string) wire.ClassifyOutput {
	t.Helper()
	in, _ := json.Marshal(wire.ClassifyInput{Text: text, Detected: wire.Detected{Language: "en"}})
	body, _ := json.Marshal(map[string]any{
		"model": "mock-large",
		"messages": []map[string]any{
			{"role": "system", "content": "svc-task: classify"},
			{"role": "user", "content": string(in)},
		},
		"response_format": map[string]any{"type": "json_schema", "json_schema": map[string]any{"name": wire.SchemaClassify, "schema": map[string]any{}}},
	})
	resp, err := http.Post("http://"+addr+"/v1/chat/completions", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var cr struct {
		Choices []struct {
			Message struct {
				Content string `json:"content"`
			} `json:"message"`
		} `json:"choices"`
	}
	if resp.StatusCode != 200 || json.Unmarshal(b, &cr) != nil || len(cr.Choices) != 1 {
		t.Fatalf("%d %s", resp.StatusCode, b)
	}
	var out wire.ClassifyOutput
	if err := json.Unmarshal([]byte(cr.Choices[0].Message.Content), &out); err != nil {
		t.Fatalf("content %q: %v", cr.Choices[0].Message.Content, err)
	}
	return out
}
