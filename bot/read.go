package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/render"
	"github.com/smokestack/smokestack/storage"
)

// Board renders the images of a match (the board, player boards ...) as
// seen by seat (engine.Spectator for the public ones).
func (s *Service) Board(ctx context.Context, r Ref, seat int) ([]render.Image, error) {
	m, err := s.Get(ctx, r)
	if err != nil {
		return nil, err
	}
	return s.Render(m, seat)
}

// Render draws an already loaded match (for example Outcome.Match) as seen
// by seat: the game renderer's images, the main board first. Images are
// cached per match, version and seat; callers must not change them.
func (s *Service) Render(m Match, seat int) ([]render.Image, error) {
	return s.RenderIn(m, seat, m.lang())
}

// RenderIn is Render with the images' words in l (a private copy for a
// reader of another language than the match's).
func (s *Service) RenderIn(m Match, seat int, l lang.Lang) ([]render.Image, error) {
	if !l.Valid() {
		l = lang.English
	}
	if m.state == nil {
		return nil, m.notActive()
	}
	if seat != engine.Spectator && (seat < 0 || seat >= len(m.Seats)) {
		return nil, detailed(KindInvalid, "no-seat", "seat", strconv.Itoa(seat+1))
	}
	if s.renderers == nil {
		return nil, fmt.Errorf("%w %q", render.ErrNoRenderer, m.Game)
	}
	key := boardKey{m.ID, m.Version, seat, l}
	if imgs, ok := s.boards.get(key); ok {
		return imgs, nil
	}
	start := time.Now()
	imgs, err := s.renderers.Images(m.Game, render.Scene{View: m.game.View(m.state, seat), Seat: seat, Names: m.NamesIn(l), Lang: l})
	if err != nil {
		return nil, fmt.Errorf("bot: render match %s: %w", m.ID, err)
	}
	n := 0
	for _, img := range imgs {
		n += len(img.PNG)
	}
	s.metrics.Render(m.Game, time.Since(start), n)
	s.boards.put(key, imgs)
	return imgs, nil
}

// Private is one seat's own view of a match: what only that seat sees
// (its hand) along with the public position.
type Private struct {
	Seat int         `json:"seat"`
	View engine.View `json:"view"`
	// Holding is what the seat holds privately (its hand with display
	// names), as the game lists it.
	Holding engine.Holding `json:"holding"`
	Match   Match          `json:"-"`
}

// Private returns the user's own view.
func (s *Service) Private(ctx context.Context, r Ref, userID string) (Private, error) {
	m, err := s.Get(ctx, r)
	if err != nil {
		return Private{}, err
	}
	seat := m.SeatOf(userID)
	if seat < 0 {
		return Private{}, ErrNotSeated
	}
	if m.state == nil {
		return Private{}, m.notActive()
	}
	v := m.game.View(m.state, seat)
	return Private{Seat: seat, View: v, Holding: m.game.Holding(m.state, seat), Match: m}, nil
}

// Log lists the applied moves with Seq >= from (1-based; 0 means all).
func (s *Service) Log(ctx context.Context, r Ref, from int64) ([]LogEntry, error) {
	id, err := s.resolve(ctx, r)
	if err != nil {
		return nil, err
	}
	l, err := s.store.Log(ctx, id, max(from, 1))
	if err != nil {
		return nil, fmt.Errorf("bot: log of match %s: %w", id, err)
	}
	return logEntries(l), nil
}

// Export writes a match as a record (engine.Record's text form, see
// docs/record-format.md): the setup header, the players, every applied move
// and, for a finished game, its result.
func (s *Service) Export(ctx context.Context, r Ref) (string, error) {
	m, err := s.Get(ctx, r)
	if err != nil {
		return "", err
	}
	log, err := s.Log(ctx, ByID(m.ID), 0)
	if err != nil {
		return "", err
	}
	info := engine.MatchInfo{
		Setup:   m.setup(), // with the rules version the match was stored under
		Players: m.Names(),
		Final:   m.state,
	}
	info.Moves = recordMoves(log)
	rec, err := engine.RecordOf(m.game, info)
	if err != nil {
		return "", fmt.Errorf("bot: export match %s: %w", m.ID, err)
	}
	return string(rec.Format()), nil
}

// Help searches a game's rules topics; an empty query lists the rules.
func (s *Service) Help(game, query string, limit int) ([]engine.HelpTopic, error) {
	return s.HelpIn(game, query, limit, lang.English)
}

// HelpIn is Help in l: the topics worded and searched in the reader's
// language (English for a game without a catalog).
func (s *Service) HelpIn(game, query string, limit int, l lang.Lang) ([]engine.HelpTopic, error) {
	x, err := s.helpIndex(game, l)
	if err != nil {
		return nil, err
	}
	return x.Search(query, limit), nil
}

// Topic returns one help topic of a game by ID (the Topic of a RuleError).
func (s *Service) Topic(game, id string) (engine.HelpTopic, bool) {
	return s.TopicIn(game, id, lang.English)
}

