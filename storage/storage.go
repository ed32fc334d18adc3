package storage

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"
)

// Errors every backend returns, matched with errors.Is.
var (
	ErrNotFound     = errors.New("storage: match not found")
	ErrConflict     = errors.New("storage: match version changed") // compare-and-set lost
	ErrDuplicate    = errors.New("storage: request already applied")
	ErrChannelTaken = errors.New("storage: channel already has an open match")
	ErrExists       = errors.New("storage: match id already exists")
	ErrCorrupt      = errors.New("storage: stored match data is corrupt")
	// ErrIntact is Retire's refusal of a match that is not damaged: such a
	// match is ended with a Commit, which keeps it.
	ErrIntact = errors.New("storage: match is not damaged")
	// ErrUnavailable means the store did not answer in time (Options.Timeout)
	// or could not be reached: the server is frozen, down, loading, or out
	// of memory. Nothing is known about a write that fails with it: it may
	// still land (see the package documentation, Durability).
	ErrUnavailable = errors.New("storage: the store is not answering")
	// ErrUnconfirmed means the store applied a commit but could not
	// confirm in time that it is safe from the loss of one server (Redis
	// with replica acknowledgement on: fewer replicas acknowledged it than
	// asked for). The commit is in and visible to every reader; only a
	// failover before the replicas catch up can still lose it. A front end
	// says so instead of reporting a failure, and reloads before the next
	// move.
	ErrUnconfirmed = errors.New("storage: the commit is applied but no replica confirmed it in time")
)

// CorruptError reports damaged stored data. It matches ErrCorrupt with
// errors.Is; errors.As gives the damaged match, so a front end can say
// which match is affected while every other match keeps working.
type CorruptError struct {
	// MatchID is the damaged match; empty when the damage is in an index
	// (a channel or user key) rather than in a match.
	MatchID string
	// Detail says what is wrong, for the log and for moderators.
	Detail string
}

func (e *CorruptError) Error() string {
	if e.MatchID == "" {
		return fmt.Sprintf("%v: %s", ErrCorrupt, e.Detail)
	}
	return fmt.Sprintf("match %s: %v: %s", e.MatchID, ErrCorrupt, e.Detail)
}

// Unwrap makes errors.Is(err, ErrCorrupt) hold.
func (e *CorruptError) Unwrap() error { return ErrCorrupt }

// DamagedMatch returns the ID of the match err reports as damaged, if it
// does.
func DamagedMatch(err error) (string, bool) {
	var ce *CorruptError
	if errors.As(err, &ce) && ce.MatchID != "" {
		return ce.MatchID, true
	}
	return "", false
}

// Status of a match's life cycle.
type Status string

const (
	StatusLobby    Status = "lobby"    // seats filling; no game state yet
	StatusActive   Status = "active"   // being played
	StatusFinished Status = "finished" // game over; kept for export (see Options.DeleteEndedAfter)
	StatusAborted  Status = "aborted"  // stopped, or ended as abandoned; kept for export
)

// Open reports whether the match still holds its channel.
func (s Status) Open() bool { return s == StatusLobby || s == StatusActive }

// Seat is one player's place in a match.
type Seat struct {
	UserID string `json:"user_id"`
	Name   string `json:"name"`
	Left   bool   `json:"left,omitempty"` // resigned or left; the seat stays in the game
	// Computer is the level of the computer player that has the seat
	// (UserID "computer:..."); empty for a person. Standin is the level
	// of a computer that plays a person's seat for the time being (the
	// players handed it over); empty when the person plays. Both are
	// empty for a person, so a release without them reads the seat as a
	// person's.
	Computer string `json:"computer,omitempty"`
	Standin  string `json:"standin,omitempty"`
}

// Match is one match's record: metadata plus the current snapshot.
type Match struct {
	ID           string            `json:"id"`
	Game         string            `json:"game"`
	RulesVersion int               `json:"rules_version"`
	Seed         uint64            `json:"seed"`
	Options      map[string]string `json:"options,omitempty"`
	Pins         map[string]string `json:"pins,omitempty"`
	// MinSeats and MaxSeats are the number of players the lobby accepts,
	// within the game's range; zero means the game's own bound.
	MinSeats int    `json:"min_seats,omitempty"`
	MaxSeats int    `json:"max_seats,omitempty"`
	Channel  string `json:"channel"` // front-end channel key, e.g. "discord:123" or "web:abc"
	// Server is the front end's place the channel belongs to (a Discord
	// server: "discord:<guild>"); empty when the front end has none.
	Server  string `json:"server,omitempty"`
	Creator string `json:"creator"` // user ID
	Seats   []Seat `json:"seats"`
	Status  Status `json:"status"`
	// Version counts commits: 0 after Create, +1 for each Commit.
	// Version and Moves stay next to each other, in this order: the Redis
	// commit script finds them in the JSON with a plain search
	// (redisstore's TestMetadataLayout checks it).
	Version int64 `json:"version"`
	// Moves counts log entries (moves applied to the game state).
	Moves   int64     `json:"moves"`
	State   []byte    `json:"-"` // the game's MarshalState snapshot; nil in the lobby
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated"`
	// Due is when the host's scheduler must look at the match next (a
	// reminder or a deadline of its turn clock); zero means never. The
	// store indexes it for Store.Due. It is kept only while the match is
	// open.
	Due time.Time `json:"due,omitempty"`
	// Clock is the host's turn clock of the match (its settings and each
	// seat's waiting time), opaque to the store; nil when it has none.
	Clock json.RawMessage `json:"clock,omitempty"`
	// Vote is a request the other players are asked to approve (taking
	// a move back, or in a lobby, playing an imported record); nil when
	// there is none.
	Vote *Vote `json:"vote,omitempty"`
	// Record is the match record a lobby will play on from once its
	// players confirm (an import); empty otherwise.
	Record string `json:"record,omitempty"`
	// Lang is the language of the match's public posts (a lang.Lang code:
	// "de", "fr"); empty for English, so a match stored before languages
	// existed reads English.
	Lang string `json:"lang,omitempty"`
	// Thread marks a match played in a thread of a channel (a Discord
	// thread), for the texts that name its place; false for a channel of
	// its own, and for a match stored before it was recorded.
	Thread bool `json:"thread,omitempty"`
}

