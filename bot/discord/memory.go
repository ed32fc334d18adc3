package discord

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine"
)

// jumpLink links to a match's channel: a jump link into its server when
// the match knows it, else a channel mention.
func jumpLink(server, channel string) string {
	ch := strings.TrimPrefix(channel, "discord:")
	if g, ok := strings.CutPrefix(server, "discord:"); ok && g != "" {
		return fmt.Sprintf("https://discord.com/channels/%s/%s", g, ch)
	}
	return "<#" + ch + ">"
}

// maxGamesListed bounds the matches /games lists in one message.
const maxGamesListed = 15

// games is /games: every open match the user sits in, in every server
// and channel the bot serves, the ones waiting for them first.
func (b *Bot) games(ctx context.Context, r *Request) (*Response, error) {
	list, err := b.svc.OpenGames(ctx, r.User.ID)
	if err != nil {
		return nil, err
	}
	l := r.lang()
	if len(list) == 0 {
		return private(say(l, "discord.games.none")), nil
	}
	now := b.svc.Now() // the clock the matches' times are stamped by
	var t strings.Builder
	t.WriteString(say(l, "discord.games.head", "n", l.Int(len(list))) + "\n")
	for i, g := range list {
		if i == maxGamesListed {
			t.WriteString(say(l, "discord.games.more", "n", l.Int(len(list)-i)) + "\n")
			break
		}
		kv := []string{"i", strconv.Itoa(i + 1), "game", g.Match.WordsIn(l).GameName(), "where", jumpLink(g.Server, g.Channel),
			"who", strings.Join(g.WaitingIn(l), ", "), "span", bot.WaitedPrepIn(l, g.Waited(now))}
		switch {
		case g.Status == bot.StatusLobby:
			t.WriteString(say(l, "discord.games.lobby", kv...) + "\n")
		case g.YourTurn:
			t.WriteString(say(l, "discord.games.your-turn", kv...) + "\n")
		default:
			t.WriteString(say(l, "discord.games.waiting", kv...) + "\n")
		}
	}
	return private(t.String()), nil
}

// catchup is /catchup: what happened since the user's last move in this
// channel's match, as their seat may see it, with the board and their
// hand.
func (b *Bot) catchup(ctx context.Context, r *Request) (*Response, error) {
	c, err := b.svc.CatchUp(ctx, bot.InChannel(r.key()), r.User.ID)
	if err != nil {
		return nil, err
	}
	m := c.Private.Match
	l := r.lang()
	w := m.WordsIn(l)
	var head strings.Builder
	since, moves := l.Int(int(c.Since)), strconv.Itoa(c.Moves)
	switch {
	case c.Since == 0 && c.Moves == 0:
		head.WriteString(say(l, "discord.catchup.nothing-yet"))
	case c.Since == 0:
		head.WriteString(say(l, "discord.catchup.first", "n", moves))
	case c.Moves == 0:
		head.WriteString(say(l, "discord.catchup.nothing-since", "since", since))
	default:
		head.WriteString(say(l, "discord.catchup.since", "since", since, "n", moves))
	}
	head.WriteString("\n")
	var lines []string
	// The moves are headed by the round they were played in, as the game
	// names it, whenever it changes.
	var round string
	for _, turn := range c.Turns {
		if rt, _ := w.Phrase(turn.Round); rt != "" && rt != round {
			round = rt
			lines = append(lines, clip("__"+rt+"__", 300))
		}
		// Each move is told as it was made: the seats named by whoever
		// held them then, and the reader's seat as "you" only in the moves
		// made while the reader held it (not those of its earlier player).
		tw := m.WordsAt(turn.Seq, l)
		viewer := engine.Spectator
		if m.PlayerAt(c.Seat, turn.Seq) == r.User.ID {
			viewer = c.Seat
		}
		var evs []string
		var own []bool // the seat's own private events: never left out
		for _, e := range turn.Events {
			evs = append(evs, m.NarrateIn(e, viewer, tw))
			own = append(own, e.Audience != engine.Public && e.Audience == c.Seat)
		}
		line := ""
		switch {
		case turn.Seq == 0:
			line = "- " + say(l, "discord.catchup.setup")
		case turn.Undo != 0 && turn.Seat >= 0 && turn.Seat < len(m.Seats):
			line = fmt.Sprintf("- %d. ", turn.Seq) + say(l, "discord.catchup.took-back", "who", m.SeatNameAt(turn.Seat, turn.Seq, l), "n", strconv.FormatInt(turn.Undo, 10))
		case turn.Seat >= 0 && turn.Seat < len(m.Seats):
			line = fmt.Sprintf("- %d. **%s** `%s`", turn.Seq, m.SeatNameAt(turn.Seat, turn.Seq, l), turn.Move)
		}
		if len(evs) > 0 {
			// Each move's line has 300 characters; events that do not fit
			// are left out whole, the reader's own never.
			line = pair(l, line, eventLine(tw, evs, own, 300-utf8.RuneCountInString(line)-2))
		}
		lines = append(lines, line)
	}
	tail := "\n" + statusLineIn(m, l)
	if m.GameRules().Info().PrivateInfo {
		tail += "\n" + say(l, "discord.hand.cards", "cards", handText(w, c.Private.Holding.Cards))
	}
	// The latest moves matter most: when all do not fit, the earliest go.
	budget := 1900 - head.Len() - len(tail)
	cut := 0
	for size := total(lines); size > budget && cut < len(lines); cut++ {
		size -= len(lines[cut]) + 1
	}
	text := head.String()
	if cut > 0 {
		text += "- " + say(l, "discord.catchup.earlier", "count", strconv.Itoa(cut)) + "\n"
	}
	text += strings.Join(lines[cut:], "\n") + tail
	resp := privateResponse(privateData(text))
	resp.Pictures = b.imagesIn(m, c.Seat, l)
	return resp, nil
}

func total(lines []string) int {
	n := 0
	for _, l := range lines {
		n += len(l) + 1
	}
	return n
}
