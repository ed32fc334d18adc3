package embedded_test

import (
	"testing"

	"github.com/smokestack/smokestack/storage/storagetest"
)

// BenchmarkDue: the scheduler's idle poll over 10,000 open matches (the
// embedded store scans its in-memory index).
func BenchmarkDue(b *testing.B) {
	storagetest.BenchDue(b, openBench(b, b.TempDir()), 10000)
}
