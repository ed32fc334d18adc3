package transfer_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/embedded"
	"github.com/smokestack/smokestack/storage/transfer"
)

// WriteResults adds what the target lacks, skips what it holds the same,
// and reports (without touching) a result it holds with other figures;
// ReadResults gives them back oldest first.
func TestWriteResults(t *testing.T) {
	ctx := context.Background()
	st, err := embedded.Open(t.TempDir(), storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	at := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	res := func(id string, day int, score int) storage.Result {
		return storage.Result{MatchID: id, Game: "pebbles", Channel: "discord:1", Finished: at.AddDate(0, 0, day),
			Seats: []storage.ResultSeat{{UserID: "discord:1", Name: "ann", Score: score, Place: 1, Turns: 3, Thinking: time.Minute}}}
	}
	if err := st.AddResult(ctx, res("b", 1, 5)); err != nil {
		t.Fatal(err)
	}
	if err := st.AddResult(ctx, res("c", 2, 7)); err != nil {
		t.Fatal(err)
	}
	kept, err := transfer.WriteResults(ctx, st, []storage.Result{res("a", 0, 1), res("b", 1, 5), res("c", 2, 8)})
	if err != nil || !slices.Equal(kept, []string{"c"}) {
		t.Fatalf("WriteResults: kept %v, %v; want c (held with another score)", kept, err)
	}
	got, err := transfer.ReadResults(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	want := []storage.Result{res("a", 0, 1), res("b", 1, 5), res("c", 2, 7)}
	if len(got) != len(want) {
		t.Fatalf("%d results, want %d", len(got), len(want))
	}
	for i := range want {
		if err := transfer.SameResult(want[i], got[i]); err != nil {
			t.Error(err)
		}
	}
	if _, err := transfer.WriteResults(ctx, st, []storage.Result{{Game: "pebbles"}}); err == nil {
		t.Error("a result without a match ID was accepted")
	}
}
