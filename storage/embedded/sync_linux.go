package embedded

import (
	"os"
	"syscall"
)

// datasync flushes the file's data, and the metadata needed to read it
// back (its size), to the disk: fdatasync(2).
func datasync(f *os.File) error {
	return syscall.Fdatasync(int(f.Fd()))
}
