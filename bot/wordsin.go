package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/render"
)

// Texts of a match in a reader's language, for front ends that word a
// match per reader (the playground: docs/i18n.md). English is the
// functions without In, unchanged.

// langSlot keys what is drawn for a language in the image cache: the
// seat (or chartSeat) moved into a range of its own per language, so a
// German board and an English one of the same version never share an
// entry. English keeps the plain seat, shared with Render and ScoreChart.
func langSlot(seat int, l lang.Lang) int {
	i := slices.Index(lang.Supported, l)
	if i <= 0 {
		return seat
	}
	return seat + i*100_000
}

// RenderIn is Render with the images' words (titles, legends, period
// and phase names) in language l (render.Scene.Lang), cached per language.
func (s *Service) RenderIn(m Match, seat int, l lang.Lang) ([]render.Image, error) {
	if !l.Valid() || l == lang.English {
		return s.Render(m, seat)
	}
	if m.state == nil {
		return nil, m.notActive()
	}
	if seat != engine.Spectator && (seat < 0 || seat >= len(m.Seats)) {
		return nil, noSeat(seat)
	}
	if s.renderers == nil {
		return nil, fmt.Errorf("%w %q", render.ErrNoRenderer, m.Game)
	}
	key := boardKey{m.ID, m.Version, langSlot(seat, l)}
	if imgs, ok := s.boards.get(key); ok {
		return imgs, nil
	}
	imgs, err := s.renderers.Images(m.Game, render.Scene{View: m.game.View(m.state, seat), Seat: seat, Names: m.Names(), Lang: l})
	if err != nil {
		return nil, fmt.Errorf("bot: render match %s: %w", m.ID, err)
	}
	s.boards.put(key, imgs)
	return imgs, nil
}

// noSeat is the refusal of a seat the match does not have (seat
// 0-based), as Render words it.
func noSeat(seat int) error {
	return detailed(KindInvalid, "no-seat", "seat", fmt.Sprint(seat+1))
}

// RoundWordsIn is RoundWords in the reader's language: the round's name
// and its stage by the game's catalog (engine.Words.Phrase).
func RoundWordsIn(w engine.Words, round, stage engine.Phrase) string {
	r, _ := w.Phrase(round)
	if stage.IsZero() || stage.Text == "" {
		return r
	}
	st, _ := w.Phrase(stage)
	if r == "" {
		return st
	}
	return r + ", " + st
}

// ScoreChartIn is ScoreChart in language l: the title, the rounds' short
// names and what the game calls its rounds by the game's catalog, start
// as start names the first row; cached per language.
func (s *Service) ScoreChartIn(ctx context.Context, r Ref, l lang.Lang, start string) (render.Image, Match, error) {
	if !l.Valid() || l == lang.English {
		return s.ScoreChart(ctx, r)
	}
	m, err := s.Get(ctx, r)
	if err != nil {
		return render.Image{}, Match{}, err
	}
	key := boardKey{m.ID, m.Version, langSlot(chartSeat, l)}
	if imgs, ok := s.boards.get(key); ok && len(imgs) == 1 {
		return imgs[0], m, nil
	}
	hist, m, err := s.ScoreHistory(ctx, ByID(m.ID))
	if err != nil {
		return render.Image{}, m, err
	}
	info := m.game.Info()
	w := engine.WordsFor(info, l, m.Names())
	labels := make([]string, len(hist.Rounds))
	for i, p := range hist.Rounds {
		_, labels[i] = w.Phrase(p)
	}
	labels[0] = start
	steps, _ := w.Phrase(info.Rounds)
	if strings.TrimSpace(steps) == "" {
		steps = info.Rounds.Text
	}
	name := w.ScoreName()
	c := render.ScoreChart{Title: w.GameName() + ": " + name, Unit: name, Steps: steps,
		Names: m.Names(), Scores: hist.Scores, Labels: labels}
	img, err := render.ScoreChartImage(c)
	if err != nil {
		return render.Image{}, m, fmt.Errorf("bot: score chart of %s: %w", m.ID, err)
	}
	s.boards.put(key, []render.Image{img})
	return img, m, nil
}
