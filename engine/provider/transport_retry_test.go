package provider_test

import (
	"bufio"
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"svc/engine/provider"
	"svc/engine/provider/mock"
)

// A chat completion POST reaches the endpoint at most once per Complete: it
// is sent again only when the pooled connection it was to go on was closed
// by the endpoint while idle, before any of it was written. These tests run
// against a raw TCP server that decides when each connection is closed.

// rawServer is a loopback HTTP/1.1 server driven by handle, which gets each
// accepted connection and its number (1, 2, ...).
type rawServer struct {
	ln     net.Listener
	handle func(c net.Conn, n int)
	conns  atomic.Int32 // connections accepted
	reqs   atomic.Int32 // requests read in full (headers and body)
	wg     sync.WaitGroup
	mu     sync.Mutex
	open   []net.Conn
}

func newRawServer(t *testing.T, handle func(s *rawServer, c net.Conn, n int)) *rawServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &rawServer{ln: ln}
	s.handle = func(c net.Conn, n int) { handle(s, c, n) }
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			n := int(s.conns.Add(1))
			s.mu.Lock()
			s.open = append(s.open, c)
			s.mu.Unlock()
			s.wg.Add(1)
			go func() {
				defer s.wg.Done()
				defer c.Close()
				s.handle(c, n)
			}()
		}
	}()
	t.Cleanup(s.close)
	return s
}

// close stops the server and waits for its handlers, so that the counts are
// final.
func (s *rawServer) close() {
	s.ln.Close()
	s.mu.Lock()
	for _, c := range s.open {
		c.Close()
	}
	s.mu.Unlock()
	s.wg.Wait()
}

func (s *rawServer) url() string { return "http://" + s.ln.Addr().String() }

// read reads one request in full and counts it; false at the end of the
// connection (or any error).
func (s *rawServer) read(br *bufio.Reader) bool {
	r, err := http.ReadRequest(br)
	if err != nil {
		return false
	}
	if _, err := io.Copy(io.Discard, r.Body); err != nil {
		return false
	}
	s.reqs.Add(1)
	return true
}

const completion = `{"model":"m","choices":[{"message":{"role":"assistant","content":"{\"reply\":\"hi\"}"}}],"usage":{"prompt_tokens":3,"completion_tokens":2}}`

// answer writes a keep-alive 200 with a chat completion.
func answer(c net.Conn) bool {
	_, err := fmt.Fprintf(c, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(completion), completion)
	return err == nil
}

// serveAll answers every request on c.
func (s *rawServer) serveAll(c net.Conn) {
	br := bufio.NewReader(c)
	for s.read(br) && answer(c) {
	}
}

func call(t *testing.T, c *provider.Client) error {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	resp, err := c.Complete(ctx, req)
	if err == nil && resp.Content == "" {
		t.Fatalf("empty answer: %+v", resp)
	}
	return err
}

// counts checks the server's totals once it has stopped.
func (s *rawServer) counts(t *testing.T, conns, reqs int) {
	t.Helper()
	s.close()
	if got := int(s.conns.Load()); got != conns {
		t.Errorf("connections: %d, want %d", got, conns)
	}
	if got := int(s.reqs.Load()); got != reqs {
		t.Errorf("requests received: %d, want %d (a POST was sent again)", got, reqs)
	}
}

// A fresh connection the endpoint closes after reading the whole POST,
// without answering: the call fails and the POST is not sent again (the
// endpoint may have acted on it). The failure is a Transport failure, not a
// BadBody one (which the engine retries on the same endpoint).
func TestFreshConnClosedAfterRequestNotResent(t *testing.T) {
	forEachTransport(t, func(t *testing.T) {
		s := newRawServer(t, func(s *rawServer, c net.Conn, _ int) {
			s.read(bufio.NewReader(c))
		})
		c := client(t, s.url(), 4)
		err := call(t, c)
		if kind(err) != provider.Transport {
			t.Fatalf("want a Transport failure, got %v (kind %d)", err, kind(err))
		}
		s.counts(t, 1, 1)
	})
}

// A pooled connection the endpoint closed while it sat idle (fully, or only
// its sending side, in which case the server sees what arrives after): the
// call goes out once, on a new connection, and succeeds; nothing of it was
// written to the closed connection.
func TestIdleConnClosedByEndpointRetried(t *testing.T) {
	for _, half := range []bool{false, true} {
		name := "close"
		if half {
			name = "half-close"
		}
		t.Run(name, func(t *testing.T) {
			forEachTransport(t, func(t *testing.T) {
				closeIdle, closed := make(chan struct{}), make(chan struct{})
				var late atomic.Int64 // bytes the closed connection received
				s := newRawServer(t, func(s *rawServer, c net.Conn, n int) {
					if n > 1 {
						s.serveAll(c)
						return
					}
					br := bufio.NewReader(c)
					if !s.read(br) || !answer(c) {
						return
					}
					<-closeIdle
					if !half {
						c.Close()
						close(closed)
						return
					}
					_ = c.(*net.TCPConn).CloseWrite()
					close(closed)
					m, _ := io.Copy(io.Discard, br)
					late.Store(m)
				})
				c := client(t, s.url(), 4)
				if err := call(t, c); err != nil {
					t.Fatal(err)
				}
				close(closeIdle)
				<-closed
				time.Sleep(50 * time.Millisecond) // the FIN reaches the client's socket
				if err := call(t, c); err != nil {
					t.Fatalf("call on a connection closed while idle: %v", err)
				}
				c.Close()
				s.counts(t, 2, 2)
				if m := late.Load(); m != 0 {
					t.Errorf("%d bytes written to the connection closed while idle", m)
				}
			})
		})
	}
}

