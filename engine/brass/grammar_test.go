package brass

import (
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// TestDemandSaleCubes: a sale to the demand track counts its cubes with
// the plural message "cubes" ("1 coal cube", "3 cubes de fer"), and the
// French texts name a building « entreprise » as the French help does.
func TestDemandSaleCubes(t *testing.T) {
	info := New().Info()
	sale := func(n, cube string) engine.Event {
		return event(0, "demand", "demand", "cubes", n, "money", "4", "cube", cube)
	}
	for _, c := range []struct {
		l    lang.Lang
		ev   engine.Event
		want string
	}{
		{lang.English, sale("1", "coal"), "Ann sells 1 coal cube to the demand track for £4"},
		{lang.English, sale("3", "iron"), "Ann sells 3 iron cubes to the demand track for £4"},
		{lang.German, sale("1", "coal"), "Ann verkauft 1 Würfel Kohle an die Nachfrageleiste für 4\u00a0£"},
		{lang.French, sale("1", "coal"), "Ann vend 1 cube de charbon à la piste de demande pour 4\u00a0£"},
		{lang.French, sale("3", "iron"), "Ann vend 3 cubes de fer à la piste de demande pour 4\u00a0£"},
	} {
		if got := engine.WordsFor(info, c.l, []string{"Ann", "Bo"}).Event(c.ev, 1); got != c.want {
			t.Errorf("%s: %q, want %q", c.l, got, c.want)
		}
	}
	w := engine.WordsFor(info, lang.French, nil)
	if got, want := w.Msg(lang.M("prompt.industry"), ""), "Quelle entreprise\u00a0?"; got != want {
		t.Errorf("French prompt %q, want %q", got, want)
	}
}
