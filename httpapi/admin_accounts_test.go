package httpapi_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// adminStatus calls the admin listener with token and returns the status and
// the decoded envelope.
func adminStatus(t *testing.T, n *node, method, path, token string) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(method, n.admin+path, nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := n.client.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	var env map[string]any
	require.NoError(t, json.Unmarshal(raw, &env), "%s", raw)
	return res.StatusCode, env
}

// TestAdminAccountList: GET /admin/v1/accounts pages every account newest
// first, searches names and ids, counts the matches, and refuses bad
// parameters and a wrong token.
func TestAdminAccountList(t *testing.T) {
	n := startNode(t, "")
	before := n.adm("GET", "/admin/v1/accounts?limit=100", nil)["pagination"].(map[string]any)["total_count"].(float64)
	var made []string // oldest first
	for i := range 7 {
		name := fmt.Sprintf("Shop %d", i)
		if i%3 == 0 {
			name = fmt.Sprintf("Acme Media %d", i)
		}
		made = append(made, n.account(name))
	}
	total := int(before) + len(made)

	// every account, three at a time: the newest 7 are ours, newest first
	var all []string
	after := ""
	for pages := 0; ; pages++ {
		require.Less(t, pages, 100)
		q := url.Values{"limit": {"3"}}
		if after != "" {
			q.Set("starting_after", after)
		}
		res := n.adm("GET", "/admin/v1/accounts?"+q.Encode(), nil)
		got := ids(t, res["accounts"])
		pg := res["pagination"].(map[string]any)
		require.EqualValues(t, total, pg["total_count"])
		all = append(all, got...)
		if pg["has_more"] == false {
			require.Equal(t, "", pg["next_cursor"])
			break
		}
		require.Len(t, got, 3)
		require.Equal(t, got[len(got)-1], pg["next_cursor"])
		after = got[len(got)-1]
	}
	require.Len(t, all, total)
	require.Equal(t, rev(made), all[:len(made)])

	// search by name, without case: "acme" is accounts 0, 3 and 6
	res := n.adm("GET", "/admin/v1/accounts?search=ACME+media", nil)
	require.Equal(t, []string{made[6], made[3], made[0]}, ids(t, res["accounts"]))
	require.EqualValues(t, 3, res["pagination"].(map[string]any)["total_count"])
	first := res["accounts"].([]any)[0].(map[string]any)
	require.Equal(t, "Acme Media 6", first["name"])
	require.Contains(t, first, "rate_limit_per_minute")
	require.Contains(t, first, "created_at")
	// the second page of a search
	res = n.adm("GET", "/admin/v1/accounts?search=acme&limit=2&starting_after="+made[3], nil)
	require.Equal(t, []string{made[0]}, ids(t, res["accounts"]))
	// search by a part of the id, lower case
	res = n.adm("GET", "/admin/v1/accounts?search="+strings.ToLower(made[4][len(made[4])-10:]), nil)
	require.Equal(t, []string{made[4]}, ids(t, res["accounts"]))
	res = n.adm("GET", "/admin/v1/accounts?search=nobody", nil)
	require.Equal(t, []string{}, ids(t, res["accounts"]))
	require.EqualValues(t, 0, res["pagination"].(map[string]any)["total_count"])

	// refusals
	for path, param := range map[string]string{
		"/admin/v1/accounts?limit=0":                                        "limit",
		"/admin/v1/accounts?limit=101":                                      "limit",
		"/admin/v1/accounts?starting_after=acct_01ZZZZZZZZZZZZZZZZZZZZZZZZ": "starting_after",
		"/admin/v1/accounts?search=" + strings.Repeat("a", 201):             "search",
	} {
		st, env := adminStatus(t, n, "GET", path, adminToken)
		require.Equal(t, 400, st, path)
		e := env["errors"].([]any)[0].(map[string]any)
		require.Equal(t, "invalid_request_error", e["type"], path)
		require.Equal(t, param, e["param"], path)
	}
	st, env := adminStatus(t, n, "GET", "/admin/v1/accounts", "wrong")
	require.Equal(t, 401, st)
	require.Equal(t, "invalid_admin_token", env["errors"].([]any)[0].(map[string]any)["code"])
}

// FuzzAdminAccountList: any search, cursor and limit give an envelope and
// never a 5xx; a 200 holds at most limit accounts, each matching the search.
func FuzzAdminAccountList(f *testing.F) {
	fs := newFuzzServer(f)
	f.Add("shop", "", "2")
	f.Add("", fs.account, "1")
	f.Add("ACCT_", "acct_nope", "0")
	f.Add(strings.Repeat("a", 201), "", "101")
	f.Add("مت%جر", "", "-1")
	f.Fuzz(func(t *testing.T, search, after, limit string) {
		q := url.Values{"search": {search}, "starting_after": {after}, "limit": {limit}}
		uri := "/admin/v1/accounts?" + q.Encode()
		st, b, rid := fs.do(fs.adm, "GET", uri, adminToken, nil)
		checkEnvelope(t, "GET "+uri, st, b, rid)
		if st != 200 {
			return
		}
		var env struct {
			Result struct {
				Accounts []struct{ ID, Name string } `json:"accounts"`
			} `json:"result"`
		}
		require.NoError(t, json.Unmarshal(b, &env))
		n, err := strconv.Atoi(limit)
		if err != nil || n == 0 {
			n = 20
		}
		require.LessOrEqual(t, len(env.Result.Accounts), n, uri)
		for _, a := range env.Result.Accounts {
			l := func(s string) string { return strings.Map(asciiLowerRune, s) }
			require.True(t, strings.Contains(l(a.Name), l(search)) || strings.Contains(l(a.ID), l(search)), "%s: %+v", uri, a)
		}
	})
}

func asciiLowerRune(r rune) rune {
	if r >= 'A' && r <= 'Z' {
		return r + 'a' - 'A'
	}
	return r
}
