package brass

// The shared conformance suite (engine/enginetest) on Brass, with Brass
// invariants checked after every move of every playout, and a ledger check
// that follows every pound from move to move on a subset of the games.

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/enginetest"
	"github.com/smokestack/smokestack/engine/playout"
)

// conformancePlayouts is the number of random games per run (3 and 4 seats
// alternate). -short plays fewer.
const conformancePlayouts = 1000

func TestConformance(t *testing.T) {
	n := conformancePlayouts
	if testing.Short() {
		n = 100
	}
	enginetest.Run(t, New(), enginetest.Config{
		Seats:     []int{3, 4},
		Playouts:  n,
		Seed:      20260101,
		Invariant: brassInvariant,
		// The view-leak and illegal-move checks run on one move in four and
		// the full replay on one playout in four (the suite's defaults); the
		// round trip and the invariant on every move. About a minute on 2 cores.
		ViewEvery:   4,
		ReplayEvery: 4,
		Hidden:      hiddenVariants,
	})
}

// hiddenVariants gives positions that differ from s only in what seat
// cannot see (enginetest.Honesty determinizes each and wants the copy it
// gets from s): a card swapped between another hand and the deck or the
// removed cards, the deck and the distant-market stack's unseen part
// reversed, and in
// the canal period the rail period's deck and stack pinned in advance
// (an imported or reproduced match).
func hiddenVariants(s engine.State, seat int) []engine.State {
	st := s.(*state)
	var out []engine.State
	add := func(f func(n *state)) {
		n := st.clone()
		f(n)
		out = append(out, n)
	}
	for o, h := range st.Hands {
		if o == seat || len(h) == 0 {
			continue
		}
		if len(st.Deck) > 0 {
			add(func(n *state) {
				n.Hands[o][0], n.Deck[0] = n.Deck[0], n.Hands[o][0]
				slices.Sort(n.Hands[o])
			})
		}
		if len(st.Removed) > 0 {
			add(func(n *state) {
				n.Hands[o][0], n.Removed[0] = n.Removed[0], n.Hands[o][0]
				slices.Sort(n.Hands[o])
			})
		}
	}
	if len(st.Deck) > 1 {
		add(func(n *state) { slices.Reverse(n.Deck) })
	}
	// Only the tiles not drawn this period are hidden: those drawn were
	// turned up for everyone and lie at the bottom of the stack.
	if len(st.unseenTiles()) > 1 {
		add(func(n *state) { slices.Reverse(n.unseenTiles()) })
	}
	if st.Period == periodCanal {
		add(func(n *state) {
			n.RailDeckPin = fullDeck()
			slices.Reverse(n.RailDeckPin)
			n.RailTilesPin = slices.Clone(theBoard().distantTiles)
			slices.Reverse(n.RailTilesPin)
		})
	}
	return out
}

// conformanceStacks is each industry's stack, top first, transcribed from
// the rulebook's industry counter table (Level and No. columns)
// independently of the engine's data.
var conformanceStacks = [numIndustries][]int{
	indCotton: {1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4},
	indPort:   {1, 1, 2, 2, 3, 3, 4, 4},
	indCoal:   {1, 2, 2, 3, 3, 4, 4},
	indIron:   {1, 2, 3, 4},
	indShip:   {0, 0, 1, 1, 2, 2},
}

// conformanceCubes is the printed cube count of coal mines and iron works by level.
var conformanceCubes = map[industry][]int{
	indCoal: {0, 2, 3, 4, 5},
	indIron: {0, 4, 4, 5, 6},
}

const (
	conformanceCards      = 66
	conformanceStartMoney = 30
	conformanceTrack      = 8
)

