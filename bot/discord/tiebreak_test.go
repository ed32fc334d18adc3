package discord

import (
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/urbanization"
)

// TestTieBreakInTheReadersLanguage: the game-over headline and the final
// results word a finished game's tie-break in the reader's language with
// the players' names (Status.TieBreakMsgs), and in English as the game
// wrote it.
func TestTieBreakInTheReadersLanguage(t *testing.T) {
	english := "seat 2 and seat 1 tie on 31 VP: seat 2 owns the newer factory (#7)"
	play := &engine.Status{Finished: true, Ranking: []int{1, 0},
		Seats:        []engine.SeatStatus{{Seat: 0, Score: 31}, {Seat: 1, Score: 31}},
		TieBreak:     english,
		TieBreakMsgs: []lang.Msg{lang.M("tie-break.newer", "seatA", "1", "seatB", "0", "vp", "31", "factory", "7")}}
	m := bot.Match{Seats: []bot.Seat{{Name: "Ada"}, {Name: "Bea"}}, Play: play}
	info := urbanization.New().Info()
	for _, tc := range []struct {
		l    lang.Lang
		want string
	}{
		{lang.English, "Bea and Ada tie on 31 VP: Bea owns the newer factory (#7)"},
		{lang.German, "Bea und Ada haben gleich viele Siegpunkte (31): Bea besitzt die neuere Fabrik (Nr. 7)"},
		{lang.French, "Bea et Ada sont à égalité avec 31\u00a0points de victoire\u00a0: Bea possède l’usine la plus récente (nº 7)"},
	} {
		w := engine.WordsFor(info, tc.l, []string{"Ada", "Bea"})
		for what, text := range map[string]string{"headline": status(m, w, false), "results": resultsText(m, w, "results")} {
			if !strings.Contains(text, tc.want) {
				t.Errorf("%s in %s: %q lacks %q", what, tc.l, text, tc.want)
			}
			if tc.l != lang.English && strings.Contains(text, "tie on") {
				t.Errorf("%s in %s: %q has the English tie-break", what, tc.l, text)
			}
		}
	}
}
