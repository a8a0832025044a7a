package main

import (
	"fmt"
	"image/color"
	"math"
	"os"
	"sort"
	"strings"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The brownout section of bench/RESULTS.md lies between these markers; a
// run replaces it (or appends it when absent).
const (
	beginMark = "<!-- brownout:begin -->"
	endMark   = "<!-- brownout:end -->"
)

// The targets.
const (
	targetP95MS      = 2000.0
	targetP99MS      = 3000.0
	targetBothDownMS = 2500.0 // --when-providers-down=fail: every request ends (fails) by then
	targetDegradedMS = 1000.0 // builtin: p95 of the both-down phase
	targetRecoveryS  = 5.0
	targetHedgeShare = 0.05
)

func ms(x float64) string {
	if x >= 1000 {
		return fmt.Sprintf("%.2f s", x/1000)
	}
	return fmt.Sprintf("%.0f ms", x)
}

func markdown(reps []report, rate float64, dur time.Duration, median int, command string, start time.Time) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## Brownout: one provider down, slow or refusing (issue 17)\n\n")
	fmt.Fprintf(&b, "Run %s UTC. Open loop, %.0f paid classify requests/s (English to llm_a, Arabic to llm_b, unique texts: no cache hits), each phase %s, two cmd/mockllm (`--answers fixed`, %d ms median when healthy) driven through `/control`; latency from each request's intended start. Each phase bills its own account: *charged* is that account's balance before minus after; *2xx credits* is the sum of `credits_used` of the answered requests (they must be equal: failures are not charged). Chart: [results/brownout.png](results/brownout.png); per phase and per second: results/brownout.json (every request with `--samples`).\n\n", start.UTC().Format("2006-01-02 15:04"), rate, dur, median)
	if command != "" {
		fmt.Fprintf(&b, "Command: `%s`\n\n", command)
	}
	fmt.Fprintf(&b, "svc ran with `--when-providers-down=%s`.\n\n", whenDown)
	b.WriteString("| phase | requests | p50 | p95 | p99 | max | failed | answered llm_a / llm_b | fallback_used | degraded (built-in) | English by llm_a | charged / 2xx credits | hedges | target |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for i, r := range reps {
		hedge := "n/a"
		if r.Hedges >= 0 {
			hedge = fmt.Sprintf("%.0f", r.Hedges)
		}
		fmt.Fprintf(&b, "| %d. %s | %d | %s | %s | %s | %s | %d | %d / %d | %d | %d | %.0f%% | %d / %d | %s | %s |\n",
			i+1, r.Name, r.Requests, ms(r.P50), ms(r.P95), ms(r.P99), ms(r.Max), r.Failures, r.ByLLMA, r.ByLLMB, r.Fallbacks, r.Degraded, 100*r.ENByA, r.Charged, r.Expected, hedge, verdict(i, r, len(reps)))
	}
	b.WriteString("\n")
	for i, r := range reps {
		if len(r.ErrorCodes) == 0 {
			continue
		}
		var codes []string
		for c, n := range r.ErrorCodes {
			codes = append(codes, fmt.Sprintf("%s x%d", c, n))
		}
		sort.Strings(codes)
		fmt.Fprintf(&b, "- Phase %d failures: %s; slowest failure %s.\n", i+1, strings.Join(codes, ", "), ms(r.FailedMax))
	}
	if bd := reps[len(reps)-2]; whenDown == "fail" && bd.Requests > bd.Failures {
		fmt.Fprintf(&b, "- Both down: %d of %d requests were answered, all of them after the phase ended (the providers were back): %d while both were down.\n", bd.Requests-bd.Failures, bd.Requests, bd.AnsweredWhileDown)
	}
	if last := reps[len(reps)-1]; last.RecoveryS >= 0 {
		fmt.Fprintf(&b, "- Recovery: llm_a served >= 90%% of the English requests of a 1 s window starting %.1f s after the primary came back (target <= 5 s).\n", last.RecoveryS)
	} else {
		b.WriteString("- Recovery: llm_a never served >= 90% of the English requests of a 1 s window in the recovery phase (target: within 5 s).\n")
	}
	b.WriteString("\n![brownout latency over time](results/brownout.png)\n")
	return b.String()
}

