//go:build !unix

package main

import "time"

// processCPU is nil where the system has no getrusage: the arena then
// reports wall times only.
var processCPU func() time.Duration
