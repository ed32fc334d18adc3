package discord

import (
	"context"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine/lang"
)

// undoButtons is the "Undo" button for the mover's confirmation of a move
// (none once the game is over).
func undoButtons(o bot.Outcome, l lang.Lang) []discordgo.MessageComponent {
	if !inPlay(o.Match) || o.Seat < 0 {
		return nil
	}
	return []discordgo.MessageComponent{discordgo.Button{Label: say(l, "discord.undo.button"), Style: discordgo.SecondaryButton,
		CustomID: customID{Action: "undo", Match: o.Match.ID, Version: o.Match.Moves}.String()}}
}

// undoRow is undoButtons in a row of its own (an empty list for none, so
// that an update removes the picker's components).
func undoRow(o bot.Outcome, l lang.Lang) []discordgo.MessageComponent {
	bs := undoButtons(o, l)
	if len(bs) == 0 {
		return []discordgo.MessageComponent{}
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: bs}}
}

// undo is /undo: take back your last move, at once or by asking the
// others.
func (b *Bot) undo(ctx context.Context, r *Request) (*Response, error) {
	u, err := b.svc.Undo(ctx, bot.UndoRequest{Ref: bot.InChannel(r.key()), UserID: r.User.ID, RequestID: r.I.ID})
	if err != nil {
		return nil, err
	}
	if u.Duplicate {
		return &Response{None: true}, nil
	}
	if u.Open {
		return private(b.undoOpen(ctx, r, u)), nil
	}
	post, pics, after := b.undoPosts(r, u)
	return &Response{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: post, Pictures: pics, After: after}, nil
}

// undoOpen tells the mover, privately, that their request is open
// already: whom it waits for, and a link to it when it is among the
// channel's latest messages. The request was posted and pinged once;
// asking again neither posts nor pings.
func (b *Bot) undoOpen(ctx context.Context, r *Request, u bot.UndoOutcome) string {
	m, l := u.Match, r.lang()
	var names []string
	for _, s := range u.Vote.Waiting {
		names = append(names, m.Seats[s].NameIn(l))
	}
	text := say(l, "discord.undo.open-already", "move", u.Vote.Move, "n", strconv.FormatInt(u.Vote.Target, 10), "names", strings.Join(names, ", "))
	g, ok := strings.CutPrefix(m.Server, "discord:")
	if !ok || g == "" {
		return text
	}
	channel := matchChannel(m, r)
	if msg := b.messageWith(ctx, m.ID, channel, undoAgreeID(m.ID, u.Vote.Target)); msg != nil {
		return text + "\n" + say(l, "discord.undo.open-link", "link", "https://discord.com/channels/"+g+"/"+channel+"/"+msg.ID)
	}
	return text
}

// undoButton is "Undo" under the mover's confirmation: the same as /undo
// for the move it confirmed; the public posts follow the updated
// confirmation.
func (b *Bot) undoButton(ctx context.Context, r *Request, c customID) (*Response, error) {
	u, err := b.svc.Undo(ctx, bot.UndoRequest{Ref: bot.ByID(c.Match), UserID: r.User.ID, RequestID: r.I.ID, Target: c.Version})
	if err != nil {
		return nil, err
	}
	if u.Duplicate {
		return &Response{None: true}, nil
	}
	if u.Open {
		return &Response{Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{Content: b.undoOpen(ctx, r, u), Components: []discordgo.MessageComponent{}, AllowedMentions: noPings()}}, nil
	}
	post, pics, after := b.undoPosts(r, u)
	text := say(r.lang(), "discord.undo.you-took-back", "move", u.Taken)
	if !u.Undone {
		text = say(r.lang(), "discord.undo.you-asked", "move", u.Taken)
	}
	return &Response{Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{Content: text, Components: []discordgo.MessageComponent{}, AllowedMentions: noPings()},
		After: func(ctx context.Context, p *poster) {
			p.send(ctx, matchChannel(u.Match, r), b.withPictures(ctx, r, post, pics))
			if after != nil {
				after(ctx, p)
			}
		}}, nil
}

