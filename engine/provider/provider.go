// Package provider is one OpenAI-compatible model endpoint: chat completions
// (and, with Config.EmbedModel, embeddings: embed.go) posted over a pooled HTTP transport with a connect timeout, a bound on
// in-flight calls with a queue deadline, and failures sorted into kinds the
// engine's fallback chain acts on.
//
// The request body is go-openai's ChatCompletionRequest, encoded once per
// operation and model (see template) with only the user message appended per
// call; answers are decoded with sonic. The transport is fasthttp's
// HostClient by default (TransportFast) or net/http's (TransportNet, also
// chosen when the environment routes the endpoint through a proxy).
//
// The total time of a call is bounded by the caller's context deadline;
// Complete never outlives it and leaves no goroutine behind.
package provider

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync/atomic"
	"time"
)

// Config configures a Client.
type Config struct {
	Name          string // "llm_a" or "llm_b", for errors and metrics
	BaseURL       string // e.g. "http://127.0.0.1:9000/v1"
	APIKey        string
	Model         string
	FallbackModel string
	// EmbedModel is the model of Embed (POST {base}/embeddings); "" = the
	// client does not embed.
	EmbedModel     string
	ConnectTimeout time.Duration // dial and TLS handshake
	MaxInFlight    int           // > 0; also the connection pool's size
	QueueWait      time.Duration // max wait for a slot
	// Transport is TransportFast or TransportNet; "" = $SVC_LLM_TRANSPORT,
	// else TransportFast (TransportNet when a proxy applies to BaseURL).
	Transport string
	// TLSConfig for https endpoints (nil = system roots).
	TLSConfig *tls.Config
	// OutputMode is how structured output is asked for: OutputJSONSchema
	// ("" too), OutputJSONObject or OutputInstructions. A model whose
	// endpoint rejects it moves to the next mode for the process's life.
	OutputMode string
}

// Client calls one endpoint. Safe for concurrent use.
type Client struct {
	cfg     Config
	doer    doer
	tmpl    templates
	etmpl   *template // the embeddings request of EmbedModel (nil: none)
	slots   chan struct{}
	modes   modes
	failRun atomic.Int64 // consecutive failed calls (any kind but Busy/Canceled)
}

// New builds a Client with its own connection pool.
func New(cfg Config) (*Client, error) {
	if cfg.BaseURL == "" || cfg.Model == "" {
		return nil, errors.New("provider: base URL and model are required")
	}
	if cfg.MaxInFlight <= 0 {
		return nil, errors.New("provider: MaxInFlight must be > 0")
	}
	base, err := url.Parse(strings.TrimRight(cfg.BaseURL, "/"))
	if err != nil || (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		return nil, fmt.Errorf("provider: base URL %q: want http(s)://host[:port]/path", cfg.BaseURL)
	}
	if cfg.Transport == "" {
		cfg.Transport = os.Getenv("SVC_LLM_TRANSPORT")
	}
	if cfg.Transport == "" {
		cfg.Transport = TransportFast
		if proxied(base) {
			cfg.Transport = TransportNet
		}
	}
	start, err := parseOutputMode(cfg.OutputMode)
	if err != nil {
		return nil, err
	}
	c := &Client{cfg: cfg, slots: make(chan struct{}, cfg.MaxInFlight)}
	c.modes.init(start, cfg.Model, cfg.FallbackModel)
	if cfg.EmbedModel != "" {
		if c.etmpl, err = buildEmbedTemplate(cfg.EmbedModel); err != nil {
			return nil, err
		}
	}
	switch cfg.Transport {
	case TransportFast:
		c.doer = newFastDoer(cfg, base)
	case TransportNet:
		c.doer = newNetDoer(cfg, base)
	default:
		return nil, fmt.Errorf("provider: transport %q: want %s or %s", cfg.Transport, TransportFast, TransportNet)
	}
	return c, nil
}

// Transport is the transport in use (TransportFast or TransportNet).
func (c *Client) Transport() string { return c.cfg.Transport }

// Name is the provider name the client was built with.
func (c *Client) Name() string { return c.cfg.Name }

// Model and FallbackModel are the configured model names ("" = none for the fallback).
func (c *Client) Model() string         { return c.cfg.Model }
func (c *Client) FallbackModel() string { return c.cfg.FallbackModel }

// Close drops idle pooled connections.
func (c *Client) Close() { c.doer.closeIdle() }

// Healthy is false after 5 or more consecutive failed calls, until one succeeds.
func (c *Client) Healthy() bool { return c.failRun.Load() < 5 }

// Request is one structured-output chat completion.
type Request struct {
	Model      string
	System     string          // the operation's prompt
	User       string          // the operation's input, one JSON document
	SchemaName string          // e.g. "svc_classify"; tells the endpoint (and mockllm) the operation
	Schema     json.RawMessage // JSON schema of the answer (strict)
	MaxTokens  int             // sent as max_completion_tokens; 0 = endpoint default
	// Sending, when set, is called once the call holds its in-flight slot,
	// before anything is sent: from then on the time is the endpoint's (a
	// wait for a slot is local queueing, not the endpoint being slow).
	Sending func()
}

