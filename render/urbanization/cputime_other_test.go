//go:build !unix

package urbanization

import "time"

// cpuTime is not measured on this platform.
func cpuTime() time.Duration { return 0 }
