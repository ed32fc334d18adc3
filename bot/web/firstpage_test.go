package web_test

import (
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine/lang"
)

// TestFirstPageReadsNoWholeCatalog: a fresh process serves the
// playground's page in every language from the host catalog's scoped
// parts (web.*, size.*) alone, without reading any language's whole
// catalog: the cold start's first page (docs/performance.md, "Cold
// start"). It runs in a child process, as the catalogs are read once per
// process and other tests read them whole.
func TestFirstPageReadsNoWholeCatalog(t *testing.T) {
	const child = "SMOKESTACK_TEST_FIRST_PAGE"
	if os.Getenv(child) == "" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestFirstPageReadsNoWholeCatalog$", "-test.count=1", "-test.v")
		cmd.Env = append(os.Environ(), child+"=1")
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "--- PASS: TestFirstPageReadsNoWholeCatalog") {
			t.Fatalf("the child process: %v\n%s", err, out)
		}
		return
	}
	s := newPlayground(t)
	for _, l := range lang.Supported {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/?lang="+string(l), nil))
		if rec.Code != http.StatusOK {
			t.Fatalf("%s page: %d", l, rec.Code)
		}
		limit := bot.BytesIn(l, 16<<20)
		if !strings.Contains(rec.Body.String(), limit) {
			t.Errorf("%s page does not state the record limit %q", l, limit)
		}
	}
	for _, l := range lang.Supported {
		if bot.Catalog().Whole(l) {
			t.Errorf("the first pages read the host's whole %s catalog", l)
		}
	}
}
