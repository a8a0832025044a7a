package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// resp builds a reply as do would: status, headers, JSON body.
func resp(t *testing.T, status int, hdr map[string]string, body string) reply {
	t.Helper()
	r := reply{status: status, header: http.Header{}, raw: []byte(body)}
	for k, v := range hdr {
		r.header.Set(k, v)
	}
	if err := json.Unmarshal(r.raw, &r.body); err != nil {
		t.Fatal(err)
	}
	return r
}

const (
	degradedClassify = `{"success":true,"request_id":"req_1","result":{"id":"cls_1","object":"classification","provider":"llm_a","model":"svc-builtin-1","fallback_used":true,"credits_used":6}}`
	providerClassify = `{"success":true,"request_id":"req_1","result":{"id":"cls_1","object":"classification","provider":"llm_b","model":"mock-b","fallback_used":true,"credits_used":6}}`
	unparseableBody  = `{"success":false,"request_id":"req_1","errors":[{"type":"rubric_unparseable","code":"rubric_unparseable","message":"x"}]}`
	apiErrorBody     = `{"success":false,"request_id":"req_1","errors":[{"type":"api_error","code":"internal","message":"x"}]}`
)

var degradedHdr = map[string]string{"X-SVC-Degraded": "builtin", "X-SVC-Credits-Charged": "6", "X-SVC-Cache": "MISS"}

// with is h with header k set to v ("" removes it).
func with(h map[string]string, k, v string) map[string]string {
	out := map[string]string{}
	for a, b := range h {
		out[a] = b
	}
	if v == "" {
		delete(out, k)
	} else {
		out[k] = v
	}
	return out
}

// Responses svc must give under the contract pass, with their charges.
func TestJudgeFaultAccepts(t *testing.T) {
	for _, tc := range []struct {
		name     string
		ep       string
		want     expect
		r        reply
		acked    bool
		degraded bool
		charged  int64
	}{
		{"degraded classify, every provider failing", "/v1/classify", degradedOnly, resp(t, 200, degradedHdr, degradedClassify), true, true, 6},
		{"rubric 502 on unusable output, not charged", "/v1/rubric/classify", unparseable, resp(t, 502, map[string]string{"X-SVC-Credits-Charged": "0"}, unparseableBody), false, false, 0},
		{"provider answer on a slow upstream", "/v1/classify", answeredOnly, resp(t, 200, map[string]string{"X-SVC-Credits-Charged": "6"}, providerClassify), true, false, 6},
		{"cache hit of a provider answer while providers are down: free", "/v1/classify", degradedOnly, resp(t, 200, map[string]string{"X-SVC-Credits-Charged": "0", "X-SVC-Cache": "HIT"}, providerClassify), true, false, 0},
		{"500 allowed, no charge header", "/v1/classify", expect{fail: []int{500}, degraded: true}, resp(t, 500, nil, apiErrorBody), false, false, 0},
	} {
		o := judgeFault(tc.ep, prices[tc.ep], tc.want, tc.r)
		if len(o.problems) > 0 || o.acked != tc.acked || o.degraded != tc.degraded || o.charged != tc.charged {
			t.Errorf("%s: %+v, want no problem, acked %v, degraded %v, charged %d", tc.name, o, tc.acked, tc.degraded, tc.charged)
		}
	}
}

