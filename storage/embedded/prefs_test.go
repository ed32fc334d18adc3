package embedded_test

import (
	"context"
	"testing"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/embedded"
)

// TestPrefsSurvive: preferences are on disk when SetPrefs returns, so they
// survive a restart, and a backup copies them.
func TestPrefsSurvive(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := embedded.Open(dir, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetPrefs(ctx, "user:discord:1", []byte(`{"dm":true}`)); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s, err = embedded.Open(dir, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got, err := s.Prefs(ctx, "user:discord:1"); err != nil || string(got) != `{"dm":true}` {
		t.Fatalf("after a restart: %q %v", got, err)
	}
	dest := t.TempDir()
	if _, err := embedded.Backup(dir, dest, storage.Options{}); err != nil {
		t.Fatal(err)
	}
	b, err := embedded.Open(dest, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if got, err := b.Prefs(ctx, "user:discord:1"); err != nil || string(got) != `{"dm":true}` {
		t.Fatalf("in the backup: %q %v", got, err)
	}
}
