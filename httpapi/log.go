package httpapi

import (
	"fmt"
	"log/slog"
	"strings"
)

// logPanic records a recovered panic under its request id.
func logPanic(rid string, v any) {
	slog.Error("panic in handler", "request_id", rid, "panic", fmt.Sprint(v))
}

// transportLog is the Logger of every fasthttp.Server (NewHTTPServer): what
// fasthttp itself reports (a connection it could not serve: a malformed
// request, a body over the limit; accept errors) becomes one JSON line
// through slog, like every other line of the log.
//
// It never carries a request's bytes: the servers run with
// SecureErrorLogMessage, so fasthttp leaves the request head out of its
// errors (without it, a control character in any header logged the whole
// head, Authorization included), and since even then fasthttp quotes the
// offending header value ("invalid header value \"Bearer svc_live_...\x01\""),
// transportLog withholds every quoted string of an error, cuts anything
// after a "contents:" or an "Authorization"/"Bearer", and bounds the line.
// The connection's addresses are logged as their own attributes.
type transportLog struct{ listener string }

// maxTransportLog bounds one transport line's detail.
const maxTransportLog = 256

const serveConnFormat = "error when serving connection %q<->%q: %v"

func (l transportLog) Printf(format string, args ...any) {
	if format == serveConnFormat && len(args) == 3 {
		// A client's malformed or oversized request, already answered.
		slog.Info("transport", "listener", l.listener, "local", fmt.Sprint(args[0]), "remote", fmt.Sprint(args[1]),
			"detail", redactTransport(fmt.Sprint(args[2])))
		return
	}
	slog.Warn("transport", "listener", l.listener, "detail", redactTransport(fmt.Sprintf(format, args...)))
}

// redactTransport withholds what a fasthttp error may quote of a request.
func redactTransport(msg string) string {
	var b strings.Builder
	for i := 0; i < len(msg); i++ {
		c := msg[i]
		if c != '"' {
			b.WriteByte(c)
			continue
		}
		b.WriteString(`"(withheld)"`)
		for i++; i < len(msg) && msg[i] != '"'; i++ {
			if msg[i] == '\\' {
				i++
			}
		}
	}
	out := b.String()
	lower := strings.ToLower(out)
	for _, cut := range []string{"contents:", "authorization", "bearer"} {
		if j := strings.Index(lower, cut); j >= 0 {
			out, lower = out[:j]+"(withheld)", lower[:j]
		}
	}
	if len(out) > maxTransportLog {
		out = out[:maxTransportLog]
	}
	return out
}
