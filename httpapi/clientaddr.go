package httpapi

import (
	"bytes"
	"fmt"
	"net"
	"net/netip"
	"strings"
	"time"
	"unsafe"

	"github.com/pires/go-proxyproto"
	"github.com/valyala/fasthttp"
)

// TrustedProxies are the peers allowed to state a request's client address
// (svc serve --trusted-proxies): a load balancer or CDN in front of the
// node. Empty (the default) trusts no one: the client is the TCP peer.
//
// A trusted peer states the address in one of two ways, both honoured:
//   - a PROXY protocol v1 or v2 header at the start of the connection
//     (haproxy's send-proxy-v2), read by ProxyListener; the connection's
//     remote address is then the one in the header;
//   - X-Forwarded-For: when the peer (after PROXY) is trusted, the client is
//     the rightmost address of the header(s) that is not itself trusted
//     (each trusted hop appended the address it saw; anything left of the
//     first untrusted one was written by the client and is ignored). All
//     trusted: the leftmost. An entry that does not parse stops the walk at
//     the hop that wrote it.
//
// A header from a peer not in the list changes nothing (a PROXY header is
// then not parsed at all: the connection is plain HTTP and such bytes are a
// malformed request). The client address is what the access log records and
// what the failed-authentication limit counts.
type TrustedProxies []netip.Prefix

// ParseTrustedProxies parses "CIDR,CIDR,..." (a bare address is a /32 or
// /128); "" is none.
func ParseTrustedProxies(s string) (TrustedProxies, error) {
	var out TrustedProxies
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		p, err := netip.ParsePrefix(f)
		if err != nil {
			a, aerr := netip.ParseAddr(f)
			if aerr != nil || a.Zone() != "" {
				return nil, fmt.Errorf("--trusted-proxies: %q is not a CIDR or an address", f)
			}
			p = netip.PrefixFrom(a, a.BitLen())
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

// String is the list as the flag takes it.
func (tp TrustedProxies) String() string {
	s := make([]string, len(tp))
	for i, p := range tp {
		s[i] = p.String()
	}
	return strings.Join(s, ",")
}

// Contains reports whether a (IPv4-mapped IPv6 unmapped) is in the list.
func (tp TrustedProxies) Contains(a netip.Addr) bool {
	a = a.Unmap()
	for _, p := range tp {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// proxyHeaderTimeout bounds the wait for a trusted peer's PROXY header (a
// peer that sends nothing at all, such as a health check that only
// connects, is answered as a plain connection after it).
const proxyHeaderTimeout = 5 * time.Second

// ProxyListener wraps l so that a connection from a trusted peer may open
// with a PROXY protocol v1 or v2 header (optional: the peer's own health
// checks may send none), whose source address becomes the connection's
// remote address. Connections from other peers are passed through
// untouched. With no trusted proxies it returns l itself.
func ProxyListener(l net.Listener, tp TrustedProxies) net.Listener {
	if len(tp) == 0 {
		return l
	}
	return &proxyproto.Listener{
		Listener: l,
		ConnPolicy: func(o proxyproto.ConnPolicyOptions) (proxyproto.Policy, error) {
			if ap, err := netip.ParseAddrPort(o.Upstream.String()); err == nil && tp.Contains(ap.Addr()) {
				return proxyproto.USE, nil
			}
			return proxyproto.SKIP, nil
		},
		ReadHeaderTimeout: proxyHeaderTimeout,
	}
}

// clientAddr is the request's client address: the connection's remote
// address (the PROXY header's when a trusted peer sent one), then, when that
// is a trusted proxy, the X-Forwarded-For walk of TrustedProxies. It does
// not allocate.
func (s *Server) clientAddr(ctx *fasthttp.RequestCtx) netip.Addr {
	a, _ := netip.AddrFromSlice(ctx.RemoteIP())
	a = a.Unmap()
	tp := s.cfg.TrustedProxies
	if len(tp) == 0 || !tp.Contains(a) {
		return a
	}
	hs := ctx.Request.Header.PeekAll(hdrForwardedFor)
	for i := len(hs) - 1; i >= 0; i-- {
		h := hs[i]
		for len(h) > 0 {
			var e []byte
			if j := bytes.LastIndexByte(h, ','); j >= 0 {
				e, h = h[j+1:], h[:j]
			} else {
				e, h = h, nil
			}
			e = bytes.TrimSpace(e)
			if len(e) == 0 {
				continue
			}
			next, ok := parseForwarded(e)
			if !ok {
				return a
			}
			if !tp.Contains(next) {
				return next
			}
			a = next
		}
	}
	return a
}

var hdrForwardedFor = "X-Forwarded-For"

// parseForwarded parses one X-Forwarded-For entry: an address, or an
// address with a port ("192.0.2.1:443", "[2001:db8::1]:443") or in brackets
// as some proxies write it. Zones are refused. The form is told apart
// before parsing, and characters no address holds are refused first, so
// that neither a port nor a garbage entry costs a parse error's allocation.
func parseForwarded(e []byte) (netip.Addr, bool) {
	if len(e) > 64 {
		return netip.Addr{}, false
	}
	for _, c := range e {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' || c == '.' || c == ':' || c == '[' || c == ']') {
			return netip.Addr{}, false
		}
	}
	host := e
	switch {
	case e[0] == '[': // "[v6]" or "[v6]:port"
		j := bytes.IndexByte(e, ']')
		if j < 0 || (j+1 < len(e) && !validPort(e[j+1:])) {
			return netip.Addr{}, false
		}
		host = e[1:j]
	case bytes.Count(e, []byte{':'}) == 1: // "v4:port"
		j := bytes.IndexByte(e, ':')
		if !validPort(e[j:]) {
			return netip.Addr{}, false
		}
		host = e[:j]
	}
	// The string does not outlive the call: ParseAddr keeps no part of a
	// zoneless address, so host's bytes are read in place, without a copy.
	a, err := netip.ParseAddr(unsafe.String(unsafe.SliceData(host), len(host)))
	if err != nil {
		return netip.Addr{}, false
	}
	return a.Unmap(), true
}

// validPort reports whether p is ":" followed by 1 to 5 digits.
func validPort(p []byte) bool {
	if len(p) < 2 || len(p) > 6 || p[0] != ':' {
		return false
	}
	for _, c := range p[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
