package engine

import (
	"context"
	"encoding/json"
	"sort"
	"strings"

	"svc/engine/builtin"
	"svc/engine/dialect"
	"svc/engine/op"
	"svc/engine/provider/wire"
)

// Rubric scores text against the caller's categories. provider "" routes by
// detected language. The final failure of the chain (after the retry and
// every fallback) is ErrUnparseable (502 rubric_unparseable), whatever the
// upstreams did; only a call that reached no upstream (in-flight queues
// full) or whose context ended is ErrUpstream.
//
// Checks on model output: a name is kept only when it equals one of the
// caller's names (exactly, or after trimming and case folding when that maps
// to exactly one caller name, which is then returned verbatim); every other
// name is dropped. Confidences are clamped to 0..1 and rounded to two
// decimals; duplicates keep their highest score; categories below the
// threshold are dropped; the rest sorted by confidence (ties in rubric order);
// at most one when MultiLabel is false. An output whose every named category
// lies outside the rubric is unusable. An empty list is a valid answer.
// The schema sent to the model lists the caller's names as an enum.
func (e *Engine) Rubric(ctx context.Context, req op.RubricRequest, provider string) (op.RubricResult, error) {
	if err := checkProvider(provider); err != nil {
		return op.RubricResult{}, err
	}
	det := dialect.Detect(req.Text)
	in := wire.RubricInput{Text: req.Text, MultiLabel: req.MultiLabel, Threshold: req.Threshold}
	for _, c := range req.Categories {
		in.Categories = append(in.Categories, wire.RubricCategory{Name: c.Name, Description: c.Description})
	}
	t := task[op.RubricResult]{
		op: opRubric, schemaName: wire.SchemaRubric, system: prompts["rubric"], schema: rubricSchema(req),
		input: in, maxTokens: 200 + 40*len(req.Categories), unparseable: true,
		check: func(content string) (op.RubricResult, error) { return checkRubric(content, req, det) },
		local: func() op.RubricResult { return builtin.RubricDetected(req, det) }, // det: not detected again
		usage: func(r *op.RubricResult) *op.Usage { return &r.Usage },
	}
	return run(ctx, e, e.chain(e.route(det, provider), true), t)
}

// rubricSchema is prompts/rubric.schema.json with the caller's names as the
// enum of categories[].name.
func rubricSchema(req op.RubricRequest) json.RawMessage {
	var s map[string]any
	if err := json.Unmarshal(schemas["rubric"], &s); err != nil {
		return schemas["rubric"]
	}
	names := make([]string, len(req.Categories))
	for i, c := range req.Categories {
		names[i] = c.Name
	}
	props := s["properties"].(map[string]any)
	cats := props["categories"].(map[string]any)
	item := cats["items"].(map[string]any)
	name := item["properties"].(map[string]any)["name"].(map[string]any)
	name["enum"] = names
	b, err := json.Marshal(s)
	if err != nil {
		return schemas["rubric"]
	}
	return b
}

func checkRubric(content string, req op.RubricRequest, det op.Detection) (op.RubricResult, error) {
	var out wire.RubricOutput
	if err := decode(content, &out); err != nil {
		return op.RubricResult{}, err
	}
	if out.Categories == nil {
		return op.RubricResult{}, unusable("no categories field")
	}
	exact := map[string]int{}
	loose := map[string][]int{}
	for i, c := range req.Categories {
		exact[c.Name] = i
		k := strings.ToLower(strings.TrimSpace(c.Name))
		loose[k] = append(loose[k], i)
	}
	best := map[int]float64{}
	foreign := 0
	for _, sc := range out.Categories {
		i, ok := exact[sc.Name]
		if !ok {
			if l := loose[strings.ToLower(strings.TrimSpace(sc.Name))]; len(l) == 1 {
				i, ok = l[0], true
			}
		}
		if !ok {
			foreign++
			continue
		}
		conf := round2(clamp01(sc.Confidence))
		if prev, seen := best[i]; !seen || conf > prev {
			best[i] = conf
		}
	}
	if foreign > 0 && len(best) == 0 {
		return op.RubricResult{}, unusable("every category outside the rubric")
	}
	res := op.RubricResult{Categories: []op.RubricScore{}, Language: det.Language}
	idx := make([]int, 0, len(best))
	for i, conf := range best {
		if conf >= req.Threshold {
			idx = append(idx, i)
		}
	}
	sort.Slice(idx, func(a, b int) bool {
		if best[idx[a]] != best[idx[b]] {
			return best[idx[a]] > best[idx[b]]
		}
		return idx[a] < idx[b]
	})
	if !req.MultiLabel && len(idx) > 1 {
		idx = idx[:1]
	}
	for _, i := range idx {
		res.Categories = append(res.Categories, op.RubricScore{Name: req.Categories[i].Name, Confidence: best[i]})
	}
	return res, nil
}
