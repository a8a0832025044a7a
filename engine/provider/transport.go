package provider

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"syscall"
	"time"

	"github.com/valyala/fasthttp"
)

// Transports a Client can use (Config.Transport).
const (
	// TransportFast is a fasthttp HostClient: the calling goroutine writes the
	// request and reads the answer on a pooled connection (no per-connection
	// goroutines, no hand-offs). HTTP/1.1, TLS for https base URLs.
	TransportFast = "fasthttp"
	// TransportNet is net/http's Transport (HTTP/2 when the endpoint offers
	// it, proxies from the environment).
	TransportNet = "net/http"
)

// doer posts one body and returns the status code (and line, when the
// transport keeps it) and the body, or an error.
// body is not used after post returns. done releases what the answer holds
// (pooled buffers); call it once the body has been decoded.
type doer interface {
	post(ctx context.Context, ep endpoint, body []byte) (status int, statusText string, respBody []byte, done func(), err error)
	closeIdle()
}

// endpoint is the path a body is posted to.
type endpoint uint8

const (
	epChat  endpoint = iota // {base}/chat/completions
	epEmbed                 // {base}/embeddings
)

// endpointPaths are appended to the base URL.
var endpointPaths = [...]string{epChat: "/chat/completions", epEmbed: "/embeddings"}

// maxCallWait bounds a call whose context has no deadline (the engine always
// sets one per attempt).
const maxCallWait = 10 * time.Minute

// proxied reports whether the environment routes base through an HTTP proxy
// (fasthttp does not read HTTP_PROXY and friends; net/http does).
func proxied(base *url.URL) bool {
	p, err := http.ProxyFromEnvironment(&http.Request{URL: base})
	return err == nil && p != nil
}

// fastDoer is the fasthttp transport.
type fastDoer struct {
	hc   *fasthttp.HostClient
	uri  [len(endpointPaths)]string
	auth string // "Bearer <key>" or ""
}

func newFastDoer(cfg Config, base *url.URL) *fastDoer {
	isTLS := base.Scheme == "https"
	host := base.Host
	if base.Port() == "" {
		if isTLS {
			host += ":443"
		} else {
			host += ":80"
		}
	}
	tlsCfg := cfg.TLSConfig
	if isTLS {
		if tlsCfg == nil {
			tlsCfg = &tls.Config{MinVersion: tls.VersionTLS12}
		} else {
			tlsCfg = tlsCfg.Clone()
		}
		if tlsCfg.ServerName == "" {
			tlsCfg.ServerName = base.Hostname()
		}
	}
	connect := cfg.ConnectTimeout
	dialer := &net.Dialer{KeepAlive: 30 * time.Second}
	d := &fastDoer{}
	for ep, p := range endpointPaths {
		d.uri[ep] = base.String() + p
	}
	if cfg.APIKey != "" {
		d.auth = "Bearer " + cfg.APIKey
	}
	d.hc = &fasthttp.HostClient{
		Addr:  host,
		IsTLS: isTLS,
		// Dial (and the TLS handshake) bounded by ConnectTimeout and by what
		// is left of the call.
		DialTimeout: func(addr string, left time.Duration) (net.Conn, error) {
			t := left
			if connect > 0 && (t <= 0 || connect < t) {
				t = connect
			}
			ctx := context.Background()
			if t > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, t)
				defer cancel()
			}
			c, err := dialer.DialContext(ctx, "tcp", addr)
			if err != nil || !isTLS {
				return c, err
			}
			tc := tls.Client(c, tlsCfg)
			if err := tc.HandshakeContext(ctx); err != nil {
				c.Close()
				return nil, err
			}
			return tc, nil
		},
		// One connection per in-flight call at most (P12): the slots bound
		// the calls, so a call never waits for a connection.
		MaxConns:            cfg.MaxInFlight,
		MaxConnWaitTimeout:  cfg.QueueWait,
		MaxIdleConnDuration: 30 * time.Second,
		MaxResponseBodySize: MaxResponseBytes,
		// The read buffer also bounds the response headers: 32 KiB takes a
		// gateway's or CDN's cookies and tracing headers (net/http's limit is
		// 1 MB) while keeping 10,000 calls in flight near 320 MB of buffers;
		// larger headers fail as a Transport error.
		ReadBufferSize:  32 << 10,
		WriteBufferSize: 8 << 10,
		// A POST is retried only when the pooled connection turned out dead
		// before any answer byte arrived (the endpoint closed it while idle).
		RetryIfErr: func(_ *fasthttp.Request, attempts int, err error) (bool, bool) {
			return false, attempts < 2 && staleConn(err)
		},
		NoDefaultUserAgentHeader:      true,
		DisableHeaderNamesNormalizing: false,
	}
	return d
}

