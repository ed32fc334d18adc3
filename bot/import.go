package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// ImportRequest starts a match from a match record (docs/record-format.md):
// the record's setup, then its moves, so a position from a physical game or
// a bug report can be reproduced and played on.
type ImportRequest struct {
	Channel string
	Record  string    // the record's text
	Users   []UserRef // one per seat, in seat order; Users[0] is the creator
	// Clock is the match's play-by-post settings; zero for none.
	Clock ClockSettings
}

// Import checks the whole record first (a bad move fails with an error
// naming its line, wrapping the *engine.ReplayError), then creates the
// match, seats the users, starts it and plays every move through Submit.
func (s *Service) Import(ctx context.Context, req ImportRequest) (Match, error) {
	if len(req.Record) > engine.MaxRecordSize {
		return Match{}, RecordTooLarge(len(req.Record))
	}
	rec, err := engine.ParseRecord(strings.NewReader(req.Record))
	if err != nil {
		return Match{}, recordError(nil, err)
	}
	g, err := s.games.Get(rec.Game)
	if err != nil {
		return Match{}, unknownGame(s.games, rec.Game, err)
	}
	if len(req.Users) != rec.Seats {
		return Match{}, invalid("import-seats", "seats", strconv.Itoa(rec.Seats), "n", strconv.Itoa(len(req.Users)))
	}
	if err := replayRecord(g, rec); err != nil {
		return Match{}, err
	}
	m, err := s.CreateMatch(ctx, CreateRequest{
		Channel: req.Channel, Game: rec.Game, Creator: req.Users[0], Options: rec.Options, Pins: rec.Pins,
		MinSeats: rec.Seats, MaxSeats: rec.Seats, Seed: rec.Seed, ExactSeed: true,
		RulesVersion: rec.Rules, // the match plays on under the record's rules
		Clock:        req.Clock,
	})
	if err != nil {
		return Match{}, err
	}
	for _, u := range req.Users[1:] {
		if _, err := s.Join(ctx, ByID(m.ID), u); err != nil {
			return Match{}, err
		}
	}
	o, err := s.Start(ctx, ByID(m.ID), req.Users[0].ID)
	if err != nil {
		return Match{}, err
	}
	m = o.Match
	// The moves still standing: an undo in the record and the move it took
	// back leave the position as if neither had been played.
	for _, i := range engine.Standing(rec.Moves) {
		mv := rec.Moves[i]
		o, err := s.Submit(ctx, SubmitRequest{Ref: ByID(m.ID), UserID: req.Users[mv.Seat].ID, Move: mv.Text})
		if err != nil {
			return Match{}, fmt.Errorf("bot: import move %d (line %d): %w", i+1, mv.Line, err)
		}
		m = o.Match
	}
	s.log.InfoContext(ctx, "match imported", "match", m.ID, "game", m.Game, "moves", len(rec.Moves))
	return m, nil
}

// RecordTooLarge is the KindTooLarge error of a match record over
// engine.MaxRecordSize, the one limit of records wherever they come from
// (an import, a file); size is the record's size in bytes, 0 when unknown.
// The sizes are worded in the reader's language (BytesIn).
func RecordTooLarge(size int) *Error {
	limit := strconv.Itoa(engine.MaxRecordSize)
	if size > 0 {
		this := strconv.Itoa(size)
		if Bytes(engine.MaxRecordSize) == Bytes(size) { // just over: the bytes tell them apart
			return detailed(KindTooLarge, "record-size-exact", "byteslimit", limit, "bytesthis", this)
		}
		return detailed(KindTooLarge, "record-size", "sizelimit", limit, "sizethis", this)
	}
	return detailed(KindTooLarge, "record-size-max", "sizelimit", limit)
}

// Bytes is a size as people read it in English: BytesIn.
func Bytes(n int) string { return BytesIn(lang.English, n) }

