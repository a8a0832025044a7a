package provider

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"time"

	openai "github.com/sashabaranov/go-openai"
	"github.com/valyala/fasthttp"
)

// Kind sorts call failures for the fallback chain.
type Kind int

const (
	// Status: the endpoint answered with an HTTP error status.
	Status Kind = iota
	// Timeout: the attempt's deadline passed.
	Timeout
	// Connect: no connection could be made (the endpoint is down).
	Connect
	// BadBody: the HTTP body was not a chat completion (not JSON, cut short,
	// or empty): unusable output, worth one retry.
	BadBody
	// Busy: no in-flight slot within the queue deadline (QueueWait) or the
	// call's deadline, or (fasthttp) no pooled connection within QueueWait;
	// nothing was sent.
	Busy
	// Canceled: the caller's context was canceled.
	Canceled
	// Transport: any other I/O failure.
	Transport
)

func (k Kind) String() string {
	return [...]string{"status", "timeout", "connect", "bad_body", "busy", "canceled", "transport"}[k]
}

// Error is a failed call.
type Error struct {
	Provider string
	Kind     Kind
	Code     int // HTTP status for Kind Status
	// RetryAfter is the wait a 429 or 503 answer asked for in its
	// Retry-After header (seconds or an HTTP date), bounded by
	// MaxRetryAfter; 0 when absent, unparseable or another status.
	RetryAfter time.Duration
	Err        error
}

func (e *Error) Error() string {
	if e.Kind == Status {
		return fmt.Sprintf("provider %s: HTTP %d: %v", e.Provider, e.Code, e.Err)
	}
	return fmt.Sprintf("provider %s: %s: %v", e.Provider, e.Kind, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

func (c *Client) classify(ctx context.Context, err error) *Error {
	e := &Error{Provider: c.cfg.Name, Kind: Transport, Err: err}
	var apiErr *openai.APIError
	var reqErr *openai.RequestError
	var opErr *net.OpError
	var synErr *json.SyntaxError
	var typErr *json.UnmarshalTypeError
	var bodyErr *badBodyError
	var raErr *retryAfterError
	if errors.As(err, &raErr) {
		e.RetryAfter = raErr.after
	}
	switch {
	case errors.Is(err, fasthttp.ErrNoFreeConns):
		// A local limit, whatever ctx did meanwhile (fasthttp's wait for a
		// connection does not watch ctx): the endpoint was not asked.
		e.Kind = Busy
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(ctx.Err(), context.DeadlineExceeded):
		e.Kind = Timeout
	case errors.Is(err, context.Canceled) || ctx.Err() != nil:
		e.Kind = Canceled
	case errors.As(err, &apiErr):
		e.Kind, e.Code = Status, apiErr.HTTPStatusCode
	case errors.As(err, &reqErr):
		e.Kind, e.Code = Status, reqErr.HTTPStatusCode
	case errors.As(err, &opErr) && opErr.Op == "dial":
		e.Kind = Connect
	case errors.As(err, &bodyErr) || errors.As(err, &synErr) || errors.As(err, &typErr) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) || errors.Is(err, errTooLarge):
		e.Kind = BadBody
	default:
		// net.Error, and fasthttp.ErrTimeout (which only has Timeout).
		var te interface{ Timeout() bool }
		if errors.As(err, &te) && te.Timeout() {
			e.Kind = Timeout
		}
	}
	return e
}
