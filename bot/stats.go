package bot

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/storage"
)

// resultOf is a finished match's result for statistics: each seat's
// place, score, and its turns (runs of its moves; undos and the moves
// they took back left out) with the time they took. A turn's time is
// credited to whoever made its moves: the seat's player then (a seat
// handed on, Clock.Replaced: the earlier people are Result.Left), never
// its final player for an earlier one's moves; a move its player did not
// make (a stand-in computer's, a default move) is nobody's time. A move
// whose player a handover stored without IDs left unknown is the final
// player's, as before.
func (s *Service) resultOf(ctx context.Context, m Match) (storage.Result, error) {
	log, err := s.Log(ctx, ByID(m.ID), 0)
	if err != nil {
		return storage.Result{}, err
	}
	r := storage.Result{MatchID: m.ID, Game: m.Game, Server: m.Server, Channel: m.Channel, Finished: m.Updated,
		Seats: make([]storage.ResultSeat, len(m.Seats))}
	for i, st := range m.Seats {
		r.Seats[i] = storage.ResultSeat{UserID: st.UserID, Name: st.Name, Computer: st.Computer}
	}
	if m.Play != nil {
		for _, ss := range m.Play.Seats {
			if ss.Seat >= 0 && ss.Seat < len(r.Seats) {
				r.Seats[ss.Seat].Score = ss.Score
			}
		}
		for place, seat := range m.Play.Ranking {
			if seat >= 0 && seat < len(r.Seats) {
				r.Seats[seat].Place = place + 1
			}
		}
	}
	// A turn runs from the move before it (by another seat) to the seat's
	// last move in a row; the first turn of the match has no start.
	left := map[string]int{} // user ID: index in r.Left
	credit := func(e LogEntry) *storage.ResultSeat {
		if e.Note != "" {
			return nil
		}
		who := m.PlayerAt(e.Seat, e.Seq)
		if who == "" || who == m.Seats[e.Seat].UserID {
			return &r.Seats[e.Seat]
		}
		if i := slices.IndexFunc(m.Seats, func(st Seat) bool { return st.UserID == who }); i >= 0 {
			return &r.Seats[i] // they hold another seat at the end
		}
		if IsComputerUser(who) {
			return nil // a computer's part of a seat a person has now
		}
		k, ok := left[who]
		if !ok {
			k, left[who] = len(r.Left), len(r.Left)
			r.Left = append(r.Left, storage.ResultSeat{UserID: who, Name: m.nameOf(e.Seat, who)})
		}
		return &r.Left[k]
	}
	prev, prevSeat := time.Time{}, -1
	for _, i := range engine.Standing(recordMoves(log)) {
		e := log[i]
		if e.Seat < 0 || e.Seat >= len(r.Seats) {
			continue
		}
		if c := credit(e); c != nil && !prev.IsZero() {
			if e.Seat != prevSeat {
				c.Turns++
			}
			// A new turn, or the same one going on.
			c.Thinking += max(0, e.At.Sub(prev))
		}
		prev, prevSeat = e.At, e.Seat
	}
	return r, nil
}

// nameOf is the name a seat's earlier player had (Clock.Replaced), else
// their user ID.
func (m Match) nameOf(seat int, userID string) string {
	for _, r := range m.Clock.Replaced {
		if r.Seat == seat && r.FromID == userID {
			return r.From
		}
	}
	return userID
}

// keepResult stores the result of a match that has just finished; a
// failure is logged (Stats adds what is missing when a player asks).
func (s *Service) keepResult(ctx context.Context, m Match) {
	r, err := s.resultOf(ctx, m)
	if err == nil {
		err = s.store.AddResult(ctx, r)
	}
	if err != nil {
		s.log.WarnContext(ctx, "result not kept", "match", m.ID, "err", err)
	}
}

// StatsRequest selects the matches /stats counts: a server's, a user's
// (everywhere), or both.
type StatsRequest struct {
	Server string
	UserID string
}

// GameStats are the statistics of one game.
type GameStats struct {
	ID      string `json:"id"`   // the game's ID (its words: Info.Catalog)
	Game    string `json:"game"` // display name
	Matches int    `json:"matches"`
	Unit    string `json:"unit"` // the score's short name
	// Score names the score, for wording one (Score.Of: "1 win").
	Score   engine.ScoreName `json:"score"`
	Players []PlayerStats    `json:"players"` // most wins first
}

// PlayerStats are one player's figures in one game.
type PlayerStats struct {
	UserID  string        `json:"userId"`
	Name    string        `json:"name"` // as in their latest match
	Played  int           `json:"played"`
	Wins    int           `json:"wins"`
	Average float64       `json:"average"` // score
	Best    int           `json:"best"`
	PerTurn time.Duration `json:"perTurn"` // average time per turn; 0 when unknown
	// Left counts the matches the player handed their seat on before the
	// end (Result.Left): their turns and time count, the result is not
	// theirs (Played, Wins and the scores leave them out).
	Left int `json:"left,omitempty"`
	// Computer is the level of a computer player (UserID "computer:LEVEL",
	// Name ComputerName): the computers are counted by level, apart from
	// the people. WinsVsComputers are the Wins of a person in matches
	// with a computer player.
	Computer        string `json:"computer,omitempty"`
	WinsVsComputers int    `json:"winsVsComputers,omitempty"`
	turns           int
	think           time.Duration
	sum             int
}