// Response is the answer's text and the endpoint's usage report.
type Response struct {
	Content          string // the message content; may be empty or not JSON
	Model            string // model the endpoint says answered ("" when it does not say)
	PromptTokens     int
	CompletionTokens int
}

// Complete sends req and waits for the answer, the end of ctx, or (before
// sending) the queue deadline. Errors are *Error.
//
// A 400 that names response_format moves req.Model to the next output mode
// (OutputMode) and sends req again in it, at once: the endpoint refused the
// request, it did nothing with it. So one Complete sends at most
// len(outputModes) requests, and every later call uses the new mode.
//
// A finish_reason "length" (the answer was cut at the token limit) fails
// the call with Kind BadBody: the output is unusable. The Response of a
// failed call is zero but for the usage such an answer reported (its
// PromptTokens and CompletionTokens: the endpoint billed them).
//
// With TransportFast the call is bounded by ctx's deadline; a cancellation
// without a deadline is seen before sending and when the call returns.
func (c *Client) Complete(ctx context.Context, req Request) (Response, error) {
	if err := c.acquire(ctx); err != nil {
		return Response{}, err
	}
	defer func() { <-c.slots }()
	if req.Sending != nil {
		req.Sending()
	}
	mode, slot := c.modes.of(req.Model)
	resp, err := c.complete(ctx, &req, mode)
	for err != nil {
		var fr *formatRejectedError
		if !errors.As(err, &fr) {
			break
		}
		var ok bool
		if mode, ok = c.modes.next(slot, mode); !ok {
			break
		}
		resp, err = c.complete(ctx, &req, mode)
	}
	if err != nil {
		e := c.classify(ctx, err)
		if e.Kind != Canceled {
			c.failRun.Add(1)
		}
		return Response{PromptTokens: resp.PromptTokens, CompletionTokens: resp.CompletionTokens}, e
	}
	c.failRun.Store(0)
	return resp, nil
}

func (c *Client) complete(ctx context.Context, req *Request, mode int32) (Response, error) {
	if err := ctx.Err(); err != nil {
		return Response{}, err
	}
	tp, err := c.tmpl.get(req, mode)
	if err != nil {
		return Response{}, err
	}
	bp := bufPool.Get().(*[]byte)
	if req.User != "" {
		*bp = tp.appendBody((*bp)[:0], req.User)
	} else if *bp, err = appendDirect((*bp)[:0], req, mode); err != nil { // go-openai omits an empty content
		putBuf(bp)
		return Response{}, err
	}
	body, done, err := c.post(ctx, epChat, bp)
	if err != nil {
		return Response{}, err
	}
	defer done()
	return decodeResponse(body)
}

// post sends the body in *bp (returned to bufPool here) to ep and returns a
// 2xx answer's body (release it with done) or the error: the context's when
// it ended the call, go-openai's for a failure status.
func (c *Client) post(ctx context.Context, ep endpoint, bp *[]byte) (body []byte, done func(), err error) {
	a, err := c.doer.post(ctx, ep, *bp)
	putBuf(bp)
	if err != nil {
		if cerr := ctx.Err(); cerr != nil {
			return nil, nil, fmt.Errorf("%w (%v)", cerr, err)
		}
		if dl, ok := ctx.Deadline(); ok && !time.Now().Before(dl) {
			// fasthttp's deadline ended the call a moment before ctx's
			// timer fired: the end is the deadline's, reported as
			// net/http reports it.
			return nil, nil, fmt.Errorf("%w (%v)", context.DeadlineExceeded, err)
		}
		return nil, nil, err
	}
	if a.code < 200 || a.code >= 300 {
		err := statusError(a.code, a.status, a.body)
		if ep == epChat && rejectsFormat(a.code, a.body) {
			err = &formatRejectedError{err}
		}
		a.done()
		if d := parseRetryAfter(a.retryAfter, time.Now()); d > 0 {
			err = &retryAfterError{err: err, after: d}
		}
		return nil, nil, err
	}
	return a.body, a.done, nil
}

// acquire takes an in-flight slot, waiting at most QueueWait and until ctx
// ends: Kind Busy when the wait ran out (QueueWait or ctx's deadline),
// Canceled when ctx was canceled.
func (c *Client) acquire(ctx context.Context) error {
	select {
	case c.slots <- struct{}{}:
		return nil
	default:
	}
	t := time.NewTimer(c.cfg.QueueWait)
	defer t.Stop()
	select {
	case c.slots <- struct{}{}:
		return nil
	case <-t.C:
		return &Error{Provider: c.cfg.Name, Kind: Busy, Err: errors.New("in-flight limit reached")}
	case <-ctx.Done():
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			// Busy, not Timeout: nothing was sent, the endpoint is not at
			// fault (a local queueing limit must not open its breaker).
			return &Error{Provider: c.cfg.Name, Kind: Busy, Err: errors.New("in-flight limit reached until the call's deadline")}
		}
		return c.classify(ctx, ctx.Err())
	}
}

// InFlight is the number of calls holding one of the MaxInFlight slots now
// (Complete and Embed, from taking the slot until they return).
func (c *Client) InFlight() int { return len(c.slots) }
