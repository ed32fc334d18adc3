package playout

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"maps"
	"reflect"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// Check names the property a playout found broken.
type Check string

// The checks of a playout.
const (
	CheckSetup       Check = "setup"       // Setup failed or is not deterministic
	CheckStatus      Check = "status"      // inconsistent Status
	CheckChoices     Check = "choices"     // choices empty, failing, malformed or leading nowhere before the end
	CheckApply       Check = "apply"       // a move built from (or offered by) the choices failed
	CheckIllegal     Check = "illegal"     // an illegal move accepted or reported without a rule
	CheckRoundTrip   Check = "round-trip"  // MarshalState/UnmarshalState not byte-stable
	CheckMutation    Check = "mutation"    // Apply (or Choices, View ...) changed its input
	CheckNotation    Check = "notation"    // FormatMove/ParseMove do not round-trip
	CheckView        Check = "view"        // a view leaks hidden information or does not encode
	CheckEvents      Check = "events"      // an event with a bad audience, seat, kind or text
	CheckReplay      Check = "replay"      // replaying the record gives another game
	CheckInvariant   Check = "invariant"   // the caller's invariant failed
	CheckBound       Check = "bound"       // the game did not end within MaxMoves
	CheckPanic       Check = "panic"       // the game panicked
	CheckDeterminism Check = "determinism" // same seed and moves, different game
	CheckDefault     Check = "default"     // DefaultMove failed or gave a move the choices do not offer
	CheckUndo        Check = "undo"        // a move taken back and played again gives another game
	CheckMarks       Check = "marks"       // the view's marks of the latest turn disagree with what the moves changed
)

func (c Check) String() string { return string(c) }

// Failure is a broken property found by a playout, with the record that
// reproduces the game up to it.
type Failure struct {
	Check   Check
	Game    string
	Playout int
	Move    int    // 1-based number of the move involved; 0 at setup or at the end
	Seat    int    // 0-based seat of that move
	Text    string // the move (possibly partial) in notation
	Err     error
	Record  engine.Record // the game so far, ending with the move involved when applying it failed
}

func (f *Failure) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "playout: %s playout %d (%d seats, seed %d)", f.Game, f.Playout, f.Record.Seats, f.Record.Seed)
	if f.Move > 0 {
		fmt.Fprintf(&b, ", move %d by seat %d %q", f.Move, f.Seat+1, f.Text)
	}
	fmt.Fprintf(&b, ": %s: %v\nrecord to reproduce it (smokestack replay FILE):\n%s", f.Check, f.Err, f.Record.Format())
	return b.String()
}

func (f *Failure) Unwrap() error { return f.Err }

// bogus is a token no game accepts.
const bogus = "zz-playout-bogus"

type run struct {
	g     engine.Game
	cfg   Config
	i     int
	seats int
	rng   engine.RNG
	rec   engine.Record
	// topics holds the IDs of the game's help topics (Info.Help), if any.
	topics map[string]bool

	chk engine.RNG // for the checks, so sampling does not change the game played
	// where the playout is, for failures
	move     int
	seat     int
	text     string
	applying bool // the move is being applied: a failure record includes it

	absent int // the seat that only plays its default move; -1 for none

	replay bool           // this playout is replayed at the end
	events []engine.Event // every event, when replay
	hashes []uint64       // hash of the snapshot after move k (0 when not taken), when replay
}

// Playout plays random game i of cfg (seat count cfg.Seats[i%len], rules
// version as Config.Rules says, seed cfg.Seed+i) to the end and checks it; see the package comment. It returns
// the record of the game, and a *Failure when a check fails. It uses no
// testing.T, so a self-play command can run it too.
func Playout(g engine.Game, cfg Config, i int) (rec engine.Record, err error) {
	cfg = cfg.withDefaults(g)
	r := &run{
		g:      g,
		cfg:    cfg,
		i:      i,
		seats:  cfg.Seats[i%len(cfg.Seats)],
		rng:    engine.NewRNG(cfg.Seed+uint64(i), 0xe7),
		chk:    engine.NewRNG(cfg.Seed+uint64(i), 0xc4),
		replay: sampled(cfg.ReplayEvery, 0, i),
		absent: -1,
	}
	if cfg.Absent {
		r.absent = i % r.seats
	}
	rules := cfg.Rules[i/len(cfg.Seats)%len(cfg.Rules)]
	r.rec = engine.Record{Game: g.Info().ID, Rules: rules, Seed: cfg.Seed + uint64(i), Seats: r.seats, Options: cfg.Options}
	if help := g.Info().Help; len(help) > 0 {
		r.topics = map[string]bool{}
		for _, t := range help {
			r.topics[t.ID] = true
		}
	}
	defer func() {
		if p := recover(); p != nil {
			rec, err = r.rec, r.fail(CheckPanic, "%v\n%s", p, debug.Stack())
		}
	}()
	if err := r.play(); err != nil {
		return r.rec, err
	}
	return r.rec, nil
}

