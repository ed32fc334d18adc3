package fakediscord

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// This package's tests declare their own -update, which would panic with
// "flag redefined" if the package itself still registered one.
var update = flag.Bool("update", false, "unused here; declared to prove the package registers no flag of that name")

// recorder is a testing.TB that keeps what Compare reports.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
	panic(r) // stops Compare as t.Fatalf would; compare recovers it
}

// compare runs Compare and returns what it reported.
func compare(t *testing.T, got string, update bool) (errs []string) {
	r := &recorder{TB: t}
	defer func() {
		if p := recover(); p != nil && p != r {
			panic(p)
		}
		errs = r.errs
	}()
	Compare(r, "x", got, update)
	return r.errs
}

func TestCompare(t *testing.T) {
	if flag.Lookup("update") == nil || *update {
		t.Fatal("the test's own -update flag is missing or set")
	}
	t.Chdir(t.TempDir())
	if errs := compare(t, "one\n", false); len(errs) != 1 || !strings.Contains(errs[0], "run with -update") {
		t.Fatalf("a missing golden file: %q", errs)
	}
	if errs := compare(t, "one\n", true); len(errs) != 0 {
		t.Fatalf("update reports %q", errs)
	}
	if data, err := os.ReadFile(filepath.Join("testdata", "x.golden")); err != nil || string(data) != "one\n" {
		t.Fatalf("update wrote %q, %v", data, err)
	}
	if errs := compare(t, "one\n", false); len(errs) != 0 {
		t.Errorf("an equal transcript: %q", errs)
	}
	if errs := compare(t, "two\n", false); len(errs) != 1 || !strings.Contains(errs[0], "transcript x differs") || !strings.Contains(errs[0], `"one\n"`) || !strings.Contains(errs[0], `"two\n"`) {
		t.Errorf("a different transcript: %q", errs)
	}
}
