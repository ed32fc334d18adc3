package engine_test

import (
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/smokyvalley"
	"github.com/smokestack/smokestack/engine/testgame"
	"github.com/smokestack/smokestack/engine/urbanization"
)

var helpLangs = []lang.Lang{lang.English, lang.German, lang.French}

func helpGames() []engine.Game {
	return []engine.Game{brass.New(), urbanization.New(), smokyvalley.New(), testgame.Game{}}
}

// TestHelpTextsForPlayers: what players read of a game's help (its
// summary, options, notation examples and rules topics) in every language
// points at nothing they cannot open: no file of the repository ("docs/",
// ".md"). And the line giving a topic's moves starts with one word in each
// language in every game: "Notation", not Brass's former "Type" /
// "Eingabe" / "Saisie".
func TestHelpTextsForPlayers(t *testing.T) {
	for _, g := range helpGames() {
		info := g.Info()
		for _, l := range helpLangs {
			w := engine.WordsFor(info, l, nil)
			texts := map[string]string{"summary": w.Summary()}
			for _, o := range info.Options {
				texts["option "+o.Key] = w.Option(o)
			}
			for _, x := range info.Examples {
				texts["example "+x.Move] = w.Example(x)
			}
			for _, tp := range w.Help() {
				texts["topic "+tp.ID] = tp.Title + "\n" + tp.Body + "\n" + strings.Join(tp.Keywords, ", ")
			}
			for what, s := range texts {
				if strings.Contains(s, "docs/") || strings.Contains(s, ".md") {
					t.Errorf("%s %s: %s names a file of the repository: %q", info.ID, l, what, s)
				}
				for _, old := range []string{"Type: ", "Eingabe: ", "Saisie\u00a0: "} {
					if strings.Contains(s, "\n"+old) || strings.HasPrefix(s, old) {
						t.Errorf("%s %s: %s gives its moves after %q, not Notation", info.ID, l, what, old)
					}
				}
			}
		}
	}
}

// TestHelpSearchCommonQuestions: the questions a new player types into
// /rules find the final scoring or the winning topic first, in every
// language, in every game.
func TestHelpSearchCommonQuestions(t *testing.T) {
	// Each question asks about the end of the game, the score or winning.
	questions := map[lang.Lang][]struct{ query, about string }{
		lang.English: {{"end of game", "end"}, {"game end", "end"}, {"score", "score"}, {"how do I win", "win"}, {"who wins", "win"}},
		lang.German:  {{"Spielende", "end"}, {"Ende des Spiels", "end"}, {"Schlusswertung", "end"}, {"wer gewinnt", "win"}, {"wie gewinne ich", "win"}},
		lang.French:  {{"fin de partie", "end"}, {"fin du jeu", "end"}, {"décompte final", "end"}, {"qui gagne", "win"}, {"comment gagner", "win"}},
	}
	// The topic each game answers with (Brass has a topic on scoring in
	// general, The Smoky Valley one on winning).
	for _, gc := range []struct {
		g      engine.Game
		answer map[string]string
	}{
		{brass.New(), map[string]string{"end": "final-scoring", "score": "scoring", "win": "final-scoring"}},
		{urbanization.New(), map[string]string{"end": "final-scoring", "score": "final-scoring", "win": "final-scoring"}},
		{smokyvalley.New(), map[string]string{"end": "final-scoring", "score": "final-scoring", "win": "winner"}},
	} {
		for _, l := range helpLangs {
			x := engine.NewHelpIndex(engine.WordsFor(gc.g.Info(), l, nil).Help())
			for _, q := range questions[l] {
				want := gc.answer[q.about]
				if hits := x.Search(q.query, 3); len(hits) == 0 || hits[0].ID != want {
					t.Errorf("%s %s: %q finds %v first, want %s", gc.g.Info().ID, l, q.query, ids(hits), want)
				}
			}
		}
	}
}
