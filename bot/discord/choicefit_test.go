package discord

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/smokyvalley"
	"github.com/smokestack/smokestack/engine/urbanization"
)

// longName is a seat's name of 32 runes, the longest display name
// Discord allows, made of wide letters; seat i ends in its digit.
func longName(i int) string {
	n := fmt.Sprintf("Maximiliane Württemberg-Hohenz %d", i+1)
	if utf8.RuneCountInString(n) != 32 {
		panic(n)
	}
	return n
}

// TestChoiceTextsFit plays eight random games of each game through the
// service, every seat named with 32 runes, and words every choice the
// picker offers along the way in English, German and French as the
// picker's menus do (selectOption: Match.ChoiceIn, the token after the
// help in another language). It fails when a label or description is
// longer than Discord's 100 runes for a select option, which the adapter
// would otherwise cut silently: such a text is to be shortened in its
// catalog.
func TestChoiceTextsFit(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games")
	}
	games := []engine.Game{brass.New(), smokyvalley.New(), urbanization.New()}
	svc, err := bot.New(bot.Config{Games: engine.NewRegistry(games...), Store: servicetest.Store(t), Seed: func() uint64 { return 11 }})
	if err != nil {
		t.Fatal(err)
	}
	// Eight games of each, every seat count, with and without the options
	// that add choices.
	options := map[string][]map[string]string{
		"urbanization": {nil, {"inventions": "on"}},
	}
	ctx := context.Background()
	for _, g := range games {
		id := g.Info().ID
		t.Run(id, func(t *testing.T) {
			cut := map[string]string{} // text → where it was offered
			offered, moves := 0, 0
			info := g.Info()
			for k := range 8 {
				p := struct {
					seats   int
					options map[string]string
					seed    uint64
				}{info.MinSeats + k%(info.MaxSeats-info.MinSeats+1), nil, uint64(3 + 7*k)}
				if o := options[id]; len(o) > 0 {
					p.options = o[k%len(o)]
				}
				channel := fmt.Sprintf("fit-%s-%d", id, k)
				user := func(i int) string { return fmt.Sprintf("u%d", i) }
				m, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: channel, Game: id, Creator: bot.UserRef{ID: user(0), Name: longName(0)},
					Options: p.options, Seed: p.seed, ExactSeed: true})
				if err != nil {
					t.Fatal(err)
				}
				for i := 1; i < p.seats; i++ {
					if _, err := svc.Join(ctx, bot.ByID(m.ID), bot.UserRef{ID: user(i), Name: longName(i)}); err != nil {
						t.Fatal(err)
					}
				}
				o, err := svc.Start(ctx, bot.ByID(m.ID), user(0))
				if err != nil {
					t.Fatal(err)
				}
				rng := engine.NewRNG(p.seed, 0xf17)
				m = o.Match
				for move := 0; m.Play != nil && len(m.Play.Active) > 0; move++ {
					if move > 600 {
						t.Fatalf("%s: no end after %d moves", channel, move)
					}
					seat := m.Play.Active[rng.Intn(len(m.Play.Active))]
					var partial []string
					for {
						ch, mm, err := svc.Choices(ctx, bot.ByID(m.ID), user(seat), strings.Join(partial, " "))
						if err != nil {
							t.Fatalf("%s: choices after %q: %v", channel, partial, err)
						}
						for _, l := range lang.Supported {
							w := mm.WordsIn(l)
							for _, x := range ch.Next {
								offered++
								if _, over := selectOption(mm, w, x, seat); len(over) > 0 {
									for _, s := range over {
										cut[fmt.Sprintf("%s (%d runes)", s, utf8.RuneCountInString(s))] = fmt.Sprintf("%s, %s after %q", l, channel, strings.Join(partial, " "))
									}
								}
							}
						}
						if ch.Complete && (len(ch.Next) == 0 || rng.Intn(3) == 0) {
							break
						}
						if len(ch.Next) == 0 {
							t.Fatalf("%s: %q leads nowhere", channel, partial)
						}
						partial = append(partial, ch.Next[rng.Intn(len(ch.Next))].Token)
					}
					o, err := svc.Submit(ctx, bot.SubmitRequest{Ref: bot.ByID(m.ID), UserID: user(seat), Move: strings.Join(partial, " ")})
					if err != nil {
						t.Fatalf("%s: move %q: %v", channel, partial, err)
					}
					m = o.Match
					moves++
				}
			}
			for s, where := range cut {
				t.Errorf("longer than Discord's %d runes for a select option (%s): %s", maxOptionText, where, s)
			}
			t.Logf("%d moves, %d choices worded", moves, offered)
		})
	}
}
