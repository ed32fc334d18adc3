package bot

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/storage"
)

// CreateRequest opens a lobby.
type CreateRequest struct {
	Channel string  // front-end channel key; one open match per channel
	Server  string  // the front end's place of the channel (Match.Server); optional
	Game    string  // engine game ID
	Creator UserRef // takes seat 1
	// Options and Pins are validated against the game now (a trial setup)
	// and used at Start.
	Options map[string]string
	Pins    map[string]string
	// MinSeats and MaxSeats narrow the game's seat range for this lobby;
	// zero means the game's own bound.
	MinSeats, MaxSeats int
	Seed               uint64 // zero picks a random seed, unless ExactSeed
	ExactSeed          bool   // use Seed as given, even zero (records)
	// RulesVersion is the rules version the match will play, within the
	// game's range; zero means the current one. Import passes a record's.
	RulesVersion int
	// Clock is the match's play-by-post settings (reminders); zero for none.
	Clock ClockSettings
	// Lang is the language of the match's public posts; zero for English
	// (the front end picks it: /play's language, else the server's).
	Lang lang.Lang
	// Place is what kind of place Channel is (a thread or a channel),
	// kept with the match for the texts that name it.
	Place Place
	// Watch leaves the creator without a seat: the creator starts and runs
	// the match, whose seats are filled by Join and AddComputer (the
	// playground's matches, which may be computers only).
	Watch bool
}

// CreateMatch opens a lobby in a channel with the creator seated.
func (s *Service) CreateMatch(ctx context.Context, req CreateRequest) (Match, error) {
	if req.Channel == "" || req.Creator.ID == "" {
		return Match{}, invalid("no-channel")
	}
	g, err := s.games.Get(req.Game)
	if err != nil {
		return Match{}, unknownGame(s.games, req.Game, err)
	}
	lo, hi := g.Info().MinSeats, g.Info().MaxSeats
	minS, maxS := lo, hi
	if req.MinSeats != 0 {
		minS = req.MinSeats
	}
	if req.MaxSeats != 0 {
		maxS = req.MaxSeats
	}
	if minS < lo || maxS > hi || minS > maxS {
		return Match{}, gameDetailed(KindSeatCount, g.Info(), "game-seats", "players", rangeData(lo, hi), "playersasked", rangeData(minS, maxS))
	}
	opts, err := checkOptions(g, req.Options)
	if err != nil {
		return Match{}, err
	}
	rules, err := g.Info().ResolveRules(req.RulesVersion)
	if err != nil {
		info := g.Info()
		return Match{}, withCause(gameDetailed(KindInvalid, info, "game-rules", "version", strconv.Itoa(req.RulesVersion),
			"versions", rangeData(info.OldestRulesVersion, info.RulesVersion)), err)
	}
	seed := req.Seed
	if seed == 0 && !req.ExactSeed {
		seed = s.seed()
	}
	// A trial setup catches bad option values and pins before anyone joins.
	if _, _, err := g.Setup(engine.Setup{Seats: minS, Seed: seed, Options: opts, Pins: req.Pins, RulesVersion: rules}); err != nil {
		if e := setupRefusal(g.Info(), "setup", err); e != nil {
			return Match{}, e
		}
		return Match{}, &Error{Kind: KindInvalid, Detail: plain(err), Err: err}
	}
	now := s.now()
	sm := storage.Match{
		ID:           s.newID(),
		Game:         g.Info().ID,
		RulesVersion: rules,
		Seed:         seed,
		Options:      opts,
		Pins:         maps.Clone(req.Pins),
		Channel:      req.Channel,
		Server:       req.Server,
		Lang:         storedLang(req.Lang),
		Thread:       req.Place == PlaceThread,
		Creator:      req.Creator.ID,
		Seats:        []storage.Seat{{UserID: req.Creator.ID, Name: req.Creator.Name}},
		Status:       storage.StatusLobby,
		Created:      now,
		Updated:      now,
	}
	if minS != lo || maxS != hi {
		sm.MinSeats, sm.MaxSeats = minS, maxS
	}
	if req.Watch {
		sm.Seats = []storage.Seat{}
	}
	if err := req.Clock.Check(); err != nil {
		return Match{}, err
	}
	if req.Lang != "" && !req.Lang.Valid() {
		return Match{}, unknownLang(string(req.Lang))
	}
	c := Clock{Settings: req.Clock, Active: now}
	sm.Clock = encodeClock(c)
	sm.Due = s.abandon.next(Match{Status: StatusLobby, Clock: c})
	if err := s.store.Create(ctx, sm); err != nil {
		if errors.Is(err, storage.ErrChannelTaken) {
			// A damaged match holds the channel: say so, never just "taken".
			if derr := s.holderDamage(ctx, req.Channel); derr != nil {
				return Match{}, derr
			}
			return Match{}, failure(KindChannelTaken, err, "channel %s", req.Channel)
		}
		return Match{}, fmt.Errorf("bot: create match: %w", err)
	}
	s.log.InfoContext(ctx, "match created", "match", sm.ID, "game", sm.Game, "channel", sm.Channel)
	return fromRecord(sm, g), nil
}