func (r *run) fail(c Check, format string, args ...any) error {
	f := &Failure{Check: c, Game: r.g.Info().ID, Playout: r.i, Move: r.move, Seat: r.seat, Text: r.text,
		Err: fmt.Errorf(format, args...), Record: r.rec}
	f.Record.Moves = slices.Clone(r.rec.Moves)
	if r.applying {
		// Applying the move failed or panicked: keep it so the record
		// reproduces the failure.
		f.Record.Append(r.seat, r.text)
	}
	return f
}

func (r *run) play() error {
	g := r.g
	setup := r.rec.Setup()
	st, evs, err := g.Setup(setup)
	if err != nil {
		return r.fail(CheckSetup, "setup: %v", err)
	}
	cur, err := r.marshal(st)
	if err != nil {
		return err
	}
	if r.replay { // setup determinism is checked on the replayed playouts
		if err := r.checkSetupAgain(setup, st, evs); err != nil {
			return err
		}
	}
	if err := r.checkEvents(evs); err != nil {
		return err
	}
	if st, cur, err = r.roundTrip(st, cur); err != nil {
		return err
	}
	if err := r.invariant(st); err != nil {
		return err
	}
	if r.replay {
		r.events = append(r.events, evs...)
	}
	var last engine.Move
	lastTurn, lastRound := 0, 0
	roundNames := map[int]engine.Phrase{} // each round's name, the same at every position of it
	var marked struct {                   // the move whose marks are checked next
		from             engine.State
		turn, move, seat int
		text             string
	}
	for k := 1; ; k++ {
		r.move, r.seat, r.text = 0, 0, ""
		status := g.Status(st)
		if err := r.checkStatus(status); err != nil {
			return err
		}
		if status.Turn < lastTurn {
			return r.fail(CheckStatus, "the turn number went down from %d to %d", lastTurn, status.Turn)
		}
		lastTurn = status.Turn
		if status.Round < 1 {
			return r.fail(CheckStatus, "the round number is %d, not 1 or more", status.Round)
		}
		if status.Round < lastRound {
			return r.fail(CheckStatus, "the round number went down from %d to %d", lastRound, status.Round)
		}
		lastRound = status.Round
		if name, ok := roundNames[status.Round]; ok && !name.Equal(status.RoundName) {
			return r.fail(CheckStatus, "round %d is named both %+v and %+v", status.Round, name, status.RoundName)
		}
		roundNames[status.Round] = status.RoundName
		if err := CheckStatusWording(r.g.Info(), status); err != nil {
			return r.fail(CheckStatus, "%v", err)
		}
		if marked.from != nil { // after the status checks, which come first
			r.move, r.seat, r.text = marked.move, marked.seat, marked.text
			if err := r.checkMarks(marked.from, st, marked.turn); err != nil {
				return err
			}
			r.move, r.seat, r.text = 0, 0, ""
			marked.from = nil
		}
		if status.Finished {
			return r.finish(st, status, last, cur)
		}
		if k > r.cfg.MaxMoves {
			return r.fail(CheckBound, "the game did not end within %d moves (status %+v)", r.cfg.MaxMoves, status)
		}
		seat := status.Active[r.rng.Intn(len(status.Active))]
		r.move, r.seat = k, seat
		var m engine.Move
		var complete []bool
		if seat == r.absent {
			m, err = g.DefaultMove(st, seat)
			if err != nil {
				return r.fail(CheckDefault, "DefaultMove of an active seat fails: %v", err)
			}
			if err := CheckMove(g, st, seat, m); err != nil {
				r.text = g.FormatMove(m)
				return r.fail(CheckDefault, "the default move %q is not one the choices offer: %v", r.text, err)
			}
			for n := 0; n <= len(m); n++ {
				ch, err := g.Choices(st, seat, m[:n])
				complete = append(complete, err == nil && ch.Complete)
			}
		} else if m, complete, err = r.build(st, seat); err != nil {
			return err
		}
		r.text = g.FormatMove(m)
		if err := r.checkNotation(m); err != nil {
			return err
		}
		checkViews := sampled(r.cfg.ViewEvery, k, r.i)
		checkTrip := sampled(r.cfg.RoundTripEvery, k, r.i)
		if (checkViews || checkTrip) && cur == nil {
			if cur, err = r.marshal(st); err != nil {
				return err
			}
		}
		if checkViews {
			if err := r.checkViews(st, status); err != nil {
				return err
			}
			if err := r.checkIllegal(st, seat, m, complete, status); err != nil {
				return err
			}
			for n := 1; n < len(m); n++ {
				if err := r.checkNotation(m[:n]); err != nil {
					return err
				}
			}
		}
		if sampled(r.cfg.OfferedEvery, k, r.i+1) {
			if err := CheckOffered(g, st, seat, m); err != nil {
				var refused *RefusedError
				if errors.As(err, &refused) {
					// As when the built move fails: the record ends with
					// the move refused, so replaying it reproduces this.
					r.text, r.applying = g.FormatMove(refused.Move), true
					return r.fail(CheckApply, "%v", err)
				}
				return r.fail(CheckChoices, "%v", err)
			}
		}
		r.applying = true
		next, evs, err := g.Apply(st, seat, m)
		if err != nil {
			return r.fail(CheckApply, "a move built from the choices fails: %v", err)
		}
		r.applying = false
		r.rec.Append(seat, r.text)
		last = m
		if cur != nil {
			after, err := r.marshal(st)
			if err != nil {
				return err
			}
			if !bytes.Equal(cur, after) {
				return r.fail(CheckMutation, "the state changed while choices, views and Apply ran on it: %s", FirstDiff(cur, after))
			}
		}
		if err := r.checkEvents(evs); err != nil {
			return err
		}
		cur = nil
		if checkTrip {
			if next, cur, err = r.roundTrip(next, nil); err != nil {
				return err
			}
		}
		if err := r.invariant(next); err != nil {
			return err
		}
		if r.replay {
			r.events = append(r.events, evs...)
			var h uint64
			if cur != nil {
				h = hash(cur)
			}
			r.hashes = append(r.hashes, h)
		}
		if sampled(r.cfg.UndoEvery, k, r.i+2) && !g.Status(next).Finished {
			if err := r.undo(st, next, seat, m); err != nil {
				return err
			}
			// The turn and round numbers are the ones before the move again.
			back := g.Status(st)
			lastTurn, lastRound, cur = back.Turn, back.Round, nil
			continue
		}
		marked.from, marked.turn, marked.move, marked.seat, marked.text = st, status.Turn, k, seat, r.text
		st = next
	}
}