// NameIn is the player's name in l: a computer's (by its level) worded
// in l, a person's as it is.
func (p PlayerStats) NameIn(l lang.Lang) string {
	if p.Computer != "" {
		return ComputerNameIn(l, p.Computer, 1)
	}
	return p.Name
}

// Stats counts the finished matches of a server or a user: per game, the
// matches played and per player the games, wins, average and best score
// and average time per turn. For a user, the results of their finished
// matches that were not kept (a crash right after the last move) are
// added first.
func (s *Service) Stats(ctx context.Context, req StatsRequest) ([]GameStats, error) {
	if req.UserID != "" {
		s.backfill(ctx, req.UserID)
	}
	results, err := s.store.Results(ctx, storage.ResultFilter{Server: req.Server, UserID: req.UserID})
	if err != nil {
		return nil, fmt.Errorf("bot: results: %w", err)
	}
	byGame := map[string]*GameStats{}
	players := map[string]map[string]*PlayerStats{}
	var order []string
	for _, r := range results { // newest first: names as in the latest match
		gs := byGame[r.Game]
		if gs == nil {
			name, unit, score := r.Game, "", engine.ScoreName{}
			if g, err := s.games.Get(r.Game); err == nil {
				name, unit, score = g.Info().Name, g.Info().Score.Short, g.Info().Score
			}
			gs = &GameStats{ID: r.Game, Game: name, Unit: unit, Score: score}
			byGame[r.Game], players[r.Game] = gs, map[string]*PlayerStats{}
			order = append(order, r.Game)
		}
		gs.Matches++
		withComputer := slices.ContainsFunc(r.Seats, func(s storage.ResultSeat) bool { return s.Computer != "" })
		for _, seat := range r.Seats {
			if req.UserID != "" && seat.UserID != req.UserID {
				continue
			}
			key := seat.UserID
			if seat.Computer != "" {
				key = computerPrefix + seat.Computer
			}
			p := players[r.Game][key]
			if p == nil {
				p = &PlayerStats{UserID: key, Name: seat.Name, Best: seat.Score, Computer: seat.Computer}
				if seat.Computer != "" {
					p.Name = ComputerName(seat.Computer, 1)
				}
				players[r.Game][key] = p
			}
			if p.Played == 0 {
				p.Best = seat.Score // (a player counted first for a seat left)
			}
			p.Played++
			if seat.Place == 1 {
				p.Wins++
				if withComputer && seat.Computer == "" {
					p.WinsVsComputers++
				}
			}
			p.sum += seat.Score
			p.Best = max(p.Best, seat.Score)
			p.turns += seat.Turns
			p.think += seat.Thinking
		}
		for _, part := range r.Left {
			if req.UserID != "" && part.UserID != req.UserID {
				continue
			}
			p := players[r.Game][part.UserID]
			if p == nil {
				p = &PlayerStats{UserID: part.UserID, Name: part.Name}
				players[r.Game][part.UserID] = p
			}
			if !slices.ContainsFunc(r.Seats, func(s storage.ResultSeat) bool { return s.UserID == part.UserID }) {
				p.Left++
			}
			p.turns += part.Turns
			p.think += part.Thinking
		}
	}
	out := []GameStats{}
	for _, id := range order {
		gs := byGame[id]
		for _, p := range players[id] {
			if p.Played > 0 {
				p.Average = float64(p.sum) / float64(p.Played)
			}
			if p.turns > 0 {
				p.PerTurn = p.think / time.Duration(p.turns)
			}
			gs.Players = append(gs.Players, *p)
		}
		// The people first, then the computers by level.
		slices.SortFunc(gs.Players, func(a, b PlayerStats) int {
			return cmp.Or(cmp.Compare(levelRank(a.Computer), levelRank(b.Computer)),
				cmp.Compare(b.Wins, a.Wins), cmp.Compare(b.Played, a.Played), cmp.Compare(a.Name, b.Name))
		})
		out = append(out, *gs)
	}
	slices.SortStableFunc(out, func(a, b GameStats) int { return cmp.Compare(b.Matches, a.Matches) })
	return out, nil
}

// backfill keeps the results of a user's finished matches that have none.
func (s *Service) backfill(ctx context.Context, userID string) {
	ms, err := s.UserMatches(ctx, userID)
	if err != nil {
		return
	}
	have, err := s.store.Results(ctx, storage.ResultFilter{UserID: userID})
	if err != nil {
		return
	}
	kept := map[string]bool{}
	for _, r := range have {
		kept[r.MatchID] = true
	}
	for _, m := range ms {
		if m.Status == StatusFinished && !kept[m.ID] {
			s.keepResult(ctx, m)
		}
	}
}

// levelRank orders players for statistics: people (0), then computers
// weakest first.
func levelRank(level string) int {
	if level == "" {
		return 0
	}
	if i := slices.Index(ComputerLevels, level); i >= 0 {
		return i + 1
	}
	return len(ComputerLevels) + 1
}
