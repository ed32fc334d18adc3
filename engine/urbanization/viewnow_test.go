package urbanization

import (
	"encoding/json"
	"testing"

	"github.com/smokestack/smokestack/engine"
)

// TestViewSaysWhatHappensNowAsData walks whole games and checks that the
// view tells what happens now only as data (segment, turn, phase, the seat
// to act), never as a sentence: the board words it in the reader's
// language (render/urbanization, messages board.label.*). It also checks
// what the renderer relies on: a game not over has exactly one seat to act,
// and the segment is "over" exactly when the game is finished.
func TestViewSaysWhatHappensNowAsData(t *testing.T) {
	g := New()
	segs := map[string]bool{}
	for _, rec := range wordGames(t) {
		res, err := engine.Replay(g, rec, engine.KeepStates())
		if err != nil {
			t.Fatal(err)
		}
		for k, p := range res.Moves {
			v := g.View(p.State, engine.Spectator).(View)
			segs[v.Segment] = true
			if v.Finished != (v.Segment == "over") {
				t.Fatalf("move %d: finished %t in segment %q", k+1, v.Finished, v.Segment)
			}
			if !v.Finished && len(v.Active) != 1 {
				t.Fatalf("move %d: segment %q with active seats %v, want one", k+1, v.Segment, v.Active)
			}
			data, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			var top map[string]json.RawMessage
			if err := json.Unmarshal(data, &top); err != nil {
				t.Fatal(err)
			}
			if l, ok := top["label"]; ok {
				t.Fatalf("move %d: the view carries a sentence of what happens now: label %s", k+1, l)
			}
		}
	}
	for _, s := range []string{"first-house", "hire", "actions", "exchange", "over"} {
		if !segs[s] {
			t.Errorf("no position in segment %q: the test proves little", s)
		}
	}
}