// undo takes back the move m by seat that led from st to next: the
// record gets an undo, and the playout goes on from st. Playing m again
// must give next byte for byte (a card drawn again is the same card), and
// Revealed must say nothing was revealed between two equal positions.
func (r *run) undo(st, next engine.State, seat int, m engine.Move) error {
	if r.g.Revealed(st, st) {
		return r.fail(CheckUndo, "Revealed reports a move between two equal positions")
	}
	if !r.g.Revealed(st, next) {
		// Nothing revealed: what the mover sees after the move cannot
		// depend on what it could not see before (the order of a deck,
		// the others' hands), so it is the same when that is reshuffled.
		// (A move the reshuffled position refuses proves nothing.)
		mine, err := json.Marshal(r.g.View(next, seat))
		if err != nil {
			return r.fail(CheckView, "view of seat %d does not encode: %v", seat+1, err)
		}
		if other, _, err := r.g.Apply(r.g.Determinize(st, seat, &r.chk), seat, m); err == nil {
			theirs, err := json.Marshal(r.g.View(other, seat))
			if err != nil {
				return r.fail(CheckView, "view of seat %d does not encode: %v", seat+1, err)
			}
			if !bytes.Equal(mine, theirs) {
				return r.fail(CheckUndo, "Revealed says the move showed nothing new, but what its player sees after it depends on what it could not see: %s", FirstDiff(mine, theirs))
			}
		}
	}
	want, err := r.marshal(next)
	if err != nil {
		return err
	}
	again, _, err := r.g.Apply(st, seat, m)
	if err != nil {
		return r.fail(CheckUndo, "the move fails when played again after an undo: %v", err)
	}
	got, err := r.marshal(again)
	if err != nil {
		return err
	}
	if !bytes.Equal(got, want) {
		return r.fail(CheckUndo, "the move played again after an undo gives another position: %s", FirstDiff(want, got))
	}
	r.rec.AppendUndo(len(r.rec.Moves))
	if r.replay {
		before, err := r.marshal(st)
		if err != nil {
			return err
		}
		r.hashes = append(r.hashes, hash(before))
	}
	return nil
}

// checkSetupAgain sets the match up a second time and compares.
func (r *run) checkSetupAgain(setup engine.Setup, st engine.State, evs []engine.Event) error {
	if err := SameSetup(r.g, setup, st, evs); err != nil {
		return r.fail(CheckDeterminism, "%v", err)
	}
	return nil
}

func (r *run) marshal(st engine.State) ([]byte, error) {
	b, err := r.g.MarshalState(st)
	if err != nil {
		return nil, r.fail(CheckRoundTrip, "MarshalState: %v", err)
	}
	return b, nil
}

