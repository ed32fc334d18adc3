package brass

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
)

// fixture is a 3-seat match with seat 0 to play two actions, empty hands
// and an empty board, ready to be arranged by hand.
func fixture(t *testing.T, period period) *state {
	t.Helper()
	s, _, err := Game{}.Setup(engine.Setup{Seats: 3, Seed: 1, Pins: map[string]string{PinFirst: "1"}})
	if err != nil {
		t.Fatal(err)
	}
	st := s.(*state)
	st.Period = period
	st.Round = 2
	st.Actions = 2
	for i := range st.Hands {
		st.Hands[i] = []int{}
	}
	// The other seats hold cards so the round does not end under a test.
	st.give(t, 1, "fleetwood", "fleetwood")
	st.give(t, 2, "fleetwood", "fleetwood")
	return st
}

func (st *state) give(t *testing.T, seat int, cards ...string) {
	t.Helper()
	for _, c := range cards {
		k, ok := theBoard().cardBySlug(c)
		if !ok {
			t.Fatalf("no card %q", c)
		}
		st.addCard(seat, k)
	}
}

// put places a counter on <town>@<n>.
func (st *state) put(t *testing.T, where string, owner int, ind industry, level, cubes int, flipped bool) {
	t.Helper()
	_, si, ok := parseWhere(where)
	if !ok || si < 0 {
		t.Fatalf("bad space %q", where)
	}
	st.Spaces[si] = spaceTile{Owner: owner, Ind: ind, Level: level, Cubes: cubes, Flipped: flipped}
}

func (st *state) build(t *testing.T, id string, owner int) {
	t.Helper()
	li, ok := theBoard().linkIndex[id]
	if !ok {
		t.Fatalf("no link %q", id)
	}
	st.Links[li] = owner
}

func (st *state) tile(t *testing.T, where string) spaceTile {
	t.Helper()
	_, si, ok := parseWhere(where)
	if !ok || si < 0 {
		t.Fatalf("bad space %q", where)
	}
	return st.Spaces[si]
}

func apply(t *testing.T, st *state, seat int, text string) (*state, []engine.Event) {
	t.Helper()
	g := Game{}
	m, err := g.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	n, evs, err := g.Apply(st, seat, m)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return n.(*state), evs
}

func wantRule(t *testing.T, st *state, seat int, text, code string) {
	t.Helper()
	g := Game{}
	m, err := g.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = g.Apply(st, seat, m)
	re, ok := engine.AsRule(err)
	if !ok || re.Code != code {
		t.Fatalf("%s: want rule %s, got %v", text, code, err)
	}
	if !slices.Contains(TopicIDs, re.Topic) {
		t.Fatalf("%s: topic %q is not a known topic", text, re.Topic)
	}
}

func tokens(t *testing.T, st *state, seat int, text string) []string {
	t.Helper()
	g := Game{}
	var m engine.Move
	if text != "" {
		var err error
		if m, err = g.ParseMove(text); err != nil {
			t.Fatal(err)
		}
	}
	ch, err := g.Choices(st, seat, m)
	if err != nil {
		t.Fatalf("choices %q: %v", text, err)
	}
	var out []string
	for _, c := range ch.Next {
		out = append(out, c.Token)
	}
	return out
}

func TestCoalFromClosestMine(t *testing.T) {
	st := fixture(t, periodCanal)
	// Seat 1's mine in Bolton is one link from Bury; seat 0's own mine in
	// Manchester is... also adjacent, so put seat 0's in Oldham (two links).
	st.put(t, "bolton@1", 1, indCoal, 2, 3, false)
	st.put(t, "oldham@1", 0, indCoal, 2, 3, false)
	st.build(t, "bolton-bury", 1)
	st.build(t, "bury-manchester", 0)
	st.build(t, "manchester-oldham", 0)
	st.Players[0].Next[indCotton] = 3 // level 2 mills need coal
	st.give(t, 0, "bury", "wigan")
	if got := tokens(t, st, 0, "build cotton bury"); slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, "coal:") }) {
		t.Fatalf("coal source offered without a tie: %v", got)
	}
	n, _ := apply(t, st, 0, "build cotton bury card:bury")
	if n.tile(t, "bolton@1").Cubes != 2 || n.tile(t, "oldham@1").Cubes != 3 {
		t.Fatalf("coal not from the closest mine: bolton %d oldham %d", n.tile(t, "bolton@1").Cubes, n.tile(t, "oldham@1").Cubes)
	}
	if n.Players[0].Money != 30-14 || n.Players[0].Spent != 14 {
		t.Fatalf("money %d spent %d", n.Players[0].Money, n.Players[0].Spent)
	}
}

