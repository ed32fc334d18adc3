package engine_test

import (
	"slices"
	"testing"

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
