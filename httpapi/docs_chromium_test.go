//go:build chromium

package httpapi_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"svc/httpapi"
)

// TestDocsChromium opens GET /docs in headless Chromium and checks that the
// bundled Redoc rendered /v1/openapi.json: a section for every operation of
// the document (with its summary), every error code of the catalogue in the
// page's text, and no request leaving this server (the CSP blocks any). make test runs
// it through scripts/docs_test.sh, which installs Debian's chromium when
// missing. $SVC_DOCS_SCREENSHOT names a PNG file to save the page's first
// screen to.
func TestDocsChromium(t *testing.T) {
	browser := os.Getenv("SVC_CHROMIUM")
	if browser == "" {
		for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
			if p, err := exec.LookPath(name); err == nil {
				browser = p
				break
			}
		}
	}
	require.NotEmpty(t, browser, "no Chromium found: run scripts/docs_test.sh (it installs Debian's chromium) or set SVC_CHROMIUM")

	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	require.NoError(t, json.Unmarshal(httpapi.OpenAPIDocument(), &doc))
	type opn struct{ ID, Summary string }
	var ops []opn
	for _, item := range doc.Paths {
		for m, raw := range item {
			if m == "servers" || m == "parameters" {
				continue
			}
			var o opn
			require.NoError(t, json.Unmarshal(raw, &struct {
				ID      *string `json:"operationId"`
				Summary *string `json:"summary"`
			}{&o.ID, &o.Summary}))
			require.NotEmpty(t, o.ID)
			ops = append(ops, o)
		}
	}
	require.Greater(t, len(ops), 20)

	n := startNode(t, "")
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(browser),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1280, 1000),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelA()
	bctx, cancelB := chromedp.NewContext(actx)
	defer cancelB()

	var mu sync.Mutex
	requested := map[network.RequestID]string{}
	blocked := map[network.RequestID]network.BlockedReason{}
	require.NoError(t, chromedp.Listen(bctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			requested[e.RequestID] = e.Request.URL
		case *network.EventLoadingFailed:
			blocked[e.RequestID] = e.BlockedReason
		}
	}))
	// The first call starts the browser; it must not carry a timeout.
	_, err := chromedp.Call(bctx, network.Enable, network.EnableParams{})
	require.NoError(t, err)
	require.NoError(t, chromedp.Do(bctx, chromedp.Navigate(n.base+"/docs")))
	ctx, cancel := context.WithTimeout(bctx, 90*time.Second)
	defer cancel()

	// Redoc renders one element per operation, data-section-id="operation/<operationId>".
	sel := `document.querySelectorAll('[data-section-id^="operation/"]')`
	_, err = chromedp.Run(ctx, chromedp.Poll[chromedp.Void](sel+".length >= "+strconv.Itoa(len(ops)), chromedp.WithPollingTimeout(80*time.Second)))
	require.NoError(t, err, "Redoc did not render every operation")
	ids, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(`+sel+`).map(e => e.getAttribute('data-section-id'))`))
	require.NoError(t, err)
	text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
	require.NoError(t, err)

	if shot := os.Getenv("SVC_DOCS_SCREENSHOT"); shot != "" {
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(shot, png, 0o644))
	}

	have := map[string]bool{}
	for _, id := range ids {
		have[strings.TrimPrefix(id, "operation/")] = true
	}
	for _, o := range ops {
		require.True(t, have[o.ID], "operation %s is not on the page", o.ID)
		require.Contains(t, text, o.Summary, "operation %s's summary is not on the page", o.ID)
	}
	for _, e := range httpapi.ErrorCatalogue() {
		require.Contains(t, text, e.Code, "error code %s is not on the page", e.Code)
	}
	for _, ty := range httpapi.ErrorTypes() {
		require.Contains(t, text, ty[0], "error type %s is not on the page", ty[0])
	}
	mu.Lock()
	defer mu.Unlock()
	// The page asks only this server: the bundle's one external URL (the
	// Redocly logo of its footer, from a CDN) is blocked by the page's
	// Content-Security-Policy, and Redoc hides the image.
	require.NotEmpty(t, requested)
	for id, u := range requested {
		if strings.HasPrefix(u, n.base+"/") || strings.HasPrefix(u, "data:") || strings.HasPrefix(u, "blob:") {
			require.NotContains(t, blocked, id, "loading %s failed", u)
			continue
		}
		require.Equal(t, network.BlockedReasonCsp, blocked[id], "the page fetched %s: only this server may be asked", u)
	}
}