func TestCoalTieIsChosen(t *testing.T) {
	st := fixture(t, periodCanal)
	st.put(t, "bolton@1", 1, indCoal, 2, 3, false)
	st.put(t, "manchester@1", 2, indCoal, 2, 3, false)
	st.build(t, "bolton-bury", 1)
	st.build(t, "bury-manchester", 2)
	st.Players[0].Next[indCotton] = 3
	st.give(t, 0, "bury")
	got := tokens(t, st, 0, "build cotton bury")
	if !slices.Equal(got, []string{"coal:bolton", "coal:manchester"}) {
		t.Fatalf("tie choices %v", got)
	}
	if _, _, err := (Game{}).Apply(st, 0, engine.Move{"build", "cotton", "bury"}); !errors.Is(err, engine.ErrIncompleteMove) {
		t.Fatalf("prefix: %v", err)
	}
	wantRule(t, st, 0, "build cotton bury card:bury", "source.required")
	n, _ := apply(t, st, 0, "build cotton bury coal:manchester card:bury")
	if n.tile(t, "manchester@1").Cubes != 2 || n.tile(t, "bolton@1").Cubes != 3 {
		t.Fatal("coal not taken from the chosen mine")
	}
	wantRule(t, st, 0, "build cotton bury coal:wigan card:bury", "source.not-allowed")
}

func TestCoalSameTownAndMarket(t *testing.T) {
	st := fixture(t, periodCanal)
	st.Players[0].Next[indCotton] = 3
	st.give(t, 0, "colne", "colne", "bury")
	// No mine and no port: no coal.
	wantRule(t, st, 0, "build cotton colne card:colne", "build.no-coal")
	// Connected to Yorkshire: coal from the demand track at £1.
	st.build(t, "colne-yorkshire", 1)
	n, _ := apply(t, st, 0, "build cotton colne card:colne")
	if n.Coal != 7 || n.Players[0].Spent != 15 {
		t.Fatalf("coal track %d spent %d", n.Coal, n.Players[0].Spent)
	}
	// A mine in the same town is nearest even with one next door.
	st2 := fixture(t, periodCanal)
	st2.Players[0].Next[indCotton] = 3
	st2.put(t, "bury@1", 2, indCoal, 2, 1, false)
	st2.put(t, "bolton@1", 1, indCoal, 2, 3, false)
	st2.build(t, "bolton-bury", 1)
	st2.give(t, 0, "bury")
	n, _ = apply(t, st2, 0, "build cotton bury card:bury")
	if tl := n.tile(t, "bury@1"); tl.Cubes != 0 || !tl.Flipped {
		t.Fatalf("same-town mine not used or not flipped: %+v", tl)
	}
	if n.Players[2].Space != theBoard().startSpace+7 {
		t.Fatalf("mine owner income space %d", n.Players[2].Space)
	}
}

func TestIronAnywhereThenMarket(t *testing.T) {
	st := fixture(t, periodRail)
	st.Players[0].Next[indCoal] = 3 // level 3 mine needs iron
	st.give(t, 0, "wigan", "colne")
	n, _ := apply(t, st, 0, "build coal wigan card:wigan")
	if n.Iron != 7 || n.Players[0].Spent != 8+1 {
		t.Fatalf("iron track %d spent %d", n.Iron, n.Players[0].Spent)
	}
	st.put(t, "preston@3", 1, indIron, 2, 2, false)
	st.put(t, "rochdale@3", 2, indIron, 2, 1, false)
	got := tokens(t, st, 0, "build coal wigan")
	if !slices.Equal(got, []string{"iron:preston", "iron:rochdale"}) {
		t.Fatalf("iron choices %v", got)
	}
	n, _ = apply(t, st, 0, "build coal wigan iron:rochdale card:wigan")
	if tl := n.tile(t, "rochdale@3"); !tl.Flipped || n.Iron != 8 {
		t.Fatalf("works not emptied and flipped, iron track %d", n.Iron)
	}
}

