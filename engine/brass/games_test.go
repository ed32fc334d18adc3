package brass

// Full recorded games. testdata/games/*.record are match records (see
// docs/record-format.md) of whole 3- and 4-player games, played by a simple
// greedy policy over the choices (sell when possible, mostly build, link or
// develop, borrow when short of money, discard otherwise). TestRecordedGames
// replays each one and compares every public event text and the final
// standings with the golden file next to it. -update rewrites the goldens;
// -regen-games plays the games again with the current engine and rewrites
// the records too (only after a deliberate rules change).

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/enginetest"
)

var regenGames = flag.Bool("regen-games", false, "replay the greedy policy and rewrite testdata/games/*.record (and goldens)")

// recordedGames are the games kept in testdata/games: name, seats, seed.
var recordedGames = []struct {
	name  string
	seats int
	seed  uint64
}{
	{"greedy-3p", 3, 3003},
	{"greedy-4p", 4, 4004},
	{"greedy-4p-b", 4, 4171},
	{"greedy-3p-tie", 3, 5189}, // two seats tie on VP: decided by income
}

func TestRecordedGames(t *testing.T) {
	g := New()
	if *regenGames {
		for _, rg := range recordedGames {
			rec := greedyGame(t, g, rg.seats, rg.seed)
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
	if len(files) < 2 {
		t.Fatalf("want recorded 3- and 4-player games in testdata/games, found %d", len(files))
	}
	seats := map[int]bool{}
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
			seats[rec.Seats] = true
			if rec.Result == "" {
				t.Fatal("the record has no Result header: a recorded game must be finished")
			}
			// Replay checks the Result header against the final status.
			res, err := engine.Replay(g, rec)
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
			// A second replay gives the same game (determinism), and its
			// positions pass the move-by-move ledger of conformance_test.go.
			res2, err := engine.Replay(g, rec, engine.KeepStates())
			if err != nil {
				t.Fatal(err)
			}
			st0, _, err := g.Setup(rec.Setup())
			if err != nil {
				t.Fatal(err)
			}
			prev := st0.(*state)
			for k, p := range res2.Moves {
				next := p.State.(*state)
				if err := ledgerStep(prev, next, p.Seat, p.Events); err != nil {
					t.Errorf("move %d by seat %d %q: %v", k+1, p.Seat+1, g.FormatMove(p.Move), err)
				}
				if err := brassInvariant(next); err != nil {
					t.Errorf("move %d: %v", k+1, err)
				}
				prev = next
			}
			if got2 := gameTranscript(g, rec, res2); got2 != got {
				t.Error("two replays of the same record differ")
			}
			checkSaneGame(t, res)
		})
	}
	if !seats[3] || !seats[4] {
		t.Errorf("recorded games cover seat counts %v, want 3 and 4", seats)
	}
}

// TestRecordedGamesThroughChoices checks every move of the recorded games
// against the choices: each can be built token by token in the picker, and
// every token offered on the way leads somewhere Apply accepts.
func TestRecordedGamesThroughChoices(t *testing.T) {
	enginetest.Records(t, New(), filepath.Join("testdata", "games", "*.record"))
}

// gameTranscript is the golden text of a replayed game: the public events
// (setup, then each move's, numbered like the record) and the final standings.
func gameTranscript(g engine.Game, rec engine.Record, res engine.Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %d seats, seed %d, %d moves\n", rec.Seats, rec.Seed, len(rec.Moves))
	enginetest.Transcript(&b, g, res)
	v := g.View(res.State, engine.Spectator).(View)
	for _, p := range v.PlayerViews {
		fmt.Fprintf(&b, "seat %d: %d VP, £%d, income £%d (space %d)\n", p.Seat+1, p.VP, p.Money, p.Income, p.IncomeSpace)
	}
	return b.String()
}

// checkSaneGame asserts what any full game shows: both periods were played
// and scored, industries were built and flipped, and the ranking covers
// every seat with scores in order.
func checkSaneGame(t *testing.T, res engine.Result) {
	t.Helper()
	kinds := map[string]int{}
	for _, e := range res.Events() {
		kinds[e.Kind]++
	}
	for _, k := range []string{"period-end", "score", "maintenance", "money-vp", "game-end", "build", "flip", "order"} {
		if kinds[k] == 0 {
			t.Errorf("no %q event in the whole game", k)
		}
	}
	if kinds["period-end"] != 2 {
		t.Errorf("%d period ends, want 2", kinds["period-end"])
	}
	if n := len(res.Status.Seats); kinds["score"] != 2*n {
		t.Errorf("%d period scores, want %d", kinds["score"], 2*n)
	}
	st := res.Status
	if len(st.Ranking) != len(st.Seats) {
		t.Fatalf("ranking %v for %d seats", st.Ranking, len(st.Seats))
	}
	for i := 1; i < len(st.Ranking); i++ {
		if st.Seats[st.Ranking[i-1]].Score < st.Seats[st.Ranking[i]].Score {
			t.Errorf("ranking %v is not in score order %+v", st.Ranking, st.Seats)
		}
	}
}

