// Package transfer copies matches between stores, or out to files and
// back: each match whole, with what the host keeps besides the game (its
// channel, seats, options, status, version, times, turn clock), its
// snapshot and its log; the players' and servers' preferences; and the
// kept results of finished matches (/stats). It uses only the storage.Store contract (and storage.Lister to walk
// a store), so every backend can be a source or a target:
// `smokestack export`, `import` and `migrate` are built on it.
//
// Write rebuilds a match through the contract's own writes: Create at
// version 0, then one Commit per log entry and per change that logged
// nothing, so the target holds the same version, moves and log as the
// source (snapshot-less until the last commit, which carries the
// snapshot). Run it while no bot serves the target.
package transfer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/smokestack/smokestack/storage"
)

// Format is the version of the Dump layout.
const Format = 1

// Dump is one match as it is written to a file: JSON, the snapshot in
// base64.
type Dump struct {
	Format int                `json:"format"`
	Match  storage.Match      `json:"match"`
	State  []byte             `json:"state,omitempty"` // the game's snapshot; none in a lobby
	Log    []storage.LogEntry `json:"log"`
}

// Read takes one match out of a store.
func Read(ctx context.Context, st storage.Store, id string) (Dump, error) {
	m, err := st.Get(ctx, id)
	if err != nil {
		return Dump{}, err
	}
	log, err := st.Log(ctx, id, 1)
	if err != nil {
		return Dump{}, err
	}
	if int64(len(log)) != m.Moves {
		return Dump{}, fmt.Errorf("transfer: match %s counts %d moves but its log holds %d", id, m.Moves, len(log))
	}
	d := Dump{Format: Format, Match: m, State: m.State, Log: log}
	d.Match.State = nil
	if d.Log == nil {
		d.Log = []storage.LogEntry{}
	}
	return d, nil
}

// Check says what is wrong with a dump, or nil.
func (d Dump) Check() error {
	m := d.Match
	switch {
	case d.Format != Format:
		return fmt.Errorf("transfer: match %s: format %d, this build reads %d", m.ID, d.Format, Format)
	case m.ID == "" || m.Game == "" || m.Channel == "" || m.Status == "":
		return fmt.Errorf("transfer: match %q: its ID, game, channel and status are required", m.ID)
	case int64(len(d.Log)) != m.Moves:
		return fmt.Errorf("transfer: match %s counts %d moves but the dump logs %d", m.ID, m.Moves, len(d.Log))
	case m.Version < m.Moves:
		return fmt.Errorf("transfer: match %s: version %d below its %d moves", m.ID, m.Version, m.Moves)
	}
	for i, e := range d.Log {
		if e.Seq != int64(i+1) {
			return fmt.Errorf("transfer: match %s: log entry %d has seq %d", m.ID, i+1, e.Seq)
		}
	}
	return nil
}

// Write stores a dumped match in st, which must not hold its ID (else
// storage.ErrExists) nor, for an open match, hold its channel.
func Write(ctx context.Context, st storage.Store, d Dump) error {
	if err := d.Check(); err != nil {
		return err
	}
	final := d.Match
	final.State = d.State
	m := final
	m.Version, m.Moves, m.State = 0, 0, nil
	if final.Version == 0 {
		m.State = d.State
	}
	if err := st.Create(ctx, m); err != nil {
		return fmt.Errorf("transfer: create match %s: %w", m.ID, err)
	}
	// The changes that logged nothing first, then one commit per move;
	// the last commit carries the final record and snapshot.
	quiet := final.Version - final.Moves
	for v := int64(1); v <= final.Version; v++ {
		c := storage.Commit{ExpectVersion: v - 1}
		next := m
		next.Version = v
		if v > quiet {
			e := d.Log[v-quiet-1]
			next.Moves = v - quiet
			c.Entry = &e
		}
		if v == final.Version {
			next = final
		}
		c.Match = next
		if err := st.Commit(ctx, c); err != nil {
			return fmt.Errorf("transfer: match %s version %d: %w", m.ID, v, err)
		}
		m = next
	}
	return nil
}

// Same reports how two dumps of one match differ, or nil.
func Same(a, b Dump) error {
	am, bm := a.Match, b.Match
	switch {
	case am.ID != bm.ID || am.Game != bm.Game || am.RulesVersion != bm.RulesVersion || am.Seed != bm.Seed:
		return fmt.Errorf("match %s: setup differs", am.ID)
	case am.Channel != bm.Channel || am.Server != bm.Server || am.Creator != bm.Creator || am.Status != bm.Status:
		return fmt.Errorf("match %s: channel, server, creator or status differs", am.ID)
	case am.Lang != bm.Lang:
		return fmt.Errorf("match %s: language differs", am.ID)
	case am.Thread != bm.Thread:
		return fmt.Errorf("match %s: place (thread or channel) differs", am.ID)
	case !sameVote(am.Vote, bm.Vote) || am.Record != bm.Record:
		return fmt.Errorf("match %s: pending request (an undo or an import) differs", am.ID)
	case am.Version != bm.Version || am.Moves != bm.Moves:
		return fmt.Errorf("match %s: version %d/%d, moves %d/%d", am.ID, am.Version, bm.Version, am.Moves, bm.Moves)
	case !am.Created.Equal(bm.Created) || !am.Updated.Equal(bm.Updated):
		return fmt.Errorf("match %s: times differ", am.ID)
	case am.MinSeats != bm.MinSeats || am.MaxSeats != bm.MaxSeats || !slices.Equal(am.Seats, bm.Seats):
		return fmt.Errorf("match %s: seats differ", am.ID)
	case !mapsEqual(am.Options, bm.Options) || !mapsEqual(am.Pins, bm.Pins):
		return fmt.Errorf("match %s: options or pins differ", am.ID)
	case !am.Due.Equal(bm.Due) || !sameJSON(am.Clock, bm.Clock):
		return fmt.Errorf("match %s: turn clock differs", am.ID)
	case !bytes.Equal(a.State, b.State):
		return fmt.Errorf("match %s: snapshots differ", am.ID)
	case len(a.Log) != len(b.Log):
		return fmt.Errorf("match %s: %d and %d log entries", am.ID, len(a.Log), len(b.Log))
	}
	for i := range a.Log {
		x, y := a.Log[i], b.Log[i]
		if x.Seq != y.Seq || x.Seat != y.Seat || x.Move != y.Move || x.RequestID != y.RequestID || !x.At.Equal(y.At) || x.Undo != y.Undo || x.Note != y.Note {
			return fmt.Errorf("match %s: log entry %d differs", am.ID, i+1)
		}
	}
	return nil
}

