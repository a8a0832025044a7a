package httpapi

import (
	"fmt"
	"log/slog"
)

// logPanic records a recovered panic under its request id.
func logPanic(rid string, v any) {
	slog.Error("panic in handler", "request_id", rid, "panic", fmt.Sprint(v))
}
