package provider

import (
	"bytes"
	"fmt"
	"sync/atomic"
)

// Output modes: how a chat completion asks for structured output
// (Config.OutputMode). Servers that reject one are moved to the next, in
// this order, by the first 400 that names response_format (see Complete).
const (
	// OutputJSONSchema sends response_format {"type":"json_schema"} with the
	// operation's strict schema (OpenAI, vLLM, llama.cpp, ...). The default.
	OutputJSONSchema = "json_schema"
	// OutputJSONObject sends response_format {"type":"json_object"} and the
	// schema in the system prompt (servers with JSON mode only).
	OutputJSONObject = "json_object"
	// OutputInstructions sends no response_format, only the schema in the
	// system prompt (servers that take no response_format at all).
	OutputInstructions = "instructions"
)

// outputModes in the order a rejection moves through them.
var outputModes = [...]string{OutputJSONSchema, OutputJSONObject, OutputInstructions}

// OutputModes lists the output modes in the order a rejection moves
// through them.
func OutputModes() []string { return append([]string(nil), outputModes[:]...) }

// parseOutputMode returns the index of m in outputModes ("" = json_schema).
func parseOutputMode(m string) (int32, error) {
	if m == "" {
		return 0, nil
	}
	for i, x := range outputModes {
		if x == m {
			return int32(i), nil
		}
	}
	return 0, fmt.Errorf("provider: output mode %q: want %s, %s or %s", m, OutputJSONSchema, OutputJSONObject, OutputInstructions)
}

// schemaInstructions is appended to the system prompt in the modes without
// json_schema: the schema the answer must follow, in words.
const schemaInstructions = "\n\nAnswer with one JSON object and nothing else (no code fence, no prose), valid against this JSON schema:\n"

// modes is the output mode of each configured model (the model, then the
// fallback model), as an index in outputModes; it only moves forward, to
// the next mode, when the endpoint rejected the current one. Other models
// use the configured mode and are not remembered.
type modes struct {
	start int32
	names [2]string
	cur   [2]atomic.Int32
}

func (m *modes) init(start int32, model, fallback string) {
	m.start, m.names = start, [2]string{model, fallback}
	m.cur[0].Store(start)
	m.cur[1].Store(start)
}

// of returns the mode of model and its slot (-1: not remembered).
func (m *modes) of(model string) (int32, int) {
	for i, n := range m.names {
		if n != "" && n == model {
			return m.cur[i].Load(), i
		}
	}
	return m.start, -1
}

// next moves the model in slot i from mode cur to the next one (when no
// other call did first) and reports whether a mode remains to try.
func (m *modes) next(i int, cur int32) (int32, bool) {
	if int(cur)+1 >= len(outputModes) {
		return cur, false
	}
	if i >= 0 {
		m.cur[i].CompareAndSwap(cur, cur+1)
	}
	return cur + 1, true
}

// formatRejectedError is a 400 whose body names response_format: the
// endpoint does not take the output mode the request used.
type formatRejectedError struct{ err error }

func (e *formatRejectedError) Error() string { return e.err.Error() }
func (e *formatRejectedError) Unwrap() error { return e.err }

var responseFormatWord = []byte("response_format")

// rejectsFormat: a 400 answer that names response_format.
func rejectsFormat(code int, body []byte) bool {
	return code == 400 && bytes.Contains(body, responseFormatWord)
}

// OutputMode is the output mode calls to model use now (Config.OutputMode,
// or a later one the endpoint forced).
func (c *Client) OutputMode(model string) string {
	m, _ := c.modes.of(model)
	return outputModes[m]
}
