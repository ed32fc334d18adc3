package embedded_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/embedded"
	"github.com/smokestack/smokestack/storage/storagetest"
)

// TestResultsSurviveReopen: results are there after the store is closed
// and opened again; a last line cut short by a crash is dropped, and the
// results before it are kept.
func TestResultsSurviveReopen(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := embedded.Open(dir, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, id := range []string{"m1", "m2"} {
		if err := s.AddResult(ctx, storagetest.Result(id, "discord:g", at, "u1", "u2")); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	// A crash in the middle of a third write.
	f, err := os.OpenFile(filepath.Join(dir, "results.jsonl"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"match_id":"m3","game":"peb`)
	f.Close()
	s, err = embedded.Open(dir, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.Results(ctx, storage.ResultFilter{Server: "discord:g"})
	if err != nil || len(got) != 2 {
		t.Fatalf("after reopening: %+v %v", got, err)
	}
	if err := s.AddResult(ctx, storagetest.Result("m3", "discord:g", at.Add(time.Hour), "u1")); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = embedded.Open(dir, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err = s.Results(ctx, storage.ResultFilter{UserID: "u1"})
	if err != nil || len(got) != 3 || got[0].MatchID != "m3" {
		t.Fatalf("after a write past the torn line: %+v %v", got, err)
	}
}

// TestResultsInBackup: a backup carries the results of finished matches.
func TestResultsInBackup(t *testing.T) {
	ctx := context.Background()
	dir, dest := t.TempDir(), filepath.Join(t.TempDir(), "copy")
	s, err := embedded.Open(dir, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.AddResult(ctx, storagetest.Result("m1", "discord:g", time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC), "u1", "u2")); err != nil {
		t.Fatal(err)
	}
	if _, err := embedded.Backup(dir, dest, storage.Options{}); err != nil {
		t.Fatal(err)
	}
	c, err := embedded.Open(dest, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if got, err := c.Results(ctx, storage.ResultFilter{}); err != nil || len(got) != 1 || got[0].MatchID != "m1" {
		t.Errorf("results in the backup: %+v %v", got, err)
	}
}
