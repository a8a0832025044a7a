// Package provider is one OpenAI-compatible model endpoint: a go-openai
// client over a pooled HTTP transport with a connect timeout, a bound on
// in-flight calls with a queue deadline, and failures sorted into kinds the
// engine's fallback chain acts on.
//
// The total time of a call is bounded by the caller's context; Complete never
// outlives it and leaves no goroutine behind.
package provider

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	openai "github.com/sashabaranov/go-openai"
)

// Config configures a Client.
type Config struct {
	Name           string // "llm_a" or "llm_b", for errors and metrics
	BaseURL        string // e.g. "http://127.0.0.1:9000/v1"
	APIKey         string
	Model          string
	FallbackModel  string
	ConnectTimeout time.Duration // dial and TLS handshake
	MaxInFlight    int           // > 0
	QueueWait      time.Duration // max wait for a slot
}

// Client calls one endpoint. Safe for concurrent use.
type Client struct {
	cfg       Config
	api       *openai.Client
	transport *http.Transport
	slots     chan struct{}
	failRun   atomic.Int64 // consecutive failed calls (any kind but Busy/Canceled)
}

// New builds a Client with its own connection pool.
func New(cfg Config) (*Client, error) {
	if cfg.BaseURL == "" || cfg.Model == "" {
		return nil, errors.New("provider: base URL and model are required")
	}
	if cfg.MaxInFlight <= 0 {
		return nil, errors.New("provider: MaxInFlight must be > 0")
	}
	dialer := &net.Dialer{Timeout: cfg.ConnectTimeout, KeepAlive: 30 * time.Second}
	tr := &http.Transport{
		Proxy:             http.ProxyFromEnvironment,
		DialContext:       dialer.DialContext,
		ForceAttemptHTTP2: true,
		// As many idle connections as calls may be in flight: below that,
		// every call past the idle bound dials and closes a connection.
		MaxIdleConns:          cfg.MaxInFlight,
		MaxIdleConnsPerHost:   cfg.MaxInFlight,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   cfg.ConnectTimeout,
		ExpectContinueTimeout: time.Second,
	}
	oc := openai.DefaultConfig(cfg.APIKey)
	oc.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	oc.HTTPClient = &http.Client{Transport: limitTransport{tr}}
	return &Client{
		cfg:       cfg,
		api:       openai.NewClientWithConfig(oc),
		transport: tr,
		slots:     make(chan struct{}, cfg.MaxInFlight),
	}, nil
}

// Name is the provider name the client was built with.
func (c *Client) Name() string { return c.cfg.Name }

// Model and FallbackModel are the configured model names ("" = none for the fallback).
func (c *Client) Model() string         { return c.cfg.Model }
func (c *Client) FallbackModel() string { return c.cfg.FallbackModel }

// Close drops idle pooled connections.
func (c *Client) Close() { c.transport.CloseIdleConnections() }

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
func (c *Client) Complete(ctx context.Context, req Request) (Response, error) {
	if err := c.acquire(ctx); err != nil {
		return Response{}, err
	}
	defer func() { <-c.slots }()

	cr := openai.ChatCompletionRequest{
		Model: req.Model,
		Messages: []openai.ChatCompletionMessage{
			{Role: openai.ChatMessageRoleSystem, Content: req.System},
			{Role: openai.ChatMessageRoleUser, Content: req.User},
		},
		MaxCompletionTokens: req.MaxTokens,
		ResponseFormat: &openai.ChatCompletionResponseFormat{
			Type: openai.ChatCompletionResponseFormatTypeJSONSchema,
			JSONSchema: &openai.ChatCompletionResponseFormatJSONSchema{
				Name:   req.SchemaName,
				Schema: req.Schema,
				Strict: true,
			},
		},
	}
	resp, err := c.api.CreateChatCompletion(ctx, cr)
	if err != nil {
		e := c.classify(ctx, err)
		if e.Kind != Canceled {
			c.failRun.Add(1)
		}
		return Response{}, e
	}
	out := Response{Model: resp.Model, PromptTokens: resp.Usage.PromptTokens, CompletionTokens: resp.Usage.CompletionTokens}
	if len(resp.Choices) > 0 {
		out.Content = resp.Choices[0].Message.Content
	}
	c.failRun.Store(0)
	return out, nil
}

// acquire takes an in-flight slot, waiting at most QueueWait.
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
		return c.classify(ctx, ctx.Err())
	}
}