func TestMineFillsDemandTrack(t *testing.T) {
	st := fixture(t, periodCanal)
	st.Coal = 5
	st.Players[0].Next[indCoal] = 1 // level 2, 3 cubes
	st.put(t, "warrington@2", 1, indPort, 1, 0, false)
	st.give(t, 0, "warrington", "colne")
	n, _ := apply(t, st, 0, "build coal warrington card:warrington")
	// Three empty spaces priced £2, £1, £1 from the most expensive.
	if n.Coal != 8 || n.Players[0].Money != 30-7+4 {
		t.Fatalf("coal track %d money %d", n.Coal, n.Players[0].Money)
	}
	if tl := n.tile(t, "warrington@1"); !tl.Flipped || tl.Cubes != 0 {
		t.Fatalf("mine %+v", tl)
	}
	// Not connected to a port: the cubes stay.
	st2 := fixture(t, periodCanal)
	st2.Coal = 5
	st2.give(t, 0, "wigan")
	n, _ = apply(t, st2, 0, "build coal wigan card:wigan")
	if n.Coal != 5 || n.tile(t, "wigan@1").Cubes != 2 {
		t.Fatal("unconnected mine sold to the track")
	}
}

func TestIronWorksFillsTrack(t *testing.T) {
	st := fixture(t, periodCanal)
	st.Iron = 6
	st.build(t, "bolton-bury", 1)
	st.put(t, "bury@1", 1, indCoal, 1, 2, false)
	st.give(t, 0, "bolton")
	n, _ := apply(t, st, 0, "build iron bolton card:bolton")
	// £1 and £1 for the two cheapest... the two empty spaces are the £1 ones.
	if n.Iron != 8 || n.tile(t, "bolton@3").Cubes != 2 || n.Players[0].Money != 30-5+2 {
		t.Fatalf("iron %d cubes %d money %d", n.Iron, n.tile(t, "bolton@3").Cubes, n.Players[0].Money)
	}
}

func TestTurnOrderBySpending(t *testing.T) {
	// Rulebook, STEP C example: £23, £6, £6, £12 (four players).
	s, _, err := Game{}.Setup(engine.Setup{Seats: 4, Seed: 3, Pins: map[string]string{PinFirst: "1"}})
	if err != nil {
		t.Fatal(err)
	}
	st := s.(*state)
	for i, v := range []int{23, 6, 6, 12} {
		st.Players[i].Spent = v
	}
	var evs []engine.Event
	bank := st.Bank
	st.endRound(&evs)
	if !slices.Equal(st.Order, []int{1, 2, 3, 0}) {
		t.Fatalf("order %v", st.Order)
	}
	if st.Bank != bank+47 {
		t.Fatalf("spent money not returned to the bank")
	}
}

func TestLoanBands(t *testing.T) {
	st := fixture(t, periodCanal)
	st.Players[0].Space = 35 // income £12
	st.give(t, 0, "bolton", "bury")
	n, _ := apply(t, st, 0, "loan 30 card:bolton")
	// Three levels down to £9, top space of that level.
	if n.income(0) != 9 || n.Players[0].Space != 28 || n.Players[0].Money != 60 {
		t.Fatalf("income %d space %d money %d", n.income(0), n.Players[0].Space, n.Players[0].Money)
	}
	st.Players[0].Space = 2 // income -8
	if got := tokens(t, st, 0, "loan"); !slices.Equal(got, []string{"10", "20"}) {
		t.Fatalf("loan amounts %v", got)
	}
	wantRule(t, st, 0, "loan 30 card:bolton", "loan.income-floor")
	st3 := fixture(t, periodRail)
	st3.Deck = nil
	st3.give(t, 0, "bolton")
	wantRule(t, st3, 0, "loan 10 card:bolton", "loan.deck-exhausted")
}

