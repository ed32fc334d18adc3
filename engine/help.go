package engine

import (
	"sort"
	"strings"
)

// SearchHelp ranks a game's help topics against a free-text query: exact ID
// or title first, then keyword and title word matches, then body matches.
// An empty query lists the rule topics in their given order.
func SearchHelp(topics []HelpTopic, query string, limit int) []HelpTopic {
	q := strings.ToLower(strings.TrimSpace(query))
	type scored struct {
		t     HelpTopic
		score int
		order int
	}
	var hits []scored
	words := strings.Fields(q)
	for i, t := range topics {
		s := 0
		title := strings.ToLower(t.Title)
		switch {
		case q == "":
			if t.Kind == "rule" {
				s = 1
			}
		case q == t.ID || q == title:
			s = 100
		default:
			for _, w := range words {
				ws := 0
				if strings.Contains(title, w) {
					ws = 10
				}
				for _, k := range t.Keywords {
					k = strings.ToLower(k)
					if k == q {
						ws = max(ws, 30)
					} else if strings.Contains(k, w) {
						ws = max(ws, 8)
					}
				}
				if ws == 0 && strings.Contains(strings.ToLower(t.Body), w) {
					ws = 1
				}
				if ws == 0 {
					s = 0
					break
				}
				s += ws
			}
		}
		if s > 0 {
			hits = append(hits, scored{t, s, i})
		}
	}
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].score != hits[j].score {
			return hits[i].score > hits[j].score
		}
		return hits[i].order < hits[j].order
	})
	out := make([]HelpTopic, 0, len(hits))
	for _, h := range hits {
		if limit > 0 && len(out) == limit {
			break
		}
		out = append(out, h.t)
	}
	return out
}

// FindTopic returns the topic with the ID.
func FindTopic(topics []HelpTopic, id string) (HelpTopic, bool) {
	for _, t := range topics {
		if t.ID == id {
			return t, true
		}
	}
	return HelpTopic{}, false
}