// staleConn: the error a reused connection closed by the peer gives.
func staleConn(err error) bool {
	return errors.Is(err, io.EOF) || errors.Is(err, fasthttp.ErrConnectionClosed) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE)
}

var userAgent = []byte("svc")

func (d *fastDoer) post(ctx context.Context, ep endpoint, body []byte) (int, string, []byte, func(), error) {
	deadline, ok := ctx.Deadline()
	if !ok {
		deadline = time.Now().Add(maxCallWait)
	}
	req := fasthttp.AcquireRequest()
	resp := fasthttp.AcquireResponse()
	req.SetRequestURI(d.uri[ep])
	req.Header.SetMethod(fasthttp.MethodPost)
	req.Header.SetContentTypeBytes(jsonType)
	req.Header.SetBytesV("Accept", jsonType)
	req.Header.SetUserAgentBytes(userAgent)
	if d.auth != "" {
		req.Header.Set("Authorization", d.auth)
	}
	req.SetBodyRaw(body)
	err := d.hc.DoDeadline(req, resp, deadline)
	fasthttp.ReleaseRequest(req)
	if err != nil {
		fasthttp.ReleaseResponse(resp)
		if errors.Is(err, fasthttp.ErrBodyTooLarge) {
			err = fmt.Errorf("%w: %v", errTooLarge, err)
		}
		return 0, "", nil, nil, err
	}
	return resp.StatusCode(), "", resp.Body(), func() { fasthttp.ReleaseResponse(resp) }, nil
}

var jsonType = []byte("application/json")

func (d *fastDoer) closeIdle() { d.hc.CloseIdleConnections() }

// netDoer is the net/http transport.
type netDoer struct {
	client *http.Client
	tr     *http.Transport
	uri    [len(endpointPaths)]string
	auth   string
}

func newNetDoer(cfg Config, base *url.URL) *netDoer {
	dialer := &net.Dialer{Timeout: cfg.ConnectTimeout, KeepAlive: 30 * time.Second}
	tr := &http.Transport{
		Proxy:             http.ProxyFromEnvironment,
		DialContext:       dialer.DialContext,
		ForceAttemptHTTP2: true,
		TLSClientConfig:   cfg.TLSConfig,
		// As many connections, idle or not, as calls may be in flight (P12).
		MaxIdleConns:          cfg.MaxInFlight,
		MaxIdleConnsPerHost:   cfg.MaxInFlight,
		MaxConnsPerHost:       cfg.MaxInFlight,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   cfg.ConnectTimeout,
		ExpectContinueTimeout: time.Second,
	}
	d := &netDoer{client: &http.Client{Transport: limitTransport{tr}}, tr: tr}
	for ep, p := range endpointPaths {
		d.uri[ep] = base.String() + p
	}
	if cfg.APIKey != "" {
		d.auth = "Bearer " + cfg.APIKey
	}
	return d
}

func (d *netDoer) post(ctx context.Context, ep endpoint, body []byte) (int, string, []byte, func(), error) {
	// net/http may still read the body after Do returns: give it its own copy
	// (the caller reuses body).
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, d.uri[ep], bytes.NewReader(bytes.Clone(body)))
	if err != nil {
		return 0, "", nil, nil, err
	}
	hr.Header.Set("Content-Type", "application/json")
	hr.Header.Set("Accept", "application/json")
	if d.auth != "" {
		hr.Header.Set("Authorization", d.auth)
	}
	resp, err := d.client.Do(hr)
	if err != nil {
		return 0, "", nil, nil, err
	}
	defer resp.Body.Close()
	bp := bufPool.Get().(*[]byte)
	buf := bytes.NewBuffer((*bp)[:0])
	_, err = buf.ReadFrom(resp.Body)
	*bp = buf.Bytes()
	done := func() { putBuf(bp) }
	if err != nil {
		done()
		return 0, "", nil, nil, err
	}
	return resp.StatusCode, resp.Status, buf.Bytes(), done, nil
}

func (d *netDoer) closeIdle() { d.tr.CloseIdleConnections() }