func TestSellToPortFlipsBoth(t *testing.T) {
	st := fixture(t, periodCanal)
	st.put(t, "bury@1", 0, indCotton, 1, 0, false)
	st.put(t, "liverpool@1", 1, indPort, 1, 0, false)
	st.give(t, 0, "colne")
	wantRule(t, st, 0, "sell bury>liverpool card:colne", "sell.not-connected")
	st.build(t, "bury-manchester", 2)
	st.build(t, "manchester-warrington", 2)
	st.build(t, "warrington-wigan", 2)
	st.build(t, "liverpool-wigan", 2)
	n, _ := apply(t, st, 0, "sell bury>liverpool card:colne")
	if !n.tile(t, "bury@1").Flipped || !n.tile(t, "liverpool@1").Flipped {
		t.Fatal("not both flipped")
	}
	if n.Players[0].Space != 15 || n.Players[1].Space != 13 {
		t.Fatalf("income spaces %d %d", n.Players[0].Space, n.Players[1].Space)
	}
}

func TestDistantMarketFollowUp(t *testing.T) {
	st := fixture(t, periodCanal)
	st.put(t, "colne@1", 0, indCotton, 1, 0, false)
	st.put(t, "colne@2", 0, indCotton, 1, 0, false)
	st.build(t, "colne-yorkshire", 1)
	st.Tiles = []int{2, 4, 3, 0, 0, 1, 1, 2, 2, 2, 3, 3}
	st.give(t, 0, "bury", "wigan")
	wantRule(t, st, 0, "sell colne@1>distant colne@2>distant card:bury", "sell.after-distant")
	n, _ := apply(t, st, 0, "sell colne@1>distant card:bury")
	if n.Cotton != 2 || n.Mode != modeSellMore || n.current() != 0 {
		t.Fatalf("cotton %d mode %d", n.Cotton, n.Mode)
	}
	// Mill income 5 + bonus 2 at position 2.
	if n.Players[0].Space != 17 || !n.tile(t, "colne@1").Flipped {
		t.Fatalf("space %d", n.Players[0].Space)
	}
	if got := tokens(t, n, 0, ""); !slices.Equal(got, []string{"sell", "stop"}) {
		t.Fatalf("follow-up %v", got)
	}
	if got := tokens(t, n, 0, "sell"); !slices.Equal(got, []string{"colne>distant"}) {
		t.Fatalf("follow-up sales %v", got)
	}
	n2, _ := apply(t, n, 0, "sell colne>distant")
	if n2.Cotton != 6 || !n2.tile(t, "colne@2").Flipped || n2.Players[0].Space != 17+5+0 {
		t.Fatalf("second sale: cotton %d space %d", n2.Cotton, n2.Players[0].Space)
	}
	// No mill left: the action is over, one action left in the turn.
	if n2.Mode != modePlay || n2.Actions != 1 {
		t.Fatalf("mode %d actions %d", n2.Mode, n2.Actions)
	}
	n3, _ := apply(t, n, 0, "stop")
	if n3.Mode != modePlay || n3.Actions != 1 || n3.tile(t, "colne@2").Flipped {
		t.Fatal("stop did not end the sell action")
	}
}

func TestDistantMarketFails(t *testing.T) {
	st := fixture(t, periodCanal)
	st.put(t, "colne@1", 0, indCotton, 1, 0, false)
	st.build(t, "colne-yorkshire", 1)
	st.Cotton = 6
	st.Tiles = []int{2, 4, 3, 0, 0, 1, 1, 2, 2, 2, 3, 3}
	st.give(t, 0, "bury", "wigan")
	n, _ := apply(t, st, 0, "sell colne>distant card:bury")
	if n.Cotton != 8 || len(n.Tiles) != 0 || n.tile(t, "colne@1").Flipped || n.Mode != modePlay {
		t.Fatalf("failed sale: cotton %d tiles %d", n.Cotton, len(n.Tiles))
	}
	wantRule(t, n, 0, "sell colne>distant card:wigan", "sell.market-closed")
}

