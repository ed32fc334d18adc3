package bot

import (
	"time"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/storage"
)

// Status is where a match is in its life cycle.
type Status string

// The statuses of a match.
const (
	StatusLobby    Status = "lobby"    // seats filling; no game yet
	StatusActive   Status = "active"   // being played
	StatusFinished Status = "finished" // game over; kept for export
	StatusAborted  Status = "aborted"  // stopped (aborted or resigned); kept for export
)

// Open reports whether the match still holds its channel.
func (s Status) Open() bool { return s == StatusLobby || s == StatusActive }

// Seat is one player's place in a match.
type Seat struct {
	UserID string `json:"user_id"`
	Name   string `json:"name"`
	Left   bool   `json:"left,omitempty"` // resigned or left; the seat stays in the game
	// Computer is the level of the computer player that has the seat
	// (its UserID starts with "computer:"); empty for a person.
	Computer string `json:"computer,omitempty"`
	// Standin is the level of the computer playing a person's seat for
	// the time being (the players handed it over, or the player left it
	// to the computer); empty while the person plays it.
	Standin string `json:"standin,omitempty"`
}

// LogEntry is one applied move of a match's log.
type LogEntry struct {
	Seq       int64     `json:"seq"`  // 1-based position in the log
	Seat      int       `json:"seat"` // 0-based seat
	Move      string    `json:"move"` // canonical notation
	RequestID string    `json:"request_id,omitempty"`
	At        time.Time `json:"at"`
	// Note says how the move came about when its player did not make it
	// (the host's default move for a missing player); empty otherwise.
	Note string `json:"note,omitempty"`
	// Undo, when not zero, makes the entry an undo of the move logged at
	// Seq Undo (storage.LogEntry.Undo).
	Undo int64 `json:"undo,omitempty"`
}

// fromRecord makes the core's match of a stored record, without its game
// state (decode adds it).
func fromRecord(sm storage.Match, g engine.Game) Match {
	m := Match{
		ID:           sm.ID,
		Game:         sm.Game,
		RulesVersion: sm.RulesVersion,
		Seed:         sm.Seed,
		Options:      sm.Options,
		MinSeats:     sm.MinSeats,
		MaxSeats:     sm.MaxSeats,
		Channel:      sm.Channel,
		Server:       sm.Server,
		Creator:      sm.Creator,
		Seats:        make([]Seat, len(sm.Seats)),
		Status:       Status(sm.Status),
		Version:      sm.Version,
		Moves:        sm.Moves,
		Created:      sm.Created,
		Updated:      sm.Updated,
		vote:         sm.Vote,
		pending:      sm.Record,
		pins:         sm.Pins,
		snapshot:     sm.State,
		game:         g,
		Due:          sm.Due,
		Lang:         matchLang(sm.Lang),
		Place:        PlaceOf(sm.Thread),
	}
	// A clock that does not decode starts afresh (no reminder is lost for
	// good: the next move starts the seats' waits again).
	m.Clock, _ = decodeClock(sm)
	for i, st := range sm.Seats {
		m.Seats[i] = recoverComputer(Seat(st))
	}
	return m
}

// matchLang is a stored match's language: English when it has none (a
// match stored before languages existed) or one this build does not
// speak.
func matchLang(s string) lang.Lang {
	if l := lang.Lang(s); l.Valid() {
		return l
	}
	return lang.English
}

// storedLang is the language as the store keeps it: empty for English,
// so an English match's record reads as before languages existed.
func storedLang(l lang.Lang) string {
	if !l.Valid() || l == lang.English {
		return ""
	}
	return string(l)
}

// Words is the match's public wording: its game's texts in the match's
// language, with its players' names.
func (m Match) Words() engine.Words { return m.WordsIn(m.lang()) }

// WordsIn is the match's game's texts in l (a reader's own language),
// with its players' names (the computers' in l: NamesIn).
func (m Match) WordsIn(l lang.Lang) engine.Words {
	if !l.Valid() {
		l = lang.English
	}
	var info engine.Info
	if m.game != nil {
		info = m.game.Info()
	}
	return engine.WordsFor(info, l, m.NamesIn(l))
}

// lang is the match's language, English when unset.
func (m Match) lang() lang.Lang {
	if m.Lang.Valid() {
		return m.Lang
	}
	return lang.English
}

// record is the match as the store keeps it.
func (m Match) record() storage.Match {
	sm := storage.Match{
		ID:           m.ID,
		Game:         m.Game,
		RulesVersion: m.RulesVersion,
		Seed:         m.Seed,
		Options:      m.Options,
		Pins:         m.pins,
		MinSeats:     m.MinSeats,
		MaxSeats:     m.MaxSeats,
		Channel:      m.Channel,
		Server:       m.Server,
		Creator:      m.Creator,
		Seats:        make([]storage.Seat, len(m.Seats)),
		Status:       storage.Status(m.Status),
		Version:      m.Version,
		Moves:        m.Moves,
		State:        m.snapshot,
		Created:      m.Created,
		Updated:      m.Updated,
		Due:          m.Due,
		Clock:        encodeClock(m.Clock),
		Vote:         m.vote,
		Record:       m.pending,
		Lang:         storedLang(m.Lang),
		Thread:       m.Place == PlaceThread,
	}
	if !m.Status.Open() {
		sm.Due = time.Time{}
	}
	for i, st := range m.Seats {
		sm.Seats[i] = storage.Seat(st)
	}
	return sm
}

func logEntries(l []storage.LogEntry) []LogEntry {
	if l == nil {
		return nil
	}
	out := make([]LogEntry, len(l))
	for i, e := range l {
		out[i] = LogEntry(e)
	}
	return out
}
