//go:build unix

package discord

import (
	"syscall"
	"testing"
)

// lowerFileLimit sets the process's soft limit of open files to n for the
// rest of the test, as on a host with a modest ulimit, so that a flood of
// connections would exhaust it unless the server bounds them.
func lowerFileLimit(t *testing.T, n uint64) {
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &old); err != nil {
		t.Fatal(err)
	}
	if old.Cur <= n {
		return
	}
	lim := old
	lim.Cur = n
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { syscall.Setrlimit(syscall.RLIMIT_NOFILE, &old) })
}