// Vote is a request by one seat that every other seat must approve.
type Vote struct {
	Kind     string    `json:"kind"`               // what is asked: "undo", "import"
	Seat     int       `json:"seat"`               // the seat that asked, 0-based
	Target   int64     `json:"target"`             // the log entry it is about (the move to take back)
	Approved []int     `json:"approved,omitempty"` // the seats that approved so far
	Asked    time.Time `json:"asked"`
}

// LogEntry is one applied move.
type LogEntry struct {
	Seq       int64     `json:"seq"`  // 1-based position in the log
	Seat      int       `json:"seat"` // 0-based seat
	Move      string    `json:"move"` // canonical notation
	RequestID string    `json:"request_id,omitempty"`
	At        time.Time `json:"at"`
	// Note says how the move came about when its player did not make it
	// (the host's default move for a missing player); empty otherwise.
	Note string `json:"note,omitempty"`
	// Undo, when not zero, makes the entry an undo: it takes back the
	// move logged at Seq Undo (Move is then "undo" and Seat the seat whose
	// move it was). The log stays append-only.
	Undo int64 `json:"undo,omitempty"`
}

// Commit is one atomic write: the new match record (its Version must be
// ExpectVersion+1) and, for a move, the log entry appended with it. A
// non-empty RequestID makes the commit idempotent: a second commit with the
// same RequestID fails with ErrDuplicate and changes nothing.
type Commit struct {
	ExpectVersion int64
	Match         Match
	Entry         *LogEntry
	RequestID     string
	// Idle marks a commit that is not activity in the match (a reminder
	// of the host's turn clock): an open match keeps the expiry deadline
	// of its last other commit, so reminders do not keep an abandoned
	// match alive.
	Idle bool
}

// Salvage is what can still be read of a match (Store.Salvage).
type Salvage struct {
	// Match is the match's metadata as last readable, without its
	// snapshot; nil when its metadata cannot be read at all.
	Match *Match
	// Log is the intact start of the match's log: entries 1 to len(Log),
	// as committed. For a damaged match it may stop before Match.Moves.
	Log []LogEntry
	// Damage says what is damaged (as CorruptError.Detail); empty when
	// the match is intact, and then Log is its whole log.
	Damage string
}

