package testgame

import (
	"testing"

	"github.com/smokestack/smokestack/engine"
)

// benchTurn is one Pebbles turn as a host narrates it: the take move and,
// for every seat and the spectator, each event it may see, worded by say.
func benchTurn(b *testing.B, say func(ev engine.Event, viewer int) string) {
	g := Game{}
	st, _, err := g.Setup(engine.Setup{Seats: 4, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	seat := g.Status(st).Active[0]
	ch, _ := g.Choices(st, seat, engine.Move{"take"})
	m := engine.Move{"take", ch.Next[0].Token}
	n := 0
	b.ReportAllocs()
	for b.Loop() {
		_, evs, err := g.Apply(st, seat, m)
		if err != nil {
			b.Fatal(err)
		}
		for _, ev := range evs {
			for viewer := engine.Spectator; viewer < 4; viewer++ {
				if ev.VisibleTo(viewer) {
					n += len(say(ev, viewer))
				}
			}
		}
	}
	if n == 0 {
		b.Fatal("nothing narrated")
	}
}

var benchNames = []string{"Ann", "Bo", "Cleo", "Dev"}

// legacy is how hosts narrate today: the English fields with the seats
// named (the same code before and after the catalogs).
func legacy(ev engine.Event, viewer int) string {
	text := ev.Text
	if viewer == ev.Seat && ev.Own != "" {
		text = ev.Own
	}
	return engine.NameSeatsFor(text, benchNames, viewer)
}

func BenchmarkNarrateTurn(b *testing.B) {
	b.Run("legacy", func(b *testing.B) { benchTurn(b, legacy) })
	BenchmarkNarrateTurnWords(b)
}
