// Command brownout is the brownout scenario set of make bench (issue 17):
// open-loop paid classify requests (English, routed to llm_a, and Arabic,
// routed to llm_b) at a fixed rate against svc wired to two cmd/mockllm
// instances, while /control drives the primary (llm_a) and then both through
// phases: healthy, hung, 5 s slow, failing 30%, slow tail, 429 with
// Retry-After, both down, recovery.
//
// Per phase it reports the latency percentiles of every request scheduled in
// the phase (measured from its intended start: no coordinated omission),
// failures, the share answered by each provider (the response's provider and
// fallback_used), the credits charged (each phase bills its own account, so
// the charge is the account's balance before minus after, read from the
// admin API once the phase's requests have ended), hedged calls (svc's
// /metrics counters whose name has "hedge", when it has any) and, for the
// recovery phase, how long until llm_a again answers >= 90% of its traffic.
// With svc's --when-providers-down=builtin (--when-down, the default) the
// both-down phase must be answered 200 by the built-in engine (X-SVC-Degraded)
// with p95 <= 1 s; with fail, every request must fail within 2.5 s and
// nothing be charged.
// It writes brownout.json, brownout.md and brownout.png (latency over time,
// one dot per request, coloured by who answered) into --out, and replaces
// the brownout section of --results (between its markers).
//
//	brownout --svc 127.0.0.1:27181 --admin http://127.0.0.1:27182 --token T \
//	    --mock-a 127.0.0.1:27190 --mock-b 127.0.0.1:27192 --rate 30 --phase 20s \
//	    --out bench/results --results bench/RESULTS.md
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"svc/bench/loadgen"
	"svc/bench/scenario"
)

// phase is one state of the two providers. a and b are mockllm /control
// bodies.
type phase struct {
	Name string         `json:"name"`
	A    map[string]any `json:"llm_a_control"`
	B    map[string]any `json:"llm_b_control"`
}

func phases(median int) []phase {
	ok := map[string]any{"latency_ms": median}
	return []phase{
		{"healthy", ok, ok},
		{"primary hung", map[string]any{"mode": "timeout"}, ok},
		{"primary 5 s slow", map[string]any{"latency_ms": 5000}, ok},
		{"primary failing 30%", map[string]any{"latency_ms": median, "error_rate": 0.3}, ok},
		{"primary slow tail (p50 1.5 s, p99 6 s)", map[string]any{"latency_ms": 1500, "p99_ms": 6000}, ok},
		{"primary 429, Retry-After 5 s", map[string]any{"mode": "rate_limited", "retry_after_s": 5}, ok},
		{"both down (hung)", map[string]any{"mode": "timeout"}, map[string]any{"mode": "timeout"}},
		{"recovery", ok, ok},
	}
}

// whenDown is svc's --when-providers-down policy in this run.
var whenDown string

// sample is one request.
type sample struct {
	Phase    int     `json:"phase"`
	T        float64 `json:"t"`   // intended start, seconds since the run began
	LatMS    float64 `json:"ms"`  // from the intended start to the end
	Arabic   bool    `json:"ar"`  // routed to llm_b
	Status   int     `json:"st"`  // HTTP status; 0 = no answer
	Provider string  `json:"p"`   // result.provider ("" on failure)
	Fallback bool    `json:"fb"`  // result.fallback_used
	Credits  int     `json:"cr"`  // result.credits_used
	ErrCode  string  `json:"err"` // status and errors[0].type (/code), or the client's failure
	Degraded bool    `json:"dg"`  // X-SVC-Degraded: builtin
}

// report is one phase's figures.
type report struct {
	phase
	Requests  int     `json:"requests"`
	English   int     `json:"english"`
	Arabic    int     `json:"arabic"`
	P50, P95  float64 // ms
	P99, Max  float64 // ms
	Failures  int     `json:"failures"`
	FailedMax float64 `json:"failed_max_ms"` // slowest failure
	ByLLMA    int     `json:"answered_llm_a"`
	ByLLMB    int     `json:"answered_llm_b"`
	Other     int     `json:"answered_other"`
	Fallbacks int     `json:"fallback_used"`
	Degraded  int     `json:"degraded"`       // answered by the built-in engine (X-SVC-Degraded)
	ENByA     float64 `json:"en_share_llm_a"` // English answered by llm_a / English answered
	Charged   int64   `json:"credits_charged"`
	Expected  int64   `json:"credits_of_successes"` // sum of credits_used of the 2xx answers
	Hedges    float64 `json:"hedges"`               // delta of svc's hedge counters (-1: none exported)
	RecoveryS float64 `json:"recovery_s"`           // recovery phase: seconds until llm_a serves >= 90% of English in a 1 s window (-1: never)
	// AnsweredWhileDown counts 2xx answers that ended before the phase did.
	AnsweredWhileDown int `json:"answered_before_phase_end"`
	// ProviderWhileDown counts those of them not marked degraded.
	ProviderWhileDown int `json:"undegraded_before_phase_end"`
	ErrorCodes        map[string]int
}

