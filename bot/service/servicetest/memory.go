// Package servicetest holds hand-written fakes for testing front ends of the
// service: an in-memory Store that keeps the storage contract (compare-and-set,
// idempotent request IDs, channel and user indexes) and a plain renderer for
// the Pebbles test game. Neither is ever used by the product.
package servicetest

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sync"

	"github.com/smokestack/smokestack/storage"
)

// Memory is an in-memory storage.Store for tests.
type Memory struct {
	mu       sync.Mutex
	matches  map[string]storage.Match
	logs     map[string][]storage.LogEntry
	channels map[string]string
	users    map[string][]string
	requests map[string]bool // matchID + "\x00" + requestID
	closed   bool
}

// NewMemory returns an empty store.
func NewMemory() *Memory {
	return &Memory{
		matches:  map[string]storage.Match{},
		logs:     map[string][]storage.LogEntry{},
		channels: map[string]string{},
		users:    map[string][]string{},
		requests: map[string]bool{},
	}
}

var _ storage.Store = (*Memory)(nil)

func clone(m storage.Match) storage.Match {
	m.Seats = slices.Clone(m.Seats)
	m.Options = maps.Clone(m.Options)
	m.Pins = maps.Clone(m.Pins)
	m.State = slices.Clone(m.State)
	return m
}

func (s *Memory) index(m storage.Match) {
	for _, st := range m.Seats {
		if !slices.Contains(s.users[st.UserID], m.ID) {
			s.users[st.UserID] = append([]string{m.ID}, s.users[st.UserID]...)
		}
	}
}

// Create implements storage.Store.
func (s *Memory) Create(ctx context.Context, m storage.Match) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.matches[m.ID]; ok {
		return storage.ErrExists
	}
	if m.Status.Open() {
		if _, ok := s.channels[m.Channel]; ok {
			return storage.ErrChannelTaken
		}
		s.channels[m.Channel] = m.ID
	}
	m.Version = 0
	s.matches[m.ID] = clone(m)
	s.index(m)
	return nil
}

// Get implements storage.Store.
func (s *Memory) Get(ctx context.Context, id string) (storage.Match, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.matches[id]
	if !ok {
		return storage.Match{}, storage.ErrNotFound
	}
	return clone(m), nil
}

// Commit implements storage.Store.
func (s *Memory) Commit(ctx context.Context, c storage.Commit) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	cur, ok := s.matches[c.Match.ID]
	if !ok {
		return storage.ErrNotFound
	}
	if c.RequestID != "" && s.requests[c.Match.ID+"\x00"+c.RequestID] {
		return storage.ErrDuplicate
	}
	if cur.Version != c.ExpectVersion || c.Match.Version != c.ExpectVersion+1 {
		return storage.ErrConflict
	}
	if c.Entry != nil {
		if c.Entry.Seq != int64(len(s.logs[cur.ID]))+1 {
			return fmt.Errorf("servicetest: log entry %d after %d entries", c.Entry.Seq, len(s.logs[cur.ID]))
		}
		s.logs[cur.ID] = append(s.logs[cur.ID], *c.Entry)
	}
	if c.RequestID != "" {
		s.requests[c.Match.ID+"\x00"+c.RequestID] = true
	}
	if cur.Status.Open() && !c.Match.Status.Open() && s.channels[cur.Channel] == cur.ID {
		delete(s.channels, cur.Channel)
	}
	s.matches[cur.ID] = clone(c.Match)
	s.index(c.Match)
	return nil
}

// Log implements storage.Store.
func (s *Memory) Log(ctx context.Context, id string, from int64) ([]storage.LogEntry, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.matches[id]; !ok {
		return nil, storage.ErrNotFound
	}
	l := s.logs[id]
	from = max(from, 1)
	if from > int64(len(l)) {
		return nil, nil
	}
	return slices.Clone(l[from-1:]), nil
}

// ChannelMatch implements storage.Store.
func (s *Memory) ChannelMatch(ctx context.Context, channel string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id, ok := s.channels[channel]
	if !ok {
		return "", storage.ErrNotFound
	}
	return id, nil
}

// UserMatches implements storage.Store.
func (s *Memory) UserMatches(ctx context.Context, userID string) ([]string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.users[userID]), nil
}

// Close implements storage.Store.
func (s *Memory) Close() error { return nil }
