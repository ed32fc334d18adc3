package scenario_test

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/scenario"
	"github.com/smokestack/smokestack/engine/testgame"
)

// recorder is a testing.TB that keeps what a scenario reports instead of
// failing the test; Fatal ends the scenario's goroutine like the real one.
type recorder struct {
	testing.TB
	mu   sync.Mutex
	msgs []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.msgs = append(r.msgs, fmt.Sprintf(format, args...))
}

func (r *recorder) Error(args ...any) { r.Errorf("%s", fmt.Sprint(args...)) }

func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	runtime.Goexit()
}

func (r *recorder) Fatal(args ...any) { r.Fatalf("%s", fmt.Sprint(args...)) }

func (r *recorder) Failed() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.msgs) > 0
}

// run runs a scenario text and returns what it reported.
func run(t *testing.T, text string, cfg scenario.Config) []string {
	t.Helper()
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		scenario.RunText(r, "test.txtar", []byte(text), cfg)
	}()
	<-done
	return r.msgs
}

type pebbles = testgame.Game

// secret does not offer the seat's highest card, which Apply still takes.
type secret struct{ pebbles }

func (g secret) Choices(s engine.State, seat int, m engine.Move) (engine.Choices, error) {
	ch, err := g.pebbles.Choices(s, seat, m)
	if err == nil && len(m) == 1 && m[0] == "take" && len(ch.Next) > 1 {
		ch.Next = ch.Next[:len(ch.Next)-1]
	}
	return ch, err
}

// strict refuses in Apply every take of 1, which Choices offers.
type strict struct{ pebbles }

func (g strict) Apply(s engine.State, seat int, m engine.Move) (engine.State, []engine.Event, error) {
	if len(m) == 2 && m[1] == "1" {
		return nil, nil, engine.Rule("take.one", "take", "no")
	}
	return g.pebbles.Apply(s, seat, m)
}

// mutating changes its input state in Apply.
type mutating struct{ pebbles }

func (g mutating) Apply(s engine.State, seat int, m engine.Move) (engine.State, []engine.Event, error) {
	n, evs, err := g.pebbles.Apply(s, seat, m)
	if err == nil {
		s.(*testgame.State).Moves += 100
	}
	return n, evs, err
}

// setup deals seat 1 the cards 1 2 3 and seat 2 the cards 3 3 1, with ten
// pebbles in the pile.
const setup = `A comment.
-- setup --
players 2
seed 3
option pile 10
pin deck 1,2,3,3,3,1,2,2,1
-- steps --
`

// TestHarnessWords runs every word of the harness on a script that passes.
func TestHarnessWords(t *testing.T) {
	script := setup + `
active p1
hand p1 3 2 1
view pile 10
view p2 hand [3,3,1]
view hand_sizes.1 3
stat p2 cards 3
choices p1 : take
choices p1 take : 3 1 2
choices+ p1 take : 1
choices- p1 take : 4
complete p1 take 1
incomplete p1 take
choices-error p1 take.card take 9
choices-error p2 not-your-turn
canonical  t   2 => take 2
set turn 1      # a test-only edit of the state
active p2
set turn 0
p2 take 1
error not-your-turn
p1 take 9
error take.card
p1 take 9 9
error move.long
p1 take
error incomplete
p1
error parse
p1 take 2
ok
events take draw
event take p1
noevent end
private p1 draw p1
view pile 8
`
	if msgs := run(t, script, scenario.Config{Game: pebbles{}}); len(msgs) > 0 {
		t.Fatalf("a correct scenario failed:\n%s", strings.Join(msgs, "\n"))
	}
}