func main() {
	svcAddr := flag.String("svc", "127.0.0.1:27181", "svc host:port")
	admin := flag.String("admin", "http://127.0.0.1:27182", "svc admin base URL")
	token := flag.String("token", "", "admin token")
	mockA := flag.String("mock-a", "127.0.0.1:27190", "llm_a's mockllm host:port")
	mockB := flag.String("mock-b", "127.0.0.1:27192", "llm_b's mockllm host:port")
	rate := flag.Float64("rate", 30, "requests per second (open loop)")
	dur := flag.Duration("phase", 20*time.Second, "duration of each phase")
	median := flag.Int("median-ms", 300, "the providers' healthy median latency")
	maxInFlight := flag.Int("max-inflight", 4000, "bound on outstanding requests (beyond it a request counts as a client failure)")
	timeout := flag.Duration("timeout", 60*time.Second, "client timeout per request")
	out := flag.String("out", "bench/results", "directory for brownout.{json,md,png}")
	results := flag.String("results", "bench/RESULTS.md", "Markdown whose brownout section is replaced (\"\" = none)")
	command := flag.String("command", "", "the command line to print in the results")
	keepSamples := flag.Bool("samples", false, "also write every request to brownout.json (large)")
	flag.StringVar(&whenDown, "when-down", "builtin", "svc's --when-providers-down (builtin or fail): the both-down phase's target")
	flag.Parse()

	ph := phases(*median)
	accounts := make([]string, len(ph))
	keys := make([]string, len(ph))
	before := make([]int64, len(ph))
	for i := range ph {
		var err error
		if accounts[i], keys[i], err = loadgen.NewAccount(*admin, *token, fmt.Sprintf("brownout-%d", i), 1_000_000, 1); err != nil {
			log.Fatalf("brownout: setup: %v", err)
		}
		if before[i], err = balance(*admin, *token, accounts[i]); err != nil {
			log.Fatalf("brownout: %v", err)
		}
	}
	client := &http.Client{Timeout: *timeout, Transport: &http.Transport{MaxIdleConnsPerHost: *maxInFlight, MaxConnsPerHost: *maxInFlight + 16}}
	var (
		mu       sync.Mutex
		samples  []sample
		inFlight atomic.Int64
		wg       sync.WaitGroup
	)
	nonce := rand.Uint64()
	interval := time.Duration(float64(time.Second) / *rate)
	hedges := make([]float64, len(ph)+1)
	hedges[0] = hedgeCount(*admin, *token)
	start := time.Now()
	var seq uint64
	for p := range ph {
		if err := loadgen.Control(*mockA, ph[p].A); err != nil {
			log.Fatalf("brownout: llm_a /control: %v", err)
		}
		if err := loadgen.Control(*mockB, ph[p].B); err != nil {
			log.Fatalf("brownout: llm_b /control: %v", err)
		}
		pStart := start.Add(time.Duration(p) * *dur)
		log.Printf("brownout: phase %d %q", p+1, ph[p].Name)
		for at := pStart; at.Before(pStart.Add(*dur)); at = at.Add(interval) {
			time.Sleep(time.Until(at))
			seq++
			text, arabic := scenario.AppendText(nil, nonce, seq)
			s := sample{Phase: p, T: at.Sub(start).Seconds(), Arabic: arabic}
			if inFlight.Load() >= int64(*maxInFlight) {
				s.ErrCode, s.LatMS = "client_overflow", 0
				mu.Lock()
				samples = append(samples, s)
				mu.Unlock()
				continue
			}
			inFlight.Add(1)
			wg.Add(1)
			go func(s sample, at time.Time, text []byte, key string) {
				defer wg.Done()
				defer inFlight.Add(-1)
				classify(client, *svcAddr, key, text, &s)
				s.LatMS = float64(time.Since(at).Microseconds()) / 1000
				mu.Lock()
				samples = append(samples, s)
				mu.Unlock()
			}(s, at, text, keys[p])
		}
		hedges[p+1] = hedgeCount(*admin, *token)
	}
	wg.Wait()
	_ = loadgen.Control(*mockA, map[string]any{"latency_ms": *median})
	_ = loadgen.Control(*mockB, map[string]any{"latency_ms": *median})

	sort.Slice(samples, func(i, j int) bool { return samples[i].T < samples[j].T })
	reps := make([]report, len(ph))
	for p := range ph {
		after, err := balance(*admin, *token, accounts[p])
		if err != nil {
			log.Fatalf("brownout: %v", err)
		}
		reps[p] = summarise(ph[p], p, samples, before[p]-after, *dur)
		if hedges[0] >= 0 {
			reps[p].Hedges = hedges[p+1] - hedges[p]
		} else {
			reps[p].Hedges = -1
		}
		if p == len(ph)-1 {
			reps[p].RecoveryS = recovery(samples, p, float64(p)*dur.Seconds())
		}
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		log.Fatal(err)
	}
	doc := map[string]any{"when_providers_down": whenDown, "rate": *rate, "phase_s": dur.Seconds(), "median_ms": *median, "started": start.UTC(), "phases": reps, "timeline": timeline(samples)}
	if *keepSamples {
		doc["samples"] = samples
	}
	js, _ := json.MarshalIndent(doc, "", " ")
	if err := os.WriteFile(filepath.Join(*out, "brownout.json"), js, 0o644); err != nil {
		log.Fatal(err)
	}
	if err := chart(filepath.Join(*out, "brownout.png"), samples, ph, dur.Seconds()); err != nil {
		log.Printf("brownout: chart: %v", err)
	}
	md := markdown(reps, *rate, *dur, *median, *command, start)
	if err := os.WriteFile(filepath.Join(*out, "brownout.md"), []byte(md), 0o644); err != nil {
		log.Fatal(err)
	}
	if *results != "" {
		if err := replaceSection(*results, md); err != nil {
			log.Fatal(err)
		}
	}
	fmt.Print(md)
}

