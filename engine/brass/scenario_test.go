package brass

// Scenario tests: one txtar file per rule under testdata/scenarios, run by
// the shared harness (engine/scenario, format in docs/scenarios.md) with
// the Brass words below. The file comment names the rule, the rulebook
// section it checks ("Rulebook:") and the rules help topics it exercises
// ("Topics:").
//
// Brass setup lines (besides players, seed, pin and option):
//
//	first pN                 the first player (pin first)
//	hand pN card ...         the seat's canal-period hand (at most 8 cards);
//	                         rail-hand likewise for the rail period
//	draw card ...            the top of the draw pile; rail-draw likewise
//	removed card ...         the cards removed face down; rail-removed likewise
//	rail-order pN ...        the order in which the rail hands are dealt
//
// These build the deck pins: hands are dealt eight cards per seat in turn
// order from the top, then come the removals, then the draw pile; unnamed
// cards fill the gaps.
//
// Brass checks read the spectator view: money, income, space, vp, spent,
// links, handsize (pN value), order (pN ...), actions, round, rounds,
// period, coal-demand, iron-demand, cotton, tiles-left, market
// (open|closed), deck, tile (town@n pN industry level [flipped|unflipped]
// [cubes=N]), empty (town@n), link (id pN canal|rail), nolink (id), next
// (pN industry level [left=N]); pass-until (round N | period P | active pN
// | finished) has every active seat discard until the condition holds. In
// a move, "card:@any" stands for the first card of the seat's hand, where
// the card does not matter.

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/scenario"
)

var updateGolden = flag.Bool("update", false, "rewrite golden files under testdata")

func TestScenarios(t *testing.T) {
	scenario.Run(t, filepath.Join("testdata", "scenarios", "*.txtar"), scenario.Config{
		Game: New(),
		Lang: func() scenario.Lang { return &brassLang{decks: map[string]*deckPlan{}} },
	})
}

// scenarioRuleTopics are the rule help topics of the shared vocabulary: each
// must be exercised by at least one scenario (its "Topics:" comment line).
var scenarioRuleTopics = strings.Fields(`setup deck rounds income negative-income turn
	first-turn discard turn-order refill period-end scoring link-scoring final-scoring
	tie-break build location-card industry-card two-card-build network tech-level
	one-per-town overbuild overbuild-opponent coal coal-market iron iron-market coal-mine
	iron-works flipping cotton-mill port shipyard barrow birkenhead virtual-link port-boxes
	canal rail link-limit develop sell-cotton distant-market loan notation`)

// TestScenarioCoverage checks that every scenario cites the rulebook, that
// every rule topic has a scenario and that the topics named by scenarios
// exist in the game's rules help.
func TestScenarioCoverage(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "scenarios", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	help := map[string]bool{}
	for _, tp := range New().Info().Help {
		help[tp.ID] = true
	}
	covered := map[string][]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		comment := string(txtar.Parse(data).Comment)
		if !strings.Contains(comment, "Rulebook:") {
			t.Errorf("%s: the comment must cite the rulebook section (a line starting with Rulebook:)", f)
		}
		found := false
		for _, line := range strings.Split(comment, "\n") {
			rest, ok := strings.CutPrefix(line, "Topics:")
			if !ok {
				continue
			}
			found = true
			for _, tp := range strings.Fields(rest) {
				if len(help) > 0 && !help[tp] {
					t.Errorf("%s: topic %q is not a rules help topic", f, tp)
				}
				covered[tp] = append(covered[tp], filepath.Base(f))
			}
		}
		if !found {
			t.Errorf("%s: no Topics: line in the comment", f)
		}
	}
	for _, tp := range scenarioRuleTopics {
		if len(covered[tp]) == 0 {
			t.Errorf("rule topic %q has no scenario", tp)
		}
	}
}

// brassLang is the Brass part of the scenario language.
type brassLang struct {
	decks     map[string]*deckPlan // by prefix: "" for the canal deck, "rail-"
	firstSeat int
}

func (l *brassLang) plan(prefix string) *deckPlan {
	if l.decks[prefix] == nil {
		l.decks[prefix] = &deckPlan{hands: map[int][]string{}}
	}
	return l.decks[prefix]
}