// TestHarnessFinds checks that each kind of wrong expectation, malformed
// script and broken game is reported, with a message that says what.
func TestHarnessFinds(t *testing.T) {
	for _, c := range []struct {
		name, script, want string
		g                  engine.Game
	}{
		{"accepted move expected refused", setup + "p1 take 2\nerror take.card\n", "want error take.card, the move was accepted", nil},
		{"other code", setup + "p1 take 9\nerror take.pile\n", "want rule error take.pile, got take.card", nil},
		{"refused move expected ok", setup + "p1 take 9\nok\n", "want ok, got", nil},
		{"parse expected", setup + "p1 take 9\nerror parse\n", "want a notation error", nil},
		{"sentinel", setup + "p1 take 9\nerror not-your-turn\n", "want engine: it is not this seat's turn, got you hold no card", nil},
		{"no outcome", setup + "p1 take 2\n", "has no expected outcome", nil},
		{"bad outcome", setup + "p1 take 2\nfine\n", `expected outcome must be "ok" or "error <code>"`, nil},
		{"view", setup + "view pile 11\n", "view pile = 10, want 11", nil},
		{"view path", setup + "view heap 11\n", `no field "heap"`, nil},
		{"active", setup + "active p2\n", "active seats = [0], want [1]", nil},
		{"hand", setup + "hand p1 1 2\n", "p1 hand = [1 2 3], want [1 2]", nil},
		{"stat", setup + "stat p1 cards 4\n", "p1 cards = 3, want 4", nil},
		{"choices", setup + "choices p1 take : 1 2\n", "want [1 2]", nil},
		{"choices+", setup + "choices+ p1 take : 4\n", `missing "4"`, nil},
		{"choices-", setup + "choices- p1 take : 3\n", `must not offer "3"`, nil},
		{"complete", setup + "complete p1 take\n", "complete = false, want true", nil},
		{"choices-error", setup + "choices-error p1 take.pile take 9\n", "want rule error take.pile", nil},
		{"event", setup + "p1 take 2\nok\nevent end\n", "no end event", nil},
		{"noevent", setup + "p1 take 2\nok\nnoevent take\n", "unexpected take event", nil},
		{"events", setup + "p1 take 2\nok\nevents draw take\n", "do not contain [draw take] in order", nil},
		{"finished", setup + "finished\n", "the game is not finished", nil},
		{"canonical", setup + "canonical t 2 => t 2\n", `formats as "take 2", want "t 2"`, nil},
		{"unknown command", setup + "frobnicate\n", `unknown command "frobnicate"`, nil},
		{"unknown setup line", "-- setup --\nplayers 2\nfirst p1\n-- steps --\nactive p1\n", `unknown setup line "first p1"`, nil},
		{"unknown section", setup + "-- stpes --\n", `unknown section "stpes"`, nil},
		{"no steps", "-- setup --\nplayers 2\n", "no steps section", nil},
		{"setup refused", "-- setup --\nplayers 9\n-- steps --\nactive p1\n", "setup:", nil},
		{"patch", setup[:strings.Index(setup, "-- steps")] + "-- patch --\nset heap 3\n-- steps --\nactive p1\n", `no field "heap"`, nil},
		{"line number", setup + "\n# a comment\nview pile 10\nview pile 9\n", "test.txtar:11: view pile = 10, want 9", nil},
		{"accepted, not offered", setup + "p1 take 3\nok\n", `Choices does not offer "3"`, secret{}},
		{"offered as complete, refused", setup + "p1 take 1\nerror take.one\n", "refused by Apply, but Choices offers it token by token and calls it complete", strict{}},
		{"offered, refused", setup + "p1 take 2\nok\n", `the move "take 1", which Choices offers as complete, is refused by Apply`, strict{}},
		{"mutation", setup + "p1 take 2\nok\n", "Apply changed its input state", mutating{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := c.g
			if g == nil {
				g = pebbles{}
			}
			msgs := run(t, c.script, scenario.Config{Game: g})
			all := strings.Join(msgs, "\n")
			if !strings.Contains(all, c.want) {
				t.Errorf("want a report containing %q, got:\n%s", c.want, all)
			}
		})
	}
}

// countLang is a game's extension: a setup word, a command and a move
// shortcut.
type countLang struct {
	pile  string
	moves int
}

func (l *countLang) Setup(s *scenario.Script, su *engine.Setup, f []string) bool {
	if f[0] != "pebbles" {
		return false
	}
	l.pile = f[1]
	return true
}

func (l *countLang) Ready(s *scenario.Script, su *engine.Setup) {
	if l.pile != "" {
		su.Options["pile"] = l.pile
	}
}

func (l *countLang) Command(s *scenario.Script, f []string) bool {
	if f[0] != "pile" {
		return false
	}
	s.WantInt("pile", s.State().(*testgame.State).Pile, s.Int(f[1]))
	return true
}

// Move reads "take max" as the seat's highest card.
func (l *countLang) Move(s *scenario.Script, seat int, notation string) string {
	l.moves++
	if notation != "take max" {
		return notation
	}
	hand := s.State().(*testgame.State).Hands[seat]
	best := 0
	for _, c := range hand {
		best = max(best, c)
	}
	return "take " + strconv.Itoa(best)
}

func TestLang(t *testing.T) {
	var lang *countLang
	cfg := scenario.Config{Game: pebbles{}, Lang: func() scenario.Lang { lang = &countLang{}; return lang }}
	script := "-- setup --\nplayers 2\npebbles 12\npin deck 1,2,3,3,3,1,2,2,1\n-- steps --\npile 12\np1 take max\nok\npile 9\n"
	if msgs := run(t, script, cfg); len(msgs) > 0 {
		t.Fatalf("the extended scenario failed:\n%s", strings.Join(msgs, "\n"))
	}
	if lang.moves != 1 {
		t.Errorf("Lang.Move called %d times, want 1", lang.moves)
	}
	if msgs := run(t, strings.Replace(script, "pile 9", "pile 8", 1), cfg); len(msgs) != 1 || !strings.Contains(msgs[0], "pile = 9, want 8") {
		t.Errorf("a wrong extended check reports %q", msgs)
	}
}
