package httpapi_test

import (
	"fmt"
	"net/url"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// ids returns the "id" of each object of a JSON array.
func ids(t *testing.T, v any) []string {
	t.Helper()
	arr, ok := v.([]any)
	require.True(t, ok, "not an array: %v", v)
	out := make([]string, len(arr))
	for i, o := range arr {
		out[i] = o.(map[string]any)["id"].(string)
	}
	return out
}

// adminPages follows an admin listing ("purchases" or "keys") with page
// size limit and returns the ids in the order listed.
func adminPages(t *testing.T, n *node, account, what string, limit int) []string {
	t.Helper()
	var out []string
	after := ""
	for pages := 0; ; pages++ {
		require.Less(t, pages, 1000, "paging does not end")
		q := url.Values{"limit": {fmt.Sprint(limit)}}
		if after != "" {
			q.Set("starting_after", after)
		}
		res := n.adm("GET", "/admin/v1/accounts/"+account+"/"+what+"?"+q.Encode(), nil)
		got := ids(t, res[what])
		require.LessOrEqual(t, len(got), limit)
		out = append(out, got...)
		pg := res["pagination"].(map[string]any)
		if pg["has_more"] == false {
			require.Equal(t, "", pg["next_cursor"])
			return out
		}
		require.Len(t, got, limit, "a page with more after it is full")
		require.Equal(t, got[len(got)-1], pg["next_cursor"])
		after = pg["next_cursor"].(string)
	}
}

func rev(s []string) []string {
	out := slices.Clone(s)
	slices.Reverse(out)
	return out
}

// TestAdminAccountShowBounded: GET /admin/v1/accounts/{id} keeps its fields
// and order (oldest first) but holds at most the newest 100 purchases and
// keys, with their totals and has_more flags; the listings page through
// all of them, newest first.
func TestAdminAccountShowBounded(t *testing.T) {
	n := startNode(t, "")
	acc := n.account("many")
	var purs, keys []string
	for i := range 105 {
		if i%10 == 0 {
			n.advance(time.Second)
		}
		purs = append(purs, n.buy(acc, 25))
		k, _ := n.key(acc, "live")
		keys = append(keys, k)
	}
	n.adm("POST", "/admin/v1/keys/"+keys[104]+"/revoke", nil)

	v := n.adm("GET", "/admin/v1/accounts/"+acc, nil)
	require.Equal(t, purs[5:], ids(t, v["purchases"]))
	require.Equal(t, keys[5:], ids(t, v["keys"]))
	require.Equal(t, 105.0, v["purchases_total"])
	require.Equal(t, 105.0, v["keys_total"])
	require.Equal(t, true, v["has_more_purchases"])
	require.Equal(t, true, v["has_more_keys"])
	require.Equal(t, 105*25000.0, v["credits_purchased"], "figures cover every purchase")
	require.Equal(t, 105*25000.0, v["balance_credits"])
	last := v["keys"].([]any)[99].(map[string]any)
	require.NotNil(t, last["revoked_at"])
	for _, f := range []string{"id", "account_id", "kind", "prefix", "created_at", "expires_at", "revoked_at"} {
		require.Contains(t, last, f)
	}
	for _, f := range []string{"id", "account_id", "pack_usd", "credits", "consumed_credits", "refunded_credits", "created_at", "refunded_at"} {
		require.Contains(t, v["purchases"].([]any)[0], f)
	}

	for _, limit := range []int{1, 7, 20, 100} {
		require.Equal(t, rev(purs), adminPages(t, n, acc, "purchases", limit), "limit %d", limit)
		require.Equal(t, rev(keys), adminPages(t, n, acc, "keys", limit), "limit %d", limit)
	}
	// The show's oldest purchase is where the listing takes over.
	older := n.adm("GET", "/admin/v1/accounts/"+acc+"/purchases?starting_after="+purs[5], nil)
	require.Equal(t, rev(purs[:5]), ids(t, older["purchases"]))
	require.Equal(t, map[string]any{"has_more": false, "next_cursor": "", "total_count": 105.0}, older["pagination"])

	// Default page size 20; total_count counts all.
	first := n.adm("GET", "/admin/v1/accounts/"+acc+"/keys", nil)
	require.Equal(t, rev(keys)[:20], ids(t, first["keys"]))
	require.Equal(t, map[string]any{"has_more": true, "next_cursor": keys[85], "total_count": 105.0}, first["pagination"])
	require.NotNil(t, first["keys"].([]any)[0].(map[string]any)["revoked_at"], "revoked keys are listed")
	require.NotContains(t, first["keys"].([]any)[0], "key", "no secrets")
}

// TestAdminAccountShowSmall: an account with few records shows all of them,
// with has_more false, in the shape it always had; its listings are one page.
func TestAdminAccountShowSmall(t *testing.T) {
	n := startNode(t, "")
	acc := n.account("small")
	v := n.adm("GET", "/admin/v1/accounts/"+acc, nil)
	require.Equal(t, []any{}, v["purchases"])
	require.Equal(t, []any{}, v["keys"])
	require.Equal(t, 0.0, v["purchases_total"])
	require.Equal(t, false, v["has_more_purchases"])
	require.Equal(t, false, v["has_more_keys"])
	empty := n.adm("GET", "/admin/v1/accounts/"+acc+"/purchases", nil)
	require.Equal(t, map[string]any{"purchases": []any{}, "pagination": map[string]any{"has_more": false, "next_cursor": "", "total_count": 0.0}}, empty)

	p1 := n.buy(acc, 25)
	p2 := n.buy(acc, 50)
	k1, _ := n.key(acc, "sandbox")
	v = n.adm("GET", "/admin/v1/accounts/"+acc, nil)
	require.Equal(t, []string{p1, p2}, ids(t, v["purchases"]))
	require.Equal(t, []string{k1}, ids(t, v["keys"]))
	require.Equal(t, 2.0, v["purchases_total"])
	require.Equal(t, 1.0, v["keys_total"])
	require.Equal(t, false, v["has_more_purchases"])
	require.Equal(t, false, v["has_more_keys"])
	l := n.adm("GET", "/admin/v1/accounts/"+acc+"/purchases?limit=100", nil)
	require.Equal(t, []string{p2, p1}, ids(t, l["purchases"]))
	require.Equal(t, v["purchases"].([]any)[1], l["purchases"].([]any)[0], "a listed purchase is shaped as in the show")
	kl := n.adm("GET", "/admin/v1/accounts/"+acc+"/keys?limit=1", nil)
	require.Equal(t, v["keys"], kl["keys"])
}

// TestAdminListErrors: limit outside 1..100 and an unknown starting_after
// are 400 invalid_request_error naming the parameter, in the admin
// envelope; an unknown account is 404; the admin token is required.
func TestAdminListErrors(t *testing.T) {
	n := startNode(t, "")
	acc := n.account("errors")
	other := n.account("other")
	pur := n.buy(acc, 25)
	key, _ := n.key(acc, "live")
	otherPur := n.buy(other, 25)
	otherKey, _ := n.key(other, "live")
	get := func(path string) resp { return n.do("GET", n.admin+path, adminToken, nil) }
	for _, what := range []string{"purchases", "keys"} {
		base := "/admin/v1/accounts/" + acc + "/" + what
		for _, q := range []string{"limit=0", "limit=101", "limit=-1", "limit=abc", "limit=", "limit=1e2", "limit=99999999999999999999"} {
			requireError(t, get(base+"?"+q), 400, "invalid_request_error", "limit")
		}
		for _, q := range []string{"limit=1", "limit=100", ""} {
			requireOK(t, get(base+"?"+q))
		}
		bad := []string{"pur_00000000000000000000000000", "key_00000000000000000000000000", "nope", otherPur, otherKey, "%00"}
		if what == "purchases" {
			bad = append(bad, key) // a key id is no cursor of purchases
		} else {
			bad = append(bad, pur)
		}
		for _, c := range bad {
			r := get(base + "?starting_after=" + c)
			requireError(t, r, 400, "invalid_request_error", "starting_after")
			require.Equal(t, "invalid_value", r.err0()["code"])
		}
		requireError(t, get(base+"?starting_after="+fmt.Sprintf("%0300d", 1)), 400, "invalid_request_error", "starting_after")
		requireError(t, get("/admin/v1/accounts/acct_nope/"+what), 404, "not_found_error", "id")
		requireError(t, get("/admin/v1/accounts/acct_nope/"+what+"?starting_after="+pur), 404, "not_found_error", "id")
		requireError(t, n.do("GET", n.admin+base, "wrong", nil), 401, "authentication_error", "")
		requireError(t, n.do("GET", n.base+base, adminToken, nil), 404, "not_found_error", "")
		requireError(t, n.do("DELETE", n.admin+base, adminToken, nil), 405, "method_not_allowed_error", "")
	}
	// The POSTs on the same paths still work.
	n.buy(acc, 50)
	n.key(acc, "sandbox")
	require.Equal(t, 2.0, n.adm("GET", "/admin/v1/accounts/"+acc+"/purchases", nil)["pagination"].(map[string]any)["total_count"])
	require.Equal(t, 2.0, n.adm("GET", "/admin/v1/accounts/"+acc+"/keys", nil)["pagination"].(map[string]any)["total_count"])
}

// TestAdminListOpenAPI validates the bounded show and both listings, and
// their 400s, against the OpenAPI document.
func TestAdminListOpenAPI(t *testing.T) {
	doc := loadOpenAPI(t)
	n := startNode(t, "")
	c := &oaChecker{t: t, n: n, doc: doc, seen: map[string]map[int]int{}}
	acc := n.account("openapi-pages")
	p := n.buy(acc, 25)
	n.buy(acc, 100)
	k, _ := n.key(acc, "sandbox")
	n.key(acc, "live")
	A := func(tmpl, path string, want int) map[string]any {
		return c.call(true, "GET", tmpl, path, adminToken, nil, want).result()
	}
	A("/admin/v1/accounts/{id}", "/admin/v1/accounts/"+acc, 200)
	pg := A("/admin/v1/accounts/{id}/purchases", "/admin/v1/accounts/"+acc+"/purchases?limit=1", 200)
	A("/admin/v1/accounts/{id}/purchases", "/admin/v1/accounts/"+acc+"/purchases?limit=1&starting_after="+pg["pagination"].(map[string]any)["next_cursor"].(string), 200)
	A("/admin/v1/accounts/{id}/purchases", "/admin/v1/accounts/"+acc+"/purchases?starting_after="+p, 200)
	A("/admin/v1/accounts/{id}/purchases", "/admin/v1/accounts/"+acc+"/purchases?limit=101", 400)
	A("/admin/v1/accounts/{id}/purchases", "/admin/v1/accounts/"+acc+"/purchases?starting_after="+k, 400)
	A("/admin/v1/accounts/{id}/purchases", "/admin/v1/accounts/acct_nope/purchases", 404)
	A("/admin/v1/accounts/{id}/keys", "/admin/v1/accounts/"+acc+"/keys?limit=1", 200)
	A("/admin/v1/accounts/{id}/keys", "/admin/v1/accounts/"+acc+"/keys?starting_after="+k, 200)
	A("/admin/v1/accounts/{id}/keys", "/admin/v1/accounts/"+acc+"/keys?limit=0", 400)
	A("/admin/v1/accounts/{id}/keys", "/admin/v1/accounts/"+acc+"/keys?starting_after="+p, 400)
	A("/admin/v1/accounts/{id}/keys", "/admin/v1/accounts/acct_nope/keys", 404)
}