func (l *brassLang) Setup(s *scenario.Script, su *engine.Setup, f []string) bool {
	switch f[0] {
	case "first":
		if len(f) != 2 {
			s.Fatalf("first pN")
		}
		l.firstSeat = s.Seat(f[1])
		su.Pins["first"] = strconv.Itoa(l.firstSeat + 1)
	case "hand", "rail-hand":
		if len(f) < 2 || len(f) > 10 {
			s.Fatalf("%s pN card ... (at most 8 cards)", f[0])
		}
		l.plan(strings.TrimSuffix(f[0], "hand")).hands[s.Seat(f[1])] = f[2:]
	case "draw", "rail-draw":
		l.plan(strings.TrimSuffix(f[0], "draw")).draw = f[1:]
	case "rail-order":
		// the order of play when the rail deck is dealt (hands go in that order)
		for _, a := range f[1:] {
			l.plan("rail-").order = append(l.plan("rail-").order, s.Seat(a))
		}
	case "removed", "rail-removed":
		l.plan(strings.TrimSuffix(f[0], "removed")).removed = f[1:]
	default:
		return false
	}
	return true
}

// Ready turns the deck plans into deck pins.
func (l *brassLang) Ready(s *scenario.Script, su *engine.Setup) {
	for prefix, d := range l.decks {
		order := d.order
		if order == nil {
			for i := 0; i < su.Seats; i++ {
				order = append(order, (l.firstSeat+i)%su.Seats)
			}
		}
		deck, err := d.build(su.Seats, order, prefix == "rail-")
		if err != nil {
			s.Fatalf("%sdeck: %v", prefix, err)
		}
		su.Pins[prefix+"deck"] = deck
	}
}

// Move replaces card:@any, a test shortcut for the first card of the
// seat's hand where the card played does not matter to the rule under test.
func (l *brassLang) Move(s *scenario.Script, seat int, notation string) string {
	if !strings.Contains(notation, "card:@any") {
		return notation
	}
	hand := view(s, seat).Hand
	if len(hand) == 0 {
		s.Fatalf("p%d has no card for card:@any", seat+1)
	}
	return strings.ReplaceAll(notation, "card:@any", "card:"+hand[0])
}

// scenarioDeck is the Warfrog deck of 66 cards, transcribed independently of
// the engine's data (reference brass-facts.md section 3).
var scenarioDeck = []struct {
	slug string
	n    int
}{
	{"manchester", 4}, {"liverpool", 4}, {"preston", 3}, {"lancaster", 3},
	{"barrow", 2}, {"birkenhead", 2}, {"blackburn", 2}, {"bolton", 2}, {"burnley", 2}, {"colne", 2},
	{"macclesfield", 2}, {"oldham", 2}, {"rochdale", 2}, {"stockport", 2}, {"warrington", 2}, {"wigan", 2},
	{"bury", 1}, {"fleetwood", 1}, {"ellesmere", 1},
	{"cotton", 8}, {"port", 6}, {"coal", 5}, {"iron", 3}, {"ship", 3},
}

// deckPlan builds a deck pin from the hands a scenario names: hands are
// dealt eight cards per seat in turn order from the top, then come the
// face-down removals, then the draw pile. Unnamed cards fill the gaps in
// the order of scenarioDeck.
type deckPlan struct {
	hands   map[int][]string
	order   []int // seats in the order the hands are dealt
	removed []string
	draw    []string
}

func (d *deckPlan) build(seats int, dealOrder []int, rail bool) (string, error) {
	pool := map[string]int{}
	var order []string
	for _, c := range scenarioDeck {
		pool[c.slug] = c.n
		order = append(order, c.slug)
	}
	take := func(c string) error {
		if pool[c] == 0 {
			return fmt.Errorf("no card %q left (unknown or used up)", c)
		}
		pool[c]--
		return nil
	}
	for _, h := range d.hands {
		for _, c := range h {
			if err := take(c); err != nil {
				return "", err
			}
		}
	}
	for _, c := range append(slices.Clone(d.removed), d.draw...) {
		if err := take(c); err != nil {
			return "", err
		}
	}
	fill := func(cards []string, n int) []string {
		out := slices.Clone(cards)
		for _, c := range order {
			for len(out) < n && pool[c] > 0 {
				pool[c]--
				out = append(out, c)
			}
		}
		return out
	}
	var deck []string
	for _, seat := range dealOrder {
		deck = append(deck, fill(d.hands[seat], 8)...)
	}
	removals := map[int][2]int{3: {9, 6}, 4: {6, 2}}[seats]
	n := removals[0]
	if rail {
		n = removals[1]
	}
	deck = append(deck, fill(d.removed, n)...)
	deck = append(deck, fill(d.draw, 66-len(deck))...)
	return strings.Join(deck, ","), nil
}