// roundTrip decodes the encoded state and encodes it again; the playout
// goes on from the decoded state, so a field lost in encoding shows up when
// the replay (which never decodes) gives another game.
func (r *run) roundTrip(st engine.State, enc []byte) (engine.State, []byte, error) {
	if enc == nil {
		var err error
		if enc, err = r.marshal(st); err != nil {
			return nil, nil, err
		}
	}
	dec, err := r.g.UnmarshalState(enc)
	if err != nil {
		return nil, nil, r.fail(CheckRoundTrip, "UnmarshalState of MarshalState: %v", err)
	}
	again, err := r.marshal(dec)
	if err != nil {
		return nil, nil, err
	}
	if !bytes.Equal(enc, again) {
		return nil, nil, r.fail(CheckRoundTrip, "encode, decode, encode is not byte-stable: %s", FirstDiff(enc, again))
	}
	return dec, enc, nil
}

func (r *run) invariant(st engine.State) error {
	if r.cfg.Invariant == nil {
		return nil
	}
	if err := r.cfg.Invariant(st); err != nil {
		return r.fail(CheckInvariant, "%v", err)
	}
	return nil
}

// build makes a random move for seat from the choices alone. complete[n]
// tells whether the prefix of length n was offered as complete.
func (r *run) build(st engine.State, seat int) (engine.Move, []bool, error) {
	var m engine.Move
	var complete []bool
	// failAt reports a choices failure at the prefix built so far.
	failAt := func(format string, args ...any) (engine.Move, []bool, error) {
		r.text = r.g.FormatMove(m)
		return nil, nil, r.fail(CheckChoices, format, args...)
	}
	for {
		ch, err := r.g.Choices(st, seat, m)
		if err != nil {
			if len(m) == 0 {
				return failAt("Choices fails for the active seat: %v", err)
			}
			return failAt("Choices fails on a prefix built from its own choices: %v", err)
		}
		complete = append(complete, ch.Complete)
		if err := checkChoiceList(ch); err != nil {
			return failAt("%v", err)
		}
		switch {
		case len(m) == 0 && ch.Complete:
			return nil, nil, r.fail(CheckChoices, "the empty move is offered as complete")
		case len(ch.Next) == 0 && !ch.Complete:
			if len(m) == 0 {
				return failAt("the active seat has no choices before the end")
			}
			return failAt("dead end: the move is not complete and nothing may follow")
		case ch.Complete && (len(ch.Next) == 0 || r.rng.Intn(2) == 0):
			return m, complete, nil
		case len(m) >= maxMoveTokens:
			return failAt("the move grew past %d tokens without being complete", maxMoveTokens)
		}
		m = append(m, ch.Next[r.rng.Intn(len(ch.Next))].Token)
	}
}

// checkChoiceList checks that tokens are single non-empty words, distinct,
// with labels short enough for a menu.
func checkChoiceList(ch engine.Choices) error {
	for i, c := range ch.Next {
		if c.Token == "" || strings.ContainsFunc(c.Token, unicode.IsSpace) {
			return fmt.Errorf("choice token %q is empty or holds a space", c.Token)
		}
		if c.Label == "" || utf8.RuneCountInString(c.Label) > 80 {
			return fmt.Errorf("choice %q has an empty label or one longer than 80 characters: %q", c.Token, c.Label)
		}
		for _, d := range ch.Next[:i] {
			if d.Token == c.Token {
				return fmt.Errorf("choice token %q is offered twice", c.Token)
			}
		}
	}
	return nil
}

func (r *run) checkNotation(m engine.Move) error {
	if err := NotationRoundTrip(r.g, m); err != nil {
		return r.fail(CheckNotation, "move %q: %v", []string(m), err)
	}
	return nil
}

func (r *run) checkStatus(s engine.Status) error {
	if len(s.Seats) != r.seats {
		return r.fail(CheckStatus, "status lists %d seats, the match has %d", len(s.Seats), r.seats)
	}
	if err := CheckNames(s); err != nil {
		return r.fail(CheckStatus, "%v", err)
	}
	for j, ss := range s.Seats {
		if ss.Seat != j {
			return r.fail(CheckStatus, "status seat %d is numbered %d", j, ss.Seat)
		}
		if err := checkBreakdown(r.g.Info().Scoring, ss); err != nil {
			return r.fail(CheckStatus, "seat %d: %v", j+1, err)
		}
	}
	if s.Finished {
		if len(s.Active) > 0 {
			return r.fail(CheckStatus, "finished game with active seats %v", s.Active)
		}
		if !isPermutation(s.Ranking, r.seats) {
			return r.fail(CheckStatus, "ranking %v does not list every seat once", s.Ranking)
		}
		return nil
	}
	if len(s.Active) == 0 {
		return r.fail(CheckStatus, "no active seat before the end")
	}
	for j, a := range s.Active {
		if a < 0 || a >= r.seats || slices.Contains(s.Active[:j], a) {
			return r.fail(CheckStatus, "active seats %v: out of range or repeated", s.Active)
		}
	}
	return nil
}

