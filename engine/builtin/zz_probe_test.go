package builtin

import (
	"bufio"
	"fmt"
	"os"
	"testing"

	"svc/engine/op"
)

func TestZZProbe(t *testing.T) {
	f, err := os.Open(os.Getenv("PROBE"))
	if err != nil {
		t.Skip()
	}
	s := bufio.NewScanner(f)
	for s.Scan() {
		tx := s.Text()
		if tx == "" {
			continue
		}
		r := Classify(op.ClassifyRequest{Text: tx})
		m := Moderate(op.ModerateRequest{Text: tx})
		fmt.Printf("%s\n   => %v %s %s/%s pr=%s rr=%v flags=%v\n   reply: %s\n   why: %s\n", tx, r.Intent, r.Sentiment, r.Language, r.Dialect, r.Priority, r.RequiresResponse, m.Flags, r.ReplyText, r.Reasoning)
	}
}