// greedyGame plays a whole game with greedyPolicy and returns its record.
func greedyGame(t *testing.T, g engine.Game, seats int, seed uint64) engine.Record {
	t.Helper()
	setup := engine.Setup{Seats: seats, Seed: seed}
	st, _, err := g.Setup(setup)
	if err != nil {
		t.Fatal(err)
	}
	rec := engine.Record{Game: g.Info().ID, Rules: g.Info().RulesVersion, Seed: seed, Seats: seats}
	p := &greedyPolicy{g: g, rng: engine.NewRNG(seed, 0x9e)}
	for n := 0; ; n++ {
		status := g.Status(st)
		if status.Finished {
			rec.Result = engine.ResultText(status)
			return rec
		}
		if n > 2000 {
			t.Fatalf("seed %d: the game did not end", seed)
		}
		seat := status.Active[0]
		m := p.move(st, seat)
		next, _, err := g.Apply(st, seat, m)
		if err != nil {
			t.Fatalf("seed %d move %d: the policy's move %q failed: %v", seed, n+1, g.FormatMove(m), err)
		}
		rec.Append(seat, g.FormatMove(m))
		st = next
	}
}

// greedyPolicy picks reasonable moves from the choices alone: it sells
// whenever a sale is possible, keeps going after a distant sale, takes a
// loan when short of money, mostly builds (preferring cotton mills, ports
// and coal), else links or develops, and discards when nothing fits.
type greedyPolicy struct {
	g      engine.Game
	rng    engine.RNG
	st     engine.State
	view   View
	seat   int
	budget int
}

func (p *greedyPolicy) move(st engine.State, seat int) engine.Move {
	p.st, p.seat = st, seat
	p.view = p.g.View(st, seat).(View)
	ch, err := p.g.Choices(st, seat, nil)
	if err != nil {
		panic(fmt.Sprintf("greedy: choices: %v", err))
	}
	first := map[string]bool{}
	for _, c := range ch.Next {
		first[c.Token] = true
	}
	me := p.view.PlayerViews[seat]
	var order []string
	switch {
	case first["liquidate"]:
		order = []string{"liquidate"}
	case first["stop"]:
		order = []string{"sell", "stop"}
	default:
		order = append(order, "sell")
		if me.Money < 10 && me.Income >= 0 {
			order = append(order, "loan")
		}
		link := "canal"
		if first["rail"] {
			link = "rail"
		}
		switch r := p.rng.Intn(100); {
		case r < 70:
			order = append(order, "build", link, "develop")
		case r < 90:
			order = append(order, link, "build", "develop")
		default:
			order = append(order, "develop", "build", link)
		}
		if me.Money < 15 && me.Income >= 1 {
			order = append(order, "loan")
		}
		order = append(order, "pass")
	}
	for _, tok := range order {
		if !first[tok] {
			continue
		}
		p.budget = 400
		if m, ok := p.complete(engine.Move{tok}); ok {
			return m
		}
	}
	panic(fmt.Sprintf("greedy: no move completes among %v", order))
}

// complete extends m depth first in the policy's order of preference.
func (p *greedyPolicy) complete(m engine.Move) (engine.Move, bool) {
	if p.budget <= 0 {
		return nil, false
	}
	p.budget--
	ch, err := p.g.Choices(p.st, p.seat, m)
	if err != nil {
		return nil, false
	}
	if ch.Complete && (len(ch.Next) == 0 || !p.extend(m)) {
		return m, true
	}
	for _, tok := range p.prefer(m, ch.Next) {
		if strings.HasPrefix(tok, "cards:") && p.rng.Intn(5) != 0 {
			continue // the two-card build costs a whole turn: rarely
		}
		if r, ok := p.complete(append(slices.Clone(m), tok)); ok {
			return r, true
		}
	}
	if ch.Complete {
		return m, true
	}
	return nil, false
}

// extend reports whether a complete move should still grow: a follow-up
// sale always does.
func (p *greedyPolicy) extend(m engine.Move) bool { return m[0] == "sell" }