// second is one second of the run, by intended start.
type second struct {
	T        int     `json:"t"`
	Requests int     `json:"requests"`
	Failed   int     `json:"failed"`
	ByLLMA   int     `json:"llm_a"`
	ByLLMB   int     `json:"llm_b"`
	P50MS    float64 `json:"p50_ms"`
	MaxMS    float64 `json:"max_ms"`
}

// timeline summarises samples (sorted by T) per second.
func timeline(samples []sample) []second {
	var out []second
	for i := 0; i < len(samples); {
		t := int(samples[i].T)
		sec := second{T: t}
		var lat []float64
		for ; i < len(samples) && int(samples[i].T) == t; i++ {
			s := samples[i]
			sec.Requests++
			lat = append(lat, s.LatMS)
			switch {
			case s.Status/100 != 2:
				sec.Failed++
			case s.Provider == "llm_a":
				sec.ByLLMA++
			case s.Provider == "llm_b":
				sec.ByLLMB++
			}
		}
		sec.P50MS, sec.MaxMS = float64(loadgen.SummariseMS(lat).P50)/1000, slices.Max(lat)
		out = append(out, sec)
	}
	return out
}

// classify sends one paid classify and fills s from the answer.
func classify(c *http.Client, addr, key string, text []byte, s *sample) {
	body, _ := json.Marshal(map[string]string{"text": string(text), "platform": "youtube"})
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/v1/classify", bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		s.ErrCode = "client: " + errKind(err)
		return
	}
	defer resp.Body.Close()
	rb, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	s.Status = resp.StatusCode
	s.Degraded = resp.Header.Get("X-SVC-Degraded") == "builtin"
	var env struct {
		Result struct {
			Provider     string `json:"provider"`
			FallbackUsed bool   `json:"fallback_used"`
			CreditsUsed  int    `json:"credits_used"`
		} `json:"result"`
		Errors []struct {
			Code string `json:"code"`
			Type string `json:"type"`
		} `json:"errors"`
	}
	_ = json.Unmarshal(rb, &env)
	if resp.StatusCode/100 == 2 {
		s.Provider, s.Fallback, s.Credits = env.Result.Provider, env.Result.FallbackUsed, env.Result.CreditsUsed
		return
	}
	s.ErrCode = strconv.Itoa(resp.StatusCode)
	if len(env.Errors) > 0 {
		e := env.Errors[0]
		s.ErrCode += " " + e.Type
		if e.Code != "" && e.Code != e.Type {
			s.ErrCode += "/" + e.Code
		}
	}
}