// brassInvariant checks what must hold in every position.
func brassInvariant(s engine.State) error {
	st, ok := s.(*state)
	if !ok {
		return fmt.Errorf("state of type %T", s)
	}
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }

	// Every pound accounted for: what the players hold, what sits in the
	// Amount Spent boxes and what the bank has taken in net add up to the
	// starting money (income, loans and sales come out of the bank's net).
	sum := st.Bank
	for seat, p := range st.Players {
		sum += p.Money + p.Spent
		if p.Money < 0 {
			bad("seat %d has £%d", seat+1, p.Money)
		}
		if p.Spent < 0 {
			bad("seat %d has spent £%d", seat+1, p.Spent)
		}
		if p.Space < 0 || p.Space > 99 {
			bad("seat %d income space %d outside 0..99", seat+1, p.Space)
		}
		if p.VP < 0 {
			bad("seat %d has %d VP", seat+1, p.VP)
		}
		if p.LinksLeft < 0 || p.LinksLeft > 14 {
			bad("seat %d has %d links left", seat+1, p.LinksLeft)
		}
	}
	if want := conformanceStartMoney * st.N; sum != want {
		bad("money: players + spent + bank = £%d, want £%d", sum, want)
	}

	// Cards: deck, removed, hands and discards hold the 66 cards.
	cards := len(st.Deck) + len(st.Removed) + len(st.Discards)
	for seat, h := range st.Hands {
		cards += len(h)
		if len(h) > 8 {
			bad("seat %d holds %d cards", seat+1, len(h))
		}
	}
	if cards != conformanceCards {
		bad("cards: %d in deck, removed, hands and discards, want %d", cards, conformanceCards)
	}

	// Tiles: per seat and industry, the counters on the board are among
	// those taken off the stack (built + left in stack + removed or
	// developed = the stack); cubes within the printed count; flip rules.
	onBoard := make([][numIndustries][]int, st.N)
	perTown := map[[2]int]int{}
	for si, t := range st.Spaces {
		if t.Owner < 0 {
			continue
		}
		if t.Owner >= st.N {
			bad("space %s owned by seat %d", spaceToken(si), t.Owner+1)
			continue
		}
		onBoard[t.Owner][t.Ind] = append(onBoard[t.Owner][t.Ind], t.Level)
		perTown[[2]int{t.Owner, theBoard().spaces[si].place}]++
		if !theBoard().spaces[si].allowed[t.Ind] {
			bad("%s holds a %s, which the space does not allow", spaceToken(si), t.Ind)
		}
		if t.Level < 1 || (st.Period == periodRail && t.Level == 1) {
			bad("%s holds a level %d %s in the %s period", spaceToken(si), t.Level, t.Ind, st.Period)
		}
		switch t.Ind {
		case indCoal, indIron:
			if max := conformanceCubes[t.Ind][t.Level]; t.Cubes < 0 || t.Cubes > max {
				bad("%s: %d cubes on a level %d %s (printed %d)", spaceToken(si), t.Cubes, t.Level, t.Ind, max)
			}
			if t.Flipped != (t.Cubes == 0) {
				bad("%s: %s with %d cubes, flipped %v", spaceToken(si), t.Ind, t.Cubes, t.Flipped)
			}
		case indShip:
			if !t.Flipped || t.Cubes != 0 {
				bad("%s: a shipyard must be flipped and without cubes", spaceToken(si))
			}
			if st.Period == periodCanal && t.Level != 1 {
				bad("%s: level %d shipyard in the canal period", spaceToken(si), t.Level)
			}
		default:
			if t.Cubes != 0 {
				bad("%s: %d cubes on a %s", spaceToken(si), t.Cubes, t.Ind)
			}
		}
	}
	if st.Period == periodCanal {
		for k, n := range perTown {
			if n > 1 {
				bad("seat %d has %d counters in %s in the canal period", k[0]+1, n, theBoard().places[k[1]].ID)
			}
		}
	}
	for seat, p := range st.Players {
		for ind := industry(0); ind < numIndustries; ind++ {
			stack := conformanceStacks[ind]
			taken := p.Next[ind]
			if taken < 0 || taken > len(stack) {
				bad("seat %d took %d counters off a %s stack of %d", seat+1, taken, ind, len(stack))
				continue
			}
			// built + in stack + removed/discarded = the stack: the levels on
			// the board must be a sub-multiset of the levels taken off.
			rest := slices.Clone(stack[:taken])
			for _, lvl := range onBoard[seat][ind] {
				i := slices.Index(rest, lvl)
				if i < 0 {
					bad("seat %d has a level %d %s on the board that never left its stack (taken %v)", seat+1, lvl, ind, stack[:taken])
					continue
				}
				rest = slices.Delete(rest, i, i+1)
			}
		}
	}

	// Links: the counters a seat has placed this period match its supply.
	built := make([]int, st.N)
	for li, owner := range st.Links {
		if owner < -1 || owner >= st.N {
			bad("link %s owned by %d", theBoard().links[li].ID, owner)
			continue
		}
		if owner >= 0 {
			built[owner]++
			l := theBoard().links[li]
			if (st.Period == periodCanal && !l.Canal) || (st.Period == periodRail && !l.Rail) {
				bad("link %s is built in the %s period but is not a %s link", l.ID, st.Period, st.Period)
			}
		}
	}
	for seat, p := range st.Players {
		if built[seat]+p.LinksLeft != 14 {
			bad("seat %d: %d links on the board and %d left, want 14", seat+1, built[seat], p.LinksLeft)
		}
	}

	// Tracks.
	if st.Coal < 0 || st.Coal > conformanceTrack || st.Iron < 0 || st.Iron > conformanceTrack {
		bad("demand tracks: coal %d, iron %d, want 0..8", st.Coal, st.Iron)
	}
	if st.Cotton < 0 || st.Cotton > 8 {
		bad("cotton demand %d outside 0..8", st.Cotton)
	}
	if len(st.Tiles) > 12 || (st.Cotton == 8 && len(st.Tiles) != 0) {
		bad("%d distant market tiles with cotton demand at %d", len(st.Tiles), st.Cotton)
	}
	if len(st.Order) != st.N {
		bad("order of play %v", st.Order)
	} else {
		seen := make([]bool, st.N)
		for _, s := range st.Order {
			if s < 0 || s >= st.N || seen[s] {
				bad("order of play %v is not a permutation", st.Order)
				break
			}
			seen[s] = true
		}
	}
	return errors.Join(errs...)
}

