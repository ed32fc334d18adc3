// Package check holds the argument checks and copies both storage backends
// share, so they reject the same inputs with the same errors.
package check

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/smokestack/smokestack/storage"
)

// ErrInvalid marks a call the caller got wrong (not a storage failure).
var ErrInvalid = errors.New("storage: invalid argument")

// ID checks a match ID: non-empty, printable, no hash-tag braces (they
// would break the Redis Cluster slot of the match's keys).
func ID(id string) error {
	if id == "" || len(id) > 200 || strings.ContainsAny(id, "{}\x00\n\r\t ") {
		return fmt.Errorf("%w: match id %q", ErrInvalid, id)
	}
	return nil
}

// Create checks a match handed to Create and returns the record to store:
// Version 0, Created/Updated filled in from now when zero.
func Create(m storage.Match, now time.Time) (storage.Match, error) {
	if err := ID(m.ID); err != nil {
		return m, err
	}
	if m.Channel == "" {
		return m, fmt.Errorf("%w: match %s has no channel", ErrInvalid, m.ID)
	}
	if m.Status == "" {
		return m, fmt.Errorf("%w: match %s has no status", ErrInvalid, m.ID)
	}
	if m.Version != 0 {
		return m, fmt.Errorf("%w: match %s created at version %d, want 0", ErrInvalid, m.ID, m.Version)
	}
	if m.Created.IsZero() {
		m.Created = now
	}
	if m.Updated.IsZero() {
		m.Updated = m.Created
	}
	return m, nil
}

// Commit checks a commit: the new version follows the expected one and the
// log entry, if any, is the next one in sequence.
func Commit(c storage.Commit) error {
	if err := ID(c.Match.ID); err != nil {
		return err
	}
	if c.Match.Version != c.ExpectVersion+1 {
		return fmt.Errorf("%w: commit of match %s: version %d does not follow %d", ErrInvalid, c.Match.ID, c.Match.Version, c.ExpectVersion)
	}
	if len(c.RequestID) > 200 {
		return fmt.Errorf("%w: commit of match %s: request id longer than 200 bytes", ErrInvalid, c.Match.ID)
	}
	if c.Match.Status == "" {
		return fmt.Errorf("%w: commit of match %s has no status", ErrInvalid, c.Match.ID)
	}
	if c.Entry != nil && c.Entry.Seq != c.Match.Moves {
		return fmt.Errorf("%w: commit of match %s: log entry %d but the match counts %d moves", ErrInvalid, c.Match.ID, c.Entry.Seq, c.Match.Moves)
	}
	return nil
}

// Entry decodes the stored log entry that should be move seq. Its error
// says what is wrong; the caller wraps it as the match's corruption.
func Entry(raw []byte, seq int64) (storage.LogEntry, error) {
	var e storage.LogEntry
	if err := json.Unmarshal(raw, &e); err != nil {
		return e, fmt.Errorf("log entry %d: %v", seq, err)
	}
	if e.Seq != seq {
		return e, fmt.Errorf("log entry %d has seq %d", seq, e.Seq)
	}
	return e, nil
}

// Users lists the distinct user IDs seated in m, in seat order.
func Users(m storage.Match) []string {
	var out []string
	for _, s := range m.Seats {
		if s.UserID == "" || slices.Contains(out, s.UserID) {
			continue
		}
		out = append(out, s.UserID)
	}
	return out
}

// Copy returns a deep copy of m, so a caller can change what a store
// returned (or handed in) without touching the store's own copy.
func Copy(m storage.Match) storage.Match {
	m.Options = maps.Clone(m.Options)
	m.Pins = maps.Clone(m.Pins)
	if m.Seats != nil {
		m.Seats = append([]storage.Seat(nil), m.Seats...)
	}
	if m.State != nil {
		m.State = append([]byte(nil), m.State...)
	}
	if m.Clock != nil {
		m.Clock = append([]byte(nil), m.Clock...)
	}
	if m.Vote != nil {
		v := *m.Vote
		v.Approved = append([]int(nil), v.Approved...)
		m.Vote = &v
	}
	return m
}

// PrefsKey checks a preferences key and data for SetPrefs.
func PrefsKey(key string, data []byte) error {
	if key == "" || len(key) > 200 || strings.ContainsAny(key, "{}\x00\n\r\t ") {
		return fmt.Errorf("%w: preferences key %q", ErrInvalid, key)
	}
	if len(data) > storage.MaxPrefs {
		return fmt.Errorf("%w: preferences under %q are %d bytes, more than the limit of %d", ErrInvalid, key, len(data), storage.MaxPrefs)
	}
	return nil
}

// Due checks Store.Due's arguments.
func Due(owner string, lease time.Duration, limit int) error {
	if owner == "" || lease <= 0 || limit <= 0 {
		return fmt.Errorf("%w: due: owner %q, lease %v, limit %d", ErrInvalid, owner, lease, limit)
	}
	return nil
}

// Pending reports whether m is due at now: open, with a Due at or before now.
func Pending(m storage.Match, now time.Time) bool {
	return m.Status.Open() && !m.Due.IsZero() && !now.Before(m.Due)
}

// Deadline is when a match with status expires if nothing is committed
// after now: Options.AbandonAfter for an open match,
// Options.DeleteEndedAfter for an ended one; the zero time means never.
func Deadline(status storage.Status, now time.Time, o storage.Options) time.Time {
	if life := Life(status, o); life > 0 {
		return now.Add(life)
	}
	return time.Time{}
}

// Life is how long a match with status lives after its last commit; zero
// for ever.
func Life(status storage.Status, o storage.Options) time.Duration {
	if status.Open() {
		return max(o.AbandonAfter, 0)
	}
	return max(o.DeleteEndedAfter, 0)
}

// Expired reports whether a deadline has passed at now.
func Expired(deadline, now time.Time) bool {
	return !deadline.IsZero() && !now.Before(deadline)
}

// IdemTTL is how long a request ID is remembered at least: Discord
// interaction tokens live 15 minutes, so a retry can come that late.
const IdemTTL = 30 * time.Minute