func errKind(err error) string {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "Timeout") || strings.Contains(msg, "deadline"):
		return "timeout"
	case strings.Contains(msg, "refused"):
		return "refused"
	}
	return "transport"
}

func summarise(ph phase, p int, all []sample, charged int64, dur time.Duration) report {
	r := report{phase: ph, Charged: charged, RecoveryS: -1, ErrorCodes: map[string]int{}}
	var lat []float64
	enAnswered, enByA := 0, 0
	for _, s := range all {
		if s.Phase != p {
			continue
		}
		r.Requests++
		if s.Arabic {
			r.Arabic++
		} else {
			r.English++
		}
		lat = append(lat, s.LatMS)
		if s.Status/100 != 2 {
			r.Failures++
			r.ErrorCodes[s.ErrCode]++
			r.FailedMax = max(r.FailedMax, s.LatMS)
			continue
		}
		r.Expected += int64(s.Credits)
		if s.T+s.LatMS/1000 < float64(p+1)*dur.Seconds() {
			r.AnsweredWhileDown++ // meaningful for the both-down phase only
			if !s.Degraded {
				r.ProviderWhileDown++
			}
		}
		switch s.Provider {
		case "llm_a":
			r.ByLLMA++
		case "llm_b":
			r.ByLLMB++
		default:
			r.Other++
		}
		if s.Fallback {
			r.Fallbacks++
		}
		if s.Degraded {
			r.Degraded++
		}
		if !s.Arabic {
			enAnswered++
			if s.Provider == "llm_a" {
				enByA++
			}
		}
	}
	if enAnswered > 0 {
		r.ENByA = float64(enByA) / float64(enAnswered)
	}
	st := loadgen.SummariseMS(lat) // the load bench's percentiles (HDR, 3 significant digits)
	r.P50, r.P95, r.P99 = float64(st.P50)/1000, float64(st.P95)/1000, float64(st.P99)/1000
	if len(lat) > 0 {
		r.Max = slices.Max(lat) // exact: the both-down target is on it
	}
	return r
}

// recovery is the time from t0 (the phase start) to the start of the first
// 1 s window (stepped by 100 ms) whose answered English requests (at least
// 5) were >= 90% served by llm_a; -1 when none is.
func recovery(all []sample, p int, t0 float64) float64 {
	var en []sample
	for _, s := range all {
		if s.Phase == p && !s.Arabic {
			en = append(en, s)
		}
	}
	for k := 0; k < 6000; k++ {
		w := t0 + float64(k)/10 // not accumulated: no drift
		n, a, any := 0, 0, false
		for _, s := range en {
			if s.T >= w && s.T < w+1 {
				any = true
				if s.Status/100 == 2 {
					n++
					if s.Provider == "llm_a" {
						a++
					}
				}
			}
			if s.T >= w+1 {
				break
			}
		}
		if !any {
			if len(en) == 0 || w > en[len(en)-1].T {
				return -1
			}
			continue
		}
		if n >= 5 && float64(a) >= 0.9*float64(n) {
			return w - t0
		}
	}
	return -1
}

func balance(admin, token, id string) (int64, error) {
	var v struct {
		Balance *int64 `json:"balance_credits"`
	}
	if err := loadgen.Admin("GET", admin, token, "/admin/v1/accounts/"+id, nil, &v); err != nil {
		return 0, err
	}
	if v.Balance == nil {
		return 0, fmt.Errorf("account %s: no balance_credits", id)
	}
	return *v.Balance, nil
}

// hedgeCount sums svc's /metrics samples (admin listener) whose metric name
// contains "hedge" and ends in _total (svc_engine_hedges_total, but not its
// result="won" series); -1 when there is none.
func hedgeCount(admin, token string) float64 {
	req, _ := http.NewRequest("GET", admin+"/metrics", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return -1
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	sum, found := 0.0, false
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		name, rest, ok := strings.Cut(line, " ")
		if !ok {
			continue
		}
		metric, _, _ := strings.Cut(name, "{")
		if !strings.Contains(metric, "hedge") || !strings.HasSuffix(metric, "_total") || strings.Contains(name, `result="won"`) {
			continue // svc_engine_hedges_total{result="started"} counts every hedge; "won" ones again
		}
		if i := strings.Index(name, "}"); i >= 0 {
			rest = strings.TrimSpace(line[i+1:])
		}
		var v float64
		if _, err := fmt.Sscanf(rest, "%g", &v); err == nil {
			sum, found = sum+v, true
		}
	}
	if !found {
		return -1
	}
	return sum
}
