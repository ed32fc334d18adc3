package embedded

import (
	"context"
	"slices"

	"github.com/smokestack/smokestack/storage"
)

var _ storage.Lister = (*Store)(nil)

// MatchIDs implements storage.Lister: the matches in the index, accepted
// writes included, without expired or retired ones.
func (s *Store) MatchIDs(ctx context.Context) ([]string, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.usable(); err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(s.matches)+len(s.pend))
	seen := make(map[string]bool, len(s.matches)+len(s.pend))
	for _, m := range []map[string]*match{s.pend, s.matches} {
		for id := range m {
			if !seen[id] && s.view(id) != nil {
				seen[id] = true
				ids = append(ids, id)
			}
		}
	}
	slices.Sort(ids)
	return ids, nil
}

// PrefsKeys implements storage.Lister.
func (s *Store) PrefsKeys(ctx context.Context) ([]string, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.prefs.mu.Lock()
	defer s.prefs.mu.Unlock()
	if err := s.loadPrefs(); err != nil {
		return nil, err
	}
	keys := make([]string, 0, len(s.prefs.data))
	for k := range s.prefs.data {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys, nil
}
