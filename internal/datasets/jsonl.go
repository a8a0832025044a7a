package datasets

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
)

// maxLine bounds one JSONL line (a labelled text and its fields).
const maxLine = 16 << 20

// ReadJSONL reads a file of one JSON object a line into a slice of T.
func ReadJSONL[T any](path string) ([]T, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rows []T
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), maxLine)
	for n := 1; sc.Scan(); n++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue // a blank line (a hand-edited set's last line) holds no row
		}
		var r T
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, n, err)
		}
		rows = append(rows, r)
	}
	return rows, sc.Err()
}