func TestOnePerTownAndOverbuild(t *testing.T) {
	st := fixture(t, periodCanal)
	st.put(t, "bury@1", 0, indCotton, 1, 0, false)
	st.give(t, 0, "bury", "coal", "cotton")
	wantRule(t, st, 0, "build coal bury card:bury", "build.one-per-town")
	// Own mill overbuilt with an industry card, no links needed.
	st.Players[0].Next[indCotton] = 3
	st.put(t, "bolton@1", 1, indCoal, 1, 1, false)
	st.build(t, "bolton-bury", 1)
	n, _ := apply(t, st, 0, "build cotton bury@1 card:cotton")
	if tl := n.tile(t, "bury@1"); tl.Level != 2 || tl.Owner != 0 {
		t.Fatalf("overbuild %+v", tl)
	}
	// An opponent's coal mine only when no coal is left anywhere.
	st2 := fixture(t, periodRail)
	st2.put(t, "wigan@1", 1, indCoal, 2, 1, false)
	st2.Players[0].Next[indCoal] = 3
	st2.give(t, 0, "wigan")
	st2.Coal = 0
	wantRule(t, st2, 0, "build coal wigan@1 card:wigan", "build.overbuild-opponent-cubes")
	st2.put(t, "wigan@1", 1, indCoal, 2, 0, true)
	st2.put(t, "wigan@2", 2, indCoal, 2, 0, true)
	n, _ = apply(t, st2, 0, "build coal wigan@1 card:wigan")
	if tl := n.tile(t, "wigan@1"); tl.Owner != 0 || tl.Level != 3 {
		t.Fatalf("opponent overbuild %+v", tl)
	}
	st2.Coal = 1
	wantRule(t, st2, 0, "build coal wigan@1 card:wigan", "build.overbuild-opponent-cubes")
}

func TestNetworkAndVirtualLink(t *testing.T) {
	st := fixture(t, periodRail)
	st.put(t, "liverpool@1", 0, indPort, 2, 0, false)
	st.Players[0].Next[indShip] = 4 // level 2 shipyard
	st.Players[0].Money = 60
	st.give(t, 0, "ship", "colne")
	// Birkenhead is reached by the virtual link, but coal cannot use it.
	wantRule(t, st, 0, "build ship birkenhead card:ship", "build.no-coal")
	st.build(t, "birkenhead-ellesmere", 1)
	st.build(t, "ellesmere-warrington", 1)
	st.put(t, "warrington@1", 2, indCoal, 2, 2, false)
	n, _ := apply(t, st, 0, "build ship birkenhead card:ship")
	if tl := n.tile(t, "birkenhead@1"); tl.Owner != 0 || !tl.Flipped {
		t.Fatalf("shipyard %+v", tl)
	}
	// Without a piece at either end of the virtual link the card fails.
	st.Spaces[theBoard().places[theBoard().placeIndex["liverpool"]].firstSpace] = spaceTile{Owner: -1}
	st.build(t, "manchester-stockport", 0)
	wantRule(t, st, 0, "build ship birkenhead card:ship", "build.not-in-network")
	// And in the canal period nothing goes to Birkenhead.
	st.Period = periodCanal
	wantRule(t, st, 0, "build ship birkenhead card:birkenhead", "build.rail-only")
}

func TestPortBox(t *testing.T) {
	st := fixture(t, periodCanal)
	st.give(t, 0, "lancaster")
	n, _ := apply(t, st, 0, "build port lancaster card:lancaster")
	if n.tile(t, "lancaster@1").Owner != 0 || n.tile(t, "lancaster@2").Owner != -1 {
		t.Fatal("port not in the port-only box")
	}
	wantRule(t, st, 0, "build port lancaster@2 card:lancaster", "build.space-choice")
}

func TestDoubleRailCoalInOrder(t *testing.T) {
	st := fixture(t, periodRail)
	st.put(t, "burnley@1", 0, indCotton, 2, 0, false)
	st.give(t, 0, "bury", "colne")
	// Burnley-Colne has no coal yet: Yorkshire is not connected.
	wantRule(t, st, 0, "rail burnley-colne colne-yorkshire card:bury", "rail.no-coal")
	// Built the other way round, the first rail reaches Yorkshire's anchor.
	st.build(t, "burnley-colne", 1)
	st.put(t, "colne@1", 0, indCotton, 2, 0, false)
	n, _ := apply(t, st, 0, "rail colne-yorkshire blackburn-burnley card:bury")
	if n.Coal != 6 || n.Players[0].Spent != 15+1+1 || n.Players[0].LinksLeft != 12 {
		t.Fatalf("coal %d spent %d links %d", n.Coal, n.Players[0].Spent, n.Players[0].LinksLeft)
	}
}