// TestConformanceLedger follows the money move by move on a subset of
// random games: during a round only the seat that moves sees its money or
// spending change, spending never goes down, and what the mover's money and
// Amount Spent box gain together is exactly what the move's events say it
// took from the bank (loans, sales to the demand tracks, liquidations), the
// Amount Spent box grows by exactly the printed costs (from our own copy of
// the rulebook's table), £3 per canal, the rail costs and the prices of the
// cubes bought from the demand tracks; income markers move only by flips
// (the printed income of the counter) and distant market bonuses (checked
// against the demand space reached); when
// a round begins every other seat's money moves by exactly its income. VP
// change only when a period is scored, and no seat's income marker goes down
// on another seat's move (overbuilt or removed counters keep their income).
func TestConformanceLedger(t *testing.T) {
	games := 100
	if testing.Short() {
		games = 8
	}
	g := New()
	for i := range games {
		rec, err := playout.Playout(g, playout.Config{Seats: []int{3, 4}, Seed: 777, ReplayEvery: -1, ViewEvery: -1}, i)
		if err != nil {
			t.Fatal(err)
		}
		res, err := engine.Replay(g, rec, engine.KeepStates())
		if err != nil {
			t.Fatal(err)
		}
		st0, _, err := g.Setup(rec.Setup())
		if err != nil {
			t.Fatal(err)
		}
		before := st0.(*state)
		for k, p := range res.Moves {
			after := p.State.(*state)
			if p.Undo != 0 {
				// A move taken back: the ledger goes on from the position
				// before it.
				before = after
				continue
			}
			if err := ledgerStep(before, after, p.Seat, p.Events); err != nil {
				t.Fatalf("game %d (%d seats, seed %d) move %d by seat %d %q: %v", i, rec.Seats, rec.Seed, k+1, p.Seat+1, g.FormatMove(p.Move), err)
			}
			before = after
		}
	}
}

// conformanceCost is each counter's printed cost by level, transcribed from
// the rulebook's industry counter table independently of the engine's data.
var conformanceCost = map[string][]int{
	"cotton": {0, 12, 14, 16, 18},
	"port":   {0, 6, 7, 8, 9},
	"coal":   {0, 5, 7, 8, 10},
	"iron":   {0, 5, 7, 9, 12},
	"ship":   {0, 16, 25},
}

// conformanceIncome is each counter's flip income (income track spaces) by
// level, and conformanceBonus the distant market bonus by demand space, from
// the rulebook's table and the reference track, independently of the data.
var (
	conformanceIncome = map[string][]int{
		"cotton": {0, 5, 4, 3, 2},
		"port":   {0, 3, 3, 4, 4},
		"coal":   {0, 4, 7, 6, 5},
		"iron":   {0, 3, 3, 2, 1},
		"ship":   {0, 2, 1},
	}
	conformanceBonus = []int{3, 3, 2, 2, 1, 1, 0, 0}
)

