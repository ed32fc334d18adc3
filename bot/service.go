package bot

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	mrand "math/rand/v2"
	"sync"
	"time"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/render"
	"github.com/smokestack/smokestack/storage"
)

// Config wires a Service. Games and Store are required; the rest default.
type Config struct {
	Games     *engine.Registry
	Store     storage.Store
	Renderers *render.Set // nil: Board fails with render.ErrNoRenderer
	Log       *slog.Logger
	Now       func() time.Time // default time.Now
	NewID     func() string    // match IDs; default 16 random hex digits
	Seed      func() uint64    // match seeds when a request gives none; default crypto/rand
	// MaxAttempts bounds compare-and-set attempts per write (default 200).
	MaxAttempts int
	// BoardCache is how many positions' rendered images are kept (default 64;
	// negative disables).
	BoardCache int
	// StateCache is how many decoded game states are kept (default 256;
	// negative disables). A cached state is used only when the stored
	// snapshot bytes are exactly those it was decoded from or encoded to.
	StateCache int
	// AbandonAfter ends an open match without a move for this long as
	// abandoned (kept for export), after a warning AbandonWarn before
	// (default 3 days, at most half of AbandonAfter); zero leaves open
	// matches to the store's own expiry. The front end that runs the
	// scheduler (FireDue) delivers the warning.
	AbandonAfter, AbandonWarn time.Duration
	// ComputerDelay is the pause before a computer player moves (default
	// DefaultComputerDelay; negative: none), so a channel reads like a
	// game rather than a burst. ComputerIterations is the search budget
	// of every computer move (zero: its level's own), ComputerTimeout the
	// most wall time one move may think (default DefaultComputerTimeout).
	ComputerDelay      time.Duration
	ComputerIterations int
	ComputerTimeout    time.Duration
	// Metrics receives what the service measures (moves, compare-and-set
	// retries, render time, store latency); nil records nothing.
	Metrics Metrics
}

// Service is safe for concurrent use.
type Service struct {
	games     *engine.Registry
	store     storage.Store
	raw       storage.Store // store without the metrics wrapper
	renderers *render.Set
	log       *slog.Logger
	now       func() time.Time
	newID     func() string
	seed      func() uint64
	attempts  int
	abandon   abandonRule
	computer  computerRule
	metrics   Metrics

	boards *fifo[boardKey, []render.Image]             // rendered images
	states *fifo[string, cachedState]                  // decoded states by match ID
	help   func() map[helpKey]func() *engine.HelpIndex // each game's rules help per language, indexed on first use
}