// checkBreakdown: a seat's Breakdown lists every category of the game's
// Scoring in order, nothing else, and adds up to its score.
func checkBreakdown(cats []engine.ScoringCategory, ss engine.SeatStatus) error {
	if len(cats) == 0 {
		return fmt.Errorf("Info.Scoring lists no scoring category")
	}
	if len(ss.Breakdown) != len(cats) {
		return fmt.Errorf("breakdown %v does not list the %d scoring categories", ss.Breakdown, len(cats))
	}
	sum := 0
	for i, b := range ss.Breakdown {
		if b.Key != cats[i].Key || b.Label == "" {
			return fmt.Errorf("breakdown entry %d is %q (%q), want category %q", i+1, b.Key, b.Label, cats[i].Key)
		}
		sum += b.Value
	}
	if sum != ss.Score {
		return fmt.Errorf("breakdown %v adds up to %d, the score is %d", ss.Breakdown, sum, ss.Score)
	}
	return nil
}

func isPermutation(p []int, n int) bool {
	if len(p) != n {
		return false
	}
	seen := make([]bool, n)
	for _, v := range p {
		if v < 0 || v >= n || seen[v] {
			return false
		}
		seen[v] = true
	}
	return true
}

func (r *run) checkEvents(evs []engine.Event) error {
	for _, e := range evs {
		switch {
		case e.Audience != engine.Public && (e.Audience < 0 || e.Audience >= r.seats):
			return r.fail(CheckEvents, "event %q has audience %d: neither public nor a seat", e.Text, e.Audience)
		case e.Seat != engine.Public && (e.Seat < 0 || e.Seat >= r.seats):
			return r.fail(CheckEvents, "event %q is about seat %d: neither none nor a seat", e.Text, e.Seat)
		case e.Kind == "" || e.Text == "" || strings.ContainsAny(e.Text, "\r\n"):
			return r.fail(CheckEvents, "event %+v has no kind, or no text, or more than one line", e)
		case e.Own != "" && (e.Seat < 0 || strings.ContainsAny(e.Own, "\r\n")):
			return r.fail(CheckEvents, "event %+v has an Own text but is about no seat, or its Own text has more than one line", e)
		case e.Audience != engine.Public && (!e.VisibleTo(e.Audience) || e.VisibleTo(engine.Spectator) ||
			e.VisibleTo((e.Audience+1)%r.seats) && r.seats > 1):
			return r.fail(CheckEvents, "private event %q is visible beyond seat %d", e.Text, e.Audience+1)
		}
		if err := checkWording(r.g.Info(), e); err != nil {
			return r.fail(CheckEvents, "%v", err)
		}
	}
	return nil
}

// secondPerson finds English words that address the reader.
var secondPerson = regexp.MustCompile(`(?i)\b(you|your|yours|yourself)\b`)

// checkWording checks, for a game with a catalog, that the event is worded
// by it (docs/i18n.md): it names a message, every language words it (and
// its second person) with nothing missing, and its English is Text and
// Own, so that the English fields and the catalog never disagree.
func checkWording(info engine.Info, e engine.Event) error {
	cat := info.Catalog
	if cat == nil {
		return nil
	}
	if e.Msg == "" {
		return fmt.Errorf("event %q has no catalog message (Msg), though the game has a catalog", e.Text)
	}
	en := engine.WordsFor(info, lang.English, nil)
	if got := en.Event(e, engine.Spectator); got != e.Text {
		return fmt.Errorf("event %s: the catalog's English %q is not its Text %q", e.Msg, got, e.Text)
	}
	// The message itself is the third person, read by everyone but the
	// seat: after a seat changes hands its earlier player's events, even
	// private ones, are told to the newcomer by name (bot: Match.WordsAt).
	if e.Seat >= 0 && secondPerson.MatchString(e.Text) {
		return fmt.Errorf("event %s: its English %q addresses the reader; the second person belongs in %s%s", e.Msg, e.Text, e.Msg, engine.OwnSuffix)
	}
	own := cat.Has(lang.English, e.Msg+engine.OwnSuffix)
	if e.Seat >= 0 && own {
		if got := en.Event(e, e.Seat); got != e.Own {
			return fmt.Errorf("event %s: the catalog's English second person %q is not its Own %q", e.Msg, got, e.Own)
		}
	}
	data := map[string]string{"seat": "X", "Seat": "X"}
	for k, v := range e.Data {
		data[k] = v
	}
	for _, l := range lang.Supported {
		if _, err := cat.Localize(l, e.Msg, data); err != nil {
			return fmt.Errorf("event %q: %w", e.Text, err)
		}
		if own {
			if _, err := cat.Localize(l, e.Msg+engine.OwnSuffix, data); err != nil {
				return fmt.Errorf("event %q: %w", e.Own, err)
			}
		}
	}
	return nil
}