// sameVote reports whether two pending requests are the same.
func sameVote(a, b *storage.Vote) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Kind == b.Kind && a.Seat == b.Seat && a.Target == b.Target && slices.Equal(a.Approved, b.Approved) && a.Asked.Equal(b.Asked)
}

// sameJSON reports whether two JSON texts are the same but for spacing
// (a dump file is indented).
func sameJSON(a, b json.RawMessage) bool {
	var ca, cb bytes.Buffer
	if len(a) == 0 || len(b) == 0 {
		return len(a) == len(b)
	}
	return json.Compact(&ca, a) == nil && json.Compact(&cb, b) == nil && bytes.Equal(ca.Bytes(), cb.Bytes())
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// ReadPrefs reads every preferences entry of a store (per user, per
// server: Store.SetPrefs), by key.
func ReadPrefs(ctx context.Context, st storage.Store) (map[string][]byte, error) {
	l, ok := st.(storage.Lister)
	if !ok {
		return nil, errors.New("transfer: this store cannot list its preferences")
	}
	keys, err := l.PrefsKeys(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]byte, len(keys))
	for _, k := range keys {
		data, err := st.Prefs(ctx, k)
		if err != nil {
			return nil, err
		}
		if len(data) > 0 {
			out[k] = data
		}
	}
	return out, nil
}

// WritePrefs stores the entries a store does not hold yet. An entry the
// store holds with other data is left as it is and its key returned.
func WritePrefs(ctx context.Context, st storage.Store, prefs map[string][]byte) (kept []string, err error) {
	keys := make([]string, 0, len(prefs))
	for k := range prefs {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		cur, err := st.Prefs(ctx, k)
		if err != nil {
			return kept, err
		}
		switch {
		case bytes.Equal(cur, prefs[k]):
		case len(cur) > 0:
			kept = append(kept, k)
		default:
			if err := st.SetPrefs(ctx, k, prefs[k]); err != nil {
				return kept, err
			}
		}
	}
	return kept, nil
}

// IDs lists the matches of a store that can list them.
func IDs(ctx context.Context, st storage.Store) ([]string, error) {
	l, ok := st.(storage.Lister)
	if !ok {
		return nil, errors.New("transfer: this store cannot list its matches")
	}
	return l.MatchIDs(ctx)
}

// ReadResults reads every kept match result of a store (Store.AddResult,
// the /stats figures), oldest first.
func ReadResults(ctx context.Context, st storage.Store) ([]storage.Result, error) {
	rs, err := st.Results(ctx, storage.ResultFilter{})
	if err != nil {
		return nil, err
	}
	slices.Reverse(rs) // Results lists newest first
	if rs == nil {
		rs = []storage.Result{}
	}
	return rs, nil
}

// WriteResults stores the results a store does not hold yet (by match
// ID). A result the store holds with other figures is left as it is and
// its match ID returned.
func WriteResults(ctx context.Context, st storage.Store, rs []storage.Result) (kept []string, err error) {
	cur, err := st.Results(ctx, storage.ResultFilter{})
	if err != nil {
		return nil, err
	}
	held := make(map[string]storage.Result, len(cur))
	for _, r := range cur {
		held[r.MatchID] = r
	}
	for _, r := range rs {
		if r.MatchID == "" {
			return kept, errors.New("transfer: a result without a match ID")
		}
		if h, ok := held[r.MatchID]; ok {
			if SameResult(h, r) != nil {
				kept = append(kept, r.MatchID)
			}
			continue
		}
		if err := st.AddResult(ctx, r); err != nil {
			return kept, fmt.Errorf("transfer: result of match %s: %w", r.MatchID, err)
		}
		held[r.MatchID] = r
	}
	return kept, nil
}

// SameResult reports how two results of one match differ, or nil.
func SameResult(a, b storage.Result) error {
	switch {
	case a.MatchID != b.MatchID || a.Game != b.Game || a.Server != b.Server || a.Channel != b.Channel:
		return fmt.Errorf("result of match %s: match, game, server or channel differs", a.MatchID)
	case !a.Finished.Equal(b.Finished):
		return fmt.Errorf("result of match %s: finishing time differs", a.MatchID)
	case !slices.Equal(a.Seats, b.Seats):
		return fmt.Errorf("result of match %s: seats differ", a.MatchID)
	}
	return nil
}
