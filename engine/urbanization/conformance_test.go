package urbanization

// The shared conformance suite (engine/enginetest) on Urbanization, with
// the game's invariants checked after every move of every playout.

import (
	"errors"
	"fmt"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/enginetest"
)

// conformancePlayouts is the number of random games per run, split between
// the base game and the Inventions expansion (2, 3 and 4 seats cycle).
// -short plays fewer.
const conformancePlayouts = 1000

func TestConformance(t *testing.T) {
	n := conformancePlayouts / 2
	if testing.Short() {
		n = 60
	}
	for _, c := range []struct {
		name string
		opts map[string]string
		n    int
		seed uint64
	}{
		{"base", nil, n, 20260101},
		{"inventions", map[string]string{OptInventions: "on"}, n, 20260202},
		// the other reading of every option, on fewer games
		{"variants", map[string]string{OptInventions: "on", OptGrainCap: "harvest", OptProduction: "exact", OptMayorTie: "former"}, n / 5, 20260303},
	} {
		t.Run(c.name, func(t *testing.T) {
			enginetest.Run(t, New(), enginetest.Config{
				Options:   c.opts,
				Playouts:  c.n,
				Seed:      c.seed,
				Invariant: invariant,
				// The invariant runs on every move, the state round trip on
				// one move in two (the playout goes on from the decoded
				// state, so a field lost in encoding still shows in the
				// replay), the view and illegal-move checks on one move in
				// four, the check of every offered token on one move in
				// eight, the full replay on one playout in four. About 15 s
				// of CPU for the 1,100 games.
				RoundTripEvery: 2,
				OfferedEvery:   8,
			})
		})
	}
}

// The component counts, transcribed from the rulebook's component list
// independently of the engine's data (the building pools from the reference
// lists).
const (
	confGrain       = 32
	confOrders      = 15 // per colour
	confMarkers     = 10
	confHouses      = 12
	confSkyscrapers = 6
	confFactories   = 6
	confAdmins      = 5
	confInventions  = 18
	confGrainCap    = 8
)

