package urbanization

// Full recorded games. testdata/games/*.record are match records (see
// docs/record-format.md) of whole 2-, 3- and 4-player games with and
// without the Inventions expansion, played by a simple greedy policy over
// the choices (produce and attract when possible, else work on the lowest
// of houses, grain and work orders, collect taxes, buy land or inventions).
// TestRecordedGames replays each one and compares every public event text
// and the final standings with the golden file next to it. -update
// rewrites the goldens; -regen-games plays the games again with the
// current engine and rewrites the records too (only after a deliberate
// rules change).

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/enginetest"
)

var (
	updateGolden = flag.Bool("update", false, "rewrite golden files under testdata")
	regenGames   = flag.Bool("regen-games", false, "replay the greedy policy and rewrite testdata/games/*.record (and goldens)")
)

// recordedGames are the games kept in testdata/games.
var recordedGames = []struct {
	name       string
	seats      int
	seed       uint64
	inventions bool
}{
	{"greedy-2p", 2, 2002, false},
	{"greedy-3p", 3, 3003, false},
	{"greedy-4p", 4, 4004, false},
	{"greedy-2p-inventions", 2, 2102, true},
	{"greedy-3p-inventions", 3, 3103, true},
	{"greedy-4p-inventions", 4, 4104, true},
}

