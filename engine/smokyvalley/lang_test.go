package smokyvalley

import "testing"

// TestCatalogComplete: every English message has its German and French
// one with the same placeholders (lang.Catalog.Check).
func TestCatalogComplete(t *testing.T) {
	if err := Catalog().Check(); err != nil {
		t.Fatal(err)
	}
}
