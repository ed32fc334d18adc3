//go:build smokestack_testgames

package main

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"time"
)

// The test clock of a test build (tag smokestack_testgames, as the process
// tests of bot/discord build it): a test moves the turn clock of every
// process it started, for example by 12 hours to see the reminders fire,
// by writing one file they all read. Release builds have none of this
// (TestReleaseHasNoTestClock).
//
//   - SMOKESTACK_TEST_CLOCK_FILE names a file holding an offset, a Go
//     duration such as 12h1m: the service's and the store's clock is the
//     real time plus the offset the file holds when the clock is read
//     (so the processes move together, and time still passes). The file
//     must exist at start.
//   - SMOKESTACK_TEST_CLOCK_EVERY is how often the Discord bot asks for
//     due reminders (a Go duration; default 30 s as in a release build).
//
// The Discord adapter's own clock, which times the 15-minute interaction
// tokens against the real Discord, stays the real one.
func init() {
	testVariables = []string{"SMOKESTACK_TEST_CLOCK_FILE", "SMOKESTACK_TEST_CLOCK_EVERY"}
	testClockHook = readTestClock
}

func readTestClock(environ []string) (testClock, error) {
	var tc testClock
	for _, kv := range environ {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "SMOKESTACK_TEST_CLOCK_FILE":
			tc.file = v
		case "SMOKESTACK_TEST_CLOCK_EVERY":
			d, err := time.ParseDuration(v)
			if err != nil || d <= 0 {
				return testClock{}, fmt.Errorf("SMOKESTACK_TEST_CLOCK_EVERY=%q: want a positive Go duration such as 100ms", v)
			}
			tc.every = d
		}
	}
	if tc.file == "" {
		return tc, nil
	}
	c := &offsetClock{file: tc.file}
	if _, err := c.offset(); err != nil {
		return testClock{}, err
	}
	tc.now = c.Now
	return tc, nil
}

// offsetClock is the real time plus the offset in its file.
type offsetClock struct {
	file string
	mu   sync.Mutex
	last time.Duration // the last offset read, kept while the file is being rewritten
}

func (c *offsetClock) Now() time.Time {
	d, err := c.offset()
	if err != nil {
		c.mu.Lock()
		d = c.last
		c.mu.Unlock()
	}
	return time.Now().Add(d)
}

func (c *offsetClock) offset() (time.Duration, error) {
	b, err := os.ReadFile(c.file)
	if err != nil {
		return 0, fmt.Errorf("SMOKESTACK_TEST_CLOCK_FILE: %v", err)
	}
	d, err := time.ParseDuration(strings.TrimSpace(string(b)))
	if err != nil {
		return 0, fmt.Errorf("SMOKESTACK_TEST_CLOCK_FILE %s: want an offset, a Go duration such as 12h1m: %v", c.file, err)
	}
	c.mu.Lock()
	c.last = d
	c.mu.Unlock()
	return d, nil
}
