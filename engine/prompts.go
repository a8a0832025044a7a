package engine

import (
	"embed"
	"encoding/json"
	"fmt"
)

// prompts/<op>.txt is the system prompt of each operation (its first line is
// "svc-task: <op>"); prompts/<op>.schema.json its structured-output schema.
//
//go:embed prompts/*.txt prompts/*.schema.json
var promptFS embed.FS

var (
	prompts = map[string]string{}
	schemas = map[string]json.RawMessage{}
)

func init() {
	for _, name := range []string{"classify", "rubric", "translate", "moderate", "reply", "report"} {
		p, err := promptFS.ReadFile("prompts/" + name + ".txt")
		if err != nil {
			panic(err)
		}
		s, err := promptFS.ReadFile("prompts/" + name + ".schema.json")
		if err != nil {
			panic(err)
		}
		if !json.Valid(s) {
			panic(fmt.Sprintf("engine: prompts/%s.schema.json is not valid JSON", name))
		}
		prompts[name], schemas[name] = string(p), json.RawMessage(s)
	}
}