// view is seat's Brass view.
func view(s *scenario.Script, seat int) View {
	switch v := s.View(seat).(type) {
	case View:
		return v
	case *View:
		return *v
	}
	s.Fatalf("view is %T, want brass.View", s.View(seat))
	return View{}
}

func player(s *scenario.Script, seat int) Player {
	v := view(s, engine.Spectator)
	if seat < 0 || seat >= len(v.PlayerViews) {
		s.Fatalf("no seat p%d", seat+1)
	}
	return v.PlayerViews[seat]
}

// findSpace parses "town@n" (1-based space) into the space view.
func findSpace(s *scenario.Script, v View, arg string) SpaceView {
	town, num, ok := strings.Cut(arg, "@")
	if !ok {
		s.Fatalf("want town@space, got %q", arg)
	}
	n := s.Int(num)
	for _, p := range v.Places {
		if p.ID == town {
			if n < 1 || n > len(p.Spaces) {
				s.Fatalf("%s has %d spaces", town, len(p.Spaces))
			}
			return p.Spaces[n-1]
		}
	}
	s.Fatalf("no place %q", town)
	return SpaceView{}
}

func findLink(s *scenario.Script, v View, id string) LinkView {
	for _, l := range v.Links {
		if l.ID == id {
			return l
		}
	}
	s.Fatalf("no link %q", id)
	return LinkView{}
}

