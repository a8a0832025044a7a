package testredis

import (
	"bufio"
	"net"
	"strconv"
	"strings"
	"testing"

	"svc/internal/freeport"
)

// takePort holds a free port with a server that answers +PONG to every
// line (another redis-server, as it were) until the test ends.
func takePort(t *testing.T) int {
	t.Helper()
	p, err := freeport.Port()
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:"+itoa(p))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				r := bufio.NewReader(c)
				for {
					if _, err := r.ReadString('\n'); err != nil {
						return
					}
					c.Write([]byte("+PONG\r\n"))
				}
			}()
		}
	}()
	return p
}

func itoa(p int) string { return strconv.Itoa(p) }

// A port another server took (and answers PING on) before redis-server
// bound it is replaced: the server started is ours, on a new port.
func TestStartRetriesOnTakenPort(t *testing.T) {
	taken := takePort(t)
	first := true
	nextPort = func() (int, error) {
		if first {
			first = false
			return taken, nil
		}
		return freeport.Port()
	}
	defer func() { nextPort = freeport.Port }()
	s := Start(t)
	if s.Addr == "127.0.0.1:"+itoa(taken) {
		t.Fatalf("Start took the other server on %s for redis-server", s.Addr)
	}
	if err := Ping(s.Addr); err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(s.Addr)
	if !freeport.Owns(s.cmd.Process.Pid, atoi(port)) {
		t.Fatalf("redis-server (pid %d) does not listen on %s", s.cmd.Process.Pid, s.Addr)
	}
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// When every port is taken, Start gives up after freeport.Attempts starts,
// naming the ports and redis-server's log.
func TestStartGivesUp(t *testing.T) {
	var taken []string
	nextPort = func() (int, error) {
		p := takePort(t)
		taken = append(taken, "127.0.0.1:"+itoa(p))
		return p, nil
	}
	defer func() { nextPort = freeport.Port }()
	bin, err := Binary(t.Logf)
	if err != nil {
		t.Fatal(err)
	}
	s, err := launch(bin, t.TempDir(), t.Logf)
	if err == nil {
		s.Stop()
		t.Fatalf("started on %s, every port taken", s.Addr)
	}
	if len(taken) != freeport.Attempts {
		t.Fatalf("%d starts, want %d", len(taken), freeport.Attempts)
	}
	for _, want := range append(taken, "gave up after 3 starts", "Address already in use") {
		if !strings.Contains(err.Error(), want) {
			t.Fatalf("error %q does not say %q", err, want)
		}
	}
}