// conformanceIncomeOf is the income of a track space, from the bands in the
// reference notes (brass-facts.md section 6): one space per pound up to £0,
// then bands of 2, 3 and 4 spaces, and £30 on the last three.
func conformanceIncomeOf(space int) int {
	switch {
	case space <= 10:
		return space - 10
	case space <= 30:
		return (space-11)/2 + 1
	case space <= 60:
		return (space-31)/3 + 11
	case space <= 96:
		return (space-61)/4 + 21
	}
	return 30
}

// incomeStep checks that income markers move only by flips (each by its
// counter's printed income) and distant market bonuses (by the space the
// demand marker reaches), never past space 99. Moves with a loan are skipped.
func incomeStep(before, after *state, evs []engine.Event) error {
	built := map[string]spaceTile{}
	for _, e := range evs {
		if e.Kind == "loan" {
			// A loan moves the marker down one income level per £10, onto
			// the highest space of the level reached.
			var amount int
			fmt.Sscan(e.Data["money"], &amount)
			lvl := conformanceIncomeOf(before.Players[e.Seat].Space) - amount/10
			want := -1
			for sp := 0; sp <= 99; sp++ {
				if conformanceIncomeOf(sp) == lvl {
					want = sp
				}
			}
			if got := after.Players[e.Seat].Space; want < 0 || got != want {
				return fmt.Errorf("a £%d loan from space %d: marker on %d, want %d", amount, before.Players[e.Seat].Space, got, want)
			}
			return nil
		}
		if e.Kind == "build" {
			var lvl int
			fmt.Sscan(e.Data["level"], &lvl)
			ind, _ := industryBySlug(e.Data["industry"])
			built[e.Data["space"]] = spaceTile{Owner: e.Seat, Ind: ind, Level: lvl}
		}
	}
	gain := make([]int, len(after.Players))
	pos := before.Cotton
	for _, e := range evs {
		switch e.Kind {
		case "distant":
			var tile, bonus int
			if _, err := fmt.Sscan(e.Data["tile"], &tile); err != nil {
				return fmt.Errorf("distant event without a tile: %v", e.Data)
			}
			if _, err := fmt.Sscan(e.Data["bonus"], &bonus); err != nil {
				return fmt.Errorf("distant event without a bonus: %v", e.Data)
			}
			pos += tile
			if pos >= len(conformanceBonus) {
				return fmt.Errorf("a distant sale succeeded with the marker on space %d", pos)
			}
			if bonus != conformanceBonus[pos] {
				return fmt.Errorf("distant sale to space %d gave bonus %d, want %d", pos, bonus, conformanceBonus[pos])
			}
			gain[e.Seat] += bonus
		case "distant-fail":
			var tile int
			fmt.Sscan(e.Data["tile"], &tile)
			if pos+tile < len(conformanceBonus) {
				return fmt.Errorf("a distant sale failed with the marker reaching only space %d", pos+tile)
			}
		case "flip":
			tok := e.Data["space"]
			t, ok := built[tok]
			if !ok {
				si := -1
				for i := range before.Spaces {
					if spaceToken(i) == tok {
						si = i
					}
				}
				if si < 0 || before.Spaces[si].Owner < 0 {
					return fmt.Errorf("flip of %q, which held no counter", tok)
				}
				t = before.Spaces[si]
			}
			if t.Owner != e.Seat {
				return fmt.Errorf("flip event about seat %d for a counter of seat %d", e.Seat+1, t.Owner+1)
			}
			gain[t.Owner] += conformanceIncome[t.Ind.String()][t.Level]
		}
	}
	for s := range after.Players {
		if want := min(before.Players[s].Space+gain[s], 99); after.Players[s].Space != want {
			return fmt.Errorf("seat %d income space %d -> %d, flips and bonuses give %d", s+1, before.Players[s].Space, after.Players[s].Space, want)
		}
	}
	return nil
}

