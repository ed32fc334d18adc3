package bot

import (
	"cmp"
	"context"
	"slices"
	"time"

	"github.com/smokestack/smokestack/engine/lang"
)

// OpenGame is one open match a user sits in, as /games lists it.
type OpenGame struct {
	Match Match `json:"-"`
	// ID, Game (the game's display name), Channel and Server say where it
	// is played; Status is lobby or active.
	ID      string `json:"id"`
	Game    string `json:"game"`
	Channel string `json:"channel"`
	Server  string `json:"server,omitempty"`
	Status  Status `json:"status"`
	Seat    int    `json:"seat"` // the user's seat, 0-based
	// YourTurn is set when the match waits for the user (one of the
	// seats that must decide now).
	YourTurn bool `json:"yourTurn"`
	// Waiting names the players the match waits for (the active seats;
	// in a lobby, its creator, who can start it), as stored: WaitingIn
	// words a computer's name in a language.
	Waiting []string `json:"waiting"`
	// Since is when the match last changed, so it has waited since then.
	Since time.Time `json:"since"`
}

// WaitingIn is Waiting in l: a computer's name worded in l
// (PlayerNameIn), a person's as it is.
func (g OpenGame) WaitingIn(l lang.Lang) []string {
	out := make([]string, len(g.Waiting))
	for i, n := range g.Waiting {
		out[i] = PlayerNameIn(l, n)
	}
	return out
}

// Waited is how long the match has waited at now.
func (g OpenGame) Waited(now time.Time) time.Duration { return max(0, now.Sub(g.Since)) }

// OpenGames lists every open match (lobby or being played) the user sits
// in, wherever it is played: first those waiting for the user, then the
// others, each group longest waiting first. A match whose stored data
// cannot be read is left out and logged (RecentMatches).
func (s *Service) OpenGames(ctx context.Context, userID string) ([]OpenGame, error) {
	ms, err := s.UserMatches(ctx, userID)
	if err != nil {
		return nil, err
	}
	out := []OpenGame{}
	for _, m := range ms {
		if !m.Status.Open() {
			continue
		}
		seat := m.SeatOf(userID)
		if seat < 0 || m.Seats[seat].Left {
			continue
		}
		g := OpenGame{Match: m, ID: m.ID, Game: m.game.Info().Name, Channel: m.Channel, Server: m.Server,
			Status: m.Status, Seat: seat, YourTurn: m.IsActive(seat), Since: m.Updated, Waiting: []string{}}
		if m.Status == StatusLobby {
			if c := m.SeatOf(m.Creator); c >= 0 {
				g.Waiting = append(g.Waiting, m.Seats[c].Name)
			}
		} else if m.Play != nil {
			for _, a := range m.Play.Active {
				if a >= 0 && a < len(m.Seats) {
					g.Waiting = append(g.Waiting, m.Seats[a].Name)
				}
			}
		}
		out = append(out, g)
	}
	slices.SortStableFunc(out, func(a, b OpenGame) int {
		if a.YourTurn != b.YourTurn {
			if a.YourTurn {
				return -1
			}
			return 1
		}
		return cmp.Or(a.Since.Compare(b.Since), cmp.Compare(a.ID, b.ID))
	})
	return out, nil
}
