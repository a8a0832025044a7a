package httpapi

import (
	"net"
	"net/netip"
	"testing"

	"github.com/valyala/fasthttp"
)

// clientAddr: the peer unless it is trusted; then the rightmost untrusted
// X-Forwarded-For entry (over every header), the leftmost when all are
// trusted, the last trusted hop when an entry does not parse. No allocation.
func TestClientAddr(t *testing.T) {
	tp, err := ParseTrustedProxies("10.0.0.0/8, 2001:db8:ffff::/48")
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{cfg: Config{TrustedProxies: tp}}
	none := &Server{}
	cases := []struct {
		peer string
		xff  []string
		want string // with tp
		bare string // without trusted proxies
	}{
		{"203.0.113.1", []string{"198.51.100.1"}, "203.0.113.1", "203.0.113.1"}, // untrusted peer: header ignored
		{"10.0.0.1", nil, "10.0.0.1", "10.0.0.1"},
		{"10.0.0.1", []string{"198.51.100.1"}, "198.51.100.1", "10.0.0.1"},
		{"10.0.0.1", []string{"1.1.1.1, 198.51.100.1, 10.9.9.9"}, "198.51.100.1", "10.0.0.1"},
		{"10.0.0.1", []string{"1.1.1.1", "198.51.100.1 , 10.9.9.9"}, "198.51.100.1", "10.0.0.1"}, // two headers
		{"10.0.0.1", []string{"10.1.1.1, 10.2.2.2"}, "10.1.1.1", "10.0.0.1"},                     // all trusted: the leftmost
		{"10.0.0.1", []string{"1.1.1.1, garbage, 10.2.2.2"}, "10.2.2.2", "10.0.0.1"},             // stops at the hop that wrote it
		{"10.0.0.1", []string{"198.51.100.1:5555"}, "198.51.100.1", "10.0.0.1"},
		{"10.0.0.1", []string{"[2001:db8::1]:443"}, "2001:db8::1", "10.0.0.1"},
		{"10.0.0.1", []string{"[2001:db8::2]"}, "2001:db8::2", "10.0.0.1"},
		{"10.0.0.1", []string{"fe80::1%eth0"}, "10.0.0.1", "10.0.0.1"}, // zones refused
		{"10.0.0.1", []string{"::ffff:198.51.100.3"}, "198.51.100.3", "10.0.0.1"},
		{"2001:db8:ffff::1", []string{"2001:db8::9, 2001:db8:ffff::2"}, "2001:db8::9", "2001:db8:ffff::1"},
		{"::ffff:10.0.0.1", []string{"198.51.100.4"}, "198.51.100.4", "10.0.0.1"}, // a mapped peer
	}
	for _, c := range cases {
		var req fasthttp.Request
		for _, h := range c.xff {
			req.Header.Add("X-Forwarded-For", h)
		}
		var ctx fasthttp.RequestCtx
		ctx.Init(&req, &net.TCPAddr{IP: net.ParseIP(c.peer), Port: 1}, nil)
		if got := s.clientAddr(&ctx); got != netip.MustParseAddr(c.want) {
			t.Errorf("peer %s, X-Forwarded-For %q: %s, want %s", c.peer, c.xff, got, c.want)
		}
		if got := none.clientAddr(&ctx); got != netip.MustParseAddr(c.bare) {
			t.Errorf("no trusted proxies, peer %s, X-Forwarded-For %q: %s, want %s", c.peer, c.xff, got, c.bare)
		}
		if n := testing.AllocsPerRun(100, func() { s.clientAddr(&ctx) }); n != 0 {
			t.Errorf("peer %s, X-Forwarded-For %q: %v allocations", c.peer, c.xff, n)
		}
	}
}