// A pooled connection the endpoint closes after reading the whole POST,
// without answering: as for a fresh connection, the call fails and the POST
// is not sent again.
func TestReusedConnClosedAfterRequestNotResent(t *testing.T) {
	forEachTransport(t, func(t *testing.T) {
		s := newRawServer(t, func(s *rawServer, c net.Conn, n int) {
			if n > 1 {
				s.serveAll(c)
				return
			}
			br := bufio.NewReader(c)
			if s.read(br) && answer(c) {
				s.read(br) // the second request: read, then close unanswered
			}
		})
		c := client(t, s.url(), 4)
		if err := call(t, c); err != nil {
			t.Fatal(err)
		}
		err := call(t, c)
		if kind(err) != provider.Transport {
			t.Fatalf("want a Transport failure, got %v (kind %d)", err, kind(err))
		}
		s.counts(t, 1, 2)
	})
}

// Over TLS: a healthy pooled connection passes the idle check (TLS 1.3
// session tickets are read with the first answer, they are no unsolicited
// bytes), so the calls share one connection; one the endpoint closed while
// idle is replaced, the call going out once.
func TestTLSIdleCheck(t *testing.T) {
	forEachTransport(t, func(t *testing.T) {
		var conns, reqs atomic.Int32
		m := mock.New(mock.Options{})
		srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			reqs.Add(1)
			m.ServeHTTP(w, r)
		}))
		srv.Config.ConnState = func(_ net.Conn, st http.ConnState) {
			if st == http.StateNew {
				conns.Add(1)
			}
		}
		srv.StartTLS()
		defer srv.Close()
		roots := x509.NewCertPool()
		roots.AddCert(srv.Certificate())
		c := clientWith(t, provider.Config{BaseURL: srv.URL + "/v1", MaxInFlight: 2, TLSConfig: &tls.Config{RootCAs: roots}})
		for i := 0; i < 4; i++ {
			if err := call(t, c); err != nil {
				t.Fatalf("call %d: %v", i, err)
			}
			time.Sleep(10 * time.Millisecond)
		}
		if n := conns.Load(); n != 1 {
			t.Fatalf("%d connections, want 1", n)
		}
		srv.CloseClientConnections()
		time.Sleep(50 * time.Millisecond)
		if err := call(t, c); err != nil {
			t.Fatalf("call after the idle close: %v", err)
		}
		if n, r := conns.Load(), reqs.Load(); n != 2 || r != 5 {
			t.Fatalf("%d connections, %d requests; want 2, 5", n, r)
		}
	})
}

// A pooled connection left idle for longer than the previous call's
// deadline is still used: the idle check ignores the socket's deadlines
// (fasthttp leaves the previous call's read deadline on the socket until it
// has written the next request). Both calls go out on the one connection
// and succeed, each sent once.
func TestIdleConnPastDeadlineReused(t *testing.T) {
	forEachTransport(t, func(t *testing.T) {
		const attempt = 200 * time.Millisecond
		// The short deadline is the case under test, not a speed target: on
		// a loaded machine a call may miss it, and the scenario starts over.
		for try := 1; ; try++ {
			s := newRawServer(t, func(s *rawServer, c net.Conn, _ int) { s.serveAll(c) })
			c := client(t, s.url(), 4)
			var err error
			for i := 0; i < 2 && err == nil; i++ {
				if i == 1 {
					time.Sleep(3 * attempt) // idle past the deadline the first call left on the socket
				}
				ctx, cancel := context.WithTimeout(context.Background(), attempt)
				_, err = c.Complete(ctx, req)
				cancel()
			}
			c.Close()
			if err != nil && kind(err) == provider.Timeout && try < 5 {
				t.Logf("try %d: %v; again", try, err)
				s.close()
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			s.counts(t, 1, 2)
			return
		}
	})
}

// The endpoint closed every pooled connection while they were idle (it
// restarted): a call goes through the whole closed pool, sending nothing on
// it, and is sent once, on a new connection. Eight connections are pooled,
// more than fasthttp's default five attempts.
func TestAllPooledConnsClosedRequestSent(t *testing.T) {
	forEachTransport(t, func(t *testing.T) {
		const n = 8
		closeAll, release := make(chan struct{}), make(chan struct{})
		s := newRawServer(t, func(s *rawServer, c net.Conn, k int) {
			if k > n {
				s.serveAll(c)
				return
			}
			br := bufio.NewReader(c)
			if !s.read(br) {
				return
			}
			<-release // every call holds its connection until all n are open
			if answer(c) {
				<-closeAll
			}
		})
		c := client(t, s.url(), 2*n)
		errs := make(chan error, n)
		for i := 0; i < n; i++ {
			go func() { errs <- call(t, c) }()
		}
		for deadline := time.Now().Add(30 * time.Second); s.reqs.Load() < n; time.Sleep(10 * time.Millisecond) {
			if time.Now().After(deadline) { // bounds a hang only
				t.Fatalf("%d of %d requests arrived", s.reqs.Load(), n)
			}
		}
		close(release)
		for i := 0; i < n; i++ {
			if err := <-errs; err != nil {
				t.Fatal(err)
			}
		}
		close(closeAll)
		time.Sleep(100 * time.Millisecond) // the FINs reach the client's sockets
		if err := call(t, c); err != nil {
			t.Fatalf("call after the endpoint closed the pool: %v", err)
		}
		c.Close()
		s.counts(t, n+1, n+1)
	})
}