func TestCanalRules(t *testing.T) {
	st := fixture(t, periodCanal)
	st.give(t, 0, "bury", "wigan")
	wantRule(t, st, 0, "canal bolton-bury card:bury", "link.not-adjacent")
	st.put(t, "bury@1", 0, indCotton, 1, 0, false)
	wantRule(t, st, 0, "canal burnley-bury card:bury", "link.not-canal")
	wantRule(t, st, 0, "rail bolton-bury card:bury", "link.rail-period")
	n, _ := apply(t, st, 0, "canal bury-bolton card:bury")
	if n.Links[theBoard().linkIndex["bolton-bury"]] != 0 || n.Players[0].Spent != 3 {
		t.Fatal("canal not built")
	}
	// Bolton is now in the network for an industry card.
	n.give(t, 0, "cotton")
	n2, _ := apply(t, n, 0, "build cotton bolton card:cotton")
	if n2.tile(t, "bolton@1").Owner != 0 {
		t.Fatal("industry card did not build at the canal's end")
	}
}

func TestTwoCardBuild(t *testing.T) {
	st := fixture(t, periodCanal)
	st.give(t, 0, "bury", "wigan")
	got := tokens(t, st, 0, "build cotton colne")
	if !slices.Equal(got, []string{"cards:bury+wigan"}) {
		t.Fatalf("cards %v", got)
	}
	n, _ := apply(t, st, 0, "build cotton colne cards:wigan+bury")
	if n.current() != 1 || len(n.Hands[0]) != 0 {
		t.Fatal("two-card build did not use the whole turn")
	}
	st.Actions = 1
	wantRule(t, st, 0, "build cotton colne cards:bury+wigan", "build.two-card")
	wantRule(t, st, 0, "build cotton colne", "build.no-card")
}

func TestLiquidation(t *testing.T) {
	st := fixture(t, periodCanal)
	st.Players[1].Space = 5 // income -5
	st.Players[1].Money = 2
	st.put(t, "bury@1", 1, indCotton, 2, 0, false) // £14 -> £7
	st.put(t, "wigan@1", 1, indCoal, 1, 1, false)  // £5 -> £2
	st.Hands[0] = nil
	st.Hands[2] = nil
	st.Hands[1] = []int{}
	st.give(t, 1, "bury")
	st.Actions = 0
	var evs []engine.Event
	st.Round = 3
	st.collectIncome(0, &evs)
	if st.Mode != modeLiquidate || st.current() != 1 || st.Owed != 5 {
		t.Fatalf("mode %d current %d owed %d", st.Mode, st.current(), st.Owed)
	}
	wantRule(t, st, 1, "pass card:bury", "liquidate.required")
	if got := tokens(t, st, 1, "liquidate"); !slices.Equal(got, []string{"wigan", "bury"}) {
		t.Fatalf("liquidate choices %v", got)
	}
	n, _ := apply(t, st, 1, "liquidate wigan")
	if n.Mode != modeLiquidate || n.Players[1].Money != 4 {
		t.Fatalf("after one removal: mode %d money %d", n.Mode, n.Players[1].Money)
	}
	n, _ = apply(t, n, 1, "liquidate bury")
	if n.Mode != modePlay || n.Players[1].Money != 11-5 || n.current() != 1 {
		t.Fatalf("after paying: mode %d money %d current %d", n.Mode, n.Players[1].Money, n.current())
	}
}

func TestNotationRoundTrip(t *testing.T) {
	g := Game{}
	for in, want := range map[string]string{
		"Build Mill Manchester card:Manchester":          "build cotton manchester card:manchester",
		"rail bury-bolton, wigan-bolton card:port":       "rail bolton-bury bolton-wigan card:port",
		"sell manchester:mill>port:liverpool, bury>dm":   "sell manchester>liverpool bury>distant",
		"loan £20 card:barrow-in-furness":                "loan 20 card:barrow",
		"build shipyard ellesmere-port cards:wigan+bury": "build ship ellesmere cards:bury+wigan",
		"canal Warrington-Runcorn-wigan card:coal-mine":  "canal warrington-wigan card:coal",
		"develop ironworks iron:the-midlands card:mill":  "develop iron iron:midlands card:cotton",
	} {
		m, err := g.ParseMove(in)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.FormatMove(m); got != want {
			t.Errorf("%q -> %q, want %q", in, got, want)
		}
		m2, _ := g.ParseMove(g.FormatMove(m))
		if g.FormatMove(m2) != want {
			t.Errorf("%q is not stable", want)
		}
	}
}