// Store is the contract both backends implement. Every method is safe for
// concurrent use by many goroutines and processes (Redis) or goroutines (embedded).
type Store interface {
	// Create stores a new match at Version 0 and binds its channel. It fails
	// with ErrChannelTaken when the channel holds an open match, ErrExists
	// when the ID is used.
	Create(ctx context.Context, m Match) error
	// Get loads a match with its snapshot.
	Get(ctx context.Context, id string) (Match, error)
	// Commit writes atomically; see Commit. Losing the compare-and-set gives
	// ErrConflict. When the new status is no longer open the channel is
	// released; every seated user is indexed to the match.
	Commit(ctx context.Context, c Commit) error
	// Log returns the entries with Seq >= from (1-based), in order.
	Log(ctx context.Context, id string, from int64) ([]LogEntry, error)
	// ChannelMatch returns the open match bound to a channel, or ErrNotFound.
	ChannelMatch(ctx context.Context, channel string) (string, error)
	// UserMatches lists the IDs of the matches a user has a seat in, newest first.
	UserMatches(ctx context.Context, userID string) ([]string, error)
	// Salvage returns what can be read of a match, damaged or not (see
	// Salvage); ErrNotFound when it does not exist or has expired. It
	// changes nothing.
	Salvage(ctx context.Context, id string) (Salvage, error)
	// Retire deletes a damaged match: its data, its log, its hold on its
	// channel and its place in its players' lists, so the channel and the
	// ID can be used again. Salvage it first: nothing of it is kept. It
	// fails with ErrIntact when the match is not damaged (an intact match
	// is ended with a Commit, which keeps it) and ErrNotFound when it does
	// not exist.
	Retire(ctx context.Context, id string) error
	// Due claims up to limit open matches whose Due is at or before now
	// for owner (a process of the host) and returns their IDs, earliest
	// first. A claimed match is leased to owner for lease: no other owner
	// is given it again before the lease ends. The lease is not released:
	// the host commits a later Due (or none) when it has dealt with the
	// match, and a host that died before that leaves the match to be
	// claimed again once the lease has run out. Two owners racing for the
	// same match are settled by the commit's compare-and-set, so an event
	// takes effect once.
	Due(ctx context.Context, now time.Time, owner string, lease time.Duration, limit int) ([]string, error)
	// Prefs returns the preferences stored under key (a user's or a
	// server's settings, opaque to the store); nil when there are none.
	Prefs(ctx context.Context, key string) ([]byte, error)
	// SetPrefs stores preferences under key, replacing what was there;
	// nil or empty data deletes them. Preferences never expire.
	SetPrefs(ctx context.Context, key string, data []byte) error
	// AddResult keeps the result of a finished match for statistics, for
	// good. A result for a match ID already kept changes nothing (and is
	// no error), so it may be written again after a crash.
	AddResult(ctx context.Context, r Result) error
	// Results lists the kept results of one server (f.Server), of one user
	// (f.UserID, seated in them) or, with neither, all of them; newest
	// first. Both set: the user's results in that server.
	Results(ctx context.Context, f ResultFilter) ([]Result, error)
	// Close releases the backend.
	Close() error
}

// MaxPrefs is the most bytes SetPrefs stores under one key.
const MaxPrefs = 16 << 10

// Result is the outcome of a finished match, as statistics need it.
type Result struct {
	MatchID  string       `json:"match_id"`
	Game     string       `json:"game"`
	Server   string       `json:"server,omitempty"`
	Channel  string       `json:"channel"`
	Finished time.Time    `json:"finished"`
	Seats    []ResultSeat `json:"seats"` // in seat order
	// Left are the people who played part of a seat and handed it on
	// before the match ended, each with the Turns and Thinking of their
	// own moves there; their Place and Score are zero (the result is the
	// seat's final player's). Empty in a result kept before they were.
	Left []ResultSeat `json:"left,omitempty"`
}

// ResultSeat is one seat's part of a Result.
type ResultSeat struct {
	UserID string `json:"user_id"`
	Name   string `json:"name"`
	Score  int    `json:"score"`
	Place  int    `json:"place"` // 1 for the winner
	// Turns counts the seat's turns (runs of its moves), and Thinking is
	// the time they took: from the move before each turn to its last move.
	Turns    int           `json:"turns"`
	Thinking time.Duration `json:"thinking"`
	// Computer is the level of the computer player that had the seat;
	// empty for a person.
	Computer string `json:"computer,omitempty"`
}

// ResultFilter selects results (Store.Results).
type ResultFilter struct {
	Server string
	UserID string
}

// Has reports whether r is selected by f.
func (f ResultFilter) Has(r Result) bool {
	if f.Server != "" && r.Server != f.Server {
		return false
	}
	if f.UserID == "" {
		return true
	}
	for _, s := range r.Seats {
		if s.UserID == f.UserID {
			return true
		}
	}
	for _, s := range r.Left {
		if s.UserID == f.UserID {
			return true
		}
	}
	return false
}

// Options common to both backends.
type Options struct {
	// AbandonAfter is how long an open match may go without a commit before
	// it expires with its log.
	AbandonAfter time.Duration
	// DeleteEndedAfter is how long a finished or aborted match is kept
	// after the commit that ended it (its last one) before it expires
	// with its log, like an abandoned open match; zero (the default)
	// keeps ended matches for ever. The deadline is set by that commit:
	// a match that ended while the limit was off (or shorter, or
	// longer) keeps the deadline it ended with.
	DeleteEndedAfter time.Duration
	// Now is the clock; nil means time.Now. Tests inject their own.
	Now func() time.Time
	// Log receives what the store has to report: a recovery after a crash,
	// damaged data, a risky server setting. Nil means slog.Default().
	Log *slog.Logger
	// Timeout bounds each call to a store that talks to a server (Redis);
	// a call that takes longer fails with ErrUnavailable. Zero means
	// DefaultTimeout; negative means no bound beyond the caller's context.
	// The embedded store works on local files and ignores it.
	Timeout time.Duration
}

// DefaultTimeout is the default Options.Timeout. Discord wants a first
// answer to an interaction within 3 seconds; the Discord front end defers
// its answer well before that, so a store call that times out still gets
// a message to the user.
const DefaultTimeout = 3 * time.Second

// Defaults returns o with its zero fields filled in: the clock, the
// logger and the timeout.
func (o Options) Defaults() Options {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	if o.Timeout == 0 {
		o.Timeout = DefaultTimeout
	}
	return o
}
