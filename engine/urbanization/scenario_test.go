package urbanization

// Scenario tests: one txtar file per rule under testdata/scenarios, in the
// format of the shared scenario harness (engine/scenario on the testinfra
// branch, docs/scenarios.md there). Until that package lands on main this
// file is a local copy of its runner with the shared words only (players,
// seed, pin, option; moves with "ok" or "error <code>"; active, finished,
// ranking, score, stat, tiebreak, hand, view, events, event, noevent,
// private, choices, choices+, choices-, complete, incomplete,
// choices-error, canonical, set); it is to be replaced by engine/scenario.
//
// Every file's comment names the rule, the rulebook section ("Rulebook:")
// and the help topics it exercises ("Topics:").

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/tools/txtar"

	"github.com/smokestack/smokestack/engine"
)

func TestScenarios(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "scenarios", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no scenarios found")
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".txtar"), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			runScenario(t, f, data)
		})
	}
}

// runScenario runs one scenario text; name stands for the file.
func runScenario(tb testing.TB, name string, data []byte) {
	tb.Helper()
	ar := txtar.Parse(data)
	if !strings.Contains(string(ar.Comment), "Rulebook:") || !strings.Contains(string(ar.Comment), "Topics:") {
		tb.Errorf("%s: the comment must cite the rulebook (Rulebook:) and the help topics (Topics:)", name)
	}
	sections := map[string]string{}
	offsets := map[string]int{}
	line := strings.Count(string(ar.Comment), "\n") + 1
	for _, f := range ar.Files {
		if _, dup := sections[f.Name]; dup {
			tb.Fatalf("%s: section %q twice", name, f.Name)
		}
		sections[f.Name] = string(f.Data)
		offsets[f.Name] = line + 1
		line += strings.Count(string(f.Data), "\n") + 1
	}
	for sec := range sections {
		if sec != "setup" && sec != "patch" && sec != "steps" {
			tb.Fatalf("%s: unknown section %q (want setup, patch, steps)", name, sec)
		}
	}
	s := &Script{tb: tb, g: New(), file: name}
	s.setup(sections["setup"], offsets["setup"])
	if p, ok := sections["patch"]; ok {
		s.patch(p, offsets["patch"])
	}
	steps, ok := sections["steps"]
	if !ok {
		tb.Fatalf("%s: no steps section", name)
	}
	s.run(steps, offsets["steps"])
}

// checkMove checks that a move Apply accepts is reachable token by token
// through the choices, and that every token offered on the way leads on.
func checkMove(g engine.Game, st engine.State, seat int, m engine.Move) error {
	for k := 0; k <= len(m); k++ {
		ch, err := g.Choices(st, seat, m[:k])
		if err != nil {
			return fmt.Errorf("Choices refuses the prefix %q of a move Apply accepts: %v", g.FormatMove(m[:k]), err)
		}
		if ch.Complete {
			if _, _, err := g.Apply(st, seat, m[:k]); err != nil {
				return fmt.Errorf("Apply refuses %q, which Choices calls complete: %v", g.FormatMove(m[:k]), err)
			}
		}
		for _, c := range ch.Next {
			if k < len(m) && c.Token == m[k] {
				continue
			}
			next := append(slices.Clone(m[:k]), c.Token)
			ch2, err := g.Choices(st, seat, next)
			if err != nil {
				return fmt.Errorf("Choices offers %q after %q, then refuses it: %v", c.Token, g.FormatMove(m[:k]), err)
			}
			if !ch2.Complete && len(ch2.Next) == 0 {
				return fmt.Errorf("Choices offers %q after %q, a dead end", c.Token, g.FormatMove(m[:k]))
			}
		}
		if k == len(m) {
			if !ch.Complete {
				return fmt.Errorf("Apply accepts %q, which Choices does not call complete", g.FormatMove(m))
			}
			return nil
		}
		if !slices.ContainsFunc(ch.Next, func(c engine.Choice) bool { return c.Token == m[k] }) {
			return fmt.Errorf("after %q Choices does not offer %q, which Apply accepts", g.FormatMove(m[:k]), m[k])
		}
	}
	return nil
}

