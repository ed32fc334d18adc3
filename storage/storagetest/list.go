package storagetest

import (
	"slices"

	"github.com/smokestack/smokestack/storage"
)

// testList: a Lister names every match it holds, open, finished and
// lobby alike, sorted, and no longer an expired one; and every
// preferences key.
func testList(e *env) {
	l, ok := e.s.(storage.Lister)
	if !ok {
		e.t.Fatalf("%T does not implement storage.Lister", e.s)
	}
	ids, err := l.MatchIDs(e.ctx)
	if err != nil || len(ids) != 0 {
		e.t.Fatalf("MatchIDs of an empty store: %v %v", ids, err)
	}
	for _, id := range []string{"b", "a*", "c"} {
		e.create(e.newMatch(id, "discord:"+id))
	}
	fin := e.get("c")
	e.commit(withStatus(fin, storage.StatusFinished))
	lobby := e.newMatch("lobby", "discord:lobby")
	lobby.Status = storage.StatusLobby
	lobby.State = nil
	e.create(lobby)
	ids, err = l.MatchIDs(e.ctx)
	if want := []string{"a*", "b", "c", "lobby"}; err != nil || !slices.Equal(ids, want) {
		e.t.Fatalf("MatchIDs = %v, %v; want %v", ids, err, want)
	}
	e.clock.Advance(AbandonAfter + 1)
	ids, err = l.MatchIDs(e.ctx)
	var found []string
	for _, id := range ids {
		if _, gerr := e.s.Get(e.ctx, id); gerr == nil {
			found = append(found, id)
		}
	}
	if want := []string{"c"}; err != nil || !slices.Equal(found, want) {
		e.t.Fatalf("after expiry MatchIDs = %v (readable %v), %v; want readable %v", ids, found, err, want)
	}

	// Preferences keys: listed once set, gone once cleared.
	for _, k := range []string{"user:b", "user:a*", "server:1"} {
		if err := e.s.SetPrefs(e.ctx, k, []byte(`{"x":1}`)); err != nil {
			e.t.Fatal(err)
		}
	}
	if err := e.s.SetPrefs(e.ctx, "user:b", nil); err != nil {
		e.t.Fatal(err)
	}
	keys, err := l.PrefsKeys(e.ctx)
	if want := []string{"server:1", "user:a*"}; err != nil || !slices.Equal(keys, want) {
		e.t.Fatalf("PrefsKeys = %v, %v; want %v", keys, err, want)
	}
}