// MaxSeedText is the largest seed, as ParseSeed reads it.
const MaxSeedText = "18446744073709551615"

// ParseSeed reads a seed a person typed: a whole number from 0 to
// MaxSeedText (every uint64), spaces around it ignored. Empty text gives
// no seed (given false: pick a random one). Front ends pass seeds as text
// end to end, since a JavaScript number cannot hold every uint64.
func ParseSeed(text string) (seed uint64, given bool, err error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return 0, false, nil
	}
	seed, err = strconv.ParseUint(text, 10, 64)
	if err != nil {
		return 0, false, withCause(detailed(KindInvalid, "seed", "max", MaxSeedText, "text", Echoed(text)), err)
	}
	return seed, true, nil
}

// checkOptions rejects unknown keys and values outside a spec's list, and
// leaves defaults to the game.
func checkOptions(g engine.Game, in map[string]string) (map[string]string, error) {
	specs := g.Info().Options
	var out map[string]string
	for k, v := range in {
		i := slices.IndexFunc(specs, func(o engine.OptionSpec) bool { return o.Key == k })
		if i < 0 {
			return nil, gameDetailed(KindInvalid, g.Info(), "game-option", "key", Echoed(k), "options", optionKeys(specs))
		}
		if len(specs[i].Values) > 0 && !slices.Contains(specs[i].Values, v) {
			return nil, detailed(KindInvalid, "option-value", "key", Echoed(k), "value", Echoed(v), "values", strings.Join(specs[i].Values, ", "))
		}
		if out == nil {
			out = map[string]string{}
		}
		out[k] = v
	}
	return out, nil
}

// SeatRange is the number of players the lobby accepts: the bounds it was
// opened with, else the game's.
func (m Match) SeatRange() (lo, hi int) {
	lo, hi = m.game.Info().MinSeats, m.game.Info().MaxSeats
	if m.MinSeats != 0 {
		lo = m.MinSeats
	}
	if m.MaxSeats != 0 {
		hi = m.MaxSeats
	}
	return lo, hi
}

// Before the lobby's seat bounds had fields of their own, they travelled
// in the pins under these reserved keys; matches stored then still carry
// them.
const (
	legacyPinMinSeats = "_lobby_min"
	legacyPinMaxSeats = "_lobby_max"
)

// migrateLobbyPins moves the seat bounds of a match stored under the old
// format out of its pins into MinSeats and MaxSeats, so the game never
// sees them. A bound that does not parse is left to the game's.
func migrateLobbyPins(sm storage.Match) storage.Match {
	lo, okLo := sm.Pins[legacyPinMinSeats]
	hi, okHi := sm.Pins[legacyPinMaxSeats]
	if !okLo && !okHi {
		return sm
	}
	if n, err := strconv.Atoi(lo); err == nil && sm.MinSeats == 0 {
		sm.MinSeats = n
	}
	if n, err := strconv.Atoi(hi); err == nil && sm.MaxSeats == 0 {
		sm.MaxSeats = n
	}
	sm.Pins = maps.Clone(sm.Pins)
	delete(sm.Pins, legacyPinMinSeats)
	delete(sm.Pins, legacyPinMaxSeats)
	if len(sm.Pins) == 0 {
		sm.Pins = nil
	}
	return sm
}

// Join seats a user in a lobby, after the players already there.
func (s *Service) Join(ctx context.Context, r Ref, u UserRef) (Match, error) {
	id, err := s.resolve(ctx, r)
	if err != nil {
		return Match{}, err
	}
	return s.update(ctx, id, "", func(m *Match) (*storage.LogEntry, error) {
		if m.Status != StatusLobby {
			return nil, m.notLobby()
		}
		if _, ok := m.Invitation(); ok {
			return nil, errInvited()
		}
		if m.SeatOf(u.ID) >= 0 {
			return nil, ErrAlreadySeated
		}
		if _, hi := m.SeatRange(); len(m.Seats) >= hi {
			return nil, detailed(KindLobbyFull, "lobby-full", "n", strconv.Itoa(hi))
		}
		m.Seats = append(m.Seats, Seat{UserID: u.ID, Name: u.Name})
		return nil, nil
	})
}