// TopicIn is Topic in l.
func (s *Service) TopicIn(game, id string, l lang.Lang) (engine.HelpTopic, bool) {
	x, err := s.helpIndex(game, l)
	if err != nil {
		return engine.HelpTopic{}, false
	}
	return x.Topic(id)
}

// helpKey is a game's help index in one language.
type helpKey struct {
	game string
	lang lang.Lang
}

// helpIndex is a game's indexed rules help in l (English when the game
// has none in l), or ErrNoHelp for a game without it.
func (s *Service) helpIndex(game string, l lang.Lang) (*engine.HelpIndex, error) {
	g, err := s.games.Get(game)
	if err != nil {
		return nil, unknownGame(s.games, game, err)
	}
	if x, ok := s.help()[helpKey{g.Info().ID, l}]; ok {
		return x(), nil
	}
	x, ok := s.help()[helpKey{g.Info().ID, lang.English}]
	if !ok {
		return nil, ErrNoHelp
	}
	return x(), nil
}

type boardKey struct {
	id      string
	version int64
	seat    int
	lang    lang.Lang // the images' words
}

// UserMatches lists the matches a user has a seat in, newest first. A
// match whose stored data cannot be read is left out and logged, so one
// bad match does not hide the others.
func (s *Service) UserMatches(ctx context.Context, userID string) ([]Match, error) {
	return s.RecentMatches(ctx, userID, 0)
}

// RecentMatches is UserMatches cut to the newest limit matches (0: all),
// for a list that shows the latest: only those are loaded.
func (s *Service) RecentMatches(ctx context.Context, userID string, limit int) ([]Match, error) {
	ids, err := s.store.UserMatches(ctx, userID)
	if err != nil {
		return nil, fmt.Errorf("bot: matches of %s: %w", userID, err)
	}
	if limit > 0 && len(ids) > limit {
		ids = ids[:limit]
	}
	out := make([]Match, 0, len(ids))
	for _, id := range ids {
		m, err := s.load(ctx, id)
		if errors.Is(err, storage.ErrUnavailable) {
			return nil, err // the store, not this match
		}
		if err != nil {
			s.log.WarnContext(ctx, "user match unreadable", "match", id, "user", userID, "err", err)
			continue
		}
		out = append(out, m)
	}
	return out, nil
}

// Turn is one entry of a match's narrated history.
type Turn struct {
	Seq    int64          `json:"seq"`  // 0 for the setup, else the log position
	Seat   int            `json:"seat"` // the seat that moved, -1 for the setup
	Move   string         `json:"move,omitempty"`
	Events []engine.Event `json:"events"` // what the viewer may see of it
	// Undo, when not zero, makes the entry an undo of the move logged at
	// Seq Undo (Seat is that move's seat; there are no events).
	Undo int64 `json:"undo,omitempty"`
	// Round names the round the move was played in (the status before it,
	// engine.Status.RoundName; for the setup, the first round). Only
	// CatchUp fills it in, which replays with every position kept.
	Round engine.Phrase `json:"round,omitzero"`
}

// History replays a match from its setup and log (engine.Replay) and
// returns, move by move, the events viewer (a seat or engine.Spectator) may see: the game
// log as narration, with the seats named by their players (Match.Narrate).
// Events are not stored; the log and the seed are the truth, and replaying
// them is cheap.
func (s *Service) History(ctx context.Context, r Ref, viewer int) ([]Turn, error) {
	return s.history(ctx, r, viewer, false)
}

// history is History, with each turn's Round when rounds is set.
func (s *Service) history(ctx context.Context, r Ref, viewer int, rounds bool) ([]Turn, error) {
	m, err := s.Get(ctx, r)
	if err != nil {
		return nil, err
	}
	if m.state == nil {
		return nil, m.notActive()
	}
	log, err := s.Log(ctx, ByID(m.ID), 0)
	if err != nil {
		return nil, err
	}
	visible := func(evs []engine.Event) []engine.Event {
		return append([]engine.Event{}, m.narrated(evs, viewer)...) // never nil: JSON [] for a silent turn
	}
	var opts []engine.ReplayOption
	if rounds {
		opts = append(opts, engine.KeepStates())
	}
	res, err := s.replay(ctx, m, opts...)
	if err != nil {
		return nil, err
	}
	out := []Turn{{Seq: 0, Seat: -1, Events: visible(res.Setup)}}
	var round engine.Phrase // the round the next move is played in
	if rounds {
		st0, _, err := m.game.Setup(m.setup())
		if err != nil {
			return nil, &Error{Kind: KindDamaged, MatchID: m.ID, Who: m.creatorName(), Detail: "replay match " + m.ID, Err: err}
		}
		round = m.game.Status(st0).RoundName
		out[0].Round = round
	}
	for i, e := range log {
		t := Turn{Seq: e.Seq, Seat: e.Seat, Move: e.Move, Events: visible(res.Moves[i].Events), Undo: e.Undo}
		if rounds {
			t.Round, round = round, m.game.Status(res.Moves[i].State).RoundName
		}
		out = append(out, t)
	}
	return out, nil
}
