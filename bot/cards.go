package bot

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/smokestack/smokestack/engine"
)

// Card is one card of a seat's hand as a front end shows it.
type Card struct {
	Token string `json:"token"` // as the view and the notation spell it, e.g. "blackburn"
	Name  string `json:"name"`  // for people, e.g. "Blackburn"
}

// cardNames maps each game's card tokens to display names, built once per
// game from its help (see engine.CardTopicPrefix).
type cardNames struct {
	mu   sync.Mutex
	byID map[string]map[string]string
}

func (c *cardNames) of(g engine.Game) map[string]string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if names, ok := c.byID[g.ID()]; ok {
		return names
	}
	names := map[string]string{}
	if h, ok := g.(engine.Helper); ok {
		for _, t := range h.HelpTopics() {
			if token, ok := strings.CutPrefix(t.ID, engine.CardTopicPrefix); ok && t.Title != "" {
				names[token] = strings.TrimSuffix(t.Title, " card")
			}
		}
	}
	if c.byID == nil {
		c.byID = map[string]map[string]string{}
	}
	c.byID[g.ID()] = names
	return names
}

// hand lists the cards of a seat's view: every game's view names the
// viewer's own cards "hand". A card is named by the title of its help topic
// "card-<token>" (without a trailing " card"), or else by its token.
func (c *cardNames) hand(g engine.Game, v engine.View) []Card {
	out := []Card{}
	data, err := json.Marshal(v)
	if err != nil {
		return out
	}
	var fields struct {
		Hand []any `json:"hand"`
	}
	if json.Unmarshal(data, &fields) != nil {
		return out
	}
	names := c.of(g)
	for _, x := range fields.Hand {
		token := fmt.Sprint(x)
		name, ok := names[token]
		if !ok {
			name = token
		}
		out = append(out, Card{Token: token, Name: name})
	}
	return out
}