// verdict compares a phase with the targets.
func verdict(i int, r report, n int) string {
	var miss []string
	switch {
	case i == 0:
		if r.Failures > 0 {
			miss = append(miss, "failures")
		}
		if r.Hedges >= 0 && r.Requests > 0 && r.Hedges/float64(r.Requests) > targetHedgeShare {
			miss = append(miss, fmt.Sprintf("hedges %.0f%% > 5%%", 100*r.Hedges/float64(r.Requests)))
		}
	case i == n-2 && whenDown != "fail": // both down, degraded to the built-in engine
		if r.Failures > 0 {
			miss = append(miss, "failures")
		}
		if r.ProviderWhileDown > 0 {
			miss = append(miss, fmt.Sprintf("%d answers while both were down not marked degraded", r.ProviderWhileDown))
		}
		if r.P95 > targetDegradedMS {
			miss = append(miss, "p95 > 1 s")
		}
		if r.Charged != r.Expected {
			miss = append(miss, "charge != 2xx credits")
		}
		if len(miss) == 0 {
			return "met (every request 200 from the built-in engine, p95 <= 1 s)"
		}
		return "not met: " + strings.Join(miss, ", ")
	case i == n-2: // both down, --when-providers-down=fail
		if r.AnsweredWhileDown > 0 {
			miss = append(miss, fmt.Sprintf("%d answered while both were down", r.AnsweredWhileDown))
		}
		if r.Max > targetBothDownMS {
			miss = append(miss, "requests slower than 2.5 s")
		}
		if r.Charged != r.Expected {
			miss = append(miss, "failures charged")
		}
		if len(miss) == 0 {
			return "met (every request ended <= 2.5 s; failures not charged)"
		}
		return "not met: " + strings.Join(miss, ", ")
	case i == n-1: // recovery
		if r.RecoveryS < 0 || r.RecoveryS > targetRecoveryS {
			miss = append(miss, "recovery > 5 s")
		}
	}
	if i < n-2 {
		if r.P95 > targetP95MS {
			miss = append(miss, "p95 > 2 s")
		}
		if r.P99 > targetP99MS {
			miss = append(miss, "p99 > 3 s")
		}
		if r.Failures > 0 && i > 0 {
			miss = append(miss, "failures")
		}
	}
	if r.Charged != r.Expected {
		miss = append(miss, "charge != 2xx credits")
	}
	if len(miss) == 0 {
		return "met"
	}
	return "not met: " + strings.Join(miss, ", ")
}

// replaceSection puts md between the markers of the file at path (appending
// the section when the markers are absent).
func replaceSection(path, md string) error {
	old, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	s := string(old)
	sec := beginMark + "\n" + md + endMark + "\n"
	i, j := strings.Index(s, beginMark), strings.Index(s, endMark)
	if i >= 0 && j > i {
		s = s[:i] + sec + s[j+len(endMark):]
		s = strings.Replace(s, endMark+"\n\n", endMark+"\n", 1)
	} else {
		if s != "" && !strings.HasSuffix(s, "\n\n") {
			s += "\n"
		}
		s += sec
	}
	return os.WriteFile(path, []byte(s), 0o644)
}

// chart writes latency over time: one dot per request (ms, log scale), by
// who answered, with the phases marked.
func chart(path string, samples []sample, ph []phase, phaseS float64) error {
	p := plot.New()
	p.Title.Text = "brownout: classify latency over time (one dot per request)"
	p.X.Label.Text = "seconds since start (phases every " + fmt.Sprint(phaseS) + " s)"
	p.Y.Label.Text = "latency (ms, log scale)"
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	p.Add(plotter.NewGrid())
	groups := []struct {
		name  string
		col   color.Color
		match func(s sample) bool
	}{
		{"llm_a", color.RGBA{31, 119, 180, 255}, func(s sample) bool { return s.Status/100 == 2 && s.Provider == "llm_a" }},
		{"llm_b", color.RGBA{44, 160, 44, 255}, func(s sample) bool { return s.Status/100 == 2 && s.Provider == "llm_b" }},
		{"other 2xx", color.RGBA{127, 127, 127, 255}, func(s sample) bool {
			return s.Status/100 == 2 && s.Provider != "llm_a" && s.Provider != "llm_b"
		}},
		{"failed", color.RGBA{214, 39, 40, 255}, func(s sample) bool { return s.Status/100 != 2 }},
	}
	hi := 1.0
	for _, g := range groups {
		var pts plotter.XYs
		for _, s := range samples {
			if g.match(s) {
				pts = append(pts, plotter.XY{X: s.T, Y: math.Max(s.LatMS, 1)})
				hi = math.Max(hi, s.LatMS)
			}
		}
		if len(pts) == 0 {
			continue
		}
		sc, err := plotter.NewScatter(pts)
		if err != nil {
			return err
		}
		sc.GlyphStyle.Color = g.col
		sc.GlyphStyle.Radius = vg.Points(1.2)
		sc.GlyphStyle.Shape = draw.CircleGlyph{}
		p.Add(sc)
		p.Legend.Add(g.name, sc)
	}
	for i, x := range ph {
		t := float64(i) * phaseS
		l, err := plotter.NewLine(plotter.XYs{{X: t, Y: 1}, {X: t, Y: hi * 2}})
		if err != nil {
			return err
		}
		l.Color = color.Gray{160}
		l.Dashes = []vg.Length{vg.Points(3), vg.Points(3)}
		p.Add(l)
		lb, err := plotter.NewLabels(plotter.XYLabels{XYs: plotter.XYs{{X: t + 0.3, Y: hi * 1.5}}, Labels: []string{fmt.Sprintf("%d", i+1)}})
		if err == nil {
			p.Add(lb)
		}
		_ = x
	}
	p.Legend.Top = true
	p.Legend.Left = false
	p.X.Min = 0
	p.Y.Min = 50
	return p.Save(12*vg.Inch, 6*vg.Inch, path)
}