// checkViews encodes the view of one random seat and the spectator's,
// checks that a game without private information holds nothing for the
// seat, and,
// with a permuter, checks that reshuffling what that seat may not see
// changes neither its view, nor the spectator's, nor the status. One seat
// per sampled move keeps the cost low; over a playout every seat comes up.
func (r *run) checkViews(st engine.State, status engine.Status) error {
	s := r.chk.Intn(r.seats)
	var views [2][]byte // the seat's, the spectator's
	for k, who := range []int{s, engine.Spectator} {
		b, err := json.Marshal(r.g.View(st, who))
		if err != nil {
			return r.fail(CheckView, "view of seat %d does not encode: %v", who+1, err)
		}
		views[k] = b
	}
	// The board the marks see, and the marks, are public: the seat's are
	// the spectator's.
	if sv, ok := r.g.View(st, s).(engine.Board); ok {
		pv := r.g.View(st, engine.Spectator).(engine.Board)
		if !maps.Equal(sv.BoardPlaces(), pv.BoardPlaces()) || !reflect.DeepEqual(sv.Marks(), pv.Marks()) {
			return r.fail(CheckMarks, "seat %d's view shows other board places or marks than the spectator's", s+1)
		}
	}
	// A game without private information holds nothing for a seat (its
	// views may still name their viewer, to draw "you").
	if !r.g.Info().PrivateInfo {
		if h := r.g.Holding(st, s); len(h.Cards) > 0 || len(h.Stats) > 0 {
			return r.fail(CheckView, "the game declares no private information, but seat %d holds %+v", s+1, h)
		}
	}
	other := r.g.Determinize(st, s, &r.chk)
	for k, who := range []int{s, engine.Spectator} {
		b, err := json.Marshal(r.g.View(other, who))
		if err != nil {
			return r.fail(CheckView, "view of a permuted state does not encode: %v", err)
		}
		if !bytes.Equal(b, views[k]) {
			name := fmt.Sprintf("seat %d's view", s+1)
			if who == engine.Spectator {
				name = "the spectator view"
			}
			return r.fail(CheckView, "%s changes when only what seat %d may not see is reshuffled: %s",
				name, s+1, FirstDiff(views[k], b))
		}
	}
	before, err := json.Marshal(status)
	if err != nil {
		return r.fail(CheckStatus, "status does not encode: %v", err)
	}
	if after, err := json.Marshal(r.g.Status(other)); err != nil || !bytes.Equal(before, after) {
		return r.fail(CheckView, "the status changes when only what seat %d may not see is reshuffled: %s", s+1, FirstDiff(before, after))
	}
	return nil
}

// checkIllegal plays moves that must fail: the chosen move by each inactive
// seat, a prefix the choices called incomplete, and a bogus token after a
// random prefix. Failures must name a rule (or be an engine sentinel).
func (r *run) checkIllegal(st engine.State, seat int, m engine.Move, complete []bool, status engine.Status) error {
	for s := 0; s < r.seats; s++ {
		if slices.Contains(status.Active, s) {
			continue
		}
		if _, _, err := r.g.Apply(st, s, m); err == nil {
			return r.fail(CheckIllegal, "seat %d, which is not active, may play the move", s+1)
		} else if err := r.ruleErr(err); err != nil {
			return r.fail(CheckIllegal, "playing out of turn: %v", err)
		}
	}
	if n := r.chk.Intn(len(m)); !complete[n] {
		if _, _, err := r.g.Apply(st, seat, m[:n]); err == nil {
			return r.fail(CheckIllegal, "Apply accepts %q, which Choices calls incomplete", r.g.FormatMove(m[:n]))
		} else if err := r.ruleErr(err); err != nil {
			return r.fail(CheckIllegal, "incomplete move %q: %v", r.g.FormatMove(m[:n]), err)
		}
	}
	bad := append(slices.Clone(m[:r.chk.Intn(len(m)+1)]), bogus)
	if _, err := r.g.Choices(st, seat, bad); err == nil {
		return r.fail(CheckIllegal, "Choices accepts the prefix %q", r.g.FormatMove(bad))
	} else if err := r.ruleErr(err); err != nil {
		return r.fail(CheckIllegal, "choices after %q: %v", r.g.FormatMove(bad), err)
	}
	if _, _, err := r.g.Apply(st, seat, bad); err == nil {
		return r.fail(CheckIllegal, "Apply accepts %q", r.g.FormatMove(bad))
	} else if err := r.ruleErr(err); err != nil {
		return r.fail(CheckIllegal, "move %q: %v", r.g.FormatMove(bad), err)
	}
	return nil
}

