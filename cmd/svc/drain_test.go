package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"svc/engine/provider/mock"
)

// drainReps is how many times TestSIGTERMDrainsInFlight runs its scenario
// (two at a time: go test's -parallel defaults to GOMAXPROCS, and each
// repetition is a process and an upstream of its own).
const drainReps = 8

// A graceful stop finishes every request it accepted: SIGTERM with 8
// classify calls in flight on a 1 s upstream (cmd/mockllm's server over
// real HTTP), while other clients keep calling, answers all 8 with 200,
// exits 0, and every acknowledged charge is in the ledger after a restart.
//
// Each repetition first leaves the provider's connection pool full of
// connections idle past the deadline of the call that last used them: that
// is how the soak lost one request in eight at SIGTERM (the idle check took
// such a connection for one the endpoint had closed, and a call meeting
// five of them failed with a 500). The scenario waits on events (the
// upstream saw all 8 calls), never on a sleep guessed long enough; its
// deadlines only bound a hang.
func TestSIGTERMDrainsInFlight(t *testing.T) {
	for i := 0; i < drainReps; i++ {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			t.Parallel()
			drainOnce(t)
		})
	}
}

func drainOnce(t *testing.T) {
	const (
		inFlight    = 8
		callTimeout = 5 * time.Second // SVC_LLM_TIMEOUT: each upstream call's deadline
	)
	var (
		mu     sync.Mutex
		inputs []string // what the upstream received
	)
	m := mock.New(mock.Options{Latency: time.Second, OnChat: func(_, _, input string) {
		mu.Lock()
		inputs = append(inputs, input)
		mu.Unlock()
	}})
	up := httptest.NewServer(m)
	defer up.Close()
	// The objective is generous (the default 2 s could end a 1 s call on a
	// loaded machine); the attempt timeout is then min(SVC_LLM_TIMEOUT,
	// 3 x the observed p99), so the warm-up runs on the same 1 s upstream.
	env := []string{"SVC_LLM_A_BASE_URL=" + up.URL + "/v1", "SVC_LLM_A_MODEL=mock-large", "SVC_LLM_TIMEOUT=" + callTimeout.String(), "SVC_OBJECTIVE=all=1m"}
	dir := t.TempDir()
	p := startEnv(t, dir, env, "--shutdown-timeout", "2m")
	live := regexp.MustCompile(`svc_live_sk_[0-9A-Za-z]{32}`).FindString(p.FirstStart())
	require.NotEmpty(t, live)
	base := "http://" + p.Addr
	c := &http.Client{Timeout: 2 * time.Minute} // bounds a hang only

	// Fill the pool: 16 concurrent calls, then wait until every deadline
	// they set on their connections has passed.
	var wg sync.WaitGroup
	for i := range warmTexts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st, _, err := post(c, base+"/v1/classify", live, warmTexts[i])
			if err != nil || st != 200 {
				t.Errorf("warm-up classify: status %d, err %v", st, err)
			}
		}()
	}
	wg.Wait()
	time.Sleep(callTimeout + 500*time.Millisecond)
	b0 := balance(t, c, base, live)

	// 8 calls in flight on a 1 s upstream, and free calls from other
	// clients around the SIGTERM.
	type result struct {
		status  int
		charged int64
		err     error
	}
	res := make([]result, inFlight)
	var finished atomic.Int64 // calls answered (or failed) so far
	for i, text := range drainTexts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st, h, err := post(c, base+"/v1/classify", live, text)
			res[i] = result{status: st, err: err}
			finished.Add(1)
			if h != nil {
				res[i].charged, _ = strconv.ParseInt(h.Get("X-SVC-Credits-Charged"), 10, 64)
			}
		}()
	}
	stop := make(chan struct{})
	var others, answered atomic.Int64
	var bg sync.WaitGroup
	var once sync.Once
	stopOthers := func() { once.Do(func() { close(stop); bg.Wait() }) }
	defer stopOthers()
	for i := 0; i < 4; i++ {
		bg.Add(1)
		go func() {
			defer bg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				others.Add(1)
				req, _ := http.NewRequest("GET", base+"/v1/usage", nil)
				req.Header.Set("Authorization", "Bearer "+live)
				r, err := c.Do(req)
				if err != nil { // cut at the listener's close: never accepted
					time.Sleep(10 * time.Millisecond)
					continue
				}
				io.Copy(io.Discard, r.Body)
				r.Body.Close()
				answered.Add(1)
				if r.StatusCode != 200 {
					t.Errorf("usage during shutdown: status %d", r.StatusCode)
				}
			}
		}()
	}
	arrived := func() bool {
		mu.Lock()
		defer mu.Unlock()
	next:
		for _, w := range drainWords {
			for _, in := range inputs {
				if strings.Contains(in, w) {
					continue next
				}
			}
			return false
		}
		return true
	}
	for deadline := time.Now().Add(time.Minute); !arrived(); time.Sleep(10 * time.Millisecond) {
		if finished.Load() > 0 {
			stopOthers()
			wg.Wait()
			t.Fatalf("a call in flight ended before the SIGTERM (the upstream takes 1 s): %+v", res)
		}
		if time.Now().After(deadline) {
			stopOthers()
			t.Fatal("the 8 classify calls did not all reach the upstream within a minute")
		}
	}
	require.NoError(t, p.Cmd().Process.Signal(syscall.SIGTERM))
	exited := make(chan error, 1)
	go func() { exited <- p.Cmd().Wait() }()
	select {
	case err := <-exited:
		require.NoError(t, err, "exit status 0 after SIGTERM")
	case <-time.After(3 * time.Minute):
		t.Fatal("no exit within 3 minutes of SIGTERM")
	}
	stopOthers()
	wg.Wait()
	var charged int64
	for i, r := range res {
		require.NoError(t, r.err, "call %d in flight at SIGTERM", i)
		require.Equal(t, 200, r.status, "call %d in flight at SIGTERM", i)
		require.Equal(t, int64(6), r.charged, "call %d: a classify miss costs 6 credits", i)
		charged += r.charged
	}
	t.Logf("drained %d calls; %d other calls, %d answered", inFlight, others.Load(), answered.Load())

	q := startEnv(t, dir, env)
	require.Equal(t, b0-charged, balance(t, c, "http://"+q.Addr, live), "every charge acknowledged while draining is durable")
}