func TestRecordedGames(t *testing.T) {
	g := New()
	if *regenGames {
		for _, rg := range recordedGames {
			rec := greedyGame(t, g, rg.seats, rg.seed, rg.inventions)
			path := filepath.Join("testdata", "games", rg.name+".record")
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, rec.Format(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	files, err := filepath.Glob(filepath.Join("testdata", "games", "*.record"))
	if err != nil {
		t.Fatal(err)
	}
	covered := map[string]bool{}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".record"), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := engine.ParseRecord(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			covered[fmt.Sprintf("%d/%s", rec.Seats, rec.Options[OptInventions])] = true
			if rec.Result == "" {
				t.Fatal("the record has no Result header: a recorded game must be finished")
			}
			// Replay checks the Result header against the final status.
			res, err := engine.Replay(g, rec, engine.KeepStates())
			if err != nil {
				t.Fatal(err)
			}
			if !res.Status.Finished {
				t.Fatal("the replayed game is not finished")
			}
			got := gameTranscript(g, rec, res)
			golden := strings.TrimSuffix(f, ".record") + ".golden"
			if *updateGolden || *regenGames {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if d := cmp.Diff(string(want), got); d != "" {
				t.Errorf("replay of %s differs from %s (-want +got):\n%s", f, golden, d)
			}
			for k, p := range res.Moves {
				if err := invariant(p.State); err != nil {
					t.Errorf("move %d: %v", k+1, err)
				}
			}
			res2, err := engine.Replay(g, rec)
			if err != nil {
				t.Fatal(err)
			}
			if got2 := gameTranscript(g, rec, res2); got2 != got {
				t.Error("two replays of the same record differ")
			}
			checkSaneGame(t, res, rec.Options[OptInventions] == "on")
		})
	}
	for _, n := range []int{2, 3, 4} {
		for _, inv := range []string{"off", "on"} {
			if !covered[fmt.Sprintf("%d/%s", n, inv)] {
				t.Errorf("no recorded %d-player game with inventions=%s", n, inv)
			}
		}
	}
}

// TestRecordedGameMoves checks every move of the recorded games against the
// choices: each is built token by token from them, and every token offered
// on the way leads on (enginetest.Records).
func TestRecordedGameMoves(t *testing.T) {
	enginetest.Records(t, New(), filepath.Join("testdata", "games", "*.record"))
}

// gameTranscript is the golden text of a replayed game: the public events
// (setup, then each move's, numbered like the record) and the final
// standings.
func gameTranscript(g engine.Game, rec engine.Record, res engine.Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %d seats, seed %d, inventions %s, %d moves\n", rec.Seats, rec.Seed, rec.Options[OptInventions], len(rec.Moves))
	enginetest.Transcript(&b, g, res)
	v := g.View(res.State, engine.Spectator).(View)
	for _, p := range v.PlayerViews {
		var facs []string
		for _, f := range p.Factories {
			facs = append(facs, strings.Join(f.Cards, ">"))
		}
		fmt.Fprintf(&b, "seat %d: %d VP, $%d, %d citizens, houses %d, factories [%s], inventions %v\n",
			p.Seat+1, p.VP, p.Money, p.Citizens, p.Houses, strings.Join(facs, " "), p.Inventions)
	}
	return b.String()
}

// checkSaneGame asserts what any full game shows: six turns with their
// administration, buildings, work orders, factories and production, and a
// ranking in score order.
func checkSaneGame(t *testing.T, res engine.Result, inventions bool) {
	t.Helper()
	kinds := map[string]int{}
	for _, e := range res.Events() {
		kinds[e.Kind]++
	}
	want := []string{"turn", "mayor", "hire", "administration", "citizens", "feeding", "build", "orders", "attract", "produce", "taxes", "land", "game-end"}
	if inventions {
		want = append(want, "invention")
	}
	for _, k := range want {
		if kinds[k] == 0 {
			t.Errorf("no %q event in the whole game", k)
		}
	}
	if kinds["turn"] != 6 || kinds["administration"] != 6 || kinds["mayor"] != 5 {
		t.Errorf("%d turns, %d administrations, %d Mayors; want 6, 6, 5", kinds["turn"], kinds["administration"], kinds["mayor"])
	}
	st := res.Status
	for i := 1; i < len(st.Ranking); i++ {
		if st.Seats[st.Ranking[i-1]].Score < st.Seats[st.Ranking[i]].Score {
			t.Errorf("ranking %v is not in score order %+v", st.Ranking, st.Seats)
		}
	}
}

// greedyGame plays a whole game with the greedy policy and returns its
// record.
func greedyGame(t *testing.T, g Game, seats int, seed uint64, inventions bool) engine.Record {
	t.Helper()
	opts := map[string]string{OptInventions: "off"}
	if inventions {
		opts[OptInventions] = "on"
	}
	setup := engine.Setup{Seats: seats, Seed: seed, Options: opts}
	s, _, err := g.Setup(setup)
	if err != nil {
		t.Fatal(err)
	}
	rec := engine.Record{Game: g.Info().ID, Rules: g.Info().RulesVersion, Seed: seed, Seats: seats, Options: opts}
	p := &greedyPolicy{g: g, rng: engine.NewRNG(seed, 0x9e)}
	for n := 0; ; n++ {
		status := g.Status(s)
		if status.Finished {
			rec.Result = engine.ResultText(status)
			return rec
		}
		if n > 2000 {
			t.Fatalf("seed %d: the game did not end", seed)
		}
		seat := status.Active[0]
		m := p.move(s.(*State), seat)
		next, _, err := g.Apply(s, seat, m)
		if err != nil {
			t.Fatalf("seed %d move %d: the policy's move %q failed: %v", seed, n+1, g.FormatMove(m), err)
		}
		rec.Append(seat, g.FormatMove(m))
		s = next
	}
}

// greedyPolicy picks reasonable moves from the choices alone.
type greedyPolicy struct {
	g    Game
	rng  engine.RNG
	st   *State
	seat int
}

func (p *greedyPolicy) move(st *State, seat int) engine.Move {
	p.st, p.seat = st, seat
	ch, err := p.g.Choices(st, seat, nil)
	if err != nil {
		panic(fmt.Sprintf("greedy: choices: %v", err))
	}
	first := map[string]bool{}
	for _, c := range ch.Next {
		first[c.Token] = true
	}
	pl := &st.Players[seat]
	var order []string
	switch st.Mode {
	case ModeAction:
		order = []string{actProduce, actAttract}
		// work on the lowest of houses, grain and work orders
		needs := []struct {
			n   int
			act []string
		}{
			{pl.Houses, []string{actBuild}},
			{pl.Grain, []string{actSow, actGrain}},
			{pl.ordersTotal(), []string{actOrders}},
		}
		if pl.Grain < 2 {
			needs[1].act = []string{actGrain, actSow}
		}
		slices.SortStableFunc(needs, func(a, b struct {
			n   int
			act []string
		}) int {
			return a.n - b.n
		})
		for _, nd := range needs {
			order = append(order, nd.act...)
		}
		if pl.Citizens >= 2 {
			order = slices.Insert(order, 2, actTaxes)
		}
		switch r := p.rng.Intn(10); {
		case r < 3:
			order = slices.Insert(order, 0, actLand)
		case r < 6 && st.Opts.Inventions:
			order = slices.Insert(order, 1, actInvent)
		}
		order = append(order, actOrders, actTaxes, actLand, actInvent, actPass)
	default:
		for _, c := range ch.Next {
			order = append(order, c.Token)
		}
		p.shuffle(order)
		if first["exchange"] {
			order = []string{"exchange"}
		}
	}
	for _, tok := range order {
		if !first[tok] {
			continue
		}
		if m, ok := p.complete(engine.Move{tok}); ok {
			return m
		}
	}
	panic(fmt.Sprintf("greedy: no move completes among %v", order))
}

func (p *greedyPolicy) shuffle(x []string) {
	p.rng.Shuffle(len(x), func(i, j int) { x[i], x[j] = x[j], x[i] })
}

// complete extends m depth first in the policy's order of preference.
func (p *greedyPolicy) complete(m engine.Move) (engine.Move, bool) {
	ch, err := p.g.Choices(p.st, p.seat, m)
	if err != nil {
		return nil, false
	}
	if ch.Complete && (len(ch.Next) == 0 || !p.extend(m)) {
		return m, true
	}
	for _, tok := range p.prefer(m, ch.Next) {
		if r, ok := p.complete(append(slices.Clone(m), tok)); ok {
			return r, true
		}
	}
	if ch.Complete {
		return m, true
	}
	return nil, false
}

// extend says whether to go on with a move that could stop here.
func (p *greedyPolicy) extend(m engine.Move) bool {
	switch m[0] {
	case actProduce, actTaxes:
		return true
	case actGrain:
		return m[len(m)-1] == "millworker"
	case actBuild, actSow:
		return len(m) < 3 && p.rng.Intn(2) == 0
	}
	return false
}

// prefer orders the next tokens of m.
func (p *greedyPolicy) prefer(m engine.Move, next []engine.Choice) []string {
	var toks []string
	for _, c := range next {
		toks = append(toks, c.Token)
	}
	last := m[len(m)-1]
	switch {
	case m[0] == actGrain && (last == "buy" || last == "sell"):
		// a couple of grain at a time
		slices.SortStableFunc(toks, func(a, b string) int { return abs(atoi(a)-2) - abs(atoi(b)-2) })
	case m[0] == actGrain:
		slices.SortStableFunc(toks, func(a, b string) int {
			return rankOf(a, "millworker", "buy", "sell") - rankOf(b, "millworker", "buy", "sell")
		})
	case m[0] == actBuild && len(m) == 1 || last == "architect":
		slices.SortStableFunc(toks, func(a, b string) int {
			return rankOf(a, "architect", bHouse, bSkyscraper, bAdmin) - rankOf(b, "architect", bHouse, bSkyscraper, bAdmin)
		})
	case m[0] == actProduce:
		// the most goods first
		slices.SortStableFunc(toks, func(a, b string) int { return goodsOf(b) - goodsOf(a) })
	case m[0] == actHire(m), m[0] == "start", m[0] == actLand, m[0] == actInvent && len(m) >= 2:
		p.shuffle(toks)
	}
	return toks
}

func actHire(engine.Move) string { return "hire" }

func rankOf(tok string, order ...string) int {
	if i := slices.Index(order, tok); i >= 0 {
		return i
	}
	return len(order)
}

func goodsOf(tok string) int {
	_, spec, _ := strings.Cut(tok, ":")
	if n, err := strconv.Atoi(spec); err == nil {
		return n
	}
	return len(spec)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