// checkUnreachable checks that the choices do not lead to a move Apply
// refuses.
func checkUnreachable(g engine.Game, st engine.State, seat int, m engine.Move) error {
	for k := 0; k <= len(m); k++ {
		ch, err := g.Choices(st, seat, m[:k])
		if err != nil {
			return nil
		}
		if k == len(m) {
			if ch.Complete {
				return fmt.Errorf("Apply refuses %q, which Choices offers token by token and calls complete", g.FormatMove(m))
			}
			return nil
		}
		if !slices.ContainsFunc(ch.Next, func(c engine.Choice) bool { return c.Token == m[k] }) {
			return nil
		}
	}
	return nil
}

func notationRoundTrip(g engine.Game, m engine.Move) error {
	for _, tok := range m {
		if tok == "" || strings.ContainsFunc(tok, unicode.IsSpace) {
			return fmt.Errorf("token %q is empty or holds a space", tok)
		}
	}
	text := g.FormatMove(m)
	back, err := g.ParseMove(text)
	if err != nil {
		return fmt.Errorf("its canonical form %q does not parse: %v", text, err)
	}
	if !slices.Equal(back, m) {
		return fmt.Errorf("its canonical form %q parses to %q", text, []string(back))
	}
	return nil
}

// Script is one running scenario. A Lang reads and plays the game through
// it.
type Script struct {
	tb     testing.TB
	g      engine.Game
	file   string
	line   int
	st     engine.State
	events []engine.Event // events of the last move played (or of the setup)
}

// Game is the game the scenario plays.
func (s *Script) Game() engine.Game { return s.g }

// State is the current position.
func (s *Script) State() engine.State { return s.st }

// Events are the events of the last move played, or of the setup.
func (s *Script) Events() []engine.Event { return s.events }

// View is the current view of seat (or engine.Spectator).
func (s *Script) View(seat int) engine.View { return s.g.View(s.st, seat) }

// Fatalf stops the scenario with a message naming the file and line.
func (s *Script) Fatalf(format string, args ...any) {
	s.tb.Helper()
	s.tb.Fatalf("%s:%d: %s", s.file, s.line, fmt.Sprintf(format, args...))
}

// Errorf reports a failed check with the file and line, and goes on.
func (s *Script) Errorf(format string, args ...any) {
	s.tb.Helper()
	s.tb.Errorf("%s:%d: %s", s.file, s.line, fmt.Sprintf(format, args...))
}

// Seat parses "p1", "p2" ... into a 0-based seat.
func (s *Script) Seat(a string) int {
	s.tb.Helper()
	if len(a) < 2 || a[0] != 'p' {
		s.Fatalf("want a seat like p1, got %q", a)
	}
	n, err := strconv.Atoi(a[1:])
	if err != nil || n < 1 {
		s.Fatalf("want a seat like p1, got %q", a)
	}
	return n - 1
}

// Int parses a number.
func (s *Script) Int(a string) int {
	s.tb.Helper()
	n, err := strconv.Atoi(a)
	if err != nil {
		s.Fatalf("want a number, got %q", a)
	}
	return n
}

// WantInt reports a difference between got and want.
func (s *Script) WantInt(what string, got, want int) {
	s.tb.Helper()
	if got != want {
		s.Errorf("%s = %d, want %d", what, got, want)
	}
}

// Choices are the choices of seat after partial; a refusal stops the
// scenario.
func (s *Script) Choices(seat int, partial engine.Move) engine.Choices {
	s.tb.Helper()
	ch, err := s.g.Choices(s.st, seat, partial)
	if err != nil {
		s.Fatalf("choices p%d %q: %v", seat+1, partial, err)
	}
	return ch
}

// Play plays a move that must be accepted, with every check of an "ok"
// step.
func (s *Script) Play(seat int, m engine.Move) {
	s.tb.Helper()
	text := s.g.FormatMove(m)
	before := s.marshal()
	st, evs, err := s.g.Apply(s.st, seat, m)
	if err != nil {
		s.Fatalf("p%d %q: want ok, got %v", seat+1, text, err)
	}
	if after := s.marshal(); !bytes.Equal(before, after) {
		s.Fatalf("p%d %q: Apply changed its input state", seat+1, text)
	}
	if err := notationRoundTrip(s.g, m); err != nil {
		s.Errorf("p%d %q: notation: %v", seat+1, text, err)
	}
	if err := checkMove(s.g, s.st, seat, m); err != nil {
		s.Errorf("p%d %q: %v", seat+1, text, err)
	}
	s.st, s.events = st, evs
	s.roundTrip()
}

// Status is the game's status of the current position.
func (s *Script) Status() engine.Status { return s.g.Status(s.st) }