// Leave takes a user out of a lobby; during play it is a resignation (see
// Resign). When the creator leaves a lobby, the next player becomes the
// creator; the last one to leave aborts it.
func (s *Service) Leave(ctx context.Context, r Ref, userID string) (Match, error) {
	id, err := s.resolve(ctx, r)
	if err != nil {
		return Match{}, err
	}
	m, err := s.updateAnyRules(ctx, id, func(m *Match) (*storage.LogEntry, error) {
		if m.Status == StatusActive {
			return nil, errResignInstead
		}
		if m.Status != StatusLobby {
			return nil, m.notLobby()
		}
		i := m.SeatOf(userID)
		if i < 0 {
			return nil, ErrNotSeated
		}
		if _, ok := m.Invitation(); ok {
			// A player named for an import declines it: the lobby closes.
			m.Status, m.vote, m.pending = StatusAborted, nil, ""
			return nil, nil
		}
		if m.people() == 1 && len(m.Seats) > 1 && m.SeatOf(m.Creator) >= 0 {
			// The computers cannot hold a lobby on their own.
			return nil, invalid("last-person")
		}
		m.Seats = slices.Delete(m.Seats, i, i+1)
		if len(m.Seats) == 0 {
			m.Status = StatusAborted
		} else if m.Creator == userID {
			m.Creator = m.Seats[slices.IndexFunc(m.Seats, func(st Seat) bool { return st.Computer == "" })].UserID
		}
		return nil, nil
	})
	if errors.Is(err, errResignInstead) {
		o, err := s.Resign(ctx, ByID(id), userID)
		return o.Match, err
	}
	return m, err
}

var errResignInstead = errors.New("bot: resign instead")

// Start sets the game up (creator only) when the seat count fits; the
// returned Outcome carries the setup events.
func (s *Service) Start(ctx context.Context, r Ref, userID string) (Outcome, error) {
	id, err := s.resolve(ctx, r)
	if err != nil {
		return Outcome{}, err
	}
	var evs []engine.Event
	m, err := s.update(ctx, id, "", func(m *Match) (*storage.LogEntry, error) {
		if m.Status != StatusLobby {
			return nil, m.notLobby()
		}
		if _, ok := m.Invitation(); ok {
			return nil, errInvited()
		}
		if m.Creator != userID {
			return nil, &Error{Kind: KindNotAllowed, Who: m.creatorName()}
		}
		lo, hi := m.SeatRange()
		if n := len(m.Seats); n < lo || n > hi {
			return nil, seatCountError(lo, hi, n)
		}
		// The match plays the rules version its lobby was opened under.
		if err := m.checkRules(); err != nil {
			return nil, err
		}
		st, e, err := m.game.Setup(m.setup())
		if err != nil {
			// A pin the trial setup accepted for fewer seats (a deck
			// that depends on the number of players) is the person's.
			if r := setupRefusal(m.game.Info(), "setup", err); r != nil {
				return nil, r
			}
			return nil, fmt.Errorf("bot: setup %s: %w", m.ID, err)
		}
		if err := m.setState(st); err != nil {
			return nil, err
		}
		evs = e
		return nil, nil
	})
	if err != nil {
		return Outcome{}, err
	}
	s.log.InfoContext(ctx, "match started", "match", m.ID, "game", m.Game, "seats", len(m.Seats))
	o := Outcome{Match: m, Seat: -1, Events: evs}
	o.NewTurn, o.Notify = turnChange(nil, m.Play)
	o.Notify = m.persons(o.Notify)
	return o, nil
}

