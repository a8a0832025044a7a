package loadgen

import "fmt"

// Control sets the behaviour of the cmd/mockllm at addr (host:port): body
// is POSTed to /control as JSON (docs/mockllm.md has its fields). A non-2xx
// answer is an error holding its body.
func Control(addr string, body any) error {
	if _, err := call("POST", "http://"+addr+"/control", "", body); err != nil {
		return fmt.Errorf("mockllm %s /control: %w", addr, err)
	}
	return nil
}
