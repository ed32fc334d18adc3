package discord

import (
	"context"
	"fmt"
	"slices"
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
// hand. The core leaves out moves taken back and their undos, and a
// public event the seat also read privately (bot.CatchUp).
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
	var lines []catchupLine
	// The moves are headed by the round they were played in, as the game
	// names it, whenever it changes.
	var round string
	for _, turn := range c.Turns {
		if rt, _ := w.Phrase(turn.Round); rt != "" && rt != round {
			round = rt
			lines = append(lines, catchupLine{text: clip("__"+rt+"__", 300)})
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
		case turn.Seat >= 0 && turn.Seat < len(m.Seats):
			line = fmt.Sprintf("- %d. **%s** `%s`", turn.Seq, m.SeatNameAt(turn.Seat, turn.Seq, l), turn.Move)
		}
		cl := catchupLine{text: line}
		if len(evs) > 0 {
			// Each move's line has 300 characters; events that do not fit
			// are left out whole, the reader's own never.
			cl.text = pair(l, line, eventLine(tw, evs, own, 300-utf8.RuneCountInString(line)-2))
			if slices.Contains(own, true) {
				// Only the seat's own events, the others left out ("…").
				cl.own = pair(l, line, eventLine(tw, evs, own, 0))
			}
		}
		lines = append(lines, cl)
	}
	tail := "\n" + statusLineIn(m, l)
	if m.GameRules().Info().PrivateInfo {
		tail += "\n" + say(l, "discord.hand.cards", "cards", handText(w, c.Private.Holding.Cards))
	}
	kept, cut := fitCatchup(lines, 1900-head.Len()-len(tail))
	text := head.String()
	if cut > 0 {
		text += "- " + say(l, "discord.catchup.earlier", "count", strconv.Itoa(cut)) + "\n"
	}
	text += strings.Join(kept, "\n") + tail
	resp := privateResponse(privateData(text))
	resp.Pictures = b.imagesIn(m, c.Seat, l)
	return resp, nil
}

// catchupLine is one line of /catchup: a round's heading or a move with
// what the reader may see of it.
type catchupLine struct {
	text string
	// own is the move's line with only the events the reader's seat alone
	// saw (the cards it drew), the others left out; empty when it has none.
	own string
}

// fitCatchup fits /catchup's lines into budget bytes. The latest moves
// matter most: when all do not fit, the earliest lines go, but a move
// with events the reader's seat alone saw keeps them (catchupLine.own),
// since nothing else tells them (a board shows no card drawn and played
// since). Only when those alone run past the budget do the earliest of
// them go too. It returns the lines kept and how many went.
func fitCatchup(lines []catchupLine, budget int) (kept []string, cut int) {
	text := make([]string, len(lines))
	size := 0
	for i, l := range lines {
		text[i] = l.text
		size += len(l.text) + 1
	}
	for i := 0; size > budget && i < len(lines); i++ {
		if own := lines[i].own; own != "" {
			size -= len(text[i]) - len(own)
			text[i] = own
		} else {
			size -= len(text[i]) + 1
			text[i] = ""
		}
	}
	for i := 0; size > budget && i < len(lines); i++ {
		if text[i] != "" {
			size -= len(text[i]) + 1
			text[i] = ""
		}
	}
	for _, t := range text {
		if t == "" {
			cut++
		} else {
			kept = append(kept, t)
		}
	}
	return kept, cut
}
