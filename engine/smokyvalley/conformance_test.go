package smokyvalley

import (
	"errors"
	"fmt"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/enginetest"
)

// conformancePlayouts is the number of random games per run (2, 3 and 4
// seats in turn); -short plays fewer.
const conformancePlayouts = 1000

func TestConformance(t *testing.T) {
	n := conformancePlayouts
	if testing.Short() {
		n = 60
	}
	enginetest.Run(t, New(), enginetest.Config{
		Seats:     []int{2, 3, 4},
		Playouts:  n,
		Seed:      18400101,
		Invariant: invariant,
		// The state round trip on one move in three, the view-leak and
		// illegal-move checks on one in eight, the full replay on one playout
		// in eight; the invariant on every move.
		RoundTripEvery: 3,
		ViewEvery:      8,
		OfferedEvery:   8,
		ReplayEvery:    8,
		// Every face-down stack varied (hidden_test.go): each variant
		// must determinize as the position does.
		Hidden: func(s engine.State, _ int) []engine.State {
			var out []engine.State
			for _, v := range hiddenVariants(t, s.(*State)) {
				out = append(out, v.st)
			}
			return out
		},
	})
}

// Counts from the booklet (03 Game components), independent of the data.
const (
	wantServices = 15
	wantCanal    = 28
	wantCards    = 42
	wantTraders  = 12
)

// invariant checks what must hold in every position.
func invariant(s engine.State) error {
	st, ok := s.(*State)
	if !ok {
		return fmt.Errorf("state of type %T", s)
	}
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	traders := make([]int, st.N)
	ownShips := make([]int, st.N)
	for seat, p := range st.Players {
		if p.Cash < 0 || p.Cash > 12 {
			bad("seat %d has £%d", seat+1, p.Cash)
		}
		for g, n := range p.Goods {
			if n < 0 {
				bad("seat %d has %d %s", seat+1, n, goodNames[g])
			}
		}
		if p.Pop < 0 || p.Pop > 22 {
			bad("seat %d popularity %d", seat+1, p.Pop)
		}
		if p.Income < 0 || p.Income > 4 {
			bad("seat %d income %d", seat+1, p.Income)
		}
		if p.Prestige < 0 {
			bad("seat %d has %d prestige", seat+1, p.Prestige)
		}
		traders[seat] += p.Traders
		if len(p.Cards) > 6 {
			bad("seat %d holds %d city cards", seat+1, len(p.Cards))
		}
	}
	// ships: neutral ones conserved, own ones at most one per market
	neutral := len(st.ShipStack[0]) + len(st.ShipStack[1]) + len(st.ShipOut) + len(st.Scheduled) + st.Gone
	for m := range st.Canal {
		seen := map[int]bool{}
		for _, sh := range st.Canal[m] {
			if sh.empty() {
				continue
			}
			if sh.Trader >= 0 {
				traders[sh.Trader]++
			}
			if sh.Owner < 0 {
				neutral++
				continue
			}
			ownShips[sh.Owner]++
			if seen[sh.Owner] {
				bad("seat %d has two ships for market %d", sh.Owner+1, m)
			}
			seen[sh.Owner] = true
			if len(sh.Loads) >= sh.capacity() {
				bad("a full ship stays in the canal")
			}
		}
		for _, a := range st.Agency[m] {
			traders[a]++
		}
	}
	wantShips := 14
	if st.N == 4 {
		wantShips = 15
	}
	if neutral != wantShips {
		bad("%d neutral ships accounted for, want %d", neutral, wantShips)
	}
	for seat := range st.N {
		if traders[seat] != wantTraders {
			bad("seat %d: %d traders in supply, on ships and abroad, want %d", seat+1, traders[seat], wantTraders)
		}
		if ownShips[seat] > 3 {
			bad("seat %d has %d ships", seat+1, ownShips[seat])
		}
	}
	// tiles and cards conserved
	onBoard := make([]int, len(theData().industries))
	services := len(st.ServiceStack) + len(st.ServiceOut) + len(st.ServiceUsed)
	for _, x := range st.ServiceOffer {
		if x >= 0 {
			services++
		}
	}
	for d, ds := range st.Districts {
		for k, t := range ds.Spaces {
			if t.Ind >= 0 {
				onBoard[t.Ind]++
				if !st.usable(d, k) {
					bad("an industry on a space not used with %d players", st.N)
				}
			}
		}
		for _, x := range ds.Services {
			if x >= 0 {
				services++
			}
		}
	}
	for i, ind := range theData().industries {
		if i == IndWoodDepot {
			continue
		}
		if onBoard[i]+st.Supply[i] != ind.Count[players(st.N)] {
			bad("%s: %d built and %d left, want %d", ind.ID, onBoard[i], st.Supply[i], ind.Count[players(st.N)])
		}
	}
	if services != wantServices {
		bad("%d service tokens accounted for, want %d", services, wantServices)
	}
	canal := len(st.CanalStack[0]) + len(st.CanalStack[1]) + len(st.CanalUsed)
	for _, o := range st.CanalOffer {
		for _, x := range o {
			if x >= 0 {
				canal++
			}
		}
	}
	cards := len(st.CardStack[0]) + len(st.CardStack[1]) + len(st.CardStack[2]) + len(st.CardUsed)
	for _, x := range st.CardOffer {
		if x >= 0 {
			cards++
		}
	}
	for _, p := range st.Players {
		cards += len(p.Cards)
		for _, sl := range p.Slots {
			canal += len(sl)
		}
	}
	if canal != wantCanal {
		bad("%d canal tiles accounted for, want %d", canal, wantCanal)
	}
	if cards != wantCards {
		bad("%d city cards accounted for, want %d", cards, wantCards)
	}
	return errors.Join(errs...)
}

// TestWords checks the words a player reads over whole games: no data ID
// or notation token where a name belongs, no "it" for a player.
func TestWords(t *testing.T) {
	enginetest.Words(t, New(), enginetest.Config{Seats: []int{2, 3, 4}, Seed: 18400101}, dataNames())
}

// dataNames is every ID of the game's data with the name printed for it.
func dataNames() map[string]string {
	names := map[string]string{}
	for _, d := range theData().districts {
		names[d.ID] = d.Name
	}
	for _, m := range theData().markets {
		names[m.ID] = m.Name
	}
	for _, ind := range theData().industries {
		names[ind.ID] = ind.Name
	}
	for _, s := range theData().services {
		names[s.ID] = s.Name
	}
	for _, c := range theData().canal {
		names[c.ID] = c.Name
	}
	for _, c := range theData().cards {
		names[c.ID] = c.Name
	}
	for _, g := range goodNames {
		names[g] = g
	}
	return names
}