// Resign ends an active match for everyone: the seat is marked as left and
// the match is aborted (kept for export). This is the policy Brass players
// asked for; a game that can continue without a seat may change it later.
// Like Leave and Abort it needs no rules, so it works on a match whose rules
// version this build does not play.
func (s *Service) Resign(ctx context.Context, r Ref, userID string) (Outcome, error) {
	id, err := s.resolve(ctx, r)
	if err != nil {
		return Outcome{}, err
	}
	seat := -1
	m, err := s.updateAnyRules(ctx, id, func(m *Match) (*storage.LogEntry, error) {
		if m.Status != StatusActive {
			return nil, m.notActive()
		}
		seat = m.SeatOf(userID)
		if seat < 0 {
			return nil, ErrNotSeated
		}
		m.Seats[seat].Left = true
		m.Status = StatusAborted
		return nil, nil
	})
	if err != nil {
		return Outcome{}, err
	}
	ev := hostEvent(resignKind, seat)
	s.log.InfoContext(ctx, "match resigned", "match", m.ID, "seat", seat)
	return Outcome{Match: m, Seat: seat, Events: []engine.Event{ev}}, nil
}

// Abort stops a lobby or an active match. Only the creator may, or anyone
// the front end vouches for as a moderator. It also ends a match whose
// rules version this build does not play (*RulesVersionError elsewhere), so
// that match does not hold its channel for ever.
func (s *Service) Abort(ctx context.Context, r Ref, userID string, moderator bool) (Match, error) {
	id, err := s.resolve(ctx, r)
	if err != nil {
		return Match{}, err
	}
	m, err := s.updateAnyRules(ctx, id, func(m *Match) (*storage.LogEntry, error) {
		if !m.Status.Open() {
			return nil, m.notActive()
		}
		if m.Creator != userID && !moderator {
			return nil, &Error{Kind: KindNotAllowed, Who: m.creatorName(), Moderators: true}
		}
		m.Status = StatusAborted
		return nil, nil
	})
	if err == nil {
		s.log.InfoContext(ctx, "match aborted", "match", m.ID, "by", userID)
	}
	return m, err
}

// seatCountError refuses a start with n players where lo to hi are
// needed.
func seatCountError(lo, hi, n int) *Error {
	if lo == hi {
		return detailed(KindSeatCount, "seat-count", "need", strconv.Itoa(lo), "has", strconv.Itoa(n))
	}
	return detailed(KindSeatCount, "seat-count-range", "lo", strconv.Itoa(lo), "hi", strconv.Itoa(hi), "has", strconv.Itoa(n))
}

// optionKeys lists a game's option keys for a message.
func optionKeys(specs []engine.OptionSpec) string {
	if len(specs) == 0 {
		return "none"
	}
	keys := make([]string, len(specs))
	for i, o := range specs {
		keys[i] = o.Key
	}
	return strings.Join(keys, ", ")
}

// unknownGame is a request for a game the registry does not have.
func unknownGame(games *engine.Registry, id string, err error) error {
	var ids []string
	for _, g := range games.Games() {
		ids = append(ids, g.Info().ID)
	}
	return withCause(detailed(KindInvalid, "unknown-game", "id", Echoed(id), "games", strings.Join(ids, ", ")), err)
}

// creatorName names the match's creator, for the messages that say who
// may start or stop it.
func (m Match) creatorName() []string {
	for _, st := range m.Seats {
		if st.UserID == m.Creator && st.Name != "" {
			return []string{st.Name}
		}
	}
	return nil
}

// notLobby is why a lobby action (join, leave, start) fails on a match
// that is no longer a lobby.
func (m Match) notLobby() error {
	switch {
	case m.Status == StatusActive:
		return ErrAlreadyStarted
	case m.Status == StatusAborted && m.snapshot == nil:
		return ErrLobbyClosed
	}
	return m.over()
}

// Playing is nil while the match is being played, else why it is not, as
// an error of the vocabulary: not started yet (and who can start it), or
// over (and how it ended).
func (m Match) Playing() error {
	if m.Status == StatusActive {
		return nil
	}
	return m.notActive()
}

// notActive is why a play action (a move, a resignation, an abort) fails
// on a match that is not being played.
func (m Match) notActive() error {
	switch m.Status {
	case StatusLobby:
		return &Error{Kind: KindNotStarted, Who: m.creatorName()}
	case StatusAborted:
		if m.snapshot == nil {
			return ErrLobbyClosed
		}
	}
	return m.over()
}

// over says how a match that was played ended.
func (m Match) over() error {
	if m.Status == StatusFinished {
		return detailed(KindFinished, "game-finished")
	}
	for _, st := range m.Seats {
		if st.Left {
			return detailed(KindFinished, "resigned", "who", Echoed(st.Name))
		}
	}
	if m.Clock.Abandoned {
		return detailed(KindFinished, "abandoned")
	}
	return detailed(KindFinished, "aborted")
}
