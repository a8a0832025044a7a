package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// runFaults starts mockllm and svc wired to it for both providers, then for
// each fault mode fires concurrent classify, rubric and translate requests and
// checks statuses, error types, that failures charge nothing, and that the
// server's threads and memory (from /proc) return to their baseline.
func runFaults(bin, mockBin, dir, token string, n int, startMax time.Duration, report func(string, ...any), cnt *counters) {
	fmt.Printf("soak: fault phase: mockllm as llm_a and llm_b, %d concurrent requests per mode\n", n)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		report("faults: %v", err)
		return
	}
	mock, err := startServer("mockllm", 1, filepath.Join(dir, "mockllm.log"), "/v1/models", startMax, func(a []string) *exec.Cmd {
		return exec.Command(mockBin, "--addr", a[0], "--answers", "fixed")
	})
	if err != nil {
		report("faults: start mockllm: %v", err)
		return
	}
	defer func() { _ = mock.cmd.Process.Kill(); <-mock.exited; mock.log.Close() }()
	mbase := "http://" + mock.addrs[0]
	c := &http.Client{Timeout: 90 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: n + 4}}
	env := []string{
		"SVC_LLM_A_BASE_URL=" + mbase + "/v1", "SVC_LLM_A_MODEL=mock-a", "SVC_LLM_A_FALLBACK_MODEL=mock-a-mini", "SVC_LLM_A_API_KEY=x",
		"SVC_LLM_B_BASE_URL=" + mbase + "/v1", "SVC_LLM_B_MODEL=mock-b", "SVC_LLM_B_FALLBACK_MODEL=mock-b-mini", "SVC_LLM_B_API_KEY=x",
		// a hung upstream call ends after 3 s, a whole operation after 5 s
		"SVC_LLM_TIMEOUT=3s", "SVC_LLM_BUDGET=5s",
		// with every provider failing, the built-in engine answers (the
		// default, set here so that the environment cannot change the model)
		"SVC_WHEN_PROVIDERS_DOWN=builtin",
	}
	p, err := startSvc(bin, filepath.Join(dir, "data"), token, filepath.Join(dir, "svc.log"), env, startMax, "--shutdown-timeout", "2s")
	if err != nil {
		report("faults: start svc: %v", err)
		return
	}
	terminated := false
	defer func() {
		if !terminated {
			_ = p.term(30 * time.Second)
		}
	}()
	a, err := setupAccount(c, p, token, "faults", true, 0, 25)
	if err != nil {
		report("faults: %v", err)
		return
	}
	control := func(body map[string]any) {
		r, err := do(c, "POST", mbase+"/control", "", body)
		if err != nil || r.status != 200 {
			report("faults: mockllm control %v: %v %d", body, err, r.status)
		}
	}
	// chats is the number of chat completions mockllm has received.
	chats := func() int64 {
		r, err := do(c, "GET", mbase+"/control", "", nil)
		if err != nil || r.status != 200 {
			report("faults: mockllm GET /control: %v %d", err, r.status)
			return -1
		}
		st, _ := r.body["stats"].(map[string]any)
		n, _ := st["chat"].(float64)
		return int64(n)
	}
	// arrived waits until mockllm has received n more chat completions
	// than before (the requests are in flight in svc's handlers), bounded
	// by a minute; a sleep could be too short on a loaded machine.
	arrived := func(before int64, n int) {
		for deadline := time.Now().Add(time.Minute); chats() < before+int64(n); time.Sleep(10 * time.Millisecond) {
			if time.Now().After(deadline) {
				report("faults: %d requests did not reach mockllm within a minute", n)
				return
			}
		}
	}
	balance := func() int64 {
		r, err := do(c, "GET", p.abase+"/admin/v1/accounts/"+a.id, token, nil)
		if err != nil || r.status != 200 {
			report("faults: admin GET: %v %d", err, r.status)
			return -1
		}
		return num(r.result(), "balance_credits")
	}
	seq := 0
	var seqMu sync.Mutex
	// fire sends n concurrent requests (classify, rubric, translate in turn)
	// and judges each against m (faultmodel.go); charged is the sum of the
	// acknowledged answers' charges.
	fire := func(m faultMode, n int) (st batchStats) {
		t0 := time.Now()
		var wg sync.WaitGroup
		var mu sync.Mutex
		for i := 0; i < n; i++ {
			seqMu.Lock()
			seq++
			text := "fault test comment number " + strconv.Itoa(seq) + " about the delivery"
			if seq%2 == 0 {
				text = "تعليق رقم " + strconv.Itoa(seq) + " عن التوصيل المتأخر"
			}
			seqMu.Unlock()
			var ep string
			var body map[string]any
			switch i % 3 {
			case 0:
				ep, body = "/v1/classify", map[string]any{"text": text}
			case 1:
				ep, body = "/v1/rubric/classify", map[string]any{"text": text, "rubric": map[string]any{"categories": []map[string]any{{"name": "Shipping"}, {"name": "Praise"}}}}
			default:
				ep, body = "/v1/translate", map[string]any{"text": text, "target": "en"}
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				cnt.sent.Add(1)
				r, err := do(c, "POST", p.base+ep, a.live, body)
				if err != nil {
					report("faults %s %s: %v", m.name, ep, err)
					return
				}
				o := judgeFault(ep, prices[ep], m.want(ep), r)
				for _, pr := range o.problems {
					report("faults %s %s: %s", m.name, ep, pr)
				}
				mu.Lock()
				defer mu.Unlock()
				switch {
				case !o.acked:
					st.failed++
				case o.degraded:
					st.degraded++
					if w := m.want(ep); !w.degraded && w.degradedIfOpened {
						if st.degradedIfOpened == nil {
							st.degradedIfOpened = map[string]int{}
						}
						st.degradedIfOpened[ep]++
					}
				default:
					st.answered++
				}
				if o.acked {
					cnt.acked.Add(1)
					st.charged += o.charged
				}
			}()
		}
		wg.Wait()
		st.took = time.Since(t0)
		return st
	}
	// breakers reads every provider model's circuit breaker
	// (GET /admin/v1/providers).
	breakers := func() map[string]breakerView {
		out := map[string]breakerView{}
		r, err := do(c, "GET", p.abase+"/admin/v1/providers", token, nil)
		if err != nil || r.status != 200 {
			report("faults: admin GET providers: %v %d", err, r.status)
			return out
		}
		bs, _ := r.result()["breakers"].([]any)
		for _, x := range bs {
			b, _ := x.(map[string]any)
			st, _ := b["state"].(string)
			out[fmt.Sprintf("%v/%v", b["provider"], b["model"])] = breakerView{state: st, opens: num(b, "opens")}
		}
		return out
	}
	// heal puts the upstream back to "ok" and sends requests (3 at a time,
	// each a 200 from a provider or degraded, charged) until the providers
	// are taken back (unhealed: primaries closed, no breaker open), so that
	// the next mode meets providers svc believes up. A provider that answers
	// again must be taken back within 30 s (docs/providers.md: its breaker
	// closes within about a call's time after its cooldown, at most 2 s).
	recovering := faultMode{name: "recovering", classify: expect{answered: true, degraded: true}, rubric: expect{answered: true, degraded: true}, translate: expect{answered: true, degraded: true}}
	heal := func(after string) {
		control(map[string]any{"mode": "ok"})
		b0 := balance()
		var st batchStats
		t0 := time.Now()
		for {
			left := unhealed(breakers())
			if len(left) == 0 {
				break
			}
			if time.Since(t0) > 30*time.Second {
				report("faults: after %s, providers not taken back after 30 s of a healthy upstream: %v", after, left)
				break
			}
			st.add(fire(recovering, 3))
			time.Sleep(100 * time.Millisecond)
		}
		if pr := balanceProblem(b0, balance(), st.charged); pr != "" {
			report("faults: healing after %s: %s", after, pr)
		}
		fmt.Printf("soak: faults healed after %-8s in %s: %s\n", after, time.Since(t0).Round(time.Millisecond), st)
	}

	// go_goroutines from the admin listener's Prometheus metrics (-1 if absent).
	goroutines := func() int {
		req, _ := http.NewRequest("GET", p.abase+"/metrics", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		res, err := c.Do(req)
		if err != nil {
			return -1
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "go_goroutines "); ok {
				n, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				if err == nil {
					return int(n)
				}
			}
		}
		return -1
	}
	// batch runs mode m (its control first, "ok" after) with n requests and
	// checks that the balance moved by exactly the acknowledged charges.
	batch := func(m faultMode, n int) {
		b0, br0 := balance(), breakers()
		if m.control != nil {
			control(m.control)
		}
		st := fire(m, n)
		control(map[string]any{"mode": "ok"})
		b1, br1 := balance(), breakers()
		if pr := balanceProblem(b0, b1, st.charged); pr != "" {
			report("faults %s: %s", m.name, pr)
		}
		for _, pr := range openedProblems(st.degradedIfOpened, br0, br1) {
			report("faults %s: %s", m.name, pr)
		}
		th, rss, _ := procStatus(p.cmd.Process.Pid)
		fmt.Printf("soak: faults %-8s: %s, balance %d -> %d, threads %d, VmRSS %d KiB\n", m.name, st, b0, b1, th, rss)
	}
	// Warm up (connection pools, caches of the runtime), then take the baseline
	// once the server's idle workers (10 s) have gone.
	batch(faultMode{name: "warmup", classify: answeredOnly, rubric: answeredOnly, translate: answeredOnly}, n)
	time.Sleep(11 * time.Second)
	g0 := goroutines()
	th0, rss0, err := procStatus(p.cmd.Process.Pid)
	if err != nil {
		report("faults: /proc: %v", err)
		return
	}
	fmt.Printf("soak: faults baseline: goroutines %d, threads %d, VmRSS %d KiB\n", g0, th0, rss0)
	prev := "warmup"
	for _, m := range faultModes {
		heal(prev)
		batch(m, n)
		prev = m.name
	}
	// Back to normal: the providers are taken back, every request is
	// answered by one of them, and threads and memory settle.
	heal(prev)
	batch(faultMode{name: "recovered", classify: answeredOnly, rubric: answeredOnly, translate: answeredOnly}, n)
	var th, rss, g int
	for i := 0; i < 40; i++ {
		time.Sleep(500 * time.Millisecond)
		th, rss, _ = procStatus(p.cmd.Process.Pid)
		g = goroutines()
		if i >= 22 && g <= g0+5 && th <= th0+4 && rss <= rss0+rss0/2+16<<10 {
			break
		}
	}
	fmt.Printf("soak: faults after recovery: goroutines %d (baseline %d), threads %d (baseline %d), VmRSS %d KiB (baseline %d KiB)\n", g, g0, th, th0, rss, rss0)
	if g0 >= 0 && g > g0+10 {
		report("faults: %d goroutines after recovery, baseline %d", g, g0)
	}
	// Go never returns OS threads and the heap is returned lazily, so only a
	// gross growth is a leak here; the goroutine-exact check is the in-process
	// test TestUpstreamFaultsNoChargeNoLeak in httpapi/hostile_test.go.
	if th > th0+16 {
		report("faults: threads %d after recovery, baseline %d", th, th0)
	}
	if rss > 2*rss0+64<<10 {
		report("faults: VmRSS %d KiB after recovery, baseline %d KiB", rss, rss0)
	}

	// SIGTERM with requests in flight on a slow upstream (1 s): they drain
	// within the deadline (--shutdown-timeout 2s), every one answers 200,
	// the process exits 0, and every charge is durable after a restart.
	b0 := balance()
	control(map[string]any{"mode": "ok", "latency_ms": 1000})
	c0 := chats()
	var acked, charged int64
	var amu sync.Mutex
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := do(c, "POST", p.base+"/v1/classify", a.live, map[string]any{"text": "draining at shutdown " + strconv.Itoa(i)})
			if err != nil || r.status != 200 {
				report("faults: request in flight at SIGTERM not drained: status %d err %v", r.status, err)
				return
			}
			// a 1 s upstream answers within the 5 s objective: a provider's answer
			o := judgeFault("/v1/classify", prices["/v1/classify"], answeredOnly, r)
			for _, pr := range o.problems {
				report("faults: request drained at SIGTERM: %s", pr)
			}
			amu.Lock()
			acked, charged = acked+1, charged+o.charged
			amu.Unlock()
		}()
	}
	arrived(c0, 8)
	t0 := time.Now()
	terminated = true
	err = p.term(30 * time.Second)
	took := time.Since(t0)
	wg.Wait()
	fmt.Printf("soak: faults SIGTERM with 8 requests on a 1 s upstream: exit %v after %s, %d answered 200 (drained)\n", err, took.Round(time.Millisecond), acked)
	if err != nil {
		report("faults: SIGTERM while draining: %v (see %s)", err, filepath.Join(dir, "svc.log"))
	}
	restart := func(name string) bool {
		q, err := startSvc(bin, filepath.Join(dir, "data"), token, filepath.Join(dir, name), env, startMax, "--shutdown-timeout", "2s")
		if err != nil {
			report("faults: restart after SIGTERM: %v", err)
			return false
		}
		p = q
		terminated = false
		return true
	}
	control(map[string]any{"mode": "ok"})
	if !restart("svc-2.log") {
		return
	}
	if pr := balanceProblem(b0, balance(), charged); pr != "" {
		report("faults: across a draining SIGTERM: %s", pr)
	}

	// SIGTERM while requests hang on the upstream: the drain deadline
	// passes, the process still exits 0 (no panic from handlers finishing
	// against a closed store), and the store reopens. The requests are cut
	// (no answer, or 500) before their objective (5 s) could degrade them;
	// an answer that did come must be a degraded one, and the balance moves
	// by exactly the charges of the answers acknowledged (none expected).
	b0 = balance()
	acked, charged = 0, 0
	control(map[string]any{"mode": "timeout"})
	c0 = chats()
	done := make(chan struct{})
	go func() {
		defer close(done)
		var wg sync.WaitGroup
		for i := 0; i < 8; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r, err := do(c, "POST", p.base+"/v1/classify", a.live, map[string]any{"text": "hung at shutdown " + strconv.Itoa(i)})
				if err != nil {
					return // cut at the close
				}
				o := judgeFault("/v1/classify", prices["/v1/classify"], expect{fail: []int{500}, degraded: true}, r)
				for _, pr := range o.problems {
					report("faults: request hung upstream at SIGTERM: %s", pr)
				}
				amu.Lock()
				if o.acked {
					acked, charged = acked+1, charged+o.charged
				}
				amu.Unlock()
			}()
		}
		wg.Wait()
	}()
	arrived(c0, 8)
	t0 = time.Now()
	terminated = true
	err = p.term(30 * time.Second)
	took = time.Since(t0)
	<-done
	control(map[string]any{"mode": "ok"})
	fmt.Printf("soak: faults SIGTERM with 8 requests hung upstream: exit %v after %s, %d answered\n", err, took.Round(time.Millisecond), acked)
	if err != nil {
		report("faults: SIGTERM with requests hung upstream: %v (see %s)", err, filepath.Join(dir, "svc.log"))
	}
	if took > 10*time.Second {
		report("faults: SIGTERM took %s with a 2s drain deadline", took)
	}
	if !restart("svc-3.log") {
		return
	}
	if pr := balanceProblem(b0, balance(), charged); pr != "" {
		report("faults: across a SIGTERM with hung requests: %s", pr)
	}
}

// batchStats counts one batch of fault-phase requests.
type batchStats struct {
	answered, degraded, failed int   // 200 from a provider, 200 degraded, failures
	charged                    int64 // charges of the acknowledged answers
	took                       time.Duration
	// degraded answers per endpoint where only an opened breaker allows them
	degradedIfOpened map[string]int
}

func (s *batchStats) add(o batchStats) {
	s.answered, s.degraded, s.failed = s.answered+o.answered, s.degraded+o.degraded, s.failed+o.failed
	s.charged, s.took = s.charged+o.charged, s.took+o.took
}

func (s batchStats) String() string {
	return fmt.Sprintf("%d requests in %s: %d answered by a provider, %d degraded, %d failed, %d credits charged",
		s.answered+s.degraded+s.failed, s.took.Round(time.Millisecond), s.answered, s.degraded, s.failed, s.charged)
}
