//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd || solaris

package pgledger

import "syscall"

// peekFlags make recvfrom look at the socket's receive queue without taking
// anything from it (MSG_PEEK) and without waiting (MSG_DONTWAIT, whatever the
// descriptor's mode and whatever deadline the connection has).
const peekFlags = syscall.MSG_PEEK | syscall.MSG_DONTWAIT

// recvfrom peeks at a socket; nil where the idle check is not available.
var recvfrom = syscall.Recvfrom