// New returns a Service. It fails when Games or Store is missing.
func New(cfg Config) (*Service, error) {
	if cfg.Games == nil || cfg.Store == nil {
		return nil, errors.New("bot: config needs Games and Store")
	}
	s := &Service{
		games:     cfg.Games,
		store:     cfg.Store,
		raw:       cfg.Store,
		renderers: cfg.Renderers,
		log:       cfg.Log,
		now:       cfg.Now,
		newID:     cfg.NewID,
		seed:      cfg.Seed,
		attempts:  cfg.MaxAttempts,
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.newID == nil {
		s.newID = randomID
	}
	if s.seed == nil {
		s.seed = randomSeed
	}
	if s.attempts <= 0 {
		s.attempts = 200
	}
	s.abandon = newAbandonRule(cfg.AbandonAfter, cfg.AbandonWarn)
	s.computer = computerRule{delay: cfg.ComputerDelay, iterations: cfg.ComputerIterations, timeout: cfg.ComputerTimeout}
	if s.computer.delay == 0 {
		s.computer.delay = DefaultComputerDelay
	}
	s.computer.delay = max(s.computer.delay, 0)
	if s.computer.timeout <= 0 {
		s.computer.timeout = DefaultComputerTimeout
	}
	s.metrics = cfg.Metrics
	if s.metrics == nil {
		s.metrics = NoMetrics{}
	} else {
		s.store = timedStore{Store: s.store, m: s.metrics}
	}
	n := cfg.BoardCache
	if n == 0 {
		n = 64
	}
	s.boards = newFIFO[boardKey, []render.Image](max(n, 0))
	n = cfg.StateCache
	if n == 0 {
		n = 256
	}
	s.states = newFIFO[string, cachedState](max(n, 0))
	// Each game's help is indexed once per language, on its first use
	// (indexing every language at start would read every catalog: most
	// of a cold start), and the map of them is made on the first /rules
	// (it reads every game's Info).
	s.help = sync.OnceValue(s.helpIndexes)
	return s, nil
}

// helpIndexes is, per game and language, its help index made on first use:
// a translated game's topics in each language (a topic its catalog lacks
// stays English).
func (s *Service) helpIndexes() map[helpKey]func() *engine.HelpIndex {
	help := map[helpKey]func() *engine.HelpIndex{}
	for _, g := range s.games.Games() {
		info := g.Info()
		if len(info.Help) == 0 {
			continue
		}
		help[helpKey{info.ID, lang.English}] = sync.OnceValue(func() *engine.HelpIndex { return engine.NewHelpIndex(info.Help) })
		if info.Catalog != nil {
			for _, l := range lang.Supported[1:] {
				help[helpKey{info.ID, l}] = sync.OnceValue(func() *engine.HelpIndex { return engine.NewHelpIndex(engine.WordsFor(info, l, nil).Help()) })
			}
		}
	}
	return help
}

// Games is the registry the service plays.
func (s *Service) Games() *engine.Registry { return s.games }

// Store is the backend the service writes to.
func (s *Service) Store() storage.Store { return s.store }

func randomID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func randomSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// UserRef is a front-end user: a stable ID (prefixed by the front end, e.g.
// "discord:123") and a display name.
type UserRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Ref names a match: by ID, or else by the channel holding its open match.
type Ref struct {
	MatchID string `json:"match_id,omitempty"`
	Channel string `json:"channel,omitempty"`
}

// ByID refers to a match by its ID.
func ByID(id string) Ref { return Ref{MatchID: id} }

// InChannel refers to the open match of a channel.
func InChannel(channel string) Ref { return Ref{Channel: channel} }

// Match is a match as the core serves it: its setup, players and life
// cycle and, once started, its decoded game state. How the store keeps it
// is not part of it.
type Match struct {
	ID           string            `json:"id"`
	Game         string            `json:"game"`          // engine game ID
	RulesVersion int               `json:"rules_version"` // the rules version the match plays under
	Seed         uint64            `json:"seed"`
	Options      map[string]string `json:"options,omitempty"`
	// MinSeats and MaxSeats narrow the game's seat range for this lobby;
	// zero means the game's own bound (SeatRange).
	MinSeats int    `json:"min_seats,omitempty"`
	MaxSeats int    `json:"max_seats,omitempty"`
	Channel  string `json:"channel"` // front-end channel key, e.g. "discord:123" or "web:abc"
	// Server is the front end's place the channel belongs to (a Discord
	// server: "discord:<guild>"); empty when it has none.
	Server  string `json:"server,omitempty"`
	Creator string `json:"creator"` // user ID
	Seats   []Seat `json:"seats"`   // in seat order
	Status  Status `json:"status"`
	// Version counts the match's changes: a front end passes the version
	// it showed as SubmitRequest.ExpectVersion.
	Version int64     `json:"version"`
	Moves   int64     `json:"moves"` // moves applied
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated"`
	// Play is the game's status; nil in the lobby.
	Play *engine.Status `json:"play,omitempty"`
	// Clock is the turn clock of play-by-post (clock.go) and Due when it
	// next needs the scheduler; zero for none.
	Clock Clock     `json:"clock"`
	Due   time.Time `json:"due,omitzero"`
	// Lang is the language of the match's public posts (lobby, board
	// posts, narration, reminders, votes, results); English for a match
	// stored before languages existed. Private replies follow each
	// reader's own language.
	Lang lang.Lang `json:"lang,omitempty"`
	// Place is what kind of place Channel is (a thread or a channel), for
	// the texts that name it; PlaceChannel for a match stored before the
	// place was recorded.
	Place Place `json:"place,omitempty"`

	pins     map[string]string // the game's pins
	vote     *storage.Vote     // a pending request to take a move back, or to confirm an import
	pending  string            // an import's record, in a lobby waiting for its players
	snapshot []byte            // the encoded state, as stored; nil in the lobby
	game     engine.Game
	state    engine.State
	// clockOnly marks a write that changes only the clock (schedule.go).
	clockOnly bool
}

// SeatOf returns the seat of a user, or -1.
func (m Match) SeatOf(userID string) int {
	for i, st := range m.Seats {
		if st.UserID == userID {
			return i
		}
	}
	return -1
}

// IsActive reports whether the seat must decide now.
func (m Match) IsActive(seat int) bool {
	if m.Play == nil || m.Status != StatusActive {
		return false
	}
	for _, a := range m.Play.Active {
		if a == seat {
			return true
		}
	}
	return false
}

// Names lists the players' display names by seat.
func (m Match) Names() []string {
	out := make([]string, len(m.Seats))
	for i, st := range m.Seats {
		out[i] = st.Name
	}
	return out
}

// Narrate returns an event as a front end shows it to everyone (the
// channel, the spectators): its text names the seats by their players
// (engine.NameSeats); the rest is unchanged but Own, which is dropped.
func (m Match) Narrate(e engine.Event) engine.Event {
	return m.NarrateFor(e, engine.Spectator)
}

// NarrateFor returns an event as viewer (a seat, or engine.Spectator)
// reads it: the event's own seat reads its Own text ("you build ...")
// when the game gives one, and every text names the seats by their
// players, the viewer's own possessions as "your" (engine.NameSeatsFor).
// Own is dropped, so that no viewer is sent another's second person.
func (m Match) NarrateFor(e engine.Event, viewer int) engine.Event {
	if viewer != engine.Spectator && viewer == e.Seat && e.Own != "" {
		e.Text = e.Own
	}
	e.Own = ""
	e.Text = m.NameFor(e.Text, viewer)
	return e
}

// NameFor is a text of the game (an event, a choice's label, the phase)
// as viewer reads it: the seats named by their players, the viewer's own
// possessions as "your" (engine.NameSeatsFor).
func (m Match) NameFor(text string, viewer int) string {
	return engine.NameSeatsFor(text, m.Names(), viewer)
}

// setup is what the match was set up with: its seats, seed, options, pins
// and the rules version it was stored under.
func (m Match) setup() engine.Setup {
	return engine.Setup{Seats: len(m.Seats), Seed: m.Seed, Options: m.Options, Pins: m.pins, RulesVersion: m.RulesVersion}
}

// narrated lists the events of evs that seat (or engine.Spectator) may
// see, each as NarrateFor shows it to that seat; nil when there are none.
func (m Match) narrated(evs []engine.Event, seat int) []engine.Event {
	var out []engine.Event
	for _, e := range evs {
		if e.VisibleTo(seat) {
			out = append(out, m.NarrateFor(e, seat))
		}
	}
	return out
}

// setState makes st the match's position: decoded, encoded for the store,
// its status, and the match active or, when the game is over, finished.
func (m *Match) setState(st engine.State) error {
	data, err := m.game.MarshalState(st)
	if err != nil {
		return fmt.Errorf("bot: encode %s: %w", m.ID, err)
	}
	status := m.game.Status(st)
	m.state, m.Play, m.snapshot = st, &status, data
	m.Status = StatusActive
	if status.Finished {
		m.Status = StatusFinished
	}
	return nil
}

// GameRules is the match's rules value.
func (m Match) GameRules() engine.Game { return m.game }

// View is the match's game view for seat (or engine.Spectator); nil in the lobby.
func (m Match) View(seat int) engine.View {
	if m.state == nil {
		return nil
	}
	return m.game.View(m.state, seat)
}

// resolve finds the match ID of a Ref.
func (s *Service) resolve(ctx context.Context, r Ref) (string, error) {
	if r.MatchID != "" {
		return r.MatchID, nil
	}
	if r.Channel == "" {
		return "", invalid("no-ref")
	}
	id, err := s.store.ChannelMatch(ctx, r.Channel)
	if errors.Is(err, storage.ErrNotFound) {
		return "", ErrNoMatch
	}
	if err != nil {
		return "", fmt.Errorf("bot: channel %s: %w", r.Channel, err)
	}
	return id, nil
}

// Get loads and decodes a match. A match whose rules version this build
// does not play fails with a *RulesVersionError (ErrRulesVersion).
func (s *Service) Get(ctx context.Context, r Ref) (Match, error) {
	id, err := s.resolve(ctx, r)
	if err != nil {
		return Match{}, err
	}
	m, err := s.load(ctx, id)
	if err != nil {
		return Match{}, err
	}
	return m, nil
}

// load reads and decodes a match. On a *RulesVersionError it also
// returns the match without its game state (see decode).
func (s *Service) load(ctx context.Context, id string) (Match, error) {
	sm, err := s.store.Get(ctx, id)
	switch {
	case errors.Is(err, storage.ErrNotFound):
		return Match{}, failure(KindNotFound, err, "match %q", id)
	case errors.Is(err, storage.ErrCorrupt):
		return Match{}, s.damaged(ctx, id, err)
	case err != nil:
		return Match{}, fmt.Errorf("bot: load match %s: %w", id, err)
	}
	return s.decode(sm)
}

// decode turns a stored match into a Match; bad data fails for this match
// only. A match under a rules version the game no longer (or not yet)
// plays fails with a *RulesVersionError and, for updateAnyRules, the match
// without its game state.
func (s *Service) decode(sm storage.Match) (Match, error) {
	sm = migrateLobbyPins(sm)
	g, err := s.games.Get(sm.Game)
	if errors.Is(err, engine.ErrUnknownGame) && sm.Game != "" {
		// A game this build lacks is most likely one a newer build added
		// (a rolling upgrade): the match is refused here, not called
		// damaged, and a replica that has the game plays it.
		return Match{}, &RulesVersionError{Match: sm.ID, Game: sm.Game, Name: sm.Game, Version: sm.RulesVersion, UnknownGame: true}
	}
	if err != nil {
		return Match{}, &Error{Kind: KindDamaged, MatchID: sm.ID, Detail: "match " + sm.ID, Err: err}
	}
	m := fromRecord(sm, g)
	if sm.Status == storage.StatusLobby || sm.State == nil {
		return m, nil // Start checks the lobby's rules version
	}
	if err := m.checkRules(); err != nil {
		return m, err
	}
	if c, ok := s.states.get(sm.ID); ok && bytes.Equal(c.data, sm.State) {
		m.state, m.Play = c.state, c.play
		return m, nil
	}
	st, err := g.UnmarshalState(sm.State)
	if err != nil {
		return Match{}, &Error{Kind: KindDamaged, MatchID: sm.ID, Who: m.creatorName(), Detail: "match " + sm.ID, Err: err}
	}
	status := g.Status(st)
	m.state, m.Play = st, &status
	s.states.put(sm.ID, cachedState{data: sm.State, state: st, play: &status})
	return m, nil
}

// update runs one compare-and-set write: fn changes a fresh copy of the
// match and may return a log entry; a lost race reloads and runs fn again.
func (s *Service) update(ctx context.Context, id string, requestID string, fn func(m *Match) (*storage.LogEntry, error)) (Match, error) {
	return s.write(ctx, id, requestID, false, fn)
}

// updateAnyRules is update for a change that needs no game state, such as
// ending a match: it also runs on a match whose rules version this build
// does not play, so such a match can still be aborted and free its channel.
// fn then sees the match without its state (and with Play nil).
func (s *Service) updateAnyRules(ctx context.Context, id string, fn func(m *Match) (*storage.LogEntry, error)) (Match, error) {
	return s.write(ctx, id, "", true, fn)
}

func (s *Service) write(ctx context.Context, id string, requestID string, anyRules bool, fn func(m *Match) (*storage.LogEntry, error)) (Match, error) {
	var last error
	ctx = WithLogAttrs(ctx, "match", id)
	for attempt := 0; attempt < s.attempts; attempt++ {
		if err := ctx.Err(); err != nil {
			return Match{}, fmt.Errorf("bot: %w", err)
		}
		m, err := s.load(ctx, id)
		// (Without its game, m is empty: nothing can be written to it.)
		if err != nil && !(anyRules && errors.Is(err, ErrRulesVersion) && m.ID != "") {
			return Match{}, err
		}
		prev := m.Version
		next := m
		next.Seats = append([]Seat(nil), m.Seats...)
		entry, err := fn(&next)
		if err != nil {
			return m, err
		}
		next.Version = prev + 1
		next.Updated = s.now()
		actor := -1
		if entry != nil {
			actor = entry.Seat
		}
		next.tickClock(m, actor, next.Updated, s.abandon, s.computer.delay)
		err = s.store.Commit(ctx, storage.Commit{ExpectVersion: prev, Match: next.record(), Entry: entry, RequestID: requestID, Idle: next.clockOnly})
		switch {
		case err == nil:
			if next.state != nil && next.snapshot != nil {
				s.states.put(next.ID, cachedState{data: next.snapshot, state: next.state, play: next.Play})
			}
			return next, nil
		case errors.Is(err, storage.ErrUnconfirmed):
			// Applied and visible, but no replica confirmed it in time: the
			// caller gets the new match with the error, so a move can go on
			// (board, pings) while its mover is told (Outcome.Unconfirmed).
			if next.state != nil && next.snapshot != nil {
				s.states.put(next.ID, cachedState{data: next.snapshot, state: next.state, play: next.Play})
			}
			s.log.WarnContext(ctx, "commit applied but not confirmed by a replica", "match", id, "version", next.Version, "err", err)
			return next, fmt.Errorf("bot: commit match %s: %w", id, err)
		case errors.Is(err, storage.ErrConflict):
			last = err
			s.metrics.CASRetry()
			backoff(attempt)
			continue
		case errors.Is(err, storage.ErrDuplicate):
			return Match{}, err
		default:
			return Match{}, fmt.Errorf("bot: commit match %s: %w", id, err)
		}
	}
	return Match{}, failure(KindBusy, last, "match %s: %d attempts", id, s.attempts)
}

// backoff sleeps a little, growing and jittered, so racing writers spread out.
func backoff(attempt int) {
	d := time.Duration(min(attempt, 20)) * 50 * time.Microsecond
	time.Sleep(d + mrand.N(50*time.Microsecond))
}

// cachedState is a decoded state with the exact snapshot bytes it stands
// for: a load whose bytes match skips decoding. Game states are immutable
// (Apply returns a new one), so sharing them is safe.
type cachedState struct {
	data  []byte
	state engine.State
	play  *engine.Status
}
