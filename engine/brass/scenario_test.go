package brass

// Scenario tests: one txtar file per rule under testdata/scenarios. The file
// comment names the rule, the rulebook section it checks ("Rulebook:") and
// the rules help topics it exercises ("Topics:"). Sections:
//
//	-- setup --   players N | seed N | pin <key> <value> | option <key> <value>
//	-- patch --   optional; set <json.path> <json value> on the marshalled
//	              state after setup (a test-only way to reach a position)
//	-- steps --   the script, one command per line, '#' starts a comment
//
// Moves are "pN <notation>" (N is the 1-based seat; "card:@any" stands for
// the first card of the seat's hand, where the card does not matter) followed by the
// expected outcome on the next line: "ok", or "error <code>" (a RuleError
// code, matched with errors.As; "parse" for a notation error and
// not-your-turn / game-over / incomplete / bad-seat for the engine
// scenarioSentinels). A failed move must leave the state byte-identical.
//
// Assertions read the spectator view (see scenarioCommands below for the
// full list): money, income, space, vp, spent, links, handsize, order,
// active, actions, round, period, coal-demand, iron-demand, cotton, market,
// deck, tile, empty, link, nolink, next, hand, view, events, event, noevent,
// private, choices, complete, status checks (finished, ranking, score,
// tiebreak) and pass-until to play a period out quickly.

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/smokestack/smokestack/engine"
)

var updateGolden = flag.Bool("update", false, "rewrite golden files under testdata")

func TestScenarios(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "scenarios", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no scenarios found")
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".txtar")
		t.Run(name, func(t *testing.T) {
			runScenarioFile(t, f)
		})
	}
}

// scenarioRuleTopics are the rule help topics of the shared vocabulary: each
// must be exercised by at least one scenario (its "Topics:" comment line).
var scenarioRuleTopics = strings.Fields(`setup deck rounds income negative-income turn
	first-turn discard turn-order refill period-end scoring link-scoring final-scoring
	tie-break build location-card industry-card two-card-build network tech-level
	one-per-town overbuild overbuild-opponent coal coal-market iron iron-market coal-mine
	iron-works flipping cotton-mill port shipyard barrow birkenhead virtual-link port-boxes
	canal rail link-limit develop sell-cotton distant-market loan notation`)