func (s *Script) marshal() []byte {
	s.tb.Helper()
	b, err := s.g.MarshalState(s.st)
	if err != nil {
		s.Fatalf("marshal: %v", err)
	}
	return b
}

func (s *Script) roundTrip() {
	s.tb.Helper()
	a := s.marshal()
	st, err := s.g.UnmarshalState(a)
	if err != nil {
		s.Fatalf("unmarshal: %v", err)
	}
	b, err := s.g.MarshalState(st)
	if err != nil {
		s.Fatalf("marshal: %v", err)
	}
	if !bytes.Equal(a, b) {
		s.Fatalf("state does not round-trip byte-stable")
	}
}

// lines splits a section into trimmed, comment-free lines with their line
// numbers in the file.
func lines(text string, first int) (out []string, nums []int) {
	for i, l := range strings.Split(text, "\n") {
		if j := strings.Index(l, "#"); j >= 0 {
			l = l[:j]
		}
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		out = append(out, l)
		nums = append(nums, first+i)
	}
	return out, nums
}

func (s *Script) setup(text string, first int) {
	s.tb.Helper()
	su := engine.Setup{Options: map[string]string{}, Pins: map[string]string{}}
	ls, nums := lines(text, first)
	for i, l := range ls {
		s.line = nums[i]
		f := strings.Fields(l)
		switch f[0] {
		case "players":
			if len(f) != 2 {
				s.Fatalf("players N")
			}
			su.Seats = s.Int(f[1])
		case "seed":
			if len(f) != 2 {
				s.Fatalf("seed N")
			}
			n, err := strconv.ParseUint(f[1], 10, 64)
			if err != nil {
				s.Fatalf("seed: %v", err)
			}
			su.Seed = n
		case "rules":
			if len(f) != 2 {
				s.Fatalf("rules N")
			}
			su.RulesVersion = s.Int(f[1])
		case "pin":
			if len(f) < 3 {
				s.Fatalf("pin needs a key and a value")
			}
			su.Pins[f[1]] = strings.Join(f[2:], " ")
		case "option":
			if len(f) != 3 {
				s.Fatalf("option needs a key and a value")
			}
			su.Options[f[1]] = f[2]
		default:
			s.Fatalf("unknown setup line %q", l)
		}
	}
	st, evs, err := s.g.Setup(su)
	if err != nil {
		s.Fatalf("setup: %v", err)
	}
	s.st, s.events = st, evs
}

// patch edits the marshalled state: "set a.b.0.c <json>" per line.
func (s *Script) patch(text string, first int) {
	s.tb.Helper()
	raw := s.marshal()
	var doc any
	if err := json.Unmarshal(raw, &doc); err != nil {
		s.Fatalf("the state is not JSON: %v", err)
	}
	ls, nums := lines(text, first)
	for i, l := range ls {
		s.line = nums[i]
		f := strings.SplitN(l, " ", 3)
		if len(f) != 3 || f[0] != "set" {
			s.Fatalf("patch lines are: set <path> <json>")
		}
		var v any
		if err := json.Unmarshal([]byte(f[2]), &v); err != nil {
			s.Fatalf("patch value %q: %v", f[2], err)
		}
		if err := jsonSetPath(doc, strings.Split(f[1], "."), v); err != nil {
			s.Fatalf("patch %s: %v", f[1], err)
		}
	}
	raw, err := json.Marshal(doc)
	if err != nil {
		s.Fatalf("encode patched state: %v", err)
	}
	st, err := s.g.UnmarshalState(raw)
	if err != nil {
		s.Fatalf("patched state does not decode: %v", err)
	}
	s.st = st
}

