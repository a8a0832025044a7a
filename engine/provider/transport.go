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

// doer posts one body and returns the answer, or an error.
// body is not used after post returns. The answer's done releases what it
// holds (pooled buffers); call it once the body has been decoded.
type doer interface {
	post(ctx context.Context, ep endpoint, body []byte) (answer, error)
	closeIdle()
}

// answer is what a doer got back.
type answer struct {
	code       int
	status     string // the status line, when the transport keeps it
	body       []byte
	retryAfter string // the Retry-After header of a 429 or 503
	done       func()
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
	hc       *fasthttp.HostClient // the connection pool (post does the I/O: roundTrip)
	uri      [len(endpointPaths)]string
	auth     string // "Bearer <key>" or ""
	attempts int    // sends of one request at most (see post)
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
			if err != nil {
				return nil, err
			}
			if !isTLS {
				return newIdleCheckConn(c, c), nil
			}
			tc := tls.Client(c, tlsCfg)
			if err := tc.HandshakeContext(ctx); err != nil {
				c.Close()
				return nil, err
			}
			return newIdleCheckConn(tc, c), nil
		},
		// One connection per in-flight call at most (P12): the slots bound
		// the calls, so a call never waits for a connection.
		MaxConns:            cfg.MaxInFlight,
		MaxConnWaitTimeout:  cfg.QueueWait,
		MaxIdleConnDuration: 30 * time.Second,
		// The read buffer also bounds the response headers: 32 KiB takes a
		// gateway's or CDN's cookies and tracing headers (net/http's limit is
		// 1 MB) while keeping 10,000 calls in flight near 320 MB of buffers;
		// larger headers fail as a Transport error.
		ReadBufferSize:  32 << 10,
		WriteBufferSize: 8 << 10,
	}
	d.attempts = cfg.MaxInFlight + 1
	return d
}

// errIdleClosed: a request was not sent because the pooled connection it
// was to go on had been closed by the endpoint while idle.
var errIdleClosed = errors.New("provider: pooled connection closed by the endpoint while idle; request not sent")

// idleCheckConn is a fasthttp connection (TLS or not) that knows when it is
// reused. The pool cannot tell (AcquireConn and ReleaseConn keep no use
// count), and a request written on a connection the
// endpoint then closes unanswered gives the same io.EOF (or ECONNRESET) from
// the first read of the answer whether the connection was fresh or pooled,
// and whether or not the endpoint read the request first. So the connection
// checks itself. Its invariant: roundTrip's calls on it alternate between
// writing a request and reading its answer, so a Write after a Read that returned bytes starts
// a request on a connection taken from the idle pool. Before writing, it
// peeks at the TCP socket without waiting. The end of the stream (the
// endpoint closed the connection while idle), a pending error (a reset), or
// bytes nobody asked for (a 408, a TLS close_notify) mean the connection is
// unusable: the Write fails with errIdleClosed, writing nothing; roundTrip
// closes the connection and post sends the request on another. The endpoint has certainly not seen that request.
//
// The peek is recvfrom(MSG_PEEK|MSG_DONTWAIT) run through RawConn.Control,
// which hands over the descriptor and never looks at the connection's
// deadlines. (RawConn.Read does: when the read deadline was set only after
// the write, as fasthttp's own transport does, at this Write the socket
// still had the previous call's read deadline, long past after an idle
// spell; RawConn.Read then failed with ErrDeadlineExceeded without
// peeking, which once made every connection idle for longer than the
// attempt timeout count as closed: REVIEW.md section 6.) Only what the peek
// saw condemns a connection: when it cannot tell (the descriptor is gone, an
// error that is not the socket's), the request is sent.
//
// A connection the endpoint closes after the check passed (the close races
// the request) fails the call with no retry: the endpoint may have read the
// request. A fresh connection is not checked.
//
// It sits above TLS: writes TLS makes itself (alerts, key update replies,
// sometimes while reading) are not requests and are not checked.
// Calls on a connection come from one goroutine at a time (roundTrip, no
// response body streaming), so answered needs no lock.
type idleCheckConn struct {
	net.Conn
	raw      syscall.RawConn // the TCP socket; nil: cannot be peeked at, not checked
	answered bool            // a Read returned bytes since the last Write
	// peek is the function raw.Control runs, made once per connection (no
	// allocation per check); it leaves recvfrom's results in peekN and
	// peekErr.
	peek    func(fd uintptr)
	peekBuf [1]byte
	peekN   int
	peekErr error
}

// newIdleCheckConn wraps c, whose TCP connection (c itself or under TLS) is tcp.
func newIdleCheckConn(c, tcp net.Conn) *idleCheckConn {
	ic := &idleCheckConn{Conn: c}
	if sc, ok := tcp.(syscall.Conn); ok && recvfrom != nil {
		ic.raw, _ = sc.SyscallConn()
		ic.peek = func(fd uintptr) {
			for {
				ic.peekN, _, ic.peekErr = recvfrom(int(fd), ic.peekBuf[:], peekFlags)
				if ic.peekErr != syscall.EINTR {
					return
				}
			}
		}
	}
	return ic
}

