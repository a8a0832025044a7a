package loadgen

import (
	"sort"
)

// Summary is the median over repeated runs of each figure (each figure's own
// median, so a summary is not one particular run).
type Summary struct {
	Runs         int                `json:"runs"`
	Throughput   float64            `json:"throughput_rps"`
	P50          int64              `json:"p50_us"`
	P90          int64              `json:"p90_us"`
	P99          int64              `json:"p99_us"`
	P999         int64              `json:"p999_us"`
	Max          int64              `json:"max_us"`
	Mean         float64            `json:"mean_us"`
	Errors       int64              `json:"errors"`    // summed over the runs
	Completed    int64              `json:"completed"` // summed over the runs
	HitRatio     float64            `json:"hit_ratio"`
	PeakInFlight int64              `json:"peak_in_flight"`
	ServerP50    int64              `json:"server_p50_us,omitempty"`
	ServerP99    int64              `json:"server_p99_us,omitempty"`
	CPUPerReq    map[string]float64 `json:"cpu_us_per_req,omitempty"`
	CPUCores     map[string]float64 `json:"cpu_cores,omitempty"`
	RSSMaxKB     map[string]int64   `json:"rss_max_kb,omitempty"` // max over runs
	HWMKB        map[string]int64   `json:"vm_hwm_kb,omitempty"`  // max over runs
	ErrorKinds   map[string]int64   `json:"error_kinds,omitempty"`
	// Spectrum is the percentile spectrum of the run whose p99 is the median.
	Spectrum []Point `json:"spectrum,omitempty"`
}

func medianF(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64{}, xs...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

func medianI(xs []int64) int64 {
	f := make([]float64, len(xs))
	for i, x := range xs {
		f[i] = float64(x)
	}
	return int64(medianF(f))
}

// Summarize computes the medians of runs.
func Summarize(runs []*Result) Summary {
	s := Summary{Runs: len(runs), CPUPerReq: map[string]float64{}, CPUCores: map[string]float64{}, RSSMaxKB: map[string]int64{}, HWMKB: map[string]int64{}, ErrorKinds: map[string]int64{}}
	var tp, mean, hr []float64
	var p50, p90, p99, p999, mx, peak, sp50, sp99 []int64
	cpu := map[string][]float64{}
	cores := map[string][]float64{}
	for _, r := range runs {
		tp = append(tp, r.Throughput)
		mean = append(mean, r.Latency.Mean)
		p50 = append(p50, r.Latency.P50)
		p90 = append(p90, r.Latency.P90)
		p99 = append(p99, r.Latency.P99)
		p999 = append(p999, r.Latency.P999)
		mx = append(mx, r.Latency.Max)
		peak = append(peak, r.PeakInFlight)
		s.Errors += r.Errors
		s.Completed += r.Completed
		if r.Completed > 0 {
			hr = append(hr, float64(r.CacheHits)/float64(r.Completed))
		}
		if r.ServerLatency != nil {
			sp50 = append(sp50, r.ServerLatency.P50)
			sp99 = append(sp99, r.ServerLatency.P99)
		}
		for k, v := range r.ErrorKinds {
			s.ErrorKinds[k] += v
		}
		for name, p := range r.Procs {
			cpu[name] = append(cpu[name], p.CPUPerReq)
			cores[name] = append(cores[name], p.CPUCores)
			s.RSSMaxKB[name] = max(s.RSSMaxKB[name], p.RSSMaxKB)
			s.HWMKB[name] = max(s.HWMKB[name], p.HWMKB)
		}
	}
	s.Throughput, s.Mean, s.HitRatio = medianF(tp), medianF(mean), medianF(hr)
	s.P50, s.P90, s.P99, s.P999, s.Max, s.PeakInFlight = medianI(p50), medianI(p90), medianI(p99), medianI(p999), medianI(mx), medianI(peak)
	if len(sp99) > 0 {
		s.ServerP50, s.ServerP99 = medianI(sp50), medianI(sp99)
	}
	for k, v := range cpu {
		s.CPUPerReq[k] = medianF(v)
	}
	for k, v := range cores {
		s.CPUCores[k] = medianF(v)
	}
	// The spectrum of the run closest to the median p99.
	best, bestD := -1, int64(-1)
	for i, r := range runs {
		d := r.Latency.P99 - s.P99
		if d < 0 {
			d = -d
		}
		if best < 0 || d < bestD {
			best, bestD = i, d
		}
	}
	if best >= 0 {
		s.Spectrum = runs[best].Latency.Spectrum
	}
	return s
}
