package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/valyala/fasthttp"

	"svc/engine"
	"svc/engine/op"
	"svc/id"
	"svc/ledger"
)

const maxRubricCategories = 20

// rubric: POST /v1/rubric/classify. Errors use the rubric's own types:
// missing_field (text or rubric absent, categories empty) and invalid_field.
// Never cached; every request is a live engine call.
func (s *Server) rubric(c *call) {
	provider, ok := c.providerQuery(typeInvalidField)
	if !ok {
		return
	}
	req, multi, ok := c.rubricReq()
	if !ok {
		return
	}
	h, ok := c.reserve(priceRubric)
	if !ok {
		return
	}
	res, err := s.engine.Rubric(context.Background(), req, provider) // bounded by the engine's objective
	if err != nil {
		s.ledger.Release(c.ctx, h)
		if errors.Is(err, engine.ErrUnparseable) {
			c.charged, c.cause = 0, err
			c.fail(fasthttp.StatusBadGateway, errf(typeRubricUnparseable, "rubric_unparseable", "", "The model output could not be used after one retry. Nothing was charged."))
			return
		}
		c.engineFailed(err)
		return
	}
	if !c.commit(h, true, ledger.Records{}) {
		return
	}
	c.provider = res.Usage.Provider
	c.degraded("rubric", &res.Usage)
	cats := make([]rubricCategoryJSON, len(res.Categories))
	for i, sc := range res.Categories {
		cats[i] = rubricCategoryJSON{Name: sc.Name, Confidence: round2(sc.Confidence)}
	}
	c.ok(rubricJSON{
		ID: id.New("rcl", s.clock.Now()), Object: "rubric_classification", Categories: cats, MultiLabel: multi,
		Language: res.Language, Provider: res.Usage.Provider, Model: res.Usage.Model,
		FallbackUsed: res.Usage.FallbackUsed, TokensUsed: res.Usage.TokensUsed,
		CostUSD: usdf(priceRubric), CreditsUsed: priceRubric,
	})
}

func (c *call) rubricReq() (op.RubricRequest, bool, bool) {
	d, e := decodeBody(c.ctx.PostBody(), false)
	if e != nil {
		c.badRequest(e)
		return op.RubricRequest{}, false, false
	}
	d.missingType, d.invalidType = typeMissingField, typeInvalidField
	req := op.RubricRequest{Text: d.text("text", maxText), Threshold: 0.5}
	if d.fail != nil {
		c.badRequest(d.fail)
		return req, false, false
	}
	if _, ok := d.get("rubric"); !ok {
		d.missing("rubric")
		c.badRequest(d.fail)
		return req, false, false
	}
	rub := d.object("rubric")
	if d.fail != nil {
		c.badRequest(d.fail)
		return req, false, false
	}
	r := &body{raw: rub, missingType: typeMissingField, invalidType: typeInvalidField}
	multi := r.boolean("multi_label", false)
	if t, ok := r.number("confidence_threshold"); ok {
		req.Threshold = min(max(t, 0), 1)
	}
	raw, ok := r.get("categories")
	if !ok && r.fail == nil {
		r.fail = missingErr("rubric.categories")
	}
	if r.fail != nil {
		c.badRequest(prefixParam(r.fail))
		return req, false, false
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		c.badRequest(invalidErr("rubric.categories", "The field 'rubric.categories' must be an array of objects."))
		return req, false, false
	}
	if len(items) == 0 {
		c.badRequest(missingErr("rubric.categories"))
		return req, false, false
	}
	if len(items) > maxRubricCategories {
		c.badRequest(invalidErr("rubric.categories", "The rubric has more than 20 categories."))
		return req, false, false
	}
	seen := make(map[string]bool, len(items))
	for i, it := range items {
		p := "rubric.categories[" + strconv.Itoa(i) + "]"
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(it, &obj); err != nil || obj == nil {
			c.badRequest(invalidErr(p, "Each category must be an object with a non-empty 'name', not a bare string."))
			return req, false, false
		}
		cd := &body{raw: obj, missingType: typeInvalidField, invalidType: typeInvalidField}
		name := cd.str("name", maxShortString)
		desc := cd.str("description", maxFreeText)
		if cd.fail != nil || strings.TrimSpace(name) == "" {
			c.badRequest(invalidErr(p+".name", "Each category needs a non-empty string 'name' of at most 200 characters."))
			return req, false, false
		}
		if seen[name] {
			c.badRequest(invalidErr(p+".name", "Category names must be unique."))
			return req, false, false
		}
		seen[name] = true
		req.Categories = append(req.Categories, op.RubricCategory{Name: name, Description: desc})
	}
	req.MultiLabel = multi
	return req, multi, true
}

func missingErr(param string) *apiError {
	e := errf(typeMissingField, "missing_field", param, "The field '"+param+"' is required and must not be empty.")
	return &e
}

func invalidErr(param, msg string) *apiError {
	e := errf(typeInvalidField, "invalid_value", param, msg)
	return &e
}

// prefixParam names a field of the rubric object by its full path.
func prefixParam(e *apiError) *apiError {
	if e.Param != nil && !strings.HasPrefix(*e.Param, "rubric.") {
		e.Param = strp("rubric." + *e.Param)
	}
	return e
}
