package provider

import (
	"errors"
	"io"
	"net/http"
)

// MaxResponseBytes caps the body read from an endpoint; a longer answer is
// cut and fails to decode (Kind BadBody).
const MaxResponseBytes = 8 << 20

// errTooLarge ends a body over MaxResponseBytes.
var errTooLarge = errors.New("provider: response body over the size limit")

// limitTransport caps every response body at MaxResponseBytes.
type limitTransport struct{ next http.RoundTripper }

func (t limitTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := t.next.RoundTrip(r)
	if err != nil {
		return nil, err
	}
	resp.Body = &limitedBody{rc: resp.Body, left: MaxResponseBytes}
	return resp, nil
}

type limitedBody struct {
	rc   io.ReadCloser
	left int64
}

func (b *limitedBody) Read(p []byte) (int, error) {
	if b.left <= 0 {
		return 0, errTooLarge
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.rc.Read(p)
	b.left -= int64(n)
	return n, err
}

func (b *limitedBody) Close() error { return b.rc.Close() }
