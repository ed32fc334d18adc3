package discord

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/smokestack/smokestack/bot"
)

// Computer players on Discord: the lobby's buttons and /play's options
// that seat them, the delivery of their moves (made by the core's turn
// clock, bot.ReminderComputer) as moves, and the wake-up of the clock
// when a computer's move is due sooner than its next round.

// computerAction is a lobby button's verb: "cpu-easy" adds a computer at
// that level, "cpu-remove" takes the last one out.
const (
	computerAdd    = "cpu-"
	computerRemove = "cpu-remove"
)

// computerRow is the lobby's second row of buttons: a computer per level,
// and taking the last one out.
func computerRow(m bot.Match) discordgo.ActionsRow {
	var row []discordgo.MessageComponent
	_, hi := m.SeatRange()
	ml := m.Words().Lang
	for _, l := range bot.ComputerLevels {
		row = append(row, discordgo.Button{Label: say(ml, "discord.lobby.add-computer", "level", say(ml, "computer.level."+l)), Style: discordgo.SecondaryButton,
			CustomID: customID{Action: "lobby", Match: m.ID, Arg: computerAdd + l}.String(), Disabled: len(m.Seats) >= hi})
	}
	has := false
	for _, st := range m.Seats {
		has = has || st.Computer != ""
	}
	row = append(row, discordgo.Button{Label: say(ml, "discord.lobby.remove-computer"), Style: discordgo.SecondaryButton,
		CustomID: customID{Action: "lobby", Match: m.ID, Arg: computerRemove}.String(), Disabled: !has})
	return discordgo.ActionsRow{Components: row}
}

// computerButton adds or removes a computer in a lobby (its creator).
func (b *Bot) computerButton(ctx context.Context, r *Request, c customID) (*Response, error) {
	ref := bot.ByID(c.Match)
	var (
		m   bot.Match
		err error
	)
	if c.Arg == computerRemove {
		cur, gerr := b.svc.Get(ctx, ref)
		if gerr != nil {
			return nil, gerr
		}
		last := -1
		for i, st := range cur.Seats {
			if st.Computer != "" {
				last = i
			}
		}
		m, err = b.svc.RemoveComputer(ctx, ref, r.User.ID, last)
	} else {
		m, err = b.svc.AddComputer(ctx, ref, r.User.ID, strings.TrimPrefix(c.Arg, computerAdd))
	}
	if err != nil {
		return nil, err
	}
	return &Response{Type: discordgo.InteractionResponseUpdateMessage, Data: lobbyMessage(m)}, nil
}

// playComputers reads /play's computers and level options: how many
// computers to seat and at which level. It refuses, before the lobby
// opens, more than the seats beside the creator's.
func playComputers(r *Request, hi int) (n int, level string, err error) {
	opts := options(r)
	level = bot.DefaultComputerLevel
	if o, ok := opts["level"]; ok {
		if level, err = bot.ParseComputerLevel(o.StringValue()); err != nil {
			return 0, "", err
		}
		n = 1
	}
	if o, ok := opts["computers"]; ok {
		n = int(o.IntValue())
	}
	if n < 0 || n > hi-1 {
		return 0, "", refusal(bot.KindLobbyFull, "discord.detail.computers", "hi", strconv.Itoa(hi), "most", strconv.Itoa(hi-1), "n", strconv.Itoa(n))
	}
	return n, level, nil
}

// postComputerMoves shows a computer's moves as moves, from the turn
// clock: a line for each, the board once a new turn begins, the ping of
// the person who must act next (never of a computer), and the results
// when the game ends.
func (b *Bot) postComputerMoves(ctx context.Context, channel string, moves []bot.Outcome) {
	send := func(d *discordgo.InteractionResponseData) {
		_, err := b.api.ChannelMessageSendComplex(channel, &discordgo.MessageSend{
			Content: d.Content, Components: d.Components, Files: d.Files, AllowedMentions: d.AllowedMentions, Flags: d.Flags,
		}, discordgo.WithContext(ctx))
		if err != nil {
			b.log.ErrorContext(ctx, "bot: computer move not posted", "channel", channel, "err", b.redactErr(err))
		}
	}
	for _, o := range moves {
		post, pics := narrationLine(o), pictures(nil)
		if o.NewTurn {
			post, pics = b.turnPost(o, "")
		}
		if pics != nil {
			files, err := pics(ctx)
			if err != nil {
				b.log.ErrorContext(ctx, "bot: drawing failed", "match", o.Match.ID, "err", b.redactErr(err))
			}
			post.Files = files
		}
		send(post)
		if ping := turnPing(o.Match, o.Notify); ping != nil {
			send(ping)
		}
		if gameOver(o.Match) {
			send(b.resultsPost(ctx, nil, o.Match))
		}
		b.wake(o.Match)
	}
}

// waker holds the earliest time the clock must run for a computer's
// move, sooner than its next round (Config.ClockEvery).
type waker struct {
	mu sync.Mutex
	at time.Time
	ch chan struct{}
}

// wake asks the clock to run when the next computer's move in m is due,
// so that it comes after the pause (bot.Config.ComputerDelay) rather than
// at the clock's next round. Without a running clock (tests drive it by
// hand) it does nothing.
func (b *Bot) wake(m bot.Match) {
	at := b.svc.ComputerDue(m)
	if at.IsZero() {
		return
	}
	w := &b.waker
	w.mu.Lock()
	if w.at.IsZero() || at.Before(w.at) {
		w.at = at
	}
	ch := w.ch
	w.mu.Unlock()
	if ch != nil {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

// wakeTimer is a timer for the earliest wake-up asked for (nil for none).
func (b *Bot) wakeTimer() <-chan time.Time {
	w := &b.waker
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.at.IsZero() {
		return nil
	}
	return time.After(max(0, w.at.Sub(b.svc.Now())))
}

// woken clears the wake-up that has come.
func (b *Bot) woken() {
	w := &b.waker
	w.mu.Lock()
	w.at = time.Time{}
	w.mu.Unlock()
}

// computerLevel is an option that picks a computer's level.
func computerLevel(name, desc string) *discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: desc}
	for _, l := range bot.ComputerLevels {
		o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: l, Value: l})
	}
	return o
}

// finishButton lets the computers finish a match about to end as
// abandoned (the button on the warning; any of its players).
func (b *Bot) finishButton(ctx context.Context, r *Request, c customID) (*Response, error) {
	m, err := b.svc.ComputersFinish(ctx, bot.ByID(c.Match), r.User.ID, "")
	if err != nil {
		return nil, err
	}
	b.wake(m)
	l := m.Words().Lang
	text := say(l, "discord.remind.finished-by", "who", r.User.Name, "level", say(l, "computer.level."+bot.DefaultComputerLevel))
	return &Response{Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{Content: clip(text, 2000), Components: []discordgo.MessageComponent{}, AllowedMentions: noPings()}}, nil
}