// Every way a response can break the contract is a discrepancy.
func TestJudgeFaultFlags(t *testing.T) {
	for _, tc := range []struct {
		name, ep string
		want     expect
		r        reply
		problem  string // a substring of the problem reported
	}{
		{"degraded answer with fallback_used false", "/v1/classify", degradedOnly,
			resp(t, 200, degradedHdr, strings.Replace(degradedClassify, `"fallback_used":true`, `"fallback_used":false`, 1)), "not marked"},
		{"degraded answer without X-SVC-Degraded", "/v1/classify", degradedOnly,
			resp(t, 200, with(degradedHdr, "X-SVC-Degraded", ""), degradedClassify), "not marked"},
		{"X-SVC-Degraded on a provider's model", "/v1/classify", degradedOnly,
			resp(t, 200, degradedHdr, providerClassify), "not marked"},
		{"degraded answer not charged", "/v1/classify", degradedOnly,
			resp(t, 200, with(degradedHdr, "X-SVC-Credits-Charged", "0"), degradedClassify), "charged"},
		{"degraded answer charged twice the price", "/v1/classify", degradedOnly,
			resp(t, 200, with(degradedHdr, "X-SVC-Credits-Charged", "12"), degradedClassify), "charged"},
		{"degraded answer served from the cache", "/v1/classify", degradedOnly,
			resp(t, 200, with(with(degradedHdr, "X-SVC-Cache", "HIT"), "X-SVC-Credits-Charged", "0"), degradedClassify), "cache"},
		{"degraded where rubric must answer 502", "/v1/rubric/classify", unparseable,
			resp(t, 200, with(degradedHdr, "X-SVC-Credits-Charged", "3"), strings.Replace(degradedClassify, "classification", "rubric_classification", 1)), "want 502"},
		{"5xx that was charged", "/v1/rubric/classify", unparseable,
			resp(t, 502, map[string]string{"X-SVC-Credits-Charged": "3"}, unparseableBody), "failure 502 with X-SVC-Credits-Charged 3"},
		{"500 where a degraded answer is due", "/v1/classify", degradedOnly,
			resp(t, 500, nil, apiErrorBody), "status 500"},
		{"502 with the wrong type", "/v1/rubric/classify", unparseable,
			resp(t, 502, nil, apiErrorBody), "502 with type"},
		{"provider answer with every provider hung", "/v1/classify", degradedOnly,
			resp(t, 200, map[string]string{"X-SVC-Credits-Charged": "6"}, providerClassify), "200 from llm_b"},
		{"degraded answer on a slow upstream that can answer", "/v1/classify", answeredOnly,
			resp(t, 200, degradedHdr, degradedClassify), "200 degraded"},
		{"fallback model with fallback_used false", "/v1/classify", answeredOnly,
			resp(t, 200, map[string]string{"X-SVC-Credits-Charged": "6"}, strings.Replace(strings.Replace(providerClassify, "mock-b", "mock-b-mini", 1), `"fallback_used":true`, `"fallback_used":false`, 1)), "fallback model"},
		{"translate from llm_b", "/v1/translate", degradedOnly,
			resp(t, 200, with(degradedHdr, "X-SVC-Credits-Charged", "5"), strings.Replace(degradedClassify, "llm_a", "llm_b", 1)), "provider"},
		{"answer without the charge header", "/v1/classify", answeredOnly,
			resp(t, 200, nil, providerClassify), "charged"},
	} {
		o := judgeFault(tc.ep, prices[tc.ep], tc.want, tc.r)
		found := false
		for _, p := range o.problems {
			found = found || strings.Contains(p, tc.problem)
		}
		if !found {
			t.Errorf("%s: problems %q, want one containing %q", tc.name, o.problems, tc.problem)
		}
	}
}

// The balance must move by exactly the acknowledged charges.
func TestBalanceProblem(t *testing.T) {
	if p := balanceProblem(1000, 940, 60); p != "" {
		t.Errorf("exact charges: %q", p)
	}
	if p := balanceProblem(24594, 24482, 0); !strings.Contains(p, "failures were charged") {
		t.Errorf("failures charged: %q", p)
	}
	if p := balanceProblem(1000, 1000, 6); !strings.Contains(p, "answers not charged") {
		t.Errorf("answer not charged: %q", p)
	}
}