// drainTexts are the calls in flight at SIGTERM: unlike each other, so
// that none is a cache hit of another, and each names its drainWords.
var (
	drainTexts = []string{
		"The delivery van arrived three days late and the box was crushed",
		"I adore the soundtrack of this episode, the violin theme is gorgeous",
		"Can someone tell me when the next season of the cooking show starts?",
		"Refund my subscription now, the app crashes every single morning",
		"Thanks to the support team for fixing my password problem so quickly",
		"The museum tour guide explained the ancient pottery very clearly",
		"Why does the football match stream freeze during every penalty kick",
		"My grandmother knitted a purple scarf for the winter festival",
	}
	// warmTexts fill the connection pool first; unlike each other too.
	warmTexts = []string{
		"Is the bakery on the corner open on Sunday?", "This keyboard feels cheap and the keys stick",
		"Loved the concert last night, what an encore!", "The hotel lobby smelled of fresh paint",
		"Please cancel order 5521, it was a mistake", "My cat ignores the expensive new toy completely",
		"Great tutorial, finally understood recursion", "Traffic on the bridge was awful this morning",
		"Where can I download the invoice for March?", "The lemon cake recipe needs more sugar",
		"Customer service hung up on me twice today", "Beautiful sunset photos from the lighthouse",
		"Does the tent fit four adults comfortably?", "Terrible audio quality in the second podcast",
		"The garden hose leaks at the tap connector", "Happy birthday to the whole engineering crew",
	}
	drainWords = []string{"delivery", "violin", "cooking", "crashes", "password", "pottery", "penalty", "grandmother"}
)

// post sends a classify body and returns the status and headers.
func post(c *http.Client, url, key, text string) (int, http.Header, error) {
	b, _ := json.Marshal(map[string]string{"text": text})
	req, _ := http.NewRequest("POST", url, bytes.NewReader(b))
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", "application/json")
	r, err := c.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer r.Body.Close()
	_, err = io.Copy(io.Discard, r.Body)
	return r.StatusCode, r.Header, err
}

// balance reads X-SVC-Balance (USD, three decimals) as credits from the
// free GET /v1/usage.
func balance(t *testing.T, c *http.Client, base, key string) int64 {
	t.Helper()
	req, _ := http.NewRequest("GET", base+"/v1/usage", nil)
	req.Header.Set("Authorization", "Bearer "+key)
	r, err := c.Do(req)
	require.NoError(t, err)
	defer r.Body.Close()
	_, _ = io.Copy(io.Discard, r.Body)
	require.Equal(t, 200, r.StatusCode)
	n, err := strconv.ParseInt(strings.Replace(r.Header.Get("X-SVC-Balance"), ".", "", 1), 10, 64)
	require.NoError(t, err, "X-SVC-Balance %q", r.Header.Get("X-SVC-Balance"))
	return n
}
