//go:build unix

package main

import (
	"syscall"
	"time"
)

// processCPU is the process's CPU time so far (user and system), for the
// arena's move times on a machine shared with other work; nil where the
// system has no getrusage.
var processCPU = func() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
