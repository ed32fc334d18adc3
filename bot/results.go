package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/render"
)

// SeatResult is one seat's line of a result: its place, its score and
// the score by the game's scoring categories.
type SeatResult struct {
	Place int    `json:"place"` // 1 for the winner; by score while the game runs
	Seat  int    `json:"seat"`
	Name  string `json:"name"`
	Score int    `json:"score"`
	// Breakdown lists the categories the seat scored in (engine
	// SeatStatus.Breakdown without the zeros), in the game's order.
	Breakdown []engine.Stat `json:"breakdown"`
}

// Results ranks the seats of a started match: by the final ranking once
// the game is over, else by score (ties in seat order). Nil in a lobby.
func (m Match) Results() []SeatResult {
	if m.Play == nil {
		return nil
	}
	order := make([]int, 0, len(m.Play.Seats))
	if m.Play.Finished && len(m.Play.Ranking) == len(m.Play.Seats) {
		order = append(order, m.Play.Ranking...)
	} else {
		for i := range m.Play.Seats {
			order = append(order, i)
		}
		for i := 1; i < len(order); i++ {
			for j := i; j > 0 && m.Play.Seats[order[j]].Score > m.Play.Seats[order[j-1]].Score; j-- {
				order[j], order[j-1] = order[j-1], order[j]
			}
		}
	}
	out := make([]SeatResult, 0, len(order))
	for k, seat := range order {
		if seat < 0 || seat >= len(m.Play.Seats) || seat >= len(m.Seats) {
			continue
		}
		ss := m.Play.Seats[seat]
		r := SeatResult{Place: k + 1, Seat: seat, Name: m.Seats[seat].Name, Score: ss.Score, Breakdown: []engine.Stat{}}
		for _, b := range ss.Breakdown {
			if b.Value != 0 {
				r.Breakdown = append(r.Breakdown, b)
			}
		}
		out = append(out, r)
	}
	return out
}

// ScoreText is a score with the game's name for it: "12 VP".
func (m Match) ScoreText(score int) string {
	return m.game.Info().Score.Of(score)
}

// NameIn is the result's player's name in l: a computer's worded in l
// (PlayerNameIn), a person's as it is.
func (r SeatResult) NameIn(l lang.Lang) string { return PlayerNameIn(l, r.Name) }

// BreakdownText is a result's breakdown as one line: "Canal links 5,
// Money (£10 each) 3"; empty when the seat scored nothing.
func (r SeatResult) BreakdownText() string {
	parts := make([]string, len(r.Breakdown))
	for i, b := range r.Breakdown {
		parts[i] = b.Label + " " + b.Shown()
	}
	return strings.Join(parts, ", ")
}

// RecordFile names a match's record file: smokestack-<game>-<match>.txt,
// in letters, digits and dashes only.
func (m Match) RecordFile() string {
	safe := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' {
				return r
			}
			return '-'
		}, s)
	}
	return "smokestack-" + safe(m.Game) + "-" + safe(m.ID) + ".txt"
}

// RecordPrivate reports whether a match's record must be shown only to
// whoever asked for it: while the match is being played the record's seed
// pins every card still to be drawn and every seat's hand, so it is
// hidden information until the game is over.
func (m Match) RecordPrivate() bool {
	return m.Status.Open()
}

// RoundScores are a match's scores round by round, for its score chart.
type RoundScores struct {
	// Scores are each seat's score at the start (row 0) and at the end of
	// every round (row r after round r, engine.Status.Round).
	Scores [][]int
	// Rounds name the rows as the game names its rounds
	// (engine.Status.RoundName): Rounds[r] is round r, Rounds[0] is zero
	// (the start). A round the replay never stood in is zero too.
	Rounds []engine.Phrase
}

// ScoreHistory replays a started match and returns each seat's score at
// the start and at the end of every round, with the rounds' names: a
// move counts in the round it was played in, so the scoring that closes
// a round or period shows in that round. A round in which no move was
// played repeats the row before it; the round being played shows the
// scores so far.
func (s *Service) ScoreHistory(ctx context.Context, r Ref) (RoundScores, Match, error) {
	m, err := s.Get(ctx, r)
	if err != nil {
		return RoundScores{}, Match{}, err
	}
	if m.state == nil {
		return RoundScores{}, m, m.notActive()
	}
	res, err := s.replay(ctx, m, engine.KeepStates())
	if err != nil {
		return RoundScores{}, m, err
	}
	// row is a position's scores, its round and the round's name.
	row := func(st engine.State) ([]int, int, engine.Phrase) {
		status := m.game.Status(st)
		out := make([]int, len(m.Seats))
		for _, ss := range status.Seats {
			if ss.Seat >= 0 && ss.Seat < len(out) {
				out[ss.Seat] = ss.Score
			}
		}
		return out, max(1, status.Round), status.RoundName
	}
	su := m.setup()
	st0, _, err := m.game.Setup(su)
	if err != nil {
		return RoundScores{}, m, &Error{Kind: KindDamaged, MatchID: m.ID, Who: m.creatorName(), Detail: "replay match " + m.ID, Err: err}
	}
	scores, round, name := row(st0)
	out := RoundScores{Scores: [][]int{scores}, Rounds: []engine.Phrase{{}}}
	for _, p := range res.Moves {
		for len(out.Scores) <= round {
			out.Scores = append(out.Scores, out.Scores[len(out.Scores)-1])
			out.Rounds = append(out.Rounds, engine.Phrase{})
		}
		out.Rounds[round] = name
		out.Scores[round], round, name = row(p.State) // round: the one the next move is played in
	}
	return out, m, nil
}

