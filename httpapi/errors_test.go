package httpapi_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestAuthErrors(t *testing.T) {
	n := startNode(t, "")
	acc, key := n.liveKey()
	body := map[string]any{"text": "hi"}
	requireError(t, n.post("/v1/classify", "", body), 401, "authentication_error", "")
	requireError(t, n.post("/v1/classify", "not-a-key", body), 401, "authentication_error", "")
	requireError(t, n.post("/v1/classify", "svc_live_sk_"+strings.Repeat("A", 32), body), 401, "authentication_error", "")
	requireError(t, n.get("/v1/usage", "svc_test_sk_short"), 401, "authentication_error", "")
	r := n.do("POST", n.base+"/v1/classify", "", body)
	require.NotEmpty(t, r.header.Get("X-Request-Id"))

	kid, k2 := n.key(acc, "live")
	requireOK(t, n.post("/v1/detect", k2, body))
	n.adm("POST", "/admin/v1/keys/"+kid+"/revoke", nil)
	requireError(t, n.post("/v1/detect", k2, body), 401, "authentication_error", "")
	requireOK(t, n.post("/v1/detect", key, body))
}

func TestValidationErrors(t *testing.T) {
	n := startNode(t, "")
	_, key := n.liveKey()
	long := strings.Repeat("ب", 5001)
	cases := []struct {
		path  string
		body  any
		param string
	}{
		{"/v1/classify", map[string]any{}, "text"},
		{"/v1/classify", map[string]any{"text": ""}, "text"},
		{"/v1/classify", map[string]any{"text": 42}, "text"},
		{"/v1/classify", map[string]any{"text": "ok", "platform": "myspace"}, "platform"},
		{"/v1/classify?provider=llm_c", map[string]any{"text": "ok"}, "provider"},
		{"/v1/classify?provider=gpt", map[string]any{"text": "ok"}, "provider"},
		{"/v1/classify", "{not json", ""},
		{"/v1/classify", "[1,2]", ""},
		{"/v1/translate", map[string]any{"target": "ar"}, "text"},
		{"/v1/translate", map[string]any{"text": "hello"}, "target"},
		{"/v1/translate", map[string]any{"text": "hello", "target": "fr"}, "target"},
		{"/v1/translate", map[string]any{"text": "hello", "target": "ar", "tone": "angry"}, "tone"},
		{"/v1/translate", map[string]any{"text": "hello", "target": "ar", "dialect": "maghrebi"}, "dialect"},
		{"/v1/translate", map[string]any{"text": "hello", "target": "ar", "source": "fr"}, "source"},
		{"/v1/translate", map[string]any{"text": long, "target": "en"}, "text"},
		{"/v1/detect", map[string]any{}, "text"},
		{"/v1/detect", map[string]any{"text": long}, "text"},
		{"/v1/moderate", map[string]any{}, "text"},
		{"/v1/moderate", map[string]any{"text": "x", "strictness": "extreme"}, "strictness"},
		{"/v1/moderate", map[string]any{"text": "x", "platform": "tiktok"}, "platform"},
		{"/v1/moderate", map[string]any{"text": long}, "text"},
		{"/v1/report", map[string]any{}, "comments"},
		{"/v1/report", map[string]any{"comments": comments(9, func(int) string { return "x" })}, "comments"},
		{"/v1/report", map[string]any{"comments": comments(501, func(int) string { return "x" })}, "comments"},
		{"/v1/report", map[string]any{"comments": "nope"}, "comments"},
		{"/v1/report", map[string]any{"comments": comments(10, func(int) string { return "x" }), "tier": "gold"}, "tier"},
		{"/v1/feedback", map[string]any{"rating": "correct"}, "classification_id"},
		{"/v1/feedback", map[string]any{"classification_id": "cls_x"}, "rating"},
		{"/v1/feedback", map[string]any{"classification_id": "cls_x", "rating": "meh"}, "rating"},
		{"/v1/feedback", map[string]any{"classification_id": "cls_x", "rating": "partial", "corrected_sentiment": "angry"}, "corrected_sentiment"},
		{"/v1/feedback", map[string]any{"classification_id": "cls_x", "rating": "partial", "corrected_intent": "complaint"}, "corrected_intent"},
		{"/v1/feedback", map[string]any{"classification_id": "cls_x", "rating": "partial", "corrected_intent": []any{1}}, "corrected_intent"},
	}
	for _, c := range cases {
		r := n.post(c.path, key, c.body)
		requireError(t, r, 400, "invalid_request_error", c.param)
	}
	bal := n.get("/v1/usage", key).header.Get("X-SVC-Balance")
	require.Equal(t, "25.000", bal, "failed validation charges nothing")
}