// undoPosts are the public answers to a request to take a move back: the
// board post saying so, its pictures and the ping of whoever must act
// now; or the request with Approve and Reject buttons, which pings the
// players asked.
func (b *Bot) undoPosts(r *Request, u bot.UndoOutcome) (*discordgo.InteractionResponseData, pictures, func(context.Context, *poster)) {
	m := u.Match
	if u.Undone {
		post, pics := b.turnPost(u.Outcome, undoHeadline(u))
		// Whoever took the move back by this interaction (their own
		// /undo, or the last approval) is looking at it: the ping is for
		// the others who must act now.
		var notify []int
		for _, s := range u.Notify {
			if s < 0 || s >= len(m.Seats) || m.Seats[s].UserID != r.User.ID {
				notify = append(notify, s)
			}
		}
		return post, pics, func(ctx context.Context, p *poster) {
			if ping := turnPing(m, notify); ping != nil {
				p.send(ctx, matchChannel(m, r), ping)
			}
		}
	}
	return undoVoteMessage(u), nil, nil
}

func undoHeadline(u bot.UndoOutcome) string {
	m := u.Match
	l := m.Words().Lang
	who, n := m.Seats[u.Seat].NameIn(l), strconv.FormatInt(u.Target, 10)
	if u.Free {
		return say(l, "discord.undo.took-back", "who", who, "move", u.Taken, "n", n)
	}
	return say(l, "discord.undo.took-back-agreed", "who", who, "move", u.Taken, "n", n)
}

// undoVoteMessage is the public request to take a move back: who asks, what,
// who is still to answer (pinged), and the buttons.
func undoVoteMessage(u bot.UndoOutcome) *discordgo.InteractionResponseData {
	m, v := u.Match, u.Vote
	var users, mentions, approved []string
	for _, s := range v.Waiting {
		id := discordID(m.Seats[s].UserID)
		users = append(users, id)
		mentions = append(mentions, "<@"+id+">")
	}
	l := m.Words().Lang
	for _, s := range v.Approved {
		approved = append(approved, m.Seats[s].NameIn(l))
	}
	text := say(l, "discord.undo.asks", "who", m.Seats[v.Seat].NameIn(l), "move", v.Move, "n", strconv.FormatInt(v.Target, 10),
		"players", strings.Join(mentions, ", "), "span", bot.SpanPrepIn(l, bot.UndoVoteLife))
	if len(approved) > 0 {
		text += "\n" + say(l, "discord.undo.agreed-so-far", "names", strings.Join(approved, ", "))
	}
	id := func(arg string) string {
		return customID{Action: "uvote", Match: m.ID, Version: v.Target, Arg: arg}.String()
	}
	return &discordgo.InteractionResponseData{
		Content:         clip(text, 2000),
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: users},
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: say(l, "discord.undo.agree"), Style: discordgo.SuccessButton, CustomID: id("yes")},
			discordgo.Button{Label: say(l, "discord.undo.refuse"), Style: discordgo.DangerButton, CustomID: id("no")},
		}}},
	}
}

// undoVoteButton answers a request to take a move back: the request message
// is updated in place (who agreed so far, or how it ended), and when the
// last player agrees the board post follows.
func (b *Bot) undoVoteButton(ctx context.Context, r *Request, c customID) (*Response, error) {
	u, err := b.svc.VoteUndo(ctx, bot.ByID(c.Match), r.User.ID, c.Version, c.Arg == "yes")
	if err != nil {
		return nil, err
	}
	m := u.Match
	l, n := m.Words().Lang, strconv.FormatInt(u.Target, 10)
	closed := func(text string) *Response {
		return &Response{Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{Content: clip(text, 2000), Components: []discordgo.MessageComponent{}, AllowedMentions: noPings()}}
	}
	switch {
	case u.Undone:
		post, pics, after := b.undoPosts(r, u)
		resp := closed(say(l, "discord.undo.everyone-agreed", "who", m.Seats[u.Seat].NameIn(l), "move", u.Taken, "n", n))
		resp.After = func(ctx context.Context, p *poster) {
			p.send(ctx, matchChannel(m, r), b.withPictures(ctx, r, post, pics))
			after(ctx, p)
		}
		return resp, nil
	case u.Ended == "rejected":
		return closed(say(l, "discord.undo.refused", "who", r.User.Name, "move", u.Taken, "n", n)), nil
	case u.Ended == "expired":
		return closed(say(l, "discord.undo.expired", "span", bot.SpanPrepIn(l, bot.UndoVoteLife), "move", u.Taken, "n", n)), nil
	}
	d := undoVoteMessage(u)
	// The update pings nobody again; the request pinged them once.
	d.AllowedMentions = noPings()
	return &Response{Type: discordgo.InteractionResponseUpdateMessage, Data: d}, nil
}

