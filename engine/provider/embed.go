package provider

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"

	openai "github.com/sashabaranov/go-openai"
)

// Embeddings: POST {base}/embeddings with go-openai's EmbeddingRequest for
// Config.EmbedModel, encoded once at New (the model is fixed) with a hole for
// the input string, exactly like the chat templates (body.go). The answer is
// decoded with sonic. A call shares everything with chat completions: the
// in-flight slots and queue deadline, the transport and its connect timeout,
// the response size limit (MaxResponseBytes), the caller's deadline and the
// error kinds. Embedding failures do not count toward Healthy (which reports
// the chat path the operations depend on).

// ErrNoEmbedModel: Embed on a client built without Config.EmbedModel.
var ErrNoEmbedModel = errors.New("provider: no embedding model configured")

// MaxEmbedDims bounds the length of an accepted embedding vector.
const MaxEmbedDims = 16384

// EmbedModel is the configured embedding model ("" = none).
func (c *Client) EmbedModel() string { return c.cfg.EmbedModel }

// buildEmbedTemplate encodes go-openai's embeddings request for model and
// splits it at the input string.
func buildEmbedTemplate(model string) (*template, error) {
	return splitTemplate("embeddings request", openai.EmbeddingRequest{Input: userSentinel, Model: openai.EmbeddingModel(model)})
}

// Embed returns the embedding of text by EmbedModel. Errors are *Error
// (ErrNoEmbedModel and an empty text are Kind Transport; nothing is sent).
// The call is bounded by ctx's deadline, like Complete.
func (c *Client) Embed(ctx context.Context, text string) ([]float32, error) {
	if c.etmpl == nil {
		return nil, &Error{Provider: c.cfg.Name, Kind: Transport, Err: ErrNoEmbedModel}
	}
	if text == "" {
		return nil, &Error{Provider: c.cfg.Name, Kind: Transport, Err: errors.New("provider: empty embedding input")}
	}
	if err := c.acquire(ctx); err != nil {
		return nil, err
	}
	defer func() { <-c.slots }()
	v, err := c.embed(ctx, text)
	if err != nil {
		return nil, c.classify(ctx, err)
	}
	return v, nil
}

func (c *Client) embed(ctx context.Context, text string) ([]float32, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	bp := bufPool.Get().(*[]byte)
	*bp = c.etmpl.appendBody((*bp)[:0], text)
	body, done, err := c.post(ctx, epEmbed, bp)
	if err != nil {
		return nil, err
	}
	defer done()
	return decodeEmbedding(body)
}

// embedResponse is the part of an embeddings answer Embed reads.
type embedResponse struct {
	Data []struct {
		Embedding []float32 `json:"embedding"`
		Index     int       `json:"index"`
	} `json:"data"`
}

// decodeEmbedding reads a 2xx body: the one vector of data[0], which must be
// non-empty, at most MaxEmbedDims long, finite and not all zero.
func decodeEmbedding(body []byte) ([]float32, error) {
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, &badBodyError{errors.New("empty body")}
	}
	var er embedResponse
	if err := sonicAPI.Unmarshal(body, &er); err != nil {
		return nil, &badBodyError{err}
	}
	if len(er.Data) == 0 {
		return nil, &badBodyError{errors.New("no embedding in data")}
	}
	v := er.Data[0].Embedding
	if len(v) == 0 || len(v) > MaxEmbedDims {
		return nil, &badBodyError{fmt.Errorf("embedding of %d dimensions", len(v))}
	}
	nonzero := false
	for _, x := range v {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return nil, &badBodyError{errors.New("embedding has a non-finite value")}
		}
		nonzero = nonzero || x != 0
	}
	if !nonzero {
		return nil, &badBodyError{errors.New("embedding is all zero")}
	}
	return v, nil
}