var sentinels = []error{engine.ErrNotYourTurn, engine.ErrGameOver, engine.ErrBadSeat, engine.ErrIncompleteMove}

// ruleErr checks how an illegal move was refused: with a *RuleError that
// has a code, a message and (for a game with help topics) an existing
// help topic, or with an engine sentinel.
func (r *run) ruleErr(err error) error {
	if re, ok := engine.AsRule(err); ok {
		switch {
		case re.Code == "" || re.Msg == "":
			return fmt.Errorf("rule error %#v lacks a code or a message", re)
		case r.topics != nil && !r.topics[re.Topic]:
			return fmt.Errorf("rule error %s points to help topic %q, which the game does not have", re.Code, re.Topic)
		}
		return nil
	}
	for _, s := range sentinels {
		if errors.Is(err, s) {
			return nil
		}
	}
	return fmt.Errorf("refused with %q, which is neither a *engine.RuleError nor an engine sentinel error", err)
}

// finish checks the end: nobody may move, and the replay reproduces the game.
func (r *run) finish(st engine.State, status engine.Status, last engine.Move, cur []byte) error {
	for s := 0; s < r.seats; s++ {
		if _, err := r.g.Choices(st, s, nil); err == nil {
			return r.fail(CheckStatus, "seat %d has choices after the end", s+1)
		}
		if last != nil {
			if _, _, err := r.g.Apply(st, s, last); err == nil {
				return r.fail(CheckStatus, "seat %d may still move after the end", s+1)
			}
		}
	}
	if !r.replay {
		return nil
	}
	if cur == nil {
		var err error
		if cur, err = r.marshal(st); err != nil {
			return err
		}
	}
	text := r.rec.Format()
	rec, err := engine.ParseRecord(bytes.NewReader(text))
	if err != nil {
		return r.fail(CheckReplay, "the record of the playout does not parse: %v", err)
	}
	rec.Result = engine.ResultText(status)
	res, err := engine.Replay(r.g, rec, engine.KeepStates())
	if err != nil {
		return r.fail(CheckReplay, "%v", err)
	}
	for k, p := range res.Moves {
		if r.hashes[k] == 0 {
			continue
		}
		b, err := r.marshal(p.State)
		if err != nil {
			return err
		}
		if hash(b) != r.hashes[k] {
			return r.fail(CheckReplay, "the replayed snapshot after move %d differs from the playout's (the playout went on from decoded states)", k+1)
		}
	}
	final, err := r.marshal(res.State)
	if err != nil {
		return err
	}
	if !bytes.Equal(final, cur) {
		return r.fail(CheckReplay, "the replayed final snapshot differs: %s", FirstDiff(cur, final))
	}
	if d := diffEvents(r.events, res.Events()); d != "" {
		return r.fail(CheckReplay, "the replay narrates differently: %s", d)
	}
	return nil
}

func hash(b []byte) uint64 {
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64() | 1 // never 0, which means "not taken"
}

// diffEvents describes the first difference of two event lists, or "".
func diffEvents(a, b []engine.Event) string {
	for i := range min(len(a), len(b)) {
		if reflect.DeepEqual(a[i], b[i]) {
			continue
		}
		// Equal narration may still differ in nil versus empty data.
		ja, _ := json.Marshal(a[i])
		jb, _ := json.Marshal(b[i])
		if !bytes.Equal(ja, jb) {
			return fmt.Sprintf("event %d is %s, then %s", i, ja, jb)
		}
	}
	if len(a) != len(b) {
		return fmt.Sprintf("%d events, then %d", len(a), len(b))
	}
	return ""
}

// FirstDiff shows where two encodings first differ, for failure messages.
func FirstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-40)
	clip := func(x []byte) string { return string(x[from:min(len(x), i+40)]) }
	return fmt.Sprintf("at byte %d: ...%s... versus ...%s...", i, clip(a), clip(b))
}

// CheckNames checks the names a status gives: a round name with a key,
// an English text and a short form of at most engine.MaxShort characters
// (a chart's axis label), and a stage that is either none or as complete.
func CheckNames(s engine.Status) error {
	check := func(what string, p engine.Phrase) error {
		switch {
		case p.Key == "" || strings.TrimSpace(p.Text) == "" || strings.TrimSpace(p.Short) == "":
			return fmt.Errorf("the %s %+v lacks a key, a text or a short form", what, p)
		case utf8.RuneCountInString(p.Short) > engine.MaxShort:
			return fmt.Errorf("the %s's short form %q is longer than %d characters", what, p.Short, engine.MaxShort)
		}
		return nil
	}
	if err := check("round name", s.RoundName); err != nil {
		return err
	}
	if !s.Stage.IsZero() {
		return check("stage", s.Stage)
	}
	return nil
}

