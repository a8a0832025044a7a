//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd || solaris)

package pgledger

import "syscall"

// peekFlags: unused here (recvfrom is nil: connections are not checked).
const peekFlags = 0

// recvfrom is nil: this system has no MSG_DONTWAIT peek in package syscall,
// so pooled connections are not checked before reuse (a request is sent).
var recvfrom func(fd int, p []byte, flags int) (int, syscall.Sockaddr, error)
