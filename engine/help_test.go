package engine_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/smokestack/smokestack/engine"
)

var helpTopics = []engine.HelpTopic{
	{ID: "coal", Title: "Coal", Kind: "rule", Keywords: []string{"coal mine", "fuel"}, Body: "Coal comes from mines connected to you, or from the market."},
	{ID: "coal-market", Title: "Coal market", Kind: "rule", Keywords: []string{"buy coal"}, Body: "The market sells coal at rising prices."},
	{ID: "canal", Title: "Canal links", Kind: "rule", Keywords: []string{"link", "waterway"}, Body: "Build canals in the first period."},
	{ID: "manchester", Title: "Manchester", Kind: "location", Keywords: []string{"town"}, Body: "A large town with a port box for cotton."},
	{ID: "iron", Title: "Iron", Kind: "rule", Keywords: []string{"iron works"}, Body: "Iron needs no connection; take the cheapest."},
}

func ids(ts []engine.HelpTopic) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.ID)
	}
	return out
}

func TestSearchHelpRanking(t *testing.T) {
	tests := []struct {
		query string
		limit int
		want  []string
	}{
		// Exact ID or title first, then keyword and title word matches,
		// then body matches.
		{"coal", 0, []string{"coal", "coal-market"}},
		{"Coal Market", 0, []string{"coal-market", "coal"}},
		{"coal-market", 0, []string{"coal-market"}},
		{"fuel", 0, []string{"coal"}},
		{"port", 0, []string{"manchester"}},
		{"waterway", 0, []string{"canal"}},
		{"  CANAL links ", 0, []string{"canal"}},
		// Every word must match somewhere.
		{"coal waterway", 0, nil},
		{"market prices", 0, []string{"coal-market"}},
		{"town", 0, []string{"manchester"}},
		{"nothing-like-this", 0, nil},
		// An empty query lists rule topics in their order.
		{"", 0, []string{"coal", "coal-market", "canal", "iron"}},
		{"", 2, []string{"coal", "coal-market"}},
	}
	for _, tt := range tests {
		got := ids(engine.SearchHelp(helpTopics, tt.query, tt.limit))
		if !slices.Equal(got, tt.want) {
			t.Errorf("SearchHelp(%q) = %v, want %v", tt.query, got, tt.want)
		}
	}
}

func TestSearchHelpKeywordBeforeBody(t *testing.T) {
	// "cheapest" is only in iron's body; "coal mine" is coal's keyword and
	// words of it appear in other bodies.
	got := ids(engine.SearchHelp(helpTopics, "coal mine", 0))
	if len(got) == 0 || got[0] != "coal" {
		t.Errorf("SearchHelp(coal mine) = %v, want coal first", got)
	}
	got = ids(engine.SearchHelp(helpTopics, "cheapest", 0))
	if len(got) != 1 || got[0] != "iron" {
		t.Errorf("SearchHelp(cheapest) = %v, want [iron]", got)
	}
}

func TestFindTopic(t *testing.T) {
	if tp, ok := engine.FindTopic(helpTopics, "canal"); !ok || tp.Title != "Canal links" {
		t.Errorf("FindTopic(canal) = %+v, %v", tp, ok)
	}
	if _, ok := engine.FindTopic(helpTopics, "rail"); ok {
		t.Error("FindTopic(rail) found a topic")
	}
}

func TestHelpQueryBounded(t *testing.T) {
	huge := strings.Repeat("coal iron ", 80000) // 800 KB of repeated words
	q, words := engine.HelpQuery(huge)
	if len(q) > engine.MaxHelpQuery || !slices.Equal(words, []string{"coal", "iron"}) {
		t.Errorf("HelpQuery(800 KB) = %d bytes, words %v; want at most %d bytes and [coal iron]", len(q), words, engine.MaxHelpQuery)
	}
	var many strings.Builder
	for i := range 50 {
		fmt.Fprintf(&many, "w%d ", i)
	}
	if _, words := engine.HelpQuery(many.String()); len(words) != engine.MaxHelpWords {
		t.Errorf("50 distinct words kept %d, want %d", len(words), engine.MaxHelpWords)
	}
	// A cut never splits a character.
	q, _ = engine.HelpQuery(strings.Repeat("é", 300))
	if !utf8.ValidString(q) {
		t.Errorf("cut query is not valid UTF-8: %q", q)
	}
	// The huge query still finds what its words find.
	if got := ids(engine.NewHelpIndex(helpTopics).Search(huge, 0)); !slices.Equal(got, nil) {
		t.Errorf("coal+iron together = %v, want nothing (no topic has both)", got)
	}
	if got := ids(engine.NewHelpIndex(helpTopics).Search(strings.Repeat("coal ", 100000), 1)); !slices.Equal(got, []string{"coal"}) {
		t.Errorf("repeated coal = %v, want [coal]", got)
	}
}

