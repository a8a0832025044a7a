//go:build console

package httpapi_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// TestConsoleChromium clicks through the console in headless Chromium:
// token -> create account -> create key (shown once) -> buy a pack -> buy and
// refund a second pack -> requests with the key over a few days -> usage
// chart; it saves a screenshot (docs/console.png, or $SVC_CONSOLE_SCREENSHOT).
// Run it with scripts/console_test.sh, which installs Debian's chromium.
func TestConsoleChromium(t *testing.T) {
	browser := os.Getenv("SVC_CHROMIUM")
	if browser == "" {
		for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
			if p, err := exec.LookPath(name); err == nil {
				browser = p
				break
			}
		}
	}
	require.NotEmpty(t, browser, "no Chromium found: run scripts/console_test.sh")
	shot := os.Getenv("SVC_CONSOLE_SCREENSHOT")
	if shot == "" {
		shot = filepath.Join("..", "docs", "console.png")
	}

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
	// The first Run starts the browser; it must not carry a timeout.
	require.NoError(t, chromedp.Do(bctx, chromedp.Navigate(n.admin+"/console")))
	ctx, cancel := context.WithTimeout(bctx, 90*time.Second)
	defer cancel()
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	text := func(sel string) string {
		v, err := chromedp.Run(ctx, chromedp.Text(css(sel)))
		require.NoError(t, err, sel)
		return strings.TrimSpace(v)
	}
	poll := func(expr string) {
		_, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](expr))
		require.NoError(t, err, "waiting for %s; status: %q", expr, statusText(ctx))
	}

	// Token, then a new account.
	require.NoError(t, chromedp.Do(ctx,
		chromedp.WaitVisible(css("#token")),
		chromedp.SendKeys(css("#token"), adminToken),
		chromedp.Click(css("#save-token")),
		chromedp.SendKeys(css("#acct-name"), "Acme Media"),
		chromedp.Click(css("#create-account")),
		chromedp.WaitVisible(css("#account")),
	))
	acct := text("#acct-shown-id")
	require.True(t, strings.HasPrefix(acct, "acct_"), acct)
	require.Equal(t, "Acme Media", text("#acct-title"))

	// A live key, shown once.
	require.NoError(t, chromedp.Do(ctx,
		chromedp.SetValue(css("#key-kind"), "live"),
		chromedp.Click(css("#create-key")),
		chromedp.WaitVisible(css("#key-secret")),
	))
	key := text("#key-secret")
	require.True(t, strings.HasPrefix(key, "svc_live_sk_"), key)
	poll(`document.querySelectorAll("#keys-table tbody tr").length === 1`)

	// Buy 100 USD, then buy 25 USD and refund it.
	require.NoError(t, chromedp.Do(ctx, chromedp.SetValue(css("#pack"), "100"), chromedp.Click(css("#buy"))))
	poll(`document.getElementById("balance").textContent.startsWith("100.000")`)
	require.NoError(t, chromedp.Do(ctx, chromedp.SetValue(css("#pack"), "25"), chromedp.Click(css("#buy"))))
	poll(`document.getElementById("balance").textContent.startsWith("125.000")`)
	_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.confirm = () => true; true`))
	require.NoError(t, err)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(css("#purchases-table tbody tr:nth-child(2) button.danger"))))
	poll(`document.getElementById("balance").textContent.startsWith("100.000")`)
	require.Contains(t, text("#status"), "Refunded 25,000 credits")

	// Traffic with the key over five days (the test clock moves the server's days).
	for d := 0; d < 5; d++ {
		for i := 0; i < 3+2*d; i++ {
			requireOK(t, n.post("/v1/detect", key, map[string]any{"text": "hello number " + strings.Repeat("x", i+d*10)}))
		}
		requireOK(t, n.post("/v1/classify", key, map[string]any{"text": "I love this channel " + strings.Repeat("!", d)}))
		requireOK(t, n.post("/v1/classify", key, map[string]any{"text": "I love this channel " + strings.Repeat("!", d)})) // cache hit
		if d < 4 {
			n.advance(24 * time.Hour)
		}
	}

	// The usage chart shows the requests.
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(css("#refresh-usage"))))
	poll(`[...document.querySelectorAll("#usage-chart rect.bar")].filter(r => Number(r.dataset.requests) > 0).length >= 5`)
	poll(`document.querySelectorAll("#endpoint-table tbody tr").length === 2`)
	require.Contains(t, text("#usage-summary"), "45") // 35 detect + 10 classify

	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Dir(shot), 0o755))
	require.NoError(t, os.WriteFile(shot, png, 0o644))
	t.Logf("screenshot: %s (%d bytes)", shot, len(png))
}

func statusText(ctx context.Context) string {
	v, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("status").textContent`))
	return v
}