func jsonSetPath(doc any, path []string, v any) error {
	if len(path) == 0 {
		return errors.New("empty path")
	}
	switch d := doc.(type) {
	case map[string]any:
		next, ok := d[path[0]]
		if !ok {
			return fmt.Errorf("no field %q", path[0])
		}
		if len(path) == 1 {
			d[path[0]] = v
			return nil
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

func (s *Script) run(text string, first int) {
	s.tb.Helper()
	ls, nums := lines(text, first)
	for i := 0; i < len(ls); i++ {
		s.line = nums[i]
		l := ls[i]
		f := strings.Fields(l)
		if len(f[0]) >= 2 && f[0][0] == 'p' && f[0][1] >= '0' && f[0][1] <= '9' {
			if i+1 >= len(ls) {
				s.Fatalf("move %q has no expected outcome (ok or error <code>)", l)
			}
			seat := s.Seat(f[0])
			notation := strings.TrimSpace(strings.TrimPrefix(l, f[0]))
			i++
			s.line = nums[i]
			s.move(seat, notation, ls[i])
			if s.tb.Failed() {
				return
			}
			continue
		}
		s.command(f)
	}
}

// sentinels are the outcome codes of the engine's sentinel errors.
var sentinels = map[string]error{
	"not-your-turn": engine.ErrNotYourTurn,
	"game-over":     engine.ErrGameOver,
	"incomplete":    engine.ErrIncompleteMove,
	"bad-seat":      engine.ErrBadSeat,
}

// move plays a move and checks the expected outcome.
func (s *Script) move(seat int, notation, outcome string) {
	s.tb.Helper()
	of := strings.Fields(outcome)
	m, perr := s.g.ParseMove(notation)
	switch {
	case len(of) == 1 && of[0] == "ok":
		if perr != nil {
			s.Fatalf("p%d %q: parse: %v", seat+1, notation, perr)
		}
		s.Play(seat, m)
	case len(of) == 2 && of[0] == "error":
		code := of[1]
		err := perr
		if perr == nil {
			before := s.marshal()
			if _, _, err = s.g.Apply(s.st, seat, m); err == nil {
				s.Fatalf("p%d %q: want error %s, the move was accepted", seat+1, notation, code)
			}
			if after := s.marshal(); !bytes.Equal(before, after) {
				s.Fatalf("p%d %q: illegal move changed the state", seat+1, notation)
			}
			if cerr := checkUnreachable(s.g, s.st, seat, m); cerr != nil {
				s.Errorf("p%d %q: %v", seat+1, notation, cerr)
			}
		}
		if code == "parse" {
			if perr == nil {
				s.Fatalf("p%d %q: want a notation error, parsed as %q and failed with %v", seat+1, notation, m, err)
			}
			return
		}
		if want, ok := sentinels[code]; ok {
			if !errors.Is(err, want) {
				s.Fatalf("p%d %q: want %v, got %v", seat+1, notation, want, err)
			}
			return
		}
		re, ok := engine.AsRule(err)
		if !ok {
			s.Fatalf("p%d %q: want rule error %s, got non-rule error %v", seat+1, notation, code, err)
		}
		if re.Code != code {
			s.Fatalf("p%d %q: want rule error %s, got %s (%v)", seat+1, notation, code, re.Code, err)
		}
		if re.Topic == "" {
			s.Errorf("p%d %q: rule error %s names no help topic", seat+1, notation, code)
		}
	default:
		s.Fatalf("expected outcome must be \"ok\" or \"error <code>\", got %q", outcome)
	}
}

// choiceArgs splits "p1 tok tok : want want" into the seat, the partial
// move and the expected tokens.
func (s *Script) choiceArgs(f []string) (int, engine.Move, []string) {
	s.tb.Helper()
	if len(f) < 2 {
		s.Fatalf("%s needs a seat", f[0])
	}
	seat := s.Seat(f[1])
	var partial engine.Move
	var want []string
	if sep := slices.Index(f, ":"); sep < 0 {
		partial = append(partial, f[2:]...)
	} else {
		partial = append(partial, f[2:sep]...)
		want = append(want, f[sep+1:]...)
	}
	return seat, partial, want
}

func tokens(ch engine.Choices) []string {
	var out []string
	for _, c := range ch.Next {
		out = append(out, c.Token)
	}
	return out
}

func sorted(x []string) []string {
	x = slices.Clone(x)
	sort.Strings(x)
	return x
}

func (s *Script) command(f []string) {
	s.tb.Helper()
	need := func(n int) {
		s.tb.Helper()
		if len(f) != n {
			s.Fatalf("%s takes %d arguments, got %d", f[0], n-1, len(f)-1)
		}
	}
	seats := func(args []string) []int {
		out := []int{}
		for _, a := range args {
			out = append(out, s.Seat(a))
		}
		return out
	}
	switch f[0] {
	case "active":
		// active pN ... | none: the seats that must decide now
		want := []int{}
		if len(f) != 2 || f[1] != "none" {
			want = seats(f[1:])
		}
		if got := s.Status().Active; !slices.Equal(append([]int{}, got...), want) {
			s.Errorf("active seats = %v, want %v (0-based)", got, want)
		}
	case "finished":
		need(1)
		if st := s.Status(); !st.Finished {
			s.Errorf("the game is not finished (phase %q)", st.Phase)
		}
	case "ranking":
		if got, want := s.Status().Ranking, seats(f[1:]); !slices.Equal(got, want) {
			s.Errorf("ranking = %v, want %v (0-based)", got, want)
		}
	case "score":
		need(3)
		seat := s.Seat(f[1])
		st := s.Status()
		if seat >= len(st.Seats) {
			s.Fatalf("no seat %s", f[1])
		}
		s.WantInt(f[1]+" status score", st.Seats[seat].Score, s.Int(f[2]))
	case "stat":
		// stat pN key value: a figure of the seat's status
		need(4)
		seat := s.Seat(f[1])
		st := s.Status()
		if seat >= len(st.Seats) {
			s.Fatalf("no seat %s", f[1])
		}
		i := slices.IndexFunc(st.Seats[seat].Stats, func(x engine.Stat) bool { return x.Key == f[2] })
		if i < 0 {
			s.Fatalf("%s has no stat %q in %+v", f[1], f[2], st.Seats[seat].Stats)
		}
		s.WantInt(f[1]+" "+f[2], st.Seats[seat].Stats[i].Value, s.Int(f[3]))
	case "tiebreak":
		need(2)
		tb := s.Status().TieBreak
		if (f[1] == "none") != (tb == "") {
			s.Errorf("tie-break = %q, want %s", tb, f[1])
		}
	case "hand":
		// hand pN tok ...: the cards the seat holds (Game.Holding), in any order
		if len(f) < 2 {
			s.Fatalf("hand pN [card ...]")
		}
		var got []string
		for _, c := range s.g.Holding(s.st, s.Seat(f[1])).Cards {
			got = append(got, c.Token)
		}
		if want := f[2:]; !slices.Equal(sorted(got), sorted(want)) {
			s.Errorf("%s hand = %v, want %v", f[1], sorted(got), sorted(want))
		}
	case "view":
		// view [pN] path json: a field of the spectator's (or pN's) view.
		seat := engine.Spectator
		args := f[1:]
		if len(args) == 3 {
			seat = s.Seat(args[0])
			args = args[1:]
		}
		if len(args) != 2 {
			s.Fatalf("view [pN] <path> <json>")
		}
		s.checkJSON(s.View(seat), args[0], args[1])
	case "events":
		// events k1 k2 ...: the public events of the last move hold these kinds in order.
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
			s.Errorf("public events %v do not contain %v in order", kinds, f[1:])
		}
	case "event", "noevent", "private":
		s.event(f)
	case "choices", "choices+", "choices-":
		seat, partial, want := s.choiceArgs(f)
		got := tokens(s.Choices(seat, partial))
		switch f[0] {
		case "choices":
			if !slices.Equal(sorted(got), sorted(want)) {
				s.Errorf("choices after %q = %v, want %v", partial, got, want)
			}
		case "choices+":
			for _, w := range want {
				if !slices.Contains(got, w) {
					s.Errorf("choices after %q = %v, missing %q", partial, got, w)
				}
			}
		case "choices-":
			for _, w := range want {
				if slices.Contains(got, w) {
					s.Errorf("choices after %q = %v, must not offer %q", partial, got, w)
				}
			}
		}
	case "complete", "incomplete":
		seat, partial, _ := s.choiceArgs(f)
		if ch := s.Choices(seat, partial); ch.Complete != (f[0] == "complete") {
			s.Errorf("choices after %q: complete = %v, want %v", partial, ch.Complete, f[0] == "complete")
		}
	case "choices-error":
		// choices-error pN code tok ...: the partial move itself is refused.
		if len(f) < 3 {
			s.Fatalf("choices-error pN code [tokens]")
		}
		seat := s.Seat(f[1])
		_, err := s.g.Choices(s.st, seat, engine.Move(f[3:]))
		if want, ok := sentinels[f[2]]; ok {
			if !errors.Is(err, want) {
				s.Errorf("choices after %q: want %v, got %v", f[3:], want, err)
			}
			break
		}
		re, ok := engine.AsRule(err)
		if !ok || re.Code != f[2] {
			s.Errorf("choices after %q: want rule error %s, got %v", f[3:], f[2], err)
		}
	case "canonical":
		// canonical <typed move> => <canonical spelling>
		typed, want, ok := strings.Cut(strings.Join(f[1:], " "), "=>")
		if !ok {
			s.Fatalf("canonical <typed> => <canonical>")
		}
		typed, want = strings.TrimSpace(typed), strings.TrimSpace(want)
		m, err := s.g.ParseMove(typed)
		if err != nil {
			s.Errorf("parse %q: %v", typed, err)
			return
		}
		if got := s.g.FormatMove(m); got != want {
			s.Errorf("%q formats as %q, want %q", typed, got, want)
		}
	case "set":
		// set <path> <json>: a test-only edit of the state in mid-script
		s.patch(strings.Join(f, " "), s.line)
	default:
		s.Fatalf("unknown command %q", f[0])
	}
}

// event checks the events of the last move: "event kind [pN] [key=value
// ...]" and "noevent ..." for public events, "private pN kind [pN]
// [key=value ...]" for those only pN sees.
func (s *Script) event(f []string) {
	s.tb.Helper()
	args := f[1:]
	audience := engine.Public
	if f[0] == "private" {
		if len(args) == 0 {
			s.Fatalf("private pN kind ...")
		}
		audience = s.Seat(args[0])
		args = args[1:]
	}
	if len(args) == 0 {
		s.Fatalf("%s needs an event kind", f[0])
	}
	kind := args[0]
	about := -2 // any seat
	data := map[string]string{}
	for _, a := range args[1:] {
		if k, v, ok := strings.Cut(a, "="); ok {
			data[k] = v
		} else {
			about = s.Seat(a)
		}
	}
	match := func(e engine.Event) bool {
		if e.Kind != kind || e.Audience != audience || (about != -2 && e.Seat != about) {
			return false
		}
		for k, v := range data {
			if e.Data[k] != v {
				return false
			}
		}
		return true
	}
	found := slices.ContainsFunc(s.events, match)
	if f[0] == "noevent" && found {
		s.Errorf("unexpected %s event %v in %s", kind, data, eventList(s.events))
	}
	if f[0] != "noevent" && !found {
		s.Errorf("no %s event (seat %d, data %v) in %s", kind, about, data, eventList(s.events))
	}
}

func eventList(evs []engine.Event) string {
	var b strings.Builder
	for _, e := range evs {
		fmt.Fprintf(&b, "\n\t[aud %d seat %d] %s %v: %s", e.Audience, e.Seat, e.Kind, e.Data, e.Text)
	}
	return b.String()
}

// checkJSON compares the field at path (dot-separated keys and indices) of
// val's JSON encoding with want, a JSON value or a bare word (a string).
func (s *Script) checkJSON(val any, path, want string) {
	s.tb.Helper()
	raw, err := json.Marshal(val)
	if err != nil {
		s.Fatalf("encode: %v", err)
	}
	var doc any
	if err := json.Unmarshal(raw, &doc); err != nil {
		s.Fatalf("decode: %v", err)
	}
	got, err := jsonGetPath(doc, strings.Split(path, "."))
	if err != nil {
		s.Fatalf("view %s: %v", path, err)
	}
	var w any
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		w = want // a bare word compares as a string
	}
	if !reflect.DeepEqual(got, w) {
		gb, _ := json.Marshal(got)
		s.Errorf("view %s = %s, want %s", path, gb, want)
	}
}

// TestScenarioCoverage checks that every rule topic, every character and
// every invention is exercised by a scenario (its Topics: line) and that
// the topics named exist in the rules help.
func TestScenarioCoverage(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "scenarios", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	help := map[string]bool{}
	for _, tp := range New().Info().Help {
		help[tp.ID] = true
	}
	covered := map[string]bool{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(txtar.Parse(data).Comment), "\n") {
			rest, ok := strings.CutPrefix(line, "Topics:")
			if !ok {
				continue
			}
			for _, tp := range strings.Fields(rest) {
				if !help[tp] {
					t.Errorf("%s: topic %q is not a rules help topic", f, tp)
				}
				covered[tp] = true
			}
		}
	}
	want := slices.Clone(TopicIDs)
	for c := 1; c < numCharacters; c++ {
		want = append(want, TopicCharacterPrefix+charToken(c))
	}
	for i := range theData.inventions {
		want = append(want, TopicInventionPrefix+invToken(i))
	}
	for _, tp := range want {
		if !covered[tp] {
			t.Errorf("topic %q has no scenario", tp)
		}
	}
}
