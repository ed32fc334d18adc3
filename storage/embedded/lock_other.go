//go:build !unix

package embedded

import (
	"fmt"
	"os"
)

// lockDir creates path exclusively where flock(2) is missing and removes it
// on release. Unlike flock, a crash leaves the file behind; remove it by
// hand after making sure no other process uses the directory.
func lockDir(path string) (func() error, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, fmt.Errorf("%w (%s: %v)", ErrLocked, path, err)
	}
	return func() error {
		f.Close()
		return os.Remove(path)
	}, nil
}
