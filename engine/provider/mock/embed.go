package mock

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"hash/fnv"
	"math"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"svc/engine/provider/wire"
)

type embeddingRequest struct {
	Input          json.RawMessage `json:"input"`
	Model          string          `json:"model"`
	EncodingFormat string          `json:"encoding_format"`
	Dimensions     int             `json:"dimensions"`
}

// DefaultDimensions is the vector size when the request names none.
const DefaultDimensions = 256

func (s *Server) serveEmbeddings(body []byte) reply {
	s.embeds.Add(1)
	var req embeddingRequest
	if err := sonicAPI.Unmarshal(body, &req); err != nil {
		return apiError(http.StatusBadRequest, "invalid_request_error", "bad request body: "+err.Error())
	}
	inputs, ok := embeddingInputs(req.Input)
	if !ok {
		return apiError(http.StatusBadRequest, "invalid_request_error", "input must be a string or an array of strings")
	}
	dim := req.Dimensions
	if dim <= 0 || dim > 4096 {
		dim = DefaultDimensions
	}
	out := make([]byte, 0, 256+len(inputs)*dim*12)
	out = append(out, `{"object":"list","data":[`...)
	total := 0
	for i, in := range inputs {
		v := Embed(in, dim)
		total += tokens(utf8.RuneCountInString(in))
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, `{"object":"embedding","index":`...)
		out = strconv.AppendInt(out, int64(i), 10)
		out = append(out, `,"embedding":`...)
		if req.EncodingFormat == "base64" {
			buf := make([]byte, 4*len(v))
			for j, f := range v {
				binary.LittleEndian.PutUint32(buf[4*j:], math.Float32bits(f))
			}
			out = append(out, '"')
			out = base64.StdEncoding.AppendEncode(out, buf)
			out = append(out, '"')
		} else {
			out = append(out, '[')
			for j, f := range v {
				if j > 0 {
					out = append(out, ',')
				}
				out = strconv.AppendFloat(out, float64(f), 'g', -1, 32)
			}
			out = append(out, ']')
		}
		out = append(out, '}')
	}
	out = append(out, `],"model":`...)
	out = wire.AppendJSONString(out, req.Model)
	out = append(out, `,"usage":{"prompt_tokens":`...)
	out = strconv.AppendInt(out, int64(total), 10)
	out = append(out, `,"total_tokens":`...)
	out = strconv.AppendInt(out, int64(total), 10)
	out = append(out, `}}`...)
	return reply{status: http.StatusOK, body: out}
}

func embeddingInputs(raw json.RawMessage) ([]string, bool) {
	var one string
	if sonicAPI.Unmarshal(raw, &one) == nil {
		return []string{one}, true
	}
	var many []string
	if sonicAPI.Unmarshal(raw, &many) == nil && len(many) > 0 {
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