func TestHelpSearchText(t *testing.T) {
	x := engine.NewHelpIndex(helpTopics)
	for _, tc := range []struct {
		query string
		want  []string
	}{
		// Words of the text find a topic; a plural finds the singular.
		{"rising prices", []string{"coal-market"}},
		{"large towns", []string{"manchester"}},
		// Stop words are skipped when other words remain.
		{"the cheapest", []string{"iron"}},
		{"how do I build canals", []string{"canal"}},
		// Keyword and title beat the text.
		{"market", []string{"coal-market", "coal"}},
	} {
		if got := ids(x.Search(tc.query, 0)); !slices.Equal(got, tc.want) {
			t.Errorf("Search(%q) = %v, want %v", tc.query, got, tc.want)
		}
	}
	if tp, ok := x.Topic("iron"); !ok || tp.Title != "Iron" {
		t.Errorf("Topic(iron) = %+v, %v", tp, ok)
	}
}

func BenchmarkHelpSearchHuge(b *testing.B) {
	x := engine.NewHelpIndex(helpTopics)
	huge := strings.Repeat("coal iron market ", 50000)
	for b.Loop() {
		x.Search(huge, 5)
	}
}

// A French player types the straight apostrophe his keyboard gives; the
// texts use the typographic one (and a query may carry either): both
// spellings find the same topics.
func TestSearchHelpApostrophes(t *testing.T) {
	x := engine.NewHelpIndex([]engine.HelpTopic{
		{ID: "prets", Title: "Prêts d’argent", Kind: "rule", Keywords: []string{"taux d’intérêt"}, Body: "On emprunte à l’usine."},
		{ID: "phase", Title: "Phase d'administration", Kind: "rule", Body: "Les villes l'ont voulu."},
	})
	for _, c := range []struct{ query, want string }{
		{"d'argent", "prets"},
		{"d’argent", "prets"},
		{"taux d'intérêt", "prets"},
		{"l'usine", "prets"},
		{"Prêts d'argent", "prets"},
		{"phase d’administration", "phase"},
		{"l’ont", "phase"},
	} {
		if got := ids(x.Search(c.query, 0)); !slices.Equal(got, []string{c.want}) {
			t.Errorf("Search(%q) = %v, want [%s]", c.query, got, c.want)
		}
	}
}

// A title or keyword outranks the text, and a whole word or the start of
// one outranks letters that happen to be inside a word: "win" finds the
// winner before "Sowing" (so-win-g) and the windmill, "score" finds the
// scoring topic (its title's "scoring") before a text that says "score".
func TestSearchHelpWholeWordsFirst(t *testing.T) {
	x := engine.NewHelpIndex([]engine.HelpTopic{
		{ID: "sow", Title: "Sowing seeds", Kind: "rule", Keywords: []string{"sow"}, Body: "Plant grain."},
		{ID: "windmill", Title: "Windmill", Kind: "card", Body: "Grinds grain."},
		{ID: "feed", Title: "Feeding", Kind: "rule", Body: "You score 1 VP for spare grain."},
		{ID: "final", Title: "Final scoring", Kind: "rule", Keywords: []string{"end", "win", "winner"}, Body: "Most points wins."},
		{ID: "spielende", Title: "Schlusswertung", Kind: "rule", Keywords: []string{"spielende"}, Body: "Am Ende zählt das Geld."},
		{ID: "round-end", Title: "Rundenende", Kind: "rule", Body: "Das Ende einer Runde."},
	})
	for _, c := range []struct {
		query string
		want  []string
	}{
		{"how do I win", []string{"final", "windmill", "sow"}},
		{"score", []string{"final", "feed"}},
		{"winner", []string{"final"}},
		// A German compound still finds its part, after a whole word.
		{"ende", []string{"spielende", "round-end"}},
	} {
		if got := ids(x.Search(c.query, 0)); !slices.Equal(got, c.want) {
			t.Errorf("Search(%q) = %v, want %v", c.query, got, c.want)
		}
	}
}
