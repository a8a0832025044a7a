package loadgen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

// Admin calls svc's admin API at base (e.g. "http://127.0.0.1:8081") with
// the admin token: method and path, body encoded as JSON when not nil, and
// the envelope's result decoded into out. A non-2xx status is an error
// holding the body.
func Admin(method, base, token, path string, body, out any) error {
	rb, err := call(method, base+path, token, body)
	if err != nil {
		return fmt.Errorf("%s %s: %w", method, path, err)
	}
	var env struct {
		Result json.RawMessage `json:"result"`
	}
	if err := json.Unmarshal(rb, &env); err != nil {
		return err
	}
	return json.Unmarshal(env.Result, out)
}

// call sends body (as JSON when not nil) to url with the bearer token (none
// when ""), and returns a 2xx answer's body (at most 8 MiB); any other
// status is an error holding the body.
func call(method, url, token string, body any) ([]byte, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		return nil, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	rb, _ := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if resp.StatusCode/100 != 2 {
		return nil, fmt.Errorf("HTTP %d: %s", resp.StatusCode, rb)
	}
	return rb, nil
}

// NewAccount creates an account (name, rate limit per minute) with packs
// 500 USD purchases and one live key; it returns the account id and the key.
func NewAccount(admin, token, name string, rateLimit, packs int) (id, key string, err error) {
	var acc struct {
		ID string `json:"id"`
	}
	if err := Admin("POST", admin, token, "/admin/v1/accounts", map[string]any{"name": name, "rate_limit_per_minute": rateLimit}, &acc); err != nil {
		return "", "", err
	}
	for p := 0; p < packs; p++ {
		var pur struct {
			ID string `json:"id"`
		}
		if err := Admin("POST", admin, token, "/admin/v1/accounts/"+acc.ID+"/purchases", map[string]any{"pack_usd": 500}, &pur); err != nil {
			return "", "", err
		}
	}
	var k struct {
		Key string `json:"key"`
	}
	if err := Admin("POST", admin, token, "/admin/v1/accounts/"+acc.ID+"/keys", map[string]any{"kind": "live"}, &k); err != nil {
		return "", "", err
	}
	return acc.ID, k.Key, nil
}
