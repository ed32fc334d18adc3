// Package servicetest holds helpers for testing the host and its front ends:
// the real embedded store in a temporary directory. It is never used by the
// product.
package servicetest

import (
	"testing"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/embedded"
)

// Store opens the real embedded store in a fresh temporary directory and
// closes it when the test ends, so front-end tests run on a backend that
// passes the storage conformance suite instead of a hand-written fake.
func Store(t testing.TB) storage.Store {
	t.Helper()
	st, err := embedded.Open(t.TempDir(), storage.Options{})
	if err != nil {
		t.Fatalf("servicetest: open embedded store: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}