// industryWeight favours what the board lacks: coal or iron when their
// demand tracks have empty spaces to sell into, ports when unsold mills
// outnumber unflipped ports, mills otherwise.
func (p *greedyPolicy) industryWeight(ind string) int {
	mills, ports := 0, 0
	for _, pl := range p.view.Places {
		for _, sp := range pl.Spaces {
			if sp.Tile == nil || sp.Tile.Flipped {
				continue
			}
			switch sp.Tile.Industry {
			case "cotton":
				mills++
			case "port":
				ports++
			}
		}
	}
	switch ind {
	case "cotton":
		return 15
	case "port":
		if mills > ports {
			return 25
		}
		return 8
	case "coal":
		if p.view.CoalDemand < 6 {
			return 22
		}
		return 10
	case "iron":
		if p.view.IronDemand < 6 {
			return 22
		}
		return 6
	case "ship":
		return 12
	}
	return 0
}

// prefer orders the next tokens.
func (p *greedyPolicy) prefer(m engine.Move, next []engine.Choice) []string {
	type scored struct {
		tok   string
		score int
	}
	var out []scored
	for _, c := range next {
		s := p.rng.Intn(10)
		tok := c.Token
		switch {
		case strings.HasPrefix(tok, "cards:"):
			s -= 20 // the two-card build costs a whole turn
		case strings.HasPrefix(tok, "card:"):
			s += 5
		case m[0] == "build" && len(m) == 1:
			s += p.industryWeight(tok)
		case m[0] == "build" && len(m) == 2:
			s += p.placeWeight(m[1], strings.SplitN(tok, "@", 2)[0])
		case (m[0] == "canal" || m[0] == "rail") && len(m) == 1:
			s += p.linkWeight(tok)
		case m[0] == "sell" && strings.HasSuffix(tok, ">distant"):
			s += 7 // one more sale, ports first
		case m[0] == "sell":
			s += 10
		case m[0] == "loan":
			// borrow more while income is high enough to carry it
			if (tok == "20" && p.view.PlayerViews[p.seat].Income >= 3) || (tok == "10" && p.view.PlayerViews[p.seat].Income < 3) {
				s += 10
			}
		case (m[0] == "rail" || m[0] == "develop") && len(m) >= 2:
			// a second rail or develop now and then
			if p.rng.Intn(3) == 0 {
				s += 20
			}
		}
		out = append(out, scored{tok, s})
	}
	slices.SortStableFunc(out, func(a, b scored) int { return b.score - a.score })
	toks := make([]string, len(out))
	for i, o := range out {
		toks[i] = o.tok
	}
	return toks
}

// reach lists the places joined to place by built links (and place itself).
func (p *greedyPolicy) reach(place string) map[string]bool {
	seen := map[string]bool{place: true}
	queue := []string{place}
	for len(queue) > 0 {
		at := queue[0]
		queue = queue[1:]
		for _, l := range p.view.Links {
			if l.Built == "" {
				continue
			}
			for _, pair := range [][2]string{{l.A, l.B}, {l.B, l.A}} {
				if pair[0] == at && !seen[pair[1]] {
					seen[pair[1]] = true
					queue = append(queue, pair[1])
				}
			}
		}
	}
	return seen
}

// placeInfo counts what a set of places holds.
func (p *greedyPolicy) placeInfo(places map[string]bool) (ports, openPorts, openMills, external int) {
	for _, pl := range p.view.Places {
		if !places[pl.ID] {
			continue
		}
		if pl.Kind == "external" {
			external++
		}
		for _, sp := range pl.Spaces {
			if sp.Tile == nil {
				continue
			}
			switch sp.Tile.Industry {
			case "port":
				ports++
				if !sp.Tile.Flipped {
					openPorts++
				}
			case "cotton":
				if !sp.Tile.Flipped {
					openMills++
				}
			}
		}
	}
	return
}

// placeWeight favours building where the counter can be used: mills and
// coal mines near a port, ports near unsold mills.
func (p *greedyPolicy) placeWeight(ind, place string) int {
	ports, openPorts, openMills, external := p.placeInfo(p.reach(place))
	switch ind {
	case "cotton":
		return 6*openPorts + 4*min(ports+external, 2)
	case "port":
		return 8 * min(openMills, 2)
	case "coal":
		return 5 * min(ports+external, 1)
	}
	return 0
}

// linkWeight favours links that join mills to ports or external locations.
func (p *greedyPolicy) linkWeight(id string) int {
	for _, l := range p.view.Links {
		if l.ID != id {
			continue
		}
		a, b := p.reach(l.A), p.reach(l.B)
		pa, oa, ma, ea := p.placeInfo(a)
		pb, ob, mb, eb := p.placeInfo(b)
		w := 0
		if ma > 0 && (ob > 0 || pb+eb > 0) || mb > 0 && (oa > 0 || pa+ea > 0) {
			w += 15
		}
		return w + 2*(ea+eb)
	}
	return 0
}
