package httpapi

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/valyala/fasthttp"
	"github.com/valyala/fasthttp/fasthttpadaptor"

	"svc/cache"
)

// cacheCollector exports the server's cache.Stats at scrape time: entries,
// bytes, hits by kind, evictions, and the provider embedder's calls and
// fallbacks (lookups served exact-only because an embedding failed).
type cacheCollector struct{ c *cache.Cache }

var (
	cacheEntriesDesc   = prometheus.NewDesc("svc_cache_entries", "Live entries of the semantic cache.", nil, nil)
	cacheBytesDesc     = prometheus.NewDesc("svc_cache_bytes", "Approximate bytes held by the semantic cache's entries.", nil, nil)
	cacheLookupsDesc   = prometheus.NewDesc("svc_cache_lookups_total", "Cache lookups by result: exact hit, near-duplicate hit, miss.", []string{"result"}, nil)
	cacheDroppedDesc   = prometheus.NewDesc("svc_cache_dropped_total", "Entries dropped, by reason: evicted (memory bound), expired (TTL), forgotten (feedback).", []string{"reason"}, nil)
	cacheEmbedDesc     = prometheus.NewDesc("svc_cache_embed_calls_total", "Provider embedding calls of the cache (--cache-embedder llm_a|llm_b) by result: ok, or fallback (failed, slow or refused: that lookup was exact-only).", []string{"result"}, nil)
	cacheExactOnlyDesc = prometheus.NewDesc("svc_cache_exact_only_loaded", "Entries loaded at start without a vector of the configured embedder (exact hits only).", nil, nil)
)

func (cc cacheCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{cacheEntriesDesc, cacheBytesDesc, cacheLookupsDesc, cacheDroppedDesc, cacheEmbedDesc, cacheExactOnlyDesc} {
		ch <- d
	}
}

func (cc cacheCollector) Collect(ch chan<- prometheus.Metric) {
	st := cc.c.Stats()
	gauge := func(d *prometheus.Desc, v float64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, labels...)
	}
	counter := func(d *prometheus.Desc, v uint64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.CounterValue, float64(v), labels...)
	}
	gauge(cacheEntriesDesc, float64(st.Entries))
	gauge(cacheBytesDesc, float64(st.Bytes))
	counter(cacheLookupsDesc, st.ExactHits, "exact_hit")
	counter(cacheLookupsDesc, st.NearHits, "near_hit")
	counter(cacheLookupsDesc, st.Misses, "miss")
	counter(cacheDroppedDesc, st.Evictions, "evicted")
	counter(cacheDroppedDesc, st.Expired, "expired")
	counter(cacheDroppedDesc, st.Forgotten, "forgotten")
	counter(cacheEmbedDesc, st.EmbedCalls, "ok")
	counter(cacheEmbedDesc, st.EmbedFallbacks, "fallback")
	gauge(cacheExactOnlyDesc, float64(st.ExactOnlyLoaded))
}

// metricsHandler serves GET /metrics (Prometheus text format): the process's
// metrics, this server's cache and its engine's breakers and hedges.
func (s *Server) metricsHandler() fasthttp.RequestHandler {
	reg := prometheus.NewRegistry()
	reg.MustRegister(cacheCollector{s.cache}, engineCollector{s.engine})
	h := fasthttpadaptor.NewFastHTTPHandler(promhttp.HandlerFor(prometheus.Gatherers{mx.reg, reg}, promhttp.HandlerOpts{}))
	return s.adminOnly(h)
}
