package enginetest

import (
	"fmt"
	"strings"

	"github.com/smokestack/smokestack/engine"
)

// Transcript writes the public narration of a replayed record for a golden
// file: the setup's events, then each move (numbered as in the record, with
// its seat and notation) and its events, then the result and the
// tie-break. A game's test appends its own final standings.
func Transcript(b *strings.Builder, g engine.Game, res engine.Result) {
	public := func(evs []engine.Event) {
		for _, e := range evs {
			if e.Audience == engine.Public {
				fmt.Fprintf(b, "%s\n", e.Text)
			}
		}
	}
	b.WriteString("## setup\n")
	public(res.Setup)
	for i, p := range res.Moves {
		if p.Undo != 0 {
			fmt.Fprintf(b, "## %d undo %d\n", i+1, p.Undo)
			continue
		}
		fmt.Fprintf(b, "## %d s%d %s\n", i+1, p.Seat+1, g.FormatMove(p.Move))
		public(p.Events)
	}
	b.WriteString("## final\n")
	fmt.Fprintf(b, "result: %s\n", engine.ResultText(res.Status))
	fmt.Fprintf(b, "tie-break: %q\n", res.Status.TieBreak)
}
