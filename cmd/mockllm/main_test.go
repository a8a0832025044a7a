package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"svc/engine/provider/wire"
	"svc/internal/freeport"
	"svc/internal/testproc"
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

// mockAddr gives startMockllm's addresses (tests replace it).
var mockAddr = testproc.FreeAddr

// startMockllm runs the binary on a free port (internal/freeport's, through
// testproc.FreeAddr) and waits until it answers, itself: not another
// process holding the port. A port taken before mockllm bound it is
// replaced, at most freeport.Attempts starts in all.
func startMockllm(t testing.TB, bin string, args ...string) string {
	t.Helper()
	for attempt := 1; ; attempt++ {
		addr := mockAddr(t)
		out, ok := startMockllmOn(t, bin, addr, args...)
		if ok {
			return addr
		}
		if !freeport.InUse(out) {
			t.Fatalf("mockllm on %s exited at start:\n%s", addr, out)
		}
		if attempt >= freeport.Attempts {
			t.Fatalf("mockllm: gave up after %d starts, the port taken every time; last on %s:\n%s", attempt, addr, out)
		}
		t.Logf("mockllm: %s taken before it bound it; starting it again on a new port", addr)
	}
}

// startMockllmOn starts mockllm on addr: true once it answers there, else
// false and its output when it exited.
func startMockllmOn(t testing.TB, bin, addr string, args ...string) (string, bool) {
	t.Helper()
	var out testproc.Buffer
	cmd := exec.Command(bin, append([]string{"--addr", addr}, args...)...)
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
		if t.Failed() {
			t.Logf("mockllm on %s output:\n%s", addr, out.String())
		}
	})
	_, ps, _ := net.SplitHostPort(addr)
	port, _ := strconv.Atoi(ps)
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) { // bounds a hang only
		select {
		case <-exited:
			return out.String(), false
		default:
		}
		resp, err := http.Get("http://" + addr + "/v1/models")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 && freeport.Owns(cmd.Process.Pid, port) {
				return "", true
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("mockllm did not start on %s: %v", addr, err)
		}
	}
}

// A port another server took (answering /v1/models) before mockllm bound
// it is replaced; every port taken, the start gives up naming the port.
func TestStartMockllmRetriesOnTakenPort(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "mockllm")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	defer func() { mockAddr = testproc.FreeAddr }()
	var taken string
	calls := 0
	mockAddr = func(t testing.TB) string {
		if calls++; calls == 1 {
			taken = testproc.TakenAddr(t)
			return taken
		}
		return testproc.FreeAddr(t)
	}
	if addr := startMockllm(t, bin); addr == taken || calls != 2 {
		t.Fatalf("started on %s after %d addresses; %s was taken", addr, calls, taken)
	}
	mockAddr = testproc.TakenAddr
	ft := &fatalTB{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		startMockllm(ft, bin)
	}()
	<-done
	for _, want := range []string{"gave up after 3 starts", "address already in use"} {
		if !strings.Contains(ft.msg, want) {
			t.Fatalf("failure %q does not say %q", ft.msg, want)
		}
	}
}

// fatalTB records the first Fatal and ends the goroutine, as testing does.
type fatalTB struct {
	testing.TB
	msg string
}

func (f *fatalTB) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func (f *fatalTB) Fatal(args ...any) { f.Fatalf("%s", fmt.Sprint(args...)) }

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
