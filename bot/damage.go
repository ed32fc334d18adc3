package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/storage"
)

// Salvaged is what could be read of a damaged match, as a match record.
type Salvaged struct {
	MatchID string
	// Game is the match's game ID; empty when its setup could not be read.
	Game string
	// Record is a match record (docs/record-format.md) of the match's
	// setup and the intact start of its log, marked incomplete in a
	// comment line. When the setup could not be read it holds only
	// comments: the moves that could be read.
	Record string
	// Moves is how many moves it holds; Of how many the match counted
	// (0 when unknown).
	Moves, Of int
	// Damage says what was found damaged, for the log and moderators.
	Damage string
}

// damaged is the KindDamaged error of match id, with its creator's name
// when what is left of the match still says it.
func (s *Service) damaged(ctx context.Context, id string, err error) error {
	e := &Error{Kind: KindDamaged, MatchID: id, Detail: "match " + id, Err: err}
	if sv, serr := s.store.Salvage(ctx, id); serr == nil && sv.Match != nil {
		e.Who = fromRecord(*sv.Match, nil).creatorName()
	}
	return e
}

// Salvage reads what can still be read of a damaged match (the match of a
// channel, or by ID) as a match record, changing nothing. An intact match
// fails with KindInvalid: Export writes it whole.
func (s *Service) Salvage(ctx context.Context, r Ref) (Salvaged, error) {
	id, err := s.resolve(ctx, r)
	if err != nil {
		return Salvaged{}, err
	}
	sv, _, err := s.salvage(ctx, id)
	return sv, err
}

// salvage reads what is left of match id. A match the store holds intact
// but the service cannot decode (an unknown game, a snapshot that does
// not decode) is damaged too; its stored record comes back for AbortDamaged.
func (s *Service) salvage(ctx context.Context, id string) (Salvaged, *storage.Match, error) {
	sv, err := s.store.Salvage(ctx, id)
	if errors.Is(err, storage.ErrNotFound) {
		return Salvaged{}, nil, failure(KindNotFound, err, "match %q", id)
	}
	if err != nil {
		return Salvaged{}, nil, fmt.Errorf("bot: salvage match %s: %w", id, err)
	}
	var intact *storage.Match
	if sv.Damage == "" {
		sm, err := s.store.Get(ctx, id)
		if err != nil {
			return Salvaged{}, nil, fmt.Errorf("bot: salvage match %s: %w", id, err)
		}
		_, derr := s.decode(sm)
		if !errors.Is(derr, ErrBadData) {
			return Salvaged{}, nil, invalid("not-damaged", "id", Echoed(id))
		}
		sv.Damage = plain(derr)
		intact = &sm
	}
	return salvageRecord(id, sv), intact, nil
}

// salvageRecord writes what is left of a match as a record marked
// incomplete.
func salvageRecord(id string, sv storage.Salvage) Salvaged {
	out := Salvaged{MatchID: id, Moves: len(sv.Log), Damage: oneLine(sv.Damage)}
	var b bytes.Buffer
	if m := sv.Match; m != nil {
		out.Game, out.Of = m.Game, int(m.Moves)
		rec := engine.Record{Game: m.Game, Rules: m.RulesVersion, Seed: m.Seed, Seats: len(m.Seats), Options: m.Options, Pins: m.Pins}
		for _, st := range m.Seats {
			rec.Players = append(rec.Players, st.Name)
		}
		for _, e := range sv.Log {
			rec.Append(e.Seat, e.Move)
		}
		text := rec.Format()
		first, rest, _ := bytes.Cut(text, []byte("\n"))
		b.Write(first)
		b.WriteByte('\n')
		fmt.Fprintf(&b, "# INCOMPLETE: salvaged from damaged match %s (%s); it holds %d of the %d moves the match counted.\n",
			id, out.Damage, out.Moves, out.Of)
		b.Write(rest)
	} else {
		fmt.Fprintf(&b, "# Smokestack match record\n# INCOMPLETE: salvaged from damaged match %s (%s).\n"+
			"# Its setup could not be read, so this cannot be replayed; the %d moves that could be read follow.\n", id, out.Damage, out.Moves)
		for i, e := range sv.Log {
			fmt.Fprintf(&b, "# %d s%d %s\n", i+1, e.Seat+1, oneLine(e.Move))
		}
	}
	out.Record = b.String()
	return out
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// AbortDamaged ends a damaged match: its creator (when what is left of it
// says who that is) or a moderator may. It returns what could be read of
// it (see Salvage) and frees its channel: a match the store reports
// damaged is deleted (storage.Store.Retire), one the store holds intact
// but the service cannot decode is marked aborted and kept. An intact
// match fails with KindInvalid; Abort ends it.
func (s *Service) AbortDamaged(ctx context.Context, r Ref, userID string, moderator bool) (Salvaged, error) {
	id, err := s.resolve(ctx, r)
	if err != nil {
		return Salvaged{}, err
	}
	sv, intact, err := s.salvage(ctx, id)
	if err != nil {
		return Salvaged{}, err
	}
	meta, err := s.store.Salvage(ctx, id)
	if err != nil {
		return Salvaged{}, fmt.Errorf("bot: salvage match %s: %w", id, err)
	}
	if !moderator && (meta.Match == nil || meta.Match.Creator != userID) {
		e := &Error{Kind: KindNotAllowed, Moderators: true}
		if meta.Match != nil {
			e.Who = fromRecord(*meta.Match, nil).creatorName()
		}
		return Salvaged{}, e
	}
	if intact != nil {
		next := *intact
		next.Version++
		next.Status = storage.StatusAborted
		next.Updated = s.now()
		if err := s.store.Commit(ctx, storage.Commit{ExpectVersion: intact.Version, Match: next}); err != nil {
			return Salvaged{}, fmt.Errorf("bot: abort damaged match %s: %w", id, err)
		}
	} else if err := s.store.Retire(ctx, id); err != nil {
		return Salvaged{}, fmt.Errorf("bot: retire damaged match %s: %w", id, err)
	}
	s.log.WarnContext(ctx, "damaged match aborted", "match", id, "by", userID, "moderator", moderator,
		"moves_salvaged", sv.Moves, "moves_counted", sv.Of, "damage", sv.Damage, "deleted", intact == nil)
	return sv, nil
}

// holderDamage is the damage of the match holding a channel, if that is
// why the channel is taken: a new match must not silently go over it.
func (s *Service) holderDamage(ctx context.Context, channel string) error {
	id, err := s.store.ChannelMatch(ctx, channel)
	if err != nil {
		return nil
	}
	if _, err := s.load(ctx, id); errors.Is(err, ErrBadData) {
		return err
	}
	return nil
}
