package discord

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/engine"
)

// wide is a test game whose one decision has 120 options, more than the
// 100 a picker page can show; it ends after four moves.
type wide struct{}

type wideState struct {
	Turn  int      `json:"turn"`
	Moves []string `json:"moves"`
}

func (wide) Info() engine.Info {
	return engine.Info{ID: "wide", Name: "Wide", MinSeats: 2, MaxSeats: 2, RulesVersion: 1, OldestRulesVersion: 1,
		Score: engine.ScoreName{Name: "points", Short: "pts"}}
}
func (wide) Holding(engine.State, int) engine.Holding { return engine.Holding{Cards: []engine.Card{}} }
func (wide) Setup(engine.Setup) (engine.State, []engine.Event, error) {
	return &wideState{}, nil, nil
}

func (w wide) Choices(s engine.State, seat int, m engine.Move) (engine.Choices, error) {
	st := s.(*wideState)
	if seat != st.Turn || len(st.Moves) >= 4 {
		return engine.Choices{}, engine.ErrNotYourTurn
	}
	switch len(m) {
	case 0:
		ch := engine.Choices{Prompt: "Which?"}
		for i := range 120 {
			ch.Next = append(ch.Next, engine.Choice{Token: fmt.Sprintf("t%03d", i), Label: fmt.Sprintf("Option %d", i)})
		}
		return ch, nil
	case 1:
		var n int
		if _, err := fmt.Sscanf(m[0], "t%03d", &n); err != nil || n < 0 || n >= 120 {
			return engine.Choices{}, engine.Rule("wide.token", "wide", "no option %q", m[0])
		}
		return engine.Choices{Complete: true}, nil
	}
	return engine.Choices{}, engine.Rule("wide.long", "wide", "one word only")
}

func (w wide) Apply(s engine.State, seat int, m engine.Move) (engine.State, []engine.Event, error) {
	ch, err := w.Choices(s, seat, m)
	if err != nil {
		return nil, nil, err
	}
	if !ch.Complete {
		return nil, nil, engine.ErrIncompleteMove
	}
	st := s.(*wideState)
	n := &wideState{Turn: 1 - st.Turn, Moves: append(append([]string(nil), st.Moves...), m[0])}
	return n, []engine.Event{{Audience: engine.Public, Seat: seat, Kind: "pick", Text: fmt.Sprintf("seat %d picks %s", seat+1, m[0])}}, nil
}

func (wide) View(s engine.State, seat int) engine.View { return *s.(*wideState) }

func (wide) Status(s engine.State) engine.Status {
	st := s.(*wideState)
	out := engine.Status{Phase: fmt.Sprintf("move %d of 4", len(st.Moves)+1),
		Seats: []engine.SeatStatus{{Seat: 0}, {Seat: 1}}}
	if len(st.Moves) >= 4 {
		out.Finished, out.Ranking = true, []int{0, 1}
	} else {
		out.Active = []int{st.Turn}
	}
	return out
}

func (wide) ParseMove(text string) (engine.Move, error) {
	m := engine.Move(strings.Fields(strings.ToLower(text)))
	if len(m) == 0 {
		return nil, engine.Rule("wide.empty", "wide", "empty move")
	}
	return m, nil
}
func (wide) FormatMove(m engine.Move) string { return strings.Join(m, " ") }
func (g wide) DefaultMove(st engine.State, seat int) (engine.Move, error) {
	return engine.DefaultByChoices(g, st, seat, nil, nil)
}
func (wide) Revealed(a, b engine.State) bool { return false }
func (wide) Determinize(s engine.State, seat int, rng *engine.RNG) engine.State {
	return s // nothing hidden, no random generator
}
func (wide) MarshalState(s engine.State) ([]byte, error) { return json.Marshal(s) }
func (wide) UnmarshalState(b []byte) (engine.State, error) {
	var st wideState
	return &st, json.Unmarshal(b, &st)
}

// A decision with more options than one picker page: the options are
// spread over select menus of 25 (within Discord's five rows) and a "More
// choices" button pages on; a game without a renderer posts text only.
func TestPickerPages(t *testing.T) {
	h := newHarness(t, harnessOpts{mode: ModeGateway, games: []engine.Game{wide{}}})
	h.cmd(alice, room, "play", fakediscord.Str("game", "wide"))
	h.click(bob, room, "Join")
	h.click(alice, room, "Start")
	r := h.click(alice, room, "Take your turn")
	must(t, len(r.Components) == 4, "first page: %d rows", len(r.Components))
	for _, row := range r.Components[:3] {
		must(t, len(row.Components) == 1 && len(row.Components[0].Options) == 25, "a page row: %+v", row)
	}
	r = h.click(alice, room, "More choices")
	must(t, len(r.Components) == 3 && len(r.Components[1].Components[0].Options) == 20, "second page: %+v", r.Components)
	r = h.click(alice, room, "More choices") // round to the first page
	must(t, len(r.Components) == 4 && r.Components[0].Components[0].Options[0].Value == "t000", "first page again: %+v", r.Components)
	h.click(alice, room, "More choices")
	m, menu, ok := h.fd.SelectMenu(room, alice)
	must(t, ok, "no menu")
	_, menu2 := m.Components[1], m.Components[1].Components[0]
	must(t, menu.CustomID != menu2.CustomID, "select IDs must differ")
	if _, _, err := h.fd.Select(alice, m, menu2.CustomID, "t119"); err != nil {
		t.Fatal(err)
	}
	h.idle()
	h.click(alice, room, "Confirm")
	es := h.fd.Entries(room)
	last := es[len(es)-2].Message // the board post, then the ping
	must(t, strings.Contains(last.Content, "alice picks t119") && len(last.Files) == 0, "board post: %+v", last)
	h.noViolations()
}