// Handshake tells fasthttp that a TLS connection is one already (dialAddr
// adds TLS to a connection without it).
func (c *idleCheckConn) Handshake() error {
	if h, ok := c.Conn.(interface{ Handshake() error }); ok {
		return h.Handshake()
	}
	return nil
}

func (c *idleCheckConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if n > 0 {
		c.answered = true
	}
	return n, err
}

func (c *idleCheckConn) Write(p []byte) (int, error) {
	if c.answered {
		c.answered = false
		if err := c.idleClosed(); err != nil {
			return 0, err
		}
	}
	return c.Conn.Write(p)
}

// idleClosed peeks at the socket without waiting and whatever its
// deadlines: nil when nothing is pending (the connection is usable) or the
// peek cannot tell; else an error wrapping errIdleClosed.
func (c *idleCheckConn) idleClosed() error {
	if c.raw == nil {
		return nil
	}
	c.peekN, c.peekErr = -1, nil
	if err := c.raw.Control(c.peek); err != nil {
		return nil // the descriptor is gone (closed locally): cannot tell, and the Write reports it
	}
	n, err := c.peekN, c.peekErr
	c.peekErr = nil
	switch {
	case err == syscall.EAGAIN || err == syscall.EWOULDBLOCK || err == syscall.ENOSYS:
		return nil // nothing pending; or no peeking here (js, wasip1)
	case err == syscall.ECONNRESET || err == syscall.EPIPE || err == syscall.ECONNABORTED || err == syscall.ETIMEDOUT:
		return fmt.Errorf("%w (%v)", errIdleClosed, err) // the socket's own error: the endpoint reset it
	case err != nil:
		return nil // any other error is not the endpoint's answer: cannot tell, send
	case n == 0:
		return fmt.Errorf("%w (end of stream)", errIdleClosed)
	case n > 0:
		return fmt.Errorf("%w (unsolicited bytes)", errIdleClosed)
	default:
		return nil // the peek did not run
	}
}

var userAgent = []byte("svc")

// post sends body on a pooled connection (roundTrip), sending it again only
// when it was not sent at all: the pooled connection it was to go on was
// found closed by the endpoint while idle (errIdleClosed, see
// idleCheckConn). Any other failure is final, whatever the connection: once
// the request was written the endpoint may have acted on it (and billed it)
// even if it then closed or reset the connection without answering, and
// the errors cannot tell that case from an idle close: both are io.EOF (or
// ECONNRESET) from the first read of the answer. Such a call fails (Kind
// Transport) and the engine goes on to its next candidate.
//
// A request not sent is sent: when the endpoint closed every pooled
// connection (it restarted, or its idle timeout passed), each attempt finds
// one closed (one peek, one close) until the pool is empty and a new
// connection is dialled. The pool holds at most MaxInFlight connections, so
// MaxInFlight+1 attempts always reach a fresh one (ctx's deadline still
// bounds them all).
func (d *fastDoer) post(ctx context.Context, ep endpoint, body []byte) (answer, error) {
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
	var err error
	for n := 1; ; n++ {
		resp.Reset()
		err = d.roundTrip(ctx, req, resp, deadline)
		if err == nil || n >= d.attempts || !errors.Is(err, errIdleClosed) {
			break
		}
	}
	fasthttp.ReleaseRequest(req)
	if err != nil {
		fasthttp.ReleaseResponse(resp)
		switch {
		case errors.Is(err, fasthttp.ErrBodyTooLarge):
			err = fmt.Errorf("%w: %v", errTooLarge, err)
		case err == io.EOF:
			// The endpoint closed the connection before the first byte
			// of the answer (as fasthttp's HostClient.Do reports it): not
			// a cut-short body (BadBody) but a Transport failure.
			err = fasthttp.ErrConnectionClosed
		}
		return answer{}, err
	}
	a := answer{code: resp.StatusCode(), body: resp.Body(), done: func() { fasthttp.ReleaseResponse(resp) }}
	if wantsRetryAfter(a.code) {
		a.retryAfter = string(resp.Header.Peek("Retry-After"))
	}
	return a, nil
}

// pastDeadline is a deadline long past: set on a connection, it fails the
// reads and writes blocked on it at once.
var pastDeadline = time.Unix(1, 0)

