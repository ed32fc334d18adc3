package testgame

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	tg "github.com/smokestack/smokestack/engine/testgame"
	"github.com/smokestack/smokestack/render"
)

// The spectators see the pile and the players; a seat also its hand.
func TestImagesPerViewer(t *testing.T) {
	g := tg.Game{}
	st, _, err := g.Setup(engine.Setup{Seats: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	set := render.NewSet(Pebbles{})
	for _, c := range []struct {
		seat  int
		names []string
	}{
		{engine.Spectator, []string{"board.png", "players.png"}},
		{1, []string{"board.png", "players.png", "hand.png"}},
	} {
		imgs, err := set.Images("pebbles", render.Scene{View: g.View(st, c.seat), Seat: c.seat})
		if err != nil {
			t.Fatal(err)
		}
		if len(imgs) != len(c.names) {
			t.Fatalf("seat %d: %d images, want %v", c.seat, len(imgs), c.names)
		}
		for i, im := range imgs {
			if im.Name != c.names[i] || im.Title == "" {
				t.Errorf("seat %d image %d: %q titled %q, want %s", c.seat, i, im.Name, im.Title, c.names[i])
			}
			if _, err := png.Decode(bytes.NewReader(im.PNG)); err != nil {
				t.Errorf("seat %d %s: %v", c.seat, im.Name, err)
			}
		}
	}
	// A seat's view is never drawn for the spectators.
	if _, err := set.Images("pebbles", render.Scene{View: g.View(st, 0), Seat: engine.Spectator}); err == nil {
		t.Error("a seat's view drawn as the public board")
	}
}

// After a take the pile is haloed in the house highlight, which the
// board before any move does not show.
func TestPileHaloAfterTake(t *testing.T) {
	g := tg.Game{}
	st, _, err := g.Setup(engine.Setup{Seats: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	highlighted := func(s engine.State) bool {
		imgs, err := Pebbles{}.Images(render.Scene{View: g.View(s, engine.Spectator), Seat: engine.Spectator})
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(imgs[0].PNG))
		if err != nil {
			t.Fatal(err)
		}
		r, gg, b, _ := img.At(4, 10).RGBA()
		hr, hg, hb, _ := render.Highlight.RGBA()
		return r == hr && gg == hg && b == hb
	}
	if highlighted(st) {
		t.Fatal("the pile is haloed before any move")
	}
	card := g.Holding(st, 0).Cards[0].Token
	next, _, err := g.Apply(st, 0, engine.Move{"take", card})
	if err != nil {
		t.Fatal(err)
	}
	if !highlighted(next) {
		t.Error("the pile is not haloed after a take")
	}
}

// The pictures' titles are in the scene's language (English without one).
func TestTitlesInLanguage(t *testing.T) {
	g := tg.Game{}
	st, _, err := g.Setup(engine.Setup{Seats: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for l, want := range map[lang.Lang]string{"": "Pile|Players|Your hand", lang.English: "Pile|Players|Your hand",
		lang.German: "Haufen|Spieler|Deine Hand", lang.French: "Tas|Joueurs|Ta main"} {
		imgs, err := Pebbles{}.Images(render.Scene{View: g.View(st, 0), Seat: 0, Lang: l})
		if err != nil {
			t.Fatal(err)
		}
		var titles []string
		for _, im := range imgs {
			titles = append(titles, im.Title)
		}
		if got := strings.Join(titles, "|"); got != want {
			t.Errorf("%q: titles %q, want %q", l, got, want)
		}
	}
}