// The modes' expectations follow the contract: 200 degraded wherever no
// provider can answer, rubric's 502 only for unusable output, a provider's
// answer on a slow upstream; a failure is never allowed where an answer is due.
func TestFaultModesModel(t *testing.T) {
	for _, m := range faultModes {
		for _, ep := range []string{"/v1/classify", "/v1/rubric/classify", "/v1/translate"} {
			w := m.want(ep)
			unusable := (m.name == "bad_json" || m.name == "empty") && ep == "/v1/rubric/classify"
			switch {
			case unusable:
				if len(w.fail) != 1 || w.fail[0] != 502 || w.degraded || w.answered {
					t.Errorf("%s %s: %v, want only 502", m.name, ep, w)
				}
			case m.name == "slow":
				if !w.answered || w.degraded || !w.degradedIfOpened || len(w.fail) > 0 {
					t.Errorf("%s %s: %v, want a provider's answer, or degraded once breakers opened", m.name, ep, w)
				}
			default:
				if !w.degraded || w.answered || w.degradedIfOpened || len(w.fail) > 0 {
					t.Errorf("%s %s: %v, want only a degraded answer", m.name, ep, w)
				}
			}
		}
	}
}

// A degraded answer on a slow upstream stands only if a breaker of its
// chain opened during the batch; per response it is then accepted.
func TestDegradedOnlyOnceOpened(t *testing.T) {
	o := judgeFault("/v1/translate", 5, slowExpect, resp(t, 200, with(degradedHdr, "X-SVC-Credits-Charged", "5"), degradedClassify))
	if len(o.problems) > 0 || !o.degraded || o.charged != 5 {
		t.Fatalf("degraded translate on a slow upstream: %+v", o)
	}
	closed := map[string]breakerView{"llm_a/mock-a": {"closed", 1}, "llm_a/mock-a-mini": {"closed", 1}, "llm_b/mock-b": {"closed", 2}, "llm_b/mock-b-mini": {"closed", 0}}
	bOpened := map[string]breakerView{"llm_a/mock-a": {"closed", 1}, "llm_a/mock-a-mini": {"closed", 1}, "llm_b/mock-b": {"open", 3}, "llm_b/mock-b-mini": {"closed", 0}}
	aOpened := map[string]breakerView{"llm_a/mock-a": {"half_open", 2}, "llm_a/mock-a-mini": {"closed", 1}, "llm_b/mock-b": {"closed", 2}, "llm_b/mock-b-mini": {"closed", 0}}
	if p := openedProblems(map[string]int{"/v1/classify": 3, "/v1/translate": 2}, closed, closed); len(p) != 2 {
		t.Errorf("degraded with no breaker opened: %q, want 2 problems", p)
	}
	if p := openedProblems(map[string]int{"/v1/translate": 2}, closed, bOpened); len(p) != 1 || !strings.Contains(p[0], "/v1/translate") {
		t.Errorf("translate degraded with only llm_b opened: %q, want a problem", p)
	}
	if p := openedProblems(map[string]int{"/v1/classify": 3, "/v1/rubric/classify": 1}, closed, bOpened); len(p) != 0 {
		t.Errorf("classify degraded with llm_b opened: %q", p)
	}
	if p := openedProblems(map[string]int{"/v1/translate": 2, "/v1/classify": 1}, closed, aOpened); len(p) != 0 {
		t.Errorf("translate degraded with llm_a opened: %q", p)
	}
}

// The providers are taken back when the primaries are closed and no
// breaker is open; a model missing from the listing is not healed.
func TestUnhealed(t *testing.T) {
	ok := map[string]breakerView{"llm_a/mock-a": {"closed", 1}, "llm_a/mock-a-mini": {"half_open", 1}, "llm_b/mock-b": {"closed", 2}, "llm_b/mock-b-mini": {"closed", 0}}
	if u := unhealed(ok); len(u) != 0 {
		t.Errorf("healed: %q", u)
	}
	for k, st := range map[string]string{"llm_a/mock-a": "half_open", "llm_b/mock-b": "open", "llm_b/mock-b-mini": "open"} {
		bs := map[string]breakerView{}
		for a, b := range ok {
			bs[a] = b
		}
		bs[k] = breakerView{st, 5}
		if u := unhealed(bs); len(u) != 1 || !strings.Contains(u[0], k) {
			t.Errorf("%s %s: %q", k, st, u)
		}
	}
	delete(ok, "llm_b/mock-b-mini")
	if u := unhealed(ok); len(u) != 1 || !strings.Contains(u[0], "not listed") {
		t.Errorf("missing model: %q", u)
	}
}
