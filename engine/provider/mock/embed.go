package mock

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"hash/fnv"
	"math"
	"net/http"
	"strings"
	"unicode/utf8"
)

type embeddingRequest struct {
	Input          json.RawMessage `json:"input"`
	Model          string          `json:"model"`
	EncodingFormat string          `json:"encoding_format"`
	Dimensions     int             `json:"dimensions"`
}

// DefaultDimensions is the vector size when the request names none.
const DefaultDimensions = 256

func (s *Server) serveEmbeddings(w http.ResponseWriter, r *http.Request) {
	s.embeds.Add(1)
	var req embeddingRequest
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 8<<20)).Decode(&req); err != nil {
		apiError(w, http.StatusBadRequest, "invalid_request_error", "bad request body: "+err.Error())
		return
	}
	inputs, ok := embeddingInputs(req.Input)
	if !ok {
		apiError(w, http.StatusBadRequest, "invalid_request_error", "input must be a string or an array of strings")
		return
	}
	dim := req.Dimensions
	if dim <= 0 || dim > 4096 {
		dim = DefaultDimensions
	}
	data := make([]map[string]any, len(inputs))
	total := 0
	for i, in := range inputs {
		v := Embed(in, dim)
		total += tokens(utf8.RuneCountInString(in))
		var emb any = v
		if req.EncodingFormat == "base64" {
			buf := make([]byte, 4*len(v))
			for j, f := range v {
				binary.LittleEndian.PutUint32(buf[4*j:], math.Float32bits(f))
			}
			emb = base64.StdEncoding.EncodeToString(buf)
		}
		data[i] = map[string]any{"object": "embedding", "index": i, "embedding": emb}
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"object": "list", "data": data, "model": req.Model,
		"usage": map[string]any{"prompt_tokens": total, "total_tokens": total},
	})
}

func embeddingInputs(raw json.RawMessage) ([]string, bool) {
	var one string
	if json.Unmarshal(raw, &one) == nil {
		return []string{one}, true
	}
	var many []string
	if json.Unmarshal(raw, &many) == nil && len(many) > 0 {
		return many, true
	}
	return nil, false
}

// Embed is the mock's deterministic embedding: lower-cased words and
// character trigrams hashed (FNV-1a) into dim signed buckets, L2-normalised.
// Equal texts give equal vectors; texts sharing words are close.
func Embed(text string, dim int) []float32 {
	v := make([]float32, dim)
	add := func(feature string, weight float32) {
		h := fnv.New64a()
		_, _ = h.Write([]byte(feature))
		x := h.Sum64()
		sign := float32(1)
		if x>>63 == 1 {
			sign = -1
		}
		v[x%uint64(dim)] += sign * weight
	}
	for _, word := range strings.Fields(strings.ToLower(text)) {
		add("w:"+word, 1)
		r := []rune(" " + word + " ")
		for i := 0; i+3 <= len(r); i++ {
			add("t:"+string(r[i:i+3]), 0.5)
		}
	}
	var n float64
	for _, f := range v {
		n += float64(f) * float64(f)
	}
	if n > 0 {
		inv := float32(1 / math.Sqrt(n))
		for i := range v {
			v[i] *= inv
		}
	}
	return v
}
