package render_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/render"
)

// fixed is a renderer that returns the images it is given.
type fixed []render.Image

func (fixed) Game() string { return "fixed" }
func (f fixed) Images(render.Scene) ([]render.Image, error) {
	return f, nil
}

func TestSetChecksImages(t *testing.T) {
	png := []byte{1}
	many := make(fixed, render.MaxImages+1)
	for i := range many {
		many[i] = render.Image{Name: fmt.Sprintf("p%d.png", i), PNG: png}
	}
	cases := []struct {
		name string
		r    fixed
		ok   bool
	}{
		{"one board", fixed{{Name: "board.png", Title: "Board", PNG: png}}, true},
		{"board and panels", fixed{{Name: "board.png", PNG: png}, {Name: "player-1.png", PNG: png}, {Name: "hand_2.png", PNG: png}}, true},
		{"no image", fixed{}, false},
		{"too many", many, false},
		{"upper case", fixed{{Name: "Board.png", PNG: png}}, false},
		{"no extension", fixed{{Name: "board", PNG: png}}, false},
		{"a path", fixed{{Name: "../board.png", PNG: png}}, false},
		{"only the extension", fixed{{Name: ".png", PNG: png}}, false},
		{"twice the same name", fixed{{Name: "board.png", PNG: png}, {Name: "board.png", PNG: png}}, false},
		{"empty", fixed{{Name: "board.png"}}, false},
	}
	for _, c := range cases {
		_, err := render.NewSet(c.r).Images("fixed", render.Scene{Seat: engine.Spectator})
		if c.ok && err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		if !c.ok && !errors.Is(err, render.ErrImages) {
			t.Errorf("%s: %v, want ErrImages", c.name, err)
		}
	}
	if _, err := render.NewSet().Images("fixed", render.Scene{Seat: engine.Spectator}); !errors.Is(err, render.ErrNoRenderer) {
		t.Errorf("unknown game: %v, want ErrNoRenderer", err)
	}
}

// TestSceneName: a seat the host named keeps its name in every language;
// one without a name is the engine catalog's default name in the
// image's language ("Seat N", "Spieler N", "Joueur N"), as the texts name it.
func TestSceneName(t *testing.T) {
	names := []string{"Ada", " ", ""}
	for _, c := range []struct {
		l            lang.Lang
		want1, want2 string
	}{
		{"", "Seat 2", "Seat 3"},
		{lang.English, "Seat 2", "Seat 3"},
		{lang.German, "Spieler 2", "Spieler 3"},
		{lang.French, "Joueur 2", "Joueur 3"},
	} {
		sc := render.Scene{Names: names, Lang: c.l}
		if got := sc.Name(0); got != "Ada" {
			t.Errorf("%q: seat 1 is %q, want Ada", c.l, got)
		}
		if got := sc.Name(1); got != c.want1 {
			t.Errorf("%q: a blank name is %q, want %q", c.l, got, c.want1)
		}
		if got := sc.Name(2); got != c.want2 {
			t.Errorf("%q: a missing name is %q, want %q", c.l, got, c.want2)
		}
	}
}
