//go:build console

package httpapi_test

import (
	"context"
	"fmt"
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
// a wrong token ("wrong token") -> the right one -> the account list (paged,
// newest first) -> create account -> search it and open it from the list -> create key (shown once) -> buy a pack -> buy and
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

	// A wrong token says so, and lists nothing.
	require.NoError(t, chromedp.Do(ctx,
		chromedp.WaitVisible(css("#token")),
		chromedp.SendKeys(css("#token"), "svc_admin_not_the_token"),
		chromedp.Click(css("#save-token")),
	))
	poll(`document.getElementById("token-state").textContent === "wrong token"`)
	require.Contains(t, text("#status"), "Wrong token")
	require.Equal(t, "0", evalString(ctx, t, `String(document.querySelectorAll("#accounts-table tbody tr").length)`))

	// The right token lists the accounts at once.
	for i := range 12 {
		n.account(fmt.Sprintf("Shop %02d", i))
	}
	require.NoError(t, chromedp.Do(ctx,
		chromedp.SendKeys(css("#token"), adminToken),
		chromedp.Click(css("#save-token")),
	))
	poll(`document.getElementById("token-state").textContent === "token set for this tab"`)
	poll(`document.querySelectorAll("#accounts-table tbody tr").length === 10`)
	require.Regexp(t, `^1–10 of \d+$`, text("#accounts-count"))
	require.Equal(t, "Shop 11", text("#accounts-table tbody tr:first-child td:first-child"), "newest first")

	// A new account: it heads the list.
	require.NoError(t, chromedp.Do(ctx,
		chromedp.SendKeys(css("#acct-name"), "Acme Media"),
		chromedp.Click(css("#create-account")),
		chromedp.WaitVisible(css("#account")),
	))
	acct := text("#acct-shown-id")
	require.True(t, strings.HasPrefix(acct, "acct_"), acct)
	require.Equal(t, "Acme Media", text("#acct-title"))
	poll(`document.querySelector("#accounts-table tbody tr td").textContent === "Acme Media"`)

	// Paging: the second page holds the rest, "Newer" goes back.
	total := evalString(ctx, t, `document.getElementById("accounts-count").textContent.split(" of ")[1]`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(css("#accounts-older"))))
	poll(`document.getElementById("accounts-count").textContent.startsWith("11–")`)
	require.Equal(t, "Shop 02", text("#accounts-table tbody tr:first-child td:first-child"))
	require.Equal(t, "11–"+total+" of "+total, text("#accounts-count"))
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(css("#accounts-newer"))))
	poll(`document.getElementById("accounts-count").textContent.startsWith("1–10 ")`)

	// Search by name (without case) finds it; a click opens it.
	require.NoError(t, chromedp.Do(ctx,
		chromedp.SendKeys(css("#account-search"), "acme"),
		chromedp.Click(css("#account-search-go")),
	))
	poll(`document.querySelectorAll("#accounts-table tbody tr").length === 1`)
	require.Equal(t, "1–1 of 1 matching", text("#accounts-count"))
	require.Equal(t, acct, text("#accounts-table tbody tr td:nth-child(2)"))
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(css("#accounts-table tbody tr"))))
	poll(`document.getElementById("acct-shown-id").textContent === "` + acct + `"`)

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

// evalString evaluates a JavaScript expression that yields a string.
func evalString(ctx context.Context, t *testing.T, expr string) string {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
	require.NoError(t, err, expr)
	return v
}

func statusText(ctx context.Context) string {
	v, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("status").textContent`))
	return v
}