func TestPeriodEnd(t *testing.T) {
	st := fixture(t, periodCanal)
	st.put(t, "bury@1", 0, indCotton, 1, 0, true)
	st.put(t, "bolton@1", 1, indCotton, 2, 0, true)
	st.put(t, "bolton@2", 2, indCoal, 2, 2, false)
	st.build(t, "bolton-bury", 0)
	st.build(t, "midlands-northwich", 1)
	for i := range st.Hands {
		st.Hands[i] = []int{}
	}
	st.Deck = nil
	var evs []engine.Event
	st.endRound(&evs)
	// Link bolton-bury: 1 (bury) + 1 (bolton flipped mill) = 2; mill 3 VP.
	if st.Players[0].VP != 2+3 || st.Players[1].VP != 4+5 || st.Players[2].VP != 0 {
		t.Fatalf("vp %d %d %d", st.Players[0].VP, st.Players[1].VP, st.Players[2].VP)
	}
	if st.Period != periodRail || st.Round != 1 || st.tile(t, "bury@1").Owner != -1 || st.tile(t, "bolton@1").Owner != 1 {
		t.Fatal("canal maintenance wrong")
	}
	for _, o := range st.Links {
		if o >= 0 {
			t.Fatal("canals not removed")
		}
	}
	if len(st.Deck) != 66-24-6 || len(st.Tiles) != 12 || st.Actions != 2 {
		t.Fatalf("rail deal: deck %d tiles %d actions %d", len(st.Deck), len(st.Tiles), st.Actions)
	}
}

func TestStateVersionAndDamage(t *testing.T) {
	g := Game{}
	st := fixture(t, periodCanal)
	data, err := g.MarshalState(st)
	if err != nil {
		t.Fatal(err)
	}
	back, err := g.UnmarshalState(data)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := g.MarshalState(back)
	if string(again) != string(data) {
		t.Fatal("state does not round-trip")
	}
	bad := strings.Replace(string(data), `"v":2`, `"v":99`, 1)
	if _, err := g.UnmarshalState([]byte(bad)); !errors.Is(err, engine.ErrStateVersion) {
		t.Fatalf("version 99: %v", err)
	}
	bad = strings.Replace(string(data), `"coal":8`, `"coal":9`, 1)
	if _, err := g.UnmarshalState([]byte(bad)); err == nil {
		t.Fatal("a coal track of 9 cubes was accepted")
	}
}

