package embedded

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/internal/check"
)

// prefsName is the file of the preferences (SetPrefs), next to the data
// file: a JSON object of key to data, rewritten whole (a temporary file,
// fsynced, renamed) on every change. Preferences change rarely and are
// small (storage.MaxPrefs), so a second log format would buy nothing.
const prefsName = "prefs.json"

// lease is one claim of Due: the match at version is held until then; a
// commit (a new version) ends it.
type lease struct {
	version int64
	until   time.Time
}

// Due implements storage.Store. The embedded store serves one process, so
// the leases live in memory; they still keep two schedulers in one
// process from being given the same match while a lease runs, and a
// commit of the match ends its lease, as in Redis.
// It scans the matches in memory: a few microseconds per thousand.
func (s *Store) Due(ctx context.Context, now time.Time, owner string, ttl time.Duration, limit int) ([]string, error) {
	if err := check.Due(owner, ttl, limit); err != nil {
		return nil, err
	}
	if err := s.lockRead(ctx); err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	type due struct {
		id string
		at time.Time
	}
	var found []due
	for id, x := range s.matches {
		if x.corrupt != nil || x.retired || s.expired(x) || s.pend[id] != nil || !check.Pending(x.m, now) {
			continue
		}
		if l, ok := s.leases[id]; ok && l.version == x.m.Version && now.Before(l.until) {
			continue
		}
		found = append(found, due{id, x.m.Due})
	}
	slices.SortFunc(found, func(a, b due) int {
		return cmp.Or(a.at.Compare(b.at), cmp.Compare(a.id, b.id))
	})
	if len(found) > limit {
		found = found[:limit]
	}
	if s.leases == nil {
		s.leases = map[string]lease{}
	}
	for id, l := range s.leases {
		if x := s.matches[id]; x == nil || x.m.Version != l.version || !now.Before(l.until) {
			delete(s.leases, id)
		}
	}
	out := make([]string, len(found))
	for i, d := range found {
		s.leases[d.id] = lease{s.matches[d.id].m.Version, now.Add(ttl)}
		out[i] = d.id
	}
	return out, nil
}

// prefsFile is the preferences, loaded on first use.
type prefsFile struct {
	mu     sync.Mutex
	loaded bool
	data   map[string][]byte
}

func (s *Store) loadPrefs() error {
	if s.prefs.loaded {
		return nil
	}
	s.prefs.data = map[string][]byte{}
	raw, err := os.ReadFile(filepath.Join(s.dir, prefsName))
	if errors.Is(err, os.ErrNotExist) {
		s.prefs.loaded = true
		return nil
	}
	if err != nil {
		return fmt.Errorf("embedded: read preferences: %w", err)
	}
	if err := json.Unmarshal(raw, &s.prefs.data); err != nil {
		return fmt.Errorf("embedded: %w", &storage.CorruptError{Detail: fmt.Sprintf("the preferences file %s: %v", filepath.Join(s.dir, prefsName), err)})
	}
	s.prefs.loaded = true
	return nil
}

// Prefs implements storage.Store.
func (s *Store) Prefs(ctx context.Context, key string) ([]byte, error) {
	if err := check.PrefsKey(key, nil); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.prefs.mu.Lock()
	defer s.prefs.mu.Unlock()
	if err := s.loadPrefs(); err != nil {
		return nil, err
	}
	return slices.Clone(s.prefs.data[key]), nil
}

// SetPrefs implements storage.Store: the file is replaced whole and
// fsynced before it returns.
func (s *Store) SetPrefs(ctx context.Context, key string, data []byte) error {
	if err := check.PrefsKey(key, data); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	s.prefs.mu.Lock()
	defer s.prefs.mu.Unlock()
	if err := s.loadPrefs(); err != nil {
		return err
	}
	next := make(map[string][]byte, len(s.prefs.data)+1)
	for k, v := range s.prefs.data {
		next[k] = v
	}
	if len(data) == 0 {
		delete(next, key)
	} else {
		next[key] = slices.Clone(data)
	}
	raw, err := json.Marshal(next)
	if err != nil {
		return fmt.Errorf("embedded: encode preferences: %w", err)
	}
	if err := writeFileSync(s.dir, prefsName, raw); err != nil {
		return fmt.Errorf("embedded: write preferences: %w", err)
	}
	s.prefs.data = next
	return nil
}

// writeFileSync replaces dir/name with data durably: a temporary file,
// fsynced, renamed over it, and the directory fsynced.
func writeFileSync(dir, name string, data []byte) error {
	f, err := os.CreateTemp(dir, name+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, filepath.Join(dir, name))
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