// CheckStatusWording checks, for a game with a catalog, that the status
// is worded by it (docs/i18n.md): the phase by PhaseMsg, the round name
// and the stage by their phrase messages (Words.Phrase), every language
// wording them with nothing missing, a short form of at most
// engine.MaxShort characters in every language, and the English wording
// exactly the English fields.
func CheckStatusWording(info engine.Info, s engine.Status) error {
	cat := info.Catalog
	if cat == nil {
		return nil
	}
	if s.PhaseMsg.ID == "" {
		return fmt.Errorf("phase %q has no catalog message (PhaseMsg), though the game has a catalog", s.Phase)
	}
	for _, l := range lang.Supported {
		// seats in the data are named as Words.Phase names them
		got, err := cat.Localize(l, s.PhaseMsg.ID, engine.WordsFor(info, l, nil).SeatData(s.PhaseMsg.Data, -1))
		if err == nil && l == lang.English && got != s.Phase {
			return fmt.Errorf("phase %s: the catalog's English %q is not Phase %q", s.PhaseMsg.ID, got, s.Phase)
		}
		if err != nil {
			return fmt.Errorf("phase %q: %w", s.Phase, err)
		}
	}
	phrase := func(what string, p engine.Phrase) error {
		for _, m := range []struct {
			msg     lang.Msg
			english string
		}{{p.Msg(), p.Text}, {p.ShortMsg(), p.Short}} {
			for _, l := range lang.Supported {
				got, err := cat.Localize(l, m.msg.ID, m.msg.Data)
				switch {
				case err != nil:
					return fmt.Errorf("the %s %q: %w", what, p.Text, err)
				case l == lang.English && got != m.english:
					return fmt.Errorf("the %s: the catalog's English %q is not %q", what, got, m.english)
				case m.msg.ID == p.ShortMsg().ID && utf8.RuneCountInString(got) > engine.MaxShort:
					return fmt.Errorf("the %s's short form in %s %q is longer than %d characters", what, l, got, engine.MaxShort)
				}
			}
		}
		return nil
	}
	if err := phrase("round name", s.RoundName); err != nil {
		return err
	}
	if !s.Stage.IsZero() {
		return phrase("stage", s.Stage)
	}
	return nil
}

// checkMarks checks the marks of the latest turn (engine.Marks) that the
// spectator's view of next carries against the move from st: a move that
// changed the board (engine.Changed of the two views' Places) adds exactly
// those keys, replacing the marks of an earlier turn and adding to those
// of its own; a move that changed nothing leaves the marks; a marked key
// is a place of the board; the turn numbers never go down and, in a game
// that numbers its turns, are the Status.Turn the move was played in.
// Views that do not implement engine.Board are not checked here
// (enginetest.CheckGame requires it of every game).
func (r *run) checkMarks(st, next engine.State, turn int) error {
	bv, ok1 := r.g.View(st, engine.Spectator).(engine.Board)
	av, ok2 := r.g.View(next, engine.Spectator).(engine.Board)
	if !ok1 || !ok2 {
		return nil
	}
	before, after := bv.BoardPlaces(), av.BoardPlaces()
	prev, got := bv.Marks(), av.Marks()
	changed := engine.Changed(before, after)
	if !slices.IsSorted(got.Keys) || len(slices.Compact(slices.Clone(got.Keys))) != len(got.Keys) {
		return r.fail(CheckMarks, "the marked keys %q are not sorted without repeats", got.Keys)
	}
	for _, k := range got.Keys {
		if _, ok := after[k]; !ok {
			return r.fail(CheckMarks, "the marks name %q, which is no place of the board", k)
		}
	}
	if got.Turn < prev.Turn {
		return r.fail(CheckMarks, "the marks' turn went down from %d to %d", prev.Turn, got.Turn)
	}
	if len(changed) == 0 {
		if got.Turn != prev.Turn || !slices.Equal(got.Keys, prev.Keys) {
			return r.fail(CheckMarks, "a move that changed no place of the board changed the marks from %+v to %+v", prev, got)
		}
		return nil
	}
	if turn != 0 && got.Turn != turn {
		return r.fail(CheckMarks, "the move of turn %d changed the board, but the marks are of turn %d", turn, got.Turn)
	}
	want := slices.Clone(changed)
	if got.Turn == prev.Turn {
		want = append(want, prev.Keys...)
		slices.Sort(want)
		want = slices.Compact(want)
	}
	if !slices.Equal(got.Keys, want) {
		return r.fail(CheckMarks, "the move changed %q (marks before it %+v), so the marks should be %q, not %q", changed, prev, want, got.Keys)
	}
	return nil
}
