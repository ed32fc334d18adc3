package brass

import (
	"testing"

	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/render"
)

func TestPhaseText(t *testing.T) {
	players := []brass.Player{{Seat: 0, VP: 90}, {Seat: 1, VP: 101}, {Seat: 2, VP: 77}}
	cases := []struct {
		name string
		v    brass.View
		want string
	}{
		{"round only", brass.View{Phase: "Canal period, round 3 of 8", Round: 3, Rounds: 8, Active: 2}, "Cy (C) to play"},
		{"actions left", brass.View{Phase: "Rail period, round 2 of 8", Round: 2, Rounds: 8, Active: 0, ActionsLeft: 2}, "Ann (A) to play, 2 actions"},
		{"one action left", brass.View{Phase: "Rail period, round 2 of 8", Round: 2, Rounds: 8, Active: 3, ActionsLeft: 1}, "Player 4 (D) to play, 1 action"},
		{"liquidation", brass.View{Phase: "Rail period, round 2 of 8: Player 1 must remove industries to pay £4", Round: 2, Rounds: 8},
			"Player 1 must remove industries to pay £4"},
		{"other label", brass.View{Phase: "Player 3 to act", Round: 5, Rounds: 8}, "Player 3 to act"},
		{"finished", brass.View{Phase: "Game over", Finished: true, Active: -1, Ranking: []int{1, 0, 2}, PlayerViews: players}, "Bob wins with 101 VP"},
	}
	for _, c := range cases {
		// Seat 3 has no name: the renderer says "Player 4".
		names := render.Scene{Names: []string{"Ann", "Bob", "Cy", ""}}
		if got := phaseText(&c.v, names.Name); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

func TestMoneyAndOrdinals(t *testing.T) {
	for n, want := range map[int]string{0: "£0", 12: "£12", -6: "−£6"} {
		if got := money(n); got != want {
			t.Errorf("money(%d) = %q, want %q", n, got, want)
		}
	}
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th"} {
		if got := ordinal(n); got != want {
			t.Errorf("ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}
