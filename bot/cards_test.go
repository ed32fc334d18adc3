package bot_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/engine/brass"
)

// TestPrivateHandNames: a hand is listed with the titles of the game's card
// help topics; a game without them shows its tokens.
func TestPrivateHandNames(t *testing.T) {
	ctx := context.Background()
	svc, o := startedBrass(t, ctx)
	m := o.Match
	p, err := svc.Private(ctx, bot.ByID(m.ID), bob.ID)
	if err != nil {
		t.Fatal(err)
	}
	hand := p.View.(brass.View).Hand
	if len(p.Hand) != len(hand) || len(hand) == 0 {
		t.Fatalf("hand %+v, view hand %v", p.Hand, hand)
	}
	titles := map[string]string{}
	for _, tp := range brass.New().HelpTopics() {
		titles[tp.ID] = tp.Title
	}
	for i, c := range p.Hand {
		if c.Token != hand[i] || c.Name+" card" != titles["card-"+c.Token] || c.Name == c.Token {
			t.Errorf("card %d is %+v, want token %q named after %q", i, c, hand[i], titles["card-"+hand[i]])
		}
	}
	// The data's spellings, checked by hand.
	want := map[string]string{"blackburn": "Blackburn", "coal": "Coal mine", "cotton": "Cotton mill", "warrington": "Warrington & Runcorn"}
	for _, c := range p.Hand {
		if w, ok := want[c.Token]; ok && c.Name != w {
			t.Errorf("%s is named %q, want %q", c.Token, c.Name, w)
		}
	}

	// Pebbles has no card topics: its cards keep their tokens.
	psvc := newService(t, servicetest.Store(t))
	pm := started(t, ctx, psvc, "c", "1,2,3,1,2,3,3,3,3")
	pp, err := psvc.Private(ctx, bot.ByID(pm.ID), alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	var tokens []string
	for _, c := range pp.Hand {
		if c.Name != c.Token {
			t.Errorf("pebbles card %+v renamed", c)
		}
		tokens = append(tokens, c.Token)
	}
	if !slices.Equal(tokens, []string{"1", "2", "3"}) {
		t.Errorf("pebbles hand %s, want 1 2 3", strings.Join(tokens, " "))
	}
}