// roundTrip is one send of req on a pooled (or new) connection and the read
// of its answer into resp, bounded by deadline: fasthttp's DefaultTransport
// (client.go, v1.74) for a buffered request, with ctx reaching the
// connection. When ctx ends first (a hedge's other call answered, the
// caller left), the connection's deadline is moved to the past, which fails
// the blocked read or write at once; that connection is then closed, never
// pooled. So a canceled call returns its in-flight slot and its connection
// without waiting for its deadline, and the endpoint sees the connection
// close. Waiting for a connection or dialling one is bounded by QueueWait,
// ConnectTimeout and deadline, not by ctx.
//
// The invariant idleCheckConn relies on holds: on one connection, a request
// is written, then its answer read, in turn.
func (d *fastDoer) roundTrip(ctx context.Context, req *fasthttp.Request, resp *fasthttp.Response, deadline time.Time) error {
	left := time.Until(deadline)
	if left <= 0 {
		return fasthttp.ErrTimeout
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	cc, err := d.hc.AcquireConn(left, false)
	if err != nil {
		return err
	}
	conn := cc.Conn()
	if err := conn.SetDeadline(deadline); err != nil {
		d.hc.CloseConn(cc)
		return err
	}
	stop := context.AfterFunc(ctx, func() { _ = conn.SetDeadline(pastDeadline) })
	bw := d.hc.AcquireWriter(conn)
	err = req.Write(bw)
	if err == nil {
		err = bw.Flush()
	}
	d.hc.ReleaseWriter(bw)
	if err == nil {
		br := d.hc.AcquireReader(conn)
		err = resp.ReadLimitBody(br, MaxResponseBytes)
		d.hc.ReleaseReader(br)
	}
	canceled := !stop() // the deadline may have been moved: the connection is spent
	if err != nil || canceled || resp.ConnectionClose() {
		d.hc.CloseConn(cc)
	} else {
		d.hc.ReleaseConn(cc)
	}
	if x, ok := err.(interface{ Timeout() bool }); ok && x.Timeout() {
		err = fasthttp.ErrTimeout
	}
	return err
}

var jsonType = []byte("application/json")

func (d *fastDoer) closeIdle() { d.hc.CloseIdleConnections() }

// errClosedUnanswered: the endpoint closed the connection after the request
// was written, before answering (net/http; fasthttp's is ErrConnectionClosed).
var errClosedUnanswered = errors.New("provider: connection closed by the endpoint before any answer")

// netDoer is the net/http transport.
//
// It sends a POST again only when that is safe (Go 1.26 net/http,
// transport.go): Transport.roundTrip retries a failed attempt only when
// persistConn.shouldRetryRequest says so, and for a POST (not isReplayable:
// no Idempotency-Key header) that is only on a reused connection when
// nothing of the request was written (nothingWrittenError: the idle
// connection was found dead before the write; the body is then rewound with
// GetBody, which http.NewRequest sets for a *bytes.Reader). A fresh
// connection is never retried, nor a request written before the endpoint
// closed (errServerClosedIdle and transportReadFromServerError need
// isReplayable). An idle connection the endpoint closes is also noticed
// while idle by the connection's read loop and dropped from the pool. Over
// HTTP/2 (https endpoints offering it) http2shouldRetryRequest (h2_bundle.go,
// http2canRetryError) retries after REFUSED_STREAM or a GOAWAY that excludes
// the stream (never processed, RFC 9113 8.7) but also after a PROTOCOL_ERROR
// stream reset from the endpoint, which does not promise that: that one
// case can send a POST twice.
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

func (d *netDoer) post(ctx context.Context, ep endpoint, body []byte) (answer, error) {
	// net/http may still read the body after Do returns: give it its own copy
	// (the caller reuses body).
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, d.uri[ep], bytes.NewReader(bytes.Clone(body)))
	if err != nil {
		return answer{}, err
	}
	hr.Header.Set("Content-Type", "application/json")
	hr.Header.Set("Accept", "application/json")
	if d.auth != "" {
		hr.Header.Set("Authorization", d.auth)
	}
	resp, err := d.client.Do(hr)
	if err != nil {
		if errors.Is(err, io.EOF) {
			// The endpoint closed the connection after the request was
			// written, before any answer byte. Not a cut-short body
			// (classify's io.EOF, BadBody, which the engine retries on the
			// same endpoint): the endpoint may have acted on the request.
			// Same as fasthttp's ErrConnectionClosed: a Transport failure.
			err = fmt.Errorf("%w (%v)", errClosedUnanswered, err)
		}
		return answer{}, err
	}
	defer resp.Body.Close()
	bp := bufPool.Get().(*[]byte)
	buf := bytes.NewBuffer((*bp)[:0])
	_, err = buf.ReadFrom(resp.Body)
	*bp = buf.Bytes()
	done := func() { putBuf(bp) }
	if err != nil {
		done()
		return answer{}, err
	}
	a := answer{code: resp.StatusCode, status: resp.Status, body: buf.Bytes(), done: done}
	if wantsRetryAfter(a.code) {
		a.retryAfter = resp.Header.Get("Retry-After")
	}
	return a, nil
}

func (d *netDoer) closeIdle() { d.tr.CloseIdleConnections() }