// undoExpired closes a request to take a move back that went
// bot.UndoVoteLife without every answer (the turn clock fires it once:
// bot.ReminderUndoExpired): the request message, found among the
// channel's latest messages by its Agree button, is edited with the bot
// token (the interaction's token has long expired) to say so, without its
// buttons. A request pushed out of the latest messages gets the notice as
// a new message instead.
func (b *Bot) undoExpired(ctx context.Context, r bot.Reminder, channel string) {
	l := r.Match.Words().Lang
	text := clip(say(l, "discord.undo.expired", "span", bot.SpanPrepIn(l, bot.UndoVoteLife), "move", r.Move, "n", strconv.FormatInt(r.Target, 10)), 2000)
	if b.closeMessage(ctx, r.Match.ID, channel, undoAgreeID(r.Match.ID, r.Target), text) {
		return
	}
	if _, err := b.api.ChannelMessageSendComplex(channel, &discordgo.MessageSend{Content: text, AllowedMentions: noPings()}, discordgo.WithContext(ctx)); err != nil {
		b.log.ErrorContext(ctx, "bot: expired undo notice not delivered", "match", r.Match.ID, "channel", channel, "err", b.redactErr(err))
	}
}

// undoAgreeID is the custom ID of the Agree button of the request to take
// back the move logged at target.
func undoAgreeID(match string, target int64) string {
	return customID{Action: "uvote", Match: match, Version: target, Arg: "yes"}.String()
}

// closeMessage edits the bot's message holding the button id (a request
// to take a move back, a deadline vote), found among the channel's latest
// messages, with the bot token to say text, without its buttons. It
// reports whether it did.
func (b *Bot) closeMessage(ctx context.Context, match, channel, id, text string) bool {
	msg := b.messageWith(ctx, match, channel, id)
	if msg == nil {
		return false
	}
	none := []discordgo.MessageComponent{}
	_, err := b.api.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: msg.ID, Channel: channel,
		Content: &text, Components: &none, AllowedMentions: noPings()}, discordgo.WithContext(ctx))
	if err != nil {
		b.log.ErrorContext(ctx, "bot: close a message", "match", match, "channel", channel, "err", b.redactErr(err))
	}
	return err == nil
}

// messageWith is the message holding the button id among the channel's
// latest messages (lobbyScan of them), or nil.
func (b *Bot) messageWith(ctx context.Context, match, channel, id string) *discordgo.Message {
	msgs, err := b.api.ChannelMessages(channel, lobbyScan, "", "", "", discordgo.WithContext(ctx))
	if err != nil {
		b.log.ErrorContext(ctx, "bot: read the channel's latest messages", "match", match, "channel", channel, "err", b.redactErr(err))
	}
	for _, msg := range msgs {
		if hasComponent(msg.Components, id) {
			return msg
		}
	}
	return nil
}

// undoAgreed announces a request to take a move back that a handover
// carried out (its last voter's seat went to a computer, which agrees at
// once) as an agreed undo: the request says everyone agreed and loses its
// buttons, then the board post and the ping of whoever must act now.
func (b *Bot) undoAgreed(ctx context.Context, p *poster, r *Request, u bot.UndoOutcome) {
	m := u.Match
	l, n := m.Words().Lang, strconv.FormatInt(u.Target, 10)
	channel := matchChannel(m, r)
	b.closeMessage(ctx, m.ID, channel, undoAgreeID(m.ID, u.Target), clip(say(l, "discord.undo.everyone-agreed", "who", m.Seats[u.Seat].NameIn(l), "move", u.Taken, "n", n), 2000))
	post, pics, after := b.undoPosts(r, u)
	p.send(ctx, channel, b.withPictures(ctx, r, post, pics))
	after(ctx, p)
}

// undoWithdrawn closes a request to take a move back that a handover of
// the requester's seat withdrew (its new player did not ask): the request
// says so and loses its buttons, or, pushed out of the channel's latest
// messages, the notice is posted anew. The move stands.
func (b *Bot) undoWithdrawn(ctx context.Context, p *poster, r *Request, u bot.UndoOutcome) {
	m := u.Match
	l := m.Words().Lang
	channel := matchChannel(m, r)
	text := clip(say(l, "discord.undo.withdrawn", "from", handedFrom(m, u.Seat, l), "who", m.Seats[u.Seat].NameIn(l), "seat", l.Int(u.Seat+1),
		"move", u.Taken, "n", strconv.FormatInt(u.Target, 10)), 2000)
	if !b.closeMessage(ctx, m.ID, channel, undoAgreeID(m.ID, u.Target), text) {
		p.send(ctx, channel, &discordgo.InteractionResponseData{Content: text, AllowedMentions: noPings()})
	}
}
