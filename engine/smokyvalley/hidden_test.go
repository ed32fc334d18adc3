package smokyvalley

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/smokestack/smokestack/engine"
)

// Hidden information (issue: "the order of every face-down stack is hidden
// from every seat"). The face-down things are the service stack (and, with
// 2 players, the tokens removed unseen at set-up), the two canal tile
// stacks, the three city card stacks and the two ship stacks (and the
// ships removed unseen). Nothing else is private: held city cards, goods,
// cash and the scheduled ships lie face up.
//
// TestHiddenStacksDoNotLeak builds, from positions of whole random games
// (every decade, both canal eras, after councils), states that differ from
// the real one only in what lies face down: each stack reversed or rotated
// on its own, the unseen removed pieces swapped with stacked ones, ships'
// destinations swapped, and Determinize. For every seat and the
// spectator the view (as JSON, what the playground and the images get),
// the status and the holding must be byte-identical, and so must the
// choices of the seat to move along a whole move, token by token (a seat
// exploring a move that draws a card or tile must not see what it would
// draw before it plays the move), and the events of that move. render/smokyvalley's TestHiddenStacksSameImages
// checks the PNG bytes.

// hiddenVariant is a state that differs from its source only face down.
type hiddenVariant struct {
	name string
	st   *State
}

func reversedInts(xs []int) []int {
	out := slices.Clone(xs)
	slices.Reverse(out)
	return out
}

func rotatedInts(xs []int) []int {
	if len(xs) < 2 {
		return slices.Clone(xs)
	}
	return append(slices.Clone(xs[1:]), xs[0])
}

// hiddenVariants lists the variants of st that really differ from it (a
// reversed stack of identical pieces is no variant).
func hiddenVariants(t testing.TB, st *State) []hiddenVariant {
	t.Helper()
	var out []hiddenVariant
	orig, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	add := func(name string, f func(n *State)) {
		n := st.clone()
		f(n)
		b, err := json.Marshal(n)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b, orig) {
			out = append(out, hiddenVariant{name, n})
		}
	}
	for _, how := range []struct {
		name string
		f    func([]int) []int
	}{{"reversed", reversedInts}, {"rotated", rotatedInts}} {
		add("service stack "+how.name, func(n *State) { n.ServiceStack = how.f(n.ServiceStack) })
		for e := range len(st.CanalStack) {
			add(fmt.Sprintf("canal stack %d %s", e, how.name), func(n *State) { n.CanalStack[e] = how.f(n.CanalStack[e]) })
		}
		for d := range len(st.CardStack) {
			add(fmt.Sprintf("card stack %d %s", d, how.name), func(n *State) { n.CardStack[d] = how.f(n.CardStack[d]) })
		}
		for k := range len(st.ShipStack) {
			add(fmt.Sprintf("ship stack %d %s", k, how.name), func(n *State) {
				ms := make([]int, len(n.ShipStack[k]))
				for i, s := range n.ShipStack[k] {
					ms[i] = s.Market
				}
				ms = how.f(ms)
				for i := range n.ShipStack[k] {
					n.ShipStack[k][i].Market = ms[i]
				}
			})
		}
	}
	// the pieces removed unseen at set-up (2 players) trade places with
	// stacked ones
	if len(st.ServiceOut) > 0 && len(st.ServiceStack) > 0 {
		add("removed service token swapped", func(n *State) {
			for i, s := range n.ServiceOut {
				if j := slices.IndexFunc(n.ServiceStack, func(x int) bool { return x != s }); j >= 0 {
					n.ServiceOut[i], n.ServiceStack[j] = n.ServiceStack[j], s
					return
				}
			}
		})
	}
	for i := range st.ShipOut {
		add(fmt.Sprintf("removed ship %d swapped", i), func(n *State) {
			out := &n.ShipOut[i]
			k := 0
			if out.Big {
				k = 1
			}
			for j := range n.ShipStack[k] {
				if n.ShipStack[k][j].Market != out.Market {
					out.Market, n.ShipStack[k][j].Market = n.ShipStack[k][j].Market, out.Market
					return
				}
			}
		})
	}
	for seed := range uint64(3) {
		rng := engine.NewRNG(seed, 77)
		p := Game{}.Determinize(st, 0, &rng).(*State)
		if b, _ := json.Marshal(p); !bytes.Equal(b, orig) {
			out = append(out, hiddenVariant{fmt.Sprintf("Determinize %d", seed), p})
		}
	}
	return out
}

