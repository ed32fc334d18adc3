package render

import (
	"slices"
	"testing"
)

// runeWidth measures a text as 10 pixels a rune.
type runeWidth struct{}

func (runeWidth) TextWidth(s string, _ Font) float64 { return 10 * float64(len([]rune(s))) }

// TestWrap: words fill each line in turn up to the width; a word wider
// than the width is a line of its own; spaces collapse.
func TestWrap(t *testing.T) {
	for _, c := range []struct {
		text string
		w    float64
		want []string
	}{
		{"Mine de charbon", 90, []string{"Mine de", "charbon"}},
		{"Mine de charbon", 150, []string{"Mine de charbon"}},
		{"Baumwollspinnerei ist", 60, []string{"Baumwollspinnerei", "ist"}},
		{"  a   b  ", 30, []string{"a b"}},
		{"", 30, []string{""}},
	} {
		if got := Wrap(runeWidth{}, c.text, Font{}, c.w); !slices.Equal(got, c.want) {
			t.Errorf("Wrap(%q, %v) = %q, want %q", c.text, c.w, got, c.want)
		}
	}
}
