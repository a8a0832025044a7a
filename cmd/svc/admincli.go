package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// adminCommand runs "svc <group> <verb> ..." against the admin API and prints
// the result as indented JSON.
func adminCommand(group string, args []string) error {
	if len(args) < 1 {
		return errors.New("missing verb; see svc help")
	}
	verb := args[0]
	fs := flag.NewFlagSet(group+" "+verb, flag.ContinueOnError)
	var af adminFlags
	af.register(fs)
	name := fs.String("name", "", "account name")
	rate := fs.Int("rate-limit", 0, "live keys' per-minute ceiling (default 600)")
	account := fs.String("account", "", "account id")
	kind := fs.String("kind", "", "key kind: sandbox or live")
	pack := fs.Int("pack", 0, "credit pack in USD: 25, 50, 100 or 500")
	search := fs.String("search", "", "accounts list: only accounts whose name or id contains this")
	limit := fs.Int("limit", 0, "accounts list: page size, 1..100 (default 20)")
	after := fs.String("starting-after", "", "accounts list: the next_cursor of the previous page")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	arg := fs.Arg(0)
	var method, path string
	var body any
	switch group + " " + verb {
	case "accounts create":
		m := map[string]any{"name": *name}
		if *rate > 0 {
			m["rate_limit_per_minute"] = *rate
		}
		method, path, body = "POST", "/admin/v1/accounts", m
	case "accounts list":
		q := url.Values{}
		if *search != "" {
			q.Set("search", *search)
		}
		if *limit != 0 {
			q.Set("limit", fmt.Sprint(*limit))
		}
		if *after != "" {
			q.Set("starting_after", *after)
		}
		method, path = "GET", "/admin/v1/accounts"
		if len(q) > 0 {
			path += "?" + q.Encode()
		}
	case "accounts show":
		method, path = "GET", "/admin/v1/accounts/"+url.PathEscape(arg)
	case "keys create":
		method, path, body = "POST", "/admin/v1/accounts/"+url.PathEscape(*account)+"/keys", map[string]any{"kind": *kind}
	case "keys revoke":
		method, path = "POST", "/admin/v1/keys/"+url.PathEscape(arg)+"/revoke"
	case "credits buy":
		method, path, body = "POST", "/admin/v1/accounts/"+url.PathEscape(*account)+"/purchases", map[string]any{"pack_usd": *pack}
	case "credits refund":
		method, path = "POST", "/admin/v1/purchases/"+url.PathEscape(arg)+"/refund"
	default:
		return fmt.Errorf("unknown command %q; see svc help", group+" "+verb)
	}
	token := af.token
	if token == "" {
		b, err := os.ReadFile(filepath.Join(af.dataDir, "admin.token"))
		if err != nil {
			return fmt.Errorf("no --admin-token and cannot read %s: %w", filepath.Join(af.dataDir, "admin.token"), err)
		}
		token = strings.TrimSpace(string(b))
	}
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, "http://"+af.addr+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := (&http.Client{Timeout: 30 * time.Second}).Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	var pretty bytes.Buffer
	if json.Indent(&pretty, out, "", "  ") == nil {
		out = pretty.Bytes()
	}
	fmt.Println(string(out))
	if resp.StatusCode >= 300 {
		return fmt.Errorf("admin API answered %s", resp.Status)
	}
	return nil
}