// sampledStates plays a whole busy game and keeps every step-th position
// (and the last).
func sampledStates(t testing.TB, seats int, seed uint64, step int) []*State {
	t.Helper()
	g := New()
	s, _, err := g.Setup(engine.Setup{Seats: seats, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(seed, 5)
	var out []*State
	for i := 0; ; i++ {
		st := s.(*State)
		if i%step == 0 || st.Mode == ModeOver {
			out = append(out, st)
		}
		status := g.Status(s)
		if status.Finished {
			return out
		}
		seat := status.Active[0]
		m, err := busyMove(g, s, seat, &rng)
		if err != nil {
			t.Fatal(err)
		}
		if s, _, err = g.Apply(s, seat, m); err != nil {
			t.Fatalf("apply %q: %v", m, err)
		}
	}
}

// sameToEverySeat compares what every viewer gets from a and b.
func sameToEverySeat(a, b *State) error {
	g := New()
	for seat := engine.Spectator; seat < a.N; seat++ {
		va, _ := json.Marshal(g.View(a, seat))
		vb, _ := json.Marshal(g.View(b, seat))
		if !bytes.Equal(va, vb) {
			return fmt.Errorf("the view of seat %d differs: %s", seat, firstDiff(va, vb))
		}
		if seat >= 0 {
			ha, _ := json.Marshal(g.Holding(a, seat))
			hb, _ := json.Marshal(g.Holding(b, seat))
			if !bytes.Equal(ha, hb) {
				return fmt.Errorf("the holding of seat %d differs", seat)
			}
		}
	}
	sa, _ := json.Marshal(g.Status(a))
	sb, _ := json.Marshal(g.Status(b))
	if !bytes.Equal(sa, sb) {
		return fmt.Errorf("the status differs: %s", firstDiff(sa, sb))
	}
	return nil
}

// sameChoices walks one move of the seat to act, token by token, and
// compares the choices offered on a and on b at every prefix.
func sameChoices(a, b *State, rng *engine.RNG) (drew bool, err error) {
	g := New()
	status := g.Status(a)
	if status.Finished {
		return false, nil
	}
	seat := status.Active[0]
	var m engine.Move
	for {
		ca, ea := g.Choices(a, seat, m)
		cb, eb := g.Choices(b, seat, m)
		ja, jb := choicesJSON(ca), choicesJSON(cb)
		if fmt.Sprint(ea) != fmt.Sprint(eb) || !bytes.Equal(ja, jb) {
			return false, fmt.Errorf("the choices after %q differ: %s", m, firstDiff(ja, jb))
		}
		if ea != nil {
			return false, nil
		}
		if ca.Complete && (len(ca.Next) == 0 || rng.Intn(3) == 0) {
			// the move's events (the log every seat reads) are the same too:
			// a card or tile drawn face up shows in the next view, never in
			// the log
			na, eva, erra := g.Apply(a, seat, m)
			_, evb, errb := g.Apply(b, seat, m)
			ja, jb := choicesJSON(eva), choicesJSON(evb)
			if fmt.Sprint(erra) != fmt.Sprint(errb) || !bytes.Equal(ja, jb) {
				return false, fmt.Errorf("the events of %q differ: %s", m, firstDiff(ja, jb))
			}
			if erra == nil {
				drew = stackSizes(na.(*State)) != stackSizes(a)
			}
			return drew, nil
		}
		if len(ca.Next) == 0 {
			return false, nil
		}
		m = append(m, drawingToken(ca.Next, rng))
	}
}

// drawingToken picks the next token, preferring the moves that draw from a
// face-down stack (a city card, the canal, the end of a turn or a pass,
// which may end the phase) and choosing the district first.
func drawingToken(next []engine.Choice, rng *engine.RNG) string {
	var pref []string
	for _, c := range next {
		switch c.Token {
		case "card", "canal", "go", "end", "pass":
			pref = append(pref, c.Token)
		}
	}
	if len(pref) > 0 && rng.Intn(4) > 0 {
		return pref[rng.Intn(len(pref))]
	}
	return next[rng.Intn(len(next))].Token
}

// stackSizes sums the face-down stacks: it falls when a move draws.
func stackSizes(st *State) int {
	n := len(st.ServiceStack) + len(st.ShipStack[0]) + len(st.ShipStack[1])
	for _, x := range st.CanalStack {
		n += len(x)
	}
	for _, x := range st.CardStack {
		n += len(x)
	}
	return n
}

func choicesJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(i-60, 0)
	return fmt.Sprintf("at byte %d: …%s… vs …%s…", i, a[from:min(i+60, len(a))], b[from:min(i+60, len(b))])
}

func TestHiddenStacksDoNotLeak(t *testing.T) {
	kinds := map[string]int{} // variant kind -> states checked
	seen := map[int]bool{}    // year indices reached
	checked, draws := 0, 0    // variants; moves compared that drew from a stack
	for _, c := range []struct {
		seats int
		seed  uint64
	}{{2, 11}, {3, 12}, {4, 13}, {2, 14}} {
		states := sampledStates(t, c.seats, c.seed, 37)
		rng := engine.NewRNG(c.seed, 9)
		for i, st := range states {
			vs := hiddenVariants(t, st)
			seen[st.Year] = true
			for _, v := range vs {
				kinds[kindOf(v.name)]++
				if err := sameToEverySeat(st, v.st); err != nil {
					t.Fatalf("%d seats, position %d (%d), %s: %v", c.seats, i, st.year(), v.name, err)
				}
				for range 4 {
					drew, err := sameChoices(st, v.st, &rng)
					if err != nil {
						t.Fatalf("%d seats, position %d (%d), %s: %v", c.seats, i, st.year(), v.name, err)
					}
					if drew {
						draws++
					}
				}
				checked++
			}
		}
	}
	// the test is not vacuous: every kind of face-down stack was varied,
	// in every decade
	for _, k := range []string{"service stack", "canal stack 0", "canal stack 1", "card stack 0", "card stack 1", "card stack 2",
		"ship stack 0", "ship stack 1", "removed service token swapped", "removed ship", "Determinize"} {
		if kinds[k] == 0 {
			t.Errorf("no position varied %q", k)
		}
	}
	for y := range len(years) {
		if !seen[y] {
			t.Errorf("no position in %d", years[y])
		}
	}
	if draws < 20 {
		t.Errorf("only %d compared moves drew from a face-down stack", draws)
	}
	t.Logf("%d variants checked (%d moves that drew): %v", checked, draws, kinds)
}

// kindOf groups a variant name: "card stack 1 reversed" -> "card stack 1".
func kindOf(name string) string {
	for _, k := range []string{"service stack", "canal stack 0", "canal stack 1", "card stack 0", "card stack 1", "card stack 2",
		"ship stack 0", "ship stack 1", "removed service token swapped", "removed ship", "Determinize"} {
		if len(name) >= len(k) && name[:len(k)] == k {
			return k
		}
	}
	return name
}