func TestRubricErrors(t *testing.T) {
	n := startNode(t, "")
	_, key := n.liveKey()
	cat := []any{map[string]any{"name": "A"}}
	many := make([]any, 21)
	for i := range many {
		many[i] = map[string]any{"name": strings.Repeat("c", i+1)}
	}
	cases := []struct {
		path, typ string
		body      any
	}{
		{"/v1/rubric/classify", "missing_field", map[string]any{"rubric": map[string]any{"categories": cat}}},
		{"/v1/rubric/classify", "missing_field", map[string]any{"text": "", "rubric": map[string]any{"categories": cat}}},
		{"/v1/rubric/classify", "missing_field", map[string]any{"text": "hello"}},
		{"/v1/rubric/classify", "missing_field", map[string]any{"text": "hello", "rubric": map[string]any{"categories": []any{}}}},
		{"/v1/rubric/classify", "missing_field", map[string]any{"text": "hello", "rubric": map[string]any{}}},
		{"/v1/rubric/classify", "invalid_field", map[string]any{"text": "hello", "rubric": map[string]any{"categories": []any{"Billing"}}}},
		{"/v1/rubric/classify", "invalid_field", map[string]any{"text": "hello", "rubric": map[string]any{"categories": []any{map[string]any{"name": ""}}}}},
		{"/v1/rubric/classify", "invalid_field", map[string]any{"text": "hello", "rubric": map[string]any{"categories": []any{map[string]any{"description": "no name"}}}}},
		{"/v1/rubric/classify", "invalid_field", map[string]any{"text": "hello", "rubric": map[string]any{"categories": many}}},
		{"/v1/rubric/classify?provider=llm_c", "invalid_field", map[string]any{"text": "hello", "rubric": map[string]any{"categories": cat}}},
		{"/v1/rubric/classify?provider=other", "invalid_field", map[string]any{"text": "hello", "rubric": map[string]any{"categories": cat}}},
	}
	for i, c := range cases {
		r := n.post(c.path, key, c.body)
		require.Equal(t, 400, r.status, "case %d: %s", i, r.raw)
		require.Equal(t, c.typ, r.err0()["type"], "case %d: %s", i, r.raw)
	}
}

func TestRoutingErrors(t *testing.T) {
	n := startNode(t, "")
	_, key := n.liveKey()
	requireError(t, n.get("/v1/nope", key), 404, "not_found_error", "")
	requireError(t, n.get("/v1/classify", key), 405, "method_not_allowed_error", "")
	requireError(t, n.post("/v1/comments/cls_01ARZ3NDEKTSV4RRFFQ69G5FAV/reply", key, map[string]any{}), 404, "not_found_error", "")
	requireError(t, n.post("/v1/feedback", key, map[string]any{"classification_id": "cls_01ARZ3NDEKTSV4RRFFQ69G5FAV", "rating": "correct"}), 404, "not_found_error", "classification_id")
}

func TestCrossAccountIsolation(t *testing.T) {
	n := startNode(t, "")
	_, a := n.liveKey()
	_, b := n.liveKey()
	cls := requireOK(t, n.post("/v1/classify", a, map[string]any{"text": "secret text of account A", "channel_id": "chan-a"}))
	id := cls["id"].(string)
	requireError(t, n.post("/v1/comments/"+id+"/reply", b, map[string]any{}), 404, "not_found_error", "")
	requireError(t, n.post("/v1/feedback", b, map[string]any{"classification_id": id, "rating": "correct"}), 404, "not_found_error", "")
	list := requireOK(t, n.get("/v1/comments", b))
	require.Equal(t, []any{}, list["comments"])
	require.Equal(t, 0.0, list["pagination"].(map[string]any)["total_count"])
	require.Equal(t, 0.0, requireOK(t, n.get("/v1/analytics", b))["total_comments"])
	require.Equal(t, 0.0, requireOK(t, n.get("/v1/usage", b))["total_requests"])
	cur := requireOK(t, n.get("/v1/comments?limit=1", a))["pagination"].(map[string]any)
	require.Equal(t, false, cur["has_more"])
	hit := n.post("/v1/classify", b, map[string]any{"text": "secret text of account A"})
	require.Equal(t, "MISS", hit.header.Get("X-SVC-Cache"), "no cross-tenant cache hits")
}

func TestAdminErrors(t *testing.T) {
	n := startNode(t, "")
	r := n.do("POST", n.admin+"/admin/v1/accounts", "wrong", map[string]any{"name": "x"})
	requireError(t, r, 401, "authentication_error", "")
	acc := n.account("a")
	bad := n.do("POST", n.admin+"/admin/v1/accounts/"+acc+"/purchases", adminToken, map[string]any{"pack_usd": 30})
	requireError(t, bad, 400, "invalid_request_error", "pack_usd")
	nf := n.do("GET", n.admin+"/admin/v1/accounts/acct_nope", adminToken, nil)
	requireError(t, nf, 404, "not_found_error", "")
	k := n.do("POST", n.admin+"/admin/v1/accounts/"+acc+"/keys", adminToken, map[string]any{"kind": "gold"})
	requireError(t, k, 400, "invalid_request_error", "kind")
}