// TestScenarioCoverage checks that every rule topic has a scenario and that
// the topics named by scenarios exist in the game's rules help.
func TestScenarioCoverage(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "scenarios", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	help := map[string]bool{}
	for _, tp := range newTestGame().Info().Help {
		help[tp.ID] = true
	}
	covered := map[string][]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, line := range strings.Split(string(txtar.Parse(data).Comment), "\n") {
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

// scenario is one running script.
type scenario struct {
	t      *testing.T
	g      engine.Game
	file   string
	line   int
	st     engine.State
	events []engine.Event // events of the last successful Apply
}

func (s *scenario) fatalf(format string, args ...any) {
	s.t.Helper()
	s.t.Fatalf("%s:%d: %s", s.file, s.line, fmt.Sprintf(format, args...))
}

func (s *scenario) errorf(format string, args ...any) {
	s.t.Helper()
	s.t.Errorf("%s:%d: %s", s.file, s.line, fmt.Sprintf(format, args...))
}

func runScenarioFile(t *testing.T, path string) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ar := txtar.Parse(data)
	if !strings.Contains(string(ar.Comment), "Rulebook:") {
		t.Errorf("%s: the comment must cite the rulebook section (a line starting with Rulebook:)", path)
	}
	sections := map[string]string{}
	offsets := map[string]int{}
	line := strings.Count(string(ar.Comment), "\n") + 1
	for _, f := range ar.Files {
		sections[f.Name] = string(f.Data)
		offsets[f.Name] = line + 1
		line += strings.Count(string(f.Data), "\n") + 1
	}
	for name := range sections {
		if name != "setup" && name != "patch" && name != "steps" {
			t.Fatalf("%s: unknown section %q", path, name)
		}
	}
	s := &scenario{t: t, g: newTestGame(), file: path}
	s.setup(sections["setup"], offsets["setup"])
	if p, ok := sections["patch"]; ok {
		s.patch(p, offsets["patch"])
	}
	steps, ok := sections["steps"]
	if !ok {
		t.Fatalf("%s: no steps section", path)
	}
	s.run(steps, offsets["steps"])
}

// scriptLines splits a section into trimmed, comment-free lines with their
// line numbers in the file.
func scriptLines(text string, first int) (lines []string, nums []int) {
	for i, l := range strings.Split(text, "\n") {
		if j := strings.Index(l, "#"); j >= 0 {
			l = l[:j]
		}
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		lines = append(lines, l)
		nums = append(nums, first+i)
	}
	return lines, nums
}

func (s *scenario) setup(text string, first int) {
	su := engine.Setup{Options: map[string]string{}, Pins: map[string]string{}}
	decks := map[string]*deckPlan{}
	plan := func(prefix string) *deckPlan {
		if decks[prefix] == nil {
			decks[prefix] = &deckPlan{hands: map[int][]string{}}
		}
		return decks[prefix]
	}
	firstSeat := 0
	lines, nums := scriptLines(text, first)
	for i, l := range lines {
		s.line = nums[i]
		f := strings.Fields(l)
		switch f[0] {
		case "first":
			firstSeat = s.seatArg(f[1])
			su.Pins["first"] = strconv.Itoa(firstSeat + 1)
		case "hand", "rail-hand":
			if len(f) < 2 || len(f) > 10 {
				s.fatalf("%s pN card ... (at most 8 cards)", f[0])
			}
			plan(strings.TrimSuffix(f[0], "hand")).hands[s.seatArg(f[1])] = f[2:]
		case "draw", "rail-draw":
			plan(strings.TrimSuffix(f[0], "draw")).draw = f[1:]
		case "rail-order":
			// the order of play when the rail deck is dealt (hands go in that order)
			for _, a := range f[1:] {
				plan("rail-").order = append(plan("rail-").order, s.seatArg(a))
			}
		case "removed", "rail-removed":
			plan(strings.TrimSuffix(f[0], "removed")).removed = f[1:]
		case "players":
			n, err := strconv.Atoi(f[1])
			if err != nil {
				s.fatalf("players: %v", err)
			}
			su.Seats = n
		case "seed":
			n, err := strconv.ParseUint(f[1], 10, 64)
			if err != nil {
				s.fatalf("seed: %v", err)
			}
			su.Seed = n
		case "pin":
			if len(f) < 3 {
				s.fatalf("pin needs a key and a value")
			}
			su.Pins[f[1]] = strings.Join(f[2:], " ")
		case "option":
			if len(f) != 3 {
				s.fatalf("option needs a key and a value")
			}
			su.Options[f[1]] = f[2]
		default:
			s.fatalf("unknown setup line %q", l)
		}
	}
	for prefix, d := range decks {
		order := d.order
		if order == nil {
			for i := 0; i < su.Seats; i++ {
				order = append(order, (firstSeat+i)%su.Seats)
			}
		}
		deck, err := d.build(su.Seats, order, prefix == "rail-")
		if err != nil {
			s.fatalf("%sdeck: %v", prefix, err)
		}
		su.Pins[prefix+"deck"] = deck
	}
	st, evs, err := s.g.Setup(su)
	if err != nil {
		s.fatalf("setup: %v", err)
	}
	s.st, s.events = st, evs
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

// patch edits the marshalled state: "set a.b.0.c <json>".
func (s *scenario) patch(text string, first int) {
	raw, err := s.g.MarshalState(s.st)
	if err != nil {
		s.fatalf("marshal: %v", err)
	}
	var doc any
	if err := json.Unmarshal(raw, &doc); err != nil {
		s.fatalf("decode state: %v", err)
	}
	lines, nums := scriptLines(text, first)
	for i, l := range lines {
		s.line = nums[i]
		f := strings.SplitN(l, " ", 3)
		if len(f) != 3 || f[0] != "set" {
			s.fatalf("patch lines are: set <path> <json>")
		}
		var v any
		if err := json.Unmarshal([]byte(f[2]), &v); err != nil {
			s.fatalf("patch value %q: %v", f[2], err)
		}
		if err := jsonSetPath(doc, strings.Split(f[1], "."), v); err != nil {
			s.fatalf("patch %s: %v", f[1], err)
		}
	}
	raw, err = json.Marshal(doc)
	if err != nil {
		s.fatalf("encode patched state: %v", err)
	}
	st, err := s.g.UnmarshalState(raw)
	if err != nil {
		s.fatalf("patched state does not decode: %v", err)
	}
	s.st = st
}

func jsonSetPath(doc any, path []string, v any) error {
	if len(path) == 0 {
		return errors.New("empty path")
	}
	switch d := doc.(type) {
	case map[string]any:
		if len(path) == 1 {
			if _, ok := d[path[0]]; !ok {
				return fmt.Errorf("no field %q", path[0])
			}
			d[path[0]] = v
			return nil
		}
		next, ok := d[path[0]]
		if !ok {
			return fmt.Errorf("no field %q", path[0])
		}
		return jsonSetPath(next, path[1:], v)
	case []any:
		i, err := strconv.Atoi(path[0])
		if err != nil || i < 0 || i >= len(d) {
			return fmt.Errorf("bad index %q", path[0])
		}
		if len(path) == 1 {
			d[i] = v
			return nil
		}
		return jsonSetPath(d[i], path[1:], v)
	}
	return fmt.Errorf("cannot descend into %T at %q", doc, path[0])
}

func jsonGetPath(doc any, path []string) (any, error) {
	for _, p := range path {
		switch d := doc.(type) {
		case map[string]any:
			v, ok := d[p]
			if !ok {
				return nil, fmt.Errorf("no field %q", p)
			}
			doc = v
		case []any:
			i, err := strconv.Atoi(p)
			if err != nil || i < 0 || i >= len(d) {
				return nil, fmt.Errorf("bad index %q (length %d)", p, len(d))
			}
			doc = d[i]
		default:
			return nil, fmt.Errorf("cannot descend into %T at %q", doc, p)
		}
	}
	return doc, nil
}

// seatArg parses "p1".."p4" into a 0-based seat.
func (s *scenario) seatArg(a string) int {
	s.t.Helper()
	if len(a) < 2 || a[0] != 'p' {
		s.fatalf("want a seat like p1, got %q", a)
	}
	n, err := strconv.Atoi(a[1:])
	if err != nil || n < 1 {
		s.fatalf("want a seat like p1, got %q", a)
	}
	return n - 1
}

func (s *scenario) intArg(a string) int {
	s.t.Helper()
	n, err := strconv.Atoi(a)
	if err != nil {
		s.fatalf("want a number, got %q", a)
	}
	return n
}

func (s *scenario) view(seat int) View {
	s.t.Helper()
	v, ok := s.g.View(s.st, seat).(View)
	if !ok {
		vp, ok := s.g.View(s.st, seat).(*View)
		if !ok {
			s.fatalf("view is %T, want brass.View", s.g.View(s.st, seat))
		}
		return *vp
	}
	return v
}

func (s *scenario) marshal() []byte {
	s.t.Helper()
	b, err := s.g.MarshalState(s.st)
	if err != nil {
		s.fatalf("marshal: %v", err)
	}
	return b
}

func (s *scenario) run(text string, first int) {
	lines, nums := scriptLines(text, first)
	for i := 0; i < len(lines); i++ {
		s.line = nums[i]
		l := lines[i]
		f := strings.Fields(l)
		if len(f[0]) >= 2 && f[0][0] == 'p' && f[0][1] >= '0' && f[0][1] <= '9' {
			if i+1 >= len(lines) {
				s.fatalf("move %q has no expected outcome (ok or error <code>)", l)
			}
			seat := s.seatArg(f[0])
			notation := strings.TrimSpace(strings.TrimPrefix(l, f[0]))
			i++
			s.line = nums[i]
			s.move(seat, notation, lines[i])
			if s.t.Failed() {
				return
			}
			continue
		}
		s.command(f)
	}
}

var scenarioSentinels = map[string]error{
	"not-your-turn": engine.ErrNotYourTurn,
	"game-over":     engine.ErrGameOver,
	"incomplete":    engine.ErrIncompleteMove,
	"bad-seat":      engine.ErrBadSeat,
}

// move applies a move and checks the expected outcome.
func (s *scenario) move(seat int, notation, outcome string) {
	s.t.Helper()
	of := strings.Fields(outcome)
	if strings.Contains(notation, "card:@any") {
		// a test shortcut: the first card of the seat's hand, where the
		// card played does not matter to the rule under test
		hand := s.view(seat).Hand
		if len(hand) == 0 {
			s.fatalf("p%d has no card for card:@any", seat+1)
		}
		notation = strings.ReplaceAll(notation, "card:@any", "card:"+hand[0])
	}
	m, perr := s.g.ParseMove(notation)
	switch {
	case of[0] == "ok" && len(of) == 1:
		if perr != nil {
			s.fatalf("p%d %q: parse: %v", seat+1, notation, perr)
		}
		before := s.marshal()
		st, evs, err := s.g.Apply(s.st, seat, m)
		if err != nil {
			s.fatalf("p%d %q: want ok, got %v", seat+1, notation, err)
		}
		if after := s.marshal(); !bytes.Equal(before, after) {
			s.fatalf("p%d %q: Apply changed its input state", seat+1, notation)
		}
		s.st, s.events = st, evs
		s.roundTrip()
	case of[0] == "error" && len(of) == 2:
		code := of[1]
		var err error
		if perr != nil {
			err = perr
		} else {
			before := s.marshal()
			var st engine.State
			st, _, err = s.g.Apply(s.st, seat, m)
			if err == nil {
				_ = st
				s.fatalf("p%d %q: want error %s, the move was accepted", seat+1, notation, code)
			}
			if after := s.marshal(); !bytes.Equal(before, after) {
				s.fatalf("p%d %q: illegal move changed the state", seat+1, notation)
			}
		}
		if code == "parse" {
			if perr == nil {
				s.fatalf("p%d %q: want a notation error, parsed as %q and failed with %v", seat+1, notation, m, err)
			}
			return
		}
		if want, ok := scenarioSentinels[code]; ok {
			if !errors.Is(err, want) {
				s.fatalf("p%d %q: want %v, got %v", seat+1, notation, want, err)
			}
			return
		}
		re, ok := engine.AsRule(err)
		if !ok {
			s.fatalf("p%d %q: want rule error %s, got non-rule error %v", seat+1, notation, code, err)
		}
		if re.Code != code {
			s.fatalf("p%d %q: want rule error %s, got %s (%v)", seat+1, notation, code, re.Code, err)
		}
		if re.Topic == "" {
			s.errorf("p%d %q: rule error %s names no help topic", seat+1, notation, code)
		}
	default:
		s.fatalf("expected outcome must be \"ok\" or \"error <code>\", got %q", outcome)
	}
}

func (s *scenario) roundTrip() {
	s.t.Helper()
	a := s.marshal()
	st, err := s.g.UnmarshalState(a)
	if err != nil {
		s.fatalf("unmarshal: %v", err)
	}
	b, err := s.g.MarshalState(st)
	if err != nil {
		s.fatalf("marshal: %v", err)
	}
	if !bytes.Equal(a, b) {
		s.fatalf("state does not round-trip byte-stable")
	}
}

func (s *scenario) player(seat int) Player {
	s.t.Helper()
	v := s.view(engine.Spectator)
	if seat < 0 || seat >= len(v.PlayerViews) {
		s.fatalf("no seat p%d", seat+1)
	}
	return v.PlayerViews[seat]
}

func (s *scenario) wantInt(what string, got, want int) {
	s.t.Helper()
	if got != want {
		s.errorf("%s = %d, want %d", what, got, want)
	}
}

// findSpace parses "town@n" (1-based space) into the space view.
func (s *scenario) findSpace(v View, arg string) SpaceView {
	s.t.Helper()
	town, num, ok := strings.Cut(arg, "@")
	if !ok {
		s.fatalf("want town@space, got %q", arg)
	}
	n := s.intArg(num)
	for _, p := range v.Places {
		if p.ID == town {
			if n < 1 || n > len(p.Spaces) {
				s.fatalf("%s has %d spaces", town, len(p.Spaces))
			}
			return p.Spaces[n-1]
		}
	}
	s.fatalf("no place %q", town)
	return SpaceView{}
}

func (s *scenario) findLink(v View, id string) LinkView {
	s.t.Helper()
	for _, l := range v.Links {
		if l.ID == id {
			return l
		}
	}
	s.fatalf("no link %q", id)
	return LinkView{}
}

// choiceArgs splits "p1 tok tok : want want" into seat, partial move and
// the expected tokens.
func (s *scenario) choiceArgs(f []string) (int, engine.Move, []string) {
	s.t.Helper()
	if len(f) < 2 {
		s.fatalf("%s needs a seat", f[0])
	}
	seat := s.seatArg(f[1])
	var partial engine.Move
	var want []string
	sep := slices.Index(f, ":")
	if sep < 0 {
		partial = append(partial, f[2:]...)
	} else {
		partial = append(partial, f[2:sep]...)
		want = append(want, f[sep+1:]...)
	}
	return seat, partial, want
}

func (s *scenario) choices(seat int, partial engine.Move) engine.Choices {
	s.t.Helper()
	ch, err := s.g.Choices(s.st, seat, partial)
	if err != nil {
		s.fatalf("choices p%d %q: %v", seat+1, partial, err)
	}
	return ch
}

func choiceTokens(ch engine.Choices) []string {
	var out []string
	for _, c := range ch.Next {
		out = append(out, c.Token)
	}
	return out
}

func (s *scenario) command(f []string) {
	s.t.Helper()
	v := s.view(engine.Spectator)
	need := func(n int) {
		s.t.Helper()
		if len(f) != n {
			s.fatalf("%s takes %d arguments, got %d", f[0], n-1, len(f)-1)
		}
	}
	switch f[0] {
	case "money":
		need(3)
		s.wantInt(f[1]+" money", s.player(s.seatArg(f[1])).Money, s.intArg(f[2]))
	case "income":
		need(3)
		s.wantInt(f[1]+" income", s.player(s.seatArg(f[1])).Income, s.intArg(f[2]))
	case "space":
		need(3)
		s.wantInt(f[1]+" income space", s.player(s.seatArg(f[1])).IncomeSpace, s.intArg(f[2]))
	case "vp":
		need(3)
		s.wantInt(f[1]+" vp", s.player(s.seatArg(f[1])).VP, s.intArg(f[2]))
	case "spent":
		need(3)
		s.wantInt(f[1]+" spent", s.player(s.seatArg(f[1])).Spent, s.intArg(f[2]))
	case "links":
		need(3)
		s.wantInt(f[1]+" links left", s.player(s.seatArg(f[1])).LinksLeft, s.intArg(f[2]))
	case "handsize":
		need(3)
		s.wantInt(f[1]+" hand size", s.player(s.seatArg(f[1])).HandSize, s.intArg(f[2]))
	case "order":
		var want []int
		for _, a := range f[1:] {
			want = append(want, s.seatArg(a))
		}
		if !slices.Equal(v.TurnOrder, want) {
			s.errorf("turn order = %v, want %v (0-based)", v.TurnOrder, want)
		}
	case "active":
		need(2)
		want := -1
		if f[1] != "none" {
			want = s.seatArg(f[1])
		}
		s.wantInt("active seat (0-based)", v.Active, want)
	case "actions":
		need(2)
		s.wantInt("actions left", v.ActionsLeft, s.intArg(f[1]))
	case "round":
		need(2)
		s.wantInt("round", v.Round, s.intArg(f[1]))
	case "rounds":
		need(2)
		s.wantInt("rounds", v.Rounds, s.intArg(f[1]))
	case "period":
		need(2)
		if v.Period != f[1] {
			s.errorf("period = %q, want %q", v.Period, f[1])
		}
	case "coal-demand":
		need(2)
		s.wantInt("coal demand cubes", v.CoalDemand, s.intArg(f[1]))
	case "iron-demand":
		need(2)
		s.wantInt("iron demand cubes", v.IronDemand, s.intArg(f[1]))
	case "cotton":
		need(2)
		s.wantInt("cotton demand position", v.CottonDemand, s.intArg(f[1]))
	case "tiles-left":
		need(2)
		s.wantInt("distant market tiles left", v.TilesLeft, s.intArg(f[1]))
	case "market":
		need(2)
		if got := map[bool]string{true: "closed", false: "open"}[v.MarketClosed]; got != f[1] {
			s.errorf("distant market is %s, want %s", got, f[1])
		}
	case "deck":
		need(2)
		s.wantInt("deck size", v.DeckSize, s.intArg(f[1]))
	case "tile":
		// tile town@n pN industry level [flipped|unflipped] [cubes=N]
		if len(f) < 5 {
			s.fatalf("tile town@n pN industry level [flipped|unflipped] [cubes=N]")
		}
		sp := s.findSpace(v, f[1])
		if sp.Tile == nil {
			s.errorf("%s is empty, want a tile", f[1])
			return
		}
		tl := sp.Tile
		s.wantInt(f[1]+" owner (0-based)", tl.Owner, s.seatArg(f[2]))
		if tl.Industry != f[3] {
			s.errorf("%s industry = %q, want %q", f[1], tl.Industry, f[3])
		}
		s.wantInt(f[1]+" level", tl.Level, s.intArg(f[4]))
		for _, a := range f[5:] {
			switch {
			case a == "flipped" || a == "unflipped":
				if tl.Flipped != (a == "flipped") {
					s.errorf("%s flipped = %v, want %s", f[1], tl.Flipped, a)
				}
			case strings.HasPrefix(a, "cubes="):
				s.wantInt(f[1]+" cubes", tl.Cubes, s.intArg(strings.TrimPrefix(a, "cubes=")))
			default:
				s.fatalf("unknown tile attribute %q", a)
			}
		}
	case "empty":
		need(2)
		if sp := s.findSpace(v, f[1]); sp.Tile != nil {
			s.errorf("%s holds %+v, want empty", f[1], *sp.Tile)
		}
	case "link":
		need(4)
		l := s.findLink(v, f[1])
		if l.Built != f[3] || l.Owner != s.seatArg(f[2]) {
			s.errorf("link %s = %q owned by %d, want %s by %s", f[1], l.Built, l.Owner, f[3], f[2])
		}
	case "nolink":
		need(2)
		if l := s.findLink(v, f[1]); l.Built != "" {
			s.errorf("link %s is built (%s by seat %d), want none", f[1], l.Built, l.Owner+1)
		}
	case "next":
		// next pN industry level [left=N]
		if len(f) < 4 {
			s.fatalf("next pN industry level [left=N]")
		}
		p := s.player(s.seatArg(f[1]))
		found := false
		for _, nt := range p.NextTiles {
			if nt.Industry != f[2] {
				continue
			}
			found = true
			s.wantInt(f[1]+" next "+f[2]+" level", nt.Level, s.intArg(f[3]))
			for _, a := range f[4:] {
				if !strings.HasPrefix(a, "left=") {
					s.fatalf("unknown next attribute %q", a)
				}
				s.wantInt(f[1]+" "+f[2]+" left", nt.Left, s.intArg(strings.TrimPrefix(a, "left=")))
			}
		}
		if !found {
			s.errorf("%s has no %s stack in the view", f[1], f[2])
		}
	case "hand":
		seat := s.seatArg(f[1])
		got := slices.Clone(s.view(seat).Hand)
		want := slices.Clone(f[2:])
		sort.Strings(got)
		sort.Strings(want)
		if !slices.Equal(got, want) {
			s.errorf("%s hand = %v, want %v", f[1], got, want)
		}
	case "view":
		// view [pN] path json: a field of the spectator (or pN's) view.
		seat := engine.Spectator
		args := f[1:]
		if len(args) == 3 {
			seat = s.seatArg(args[0])
			args = args[1:]
		}
		if len(args) != 2 {
			s.fatalf("view [pN] <path> <json>")
		}
		s.checkJSON(s.g.View(s.st, seat), args[0], args[1])
	case "events":
		// events k1 k2 ...: public events of the last move contain these kinds in order.
		var kinds []string
		for _, e := range s.events {
			if e.Audience == engine.Public {
				kinds = append(kinds, e.Kind)
			}
		}
		j := 0
		for _, k := range kinds {
			if j < len(f)-1 && k == f[1+j] {
				j++
			}
		}
		if j != len(f)-1 {
			s.errorf("public events %v do not contain %v in order", kinds, f[1:])
		}
	case "event", "noevent", "private":
		// event kind [pN] [key=value ...]; private pN kind [key=value ...]
		args := f[1:]
		audience := engine.Public
		if f[0] == "private" {
			audience = s.seatArg(args[0])
			args = args[1:]
		}
		if len(args) == 0 {
			s.fatalf("%s needs an event kind", f[0])
		}
		kind := args[0]
		about := -2
		data := map[string]string{}
		for _, a := range args[1:] {
			if k, val, ok := strings.Cut(a, "="); ok {
				data[k] = val
			} else {
				about = s.seatArg(a)
			}
		}
		match := func(e engine.Event) bool {
			if e.Kind != kind || e.Audience != audience || (about != -2 && e.Seat != about) {
				return false
			}
			for k, val := range data {
				if e.Data[k] != val {
					return false
				}
			}
			return true
		}
		found := slices.ContainsFunc(s.events, match)
		if f[0] == "noevent" && found {
			s.errorf("unexpected %s event %v in %s", kind, data, scenarioEventList(s.events))
		}
		if f[0] != "noevent" && !found {
			s.errorf("no %s event (seat %d, data %v) in %s", kind, about, data, scenarioEventList(s.events))
		}
	case "choices", "choices+", "choices-":
		seat, partial, want := s.choiceArgs(f)
		got := choiceTokens(s.choices(seat, partial))
		switch f[0] {
		case "choices":
			g2, w2 := slices.Clone(got), slices.Clone(want)
			sort.Strings(g2)
			sort.Strings(w2)
			if !slices.Equal(g2, w2) {
				s.errorf("choices after %q = %v, want %v", partial, got, want)
			}
		case "choices+":
			for _, w := range want {
				if !slices.Contains(got, w) {
					s.errorf("choices after %q = %v, missing %q", partial, got, w)
				}
			}
		case "choices-":
			for _, w := range want {
				if slices.Contains(got, w) {
					s.errorf("choices after %q = %v, must not offer %q", partial, got, w)
				}
			}
		}
	case "complete", "incomplete":
		seat, partial, _ := s.choiceArgs(f)
		if ch := s.choices(seat, partial); ch.Complete != (f[0] == "complete") {
			s.errorf("choices after %q: complete = %v, want %v", partial, ch.Complete, f[0] == "complete")
		}
	case "choices-error":
		// choices-error pN code tok ...: the partial move itself is refused.
		if len(f) < 3 {
			s.fatalf("choices-error pN code [tokens]")
		}
		seat := s.seatArg(f[1])
		_, err := s.g.Choices(s.st, seat, engine.Move(f[3:]))
		re, ok := engine.AsRule(err)
		if !ok || re.Code != f[2] {
			s.errorf("choices after %q: want rule error %s, got %v", f[3:], f[2], err)
		}
	case "finished":
		need(1)
		if st := s.g.Status(s.st); !st.Finished || !v.Finished {
			s.errorf("the game is not finished (phase %q)", st.Phase)
		}
	case "ranking":
		var want []int
		for _, a := range f[1:] {
			want = append(want, s.seatArg(a))
		}
		if got := s.g.Status(s.st).Ranking; !slices.Equal(got, want) {
			s.errorf("ranking = %v, want %v (0-based)", got, want)
		}
	case "score":
		need(3)
		seat := s.seatArg(f[1])
		st := s.g.Status(s.st)
		s.wantInt(f[1]+" status score", st.Seats[seat].Score, s.intArg(f[2]))
	case "tiebreak":
		need(2)
		tb := s.g.Status(s.st).TieBreak
		if (f[1] == "none") != (tb == "") {
			s.errorf("tie-break = %q, want %s", tb, f[1])
		}
	case "canonical":
		// canonical <typed move> => <canonical spelling>
		line := strings.Join(f[1:], " ")
		typed, want, ok := strings.Cut(line, "=>")
		if !ok {
			s.fatalf("canonical <typed> => <canonical>")
		}
		m, err := s.g.ParseMove(strings.TrimSpace(typed))
		if err != nil {
			s.errorf("parse %q: %v", typed, err)
			return
		}
		if got := s.g.FormatMove(m); got != strings.TrimSpace(want) {
			s.errorf("%q formats as %q, want %q", strings.TrimSpace(typed), got, strings.TrimSpace(want))
		}
	case "set":
		// set <path> <json>: a test-only edit of the state in mid-script
		s.patch(strings.Join(f, " "), s.line)
	case "pass-until":
		s.passUntil(f[1:])
	default:
		s.fatalf("unknown command %q", f[0])
	}
}

func scenarioEventList(evs []engine.Event) string {
	var b strings.Builder
	for _, e := range evs {
		fmt.Fprintf(&b, "\n\t[aud %d seat %d] %s %v: %s", e.Audience, e.Seat, e.Kind, e.Data, e.Text)
	}
	return b.String()
}

func (s *scenario) checkJSON(val any, path, want string) {
	s.t.Helper()
	raw, err := json.Marshal(val)
	if err != nil {
		s.fatalf("encode: %v", err)
	}
	var doc any
	if err := json.Unmarshal(raw, &doc); err != nil {
		s.fatalf("decode: %v", err)
	}
	got, err := jsonGetPath(doc, strings.Split(path, "."))
	if err != nil {
		s.fatalf("view %s: %v", path, err)
	}
	var w any
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		w = want // a bare word compares as a string
	}
	if !reflect.DeepEqual(got, w) {
		gb, _ := json.Marshal(got)
		s.errorf("view %s = %s, want %s", path, gb, want)
	}
}

// passUntil has every active seat discard its first offered card ("pass")
// until the condition holds: "round N", "period rail" or "finished". Other
// decisions that interrupt (a forced liquidation) stop it with an error.
func (s *scenario) passUntil(cond []string) {
	s.t.Helper()
	if len(cond) == 0 {
		s.fatalf("pass-until round N | period P | active pN | finished")
	}
	done := func() bool {
		v := s.view(engine.Spectator)
		switch cond[0] {
		case "round":
			return v.Round == s.intArg(cond[1])
		case "period":
			return v.Period == cond[1]
		case "finished":
			return v.Finished
		case "active":
			return v.Active == s.seatArg(cond[1])
		}
		s.fatalf("unknown pass-until condition %q", cond[0])
		return true
	}
	for n := 0; !done(); n++ {
		if n > 500 {
			s.fatalf("pass-until %v: still not there after 500 moves", cond)
		}
		st := s.g.Status(s.st)
		if st.Finished || len(st.Active) == 0 {
			s.fatalf("pass-until %v: the game ended first", cond)
		}
		seat := st.Active[0]
		m := engine.Move{"pass"}
		for {
			ch := s.choices(seat, m)
			if ch.Complete {
				break
			}
			if len(ch.Next) == 0 {
				s.fatalf("pass-until: p%d cannot complete %q", seat+1, m)
			}
			m = append(m, ch.Next[0].Token)
		}
		nst, evs, err := s.g.Apply(s.st, seat, m)
		if err != nil {
			s.fatalf("pass-until: p%d %q: %v", seat+1, m, err)
		}
		s.st, s.events = nst, evs
	}
}

func newTestGame() engine.Game { return New() }