// StartLabel names row 0 of a score chart, the start, on its axis.
const StartLabel = "start"

// chartSeat keys a match's score chart in the image cache, apart from
// every seat's board.
const chartSeat = -1000

// ScoreChart draws the scores of a started match over its rounds
// (render.ScoreChartImage), cached per match version.
func (s *Service) ScoreChart(ctx context.Context, r Ref) (render.Image, Match, error) {
	return s.ScoreChartIn(ctx, r, "")
}

// ScoreChartIn is ScoreChart with its words in l; empty l is the match's
// language.
func (s *Service) ScoreChartIn(ctx context.Context, r Ref, l lang.Lang) (render.Image, Match, error) {
	m, err := s.Get(ctx, r)
	if err != nil {
		return render.Image{}, Match{}, err
	}
	if !l.Valid() {
		l = m.lang()
	}
	key := boardKey{m.ID, m.Version, chartSeat, l}
	if imgs, ok := s.boards.get(key); ok && len(imgs) == 1 {
		return imgs[0], m, nil
	}
	c, m, err := s.ScoreChartDataIn(ctx, ByID(m.ID), l)
	if err != nil {
		return render.Image{}, m, err
	}
	img, err := render.ScoreChartImage(c)
	if err != nil {
		return render.Image{}, m, fmt.Errorf("bot: score chart of %s: %w", m.ID, err)
	}
	s.boards.put(key, []render.Image{img})
	return img, m, nil
}

// ScoreChartData is what ScoreChart draws: the scores over the rounds,
// the axis labelled with the rounds' short names and titled with what
// the game calls its rounds (engine.Info.Rounds).
func (s *Service) ScoreChartData(ctx context.Context, r Ref) (render.ScoreChart, Match, error) {
	return s.ScoreChartDataIn(ctx, r, "")
}

// ScoreChartDataIn is ScoreChartData worded in l; empty l is the match's
// language.
func (s *Service) ScoreChartDataIn(ctx context.Context, r Ref, l lang.Lang) (render.ScoreChart, Match, error) {
	hist, m, err := s.ScoreHistory(ctx, r)
	if err != nil {
		return render.ScoreChart{}, m, err
	}
	if !l.Valid() {
		l = m.lang()
	}
	w := m.WordsIn(l)
	info := m.game.Info()
	// The axis names the rounds as the game does (their short forms).
	labels := make([]string, len(hist.Rounds))
	for i, p := range hist.Rounds {
		_, labels[i] = w.Phrase(p)
	}
	labels[0] = Say(l, "chart.start")
	steps, _ := w.Phrase(info.Rounds)
	if steps == "" {
		steps = Say(l, "chart.rounds")
	}
	return render.ScoreChart{
		Title: Say(l, "chart.title", "game", w.GameName(), "score", w.ScoreName()), Unit: w.ScoreShort(), Steps: steps,
		Names: m.NamesIn(l), Lang: l, ScoreText: w.Score, Scores: hist.Scores, Labels: labels,
	}, m, nil
}

// replay plays a match's setup and log again (engine.Replay).
func (s *Service) replay(ctx context.Context, m Match, opts ...engine.ReplayOption) (engine.Result, error) {
	log, err := s.Log(ctx, ByID(m.ID), 0)
	if err != nil {
		return engine.Result{}, err
	}
	su := m.setup()
	rec := engine.Record{Game: m.game.Info().ID, Rules: su.RulesVersion, Seed: su.Seed, Seats: su.Seats, Options: su.Options, Pins: su.Pins}
	rec.Moves = recordMoves(log)
	res, err := engine.Replay(m.game, rec, opts...)
	if err != nil {
		return engine.Result{}, &Error{Kind: KindDamaged, MatchID: m.ID, Who: m.creatorName(), Detail: "replay match " + m.ID, Err: err}
	}
	return res, nil
}

// RecentIn is the open match of a channel or, when it has none, the
// latest match the user sat in there (a finished one, say, whose record
// they want): ErrNoMatch when there is neither.
func (s *Service) RecentIn(ctx context.Context, channel, userID string) (Match, error) {
	m, err := s.Get(ctx, InChannel(channel))
	if err == nil || !errors.Is(err, ErrNoMatch) {
		return m, err
	}
	ms, lerr := s.UserMatches(ctx, userID)
	if lerr != nil {
		return Match{}, lerr
	}
	for _, um := range ms {
		if um.Channel == channel {
			return um, nil
		}
	}
	return Match{}, err
}

// BreakdownTextIn is BreakdownText worded by w: each category's label and
// points in w's language (engine.Words.BreakdownLabel, BreakdownValue).
func (r SeatResult) BreakdownTextIn(w engine.Words) string {
	parts := make([]string, len(r.Breakdown))
	for i, b := range r.Breakdown {
		parts[i] = w.BreakdownLabel(b) + " " + w.BreakdownValue(b)
	}
	return strings.Join(parts, ", ")
}