func ledgerStep(before, after *state, mover int, evs []engine.Event) error {
	if err := incomeStep(before, after, evs); err != nil {
		return err
	}
	gains := 0
	costs := 0 // what the move's events say the mover paid into the Amount Spent box
	scored := false
	for _, e := range evs {
		switch e.Kind {
		case "build":
			var lvl int
			price := conformanceCost[e.Data["industry"]]
			if _, err := fmt.Sscan(e.Data["level"], &lvl); err != nil || lvl <= 0 || lvl >= len(price) {
				return fmt.Errorf("build event with data %v", e.Data)
			}
			costs += price[lvl]
		case "canal":
			costs += 3
		case "rail-cost", "cube":
			if e.Kind == "cube" && e.Data["from"] != "market" {
				continue // cubes from counters on the map are free
			}
			key := "money"
			if e.Kind == "cube" {
				key = "price"
			}
			var n int
			if _, err := fmt.Sscan(e.Data[key], &n); err != nil {
				return fmt.Errorf("%s event without an amount: %v", e.Kind, e.Data)
			}
			costs += n
		case "loan", "demand", "liquidate":
			var n int
			if _, err := fmt.Sscan(e.Data["money"], &n); err != nil {
				return fmt.Errorf("%s event without a money amount: %v", e.Kind, e.Data)
			}
			if e.Seat != mover && e.Kind != "demand" {
				return fmt.Errorf("%s event about seat %d", e.Kind, e.Seat+1)
			}
			gains += n
		case "score", "money-vp":
			scored = true
		}
	}
	if !scored {
		for s := range after.Players {
			if after.Players[s].VP != before.Players[s].VP {
				return fmt.Errorf("seat %d VP %d -> %d without scoring", s+1, before.Players[s].VP, after.Players[s].VP)
			}
		}
	}
	for s := range after.Players {
		if after.Players[s].Space < before.Players[s].Space && s != mover {
			return fmt.Errorf("seat %d lost income (%d -> %d) on another seat's move", s+1, before.Players[s].Space, after.Players[s].Space)
		}
	}
	if before.Period != after.Period || before.Round != after.Round || before.Mode == modeLiquidate || after.Mode == modeOver {
		// A new round began (or a debtor sold an industry): every seat other
		// than the mover gains or pays exactly its income, and a debtor's
		// money moves by its sales and its payment.
		income := make([]int, len(after.Players))
		liquid := 0
		for _, e := range evs {
			if e.Kind != "income" && e.Kind != "liquidate" {
				continue
			}
			var n int
			if _, err := fmt.Sscan(e.Data["money"], &n); err != nil || e.Seat < 0 || e.Seat >= len(income) {
				return fmt.Errorf("%s event with seat %d and data %v", e.Kind, e.Seat, e.Data)
			}
			if e.Kind == "liquidate" {
				liquid += n
				continue
			}
			income[e.Seat] += n
		}
		for s := range after.Players {
			d := after.Players[s].Money - before.Players[s].Money
			switch {
			case s != mover && d != income[s]:
				return fmt.Errorf("seat %d money %d -> %d, income events account for %d", s+1, before.Players[s].Money, after.Players[s].Money, income[s])
			case s == mover && before.Mode == modeLiquidate && d != income[s]+liquid:
				return fmt.Errorf("debtor seat %d money %d -> %d, sales %d and income %d", s+1, before.Players[s].Money, after.Players[s].Money, liquid, income[s])
			}
		}
		return nil
	}
	for s := range after.Players {
		b, a := before.Players[s], after.Players[s]
		if s == mover {
			if a.Spent < b.Spent {
				return fmt.Errorf("spent went down: %d -> %d (period %v round %d mode %v -> period %v round %d mode %v)", b.Spent, a.Spent, before.Period, before.Round, before.Mode, after.Period, after.Round, after.Mode)
			}
			if got := (a.Money + a.Spent) - (b.Money + b.Spent); got != gains {
				return fmt.Errorf("money %d -> %d, spent %d -> %d: gained £%d, events account for £%d", b.Money, a.Money, b.Spent, a.Spent, got, gains)
			}
			if got := a.Spent - b.Spent; got != costs {
				return fmt.Errorf("spent %d -> %d: paid £%d, the printed costs, link costs and cube prices of the events add up to £%d", b.Spent, a.Spent, got, costs)
			}
			continue
		}
		if a.Money != b.Money || a.Spent != b.Spent {
			return fmt.Errorf("seat %d money %d -> %d, spent %d -> %d on another seat's move", s+1, b.Money, a.Money, b.Spent, a.Spent)
		}
	}
	return nil
}

// TestWords checks the words a player reads over whole games: no data ID
// or notation token where a name belongs, no "it" for a player.
func TestWords(t *testing.T) {
	enginetest.Words(t, New(), enginetest.Config{Seed: 17700101}, dataNames())
}

// dataNames is every ID of the game's data with the name printed for it.
func dataNames() map[string]string {
	names := map[string]string{}
	for _, p := range theBoard().places {
		names[p.ID] = p.Name
	}
	for i, slug := range industrySlugs {
		names[slug] = theBoard().names[i]
	}
	return names
}