// BytesIn is a size as people read it in l: "512 bytes", "12 KiB", "16
// MiB", "16.5 MiB"; "16,5 MiB" in German, "16,5 Mio" in French. The
// figure is rounded to a tenth the same way in every language.
func BytesIn(l lang.Lang, n int) string {
	const kib, mib = 1 << 10, 1 << 20
	switch {
	case n < kib:
		return ExactBytesIn(l, n)
	case n < mib:
		return Say(l, "size.kib", "n", tenths(l, float64(n)/kib))
	}
	return Say(l, "size.mib", "n", tenths(l, float64(n)/mib))
}

// ExactBytesIn is a size in bytes in l: "16777216 bytes", "16.777.216
// Byte", "16 777 216 octets".
func ExactBytesIn(l lang.Lang, n int) string {
	return Say(l, "size.bytes", lang.CountKey, strconv.Itoa(n))
}

// tenths is x with one decimal in l, without it when it is 0: "16",
// "16.5", "16,5".
func tenths(l lang.Lang, x float64) string {
	if strings.HasSuffix(strconv.FormatFloat(x, 'f', 1, 64), ".0") {
		return l.Decimal(x, 0)
	}
	return l.Decimal(x, 1)
}

// recordError is a record that cannot be imported, as an Invalid error
// naming the line (and for an illegal move, the rule with its help).
func recordError(g engine.Game, err error) error {
	var rep *engine.ReplayError
	if errors.As(err, &rep) {
		var topic *engine.HelpTopic
		if re, ok := engine.AsRule(rep.Err); ok && g != nil && re.Topic != "" {
			if t, ok := engine.FindTopic(g.Info().Help, re.Topic); ok {
				topic = &t
			}
		}
		e := recordProblem(rep, topic)
		if g != nil {
			info := g.Info()
			e.Game = &info
		}
		return e
	}
	var rec *engine.RecordError
	if errors.As(err, &rec) {
		return withCause(recordSyntax(rec), err)
	}
	// What the checks before the replay (replayRecord) leave: a game's own
	// refusal of the setup (a pin, a value of an option), worded by the
	// game's catalog inside the host's frame.
	if g != nil {
		if e := setupRefusal(g.Info(), "record-setup", err); e != nil {
			return e
		}
	}
	detail := plain(err)
	if d, ok := strings.CutPrefix(detail, "replay setup: "); ok {
		return withCause(invalid("record-setup", "why", sentence(d)), err)
	}
	return withCause(invalid("record-cannot", "why", sentence(detail)), err)
}

// replayRecord plays a record through before a match is made of it. What
// the lobby checks too is refused as the lobby words it (a rules version,
// a number of players or an option the game does not have, with the
// game's name in the reader's language); a move that cannot be played
// names its line (recordError); a Result header the moves do not give
// quotes both results.
func replayRecord(g engine.Game, rec engine.Record) error {
	info := g.Info()
	if !info.SupportsRules(rec.Rules) {
		return withCause(gameDetailed(KindInvalid, info, "game-rules", "version", strconv.Itoa(rec.Rules),
			"versions", rangeData(info.OldestRulesVersion, info.RulesVersion)), engine.ErrRulesVersion)
	}
	if rec.Seats < info.MinSeats || rec.Seats > info.MaxSeats {
		return gameDetailed(KindSeatCount, info, "game-seats", "players", rangeData(info.MinSeats, info.MaxSeats),
			"playersasked", strconv.Itoa(rec.Seats))
	}
	if _, err := checkOptions(g, rec.Options); err != nil {
		return err
	}
	res, err := engine.Replay(g, rec)
	if errors.Is(err, engine.ErrResultMismatch) {
		// Results are notation (docs/i18n.md, "A record stays English").
		if got := engine.ResultText(res.Status); got != "" {
			return withCause(invalid("record-result", "want", Echoed(rec.Result), "got", got), err)
		}
		return withCause(invalid("record-result-open", "want", Echoed(rec.Result)), err)
	}
	if err != nil {
		return recordError(g, err)
	}
	return nil
}