func (l *brassLang) Command(s *scenario.Script, f []string) bool {
	v := view(s, engine.Spectator)
	need := func(n int) {
		if len(f) != n {
			s.Fatalf("%s takes %d arguments, got %d", f[0], n-1, len(f)-1)
		}
	}
	// seatInt checks one figure of a seat's public panel: "money p1 30".
	seatInt := func(what string, get func(Player) int) {
		need(3)
		s.WantInt(f[1]+" "+what, get(player(s, s.Seat(f[1]))), s.Int(f[2]))
	}
	switch f[0] {
	case "money":
		seatInt("money", func(p Player) int { return p.Money })
	case "income":
		seatInt("income", func(p Player) int { return p.Income })
	case "space":
		seatInt("income space", func(p Player) int { return p.IncomeSpace })
	case "vp":
		seatInt("vp", func(p Player) int { return p.VP })
	case "spent":
		seatInt("spent", func(p Player) int { return p.Spent })
	case "links":
		seatInt("links left", func(p Player) int { return p.LinksLeft })
	case "handsize":
		seatInt("hand size", func(p Player) int { return p.HandSize })
	case "order":
		var want []int
		for _, a := range f[1:] {
			want = append(want, s.Seat(a))
		}
		if !slices.Equal(v.TurnOrder, want) {
			s.Errorf("turn order = %v, want %v (0-based)", v.TurnOrder, want)
		}
	case "actions":
		need(2)
		s.WantInt("actions left", v.ActionsLeft, s.Int(f[1]))
	case "round":
		need(2)
		s.WantInt("round", v.Round, s.Int(f[1]))
	case "rounds":
		need(2)
		s.WantInt("rounds", v.Rounds, s.Int(f[1]))
	case "period":
		need(2)
		if v.Period != f[1] {
			s.Errorf("period = %q, want %q", v.Period, f[1])
		}
	case "coal-demand":
		need(2)
		s.WantInt("coal demand cubes", v.CoalDemand, s.Int(f[1]))
	case "iron-demand":
		need(2)
		s.WantInt("iron demand cubes", v.IronDemand, s.Int(f[1]))
	case "cotton":
		need(2)
		s.WantInt("cotton demand position", v.CottonDemand, s.Int(f[1]))
	case "tiles-left":
		need(2)
		s.WantInt("distant market tiles left", v.TilesLeft, s.Int(f[1]))
	case "market":
		need(2)
		if got := map[bool]string{true: "closed", false: "open"}[v.MarketClosed]; got != f[1] {
			s.Errorf("distant market is %s, want %s", got, f[1])
		}
	case "deck":
		need(2)
		s.WantInt("deck size", v.DeckSize, s.Int(f[1]))
	case "tile":
		// tile town@n pN industry level [flipped|unflipped] [cubes=N]
		if len(f) < 5 {
			s.Fatalf("tile town@n pN industry level [flipped|unflipped] [cubes=N]")
		}
		sp := findSpace(s, v, f[1])
		if sp.Tile == nil {
			s.Errorf("%s is empty, want a tile", f[1])
			return true
		}
		tl := sp.Tile
		s.WantInt(f[1]+" owner (0-based)", tl.Owner, s.Seat(f[2]))
		if tl.Industry != f[3] {
			s.Errorf("%s industry = %q, want %q", f[1], tl.Industry, f[3])
		}
		s.WantInt(f[1]+" level", tl.Level, s.Int(f[4]))
		for _, a := range f[5:] {
			switch {
			case a == "flipped" || a == "unflipped":
				if tl.Flipped != (a == "flipped") {
					s.Errorf("%s flipped = %v, want %s", f[1], tl.Flipped, a)
				}
			case strings.HasPrefix(a, "cubes="):
				s.WantInt(f[1]+" cubes", tl.Cubes, s.Int(strings.TrimPrefix(a, "cubes=")))
			default:
				s.Fatalf("unknown tile attribute %q", a)
			}
		}
	case "empty":
		need(2)
		if sp := findSpace(s, v, f[1]); sp.Tile != nil {
			s.Errorf("%s holds %+v, want empty", f[1], *sp.Tile)
		}
	case "link":
		need(4)
		lk := findLink(s, v, f[1])
		if lk.Built != f[3] || lk.Owner != s.Seat(f[2]) {
			s.Errorf("link %s = %q owned by %d, want %s by %s", f[1], lk.Built, lk.Owner, f[3], f[2])
		}
	case "nolink":
		need(2)
		if lk := findLink(s, v, f[1]); lk.Built != "" {
			s.Errorf("link %s is built (%s by seat %d), want none", f[1], lk.Built, lk.Owner+1)
		}
	case "next":
		// next pN industry level [left=N]
		if len(f) < 4 {
			s.Fatalf("next pN industry level [left=N]")
		}
		p := player(s, s.Seat(f[1]))
		found := false
		for _, nt := range p.NextTiles {
			if nt.Industry != f[2] {
				continue
			}
			found = true
			s.WantInt(f[1]+" next "+f[2]+" level", nt.Level, s.Int(f[3]))
			for _, a := range f[4:] {
				if !strings.HasPrefix(a, "left=") {
					s.Fatalf("unknown next attribute %q", a)
				}
				s.WantInt(f[1]+" "+f[2]+" left", nt.Left, s.Int(strings.TrimPrefix(a, "left=")))
			}
		}
		if !found {
			s.Errorf("%s has no %s stack in the view", f[1], f[2])
		}
	case "pass-until":
		passUntil(s, f[1:])
	default:
		return false
	}
	return true
}

// passUntil has every active seat discard its first offered card ("pass")
// until the condition holds: "round N", "period P", "active pN" or
// "finished". Other decisions that interrupt (a forced liquidation) stop it
// with an error.
func passUntil(s *scenario.Script, cond []string) {
	if len(cond) == 0 {
		s.Fatalf("pass-until round N | period P | active pN | finished")
	}
	done := func() bool {
		v := view(s, engine.Spectator)
		switch cond[0] {
		case "round":
			return v.Round == s.Int(cond[1])
		case "period":
			return v.Period == cond[1]
		case "finished":
			return v.Finished
		case "active":
			return v.Active == s.Seat(cond[1])
		}
		s.Fatalf("unknown pass-until condition %q", cond[0])
		return true
	}
	for n := 0; !done(); n++ {
		if n > 500 {
			s.Fatalf("pass-until %v: still not there after 500 moves", cond)
		}
		st := s.Status()
		if st.Finished || len(st.Active) == 0 {
			s.Fatalf("pass-until %v: the game ended first", cond)
		}
		seat := st.Active[0]
		m := engine.Move{"pass"}
		for {
			ch := s.Choices(seat, m)
			if ch.Complete {
				break
			}
			if len(ch.Next) == 0 {
				s.Fatalf("pass-until: p%d cannot complete %q", seat+1, m)
			}
			m = append(m, ch.Next[0].Token)
		}
		s.Play(seat, m)
	}
}