// invariant checks a position against the physical components: grain and
// work orders are conserved, every player's ten action markers are
// somewhere, buildings match their pools and the tracking cards, money is
// never negative, citizens follow the last count.
func invariant(s engine.State) error {
	st := s.(*State)
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }

	// Grain: barns, field, return area, the box, tracking cards, sown
	// grounds and the Farmer card hold all 32.
	grain := st.Field + st.Return + st.Box
	for b, n := range st.Barns {
		grain += n
		if n < 0 || n > st.N {
			bad("barn %d holds %d grain with %d players", b+1, n, st.N)
		}
	}
	if st.Field < 0 || st.Field > st.N || st.Return < 0 || st.Box < 0 {
		bad("field %d, return %d, box %d", st.Field, st.Return, st.Box)
	}
	for i, p := range st.Players {
		grain += p.Grain + p.FarmerSeeds
		if p.Grain < 0 || (st.Opts.GrainCap == "always" && p.Grain > confGrainCap) {
			bad("seat %d holds %d grain", i+1, p.Grain)
		}
		if p.FarmerSeeds > 0 && (p.Hired != charFarmer || !p.Played) {
			bad("seat %d has grain on a Farmer card it has not played", i+1)
		}
	}
	for t, tr := range st.Terrs {
		for g, gr := range tr.Grounds {
			grain += gr.Seeds
			if gr.Seeds > 0 && (gr.Kind != GroundEmpty || tr.Owner < 0 || g >= theData().terrs[t].Grounds) {
				bad("grain sown on %s ground %d, which is built on, unowned or missing", terrToken(t), g+1)
			}
		}
	}
	if grain != confGrain {
		bad("grain: %d in all, want %d", grain, confGrain)
	}

	// Work orders: the supply, tracking cards and production spaces hold
	// 15 of each colour.
	for c := Colour(0); c < numColours; c++ {
		n := st.Supply[c]
		if st.Supply[c] < 0 {
			bad("supply of %s is %d", c, st.Supply[c])
		}
		for i, p := range st.Players {
			n += p.Orders[c]
			if p.Orders[c] < 0 {
				bad("seat %d holds %d %s work orders", i+1, p.Orders[c], c)
			}
			for _, f := range p.Factories {
				n += f.Output[c]
			}
		}
		if n != confOrders {
			bad("%s work orders: %d in all, want %d", c, n, confOrders)
		}
	}

	// Action markers: pool + territories + work-order spaces + invention
	// track = 10, counted here independently of the engine.
	out := make([]int, st.N)
	for _, tr := range st.Terrs {
		if tr.Owner >= 0 {
			out[tr.Owner]++
		}
	}
	for _, sl := range st.Display {
		for _, m := range sl.Markers {
			out[m]++
		}
	}
	for i, p := range st.Players {
		out[i] += len(p.Docked)
		if out[i] > confMarkers {
			bad("seat %d has %d action markers on the board", i+1, out[i])
		}
		if pool := st.freeMarkers(i); pool+out[i] != confMarkers {
			bad("seat %d: pool %d + %d on the board, want %d", i+1, pool, out[i], confMarkers)
		}
	}

	// Money, taxes, citizens.
	for i, p := range st.Players {
		if p.Money < 0 {
			bad("seat %d has $%d", i+1, p.Money)
		}
		if p.Taxes < 0 || p.Taxes > 10 {
			bad("seat %d tax marker on %d", i+1, p.Taxes)
		}
		// Citizens were set to the lowest of houses, grain and work orders
		// at the last count (feeding and production lower grain and work
		// orders afterwards, as the rules do); houses never go down.
		if p.Census != [3]int{} && p.Citizens != min(p.Census[0], p.Census[1], p.Census[2]) {
			bad("seat %d has %d citizens, the last count compared %v", i+1, p.Citizens, p.Census)
		}
		if p.Citizens > p.Houses || p.Census[0] > p.Houses {
			bad("seat %d: %d citizens, %d houses (counted %d)", i+1, p.Citizens, p.Houses, p.Census[0])
		}
	}

	// Buildings: the board and the pools hold every piece; the house line
	// counts houses (1 for the free first one) and skyscrapers twice.
	houses, sky, facs, admins := 0, 0, 0, 0
	line := make([]int, st.N)
	markers, open := 0, 0
	for t, tr := range st.Terrs {
		if st.covered(t) {
			if tr.Owner >= 0 || tr.Markers != 0 {
				bad("covered %s is owned or priced", terrToken(t))
			}
			continue
		}
		open++
		markers += tr.Markers
		if tr.Owner < 0 && tr.Markers < 1 {
			bad("%s is for sale with no price marker", terrToken(t))
		}
		if tr.Owner >= 0 && tr.Markers != 0 {
			bad("%s is owned and still priced", terrToken(t))
		}
		admins += tr.Admin
		if tr.Admin > 0 && tr.Owner < 0 {
			bad("administrative building on unowned %s", terrToken(t))
		}
		for g, gr := range tr.Grounds {
			if gr.Kind != GroundEmpty && (tr.Owner < 0 || g >= theData().terrs[t].Grounds) {
				bad("%s ground %d is built but unowned or missing", terrToken(t), g+1)
			}
			switch gr.Kind {
			case GroundHouse:
				houses++
				line[tr.Owner]++
			case GroundSkyscraper:
				sky++
				line[tr.Owner] += 2
			case GroundFactory:
				facs++
				found := false
				for _, f := range st.Players[tr.Owner].Factories {
					found = found || (f.Terr == t && f.Ground == g)
				}
				if !found {
					bad("factory on %s ground %d belongs to no factory of its owner", terrToken(t), g+1)
				}
			}
		}
	}
	if markers > open {
		bad("%d price markers on %d open territories", markers, open)
	}
	if houses+st.Houses != confHouses || sky+st.Skyscrapers != confSkyscrapers || facs+st.FactoryPool != confFactories || admins+st.Admins != confAdmins {
		bad("buildings: houses %d+%d, skyscrapers %d+%d, factories %d+%d, admins %d+%d", houses, st.Houses, sky, st.Skyscrapers, facs, st.FactoryPool, admins, st.Admins)
	}
	for i, p := range st.Players {
		if st.Mode != ModeFirstHouse && p.Houses != line[i] {
			bad("seat %d house line %d, its houses and skyscrapers make %d", i+1, p.Houses, line[i])
		}
	}

	// Factory cards: deck, display, removed and owned hold the deck of
	// the player count once each; inventions on the track and in hand.
	seen := map[int]int{}
	count := func(c int) { seen[c]++ }
	for _, c := range st.Deck {
		count(c)
	}
	for _, c := range st.Removed {
		count(c)
	}
	for _, sl := range st.Display {
		if sl.Card >= 0 {
			count(sl.Card)
			if len(sl.Markers) > len(theData().factories[sl.Card].orders) {
				bad("%s holds %d action markers", cardToken(sl.Card), len(sl.Markers))
			}
		}
	}
	for _, p := range st.Players {
		for _, f := range p.Factories {
			for k, c := range f.Cards {
				count(c)
				if k > 0 && theData().factories[c].Number <= theData().factories[f.Cards[k-1]].Number {
					bad("factory stack %v is not in rising number order", f.Cards)
				}
			}
		}
	}
	want := map[int]bool{}
	for _, c := range theData().deckFor(st.N) {
		want[c] = true
	}
	for c, n := range seen {
		if n != 1 || !want[c] {
			bad("factory card %s appears %d times (in the deck for %d players: %v)", cardToken(c), n, st.N, want[c])
		}
	}
	if len(seen) != len(want) {
		bad("%d factory cards in play, want %d", len(seen), len(want))
	}
	if st.Opts.Inventions {
		n := 0
		for _, d := range st.Docks {
			n += len(d)
		}
		for _, p := range st.Players {
			n += len(p.Inventions)
		}
		if n != confInventions {
			bad("%d invention cards, want %d", n, confInventions)
		}
	}
	return errors.Join(errs...)
}

// TestWords checks the words a player reads over whole games, with and
// without the Inventions: no data ID or notation token where a name
// belongs, no "it" for a player.
func TestWords(t *testing.T) {
	for _, c := range []struct {
		name string
		opts map[string]string
	}{{"base", nil}, {"inventions", map[string]string{OptInventions: "on"}}} {
		t.Run(c.name, func(t *testing.T) {
			enginetest.Words(t, New(), enginetest.Config{Options: c.opts, Seed: 20260404}, dataNames())
		})
	}
}

// dataNames is every ID of the game's data with the name printed for it.
func dataNames() map[string]string {
	names := map[string]string{}
	for _, f := range theData().factories {
		names[f.ID] = f.Name
	}
	for _, c := range theData().characters {
		names[c.ID] = c.Name
	}
	for _, inv := range theData().inventions {
		names[inv.ID] = inv.Name
	}
	return names
}