func TestSetupPinsAndView(t *testing.T) {
	g := Game{}
	deck := make([]string, 0, 66)
	for _, c := range fullDeck() {
		deck = append(deck, theBoard().cardSlug(c))
	}
	pins := map[string]string{PinFirst: "3", PinDeck: strings.Join(deck, ","), PinTiles: "4,3,3,3,2,2,2,2,1,1,0,0"}
	s, evs, err := g.Setup(engine.Setup{Seats: 3, Seed: 9, Pins: pins})
	if err != nil {
		t.Fatal(err)
	}
	st := s.(*state)
	if !slices.Equal(st.Order, []int{2, 0, 1}) || st.current() != 2 || st.Actions != 1 {
		t.Fatalf("order %v current %d actions %d", st.Order, st.current(), st.Actions)
	}
	// Seat 3 (index 2) is dealt the first eight cards: barrow x2, lancaster x3, fleetwood, preston x2.
	if got := (View)(st.view(2)).Hand; !slices.Equal(got, []string{"barrow", "barrow", "fleetwood", "lancaster", "lancaster", "lancaster", "preston", "preston"}) {
		t.Fatalf("hand %v", got)
	}
	if len(st.Removed) != 9 || len(st.Deck) != 66-24-9 || st.Tiles[0] != 4 {
		t.Fatalf("removed %d deck %d tiles %v", len(st.Removed), len(st.Deck), st.Tiles)
	}
	var drew string
	for _, e := range evs {
		if e.Kind == "draw" && e.Audience != engine.Public && strings.Contains(e.Data["cards"], "barrow") && e.Audience != 2 {
			t.Fatalf("seat %d sees seat 3's cards", e.Audience)
		}
		if e.Kind == "draw" && e.Audience == 2 {
			drew = e.Own
		}
	}
	// The narration names the cards as people read them, not by token;
	// the seat reads its own draw in the second person (Own).
	if drew != "you draw Barrow-in-Furness, Barrow-in-Furness, Lancaster, Lancaster, Lancaster, Fleetwood, Preston, Preston" {
		t.Errorf("seat 3 is told %q", drew)
	}
	v := st.view(0)
	if v.Hand == nil || slices.Contains(v.Hand, "barrow") || v.PlayerViews[2].HandSize != 8 || v.DeckSize != 33 {
		t.Fatalf("view of seat 1 leaks or is wrong: %v", v.Hand)
	}
	if sv := st.view(engine.Spectator); sv.Hand != nil {
		t.Fatal("spectator sees a hand")
	}
	status := g.Status(st)
	if status.Phase != "1 action left" || status.RoundName.Text != "Canal period, round 1 of 10" || !slices.Equal(status.Active, []int{2}) || !reflect.DeepEqual(status.Seats[0].Stats[0], engine.Stat{Key: "money", Label: "Money", Value: 30, Text: "£30"}) || status.Seats[0].Stats[3].Value != 14 {
		t.Fatalf("status %+v", status)
	}
	for _, bad := range []map[string]string{
		{PinFirst: "4"},
		{PinDeck: "manchester,bolton"},
		{PinTiles: "0,0,1,1,2,2,2,2,3,3,3,3"},
		{"colour": "red"},
	} {
		if _, _, err := g.Setup(engine.Setup{Seats: 3, Seed: 1, Pins: bad}); err == nil {
			t.Errorf("pins %v accepted", bad)
		}
	}
	if _, _, err := g.Setup(engine.Setup{Seats: 2, Seed: 1}); !errors.Is(err, engine.ErrBadSeat) {
		t.Errorf("2 seats: %v", err)
	}
	if _, _, err := g.Setup(engine.Setup{Seats: 3, Seed: 1, Options: map[string]string{OptLinkScoring: "some"}}); err == nil {
		t.Error("bad option value accepted")
	}
}

func TestLinkScoringOption(t *testing.T) {
	st := fixture(t, periodCanal)
	st.put(t, "bury@1", 0, indCotton, 1, 0, false)
	st.put(t, "bolton@1", 1, indCotton, 2, 0, true)
	st.build(t, "bolton-bury", 0)
	li := theBoard().linkIndex["bolton-bury"]
	if v := st.linkValue(li); v != 1 {
		t.Fatalf("flipped-only link value %d", v)
	}
	st.LinkAll = true
	if v := st.linkValue(li); v != 2 {
		t.Fatalf("all-counters link value %d", v)
	}
}

func TestFinalTieBreak(t *testing.T) {
	st := fixture(t, periodRail)
	st.Players[0].VP, st.Players[1].VP, st.Players[2].VP = 50, 50, 50
	st.Players[0].Money, st.Players[1].Money, st.Players[2].Money = 9, 19, 19 // +0, +1, +1 VP
	st.Players[0].VP++                                                        // 51 after money: tie at 51 with seats 1 and 2
	st.Players[1].Space, st.Players[2].Space = 20, 22                         // income 5 and 6
	st.Order = []int{1, 2, 0}
	var evs []engine.Event
	st.finish(&evs)
	if !slices.Equal(st.Ranking, []int{2, 1, 0}) || !strings.Contains(st.TieBy, "income") {
		t.Fatalf("ranking %v (%s)", st.Ranking, st.TieBy)
	}
	st2 := fixture(t, periodRail)
	st2.TieCash = true
	st2.Players[0].Money, st2.Players[1].Money, st2.Players[2].Money = 5, 5, 8
	st2.Players[0].Space = 40
	st2.Order = []int{1, 0, 2}
	st2.finish(&evs)
	if !slices.Equal(st2.Ranking, []int{2, 1, 0}) {
		t.Fatalf("cash tie-break ranking %v", st2.Ranking)
	}
}
