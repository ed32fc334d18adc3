package storage

import "context"

// Lister is a Store that can name every match it holds, finished ones
// included, and every preferences key: what export, migration and the
// open-match count walk. Both backends implement it.
type Lister interface {
	// MatchIDs returns the ID of every match the store holds, sorted. A
	// match that expires meanwhile may be listed; Get then reports it
	// missing.
	MatchIDs(ctx context.Context) ([]string, error)
	// PrefsKeys returns every key under which preferences are stored
	// (Store.SetPrefs), sorted.
	PrefsKeys(ctx context.Context) ([]string, error)
}
