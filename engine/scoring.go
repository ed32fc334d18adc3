package engine

import "github.com/smokestack/smokestack/engine/lang"

// ScoringCategory is one way a seat scores, as Info.Scoring lists it.
type ScoringCategory struct {
	Key   string `json:"key"`   // stable identifier: "canal-links", "money" ...
	Label string `json:"label"` // for people: "Canal links"
}

// StatUntracked is the Key of the Breakdown entry that holds the part of
// a score no category accounts for: points scored in a match begun before
// the game kept its breakdown. A match played by this build never has it.
const StatUntracked = "untracked"

// ScoreBreakdown is a seat's SeatStatus.Breakdown: the points it scored in
// each of cats (by category key in by), in the order of cats, and, when
// they do not add up to score, one more entry (StatUntracked) with the
// rest.
func ScoreBreakdown(cats []ScoringCategory, by map[string]int, score int) []Stat {
	out := make([]Stat, 0, len(cats)+1)
	sum := 0
	for _, c := range cats {
		v := by[c.Key]
		sum += v
		out = append(out, Stat{Key: c.Key, Label: c.Label, Value: v})
	}
	if sum != score {
		out = append(out, Stat{Key: StatUntracked, Label: catalog.Text(lang.English, "stat."+StatUntracked, nil), Value: score - sum})
	}
	return out
}
